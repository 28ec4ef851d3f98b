// TypeID and ULID text: the spec's vectors (test/vectors/typeid, jetify typeid spec 0.3.0), every
// fault each spec names, round trips, and the sameness with uuid_encode(u, 'base32').
#include <string>

#include "fakes.hpp"
#include "typeid.hpp"

namespace uuidx {
namespace {

using namespace testing;

std::string to_typeid(std::string_view prefix, const Uuid& u) {
  std::string s(typeid_length(prefix), '\0');
  encode_typeid_into(prefix, u, s.data());
  return s;
}

std::string to_ulid(const Uuid& u) {
  std::string s(26, '\0');
  encode_ulid_into(u, s.data());
  return s;
}

Uuid uuid_of(const std::string& text) {
  Uuid u;
  EXPECT_TRUE(parse_uuid(text, u)) << text;
  return u;
}

// The Error a call throws (its code, message and detail), or a failure when it throws none.
template <typename F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error(Errc::random_failure, "none");
}

// valid.yml: (typeid, prefix, uuid), each both ways.
TEST(Typeid, SpecValidVectorsBothWays) {
  const struct {
    const char *text, *prefix, *uuid;
  } vectors[] = {
      {"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
      {"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
      {"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
      {"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
      {"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
      {"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
      {"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
      {"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
      {"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
  };
  for (const auto& v : vectors) {
    EXPECT_EQ(to_typeid(v.prefix, uuid_of(v.uuid)), v.text);
    const ParsedTypeid p = parse_typeid(v.text);
    EXPECT_EQ(p.prefix, v.prefix) << v.text;
    EXPECT_EQ(to_string(p.id), v.uuid) << v.text;
    EXPECT_EQ(to_string(decode_typeid(v.text, v.prefix)), v.uuid) << v.text;
  }
}

// invalid.yml, each refused (22P02), with the fault its name says.
TEST(Typeid, SpecInvalidVectorsRefusedNamingTheFault) {
  const struct {
    const char *text, *detail;
  } vectors[] = {
      {"PREFIX_00000000000000000000000000", "Character \"P\" at position 1 is not allowed in a typeid prefix"},
      {"12345_00000000000000000000000000", "Character \"1\" at position 1 is not allowed"},
      {"pre.fix_00000000000000000000000000", "Character \".\" at position 4 is not allowed"},
      {"pr\xc3\xa9"
       "fix_00000000000000000000000000",
       "A non-ASCII character at position 3 is not allowed"},
      {"  prefix_00000000000000000000000000", "Character \" \" at position 1 is not allowed"},
      {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
       "The prefix has 64 characters; a typeid prefix has at most 63."},
      {"_00000000000000000000000000", "The separator \"_\" comes first"},
      {"_", "The separator \"_\" comes first"},
      {"prefix_1234567890123456789012345", "The suffix has only 25 characters; a typeid suffix has 26."},
      {"prefix_123456789012345678901234567", "The suffix is longer than the 26 characters"},
      {"prefix_1234567890123456789012345 ", "Character \" \" at position 33 is not a typeid suffix character"},
      {"prefix_0123456789ABCDEFGHJKMNPQRS", "Character \"A\" at position 18 is not a typeid suffix character"},
      {"prefix_123456789-123456789-123456", "Character \"-\" at position 17 is not a typeid suffix character"},
      {"prefix_ooooooiiiiiiuuuuuuulllllll", "Character \"o\" at position 8 is not a typeid suffix character"},
      {"prefix_i23456789ol23456789oi23456", "Character \"i\" at position 8 is not a typeid suffix character"},
      {"prefix_123456789-0123456789-0123456", "Character \"-\" at position 17 is not a typeid suffix character"},
      {"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "The suffix begins with \"8\", above \"7\""},
      {"_prefix_00000000000000000000000000", "The prefix begins with \"_\""},
      {"prefix__00000000000000000000000000", "The prefix ends with \"_\""},
      {"", "The input is empty."},
      {"prefix_", "The suffix is empty; a typeid suffix has 26 characters."},
  };
  for (const auto& v : vectors) {
    const Error e = error_of([&] { parse_typeid(v.text); });
    EXPECT_EQ(e.code(), Errc::invalid_text) << v.text;
    EXPECT_EQ(e.detail().rfind(v.detail, 0), 0u) << v.text << ": " << e.detail();
    EXPECT_EQ(std::string(e.what()).rfind("invalid typeid: \"", 0), 0u) << e.what();
  }
}

// The spec's limits, just inside and just outside.
TEST(Typeid, PrefixLimits) {
  const Uuid u = uuid_of("01890a5d-ac96-774b-bcce-b302099a8057");
  const std::string p63(63, 'a'), p64(64, 'a');
  EXPECT_EQ(parse_typeid(p63 + "_01h455vb4pex5vsknk084sn02q").prefix, p63);
  EXPECT_EQ(to_typeid(p63, u).size(), kTypeidMaxLength);
  EXPECT_EQ(error_of([&] { parse_typeid(p64 + "_01h455vb4pex5vsknk084sn02q"); }).code(), Errc::invalid_text);
  EXPECT_EQ(parse_typeid("a_01h455vb4pex5vsknk084sn02q").prefix, "a");
  EXPECT_EQ(parse_typeid("my__type_01h455vb4pex5vsknk084sn02q").prefix, "my__type");
  EXPECT_EQ(parse_typeid("a_b_c_01h455vb4pex5vsknk084sn02q").prefix, "a_b_c");
  EXPECT_NO_THROW(check_typeid_prefix(""));
  EXPECT_NO_THROW(check_typeid_prefix(p63));
  for (const std::string& bad : {p64, std::string("User"), std::string("_a"), std::string("a_"), std::string("_"),
                                 std::string("a1"), std::string("a-b")}) {
    const Error e = error_of([&] { check_typeid_prefix(bad); });
    EXPECT_EQ(e.code(), Errc::invalid_parameter) << bad;
    EXPECT_EQ(std::string(e.what()), "invalid typeid prefix: \"" + bad + "\"");
  }
}

TEST(Typeid, ExpectedPrefix) {
  const std::string t = "user_01h455vb4pex5vsknk084sn02q";
  EXPECT_EQ(to_string(decode_typeid(t, "user")), "01890a5d-ac96-774b-bcce-b302099a8057");
  const Error other = error_of([&] { decode_typeid(t, "post"); });
  EXPECT_EQ(other.code(), Errc::invalid_parameter);
  EXPECT_EQ(std::string(other.what()), "typeid prefix \"user\" does not match the expected prefix \"post\"");
  // A bare suffix is of the empty prefix only.
  EXPECT_EQ(error_of([&] { decode_typeid("01h455vb4pex5vsknk084sn02q", "user"); }).code(), Errc::invalid_parameter);
  EXPECT_EQ(error_of([&] { decode_typeid(t, ""); }).code(), Errc::invalid_parameter);
  // A malformed typeid is 22P02 whatever is expected; an invalid expected prefix is named first.
  EXPECT_EQ(error_of([&] { decode_typeid("user_01H455VB4PEX5VSKNK084SN02Q", "user"); }).code(), Errc::invalid_text);
  EXPECT_EQ(std::string(error_of([&] { decode_typeid(t, "User"); }).what()), "invalid typeid prefix: \"User\"");
}

TEST(Typeid, RandomRoundTripsAndLowerCaseOfBase32) {
  FakeRandom rng;
  for (int i = 0; i < 20000; ++i) {
    Uuid u;
    rng.fill(u.data(), u.size());
    const std::string prefix = i % 3 == 0 ? "" : i % 3 == 1 ? "user" : std::string(1 + i % 63, 'x');
    const std::string t = to_typeid(prefix, u);
    const ParsedTypeid p = parse_typeid(t);
    ASSERT_EQ(p.id, u) << t;
    ASSERT_EQ(p.prefix, prefix);
    std::string lower = text_of(encode(u, Encoding::base32));
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ASSERT_EQ(t.substr(t.size() - 26), lower);
  }
}

// Every character outside the lower-case alphabet, at every position of the suffix, is refused.
TEST(Typeid, EveryOtherByteRefusedInTheSuffix) {
  const std::string good = "x_01h455vb4pex5vsknk084sn02q";
  const std::string alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const bool ok = alphabet.find(c) != std::string::npos;
    for (std::size_t at = 3; at < good.size(); ++at) {
      std::string t = good;
      t[at] = c;
      if (ok) continue;
      if (c == '_') continue;  // moves the separator: another fault, checked above
      const Error e = error_of([&] { parse_typeid(t); });
      ASSERT_EQ(e.code(), Errc::invalid_text) << b << " at " << at;
      ASSERT_NE(e.detail().find("at position " + std::to_string(at + 1)), std::string::npos) << e.detail();
    }
  }
}

// The ULID spec: 26 characters, Crockford's alphabet in either case, the first at most 7.
TEST(Ulid, IsUpperBase32AndReadsEitherCase) {
  FakeRandom rng;
  for (int i = 0; i < 20000; ++i) {
    Uuid u;
    rng.fill(u.data(), u.size());
    const std::string t = to_ulid(u);
    ASSERT_EQ(t, text_of(encode(u, Encoding::base32)));
    ASSERT_EQ(decode_ulid(t), u);
    std::string lower = t;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ASSERT_EQ(decode_ulid(lower), u);
  }
  EXPECT_EQ(to_string(decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV")), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
  EXPECT_EQ(to_ulid(max_uuid()), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
}

TEST(Ulid, RefusedNamingTheFault) {
  const struct {
    const char *text, *detail;
  } cases[] = {
      {"", "The input is empty; a ULID has 26 characters."},
      {"01ARZ3NDEKTSV4RRFFQ69G5FA", "The input has only 25 characters; a ULID has 26."},
      {"0", "The input has only 1 character; a ULID has 26."},
      {"01ARZ3NDEKTSV4RRFFQ69G5FAVX", "The input is longer than the 26 characters of a ULID."},
      {"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "The ULID begins with \"8\", above \"7\": it would hold more than 128 bits."},
      {"zZZZZZZZZZZZZZZZZZZZZZZZZZ", "The ULID begins with \"z\", above \"7\""},
      {"01ARZ3NDEKTSV4RRFFQ69G5FAI", "Character \"I\" at position 26 is not a ULID character"},
      {"O1ARZ3NDEKTSV4RRFFQ69G5FAV", "Character \"O\" at position 1 is not a ULID character"},
      {"01ARZ3NDEKTSV4RRFFQ69G5FAu", "Character \"u\" at position 26 is not a ULID character"},
      {"01ARZ3NDEK-SV4RRFFQ69G5FAV", "Character \"-\" at position 11 is not a ULID character"},
      {"01ARZ3NDEK\nSV4RRFFQ69G5FAV", "Control character 0x0A at position 11"},
  };
  for (const auto& c : cases) {
    const Error e = error_of([&] { decode_ulid(c.text); });
    EXPECT_EQ(e.code(), Errc::invalid_text) << c.text;
    EXPECT_EQ(e.detail().rfind(c.detail, 0), 0u) << c.text << ": " << e.detail();
  }
}

}  // namespace
}  // namespace uuidx
