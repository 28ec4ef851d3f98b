// reference_oracle.cpp: uuidx's UUIDv47 façade (src/core/facade.hpp) against the reference,
// uuidv47.h from ../shared/vendor (a test oracle only; nothing of it ships); run by suite 17.
//   check N SEED    N random (v7, key) pairs and the edge values: uuidx's façade and its inverse
//                   equal the reference's, bit for bit
//   vectors N SEED  N rows "v7,key,facade" made by the reference alone (test/facade/vectors.csv)
//   encode V7 KEY   the reference's façade of one v7 under KEY (32 hex digits): the docs' examples
#include <cstring>

#include "../fuzz/fuzz_common.hpp"
#include "facade.hpp"
#include "layout.hpp"
#include "uuidv47.h"

namespace {

// splitmix64: a fixed, seedable stream, so the vectors file can be made again and compared.
using SplitMix64 = uuidx::fuzz::FuzzRandom;

struct Case {
  uuid128_t v7;
  std::uint8_t key[16];
};

uuidv47_key_t reference_key(const std::uint8_t key[16]) {  // the reference's own byte order
  return uuidv47_key_t{rd64le(key), rd64le(key + 8)};
}

uuidx::Uuid to_uuidx(const uuid128_t& u) {
  uuidx::Uuid out;
  std::memcpy(out.data(), u.b, 16);
  return out;
}

std::string hex(const std::uint8_t* p, std::size_t n) {
  static const char d[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += {d[p[i] >> 4], d[p[i] & 15]};
  return s;
}

// A v7 of the RFC 9562 variant (§5.7) with the given 48-bit timestamp and the given 74 bits.
uuid128_t make_v7(std::uint64_t ts, const std::uint8_t random10[10]) {
  uuid128_t u;
  wr48be(u.b, ts);
  u.b[6] = static_cast<std::uint8_t>(0x70 | (random10[0] & 0x0f));
  u.b[7] = random10[1];
  u.b[8] = static_cast<std::uint8_t>(0x80 | (random10[2] & 0x3f));
  std::memcpy(u.b + 9, random10 + 3, 7);
  return u;
}

Case random_case(SplitMix64& rng) {
  Case c;
  std::uint8_t r[10];
  rng.fill(r, sizeof r);
  c.v7 = make_v7(rng.next() & 0xffffffffffffULL, r);
  rng.fill(c.key, 16);
  return c;
}

long failures = 0;

void compare(const Case& c) {
  const uuid128_t ref_facade = uuidv47_encode_v4facade(c.v7, reference_key(c.key));
  const uuid128_t ref_back = uuidv47_decode_v4facade(ref_facade, reference_key(c.key));
  const uuidx::SipKey key =
      uuidx::facade_key_from_bytes(std::string_view(reinterpret_cast<const char*>(c.key), sizeof c.key));
  const uuidx::Uuid ours = uuidx::v7_to_facade(to_uuidx(c.v7), key, "oracle");
  const uuidx::Uuid ours_back = uuidx::facade_to_v7(to_uuidx(ref_facade), key, "oracle");
  const bool ok = ours == to_uuidx(ref_facade) && ours_back == to_uuidx(ref_back) && ours_back == to_uuidx(c.v7) &&
                  uuidx::version_of(ours) == 4 && uuidx::variant_of(ours) == uuidx::Variant::rfc9562;
  if (!ok && ++failures <= 5)
    std::printf("MISMATCH v7=%s key=%s reference=%s uuidx=%s\n", hex(c.v7.b, 16).c_str(), hex(c.key, 16).c_str(),
                hex(ref_facade.b, 16).c_str(), hex(ours.data(), 16).c_str());
}

long check(long n, std::uint64_t seed) {
  SplitMix64 rng{seed};
  long compared = 0;
  // Edge values: timestamp 0 and 2^48 - 1, the 74 bits all zero and all one, keys all zero,
  // all one and the reference's example key, each with each.
  const std::uint8_t zeros[10] = {0}, ones[10] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  std::uint8_t keys[3][16] = {};
  std::memset(keys[1], 0xff, 16);
  for (int i = 0; i < 16; ++i) keys[2][i] = static_cast<std::uint8_t>(i);  // k0 = 0x0706050403020100
  for (std::uint64_t ts : {std::uint64_t{0}, std::uint64_t{1}, (std::uint64_t{1} << 48) - 1})
    for (const std::uint8_t* r : {zeros, ones})
      for (auto& k : keys) {
        Case c{make_v7(ts, r), {}};
        std::memcpy(c.key, k, 16);
        compare(c);
        ++compared;
      }
  for (long i = 0; i < n; ++i, ++compared) compare(random_case(rng));
  return compared;
}

void vectors(long n, std::uint64_t seed) {
  SplitMix64 rng{seed};
  for (long i = 0; i < n; ++i) {
    const Case c = random_case(rng);
    const uuid128_t f = uuidv47_encode_v4facade(c.v7, reference_key(c.key));
    char a[37], b[37];
    uuid_format(&c.v7, a);
    uuid_format(&f, b);
    std::printf("%s,\\x%s,%s\n", a, hex(c.key, 16).c_str(), b);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s check|vectors N SEED, or %s encode V7 KEY\n", argv[0], argv[0]);
    return 2;
  }
  if (std::strcmp(argv[1], "encode") == 0) {
    uuid128_t v7;
    std::uint8_t key[16];
    if (!uuid_parse(argv[2], &v7) || std::strlen(argv[3]) != 32) return 2;
    for (int i = 0; i < 16; ++i)
      key[i] = static_cast<std::uint8_t>(hexval(argv[3][2 * i]) << 4 | hexval(argv[3][2 * i + 1]));
    const uuid128_t f = uuidv47_encode_v4facade(v7, reference_key(key));
    char out[37];
    uuid_format(&f, out);
    std::printf("%s\n", out);
    return 0;
  }
  const long n = std::strtol(argv[2], nullptr, 10);
  const std::uint64_t seed = std::strtoull(argv[3], nullptr, 10);
  if (std::strcmp(argv[1], "vectors") == 0) {
    vectors(n, seed);
    return 0;
  }
  const long compared = check(n, seed);
  std::printf("compared %ld (v7, key) pairs with the reference: %ld mismatches\n", compared, failures);
  return failures == 0 ? 0 : 1;
}
