// What messages are made of: units and UTC formatting (RFC 9562 §5.1, §5.7, §6.2 Method 3),
// UTF-8-safe cuts and case-insensitive name lookup.
#include "fakes.hpp"
#include "generators.hpp"
#include "message.hpp"

namespace uuidx {
namespace {

TEST(Format, KnownInstants) {
  EXPECT_EQ(format_unix_micros(0), "1970-01-01 00:00:00.000000+00");
  EXPECT_EQ(format_unix_micros(testing::kA6Micros), "2022-02-22 19:22:22.000000+00");
  EXPECT_EQ(format_unix_micros(-1), "1969-12-31 23:59:59.999999+00");
  EXPECT_EQ(format_unix_micros(kMaxUnixMs * 1000 + 999), "10889-08-02 05:31:50.655999+00");
  EXPECT_EQ(format_unix_micros(-12219292800000000LL), "1582-10-15 00:00:00.000000+00");
  // Proleptic year 0 is 1 BC and year -1 is 2 BC, as PostgreSQL writes them.
  EXPECT_EQ(format_unix_micros(-62167219200000000LL), "0001-01-01 00:00:00.000000+00 BC");
  EXPECT_EQ(format_unix_micros(-62167219200000000LL - 86400000000LL), "0002-12-31 00:00:00.000000+00 BC");
  EXPECT_EQ(format_unix_micros(kInfinitePast), "-infinity");
  EXPECT_EQ(format_unix_micros(kInfiniteFuture), "infinity");
  EXPECT_EQ(format_unix_micros(kBeyondUnixMicros), "later than 294247-01-10 04:00:54.775805+00");
}

TEST(SubMs, Method3FractionIsMonotoneAndInRange) {
  std::uint16_t prev = 0;
  for (std::uint32_t ns = 0; ns < 1000000; ns += 37) {
    const std::uint16_t f = sub_ms_fraction_from_ns(ns);
    ASSERT_LE(f, 4095);
    ASSERT_GE(f, prev);
    prev = f;
  }
  EXPECT_EQ(sub_ms_fraction_from_ns(999999), 4095);
  for (int f = 0; f < 4096; ++f) ASSERT_LE(micros_from_sub_ms_fraction(static_cast<std::uint16_t>(f)), 999u);
}

void expect_v7_range_error(std::int64_t unix_us, const std::string& shown) {
  testing::FakeRandom rng;
  const Error e = testing::error_of([&] { generate_v7_at(unix_us, rng); });
  EXPECT_EQ(e.code(), Errc::datetime_overflow) << unix_us;
  EXPECT_EQ(std::string(e.what()), "timestamp out of range for UUIDv7: \"" + shown + "\"");
}

TEST(V7At, RangeIs1970ToThe48BitMillisecond) {
  testing::FakeRandom rng;
  EXPECT_EQ(to_string(generate_v7_at(0, rng)).substr(0, 19), "00000000-0000-7000-");
  EXPECT_EQ(to_string(generate_v7_at(kMaxUnixMs * 1000 + 999, rng)).substr(0, 14), "ffffffff-ffff-");
  expect_v7_range_error(-1, "1969-12-31 23:59:59.999999+00");
  expect_v7_range_error(kMaxUnixMs * 1000 + 1000, "10889-08-02 05:31:50.656000+00");
  expect_v7_range_error(kInfinitePast, "-infinity");
  expect_v7_range_error(kInfiniteFuture, "infinity");
  expect_v7_range_error(kBeyondUnixMicros, "later than 294247-01-10 04:00:54.775805+00");
}

TEST(Message, PrefixNeverEndsInsideAUtf8Character) {
  const std::string text =
      "ab\xC3\xA9"
      "cd";  // "abécd": é is two bytes at offsets 2-3
  EXPECT_EQ(utf8_prefix_length(text, 10), text.size());
  EXPECT_EQ(utf8_prefix_length(text, 4), 4u);
  EXPECT_EQ(utf8_prefix_length(text, 3), 2u);    // would split é
  const std::string emoji = "\xF0\x9F\x98\x80";  // one four-byte character
  for (std::size_t max = 0; max < 4; ++max) EXPECT_EQ(utf8_prefix_length(emoji, max), 0u);
}

TEST(Message, QuoteMarksACut) {
  EXPECT_EQ(quote_for_message("sha256", 64), "\"sha256\"");
  EXPECT_EQ(quote_for_message("abcdef", 3), "\"abc...\"");
  EXPECT_EQ(quote_for_message("ab\xC3\xA9", 3), "\"ab...\"");
  EXPECT_EQ(quote_for_message("", 3), "\"\"");
}

TEST(Message, NamesMatchIgnoringAsciiCaseOnly) {
  EXPECT_TRUE(equals_ignoring_ascii_case("SHA3-256", "sha3-256"));
  EXPECT_TRUE(equals_ignoring_ascii_case("Base32", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("base3", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("base32 ", "base32"));
  EXPECT_FALSE(equals_ignoring_ascii_case("BASE\xC3\xA9", "base\xC3\xA9x"));  // 'x' is no hex digit: 7 bytes
}

}  // namespace
}  // namespace uuidx
