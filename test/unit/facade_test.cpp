// The UUIDv47 façade (facade.hpp) and SipHash-2-4 (siphash.hpp) on known values; the
// bit-for-bit comparison with the reference over 10^6 pairs is test/suites/17_facade_reference.sh.
#include "facade.hpp"
#include "fakes.hpp"

namespace uuidx {
namespace {

using namespace testing;

const std::string kKeyBytes("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", 16);
// The key 00..0f: SipHash's k0 and k1 are its two halves, each little-endian.
constexpr std::uint64_t kK0 = 0x0706050403020100ULL, kK1 = 0x0f0e0d0c0b0a0908ULL;

TEST(SipHash24, PaperVectors) {
  // "SipHash: a fast short-input PRF", Appendix A: key 00..0f, message 00..0e.
  const SipKey key{kK0, kK1};
  std::uint8_t message[15];
  for (int i = 0; i < 15; ++i) message[i] = static_cast<std::uint8_t>(i);
  EXPECT_EQ(siphash24(message, 15, key), 0xa129ca6149be45e5ULL);
  EXPECT_EQ(siphash24(message, 0, key), 0x726fdb47dd0e0e31ULL);  // the empty message
}

TEST(FacadeKey, BytesAreK0ThenK1LittleEndian) {
  const SipKey key = facade_key_from_bytes(kKeyBytes);
  EXPECT_EQ(key.k0, kK0);
  EXPECT_EQ(key.k1, kK1);
}

TEST(FacadeKey, EveryTextFormIsTheSameKey) {
  for (const char* text : {"0001020304050607:08090a0b0c0d0e0f", "0x0001020304050607:0x08090A0B0C0D0E0F",
                           "000102030405060708090a0b0c0d0e0f", "\\x000102030405060708090a0b0c0d0e0f",
                           " 00010203 04050607 : 08090a0b 0c0d0e0f\n"}) {
    const SipKey key = facade_key_from_text(text);
    EXPECT_EQ(key.k0, kK0) << text;
    EXPECT_EQ(key.k1, kK1) << text;
  }
}

TEST(FacadeKey, WrongLengthsAndDigitsAreErrorsThatNeverQuoteTheKey) {
  const Error short_key = error_of([] { facade_key_from_bytes(kKeyBytes.substr(0, 15)); });
  EXPECT_EQ(short_key.code(), Errc::invalid_parameter);
  EXPECT_STREQ(short_key.what(), "a facade key must be 16 bytes, not 15");
  for (const char* text : {"0001020304050607:08090a0b0c0d0e", "000102030405060708090a0b0c0d0e0fff",
                           "000102030405060708090a0b0c0d0e0g", ""}) {
    const Error e = error_of([&] { facade_key_from_text(text); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << text;
    EXPECT_EQ(std::string(e.what()).find("0001020304"), std::string::npos) << e.what();
    EXPECT_EQ(e.detail().find("0001020304"), std::string::npos) << e.detail();
  }
}

TEST(Facade, VersionFourOutSevenBackOnlyTheTimestampChanges) {
  const SipKey key{kK0, kK1};
  const Uuid v7 = U("01890a5d-ac96-774b-bcce-b302099a8057");  // RFC 9562 Appendix A.6's layout
  const Uuid facade = v7_to_facade(v7, key, "f");
  EXPECT_EQ(version_of(facade), 4);
  EXPECT_EQ(variant_of(facade), Variant::rfc9562);
  EXPECT_NE(std::string(facade.begin(), facade.begin() + 6), std::string(v7.begin(), v7.begin() + 6));
  EXPECT_EQ(facade[6] & 0x0f, v7[6] & 0x0f);  // rand_a kept
  EXPECT_EQ(std::string(facade.begin() + 7, facade.end()), std::string(v7.begin() + 7, v7.end()));
  EXPECT_EQ(facade_to_v7(facade, key, "f"), v7);
  // Another key decodes to a valid v7 of another time: the façade is not authenticated.
  const Uuid other = facade_to_v7(facade, SipKey{1, 2}, "f");
  EXPECT_EQ(version_of(other), 7);
  EXPECT_NE(other, v7);
}

TEST(Facade, OnlyAV7GoesOutAndOnlyAV4ComesBack) {
  const SipKey key{kK0, kK1};
  const Error e = error_of([&] { v7_to_facade(U("f81d4fae-7dec-41d0-a765-00a0c91e6bf6"), key, "uuid_v7_to_facade"); });
  EXPECT_EQ(e.code(), Errc::invalid_parameter);
  EXPECT_STREQ(e.what(), "uuid \"f81d4fae-7dec-41d0-a765-00a0c91e6bf6\" is version 4, not version 7");
  EXPECT_EQ(e.detail(), "uuid_v7_to_facade accepts only version 7 UUIDs of the RFC 9562 variant.");
  EXPECT_THROW(facade_to_v7(U("01890a5d-ac96-774b-bcce-b302099a8057"), key, "f"), Error);
  EXPECT_THROW(facade_to_v7(nil_uuid(), key, "f"), Error);
  EXPECT_THROW(v7_to_facade(max_uuid(), key, "f"), Error);
  // Version 7 in the nibble but not the RFC 9562 variant (§4.1): not a v7.
  EXPECT_THROW(v7_to_facade(U("01890a5d-ac96-774b-ccce-b302099a8057"), key, "f"), Error);
}

}  // namespace
}  // namespace uuidx
