// generate.cpp: SQL entry points of the generators (uuid-ossp's v1mc and PostgreSQL 18's
// uuidv7(shift) included). Each reads the clock, calls the core with the backend's state and
// returns the value; nothing else.
#include "../core/generators.hpp"
#include "after_recovery.hpp"
#include "pg.hpp"
#include "server_v7.hpp"
#include "session.hpp"

extern "C" {
#include "utils/fmgrprotos.h"
}

using uuidx_pg::call_core;

// uuid_generate_v7() and uuidv7(): the session's sequence, or with uuidx.v7_scope = 'server' the
// server's (server_v7.cpp); the setting is one int read per call. Either starts above what a
// recovery replayed or a named key when uuidx.v7_above_replayed or uuidx.v7_above asks for it
// (after_recovery.cpp).
UUIDX_FUNCTION(uuidx_generate_v7) {
  uuidx_pg::v7_floors();
  const std::int64_t now = uuidx_pg::clock_now_ns();
  if (__builtin_expect(uuidx_pg::v7_scope == uuidx_pg::kV7ScopeServer, 0))
    return uuidx_pg::uuid_datum(uuidx_pg::generate_v7_server(now));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v7(uuidx_pg::session_v7(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_generate_v7_at) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v7_at(at, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_generate_v4) {
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v4(uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_generate_v1) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v1(uuidx_pg::session_gregorian(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_generate_v6) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v6(uuidx_pg::session_gregorian(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_generate_v1mc) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v1mc(uuidx_pg::session_gregorian(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

// uuidv7(shift interval): as PostgreSQL 18, the interval is added to the current time with
// timestamptz + interval (months and days in the session's time zone), and the difference in µs
// is the shift the core applies to the session's monotonic sequence. It stays in the session's
// sequence in either scope (a shifted value is outside any time order); in server scope that
// sequence continues above the backend's last server-wide value.
UUIDX_FUNCTION(uuidx_uuidv7_shift) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
  const TimestampTz now_ts = static_cast<TimestampTz>(now / 1000 - uuidx_pg::kPgEpochUnixMicros);
  const TimestampTz shifted = DatumGetTimestampTz(
      DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(now_ts), PG_GETARG_DATUM(0)));
  // An infinite interval (17 and later) gives an infinite time: no shift (and the difference
  // would overflow), the error PostgreSQL 18's uuidv7(interval) gives.
  if (TIMESTAMP_NOT_FINITE(shifted))
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("UUID version 7 does not support infinite intervals")));
  const std::int64_t shift_us = static_cast<std::int64_t>(shifted - now_ts);
  uuidx::Uuid out;
  call_core(
      [&] { out = uuidx::generate_v7_shifted(uuidx_pg::session_v7(), now, shift_us, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_nil) { return uuidx_pg::uuid_datum(uuidx::nil_uuid()); }

UUIDX_FUNCTION(uuidx_max) { return uuidx_pg::uuid_datum(uuidx::max_uuid()); }

// uuid_generate_v7_fresh(): the session's sequence with all of rand_b drawn for every value.
UUIDX_FUNCTION(uuidx_generate_v7_fresh) {
  uuidx_pg::v7_floors();
  const std::int64_t now = uuidx_pg::clock_now_ns();
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v7_fresh(uuidx_pg::session_v7(), now, uuidx_pg::session_random()); });
  return uuidx_pg::uuid_datum(out);
}
