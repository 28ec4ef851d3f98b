// siphash.hpp: SipHash-2-4 (Aumasson and Bernstein, 2012), the keyed pseudo-random function the
// UUIDv47 façade masks a v7's timestamp with (facade.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace uuidx {

// The 128-bit key as the two 64-bit words of the SipHash paper: k0 is the key's first 8 bytes
// read little-endian, k1 the next 8.
struct SipKey {
  std::uint64_t k0 = 0;
  std::uint64_t k1 = 0;
};

// SipHash-2-4 of `n` bytes at `in`: two compression rounds per 8-byte word, four finalization
// rounds, the 64-bit result.
std::uint64_t siphash24(const std::uint8_t* in, std::size_t n, const SipKey& key) noexcept;

}  // namespace uuidx
