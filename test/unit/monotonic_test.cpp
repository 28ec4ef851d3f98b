// Monotonicity of the session generators under a fake clock and fake random sources (RFC 9562
// §6.2): the v7 step alone (Method 3 with Method 2), frozen clocks, bursts, overflow of rand_b,
// clock steps backwards, catching up with real time, and the end of the counters.
#include <set>

#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

using namespace testing;

TEST(NextMonotonic, ClockAheadWins) {
  std::uint64_t out = 0;
  ASSERT_TRUE(next_monotonic(10, 20, 100, out));
  EXPECT_EQ(out, 20u);
}

TEST(NextMonotonic, FrozenOrBackwardClockCountsUpFromLast) {
  std::uint64_t out = 0;
  ASSERT_TRUE(next_monotonic(10, 10, 100, out));
  EXPECT_EQ(out, 11u);
  ASSERT_TRUE(next_monotonic(10, 3, 100, out));
  EXPECT_EQ(out, 11u);
}

TEST(NextMonotonic, RefusesToPassTheMaximum) {
  std::uint64_t out = 7;
  EXPECT_FALSE(next_monotonic(100, 50, 100, out));
  EXPECT_FALSE(next_monotonic(10, 101, 100, out));
  EXPECT_FALSE(next_monotonic(UINT64_MAX, 0, UINT64_MAX, out));
  EXPECT_EQ(out, 7u);  // untouched on failure
}

// ---- the v7 step alone: RFC 9562 §6.2, Method 3 combined with Method 2 -----------------------

// A state as (tick, rand_b): compared whole, and ordered as the UUIDs are.
using Pair = std::pair<std::uint64_t, std::uint64_t>;
Pair pair_of(const V7State& s) { return {s.last_tick, s.last_rand_b}; }

// A pure function over a plain 16-byte value, usable at compile time.
static_assert(std::is_trivially_copyable<V7State>::value && sizeof(V7State) <= 16, "V7State fits a 16-byte CAS");
static_assert(
    [] {
      V7State out{};
      return next_v7(V7State{10, 5}, 10, 1, 0, out) && out.last_tick == 10 && out.last_rand_b == 6;
    }(),
    "next_v7 is constexpr");

TEST(NextV7, ClockAheadTakesTheClockTickAndAFreshRandB) {
  V7State out{};
  ASSERT_TRUE(next_v7(V7State{10, 5}, 11, 7, ~std::uint64_t{0}, out));
  EXPECT_EQ(pair_of(out), Pair(11u, kMaxV7RandB));  // the 62 low bits of `fresh`
  ASSERT_TRUE(next_v7(V7State{10, kMaxV7RandB}, 4096 * 1000, 7, 42, out));
  EXPECT_EQ(pair_of(out), Pair(4096u * 1000, 42u));
}

TEST(NextV7, SameOrEarlierClockTickKeepsTheTickAndAddsTheIncrement) {
  V7State out{};
  ASSERT_TRUE(next_v7(V7State{10, 5}, 10, 7, 999, out));  // a burst within one tick
  EXPECT_EQ(pair_of(out), Pair(10u, 12u));
  ASSERT_TRUE(next_v7(V7State{10, 5}, 3, 7, 999, out));  // a clock behind the last value
  EXPECT_EQ(pair_of(out), Pair(10u, 12u));
  ASSERT_TRUE(next_v7(V7State{10, 5}, 10, kMaxV7Increment, 999, out));  // the largest increment
  EXPECT_EQ(pair_of(out), Pair(10u, 5 + (std::uint64_t{1} << 32)));
}

TEST(NextV7, RandBOverflowMovesToTheNextTickWithAFreshRandB) {
  V7State out{};
  ASSERT_TRUE(next_v7(V7State{10, kMaxV7RandB - 3}, 10, 3, 999, out));  // fits exactly
  EXPECT_EQ(pair_of(out), Pair(10u, kMaxV7RandB));
  ASSERT_TRUE(next_v7(V7State{10, kMaxV7RandB - 3}, 10, 4, 999, out));  // one too many
  EXPECT_EQ(pair_of(out), Pair(11u, 999u));
  ASSERT_TRUE(next_v7(V7State{10, kMaxV7RandB}, 2, 1, ~std::uint64_t{0}, out));
  EXPECT_EQ(pair_of(out), Pair(11u, kMaxV7RandB));
}

