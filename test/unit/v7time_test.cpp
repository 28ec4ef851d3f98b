// The key range a comparison of a v7's time with an instant implies (v7time.hpp) is exact: it holds
// just when the key lies inside, at ms and sub-ms edges, the 48-bit range's ends and infinities.
#include "fakes.hpp"
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

}  // namespace
}  // namespace uuidx
