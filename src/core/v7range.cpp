// v7range.cpp: v7 floor/ceil of a millisecond.
#include "v7range.hpp"

#include "error.hpp"
#include "generators.hpp"
#include "layout.hpp"
#include "timeutil.hpp"

namespace uuidx {

namespace {

// The whole ms holding `unix_us`, or an error naming the instant.
std::uint64_t v7_ms_of(std::int64_t unix_us) {
  if (unix_us < 0 || unix_us > kMaxV7Micros) throw_v7_range(unix_us);  // ±infinity included
  return static_cast<std::uint64_t>(unix_us / 1000);
}

}  // namespace

Uuid v7_floor(std::int64_t unix_us) {
  std::array<std::uint8_t, 8> zeros{};
  return encode_v7(v7_ms_of(unix_us), 0, zeros);  // §5.7: rand_a = 0, rand_b = 0
}

Uuid v7_ceil(std::int64_t unix_us) {
  std::array<std::uint8_t, 8> ones;
  ones.fill(0xff);
  return encode_v7(v7_ms_of(unix_us), 0xfff, ones);  // §5.7: rand_a and rand_b all ones
}

}  // namespace uuidx
