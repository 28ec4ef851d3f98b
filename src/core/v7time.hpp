// v7time.hpp: time predicates over UUIDv7 keys. The key range implied by a comparison of a v7's
// time with an instant (what the planner hook adds next to `uuid_extract_time(id) op t`), and the
// kind of a UUID named in the version domains' errors. Pure functions over plain values.
#pragma once

#include <cstddef>
#include <cstdint>

#include "uuid.hpp"

namespace uuidx {

// The comparison `time(key) op t`, written with the key's time on the left.
enum class TimeCmp : std::uint8_t { lt, le, eq, ge, gt };

// The same comparison with its operands swapped (`t op time(key)` is `time(key) commute(op) t`).
TimeCmp commute(TimeCmp op) noexcept;

// Which key bounds a comparison implies: `time(key) >= t` only a lower one, `=` both.
struct ImpliedBounds {
  bool lower = false;
  bool lower_inclusive = false;  // time >= t (true) or time > t (false)
  bool upper = false;
  bool upper_inclusive = false;  // time <= t (true) or time < t (false)
};
ImpliedBounds implied_bounds(TimeCmp op) noexcept;

// The time of a v7 as uuid_extract_time reads it: its unix_ts_ms in µs (RFC 9562 §5.7), or with
// `sub_ms` that plus the rand_a fraction to the nearest µs (§6.2 Method 3). Among v7 values it
// never decreases in UUID (byte) order, so each side of a comparison with an instant is one
// contiguous key range:
//
// v7_lower_bound: the smallest v7 whose time is >= `unix_us` (`inclusive`) or > it. Every v7
// whose time satisfies that sorts at or above it. Never fails: an instant before the first v7
// gives the smallest v7 (00000000-0000-7000-8000-000000000000); one past the last v7 time, or
// kInfiniteFuture / kBeyondUnixMicros, gives the max UUID, above every v7.
Uuid v7_lower_bound(std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept;

// v7_upper_bound: the greatest v7 whose time is <= `unix_us` (`inclusive`) or < it. Every v7
// whose time satisfies that sorts at or below it. An instant before any v7 time (kInfinitePast
// included) gives the nil UUID, below every v7; one past the last gives the greatest v7
// (ffffffff-ffff-7fff-bfff-ffffffffffff).
Uuid v7_upper_bound(std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept;

// v7_key_bound: the bound the planner hook compares the key with when the instant is known at
// planning: v7_lower_bound (`lower`) or v7_upper_bound, except that where no v7 satisfies the
// comparison (the max or the nil UUID above) it is the greatest or the smallest v7 instead: the
// comparison is still implied (no v7 satisfies it), and the value is itself a v7, as a key range
// over a UUIDv7 partitioning column may have to be (TimescaleDB refuses any other constant).
Uuid v7_key_bound(bool lower, std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept;

// §6.2 Method 3 read back: the smallest 12-bit fraction whose µs (micros_from_sub_ms_fraction)
// is >= `us_in_ms`, and the greatest whose µs is <= it; `us_in_ms` in 0..999.
std::uint16_t fraction_at_least(std::uint32_t us_in_ms) noexcept;
std::uint16_t fraction_at_most(std::uint32_t us_in_ms) noexcept;

// What a UUID is, for "must be a UUIDvN, not ..." messages: "the nil UUID", "the max UUID",
// "a UUID of the Microsoft variant", "a UUIDv4". Written into `out` (NUL-terminated, cut to
// `size`); no allocation, so the glue may call it in a frame that raises a PostgreSQL error.
void describe_kind(const Uuid& u, char* out, std::size_t size) noexcept;

}  // namespace uuidx
