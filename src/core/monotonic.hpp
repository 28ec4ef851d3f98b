// monotonic.hpp: the pure steps that keep a session's time-based UUIDs strictly increasing
// (RFC 9562 §6.2), whatever the clock does.
#pragma once

#include <cstdint>
#include <type_traits>

#include "timeutil.hpp"

namespace uuidx {

// The value to use next, given the last one used and what the clock says now, both in the same
// unit (Gregorian 100-ns intervals for v1/v6). The clock wins when it is ahead; otherwise the
// last value plus one (RFC 9562 §6.2: a frozen clock, a burst within one tick, or a clock stepped
// backwards all keep counting up from the last value). Returns false when that would pass `max`.
constexpr bool next_monotonic(std::uint64_t last, std::uint64_t now, std::uint64_t max, std::uint64_t& out) noexcept {
  const std::uint64_t next = now > last ? now : last + 1;
  if (next > max || next < last) return false;
  out = next;
  return true;
}

// RFC 9562 §5.7: rand_b is the 62 bits after the variant.
constexpr std::uint64_t kMaxV7RandB = (std::uint64_t{1} << 62) - 1;
// RFC 9562 §6.2, Method 2: the random increment of rand_b is drawn uniformly from [1, 2^32].
constexpr std::uint64_t kMaxV7Increment = std::uint64_t{1} << 32;

// The last v7 of a sequence, as two integers: its 60-bit tick (unix_ts_ms << 12 | §6.2 Method 3
// fraction) and its 62-bit rand_b. The pair orders exactly as the UUIDs do. A plain 16-byte value
// (aligned for a 16-byte compare-and-swap), so one step can be applied atomically to a shared one.
// The initial state stands for the greatest value of tick 0: the first value of a sequence is
// always above it and always gets a fresh rand_b, whatever the clock says.
struct alignas(16) V7State {
  std::uint64_t last_tick = 0;
  std::uint64_t last_rand_b = kMaxV7RandB;
};
static_assert(std::is_trivially_copyable<V7State>::value && sizeof(V7State) == 16, "V7State is one 16-byte value");

// True when the step from `last` at `now_tick` reads its `fresh` argument: the clock has passed
// the last tick, or adding `increment` would overflow the 62 bits of rand_b. A caller draws
// `fresh` only then (and `increment` only when now_tick <= last.last_tick).
constexpr bool v7_step_needs_fresh(const V7State& last, std::uint64_t now_tick, std::uint64_t increment) noexcept {
  return now_tick > last.last_tick || last.last_rand_b + increment > kMaxV7RandB;
}

// The v7 to hand out after `last` when the clock reads `now_tick` (at most kMaxV7Tick, as
// v7_tick_from_ns gives it): RFC 9562 §6.2, Method 3 (the 12-bit fraction in rand_a) combined
// with §6.2, Method 2 (monotonic random).
//   - The clock has passed the last tick: its tick, with `fresh` (62 random bits) as rand_b.
//   - Otherwise (a burst within one tick, a frozen clock, a clock stepped backwards): the last
//     tick, with rand_b = the last rand_b + `increment` (random, in [1, 2^32]; read only here).
//     So the tick never runs ahead of the clock while the 62 bits have room, and they stay
//     unpredictable.
//   - Only when that sum would overflow the 62 bits (§6.2, counter rollover): the next tick,
//     with `fresh` as rand_b.
// Strictly greater than `last` in every case. Returns false, leaving `out` untouched, when the
// last tick is the greatest (kMaxV7Tick: unix_ts_ms exhausted) and rand_b has no room left.
// Pure: no clock, no random source, no shared state.
constexpr bool next_v7(const V7State& last, std::uint64_t now_tick, std::uint64_t increment, std::uint64_t fresh,
                       V7State& out) noexcept {
  if (now_tick > last.last_tick) {
    out = V7State{now_tick, fresh & kMaxV7RandB};
    return true;
  }
  if (last.last_rand_b + increment <= kMaxV7RandB) {  // no wrap: rand_b < 2^62, increment <= 2^32
    out = V7State{last.last_tick, last.last_rand_b + increment};
    return true;
  }
  if (last.last_tick >= kMaxV7Tick) return false;
  out = V7State{last.last_tick + 1, fresh & kMaxV7RandB};
  return true;
}

}  // namespace uuidx