TEST(NextV7, RefusesToPassTheLastTick) {
  V7State out{1, 2};
  ASSERT_TRUE(next_v7(V7State{kMaxV7Tick, kMaxV7RandB - 1}, kMaxV7Tick, 1, 0, out));  // room for one more
  EXPECT_EQ(pair_of(out), Pair(kMaxV7Tick, kMaxV7RandB));
  out = V7State{1, 2};
  EXPECT_FALSE(next_v7(V7State{kMaxV7Tick, kMaxV7RandB}, kMaxV7Tick, 1, 0, out));
  EXPECT_FALSE(next_v7(V7State{kMaxV7Tick, kMaxV7RandB - 1}, 0, 2, 0, out));
  EXPECT_EQ(pair_of(out), Pair(1u, 2u));  // untouched on failure
}

TEST(NextV7, StrictlyIncreasingAndReadsFreshExactlyWhenItSaysSo) {
  FakeRandom rng(20260101);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t pick = rng.next();
    V7State last{1 + rng.next() % (kMaxV7Tick - 1), rng.next() & kMaxV7RandB};
    if (pick & 1) last.last_rand_b = kMaxV7RandB - rng.next() % (3 * kMaxV7Increment);  // near the overflow
    std::uint64_t now = last.last_tick - 1 + (pick >> 1) % 3;                           // behind, same, ahead
    if (pick & 8) now = rng.next() % (kMaxV7Tick + 1);
    std::uint64_t increment = 1 + rng.next() % kMaxV7Increment;
    if (pick & 16) increment = (pick & 32) ? kMaxV7Increment : 1;
    const std::uint64_t fresh_a = rng.next(), fresh_b = rng.next();
    V7State a{}, b{};
    ASSERT_TRUE(next_v7(last, now, increment, fresh_a, a));
    ASSERT_TRUE(next_v7(last, now, increment, fresh_b, b));
    ASSERT_GT(pair_of(a), pair_of(last)) << i;
    ASSERT_LE(a.last_rand_b, kMaxV7RandB);
    if (now > last.last_tick) {  // the clock's tick, fresh bits
      ASSERT_EQ(pair_of(a), Pair(now, fresh_a & kMaxV7RandB));
    } else if (last.last_rand_b + increment <= kMaxV7RandB) {  // the same tick, incremented
      ASSERT_EQ(pair_of(a), Pair(last.last_tick, last.last_rand_b + increment));
    } else {  // overflow: one tick on, fresh bits
      ASSERT_EQ(pair_of(a), Pair(last.last_tick + 1, fresh_a & kMaxV7RandB));
    }
    if (v7_step_needs_fresh(last, now, increment)) {
      ASSERT_EQ(a.last_rand_b, fresh_a & kMaxV7RandB);
    } else {
      ASSERT_EQ(pair_of(a), pair_of(b));  // `fresh` not read: a caller may skip drawing it
    }
  }
}

// ---- generate_v7: the step with a clock and a random source ---------------------------------

// Each test starts a fresh session: a fake random source and the initial state.
struct V7Monotonic : ::testing::Test {
  FakeRandom rng;
  V7State state;
};

