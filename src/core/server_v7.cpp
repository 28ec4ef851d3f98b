// server_v7.cpp: inputs and output of a server-scope v7 step around the glue's compare-and-swap.
#include "server_v7.hpp"

#include "bytes.hpp"
#include "generators.hpp"
#include "layout.hpp"

namespace uuidx {

V7SharedDraw draw_v7_shared(std::int64_t now_ns, RandomSource& rng) {
  const std::uint64_t now_tick = v7_tick_from_ns(now_ns);
  std::uint8_t rand[8];
  rng.fill(rand, sizeof rand);
  return V7SharedDraw{now_tick, load_be64(rand) & kV7SharedRandomMask};  // §5.7, §6.9: 58 random bits
}

Uuid finish_v7_shared(V7State& mine, std::uint64_t position, const V7SharedDraw& draw) noexcept {
  mine = v7_at_position(position, draw.fresh);
  return encode_v7_tick(mine.last_tick, mine.last_rand_b);
}

void throw_v7_positions_exhausted(std::uint64_t shared, const V7State& mine) {
  const std::uint64_t own = v7_position(mine);
  const std::uint64_t last = shared > own ? shared : own;
  throw_v7_range(v7_tick_to_unix_micros(last >> kV7CounterBits) + 1000);
}

}  // namespace uuidx
