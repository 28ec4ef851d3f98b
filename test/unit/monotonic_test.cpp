// Monotonicity of the session generators under a fake clock (RFC 9562 §6.2): frozen clocks,
// bursts, clock steps backwards, catching up with real time, and the end of the counters.
#include <gtest/gtest.h>

#include "fakes.hpp"
#include "generators.hpp"
#include "monotonic.hpp"

namespace uuidx {
namespace {

using testing::FakeClock;
using testing::FakeRandom;
using testing::kNsPerMs;
using testing::kNsPerSec;

// 2026-01-01 00:00:00.000123456 UTC: an instant with a sub-millisecond part.
constexpr std::int64_t kStart = 1767225600000123456LL;

std::uint64_t tick_of(const Uuid& v7) { return *v7_unix_ms(v7) << 12 | ((v7[6] & 0x0fu) << 8 | v7[7]); }

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

TEST(V7Monotonic, FrozenClockMillionCallsStrictlyIncrease) {
  FakeRandom rng;
  V7State state;
  Uuid prev = generate_v7(state, kStart, rng);
  for (int i = 0; i < 1000000; ++i) {
    const Uuid next = generate_v7(state, kStart, rng);
    ASSERT_LT(prev, next) << "call " << i;
    ASSERT_EQ(version_of(next), 7);
    ASSERT_EQ(variant_of(next), Variant::rfc9562);
    prev = next;
  }
  // 10^6 ticks of 1/4096 ms each: the ms field has run ahead of the frozen clock by ~244 ms.
  EXPECT_EQ(tick_of(prev), v7_tick_from_ns(kStart) + 1000000);
}

TEST(V7Monotonic, BurstOfMoreThan4096InOneMillisecondSpillsIntoNextTick) {
  FakeRandom rng;
  V7State state;
  FakeClock clock{kStart - kStart % kNsPerMs};  // at the start of a ms
  const std::uint64_t first_ms = static_cast<std::uint64_t>(clock.now_ns / kNsPerMs);
  Uuid prev = generate_v7(state, clock.now_ns, rng);
  for (int i = 1; i < 5000; ++i) {
    clock.advance_ns(100);  // 5000 calls within 0.5 ms
    const Uuid next = generate_v7(state, clock.now_ns, rng);
    ASSERT_LT(prev, next) << "call " << i;
    prev = next;
  }
  EXPECT_EQ(*v7_unix_ms(prev), first_ms + 1);  // 5000 ticks > 4096 per ms
}

TEST(V7Monotonic, ClockStepsBackOneSecondThenCatchesUp) {
  FakeRandom rng;
  V7State state;
  FakeClock clock{kStart};
  const Uuid before = generate_v7(state, clock.now_ns, rng);
  clock.advance_ns(-kNsPerSec);
  Uuid prev = before;
  for (int i = 0; i < 1000; ++i) {
    clock.advance_ns(1000);  // the stepped-back clock creeps forward 1 µs a call
    const Uuid next = generate_v7(state, clock.now_ns, rng);
    ASSERT_LT(prev, next);
    prev = next;
  }
  EXPECT_EQ(v7_unix_ms(prev), v7_unix_ms(before));  // still counting on from the last value
  // Once the clock passes the last value again, the ms field is the clock's.
  clock.now_ns = kStart + 2 * kNsPerSec;
  const Uuid caught_up = generate_v7(state, clock.now_ns, rng);
  EXPECT_LT(prev, caught_up);
  EXPECT_EQ(*v7_unix_ms(caught_up), static_cast<std::uint64_t>(clock.now_ns / kNsPerMs));
  EXPECT_EQ(tick_of(caught_up), v7_tick_from_ns(clock.now_ns));
}

TEST(V7Monotonic, ClockStepsBackOneHour) {
  FakeRandom rng;
  V7State state;
  const Uuid before = generate_v7(state, kStart, rng);
  const Uuid after = generate_v7(state, kStart - 3600 * kNsPerSec, rng);
  EXPECT_LT(before, after);
  EXPECT_EQ(tick_of(after), tick_of(before) + 1);
  const Uuid later = generate_v7(state, kStart + kNsPerMs, rng);
  EXPECT_EQ(*v7_unix_ms(later), static_cast<std::uint64_t>((kStart + kNsPerMs) / kNsPerMs));
}

TEST(V7Monotonic, SubMillisecondFractionIsMethod3) {
  FakeRandom rng;
  V7State state;
  // 0.5 ms into a millisecond is fraction 2048 of 4096 (§6.2 Method 3).
  const std::int64_t t = 1767225600000LL * kNsPerMs + 500000;
  const Uuid v7 = generate_v7(state, t, rng);
  EXPECT_EQ(v7[6] & 0x0f, 0x8);
  EXPECT_EQ(v7[7], 0x00);
}

TEST(V7Monotonic, RandBIsRandomWithVariant) {
  testing::ConstantRandom ones(0xff);
  V7State state;
  const Uuid v7 = generate_v7(state, kStart, ones);
  EXPECT_EQ(v7[8], 0xbf);  // 10 then six random ones
  for (int i = 9; i < 16; ++i) EXPECT_EQ(v7[i], 0xff);
}

TEST(V7Monotonic, ExhaustedTickIsAnOverflowError) {
  FakeRandom rng;
  V7State state;
  state.last_tick = kMaxV7Tick;
  try {
    generate_v7(state, kStart, rng);
    FAIL() << "expected an overflow";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Errc::datetime_overflow);
    EXPECT_NE(std::string(e.what()).find("timestamp out of range for UUIDv7"), std::string::npos);
  }
  EXPECT_EQ(state.last_tick, kMaxV7Tick);  // state untouched
}

TEST(V7Monotonic, LatestNanosecondClockFitsThe48BitMillisecond) {
  // An int64 ns clock ends in 2262, far inside unix_ts_ms's range (10889): the clock alone can
  // never overflow a v7; only an exhausted tick counter can (tested above).
  FakeRandom rng;
  V7State state;
  const Uuid last = generate_v7(state, INT64_MAX, rng);
  EXPECT_EQ(*v7_unix_ms(last), static_cast<std::uint64_t>(INT64_MAX / kNsPerMs));
}

TEST(V7Monotonic, ClockBefore1970CountsAsTheEpoch) {
  FakeRandom rng;
  V7State state;
  const Uuid a = generate_v7(state, -5 * kNsPerSec, rng);
  const Uuid b = generate_v7(state, -4 * kNsPerSec, rng);
  EXPECT_EQ(*v7_unix_ms(a), 0u);
  EXPECT_LT(a, b);
}

TEST(GregorianMonotonic, FrozenClockMillionCallsStrictlyIncrease) {
  FakeRandom rng;
  GregorianState state;
  Uuid prev = generate_v6(state, kStart, rng);
  std::uint64_t prev_ts = *gregorian_timestamp(prev);
  for (int i = 0; i < 1000000; ++i) {
    const Uuid next = generate_v6(state, kStart, rng);
    ASSERT_LT(prev, next) << "call " << i;
    const std::uint64_t ts = *gregorian_timestamp(next);
    ASSERT_EQ(ts, prev_ts + 1);  // §6.1: simulated 100-ns count
    prev = next;
    prev_ts = ts;
  }
}

TEST(GregorianMonotonic, V1AndV6ShareOneTimestampStream) {
  FakeRandom rng;
  GregorianState state;
  std::uint64_t last = 0;
  for (int i = 0; i < 1000; ++i) {
    const Uuid u = (i % 2) ? generate_v1(state, kStart, rng) : generate_v6(state, kStart, rng);
    const std::uint64_t ts = *gregorian_timestamp(u);
    ASSERT_GT(ts, last);
    last = ts;
  }
}

TEST(GregorianMonotonic, ClockStepsBackOneSecondAndOneHour) {
  FakeRandom rng;
  GregorianState state;
  const Uuid before = generate_v1(state, kStart, rng);
  const Uuid back_1s = generate_v1(state, kStart - kNsPerSec, rng);
  const Uuid back_1h = generate_v1(state, kStart - 3600 * kNsPerSec, rng);
  EXPECT_EQ(*gregorian_timestamp(back_1s), *gregorian_timestamp(before) + 1);
  EXPECT_EQ(*gregorian_timestamp(back_1h), *gregorian_timestamp(before) + 2);
  const Uuid caught_up = generate_v6(state, kStart + kNsPerSec, rng);
  EXPECT_EQ(unix_micros(caught_up), (kStart + kNsPerSec) / 1000);
}

TEST(GregorianMonotonic, SessionKeepsOneRandomMulticastNodeAndClockSeq) {
  FakeRandom rng;
  GregorianState state;
  const Uuid a = generate_v1(state, kStart, rng);
  const std::size_t drawn_after_seed = rng.drawn;
  const Uuid b = generate_v6(state, kStart + 1000, rng);
  EXPECT_EQ(rng.drawn, drawn_after_seed);  // no random bytes after the first call
  EXPECT_EQ(node(a), node(b));
  EXPECT_EQ(clock_seq(a), clock_seq(b));
  EXPECT_EQ((*node(a))[0] & 0x01, 0x01);  // §6.10 multicast bit
  EXPECT_LE(*clock_seq(a), 0x3fff);
}

TEST(GregorianMonotonic, TwoSessionsGetDifferentNodes) {
  FakeRandom rng;
  GregorianState s1, s2;
  EXPECT_NE(node(generate_v1(s1, kStart, rng)), node(generate_v1(s2, kStart, rng)));
}

TEST(GregorianMonotonic, ExhaustedTimestampIsAnOverflowError) {
  FakeRandom rng;
  GregorianState state;
  generate_v1(state, kStart, rng);
  state.last_100ns = kMaxGregorian100ns;
  try {
    generate_v1(state, kStart, rng);
    FAIL() << "expected an overflow";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Errc::datetime_overflow);
  }
}

}  // namespace
}  // namespace uuidx
