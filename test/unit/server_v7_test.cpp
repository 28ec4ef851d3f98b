// The server-wide v7 sequence (RFC 9562 §6.2, Methods 3 and 1): the position step, bursts through
// the 4-bit counter and its carry, clock steps back, a process's own last value as a floor, the 58
// random bits, the end of the positions, and threads sharing one position through a std::atomic.
#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "fakes.hpp"
#include "generators.hpp"
#include "server_v7.hpp"

namespace uuidx {
namespace {

using namespace testing;

// One process of the simulated server: its last value and its random source.
struct Process {
  V7State mine{};
  FakeRandom rng;
  explicit Process(std::uint64_t seed) : rng(seed) {}
};

// One server-scope value, as the glue makes it, with a plain integer as the shared position.
Uuid next_value(std::uint64_t& shared, Process& p, std::int64_t now_ns) {
  const V7SharedDraw draw = draw_v7_shared(now_ns, p.rng);
  std::uint64_t next = 0;
  if (!next_v7_position(shared, draw.now_tick, p.mine, next)) throw_v7_positions_exhausted(shared, p.mine);
  shared = next;
  return finish_v7_shared(p.mine, next, draw);
}

TEST(V7Position, LayoutIsTickThenFourBitCounterAnd58RandomBits) {
  EXPECT_EQ(kV7CounterBits, 4);
  EXPECT_EQ(kV7SharedRandomBits, 58);
  const V7State v = v7_at_position(std::uint64_t{0xabcdef} << 4 | 9, ~std::uint64_t{0});
  EXPECT_EQ(v.last_tick, 0xabcdefu);
  EXPECT_EQ(v.last_rand_b >> 58, 9u);
  EXPECT_EQ(v.last_rand_b & kV7SharedRandomMask, kV7SharedRandomMask);
  EXPECT_LE(v.last_rand_b, kMaxV7RandB);
  EXPECT_EQ(v7_position(v), std::uint64_t{0xabcdef} << 4 | 9);
}

TEST(V7Position, ClockAheadTakesTheClockTickWithCounterZero) {
  std::uint64_t out = 0;
  ASSERT_TRUE(next_v7_position(std::uint64_t{100} << 4 | 7, 200, V7State{}, out));
  EXPECT_EQ(out, std::uint64_t{200} << 4);
}

TEST(V7Position, SameTickCountsUpThenCarriesIntoTheNextTick) {
  std::uint64_t shared = std::uint64_t{500} << 4;
  std::uint64_t out = 0;
  for (std::uint64_t c = 1; c < 16; ++c) {
    ASSERT_TRUE(next_v7_position(shared, 500, V7State{}, out));
    EXPECT_EQ(out, std::uint64_t{500} << 4 | c);
    shared = out;
  }
  ASSERT_TRUE(next_v7_position(shared, 500, V7State{}, out));  // the 17th value in tick 500
  EXPECT_EQ(out, std::uint64_t{501} << 4);
}

TEST(V7Position, ClockSteppedBackCountsUpFromTheShared) {
  std::uint64_t out = 0;
  const std::uint64_t shared = std::uint64_t{9000000} << 4 | 3;
  ASSERT_TRUE(next_v7_position(shared, 9000000 - 8192000, V7State{}, out));  // 2 s back
  EXPECT_EQ(out, shared + 1);
}

TEST(V7Position, OwnLastValueIsAFloor) {
  // A process that made a session-scope value ahead of the shared position (its own clock
  // stepped back) continues above it when it turns to the shared sequence.
  const V7State mine{7000, (std::uint64_t{5} << 58) | 12345};
  std::uint64_t out = 0;
  ASSERT_TRUE(next_v7_position(std::uint64_t{6000} << 4, 6500, mine, out));
  EXPECT_EQ(out, std::uint64_t{7000} << 4 | 6);
  const V7State value = v7_at_position(out, 0);
  EXPECT_GT(std::pair(value.last_tick, value.last_rand_b), std::pair(mine.last_tick, mine.last_rand_b));
  // The initial state is below every clock.
  ASSERT_TRUE(next_v7_position(0, 1, V7State{}, out));
  EXPECT_EQ(out, std::uint64_t{1} << 4);
}

TEST(V7Position, RefusesToPassTheLastPosition) {
  std::uint64_t out = 42;
  EXPECT_FALSE(next_v7_position(kMaxV7Position, kMaxV7Tick, V7State{}, out));
  EXPECT_FALSE(next_v7_position(0, 1, v7_at_position(kMaxV7Position, 0), out));
  EXPECT_EQ(out, 42u);
  ASSERT_TRUE(next_v7_position(kMaxV7Position - 1, 0, V7State{}, out));
  EXPECT_EQ(out, kMaxV7Position);
}

TEST(V7Shared, ExhaustedPositionsAreAnOverflowError) {
  Process p(1);
  std::uint64_t shared = kMaxV7Position;
  EXPECT_EQ(error_of([&] { next_value(shared, p, kStart); }).code(), Errc::datetime_overflow);
  EXPECT_EQ(shared, kMaxV7Position);
}

TEST(V7Shared, BurstOnAFrozenClockStaysOnTheClockFor16ValuesPerTick) {
  Process p(2);
  std::uint64_t shared = 0;
  const std::uint64_t clock_tick = v7_tick_from_ns(kStart);
  Uuid prev{};
  for (int i = 0; i < 16 * 100; ++i) {
    const Uuid u = next_value(shared, p, kStart);
    EXPECT_EQ(tick_of(u), clock_tick + static_cast<std::uint64_t>(i / 16));
    EXPECT_EQ(rand_b_of(u) >> 58, static_cast<std::uint64_t>(i % 16));
    if (i > 0) {
      EXPECT_LT(prev, u);
    }
    prev = u;
  }
}

TEST(V7Shared, The58LowBitsAreFreshRandomBits) {
  Process p(3);
  std::uint64_t shared = 0;
  std::set<std::uint64_t> low;
  std::uint64_t ones = 0, zeros = 0;
  for (int i = 0; i < 1000; ++i) {
    const Uuid u = next_value(shared, p, kStart + i * 1000);
    const std::uint64_t r = rand_b_of(u) & kV7SharedRandomMask;
    low.insert(r);
    ones |= r;
    zeros |= ~r & kV7SharedRandomMask;
    EXPECT_EQ(u[6] >> 4, 7);       // §5.7 version
    EXPECT_EQ(u[8] & 0xc0, 0x80);  // variant
  }
  EXPECT_EQ(low.size(), 1000u);
  EXPECT_EQ(ones, kV7SharedRandomMask);  // every one of the 58 bits was 1 somewhere and 0 somewhere
  EXPECT_EQ(zeros, kV7SharedRandomMask);
  EXPECT_EQ(p.rng.drawn, 8000u);  // 8 bytes per value
}

// Processes take turns, new ones replacing them when the clock steps back 2 s midway: every value
// is above every earlier one. The control: the same turns in session scope (a V7State each) go
// backwards after the step, a new process starting from the stepped-back clock.
TEST(V7Shared, TurnsAcrossProcessesStayIncreasingThroughAClockStepBack) {
  std::uint64_t shared = 0;
  std::vector<Process> procs;
  for (int i = 0; i < 4; ++i) procs.emplace_back(100 + i);
  std::vector<V7State> session_states(4);
  FakeRandom session_rng(7);
  std::int64_t now = kStart;
  Uuid last_server{}, last_session{};
  int session_backwards = 0;
  for (int turn = 0; turn < 10000; ++turn) {
    if (turn == 5000) {
      now -= 2 * kNsPerSec;
      for (int i = 0; i < 4; ++i) {  // new processes keep taking turns
        procs[i] = Process(200 + i);
        session_states[i] = V7State{};
      }
    }
    now += 20000;  // 20 µs per turn
    const int who = turn % 4;
    const Uuid s = next_value(shared, procs[who], now);
    if (turn > 0) {
      ASSERT_LT(last_server, s) << "turn " << turn;
    }
    last_server = s;
    const Uuid l = generate_v7(session_states[who], now, session_rng);
    if (turn > 0 && !(last_session < l)) ++session_backwards;
    last_session = l;
  }
  EXPECT_GE(session_backwards, 1);
  // After the step, the shared sequence kept the time of before it (ahead of the clock by < 2 s).
  EXPECT_GT(v7_tick_to_unix_micros(tick_of(last_server)), now / 1000);
}

// A process raised above an instant 2 s ahead of its clock (a promoted standby's last commit) takes
// the shared sequence above it: every later value of any process sorts above that tick's last v7.
TEST(V7Shared, AProcessRaisedAboveAnInstantTakesTheSequenceAboveIt) {
  std::uint64_t shared = 0;
  Process first(1), other(2);
  const Uuid early = next_value(shared, other, kStart);
  const std::int64_t floor_ns = kStart + 2 * kNsPerSec;
  raise_v7_above(first.mine, floor_ns);
  const Uuid greatest_of_floor = encode_v7_tick(v7_tick_from_ns(floor_ns), kMaxV7RandB);
  Uuid prev = early;
  for (int i = 0; i < 100; ++i) {
    const Uuid v = next_value(shared, i % 2 ? other : first, kStart + (i + 1) * 1000);
    ASSERT_LT(greatest_of_floor, v) << "value " << i;
    ASSERT_LT(prev, v) << "value " << i;
    prev = v;
  }
}

TEST(V7Shared, ManyThreadsOverOneAtomicNeverRepeatAndEachIncreases) {
  static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "a 64-bit CAS without a lock");
  constexpr int kThreads = 4;
  constexpr int kPerThread = 100000;
  std::atomic<std::uint64_t> shared{0};
  std::vector<std::vector<Uuid>> made(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Process p(1000 + t);
      for (int i = 0; i < kPerThread; ++i) {
        const V7SharedDraw draw = draw_v7_shared(kStart + (i / 64) * 1000, p.rng);  // a slow clock: bursts
        std::uint64_t seen = shared.load();
        std::uint64_t next = 0;
        do {
          ASSERT_TRUE(next_v7_position(seen, draw.now_tick, p.mine, next));
        } while (!shared.compare_exchange_weak(seen, next));
        made[t].push_back(finish_v7_shared(p.mine, next, draw));
      }
    });
  }
  for (auto& th : threads) th.join();
  std::set<Uuid> all;
  for (const auto& v : made) {
    EXPECT_TRUE(std::is_sorted(v.begin(), v.end()));
    EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());
    all.insert(v.begin(), v.end());
  }
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kThreads * kPerThread));
}

}  // namespace
}  // namespace uuidx
