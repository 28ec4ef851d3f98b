// Text encodings: known values, round trips, ULID ordering of v7, and every malformed-input class.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "encoding.hpp"
#include "error.hpp"
#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

using testing::U;

constexpr Encoding kAll[] = {Encoding::hex, Encoding::base32, Encoding::base58, Encoding::base64url};

// The A.4 vector in every format, computed independently with Python (int → digits; base64 module).
TEST(Encoding, KnownValues) {
  const Uuid a4 = U("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  EXPECT_EQ(text_of(encode(a4, Encoding::hex)), "2ed6657de927568b95e12665a8aea6a2");
  EXPECT_EQ(text_of(encode(a4, Encoding::base32)), "1ETSJQVT97AT5SBR96CPMAX9N2");
  EXPECT_EQ(text_of(encode(a4, Encoding::base58)), "6nTLogGvw2vmQjtATLqvLq");
  EXPECT_EQ(text_of(encode(a4, Encoding::base64url)), "LtZlfeknVouV4SZlqK6mog");
}

TEST(Encoding, NilAndMax) {
  EXPECT_EQ(text_of(encode(nil_uuid(), Encoding::hex)), std::string(32, '0'));
  EXPECT_EQ(text_of(encode(nil_uuid(), Encoding::base32)), std::string(26, '0'));
  EXPECT_EQ(text_of(encode(nil_uuid(), Encoding::base58)), std::string(22, '1'));
  EXPECT_EQ(text_of(encode(nil_uuid(), Encoding::base64url)), std::string(22, 'A'));
  EXPECT_EQ(text_of(encode(max_uuid(), Encoding::hex)), std::string(32, 'f'));
  EXPECT_EQ(text_of(encode(max_uuid(), Encoding::base32)), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(text_of(encode(max_uuid(), Encoding::base58)), "YcVfxkQb6JRzqk5kF2tNLv");
  EXPECT_EQ(text_of(encode(max_uuid(), Encoding::base64url)), "_____________________w");
  for (Encoding e : kAll) {
    EXPECT_EQ(decode(text_of(encode(nil_uuid(), e)), e), nil_uuid()) << encoding_name(e);
    EXPECT_EQ(decode(text_of(encode(max_uuid(), e)), e), max_uuid()) << encoding_name(e);
  }
}

TEST(Encoding, RandomRoundTrips) {
  testing::FakeRandom rng;
  for (int i = 0; i < 20000; ++i) {
    Uuid u;
    rng.fill(u.data(), u.size());
    for (Encoding e : kAll) {
      const EncodedText t = encode(u, e);
      ASSERT_EQ(t.size, encoded_length(e));
      ASSERT_EQ(decode(text_of(t), e), u) << encoding_name(e) << " " << text_of(t);
    }
  }
}

TEST(Encoding, Base58AndBase32KeepTheOrderOfUuids) {
  testing::FakeRandom rng;
  std::vector<Uuid> values(5000);
  for (auto& u : values) rng.fill(u.data(), u.size());
  for (Encoding e : {Encoding::hex, Encoding::base32, Encoding::base58}) {
    std::vector<std::pair<std::string, Uuid>> encoded;
    for (const auto& u : values) encoded.emplace_back(text_of(encode(u, e)), u);
    std::sort(encoded.begin(), encoded.end());
    for (std::size_t i = 1; i < encoded.size(); ++i) ASSERT_LT(encoded[i - 1].second, encoded[i].second);
  }
}

// A v7 in base32 is a ULID: 48-bit ms then 80 bits, and it sorts like the uuid.
TEST(Encoding, V7AsUlidSortsLikeTheUuid) {
  testing::FakeRandom rng;
  V7State state;
  std::int64_t now = 1645557742000000000LL;
  std::vector<Uuid> values;
  for (int i = 0; i < 20000; ++i) {
    now += static_cast<std::int64_t>(rng.next() % 3000000) - 1000000;  // jitter, sometimes backwards
    values.push_back(generate_v7(state, now, rng));
  }
  std::vector<Uuid> by_ulid = values;
  std::shuffle(by_ulid.begin(), by_ulid.end(), std::mt19937(42));
  std::sort(by_ulid.begin(), by_ulid.end(), [](const Uuid& a, const Uuid& b) {
    return text_of(encode(a, Encoding::base32)) < text_of(encode(b, Encoding::base32));
  });
  std::vector<Uuid> by_uuid = values;
  std::sort(by_uuid.begin(), by_uuid.end());
  EXPECT_EQ(by_ulid, by_uuid);
  EXPECT_EQ(by_uuid, values);  // and the session generated them in that order
  // The ULID's first ten characters are the 48-bit ms: the A.6 instant 0x017F22E279B0.
  const std::array<std::uint8_t, 8> zeros{};
  EXPECT_EQ(text_of(encode(encode_v7(0x017F22E279B0ULL, 0, zeros), Encoding::base32)).substr(0, 10), "01FWHE4YDG");
}

TEST(Decoding, AcceptsEitherCaseForHexAndBase32AndCrockfordAliases) {
  const Uuid a4 = U("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  EXPECT_EQ(decode("2ED6657DE927568B95E12665A8AEA6A2", Encoding::hex), a4);
  EXPECT_EQ(decode("1etsjqvt97at5sbr96cpmax9n2", Encoding::base32), a4);
  // I and L read as 1, O as 0, in either case.
  EXPECT_EQ(decode("IETSJQVT97AT5SBR96CPMAX9N2", Encoding::base32), a4);
  EXPECT_EQ(decode("lETSJQVT97AT5SBR96CPMAX9N2", Encoding::base32), a4);
  EXPECT_EQ(decode("oooooooooooooooooooooooooO", Encoding::base32), nil_uuid());
}

TEST(Decoding, FormatNames) {
  EXPECT_EQ(parse_encoding("HEX"), Encoding::hex);
  EXPECT_EQ(parse_encoding("Base32"), Encoding::base32);
  EXPECT_EQ(parse_encoding("BASE58"), Encoding::base58);
  EXPECT_EQ(parse_encoding("base64URL"), Encoding::base64url);
  for (const char* bad : {"base64", "ulid", "", "base 32", "hex "}) {
    try {
      parse_encoding(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::invalid_parameter);
      EXPECT_EQ(std::string(e.what()), std::string("unsupported uuid encoding: \"") + bad + "\"");
      EXPECT_EQ(e.detail(), "Supported encodings are hex, base32, base58 and base64url (case-insensitive).");
    }
  }
}

struct Malformed {
  Encoding encoding;
  std::string input;
  std::size_t position;
  std::string detail_start;
};

// Every malformed class: empty, bad character (ASCII, non-ASCII, control, a hyphenated uuid),
// too short, too long, overflow, base64url's unused bits.
TEST(Decoding, RejectsEveryMalformedClassNamingThePosition) {
  const std::string b32 = "1ETSJQVT97AT5SBR96CPMAX9N2";
  const std::string b58 = "6nTLogGvw2vmQjtATLqvLq";
  const std::string b64 = "LtZlfeknVouV4SZlqK6mog";
  const std::string hex = "2ed6657de927568b95e12665a8aea6a2";
  const std::vector<Malformed> cases = {
      {Encoding::hex, "", 1, "The input is empty"},
      {Encoding::base32, "", 1, "The input is empty"},
      {Encoding::base58, "", 1, "The input is empty"},
      {Encoding::base64url, "", 1, "The input is empty"},
      {Encoding::hex, "2ed6657d-e927-568b-95e1-2665a8aea6a2", 9, "Character \"-\" is not a hexadecimal digit"},
      {Encoding::hex, "2ed6657de927568b95e12665a8aea6ag", 32, "Character \"g\" is not"},
      {Encoding::base32, "1ETSJQVT97AT5SBR96CPMAX9NU", 26, "Character \"U\" is not a Crockford base32 digit"},
      {Encoding::base32, "1ETSJ-QVT97AT5SBR96CPMAX9N", 6, "Character \"-\" is not"},
      {Encoding::base32, " 1ETSJQVT97AT5SBR96CPMAX9N2", 1, "Character \" \" is not"},
      {Encoding::base32, "1ETSJ\xc3\xa9QVT97AT5SBR96CPMAX9", 6, "A non-ASCII character is not"},
      {Encoding::base58, "6nTLogGvw2vmQjtATLqvL0", 22, "Character \"0\" is not a base58 digit"},
      {Encoding::base58, "6nTLogGvw2vmQjtATLqvLl", 22, "Character \"l\" is not"},
      {Encoding::base58, "6nTLOgGvw2vmQjtATLqvLq", 5, "Character \"O\" is not"},
      {Encoding::base64url, "LtZlfeknVouV4SZlqK6mo+", 22, "Character \"+\" is not a base64url digit"},
      {Encoding::base64url, "LtZlfeknVouV4SZlqK6m/g", 21, "Character \"/\" is not"},
      {Encoding::base64url, "LtZlfekn\tVouV4SZlqK6mog", 9, "Control character 0x09 is not"},
      {Encoding::hex, hex.substr(0, 31), 32, "The input ends after 31 characters; hex takes 32."},
      {Encoding::base32, b32.substr(0, 25), 26, "The input ends after 25 characters; base32 takes 26."},
      {Encoding::base58, b58.substr(0, 21), 22, "The input ends after 21 characters; base58 takes 22."},
      {Encoding::base64url, b64.substr(0, 1), 2, "The input ends after 1 character; base64url takes 22."},
      {Encoding::hex, hex + "0", 33, "The input is longer than the 32 characters hex takes."},
      {Encoding::base32, b32 + "Z", 27, "The input is longer than the 26 characters base32 takes."},
      {Encoding::base58, b58 + "1", 23, "The input is longer than the 22 characters base58 takes."},
      {Encoding::base64url, b64 + "==", 23, "The input is longer than the 22 characters base64url takes."},
      {Encoding::base32, "80000000000000000000000000", 1, "The value exceeds 128 bits"},
      {Encoding::base32, "ZZZZZZZZZZZZZZZZZZZZZZZZZZ", 1, "The value exceeds 128 bits"},
      {Encoding::base58, "YcVfxkQb6JRzqk5kF2tNLw", 22, "The value exceeds 128 bits"},
      {Encoding::base58, "YcVfxkQb6JRzqk61111111", 15, "The value exceeds 128 bits"},
      {Encoding::base58, "zzzzzzzzzzzzzzzzzzzzzz", 1, "The value exceeds 128 bits"},
      {Encoding::base64url, "LtZlfeknVouV4SZlqK6moh", 22, "Character \"h\" sets bits beyond the 128"},
      {Encoding::base64url, "______________________", 22, "Character \"_\" sets bits beyond the 128"},
  };
  for (const auto& c : cases) {
    const std::size_t want = c.position;
    const std::string& detail = c.detail_start;
    try {
      const Uuid u = decode(c.input, c.encoding);
      ADD_FAILURE() << encoding_name(c.encoding) << " accepted \"" << c.input << "\" as " << to_string(u);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::invalid_text) << c.input;
      const std::string prefix = std::string("invalid ") + encoding_name(c.encoding) +
                                 " input for type uuid at position " + std::to_string(want) + ": \"";
      EXPECT_EQ(std::string(e.what()).substr(0, prefix.size()), prefix) << e.what();
      EXPECT_EQ(e.detail().substr(0, detail.size()), detail) << c.input << ": " << e.detail();
    }
  }
}

TEST(Decoding, LongInputIsCutInTheMessageOnACharacterBoundary) {
  std::string input(79, 'Z');
  input += "\xc3\xa9tail";
  try {
    decode(input, Encoding::base32);
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "invalid base32 input for type uuid at position 27: \"" + std::string(79, 'Z') + "...\"");
  }
}

}  // namespace
}  // namespace uuidx
