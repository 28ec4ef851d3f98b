// timeutil.hpp: the epochs and units of RFC 9562 §5.1 and §5.7, and UTC formatting for messages.
#pragma once

#include <cstdint>
#include <string>

namespace uuidx {

// RFC 9562 §5.1 / Appendix A: 100-ns intervals from the Gregorian epoch (1582-10-15) to the Unix
// epoch (1970-01-01).
constexpr std::uint64_t kGregorianUnixOffset100ns = 122192928000000000ULL;

// RFC 9562 §5.1: the v1/v6 timestamp is 60 bits of 100-ns intervals.
constexpr std::uint64_t kMaxGregorian100ns = (1ULL << 60) - 1;

// RFC 9562 §5.7: unix_ts_ms is 48 bits.
constexpr std::int64_t kMaxUnixMs = (std::int64_t{1} << 48) - 1;

// A v7 "tick" is unix_ts_ms followed by the 12-bit rand_a fraction (§6.2 Method 3): 60 bits that
// order v7 values by time and that the monotonic generator advances by one when it must.
constexpr int kSubMsBits = 12;
constexpr std::uint64_t kMaxV7Tick = (std::uint64_t{1} << 60) - 1;

// The last instant a v7 holds, in µs since the Unix epoch: the last 48-bit ms, its last µs.
constexpr std::int64_t kMaxV7Micros = kMaxUnixMs * 1000 + 999;

// Stand-ins for an infinite timestamp on the way into the core (PostgreSQL's ±infinity).
constexpr std::int64_t kInfinitePast = INT64_MIN;
constexpr std::int64_t kInfiniteFuture = INT64_MAX;
// A finite instant too late for int64 Unix µs (PostgreSQL's last 29 years, 294247..294276 AD):
// out of range for every UUID version, named as such in messages.
constexpr std::int64_t kBeyondUnixMicros = INT64_MAX - 1;

// RFC 9562 §6.2 Method 3: the fraction of a millisecond scaled to 12 bits, rounded down so that
// a later instant never gets a smaller fraction.
constexpr std::uint16_t sub_ms_fraction_from_ns(std::uint32_t ns_in_ms) noexcept {
  return static_cast<std::uint16_t>((std::uint64_t{ns_in_ms} << kSubMsBits) / 1000000U);
}

// The inverse for microseconds: the nearest whole microsecond, at most 999. Exact for any value
// written from a whole microsecond, because a fraction step (1000/4096 µs) is under half a µs.
constexpr std::uint32_t micros_from_sub_ms_fraction(std::uint16_t fraction) noexcept {
  const std::uint32_t us = (std::uint32_t{fraction} * 1000U + 2048U) >> kSubMsBits;
  return us > 999U ? 999U : us;
}

// The instant of a v7 tick in µs since the Unix epoch (sub-ms fraction to the nearest µs).
constexpr std::int64_t v7_tick_to_unix_micros(std::uint64_t tick) noexcept {
  return static_cast<std::int64_t>(tick >> kSubMsBits) * 1000 +
         micros_from_sub_ms_fraction(static_cast<std::uint16_t>(tick & 0xfff));
}

// "2022-02-22 19:22:22.123456+00" (or "infinity" / "-infinity") for messages. Handles every
// instant a PostgreSQL timestamptz can hold.
std::string format_unix_micros(std::int64_t unix_us);

}  // namespace uuidx
