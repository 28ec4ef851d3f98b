// siphash.cpp: SipHash-2-4, written from the paper's description ("SipHash: a fast short-input
// PRF", section 2): four 64-bit words of state initialised from the key and the ASCII constant
// "somepseudorandomlygeneratedbytes", message words absorbed little-endian, the last word
// carrying the length mod 256 in its top byte.
#include "siphash.hpp"

namespace uuidx {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, int bits) noexcept { return (x << bits) | (x >> (64 - bits)); }

struct SipState {
  std::uint64_t v0, v1, v2, v3;

  void round() noexcept {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  }

  void absorb(std::uint64_t m) noexcept {  // c = 2 compression rounds
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
};

std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = x << 8 | p[i];
  return x;
}

}  // namespace

std::uint64_t siphash24(const std::uint8_t* in, std::size_t n, const SipKey& key) noexcept {
  SipState s{key.k0 ^ 0x736f6d6570736575ULL, key.k1 ^ 0x646f72616e646f6dULL, key.k0 ^ 0x6c7967656e657261ULL,
             key.k1 ^ 0x7465646279746573ULL};
  const std::size_t whole = n & ~std::size_t{7};
  for (std::size_t i = 0; i < whole; i += 8) s.absorb(load_le64(in + i));
  std::uint64_t last = static_cast<std::uint64_t>(n & 0xff) << 56;
  for (std::size_t i = whole; i < n; ++i) last |= std::uint64_t{in[i]} << (8 * (i - whole));
  s.absorb(last);
  s.v2 ^= 0xff;
  for (int i = 0; i < 4; ++i) s.round();  // d = 4 finalization rounds
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

}  // namespace uuidx
