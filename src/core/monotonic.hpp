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

// The v7 to hand out after `last` when every value must draw all 62 bits of rand_b afresh
// (`fresh`), so that no two values share bits a counter carried over (RFC 9562 §6.2, Method 3
// alone): the clock's tick when it has passed the last one, else the last tick + 1, i.e. the
// sub-millisecond fraction advances by one 1/4096 ms. Strictly greater than `last`; runs ahead
// of the clock while values come faster than one per tick. Returns false, leaving `out`
// untouched, when the last tick is the greatest and the clock has not passed it.
constexpr bool next_v7_fresh(const V7State& last, std::uint64_t now_tick, std::uint64_t fresh, V7State& out) noexcept {
  if (now_tick <= last.last_tick && last.last_tick >= kMaxV7Tick) return false;
  out = V7State{now_tick > last.last_tick ? now_tick : last.last_tick + 1, fresh & kMaxV7RandB};
  return true;
}

// ---- one v7 sequence for a whole server (RFC 9562 §6.2, Methods 3 and 1) --------------------
// A server-wide sequence is one 64-bit "position" that every process advances with a 64-bit
// compare-and-swap (no 16-byte atomic needed): the 60-bit tick (unix_ts_ms << 12 | §6.2 Method 3
// fraction) followed by a 4-bit counter (§6.2 Method 1, a fixed-length counter in the most
// significant bits of rand_b). The value built from a position is that tick, then rand_b = the
// counter in its top 4 bits and 58 fresh random bits below. Positions are handed out strictly
// increasing, and two values order exactly as their positions, whatever the random bits.
constexpr int kV7CounterBits = 4;
constexpr int kV7SharedRandomBits = 62 - kV7CounterBits;  // 58 (§6.9: unguessability)
constexpr std::uint64_t kV7SharedRandomMask = (std::uint64_t{1} << kV7SharedRandomBits) - 1;
constexpr std::uint64_t kMaxV7Position = ~std::uint64_t{0};  // kMaxV7Tick with counter 15
static_assert((kMaxV7Tick << kV7CounterBits | 15) == kMaxV7Position, "a position is a 60-bit tick and a 4-bit counter");

// The position of a value: its tick and the top 4 bits of its rand_b. For a value made from a
// position this is that position; for any value (a session-scope one too), every value of a
// greater position is greater than it: a greater tick, or the same tick and a greater top of rand_b.
constexpr std::uint64_t v7_position(const V7State& v) noexcept {
  return v.last_tick << kV7CounterBits | v.last_rand_b >> kV7SharedRandomBits;
}

// The value at `position` with `fresh` (its low 58 bits are used) as the random bits.
constexpr V7State v7_at_position(std::uint64_t position, std::uint64_t fresh) noexcept {
  return V7State{position >> kV7CounterBits,
                 (position & ((1u << kV7CounterBits) - 1)) << kV7SharedRandomBits | (fresh & kV7SharedRandomMask)};
}

// The position to install after `shared` (the server's last one) when the clock reads `now_tick`
// (at most kMaxV7Tick) and this process last handed out `mine` (from either scope):
//   max(now_tick with counter 0, shared + 1, position of mine + 1).
// The clock wins when it is ahead, so the tick stays the clock's unless more than 16 values fall
// in one 1/4096 ms across the whole server; otherwise the counter counts on from the greater of
// the two (a burst, a frozen clock or a clock stepped back: §6.2), carrying into the tick after
// 16. Including `mine` keeps a process's own values increasing when the scope changes under it.
// Strictly greater than `shared` and than `mine`. Returns false, leaving `out` untouched, when
// no such position exists (the last position, kMaxV7Position, is taken). Pure.
constexpr bool next_v7_position(std::uint64_t shared, std::uint64_t now_tick, const V7State& mine,
                                std::uint64_t& out) noexcept {
  const std::uint64_t own = v7_position(mine);
  const std::uint64_t last = shared > own ? shared : own;
  if (last == kMaxV7Position) return false;
  const std::uint64_t clock = now_tick << kV7CounterBits;
  out = clock > last ? clock : last + 1;
  return true;
}

}  // namespace uuidx
