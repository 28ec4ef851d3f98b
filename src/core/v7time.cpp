// v7time.cpp: the key range implied by a comparison of a v7's time with an instant.
#include "v7time.hpp"

#include <array>
#include <cstdio>

#include "layout.hpp"
#include "timeutil.hpp"

namespace uuidx {

namespace {

// §5.7 with §6.2 Method 3: the first and the last v7 of (unix_ms, fraction) in byte order:
// rand_b all zeros / all ones (the variant bits are stamped over its top two).
Uuid first_v7(std::uint64_t unix_ms, std::uint16_t fraction) noexcept {
  std::array<std::uint8_t, 8> zeros{};
  return encode_v7(unix_ms, fraction, zeros);
}

Uuid last_v7(std::uint64_t unix_ms, std::uint16_t fraction) noexcept {
  std::array<std::uint8_t, 8> ones;
  ones.fill(0xff);
  return encode_v7(unix_ms, fraction, ones);
}

// The greatest time a v7 can hold, as read with or without the fraction.
constexpr std::int64_t last_time(bool sub_ms) noexcept { return sub_ms ? kMaxV7Micros : kMaxUnixMs * 1000; }

}  // namespace

TimeCmp commute(TimeCmp op) noexcept {
  switch (op) {
    case TimeCmp::lt:
      return TimeCmp::gt;
    case TimeCmp::le:
      return TimeCmp::ge;
    case TimeCmp::ge:
      return TimeCmp::le;
    case TimeCmp::gt:
      return TimeCmp::lt;
    case TimeCmp::eq:
      break;
  }
  return op;
}

ImpliedBounds implied_bounds(TimeCmp op) noexcept {
  ImpliedBounds b;
  b.lower = op == TimeCmp::ge || op == TimeCmp::gt || op == TimeCmp::eq;
  b.lower_inclusive = op != TimeCmp::gt;
  b.upper = op == TimeCmp::le || op == TimeCmp::lt || op == TimeCmp::eq;
  b.upper_inclusive = op != TimeCmp::lt;
  return b;
}

std::uint16_t fraction_at_least(std::uint32_t us) noexcept {
  if (us == 0) return 0;
  if (us > 999) us = 999;
  // micros_from_sub_ms_fraction(f) = (f * 1000 + 2048) >> 12 (capped at 999, which is >= us):
  // it reaches `us` once f * 1000 + 2048 >= us * 4096.
  const std::uint32_t need = us * 4096U - 2048U;
  return static_cast<std::uint16_t>((need + 999U) / 1000U);
}

std::uint16_t fraction_at_most(std::uint32_t us) noexcept {
  // Every fraction from 4090 on reads as 999 (the cap); below that, the last fraction before the
  // first one that reads as us + 1.
  if (us >= 999) return 0xfff;
  return static_cast<std::uint16_t>(fraction_at_least(us + 1) - 1);
}

Uuid v7_lower_bound(std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept {
  // Times are whole µs: "> t" is ">= t + 1 µs".
  if (!inclusive) {
    if (unix_us >= last_time(sub_ms)) return max_uuid();
    ++unix_us;
  }
  if (unix_us <= 0) return first_v7(0, 0);             // every v7, kInfinitePast included
  if (unix_us > last_time(sub_ms)) return max_uuid();  // no v7: above all of them
  std::uint64_t ms = static_cast<std::uint64_t>(unix_us / 1000);
  const std::uint32_t rest = static_cast<std::uint32_t>(unix_us % 1000);
  if (!sub_ms) return first_v7(rest ? ms + 1 : ms, 0);  // whole ms: the next one unless on its edge
  return first_v7(ms, fraction_at_least(rest));
}

Uuid v7_upper_bound(std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept {
  // "< t" is "<= t - 1 µs".
  if (!inclusive) {
    if (unix_us <= 0) return nil_uuid();
    --unix_us;
  }
  if (unix_us < 0) return nil_uuid();                            // no v7: below all of them
  if (unix_us > last_time(sub_ms)) unix_us = last_time(sub_ms);  // every v7, kInfiniteFuture included
  const std::uint64_t ms = static_cast<std::uint64_t>(unix_us / 1000);
  const std::uint32_t rest = static_cast<std::uint32_t>(unix_us % 1000);
  if (!sub_ms) return last_v7(ms, 0xfff);  // the whole ms holding the instant
  return last_v7(ms, fraction_at_most(rest));
}

Uuid v7_key_bound(bool lower, std::int64_t unix_us, bool inclusive, bool sub_ms) noexcept {
  if (lower) {
    const Uuid b = v7_lower_bound(unix_us, inclusive, sub_ms);
    return b == max_uuid() ? last_v7(kMaxUnixMs, 0xfff) : b;
  }
  const Uuid b = v7_upper_bound(unix_us, inclusive, sub_ms);
  return b == nil_uuid() ? first_v7(0, 0) : b;
}

void describe_kind(const Uuid& u, char* out, std::size_t size) noexcept {
  if (size == 0) return;
  if (u == nil_uuid()) {
    std::snprintf(out, size, "the nil UUID");
  } else if (u == max_uuid()) {
    std::snprintf(out, size, "the max UUID");
  } else if (variant_of(u) != Variant::rfc9562) {
    std::snprintf(out, size, "a UUID of the %s variant", variant_name(variant_of(u)));
  } else {
    std::snprintf(out, size, "a UUIDv%d", version_of(u));
  }
}

}  // namespace uuidx
