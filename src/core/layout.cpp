// layout.cpp: RFC 9562 bit layouts for v1, v4, v6 and v7, and their fields read back.
#include "layout.hpp"

#include <string>

#include "error.hpp"

namespace uuidx {

namespace {

// RFC 9562 §5.1: octets 8-9 are the variant (10) over the 14-bit clock_seq; 10-15 the node.
void put_clock_seq_and_node(Uuid& u, std::uint16_t clock_seq, const Node& node) noexcept {
  u[8] = static_cast<std::uint8_t>(0x80 | ((clock_seq >> 8) & 0x3f));
  u[9] = static_cast<std::uint8_t>(clock_seq);
  for (std::size_t i = 0; i < node.size(); ++i) u[10 + i] = node[i];
}

bool is_version(const Uuid& u, int version) noexcept { return version_of(u) == version; }

// The read-back below works on plain integers and builds a std::optional only at the very end:
// GCC returns std::optional<uint64_t> through the stack with a byte store followed by a wider
// load (a store-forwarding stall), and chaining three such calls made uuid_extract_time() cost
// more than twice uuid_hash() (issue 5).

// §5.1: time_high | time_mid | time_low of a v1, whatever its version nibble says.
inline std::uint64_t v1_timestamp_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[6] & 0x0fu} << 56) | (std::uint64_t{u[7]} << 48) | (std::uint64_t{u[4]} << 40) |
         (std::uint64_t{u[5]} << 32) | (std::uint64_t{u[0]} << 24) | (std::uint64_t{u[1]} << 16) |
         (std::uint64_t{u[2]} << 8) | std::uint64_t{u[3]};
}

// §5.6: time_high (32) | time_mid (16) | time_low (12) of a v6.
inline std::uint64_t v6_timestamp_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[0]} << 52) | (std::uint64_t{u[1]} << 44) | (std::uint64_t{u[2]} << 36) |
         (std::uint64_t{u[3]} << 28) | (std::uint64_t{u[4]} << 20) | (std::uint64_t{u[5]} << 12) |
         (std::uint64_t{u[6] & 0x0fu} << 8) | std::uint64_t{u[7]};
}

// §5.7: unix_ts_ms, octets 0-5 big-endian.
inline std::uint64_t v7_ms_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[0]} << 40) | (std::uint64_t{u[1]} << 32) | (std::uint64_t{u[2]} << 24) |
         (std::uint64_t{u[3]} << 16) | (std::uint64_t{u[4]} << 8) | std::uint64_t{u[5]};
}

// 100-ns intervals since 1582 to µs since 1970, truncated toward the past, also before 1970.
inline std::int64_t gregorian_to_unix_micros(std::uint64_t greg) noexcept {
  const std::int64_t since_unix = static_cast<std::int64_t>(greg) - static_cast<std::int64_t>(kGregorianUnixOffset100ns);
  return since_unix >= 0 ? since_unix / 10 : -((-since_unix + 9) / 10);
}

// Names what a UUID is for "cannot convert" messages: nil, max, a version, or a foreign variant.
std::string describe(const Uuid& u) {
  if (u == nil_uuid()) return "the nil UUID";
  if (u == max_uuid()) return "the max UUID";
  const Variant v = variant_of(u);
  if (v != Variant::rfc9562) return std::string("of the ") + variant_name(v) + " variant";
  return "version " + std::to_string(version_of(u));
}

[[noreturn]] void throw_not_version(const Uuid& u, int expected, const char* function) {
  throw Error(Errc::invalid_parameter,
              "uuid \"" + to_string(u) + "\" is " + describe(u) + ", not version " + std::to_string(expected),
              std::string(function) + " accepts only version " + std::to_string(expected) +
                  " UUIDs of the RFC 9562 variant.");
}

}  // namespace

Uuid encode_v1(std::uint64_t ts, std::uint16_t clock_seq, const Node& node) noexcept {
  Uuid u{};
  // §5.1: time_low = bits 0-31 of the timestamp, octets 0-3.
  u[0] = static_cast<std::uint8_t>(ts >> 24);
  u[1] = static_cast<std::uint8_t>(ts >> 16);
  u[2] = static_cast<std::uint8_t>(ts >> 8);
  u[3] = static_cast<std::uint8_t>(ts);
  // §5.1: time_mid = bits 32-47, octets 4-5.
  u[4] = static_cast<std::uint8_t>(ts >> 40);
  u[5] = static_cast<std::uint8_t>(ts >> 32);
  // §5.1: version 1, then time_high = bits 48-59, octets 6-7.
  u[6] = static_cast<std::uint8_t>(0x10 | ((ts >> 56) & 0x0f));
  u[7] = static_cast<std::uint8_t>(ts >> 48);
  put_clock_seq_and_node(u, clock_seq, node);
  return u;
}