TEST_F(V7Monotonic, BurstWithinOneTickKeepsTheFractionAndIncrementsRandB) {
  std::int64_t clock = kStart - kStart % kNsPerMs;  // the first ns of a ms, so of a 244-ns tick
  const std::uint64_t tick = v7_tick_from_ns(clock);
  Uuid prev = generate_v7(state, clock, rng);
  ASSERT_EQ(tick_of(prev), tick);
  std::set<std::uint64_t> increments;
  for (int i = 1; i <= 24; ++i) {
    clock += 10;  // 24 calls within 240 ns: all within the clock's tick
    ASSERT_EQ(v7_tick_from_ns(clock), tick);
    const Uuid next = generate_v7(state, clock, rng);
    ASSERT_LT(prev, next) << "call " << i;
    ASSERT_EQ(tick_of(next), tick) << "the fraction advanced in call " << i;  // RFC 9562 §6.2 Method 3 ms+fraction
    const std::uint64_t increment = rand_b_of(next) - rand_b_of(prev);        // RFC 9562 §6.2 Method 2
    ASSERT_GE(increment, 1u);
    ASSERT_LE(increment, kMaxV7Increment);
    increments.insert(increment);
    prev = next;
  }
  EXPECT_GT(increments.size(), 20u);  // random increments, not a counter
}

TEST_F(V7Monotonic, IncrementIsTheRandomSourcesFourBytesPlusOne) {
  ScriptedV7Random rng({12345}, 0x00);
  const Uuid a = generate_v7(state, kStart, rng);
  const Uuid b = generate_v7(state, kStart, rng);
  rng.increment_byte = 0xff;
  const Uuid c = generate_v7(state, kStart, rng);
  EXPECT_EQ(rand_b_of(a), 12345u);
  EXPECT_EQ(rand_b_of(b), 12346u);                             // smallest increment: 1
  EXPECT_EQ(rand_b_of(c), 12346u + (std::uint64_t{1} << 32));  // largest: 2^32
  for (const Uuid& u : {a, b, c}) EXPECT_EQ(tick_of(u), v7_tick_from_ns(kStart));
  EXPECT_EQ(rng.fresh_draws, 1u);  // 8 bytes for the first value, 4 for each one after it
  EXPECT_EQ(rng.increment_draws, 2u);
}

TEST_F(V7Monotonic, RandBOverflowMovesToTheNextTickWithAFreshRandB) {
  // A fresh rand_b with room for exactly one largest increment.
  ScriptedV7Random rng({kMaxV7RandB - kMaxV7Increment, 777}, 0xff);
  const std::uint64_t tick = v7_tick_from_ns(kStart);
  const Uuid a = generate_v7(state, kStart, rng);
  const Uuid b = generate_v7(state, kStart, rng);
  const Uuid c = generate_v7(state, kStart, rng);
  const Uuid d = generate_v7(state, kStart, rng);
  EXPECT_EQ(tick_of(a), tick);
  EXPECT_EQ(tick_of(b), tick);
  EXPECT_EQ(rand_b_of(b), kMaxV7RandB);  // fits exactly
  EXPECT_EQ(tick_of(c), tick + 1);       // the next increment would pass 62 bits
  EXPECT_EQ(rand_b_of(c), 777u);         // the second fresh draw
  EXPECT_EQ(tick_of(d), tick + 1);
  EXPECT_EQ(rand_b_of(d), 777u + kMaxV7Increment);
  EXPECT_LT(a, b);
  EXPECT_LT(b, c);
  EXPECT_LT(c, d);
  EXPECT_EQ(pair_of(state), Pair(tick + 1, rand_b_of(d)));
}

TEST_F(V7Monotonic, FrozenClockMillionCallsStayOnTheClocksTick) {
  const std::uint64_t tick = v7_tick_from_ns(kStart);
  Uuid prev = generate_v7(state, kStart, rng);
  for (int i = 0; i < 1000000; ++i) {
    const Uuid next = generate_v7(state, kStart, rng);
    ASSERT_LT(prev, next) << "call " << i;
    ASSERT_EQ(version_of(next), 7);
    ASSERT_EQ(variant_of(next), Variant::rfc9562);
    ASSERT_EQ(tick_of(next), tick) << "call " << i;
    const std::uint64_t increment = rand_b_of(next) - rand_b_of(prev);
    ASSERT_GE(increment, 1u);
    ASSERT_LE(increment, kMaxV7Increment);
    prev = next;
  }
  // 10^6 increments of at most 2^32 fill at most 2^52 of rand_b's 2^62: the ms and fraction stay
  // the clock's (they once ran 10^6 ticks, ~244 ms, ahead of a frozen clock).
  EXPECT_EQ(*v7_unix_ms(prev), static_cast<std::uint64_t>(kStart / kNsPerMs));
}

