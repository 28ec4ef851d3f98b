// generators.hpp: UUID generators with an injected clock (nanoseconds since the Unix epoch) and
// random source. The state structs are plain per-session values; the glue keeps one of each per
// backend and resets them after fork().
#pragma once

#include <cstdint>

#include "layout.hpp"
#include "monotonic.hpp"
#include "random.hpp"
#include "uuid.hpp"

namespace uuidx {

// The per-session v7 state is V7State (monotonic.hpp): the last tick and rand_b handed out.

// Per-session v1/v6 state (§5.1, §6.10): random clock_seq and multicast node chosen on first use,
// and the last Gregorian timestamp used. v1 and v6 share it so no two values of a session, in
// either form, have the same timestamp.
struct GregorianState {
  bool seeded = false;
  std::uint16_t clock_seq = 0;
  Node node{};
  std::uint64_t last_100ns = 0;
};

// The v7 tick the clock gives at `now_ns` (§6.2 Method 3); negative instants count as 1970.
// Throws Error(datetime_overflow) past the 48-bit unix_ts_ms.
std::uint64_t v7_tick_from_ns(std::int64_t now_ns);

// RFC 9562 §5.7 with §6.2 Methods 3 and 2 (next_v7), strictly increasing within `state` at any
// call rate and under any clock step: when the clock has not passed the last tick, the tick stays
// and rand_b grows by a random increment. Draws 8 random bytes when the clock has moved on, 4 when
// it has not. Throws Error(datetime_overflow) once the 48-bit unix_ts_ms is exhausted.
Uuid generate_v7(V7State& state, std::int64_t now_ns, RandomSource& rng);

// As generate_v7, in the same session sequence, but every value draws all 62 bits of rand_b
// afresh (next_v7_fresh): in a burst the sub-millisecond fraction advances by one tick per value
// instead of rand_b counting up, so values share no counter bits (a UUIDv47 façade keeps rand_b
// in clear). Draws 8 random bytes per value. Throws Error(datetime_overflow) once the 48-bit
// unix_ts_ms is exhausted.
Uuid generate_v7_fresh(V7State& state, std::int64_t now_ns, RandomSource& rng);

// Raises `state` to the greatest v7 of the tick of `instant_ns`, unless it is already at or above
// it: every later value of the sequence, and of a server-wide one that counts `state` as its
// process's last value, then sorts above every v7 made at or before that instant (RFC 9562 §6.2:
// v7 orders by time). Until the clock passes that tick, the values carry the tick after it.
// (Every int64 ns instant fits the 48-bit unix_ts_ms, so it never throws.)
void raise_v7_above(V7State& state, std::int64_t instant_ns);

// The same from a tick (a v7 key's, v7_tick): raises `state` to the greatest v7 of `tick` unless
// it is at or above it, so every later value sorts above every v7 of that tick, the key's
// included, and runs on the tick after it until the clock passes it.
void raise_v7_above_tick(V7State& state, std::uint64_t tick) noexcept;

// A v7 for a given instant (µs since the Unix epoch), outside any session state. Throws
// Error(datetime_overflow) before 1970, past the 48-bit ms, or for kInfinitePast/kInfiniteFuture.
Uuid generate_v7_at(std::int64_t unix_us, RandomSource& rng);

// Throws the error for an instant a v7 cannot hold (22008, naming it and the range of §5.7).
[[noreturn]] void throw_v7_range(std::int64_t unix_us);

// RFC 9562 §5.4.
Uuid generate_v4(RandomSource& rng);

// RFC 9562 §5.1 and §5.6, strictly increasing timestamps within `state` (§6.1: the 100-ns count
// is simulated when the clock has not advanced). Throws Error(datetime_overflow) past 60 bits.
Uuid generate_v1(GregorianState& state, std::int64_t now_ns, RandomSource& rng);
Uuid generate_v6(GregorianState& state, std::int64_t now_ns, RandomSource& rng);

// §6.10: 48 random bits with the multicast bit (least significant bit of octet 0) set.
Node random_multicast_node(RandomSource& rng);

// uuid-ossp's v1mc: a UUIDv1 (RFC 9562 §5.1) from the session's Gregorian timestamp stream (the
// one v1 and v6 use, so timestamps stay strictly increasing across all three) and its clock_seq,
// but with a fresh random node for every value, its multicast bit (§6.10) and locally
// administered bit set, as uuid-ossp's.
Uuid generate_v1mc(GregorianState& state, std::int64_t now_ns, RandomSource& rng);

// A shift in µs as a constant number of v7 ticks (§6.2 Method 3: 4096 per ms): whole ms
// exactly, the remaining µs rounded to the nearest tick.
std::int64_t v7_shift_ticks(std::int64_t shift_us) noexcept;

// PostgreSQL 18's uuidv7(shift): the next value of the session's monotonic sequence (as
// generate_v7), with `shift_us` added to its tick. Values with the same `shift_us` are therefore
// strictly increasing in the session, like unshifted ones (an SQL interval with months, or days
// across a DST change, converts to a different `shift_us` from call to call). Throws Error(datetime_overflow) naming
// the shifted instant when it leaves 1970 .. the end of the 48-bit unix_ts_ms.
Uuid generate_v7_shifted(V7State& state, std::int64_t now_ns, std::int64_t shift_us, RandomSource& rng);

}  // namespace uuidx