Uuid encode_v6(std::uint64_t ts, std::uint16_t clock_seq, const Node& node) noexcept {
  Uuid u{};
  // §5.6: time_high = the 32 most significant of the 60 bits, octets 0-3.
  u[0] = static_cast<std::uint8_t>(ts >> 52);
  u[1] = static_cast<std::uint8_t>(ts >> 44);
  u[2] = static_cast<std::uint8_t>(ts >> 36);
  u[3] = static_cast<std::uint8_t>(ts >> 28);
  // §5.6: time_mid = the next 16 bits, octets 4-5.
  u[4] = static_cast<std::uint8_t>(ts >> 20);
  u[5] = static_cast<std::uint8_t>(ts >> 12);
  // §5.6: version 6, then time_low = the 12 least significant bits, octets 6-7.
  u[6] = static_cast<std::uint8_t>(0x60 | ((ts >> 8) & 0x0f));
  u[7] = static_cast<std::uint8_t>(ts);
  put_clock_seq_and_node(u, clock_seq, node);
  return u;
}

Uuid encode_v7(std::uint64_t unix_ms, std::uint16_t fraction, const std::array<std::uint8_t, 8>& rand) noexcept {
  Uuid u{};
  // §5.7: unix_ts_ms, 48 bits big-endian, octets 0-5.
  for (int i = 0; i < 6; ++i) u[i] = static_cast<std::uint8_t>(unix_ms >> (40 - 8 * i));
  // §5.7 ver = 7; §6.2 Method 3: rand_a holds the 12-bit sub-millisecond fraction.
  u[6] = static_cast<std::uint8_t>(0x70 | ((fraction >> 8) & 0x0f));
  u[7] = static_cast<std::uint8_t>(fraction);
  // §5.7: var = 10, then the 62 bits of rand_b.
  for (int i = 0; i < 8; ++i) u[8 + i] = rand[i];
  u[8] = static_cast<std::uint8_t>(0x80 | (u[8] & 0x3f));
  return u;
}

Uuid encode_v4(const Uuid& random_bytes) noexcept {
  Uuid u = random_bytes;
  stamp_version(u, 4);  // §5.4: the other 122 bits stay random
  return u;
}

std::optional<std::uint64_t> gregorian_timestamp(const Uuid& u) noexcept {
  const int version = version_of(u);
  if (version == 1) return v1_timestamp_bits(u);
  if (version == 6) return v6_timestamp_bits(u);
  return std::nullopt;
}

std::optional<std::uint64_t> v7_unix_ms(const Uuid& u) noexcept {
  if (!is_version(u, 7)) return std::nullopt;
  return v7_ms_bits(u);
}

std::optional<std::int64_t> unix_micros(const Uuid& u, bool sub_ms) noexcept {
  switch (version_of(u)) {
    case 1:
      return gregorian_to_unix_micros(v1_timestamp_bits(u));
    case 6:
      return gregorian_to_unix_micros(v6_timestamp_bits(u));
    case 7: {
      std::int64_t us = static_cast<std::int64_t>(v7_ms_bits(u)) * 1000;
      // §6.2 Method 3: rand_a read back as the sub-millisecond fraction.
      if (sub_ms) us += micros_from_sub_ms_fraction(static_cast<std::uint16_t>((u[6] & 0x0f) << 8 | u[7]));
      return us;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::uint16_t> clock_seq(const Uuid& u) noexcept {
  if (!gregorian_timestamp(u)) return std::nullopt;
  return static_cast<std::uint16_t>((u[8] & 0x3f) << 8 | u[9]);  // §5.1: 14 bits after the variant
}

std::optional<Node> node(const Uuid& u) noexcept {
  if (!gregorian_timestamp(u)) return std::nullopt;
  Node n;
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = u[10 + i];  // §5.1: octets 10-15
  return n;
}

Uuid v1_to_v6(const Uuid& v1) {
  if (!is_version(v1, 1)) throw_not_version(v1, 1, "uuid_v1_to_v6");
  Uuid v6 = encode_v6(v1_timestamp_bits(v1), 0, Node{});
  for (int i = 8; i < 16; ++i) v6[i] = v1[i];  // §5.6: clock_seq and node unchanged
  return v6;
}

Uuid v6_to_v1(const Uuid& v6) {
  if (!is_version(v6, 6)) throw_not_version(v6, 6, "uuid_v6_to_v1");
  Uuid v1 = encode_v1(v6_timestamp_bits(v6), 0, Node{});
  for (int i = 8; i < 16; ++i) v1[i] = v6[i];
  return v1;
}

}  // namespace uuidx