TEST_F(V7Monotonic, FrozenClockWithLargestIncrementsMovesTheTickOnlyOnOverflow) {
  const std::uint64_t tick = v7_tick_from_ns(kStart);
  {
    // From rand_b 0, 2^30 - 1 largest increments fit in 62 bits: 10^6 calls stay on the tick.
    ScriptedV7Random rng({0}, 0xff);
    V7State state;
    Uuid prev = generate_v7(state, kStart, rng);
    for (int i = 1; i <= 1000000; ++i) {
      const Uuid next = generate_v7(state, kStart, rng);
      ASSERT_LT(prev, next);
      prev = next;
    }
    EXPECT_EQ(tick_of(prev), tick);
    EXPECT_EQ(rand_b_of(prev), 1000000 * kMaxV7Increment);
    EXPECT_EQ(rng.fresh_draws, 1u);
  }
  {
    // From a rand_b with room for exactly 999 largest increments, every 1000th call overflows:
    // 10^6 calls after the first move the tick by exactly 1000.
    const std::uint64_t start = kMaxV7RandB - 999 * kMaxV7Increment;
    ScriptedV7Random rng({start}, 0xff);
    V7State state;
    Uuid prev = generate_v7(state, kStart, rng);
    for (std::uint64_t i = 1; i <= 1000000; ++i) {
      const Uuid next = generate_v7(state, kStart, rng);
      ASSERT_LT(prev, next);
      ASSERT_EQ(tick_of(next), tick + i / 1000) << "call " << i;
      ASSERT_EQ(rand_b_of(next), start + (i % 1000) * kMaxV7Increment) << "call " << i;
      prev = next;
    }
    EXPECT_EQ(tick_of(prev), tick + 1000);
    EXPECT_EQ(rng.fresh_draws, 1u + 1000);
  }
  {
    // No room at all (a fresh rand_b of all ones): every call overflows, one tick per call. The
    // old behaviour, now the bound of the worst case.
    ConstantRandom ones(0xff);
    V7State state;
    generate_v7(state, kStart, ones);
    for (int i = 0; i < 1000; ++i) generate_v7(state, kStart, ones);
    EXPECT_EQ(state.last_tick, tick + 1000);
  }
}

TEST_F(V7Monotonic, BurstOfMoreThan4096InOneMillisecondFollowsTheClock) {
  std::int64_t clock = kStart - kStart % kNsPerMs;  // at the start of a ms
  const std::uint64_t first_ms = static_cast<std::uint64_t>(clock / kNsPerMs);
  Uuid prev = generate_v7(state, clock, rng);
  for (int i = 1; i < 5000; ++i) {
    clock += 100;  // 5000 calls within 0.5 ms
    const Uuid next = generate_v7(state, clock, rng);
    ASSERT_LT(prev, next) << "call " << i;
    ASSERT_EQ(tick_of(next), v7_tick_from_ns(clock)) << "call " << i;  // never ahead of the clock
    prev = next;
  }
  EXPECT_EQ(*v7_unix_ms(prev), first_ms);  // 5000 values > 4096 per ms, still in the clock's ms
}

TEST_F(V7Monotonic, ClockStepsBackOneSecondThenCatchesUp) {
  std::int64_t clock = kStart;
  const Uuid before = generate_v7(state, clock, rng);
  clock -= kNsPerSec;
  Uuid prev = before;
  for (int i = 0; i < 1000; ++i) {
    clock += 1000;  // the stepped-back clock creeps forward 1 µs a call
    const Uuid next = generate_v7(state, clock, rng);
    ASSERT_LT(prev, next);
    ASSERT_EQ(tick_of(next), tick_of(before));  // still on the last value's tick...
    const std::uint64_t increment = rand_b_of(next) - rand_b_of(prev);
    ASSERT_GE(increment, 1u);  // ... counting up in rand_b
    ASSERT_LE(increment, kMaxV7Increment);
    prev = next;
  }
  // Once the clock passes the last value again, the ms and fraction are the clock's.
  clock = kStart + 2 * kNsPerSec;
  const Uuid caught_up = generate_v7(state, clock, rng);
  EXPECT_LT(prev, caught_up);
  EXPECT_EQ(*v7_unix_ms(caught_up), static_cast<std::uint64_t>(clock / kNsPerMs));
  EXPECT_EQ(tick_of(caught_up), v7_tick_from_ns(clock));
}

