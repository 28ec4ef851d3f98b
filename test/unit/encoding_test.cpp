// Text encodings: known values, round trips, ULID ordering of v7, and every malformed-input class.
#include <algorithm>
#include <random>
#include <tuple>

#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

using namespace testing;

// The A.4 vector in every format, computed independently with Python (int → digits; base64 module).
TEST(Encoding, KnownValues) {
  EXPECT_EQ(text_of(encode(kA4, Encoding::hex)), "2ed6657de927568b95e12665a8aea6a2");
  EXPECT_EQ(text_of(encode(kA4, Encoding::base32)), "1ETSJQVT97AT5SBR96CPMAX9N2");
  EXPECT_EQ(text_of(encode(kA4, Encoding::base58)), "6nTLogGvw2vmQjtATLqvLq");
  EXPECT_EQ(text_of(encode(kA4, Encoding::base64url)), "LtZlfeknVouV4SZlqK6mog");
  // base32hex: Python's base64.b32hexencode of the 16 bytes; PostgreSQL 19rc1's
  // encode(u::bytea, 'base32hex') gave the same.
  EXPECT_EQ(text_of(encode(kA4, Encoding::base32hex)), "5RB6AVF94TB8N5F14PIQHBL6K8======");
  EXPECT_EQ(text_of(encode(kA6, Encoding::base32hex)), "05VI5OJPM1UC7664RG60O1PPHS======");
}

// RFC 4648 §10's BASE32-HEX vectors, each as the first bytes of a uuid whose other bytes are zero:
// the text is the RFC's with '0' digits where it has '=' (the bits that follow are zero), then
// zero digits, then the six '=' of 16 bytes.
TEST(Encoding, Rfc4648Base32hexVectors) {
  const std::pair<std::string, std::string> vectors[] = {
      {"f", "CO======"},    {"fo", "CPNG===="},    {"foo", "CPNMU==="},
      {"foob", "CPNMUOG="}, {"fooba", "CPNMUOJ1"}, {"foobar", "CPNMUOJ1E8======"},
  };
  for (const auto& [bytes, rfc] : vectors) {
    Uuid u{};
    std::copy(bytes.begin(), bytes.end(), u.begin());
    std::string want = rfc;
    std::replace(want.begin(), want.end(), '=', '0');
    want.resize(26, '0');
    want += "======";
    EXPECT_EQ(text_of(encode(u, Encoding::base32hex)), want) << bytes;
    EXPECT_EQ(decode(want, Encoding::base32hex), u) << bytes;
  }
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
  EXPECT_EQ(text_of(encode(nil_uuid(), Encoding::base32hex)), std::string(26, '0') + "======");
  EXPECT_EQ(text_of(encode(max_uuid(), Encoding::base32hex)), "VVVVVVVVVVVVVVVVVVVVVVVVVS======");
  for (Encoding e : kAll) {
    EXPECT_EQ(decode(text_of(encode(nil_uuid(), e)), e), nil_uuid()) << encoding_name(e);
    EXPECT_EQ(decode(text_of(encode(max_uuid(), e)), e), max_uuid()) << encoding_name(e);
  }
}

