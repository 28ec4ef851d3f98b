// v7range.hpp: the UUIDv7 bounds of a millisecond (for btree range scans over a v7 key) and the
// time-shifted v7 of PostgreSQL 18's uuidv7(shift interval). Pure functions over plain values.
#pragma once

#include <cstdint>

#include "generators.hpp"
#include "random.hpp"
#include "uuid.hpp"

namespace uuidx {

// RFC 9562 §5.7: the smallest v7 whose unix_ts_ms is the millisecond holding `unix_us` (rand_a
// and rand_b all zero) and the greatest (all ones). Every v7 of that millisecond sorts between
// them. Throw Error(datetime_overflow) for instants before 1970, past the 48-bit unix_ts_ms,
// and kInfinitePast / kInfiniteFuture.
Uuid v7_floor(std::int64_t unix_us);
Uuid v7_ceil(std::int64_t unix_us);

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