// A floor from another server's time (a promoted standby's last replayed commit), 2 s ahead of the
// clock: values start above every v7 of its tick, increase on the next tick while the clock is
// behind, and follow the clock once it passes. A state already above the floor is left as it is.
TEST_F(V7Monotonic, RaisedAboveAnInstantStartsAboveEveryValueOfItsTick) {
  const std::int64_t floor_ns = kStart + 2 * kNsPerSec;
  raise_v7_above(state, floor_ns);
  EXPECT_EQ(pair_of(state), Pair(v7_tick_from_ns(floor_ns), kMaxV7RandB));
  const Uuid greatest_of_floor = encode_v7_tick(v7_tick_from_ns(floor_ns), kMaxV7RandB);
  std::int64_t clock = kStart;
  Uuid prev = greatest_of_floor;
  for (int i = 0; i < 1000; ++i) {
    clock += 1000;
    const Uuid next = generate_v7(state, clock, rng);
    ASSERT_LT(prev, next);
    ASSERT_EQ(tick_of(next), v7_tick_from_ns(floor_ns) + 1);  // the tick after the floor's
    prev = next;
  }
  clock = floor_ns + kNsPerSec;
  const Uuid caught_up = generate_v7(state, clock, rng);
  EXPECT_LT(prev, caught_up);
  EXPECT_EQ(tick_of(caught_up), v7_tick_from_ns(clock));

  const V7State above = state;
  raise_v7_above(state, floor_ns);  // an earlier instant than the state's last value
  EXPECT_EQ(pair_of(state), pair_of(above));
}

// A floor from a key another server made 2 s ahead of this clock (a logical switchover): without
// the raise the values sort below the key, with it every value sorts above every v7 of its tick.
TEST_F(V7Monotonic, RaisedAboveAKeyEveryValueSortsAboveItsTick) {
  const Uuid key = encode_v7_tick(v7_tick_from_ns(kStart + 2 * kNsPerSec) | 0x7ab, 5);
  V7State control;
  EXPECT_LT(generate_v7(control, kStart, rng), key);
  raise_v7_above_tick(state, *v7_tick(key));
  for (int i = 0; i < 1000; ++i)
    ASSERT_LT(encode_v7_tick(*v7_tick(key), kMaxV7RandB), generate_v7(state, kStart + i * 1000, rng));
}

TEST_F(V7Monotonic, ClockStepsBackOneHourThenCatchesUp) {
  ScriptedV7Random rng({1000, 2000}, 0x00);  // increments of 1
  const Uuid before = generate_v7(state, kStart, rng);
  const Uuid after = generate_v7(state, kStart - 3600 * kNsPerSec, rng);
  const Uuid later = generate_v7(state, kStart - 3600 * kNsPerSec + kNsPerMs, rng);
  EXPECT_LT(before, after);
  EXPECT_LT(after, later);
  EXPECT_EQ(tick_of(after), tick_of(before));  // the tick stays, rand_b counts up
  EXPECT_EQ(tick_of(later), tick_of(before));
  EXPECT_EQ(rand_b_of(after), 1001u);
  EXPECT_EQ(rand_b_of(later), 1002u);
  // The clock passes the last value: its tick, and a fresh rand_b (not the last one plus one).
  const Uuid caught_up = generate_v7(state, kStart + kNsPerMs, rng);
  EXPECT_LT(later, caught_up);
  EXPECT_EQ(tick_of(caught_up), v7_tick_from_ns(kStart + kNsPerMs));
  EXPECT_EQ(rand_b_of(caught_up), 2000u);
  EXPECT_EQ(rng.fresh_draws, 2u);
}

