// server_v7.hpp: the parts of a server-wide v7 step that are not the compare-and-swap (RFC 9562
// §6.2): what is drawn before it (the clock's tick, 58 random bits) and the value made after it.
// The glue runs the atomic loop over next_v7_position (monotonic.hpp) between the two.
#pragma once

#include <cstdint>

#include "monotonic.hpp"
#include "random.hpp"
#include "uuid.hpp"

namespace uuidx {

// The inputs of one server-scope value, drawn before the shared position moves, so that a failed
// draw (clock past the 48-bit ms, random source failure) leaves no trace.
struct V7SharedDraw {
  std::uint64_t now_tick;  // §6.2 Method 3 tick of the clock
  std::uint64_t fresh;     // 58 random bits (§6.9), the low bits of rand_b
};

// Throws Error(datetime_overflow) past the 48-bit unix_ts_ms, or the random source's error.
// Draws 8 random bytes.
V7SharedDraw draw_v7_shared(std::int64_t now_ns, RandomSource& rng);

// The value at `position` (installed by the caller's compare-and-swap) with the drawn random
// bits; records it as this process's last value in `mine`.
Uuid finish_v7_shared(V7State& mine, std::uint64_t position, const V7SharedDraw& draw) noexcept;

// The error when the last position is taken (the 48-bit unix_ts_ms exhausted), naming the
// instant after `mine`'s or `shared`'s last value.
[[noreturn]] void throw_v7_positions_exhausted(std::uint64_t shared, const V7State& mine);

}  // namespace uuidx
