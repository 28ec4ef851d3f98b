// v7range.hpp: the UUIDv7 bounds of a millisecond, for btree range scans over a v7 key. Pure
// functions over plain values.
#pragma once

#include <cstdint>

#include "uuid.hpp"

namespace uuidx {

// RFC 9562 §5.7: the smallest v7 whose unix_ts_ms is the millisecond holding `unix_us` (rand_a
// and rand_b all zero) and the greatest (all ones). Every v7 of that millisecond sorts between
// them. Throw Error(datetime_overflow) for instants before 1970, past the 48-bit unix_ts_ms,
// and kInfinitePast / kInfiniteFuture.
Uuid v7_floor(std::int64_t unix_us);
Uuid v7_ceil(std::int64_t unix_us);

}  // namespace uuidx