TEST(Encoding, RandomRoundTrips) {
  FakeRandom rng;
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

TEST(Encoding, Base58AndBothBase32KeepTheOrderOfUuids) {
  FakeRandom rng;
  std::vector<Uuid> values(5000);
  for (auto& u : values) rng.fill(u.data(), u.size());
  for (Encoding e : {Encoding::hex, Encoding::base32, Encoding::base58, Encoding::base32hex}) {
    std::vector<std::pair<std::string, Uuid>> encoded;
    for (const auto& u : values) encoded.emplace_back(text_of(encode(u, e)), u);
    std::sort(encoded.begin(), encoded.end());
    for (std::size_t i = 1; i < encoded.size(); ++i) ASSERT_LT(encoded[i - 1].second, encoded[i].second);
  }
}

// A v7 in base32 is a ULID: 48-bit ms then 80 bits, and it sorts like the uuid.
TEST(Encoding, V7AsUlidSortsLikeTheUuid) {
  FakeRandom rng;
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
  EXPECT_EQ(decode("2ED6657DE927568B95E12665A8AEA6A2", Encoding::hex), kA4);
  EXPECT_EQ(decode("1etsjqvt97at5sbr96cpmax9n2", Encoding::base32), kA4);
  // I and L read as 1, O as 0, in either case.
  EXPECT_EQ(decode("IETSJQVT97AT5SBR96CPMAX9N2", Encoding::base32), kA4);
  EXPECT_EQ(decode("lETSJQVT97AT5SBR96CPMAX9N2", Encoding::base32), kA4);
  EXPECT_EQ(decode("oooooooooooooooooooooooooO", Encoding::base32), nil_uuid());
}

TEST(Decoding, FormatNames) {
  const char* names[] = {"HEX", "Base32", "BASE58", "base64URL", "Base32Hex"};  // kAll's order
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(parse_encoding(names[i]), kAll[i]) << names[i];
  for (const char* bad : {"base64", "ulid", "", "base 32", "hex ", "base32-hex", "base32hexpad"}) {
    const Error e = error_of([&] { parse_encoding(bad); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << bad;
    EXPECT_EQ(std::string(e.what()), std::string("unsupported uuid encoding: \"") + bad + "\"");
    EXPECT_EQ(e.detail(), "Supported encodings are hex, base32, base32hex, base58 and base64url (case-insensitive).");
  }
}

// What PostgreSQL 19rc1's decode(t, 'base32hex') turns into these 16 bytes (each tried there):
// either case, with or without '=' and with any number of them, space, tab, CR and LF anywhere,
// the unused low bits of the 26th digit set, and a 27th digit, which 19 drops.
TEST(Decoding, Base32hexTakesWhatPostgreSQL19Decodes) {
  const std::string padded = "05VI5OJPM1UC7664RG60O1PPHS======";
  const std::string bare = padded.substr(0, 26);
  for (const std::string& t : {
           padded, bare, std::string("05vi5ojpm1uc7664rg60o1pphs======"), std::string("05Vi5oJpM1uC7664Rg60o1PpHs"),
           bare + "=", bare + "==", bare + "=======", bare + "==========", " " + padded, padded + " ",
           "\t" + padded + "\n", "\r" + padded, bare.substr(0, 10) + " " + bare.substr(10),
           bare + " = = =", bare + "\r\n", bare.substr(0, 25) + "V",  // S is 11100, V 11111: the low 2 bits are unused
           bare + "0", bare + "V",                                    // a 27th digit, dropped whole
       })
    EXPECT_EQ(decode(t, Encoding::base32hex), kA6) << t;
  // Exactly the low 2 bits are unused: T (11101) is the same value, O (11000), S without its
  // last used bit, is not.
  EXPECT_EQ(decode(bare.substr(0, 25) + "T", Encoding::base32hex), kA6);
  EXPECT_EQ(decode(bare.substr(0, 25) + "O", Encoding::base32hex), U("017f22e2-79b0-7cc3-98c4-dc0c0c07398e"));
  EXPECT_EQ(decode("VVVVVVVVVVVVVVVVVVVVVVVVVV", Encoding::base32hex), max_uuid());
  EXPECT_EQ(decode("vvvvvvvvvvvvvvvvvvvvvvvvvs", Encoding::base32hex), max_uuid());
}

// A long input is read whole only while its prefix can still be decodable: otherwise the error is
// already in the prefix.
TEST(Decoding, DecodablePrefix) {
  EXPECT_TRUE(decodable_prefix("05VI5OJPM1UC7664RG60O1PPHS======" + std::string(100, ' '), Encoding::base32hex));
  EXPECT_TRUE(decodable_prefix("05VI5OJPM1UC7664RG60O1PPHS" + std::string(100, '='), Encoding::base32hex));
  EXPECT_TRUE(decodable_prefix(std::string(100, '\n') + "05VI5", Encoding::base32hex));
  EXPECT_FALSE(decodable_prefix("05VI5OJPM1UC7664RG60O1PPHS======0", Encoding::base32hex));
  EXPECT_FALSE(decodable_prefix("05VI5OJPM1UC7664RG60O1PPHSV0", Encoding::base32hex));
  EXPECT_FALSE(decodable_prefix("05VI5=", Encoding::base32hex));
  EXPECT_FALSE(decodable_prefix("05VI5W", Encoding::base32hex));
  EXPECT_TRUE(decodable_prefix("017f22e279b07cc398c4dc0c0c07398", Encoding::hex));
  EXPECT_FALSE(decodable_prefix("017f22e279b07cc398c4dc0c0c07398f", Encoding::hex));  // nothing may follow
  EXPECT_FALSE(decodable_prefix("017f-", Encoding::hex));
  EXPECT_FALSE(decodable_prefix(std::string(128, '0'), Encoding::base32));
}

// Every malformed class: empty, bad character (ASCII, non-ASCII, control, a hyphenated uuid),
// too short, too long, overflow, base64url's unused bits.
TEST(Decoding, RejectsEveryMalformedClassNamingThePosition) {
  const std::string b32 = "1ETSJQVT97AT5SBR96CPMAX9N2";
  const std::string b58 = "6nTLogGvw2vmQjtATLqvLq";
  const std::string b64 = "LtZlfeknVouV4SZlqK6mog";
  const std::string hex = "2ed6657de927568b95e12665a8aea6a2";
  const std::string b32h = "05VI5OJPM1UC7664RG60O1PPHS======";
  const std::string b32h_bare = b32h.substr(0, 26);
  auto at11 = [&](const std::string& c) { return b32h.substr(0, 10) + c + b32h.substr(11); };
  const std::tuple<Encoding, std::string, std::size_t, std::string> cases[] = {
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
      // base32hex: what PostgreSQL 19rc1's decode rejects, and what it decodes to other than 16 bytes.
      {Encoding::base32hex, "", 1, "The input is empty; base32hex takes 26 digits."},
      {Encoding::base32hex, "   ", 4, "The input ends after 0 digits; base32hex takes 26."},
      {Encoding::base32hex, b32h_bare.substr(0, 25), 26, "The input ends after 25 digits; base32hex takes 26."},
      {Encoding::base32hex, b32h_bare.substr(0, 1) + " ", 3, "The input ends after 1 digit; base32hex takes 26."},
      {Encoding::base32hex, b32h_bare.substr(0, 25) + "=", 26,
       "The padding \"=\" follows 25 digits; it may only follow the 26 digits of a uuid."},
      {Encoding::base32hex, at11("="), 11, "The padding \"=\" follows 10 digits"},
      {Encoding::base32hex, "=" + b32h, 1, "The padding \"=\" comes before any digit"},
      {Encoding::base32hex, b32h_bare + "0=", 28, "The padding \"=\" follows 27 digits"},
      {Encoding::base32hex, b32h_bare + "00", 28, "The input has more than 27 digits"},
      {Encoding::base32hex, b32h_bare + "000000==", 28, "The input has more than 27 digits"},
      {Encoding::base32hex, b32h + "0", 33, "Character \"0\" follows the padding \"=\"."},
      {Encoding::base32hex, b32h + " V", 34, "Character \"V\" follows the padding"},
      {Encoding::base32hex, b32h + "W", 33,
       "Character \"W\" is not a base32hex digit (RFC 4648 section 7: 0-9 and A-V"},
      {Encoding::base32hex, at11("W"), 11, "Character \"W\" is not a base32hex digit"},
      {Encoding::base32hex, at11("w"), 11, "Character \"w\" is not"},
      {Encoding::base32hex, at11("Z"), 11, "Character \"Z\" is not"},
      {Encoding::base32hex, at11("-"), 11, "Character \"-\" is not"},
      {Encoding::base32hex, at11("\xc3\xa9"), 11, "A non-ASCII character is not"},
      {Encoding::base32hex, "\v" + b32h, 1, "Control character 0x0B is not"},
      {Encoding::base32hex, "\f" + b32h, 1, "Control character 0x0C is not"},
      {Encoding::base32hex, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", 9, "Character \"-\" is not"},
  };
  for (const auto& c : cases) {
    const auto& [encoding, input, position, detail_start] = c;
    const Error e = error_of([&c] { decode(std::get<1>(c), std::get<0>(c)); });
    EXPECT_EQ(e.code(), Errc::invalid_text) << encoding_name(encoding) << " \"" << input << "\"";
    const std::string prefix = std::string("invalid ") + encoding_name(encoding) + " input for type uuid at position " +
                               std::to_string(position) + ": \"";
    EXPECT_EQ(std::string(e.what()).substr(0, prefix.size()), prefix) << e.what();
    EXPECT_EQ(e.detail().substr(0, detail_start.size()), detail_start) << input << ": " << e.detail();
  }
}

TEST(Decoding, LongInputIsCutInTheMessageOnACharacterBoundary) {
  std::string input(79, 'Z');
  input += "\xc3\xa9tail";
  EXPECT_EQ(std::string(error_of([&] { decode(input, Encoding::base32); }).what()),
            "invalid base32 input for type uuid at position 27: \"" + std::string(79, 'Z') + "...\"");
}

}  // namespace
}  // namespace uuidx
