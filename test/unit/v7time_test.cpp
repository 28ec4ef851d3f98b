// A v7 key's time: a ms's floor and ceiling, the shifted v7, v1mc, PostgreSQL 18's extraction
// (v7range.hpp); the key range a comparison of the time with an instant implies (v7time.hpp), exact:
// it holds just when the key lies inside, at ms and sub-ms edges, the 48-bit range's ends, infinity.
#include "fakes.hpp"
#include "generators.hpp"
#include "v7range.hpp"
#include "v7time.hpp"

namespace uuidx {
namespace {

using namespace testing;

// Whether the comparison itself holds: the oracle the ranges are checked against.
bool holds(std::int64_t time, TimeCmp op, std::int64_t t) {
  if (op == TimeCmp::lt) return time < t;
  if (op == TimeCmp::le) return time <= t;
  if (op == TimeCmp::eq) return time == t;
  if (op == TimeCmp::ge) return time >= t;
  return op == TimeCmp::gt && time > t;
}

// The range the comparison implies contains the key.
bool in_range(const Uuid& key, TimeCmp op, std::int64_t t, bool sub_ms) {
  const ImpliedBounds b = implied_bounds(op);
  if (b.lower && key < v7_lower_bound(t, b.lower_inclusive, sub_ms)) return false;
  if (b.upper && key > v7_upper_bound(t, b.upper_inclusive, sub_ms)) return false;
  return true;
}

constexpr TimeCmp kOps[] = {TimeCmp::lt, TimeCmp::le, TimeCmp::eq, TimeCmp::ge, TimeCmp::gt};

TEST(V7Time, FractionEdgesMatchTheReadBack) {
  for (std::uint32_t us = 0; us < 1000; ++us) {
    const std::uint16_t lo = fraction_at_least(us);
    const std::uint16_t hi = fraction_at_most(us);
    EXPECT_GE(micros_from_sub_ms_fraction(lo), us) << us;
    if (lo > 0) {
      EXPECT_LT(micros_from_sub_ms_fraction(static_cast<std::uint16_t>(lo - 1)), us) << us;
    }
    EXPECT_LE(micros_from_sub_ms_fraction(hi), us) << us;
    if (hi < 0xfff) {
      EXPECT_GT(micros_from_sub_ms_fraction(static_cast<std::uint16_t>(hi + 1)), us) << us;
    }
  }
  EXPECT_EQ(fraction_at_most(999), 0xfff);
  EXPECT_EQ(fraction_at_least(0), 0);
}

TEST(V7Time, BoundsOfTheA6Millisecond) {
  // Whole ms: ">= an instant inside a ms" starts at the next ms; "<= it" ends with its ms.
  EXPECT_EQ(to_string(v7_lower_bound(kA6Micros, true, false)), "017f22e2-79b0-7000-8000-000000000000");
  EXPECT_EQ(to_string(v7_lower_bound(kA6Micros + 1, true, false)), "017f22e2-79b1-7000-8000-000000000000");
  EXPECT_EQ(to_string(v7_lower_bound(kA6Micros, false, false)), "017f22e2-79b1-7000-8000-000000000000");
  EXPECT_EQ(to_string(v7_upper_bound(kA6Micros + 999, true, false)), "017f22e2-79b0-7fff-bfff-ffffffffffff");
  EXPECT_EQ(to_string(v7_upper_bound(kA6Micros, false, false)), "017f22e2-79af-7fff-bfff-ffffffffffff");
  // Sub-ms: the A.6 vector's rand_a 0xCC3 reads as 798 µs (§6.2 Method 3).
  EXPECT_TRUE(in_range(kA6, TimeCmp::eq, kA6Micros + 798, true));
  EXPECT_FALSE(in_range(kA6, TimeCmp::ge, kA6Micros + 799, true));
  EXPECT_FALSE(in_range(kA6, TimeCmp::le, kA6Micros + 797, true));
  // Read whole, its time is the ms edge itself, not any instant inside the ms.
  EXPECT_TRUE(in_range(kA6, TimeCmp::eq, kA6Micros, false));
  EXPECT_FALSE(in_range(kA6, TimeCmp::eq, kA6Micros + 500, false));
}

TEST(V7Time, ExactForRandomKeysNearEdges) {
  FakeRandom rng;
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t ms = static_cast<std::uint64_t>(kA6Micros / 1000) + rng.next() % 3;
    const std::uint16_t fraction =
        static_cast<std::uint16_t>(rng.next() % 8 < 2 ? (rng.next() % 2) * 0xfff : rng.next() % 4096);
    std::array<std::uint8_t, 8> rand;
    const std::uint64_t r = rng.next() % 4 == 0 ? (rng.next() % 2 ? ~0ULL : 0ULL) : rng.next();
    for (int b = 0; b < 8; ++b) rand[b] = static_cast<std::uint8_t>(r >> (8 * b));
    const Uuid key = encode_v7(ms, fraction, rand);
    const bool sub_ms = rng.next() % 2;
    const std::int64_t time = *unix_micros(key, sub_ms);
    // Instants at, just around and far from the key's own time and ms edges.
    const std::int64_t deltas[] = {-1001, -1000, -999, -1, 0, 1, 999, 1000, 1001};
    const std::int64_t t = rng.next() % 3 == 0 ? static_cast<std::int64_t>(ms) * 1000 + deltas[rng.next() % 9]
                                               : time + deltas[rng.next() % 9];
    const TimeCmp op = kOps[rng.next() % 5];
    ASSERT_EQ(holds(time, op, t), in_range(key, op, t, sub_ms))
        << to_string(key) << " time " << time << " t " << t << " op " << static_cast<int>(op) << " sub_ms " << sub_ms;
    ASSERT_EQ(holds(t, commute(op), time), holds(time, op, t));
  }
}

// The smallest and the greatest v7.
const Uuid kFirstV7 = U("00000000-0000-7000-8000-000000000000");
const Uuid kLastV7 = U("ffffffff-ffff-7fff-bfff-ffffffffffff");

TEST(V7Time, EndsOfTheRangeAndInfinity) {
  const Uuid &first = kFirstV7, &last = kLastV7;
  for (bool sub_ms : {false, true}) {
    // Before 1970: every v7 is later, none earlier; never an error.
    EXPECT_EQ(v7_lower_bound(-5, true, sub_ms), first);
    EXPECT_EQ(v7_lower_bound(kInfinitePast, false, sub_ms), first);
    EXPECT_EQ(v7_upper_bound(-1, true, sub_ms), nil_uuid());
    EXPECT_EQ(v7_upper_bound(0, false, sub_ms), nil_uuid());
    EXPECT_EQ(v7_upper_bound(kInfinitePast, true, sub_ms), nil_uuid());
    // The epoch itself: the first ms is <= it.
    EXPECT_EQ(v7_lower_bound(0, true, sub_ms), first);
    EXPECT_EQ(v7_upper_bound(0, true, sub_ms) > first, true);
    // Past the 48-bit ms and infinity: no v7 later, every one earlier.
    for (std::int64_t t : {kMaxV7Micros + 1, kBeyondUnixMicros, kInfiniteFuture}) {
      EXPECT_EQ(v7_lower_bound(t, true, sub_ms), max_uuid());
      EXPECT_EQ(v7_lower_bound(t, false, sub_ms), max_uuid());
      EXPECT_EQ(v7_upper_bound(t, true, sub_ms), last);
      EXPECT_EQ(v7_upper_bound(t, false, sub_ms), last);
    }
  }
  // The last ms: its time read whole is kMaxUnixMs * 1000, so "> that" admits no v7 ...
  EXPECT_EQ(v7_lower_bound(kMaxUnixMs * 1000, false, false), max_uuid());
  EXPECT_EQ(v7_lower_bound(kMaxUnixMs * 1000 + 1, true, false), max_uuid());
  // ... while read with the fraction it runs to kMaxV7Micros.
  EXPECT_EQ(to_string(v7_lower_bound(kMaxV7Micros, true, true)), "ffffffff-ffff-7ffa-8000-000000000000");
  EXPECT_EQ(v7_lower_bound(kMaxV7Micros, false, true), max_uuid());
}

TEST(V7Time, KeyBoundsAreV7) {
  const Uuid &first = kFirstV7, &last = kLastV7;
  for (bool sub_ms : {false, true}) {
    for (bool inclusive : {false, true}) {
      // Where some v7 satisfies the comparison, the bound is the one the SQL functions give.
      for (std::int64_t t : {std::int64_t{0}, std::int64_t{1}, kA6Micros, kMaxUnixMs * 1000 - 1}) {
        EXPECT_EQ(v7_key_bound(true, t, inclusive, sub_ms), v7_lower_bound(t, inclusive, sub_ms)) << t;
        EXPECT_EQ(v7_key_bound(false, t + 1, inclusive, sub_ms), v7_upper_bound(t + 1, inclusive, sub_ms)) << t;
      }
      // Where none does: the greatest / smallest v7, not the max / nil UUID.
      for (std::int64_t t : {kMaxV7Micros + 1, kBeyondUnixMicros, kInfiniteFuture})
        EXPECT_EQ(v7_key_bound(true, t, inclusive, sub_ms), last) << t;
      for (std::int64_t t : {std::int64_t{-1}, kInfinitePast})
        EXPECT_EQ(v7_key_bound(false, t, inclusive, sub_ms), first) << t;
    }
  }
  EXPECT_EQ(v7_key_bound(false, 0, false, false), first);
  EXPECT_EQ(v7_key_bound(true, kMaxV7Micros, false, true), last);
}

TEST(V7Time, CommuteAndImpliedBounds) {
  for (int i = 0; i < 5; ++i) EXPECT_EQ(commute(kOps[i]), kOps[4 - i]) << i;  // lt gt, le ge, eq eq
  const ImpliedBounds eq = implied_bounds(TimeCmp::eq);
  EXPECT_TRUE(eq.lower && eq.lower_inclusive && eq.upper && eq.upper_inclusive);
  const ImpliedBounds gt = implied_bounds(TimeCmp::gt);
  EXPECT_TRUE(gt.lower && !gt.lower_inclusive && !gt.upper);
  const ImpliedBounds lt = implied_bounds(TimeCmp::lt);
  EXPECT_TRUE(!lt.lower && lt.upper && !lt.upper_inclusive);
}

TEST(V7Time, DescribeKind) {
  char buf[64];
  for (const auto& [u, kind] :
       {std::pair(nil_uuid(), "the nil UUID"), std::pair(max_uuid(), "the max UUID"), std::pair(kA1, "a UUIDv1"),
        std::pair(U("c232ab00-9414-11ec-d3c8-9f6bdeced846"), "a UUID of the Microsoft variant")}) {
    describe_kind(u, buf, sizeof buf);
    EXPECT_STREQ(buf, kind);
  }
  char tiny[6];
  describe_kind(nil_uuid(), tiny, sizeof tiny);
  EXPECT_STREQ(tiny, "the n");
}

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
