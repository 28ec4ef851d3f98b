// bytes.hpp: big-endian 64-bit loads and stores over a UUID's octets (RFC 9562 §4: octet 0 is the
// most significant). Layouts are built as two 64-bit halves and stored with two wide stores:
// sixteen byte stores read back as two 8-byte words (returning a Uuid in registers, copying it
// into a datum) stall the CPU's store forwarding, which cost several ns per generated UUID.
#pragma once

#include <cstdint>
#include <cstring>

namespace uuidx {

inline std::uint64_t load_be64(const std::uint8_t* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, sizeof x);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  return x;
}

inline void store_be64(std::uint8_t* p, std::uint64_t x) noexcept {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  x = __builtin_bswap64(x);
#endif
  std::memcpy(p, &x, sizeof x);
}

}  // namespace uuidx
