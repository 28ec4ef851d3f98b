// fuzz_time.cpp: libFuzzer target for the core functions that take instants and session state as
// plain integers (any int64, as a corrupted or extreme input would give). The first byte picks:
// 0 v7_floor / v7_ceil / generate_v7_at of an instant in µs; 1 generate_v7, 2 generate_v7_shifted
// (PostgreSQL 18's uuidv7(shift)) and v7_shift_ticks, 3 generate_v1 / v6 / v1mc, from any state and
// clock reading; 4 the read-back of time, clock_seq and node from any 16 bytes; 5 format_unix_micros.
// The documented range is accepted, all else is a 22008; what is accepted reads back to the instant
// given; the session sequences only grow; UBSan reports any signed overflow on the way.
#include <utility>

#include "../unit/uuid_text.hpp"
#include "fuzz_common.hpp"
#include "generators.hpp"
#include "v7range.hpp"

using namespace uuidx;
using namespace uuidx::fuzz;

namespace {

constexpr std::int64_t kMaxV7Micros = kMaxUnixMs * 1000 + 999;

void check_overflow(const Error& e, const char* what) { check_error(e, Errc::datetime_overflow, what, ""); }

void fuzz_v7_instant(Reader& in) {
  const std::int64_t us = in.i64();
  FuzzRandom rng(in.u64());
  const bool in_range = us >= 0 && us <= kMaxV7Micros;
  try {
    const Uuid lo = v7_floor(us), hi = v7_ceil(us);
    FUZZ_CHECK(in_range);
    FUZZ_CHECK(version_of(lo) == 7 && version_of(hi) == 7);
    FUZZ_CHECK(*v7_unix_ms(lo) == static_cast<std::uint64_t>(us / 1000));
    FUZZ_CHECK(*v7_unix_ms(hi) == static_cast<std::uint64_t>(us / 1000));
    FUZZ_CHECK(tick_of(lo) == static_cast<std::uint64_t>(us / 1000) << 12);
    FUZZ_CHECK(tick_of(hi) == (static_cast<std::uint64_t>(us / 1000) << 12 | 0xfff));
    const Uuid at = generate_v7_at(us, rng);
    FUZZ_CHECK(lo <= at && at <= hi);
    FUZZ_CHECK(*unix_micros(at, true) == us);  // exact to the µs (timeutil.hpp)
    FUZZ_CHECK(*unix_micros(at, false) == us / 1000 * 1000);
  } catch (const Error& e) {
    FUZZ_CHECK(!in_range);
    check_overflow(e, "timestamp out of range for UUIDv7: \"");
    FUZZ_CHECK(std::string(e.what()).find(format_unix_micros(us)) != std::string::npos);
  }
  try {
    generate_v7_at(us, rng);
    FUZZ_CHECK(in_range);
  } catch (const Error& e) {
    FUZZ_CHECK(!in_range);
    check_overflow(e, "timestamp out of range for UUIDv7: \"");
  }
}

// A session state from the input: any tick, and a rand_b anywhere or near its end (§6.2 Method 2
// overflows into the next tick).
V7State v7_state(Reader& in) {
  const std::uint64_t tick = in.u64() % (kMaxV7Tick + 1);
  const std::uint64_t r = in.u64();
  const std::uint64_t rand_b = (r & 1) ? kMaxV7RandB - (r >> 1) % (4 * kMaxV7Increment) : r >> 2;
  return V7State{tick, rand_b};
}

bool v7_greater(const V7State& a, const V7State& b) {
  return std::make_pair(a.last_tick, a.last_rand_b) > std::make_pair(b.last_tick, b.last_rand_b);
}

void fuzz_v7_session(Reader& in) {
  V7State state = v7_state(in);
  FuzzRandom rng(in.u64());
  for (int i = 0; i < 4 && in.left() > 0; ++i) {
    const std::int64_t now_ns = in.i64();
    const V7State before = state;
    try {
      const Uuid u = generate_v7(state, now_ns, rng);
      FUZZ_CHECK(version_of(u) == 7);
      FUZZ_CHECK(v7_greater(state, before));
      FUZZ_CHECK(tick_of(u) == state.last_tick && rand_b_of(u) == state.last_rand_b);
      FUZZ_CHECK(state.last_tick >= v7_tick_from_ns(now_ns));
      // The tick is the clock's, or the last one, or (only when rand_b overflowed) one past it.
      FUZZ_CHECK(state.last_tick == v7_tick_from_ns(now_ns) || state.last_tick == before.last_tick ||
                 state.last_tick == before.last_tick + 1);
      if (state.last_tick == before.last_tick) FUZZ_CHECK(state.last_rand_b - before.last_rand_b <= kMaxV7Increment);
    } catch (const Error& e) {
      FUZZ_CHECK(before.last_tick == kMaxV7Tick);
      FUZZ_CHECK(state.last_tick == before.last_tick && state.last_rand_b == before.last_rand_b);
      check_overflow(e, "timestamp out of range for UUIDv7: \"");
    }
  }
}

void fuzz_v7_shift(Reader& in) {
  V7State state = v7_state(in);
  const std::int64_t now_ns = in.i64(), shift_us = in.i64(), other_us = in.i64();  // read in this order
  FuzzRandom rng(in.u64());
  // A larger shift never gives fewer ticks (beyond ±2^50 ms v7_shift_ticks clamps, far outside
  // the 2^48 ms a v7 holds, so only the error matters there).
  const std::int64_t a = shift_us < other_us ? shift_us : other_us, b = shift_us < other_us ? other_us : shift_us;
  constexpr std::int64_t kUnclamped = (std::int64_t{1} << 50) * 1000;
  if (a > -kUnclamped && b < kUnclamped) FUZZ_CHECK(v7_shift_ticks(a) <= v7_shift_ticks(b));
  const V7State before = state;
  const FuzzRandom rng_before = rng;
  try {
    const Uuid u = generate_v7_shifted(state, now_ns, shift_us, rng);
    FUZZ_CHECK(version_of(u) == 7);
    FUZZ_CHECK(v7_greater(state, before));
    FUZZ_CHECK(rand_b_of(u) == state.last_rand_b);
    FUZZ_CHECK(static_cast<std::int64_t>(tick_of(u)) ==
               static_cast<std::int64_t>(state.last_tick) + v7_shift_ticks(shift_us));
  } catch (const Error& e) {
    check_overflow(e, "timestamp out of range for UUIDv7: \"");
    // The error only for an instant a v7 cannot hold: either the unshifted step fails too (the
    // clock or the sequence past the 48-bit ms), or its tick plus the shift leaves 0..kMaxV7Tick.
    V7State plain = before;
    FuzzRandom plain_rng = rng_before;
    bool unshifted_fails = false;
    try {
      generate_v7(plain, now_ns, plain_rng);
    } catch (const Error&) {
      unshifted_fails = true;
    }
    if (!unshifted_fails) {
      const std::int64_t tick = static_cast<std::int64_t>(plain.last_tick) + v7_shift_ticks(shift_us);
      FUZZ_CHECK(tick < 0 || tick > static_cast<std::int64_t>(kMaxV7Tick));
    }
  }
}

void fuzz_gregorian(Reader& in) {
  GregorianState state;
  state.seeded = in.byte() & 1;
  state.clock_seq = static_cast<std::uint16_t>(in.u64() & 0x3fff);
  state.last_100ns = in.u64() % (kMaxGregorian100ns + 1);
  FuzzRandom rng(in.u64());
  for (int i = 0; i < 4 && in.left() > 0; ++i) {
    const int which = in.byte() % 3;
    const std::int64_t now_ns = in.i64();
    const std::uint64_t before = state.last_100ns;
    try {
      const Uuid u = which == 0   ? generate_v1(state, now_ns, rng)
                     : which == 1 ? generate_v6(state, now_ns, rng)
                                  : generate_v1mc(state, now_ns, rng);
      FUZZ_CHECK(version_of(u) == (which == 1 ? 6 : 1));
      FUZZ_CHECK(state.last_100ns > before);
      FUZZ_CHECK(*gregorian_timestamp(u) == state.last_100ns);
      FUZZ_CHECK(*clock_seq(u) == state.clock_seq);
      if (which == 2) FUZZ_CHECK(((*node(u))[0] & 1) == 1);  // §6.10 multicast bit
    } catch (const Error& e) {
      FUZZ_CHECK(before == kMaxGregorian100ns);
      check_overflow(e, "timestamp out of range for UUIDv1 and UUIDv6: \"");
    }
  }
}

void fuzz_read_back(Reader& in) {
  const Uuid u = in.uuid();
  const int version = version_of(u);
  const auto whole = unix_micros(u, false);
  const auto sub = unix_micros(u, true);
  FUZZ_CHECK(whole.has_value() == (version == 1 || version == 6 || version == 7));
  FUZZ_CHECK(sub.has_value() == whole.has_value());
  if (version == 7) FUZZ_CHECK(*sub - *whole >= 0 && *sub - *whole <= 999);
  if (version == 1 || version == 6) FUZZ_CHECK(*sub == *whole);
  const auto pg18 = pg18_extract_timestamp(u);
  FUZZ_CHECK(pg18.has_value() == (version == 1 || version == 7));
  if (pg18) FUZZ_CHECK(*pg18 == *whole);
  FUZZ_CHECK(clock_seq(u).has_value() == (version == 1 || version == 6));
  FUZZ_CHECK(node(u).has_value() == (version == 1 || version == 6));
  if (whole) FUZZ_CHECK(!format_unix_micros(*whole).empty());
}

void fuzz_format(Reader& in) {
  const std::int64_t us = in.i64();
  const std::string s = format_unix_micros(us);
  FUZZ_CHECK(!s.empty() && s.size() < 96);
  if (us != kInfinitePast && us != kInfiniteFuture && us != kBeyondUnixMicros) {
    const bool bc = s.size() > 3 && s.compare(s.size() - 3, 3, " BC") == 0;
    FUZZ_CHECK(bc || s.compare(s.size() - 3, 3, "+00") == 0);
    FUZZ_CHECK(bc == (us < -62135596800000000LL));  // 0001-01-01 00:00:00 UTC
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pick(data, size,
              {fuzz_v7_instant, fuzz_v7_session, fuzz_v7_shift, fuzz_gregorian, fuzz_read_back, fuzz_format});
}
