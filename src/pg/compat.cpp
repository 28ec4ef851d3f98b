// compat.cpp: SQL entry points of uuid-ossp's v1mc, PostgreSQL 18's uuidv7(shift) and
// uuid_extract_timestamp, and the v7 range bounds uuid_v7_floor / uuid_v7_ceil.
#include "../core/compat.hpp"
#include "../core/v7range.hpp"
#include "pg.hpp"
#include "session.hpp"

extern "C" {
#include "utils/fmgrprotos.h"
}

using uuidx_pg::call_core;

UUIDX_FUNCTION(uuidx_generate_v1mc) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v1mc(uuidx_pg::session_gregorian(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

// uuidv7(shift interval): as PostgreSQL 18, the interval is added to the current time with
// timestamptz + interval (months and days in the session's time zone), and the difference in µs
// is the shift the core applies to the session's monotonic sequence.
UUIDX_FUNCTION(uuidx_uuidv7_shift) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  const TimestampTz now_ts = static_cast<TimestampTz>(now / 1000 - uuidx_pg::kPgEpochUnixMicros);
  const TimestampTz shifted = DatumGetTimestampTz(
      DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(now_ts), PG_GETARG_DATUM(0)));
  const std::int64_t shift_us = static_cast<std::int64_t>(shifted - now_ts);
  uuidx::Uuid out;
  call_core(
      [&] { out = uuidx::generate_v7_shifted(uuidx_pg::session_v7(), now, shift_us, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_v7_floor) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::v7_floor(at); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_v7_ceil) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::v7_ceil(at); });
  return uuidx_pg::uuid_datum(out);
}

// uuid_extract_timestamp(uuid) with PostgreSQL 18's meaning: v1 and v7 only, else NULL.
UUIDX_FUNCTION(uuidx_extract_timestamp_pg18) {
  const auto us = uuidx::pg18_extract_timestamp(uuidx_pg::uuid_arg(PG_GETARG_DATUM(0)));
  if (!us) PG_RETURN_NULL();
  return uuidx_pg::timestamptz_datum(*us);
}
