// v7 floor/ceil bounds, the shifted monotonic v7, v1mc and PostgreSQL 18's timestamp extraction.
#include "fakes.hpp"
#include "generators.hpp"
#include "v7range.hpp"

namespace uuidx {
namespace {

using namespace testing;

TEST(V7Range, FloorAndCeilOfTheA6Millisecond) {
  EXPECT_EQ(to_string(v7_floor(kA6Micros + 999)), "017f22e2-79b0-7000-8000-000000000000");
  EXPECT_EQ(to_string(v7_ceil(kA6Micros)), "017f22e2-79b0-7fff-bfff-ffffffffffff");
  // The A.6 vector lies between them.
  EXPECT_LT(v7_floor(kA6Micros), kA6);
  EXPECT_LT(kA6, v7_ceil(kA6Micros));
}

TEST(V7Range, EveryV7OfTheMillisecondIsInside) {
  FakeRandom rng;
  for (int i = 0; i < 5000; ++i) {
    const std::int64_t us = kA6Micros + static_cast<std::int64_t>(rng.next() % 1000);
    const Uuid u = generate_v7_at(us, rng);
    EXPECT_LE(v7_floor(us), u);
    EXPECT_LE(u, v7_ceil(us));
    EXPECT_LT(v7_ceil(us - 1000), u);   // the previous ms ends below
    EXPECT_LT(u, v7_floor(us + 1000));  // the next one starts above
  }
}

TEST(V7Range, Limits) {
  EXPECT_EQ(to_string(v7_floor(0)), "00000000-0000-7000-8000-000000000000");
  EXPECT_EQ(to_string(v7_ceil(kMaxUnixMs * 1000 + 999)), "ffffffff-ffff-7fff-bfff-ffffffffffff");
  for (std::int64_t bad :
       {std::int64_t{-1}, std::int64_t{-1000}, (kMaxUnixMs + 1) * 1000, kInfinitePast, kInfiniteFuture}) {
    for (auto fn : {&v7_floor, &v7_ceil}) {
      const Error e = error_of([&] { fn(bad); });
      EXPECT_EQ(e.code(), Errc::datetime_overflow) << bad;
      EXPECT_EQ(std::string(e.what()), "timestamp out of range for UUIDv7: \"" + format_unix_micros(bad) + "\"");
    }
  }
}

TEST(V7Shift, TicksOfAShift) {
  const std::pair<std::int64_t, std::int64_t> cases[] = {
      {0, 0}, {1000, 4096}, {-1000, -4096}, {500, 2048}, {-500, -2048}, {86400000000LL, 86400000LL * 4096}};
  for (const auto& [us, ticks] : cases) EXPECT_EQ(v7_shift_ticks(us), ticks) << us;
}

TEST(V7Shift, ShiftedValuesCarryTheShiftedTimeAndStayMonotonic) {
  FakeRandom rng;
  V7State state;
  const std::int64_t now = kA6Micros * 1000;
  const std::int64_t day = 86400000000LL;
  Uuid last{};
  for (int i = 0; i < 10000; ++i) {  // a frozen clock: the sequence counts up in rand_b (§6.2 Method 2)
    const Uuid u = generate_v7_shifted(state, now, -day, rng);
    EXPECT_EQ(version_of(u), 7);
    EXPECT_LT(last, u);
    last = u;
  }
  const Uuid first = [&] {
    V7State fresh;
    return generate_v7_shifted(fresh, now, -day, rng);
  }();
  EXPECT_EQ(unix_micros(first, true), kA6Micros - day);
  EXPECT_EQ(unix_micros(last, true), kA6Micros - day);  // 10000 values later: still the clock's tick
  // The shift shares the session sequence with unshifted values: same tick, rand_b counted on.
  const Uuid plain = generate_v7(state, now, rng);
  EXPECT_EQ(unix_micros(plain, true), kA6Micros);
  EXPECT_LT(load_be64(last.data() + 8), load_be64(plain.data() + 8));
}

TEST(V7Shift, OutOfRangeIsDatetimeOverflow) {
  FakeRandom rng;
  V7State state;
  const std::int64_t now = kA6Micros * 1000;
  for (std::int64_t shift : {-kA6Micros - 1000, (kMaxUnixMs + 1) * 1000, INT64_MIN, INT64_MAX}) {
    const Error e = error_of([&] { generate_v7_shifted(state, now, shift, rng); });
    EXPECT_EQ(e.code(), Errc::datetime_overflow) << shift;
    EXPECT_EQ(std::string(e.what()).substr(0, 35), "timestamp out of range for UUIDv7: ");
  }
  // From a fresh state (the loop above advanced `state` by a few ticks): the instant named.
  const auto shifted_error = [&](std::int64_t shift) {
    V7State fresh;
    return std::string(error_of([&] { generate_v7_shifted(fresh, now, shift, rng); }).what());
  };
  EXPECT_EQ(shifted_error(-kA6Micros - 1000), "timestamp out of range for UUIDv7: \"1969-12-31 23:59:59.999000+00\"");
  // The largest shift PostgreSQL can produce passes int64 µs: named as "later than ...".
  EXPECT_EQ(shifted_error(INT64_MAX - 1000).substr(0, 47), "timestamp out of range for UUIDv7: \"later than ");
  // Exactly back to the epoch is still in range.
  V7State fresh;
  EXPECT_EQ(unix_micros(generate_v7_shifted(fresh, now, -kA6Micros, rng)), 0);
}

TEST(V1mc, SharesTheTimestampStreamWithAFreshNodeEachCall) {
  FakeRandom rng;
  GregorianState state;
  const std::int64_t now = kA6Micros * 1000;
  const Uuid a = generate_v1mc(state, now, rng);
  const Uuid b = generate_v1mc(state, now, rng);
  const Uuid c = generate_v1(state, now, rng);
  EXPECT_EQ(version_of(a), 1);
  EXPECT_EQ(*gregorian_timestamp(b), *gregorian_timestamp(a) + 1);
  EXPECT_EQ(*gregorian_timestamp(c), *gregorian_timestamp(b) + 1);
  EXPECT_NE(node(a), node(b));
  EXPECT_EQ((*node(a))[0] & 3, 3);  // §6.10 multicast bit, and locally administered as uuid-ossp
  EXPECT_EQ((*node(b))[0] & 3, 3);
  EXPECT_EQ(clock_seq(a), clock_seq(b));
}

TEST(Pg18Extract, V1AndV7OnlyV7ToTheMillisecond) {
  EXPECT_EQ(pg18_extract_timestamp(kA1), kA6Micros);
  EXPECT_EQ(pg18_extract_timestamp(kA6), kA6Micros);                                           // rand_a not read
  EXPECT_EQ(pg18_extract_timestamp(kA5), std::nullopt);                                        // v6
  EXPECT_EQ(pg18_extract_timestamp(U("919108f7-52d1-4320-9bac-f847db4148a8")), std::nullopt);  // v4
  EXPECT_EQ(pg18_extract_timestamp(U("017F22E2-79B0-7CC3-18C4-DC0C0C07398F")), std::nullopt);  // NCS variant
  EXPECT_EQ(pg18_extract_timestamp(nil_uuid()), std::nullopt);
}

}  // namespace
}  // namespace uuidx