TEST_F(V7Monotonic, SubMillisecondFractionIsMethod3) {
  // 0.5 ms into a millisecond is fraction 2048 of 4096 (§6.2 Method 3).
  const std::int64_t t = 1767225600000LL * kNsPerMs + 500000;
  const Uuid v7 = generate_v7(state, t, rng);
  EXPECT_EQ(v7[6] & 0x0f, 0x8);
  EXPECT_EQ(v7[7], 0x00);
}

TEST_F(V7Monotonic, RandBIsRandomWithVariant) {
  ConstantRandom ones(0xff);
  const Uuid v7 = generate_v7(state, kStart, ones);
  EXPECT_EQ(v7[8], 0xbf);  // 10 then six random ones
  for (int i = 9; i < 16; ++i) EXPECT_EQ(v7[i], 0xff);
}

TEST_F(V7Monotonic, ExhaustedTickIsAnOverflowError) {
  // The last tick still counts up in rand_b while it has room...
  state = V7State{kMaxV7Tick, 0};
  const Uuid last_ms = generate_v7(state, kStart, rng);
  EXPECT_EQ(tick_of(last_ms), kMaxV7Tick);
  // ... and then there is nothing greater left.
  state.last_rand_b = kMaxV7RandB;
  const Error e = error_of([&] { generate_v7(state, kStart, rng); });
  EXPECT_EQ(e.code(), Errc::datetime_overflow);
  EXPECT_NE(std::string(e.what()).find("timestamp out of range for UUIDv7"), std::string::npos);
  EXPECT_EQ(pair_of(state), Pair(kMaxV7Tick, kMaxV7RandB));  // state untouched
}

TEST_F(V7Monotonic, LatestNanosecondClockFitsThe48BitMillisecond) {
  // An int64 ns clock ends in 2262, far inside unix_ts_ms's range (10889): the clock alone can
  // never overflow a v7; only an exhausted tick counter can (tested above).
  const Uuid last = generate_v7(state, INT64_MAX, rng);
  EXPECT_EQ(*v7_unix_ms(last), static_cast<std::uint64_t>(INT64_MAX / kNsPerMs));
}

TEST_F(V7Monotonic, ClockBefore1970CountsAsTheEpoch) {
  const Uuid a = generate_v7(state, -5 * kNsPerSec, rng);
  const Uuid b = generate_v7(state, -4 * kNsPerSec, rng);
  EXPECT_EQ(*v7_unix_ms(a), 0u);
  EXPECT_EQ(*v7_unix_ms(b), 0u);
  EXPECT_LT(a, b);
}

// generate_v7_fresh: a fresh rand_b for every value, on the session's sequence.
using GenerateV7Fresh = V7Monotonic;

TEST_F(GenerateV7Fresh, EveryValueDrawsAllOfRandBAndTheFractionAdvancesInABurst) {
  const std::int64_t now = kStart;  // a frozen clock: one long burst
  Uuid last{};
  for (int i = 0; i < 10000; ++i) {
    const std::size_t drawn = rng.drawn;
    const Uuid u = generate_v7_fresh(state, now, rng);
    EXPECT_EQ(rng.drawn - drawn, 8u);
    EXPECT_EQ(version_of(u), 7);
    if (i > 0) {
      EXPECT_GT(u, last);
      EXPECT_EQ(tick_of(u), tick_of(last) + 1);  // one 1/4096 ms per value: it runs ahead of a frozen clock
    }
    last = u;
  }
  // It shares the session's sequence with generate_v7: the next value of either is above.
  EXPECT_GT(generate_v7(state, now, rng), last);
}

