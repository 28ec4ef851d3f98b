// v7range.cpp: v7 floor/ceil of a millisecond and the shifted monotonic v7.
#include "v7range.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "error.hpp"
#include "layout.hpp"
#include "timeutil.hpp"

namespace uuidx {

namespace {

// The whole ms holding `unix_us`, or an error naming the instant.
std::uint64_t v7_ms_of(std::int64_t unix_us) {
  if (unix_us < 0 || unix_us > kMaxV7Micros) throw_v7_range(unix_us);  // ±infinity included
  return static_cast<std::uint64_t>(unix_us / 1000);
}

// "-3 days -04:05:06.000007" for a message about a shift.
std::string format_shift(std::int64_t us) {
  const bool negative = us < 0;
  // |INT64_MIN| does not fit; a shift that large is out of range long before this matters.
  std::uint64_t a = negative ? static_cast<std::uint64_t>(-(us + 1)) + 1 : static_cast<std::uint64_t>(us);
  const std::uint64_t days = a / 86400000000ULL;
  a %= 86400000000ULL;
  char buf[96];
  // Both parts signed, as PostgreSQL writes an interval: "-3 days 04:05:06" would read as
  // -3 days plus 4 hours (found by sql/bad_input.sql).
  std::snprintf(buf, sizeof buf, "%s%llu days %s%02llu:%02llu:%02llu.%06llu", negative ? "-" : "",
                static_cast<unsigned long long>(days), negative ? "-" : "",
                static_cast<unsigned long long>(a / 3600000000ULL),
                static_cast<unsigned long long>(a / 60000000ULL % 60),
                static_cast<unsigned long long>(a / 1000000ULL % 60), static_cast<unsigned long long>(a % 1000000ULL));
  return buf;
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

std::int64_t v7_shift_ticks(std::int64_t shift_us) noexcept {
  std::int64_t ms = shift_us / 1000;
  std::int64_t rest = shift_us % 1000;
  if (rest < 0) {  // floor, so that rest is 0..999
    rest += 1000;
    --ms;
  }
  // Far outside the 60-bit tick range either way; clamp so the products cannot overflow.
  const std::int64_t limit = std::int64_t{1} << 50;
  if (ms > limit) ms = limit;
  if (ms < -limit) ms = -limit;
  return ms * (std::int64_t{1} << kSubMsBits) + (rest * 4096 + 500) / 1000;
}

Uuid generate_v7_shifted(V7State& state, std::int64_t now_ns, std::int64_t shift_us, RandomSource& rng) {
  generate_v7(state, now_ns, rng);  // advances the session's sequence; its tick and rand_b are used below
  const std::int64_t tick = static_cast<std::int64_t>(state.last_tick) + v7_shift_ticks(shift_us);
  if (tick < 0 || tick > static_cast<std::int64_t>(kMaxV7Tick)) {
    const std::int64_t now_us = v7_tick_to_unix_micros(state.last_tick);
    // The shifted instant; past int64 µs (PostgreSQL's last years) it is named as such.
    std::int64_t shifted;
    if (__builtin_add_overflow(now_us, shift_us, &shifted) || shifted >= kBeyondUnixMicros) shifted = kBeyondUnixMicros;
    if (shifted == kInfinitePast) ++shifted;
    throw Error(Errc::datetime_overflow, "timestamp out of range for UUIDv7: \"" + format_unix_micros(shifted) + "\"",
                "A shift of " + format_shift(shift_us) + " moves the current time " + format_unix_micros(now_us) +
                    " outside what UUIDv7 holds, " + format_unix_micros(0) + " to " + format_unix_micros(kMaxV7Micros) +
                    " (RFC 9562 section 5.7).");
  }
  return encode_v7_tick(static_cast<std::uint64_t>(tick), state.last_rand_b);
}

}  // namespace uuidx
