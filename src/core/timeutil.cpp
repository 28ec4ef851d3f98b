// timeutil.cpp: UTC formatting of Unix microseconds for error messages.
#include "timeutil.hpp"

#include <cstdio>

namespace uuidx {

namespace {

// Floor division and modulo, so instants before 1970 format correctly.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// Proleptic Gregorian civil date from days since 1970-01-01 (Howard Hinnant's published method).
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = floor_div(z, 146097);
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
}

}  // namespace

std::string format_unix_micros(std::int64_t unix_us) {
  if (unix_us == kInfinitePast) return "-infinity";
  if (unix_us == kInfiniteFuture) return "infinity";
  if (unix_us == kBeyondUnixMicros) return "later than " + format_unix_micros(kBeyondUnixMicros - 1);
  const std::int64_t us_per_day = 86400LL * 1000000LL;
  const std::int64_t days = floor_div(unix_us, us_per_day);
  // The µs into the day as a floored remainder: days * us_per_day overflowed int64 within a day of
  // INT64_MIN, which generate_v7_shifted passes for a shift to the far past (found by fuzz_time).
  std::int64_t rest = unix_us % us_per_day;
  if (rest < 0) rest += us_per_day;
  std::int64_t year;
  unsigned month, day;
  civil_from_days(days, year, month, day);
  const auto hour = static_cast<unsigned>(rest / 3600000000LL);
  rest %= 3600000000LL;
  const auto minute = static_cast<unsigned>(rest / 60000000LL);
  rest %= 60000000LL;
  const auto second = static_cast<unsigned>(rest / 1000000LL);
  const auto micro = static_cast<unsigned>(rest % 1000000LL);
  const bool bc = year <= 0;  // PostgreSQL writes year 0 as 1 BC
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u %02u:%02u:%02u.%06u+00%s",
                static_cast<long long>(bc ? 1 - year : year), month, day, hour, minute, second, micro, bc ? " BC" : "");
  return buf;
}

}  // namespace uuidx