TEST_F(GenerateV7Fresh, TakesTheClockWhenItIsAheadAndStopsAtTheEndOfV7Time) {
  const Uuid a = generate_v7_fresh(state, 1767225600000000000LL, rng);
  const Uuid b = generate_v7_fresh(state, 1767225600005000000LL, rng);
  EXPECT_EQ(*v7_unix_ms(b) - *v7_unix_ms(a), 5u);
  V7State at_end{kMaxV7Tick, 0};
  EXPECT_THROW(generate_v7_fresh(at_end, 1767225600000000000LL, rng), Error);
}

struct GregorianMonotonic : ::testing::Test {
  FakeRandom rng;
  GregorianState state;
};

TEST_F(GregorianMonotonic, FrozenClockMillionCallsStrictlyIncrease) {
  Uuid prev = generate_v6(state, kStart, rng);
  for (int i = 0; i < 1000000; ++i) {
    const Uuid next = generate_v6(state, kStart, rng);
    ASSERT_LT(prev, next) << "call " << i;
    ASSERT_EQ(*gregorian_timestamp(next), *gregorian_timestamp(prev) + 1);  // §6.1: simulated 100-ns count
    prev = next;
  }
}

TEST_F(GregorianMonotonic, V1AndV6ShareOneTimestampStream) {
  std::uint64_t last = 0;
  for (int i = 0; i < 1000; ++i) {
    const Uuid u = (i % 2) ? generate_v1(state, kStart, rng) : generate_v6(state, kStart, rng);
    const std::uint64_t ts = *gregorian_timestamp(u);
    ASSERT_GT(ts, last);
    last = ts;
  }
}

TEST_F(GregorianMonotonic, ClockStepsBackOneSecondAndOneHour) {
  const Uuid before = generate_v1(state, kStart, rng);
  const Uuid back_1s = generate_v1(state, kStart - kNsPerSec, rng);
  const Uuid back_1h = generate_v1(state, kStart - 3600 * kNsPerSec, rng);
  EXPECT_EQ(*gregorian_timestamp(back_1s), *gregorian_timestamp(before) + 1);
  EXPECT_EQ(*gregorian_timestamp(back_1h), *gregorian_timestamp(before) + 2);
  const Uuid caught_up = generate_v6(state, kStart + kNsPerSec, rng);
  EXPECT_EQ(unix_micros(caught_up), (kStart + kNsPerSec) / 1000);
}

TEST_F(GregorianMonotonic, SessionKeepsOneRandomMulticastNodeAndClockSeq) {
  const Uuid a = generate_v1(state, kStart, rng);
  const std::size_t drawn_after_seed = rng.drawn;
  const Uuid b = generate_v6(state, kStart + 1000, rng);
  EXPECT_EQ(rng.drawn, drawn_after_seed);  // no random bytes after the first call
  EXPECT_EQ(node(a), node(b));
  EXPECT_EQ(clock_seq(a), clock_seq(b));
  EXPECT_EQ((*node(a))[0] & 0x01, 0x01);  // §6.10 multicast bit
  EXPECT_LE(*clock_seq(a), 0x3fff);
}

// The node comes from the session's random source (§6.10) and nothing else: other streams, other
// nodes; the same stream, the same node even at another time. So two processes differ only if
// their sources do (the fork handler's job: random_test.cpp and test/t/007_fork_safety.pl).
TEST_F(GregorianMonotonic, NodeComesFromTheSessionsRandomSource) {
  FakeRandom rng1(1), rng2(2), same1(7), same2(7);
  GregorianState s1, s2, t1, t2;
  EXPECT_NE(node(generate_v1(s1, kStart, rng1)), node(generate_v1(s2, kStart, rng2)));
  EXPECT_EQ(node(generate_v1(t1, kStart, same1)), node(generate_v1(t2, kStart + 5000, same2)));
}

TEST_F(GregorianMonotonic, ExhaustedTimestampIsAnOverflowError) {
  generate_v1(state, kStart, rng);
  state.last_100ns = kMaxGregorian100ns;
  EXPECT_EQ(error_of([&] { generate_v1(state, kStart, rng); }).code(), Errc::datetime_overflow);
}

}  // namespace
}  // namespace uuidx
