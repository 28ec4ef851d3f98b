// uuid.hpp: the 128-bit UUID value and the RFC 9562 §4 fields shared by every version.
#pragma once

#include <array>
#include <cstdint>

namespace uuidx {

// Sixteen octets in network byte order (RFC 9562 §4: octet 0 is the most significant).
using Uuid = std::array<std::uint8_t, 16>;

// RFC 9562 §4.1 Table 1: the variant, named by its leading bits read as a 3-bit number.
enum class Variant : std::uint8_t {
  ncs = 0,        // 0xx: NCS backward compatibility; includes the nil UUID (§5.9)
  rfc9562 = 2,    // 10x: the variant of RFC 9562 (and RFC 4122)
  microsoft = 6,  // 110: Microsoft backward compatibility
  reserved = 7,   // 111: reserved for the future; includes the max UUID (§5.10)
};

// RFC 9562 §4.1: the variant lives in the most significant bits of octet 8.
constexpr Variant variant_of(const Uuid& u) noexcept {
  const std::uint8_t b = u[8];
  if ((b & 0x80) == 0) return Variant::ncs;
  if ((b & 0x40) == 0) return Variant::rfc9562;
  if ((b & 0x20) == 0) return Variant::microsoft;
  return Variant::reserved;
}

// RFC 9562 §4.2: the version is the high nibble of octet 6; it means something only for the
// RFC 9562 variant, so other variants have no version (-1).
constexpr int version_of(const Uuid& u) noexcept { return variant_of(u) == Variant::rfc9562 ? (u[6] >> 4) : -1; }

// Overwrites the version nibble (§4.2) and the two variant bits 10 (§4.1).
constexpr void stamp_version(Uuid& u, int version) noexcept {
  u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | (version << 4));
  u[8] = static_cast<std::uint8_t>((u[8] & 0x3f) | 0x80);
}

constexpr Uuid nil_uuid() noexcept { return Uuid{}; }  // §5.9: all 128 bits zero

constexpr Uuid max_uuid() noexcept {  // §5.10: all 128 bits one
  Uuid u{};
  for (auto& b : u) b = 0xff;
  return u;
}

// A human-readable name for a variant, for messages ("Microsoft", "NCS", ...).
const char* variant_name(Variant v) noexcept;

}  // namespace uuidx
