// monotonic.hpp: the pure step that keeps a session's time-based UUIDs strictly increasing
// (RFC 9562 §6.2), whatever the clock does.
#pragma once

#include <cstdint>

namespace uuidx {

// The value to use next, given the last one used and what the clock says now, both in the same
// unit (v7 ticks or Gregorian 100-ns intervals). The clock wins when it is ahead; otherwise the
// last value plus one (RFC 9562 §6.2: a frozen clock, a burst within one tick, or a clock stepped
// backwards all keep counting up from the last value). Returns false when that would pass `max`.
constexpr bool next_monotonic(std::uint64_t last, std::uint64_t now, std::uint64_t max, std::uint64_t& out) noexcept {
  const std::uint64_t next = now > last ? now : last + 1;
  if (next > max || next < last) return false;
  out = next;
  return true;
}

}  // namespace uuidx
