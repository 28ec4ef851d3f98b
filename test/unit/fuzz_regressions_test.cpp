// Inputs the libFuzzer targets (test/fuzz/) found wrong, kept as unit tests so the bugs stay fixed
// in the plain and sanitizer builds too. Each names its crash input in test/fuzz/corpus/.
#include "fakes.hpp"
#include "generators.hpp"
#include "namebased.hpp"

namespace uuidx {
namespace {

using namespace testing;

// corpus/time/crash-format-near-int64-min: format_unix_micros computed days * 86400000000, which
// overflows int64 within a day of INT64_MIN (signed overflow, undefined behaviour).
TEST(FuzzRegression, FormatsInstantsNearInt64Min) {
  // INT64_MIN + 1 µs: day -106751992 since 1970 = 290309-12-21 BC (Python: 146097-day cycles).
  EXPECT_EQ(format_unix_micros(INT64_MIN + 1), "290309-12-21 19:59:05.224193+00 BC");
  EXPECT_EQ(format_unix_micros(-86400000000LL), "1969-12-31 00:00:00.000000+00");
}

// The same input through the function that passes such an instant: a shift to the far past is a
// 22008 naming a BC instant, not undefined behaviour in the message.
TEST(FuzzRegression, ShiftToTheFarPastIsAnOverflowError) {
  V7State state{1};
  ConstantRandom rng(0x42);
  const Error e = error_of([&] { generate_v7_shifted(state, 0, INT64_MIN, rng); });
  EXPECT_EQ(e.code(), Errc::datetime_overflow);
  EXPECT_NE(std::string(e.what()).find(" BC\""), std::string::npos) << e.what();
}

// sql/bad_input.sql: unknown format and algorithm names were cut at a fixed 64 bytes for the
// message, which could split a UTF-8 character; with client_encoding LATIN1 the client then got
// "invalid byte sequence for encoding UTF8" (22021) instead of the 22023 error.
TEST(FuzzRegression, LongUnknownNamesAreCutOnACharacterBoundary) {
  const auto message = [](auto parse, const std::string& name) {
    return std::string(error_of([&] { parse(name); }).what());
  };
  EXPECT_EQ(message(parse_encoding, std::string(79, 'b') + "\xc3\xa9"),
            "unsupported uuid encoding: \"" + std::string(79, 'b') + "...\"");
  EXPECT_EQ(message(parse_name_hash, std::string(63, 'a') + "\xc3\xa9"),
            "unsupported hash algorithm for name-based UUIDv8: \"" + std::string(63, 'a') + "...\"");
  EXPECT_EQ(message(parse_name_hash, std::string(64, 'a')),  // exactly 64 bytes: shown whole
            "unsupported hash algorithm for name-based UUIDv8: \"" + std::string(64, 'a') + "\"");
}

// sql/bad_input.sql: a negative shift was written "-1 days 00:00:01.000000", which in PostgreSQL's
// interval syntax means one second less than a day back; both parts now carry the sign.
TEST(FuzzRegression, NegativeShiftIsWrittenAsPostgreSQLWritesIntervals) {
  V7State state{0};
  ConstantRandom rng(0);
  const Error e = error_of([&] { generate_v7_shifted(state, 500 * kNsPerMs, -(86400000000LL + 1000000LL), rng); });
  EXPECT_EQ(
      e.detail().rfind("A shift of -1 days -00:00:01.000000 moves the current time 1970-01-01 00:00:00.500000+00 ", 0),
      0u)
      << e.detail();
}

}  // namespace
}  // namespace uuidx
