// Deterministic v7 keys for re-keying: fixed vectors computed independently with Python's hashlib
// and hmac (the message of rekey.hpp hashed; unix_ts_ms, then the digest's first 10 octets with
// version 7 and variant 10 stamped over them), the range of §5.7 and the secret's length.
#include <string>

#include "fakes.hpp"
#include "rekey.hpp"
#include "timeutil.hpp"

namespace uuidx {
namespace {

using namespace testing;

// RFC 9562 Appendix A.6's instant: 2022-02-22 19:22:22 UTC, unix_ts_ms 0x017F22E279B0.
constexpr std::int64_t kAt = 1645557742000000;
const std::string kSecret16 = "0123456789abcdef";

Bytes key_of(std::int64_t key, std::uint8_t (&buf)[8]) {
  bigint_key_bytes(key, buf);
  return Bytes{buf, 8};
}

Uuid plain_bigint(std::int64_t at, std::int64_t key) {
  std::uint8_t buf[8];
  return v7_from_key(at, OldKeyType::bigint, key_of(key, buf));
}

std::string long_secret() {  // 100 bytes 0..99: longer than SHA-256's block, hashed first
  std::string s;
  for (int i = 0; i < 100; ++i) s.push_back(static_cast<char>(i));
  return s;
}

TEST(RekeyVectors, Bigint) {
  const struct {
    std::int64_t key;
    const char *plain, *keyed16, *keyed100;
  } cases[] = {
      {0, "017f22e2-79b0-769c-af88-4942a5b90cc2", "017f22e2-79b0-7e2b-99bf-578074097c89",
       "017f22e2-79b0-7760-a8d0-9519d091c414"},
      {1, "017f22e2-79b0-7596-a5d0-02aac12c33ff", "017f22e2-79b0-7eef-b16d-cbe6e8239fb9",
       "017f22e2-79b0-79b2-a563-8c6045174c4c"},
      {-1, "017f22e2-79b0-7920-b011-a2dac4bce52e", "017f22e2-79b0-7457-af9e-6e6a90b94586",
       "017f22e2-79b0-7bfa-82b8-008f821796e1"},
      {INT64_MAX, "017f22e2-79b0-72f2-90b8-69a1c008be71", "017f22e2-79b0-7c1e-8603-b38fe097d6f5",
       "017f22e2-79b0-7799-aa1a-f39fd3f84d4d"},
  };
  const std::string secret100 = long_secret();
  for (const auto& c : cases) {
    std::uint8_t buf[8];
    EXPECT_EQ(plain_bigint(kAt, c.key), U(c.plain)) << c.key;
    EXPECT_EQ(v7_from_key_keyed(kAt, OldKeyType::bigint, key_of(c.key, buf), bytes_of(kSecret16)), U(c.keyed16))
        << c.key;
    EXPECT_EQ(v7_from_key_keyed(kAt, OldKeyType::bigint, key_of(c.key, buf), bytes_of(secret100)), U(c.keyed100))
        << c.key;
  }
}

TEST(RekeyVectors, UuidAndText) {
  const Uuid old = U("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
  const Bytes old_bytes{old.data(), old.size()};
  const std::string secret100 = long_secret();
  EXPECT_EQ(v7_from_key(kAt, OldKeyType::uuid, old_bytes), U("017f22e2-79b0-7dda-b509-300d5c1c8006"));
  EXPECT_EQ(v7_from_key_keyed(kAt, OldKeyType::uuid, old_bytes, bytes_of(kSecret16)),
            U("017f22e2-79b0-7d36-9e7e-901616649375"));
  EXPECT_EQ(v7_from_key_keyed(kAt, OldKeyType::uuid, old_bytes, bytes_of(secret100)),
            U("017f22e2-79b0-7604-a7bf-a9ddca8beaea"));
  const struct {
    const char *text, *plain, *keyed16;
  } texts[] = {
      {"", "017f22e2-79b0-7515-9675-f7a113ef9cf5", "017f22e2-79b0-79d2-b17f-c1804e42b32c"},
      {"1", "017f22e2-79b0-79ed-8a8f-44acf37c4282", "017f22e2-79b0-753d-93d9-7b6cc42e095d"},
      {"\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e", "017f22e2-79b0-7570-ac78-250a9167bfb8",
       "017f22e2-79b0-764a-8fd7-aca30e47c55b"},
  };
  for (const auto& t : texts) {
    EXPECT_EQ(v7_from_key(kAt, OldKeyType::text, bytes_of(t.text)), U(t.plain)) << t.text;
    EXPECT_EQ(v7_from_key_keyed(kAt, OldKeyType::text, bytes_of(t.text), bytes_of(kSecret16)), U(t.keyed16)) << t.text;
  }
}

TEST(RekeyVectors, TheTypeIsPartOfTheMessage) {
  // The bigint 1, the text "1" and the 8 bytes of the bigint 1 given as text all differ.
  std::uint8_t buf[8];
  const Bytes one = key_of(1, buf);
  EXPECT_NE(v7_from_key(kAt, OldKeyType::bigint, one), v7_from_key(kAt, OldKeyType::text, bytes_of("1")));
  EXPECT_NE(v7_from_key(kAt, OldKeyType::bigint, one), v7_from_key(kAt, OldKeyType::text, one));
}

TEST(RekeyLayout, TimeIsTheMillisecondAndTheHashBitsStayPut) {
  // §5.7: only unix_ts_ms moves with the instant; the µs within the ms are dropped.
  EXPECT_EQ(plain_bigint(0, 42), U("00000000-0000-7c60-a0cc-02da1b40447b"));
  EXPECT_EQ(plain_bigint(kMaxV7Micros, 42), U("ffffffff-ffff-7c60-a0cc-02da1b40447b"));
  EXPECT_EQ(plain_bigint(1645557742123999, 42), U("017f22e2-7a2b-7c60-a0cc-02da1b40447b"));
  EXPECT_EQ(plain_bigint(1645557742123000, 42), plain_bigint(1645557742123999, 42));
  for (std::int64_t k = 0; k < 1000; ++k) {
    const Uuid u = plain_bigint(kAt + k, k);
    EXPECT_EQ(version_of(u), 7) << k;
    EXPECT_EQ(variant_of(u), Variant::rfc9562) << k;
    EXPECT_EQ(plain_bigint(kAt + k, k), u) << k;  // deterministic
  }
}

TEST(RekeyErrors, InstantsNoV7Holds) {
  for (std::int64_t at : {std::int64_t{-1}, kMaxV7Micros + 1, kInfinitePast, kInfiniteFuture, kBeyondUnixMicros}) {
    const Error e = error_of([&] { plain_bigint(at, 1); });
    EXPECT_EQ(e.code(), Errc::datetime_overflow) << at;
    EXPECT_EQ(std::string(e.what()).rfind("timestamp out of range for UUIDv7: ", 0), 0u) << e.what();
    std::uint8_t buf[8];
    const Error k = error_of([&] { v7_from_key_keyed(at, OldKeyType::bigint, key_of(1, buf), bytes_of("short")); });
    EXPECT_EQ(k.code(), Errc::datetime_overflow) << "the instant is checked before the secret";
  }
}

TEST(RekeyErrors, SecretShorterThan16Bytes) {
  std::uint8_t buf[8];
  for (std::size_t n : {0, 1, 15}) {
    const std::string secret = kSecret16.substr(0, n);
    const Error e = error_of([&] { v7_from_key_keyed(kAt, OldKeyType::bigint, key_of(1, buf), bytes_of(secret)); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << n;
    EXPECT_EQ(std::string(e.what()), "secret too short for uuid_v7_from_key: " + std::to_string(n) + " bytes");
    EXPECT_FALSE(e.hint().empty());
  }
  // Control: 16 bytes are taken.
  EXPECT_EQ(version_of(v7_from_key_keyed(kAt, OldKeyType::bigint, key_of(1, buf), bytes_of(kSecret16))), 7);
}

}  // namespace
}  // namespace uuidx
