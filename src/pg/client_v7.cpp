// client_v7.cpp: SQL entry points of uuid_v7_check (raises) and uuid_v7_plausible (answers), the
// check of a UUIDv7 key made by an application (client_v7.hpp). Both read the server's clock as
// clock_timestamp() does, when called, so a long transaction refuses no honest key; VOLATILE.
#include "../core/client_v7.hpp"
#include "../core/layout.hpp"
#include "../core/v7time.hpp"
#include "pg.hpp"

extern "C" {
#include "utils/builtins.h"
#include "utils/datetime.h"
}

namespace {

// The arguments (key, max_ahead interval, min_time timestamptz), each of the last two NULL for
// "no limit", read against the clock `now`.
uuidx::ClientV7Limits read_limits(FunctionCallInfo fcinfo, TimestampTz now, TimestampTz* latest) {
  uuidx::ClientV7Limits limits;
  if (!PG_ARGISNULL(1)) {
    // The calendar arithmetic of clock_timestamp() + max_ahead, in the session's time zone.
    *latest =
        DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(now), PG_GETARG_DATUM(1)));
    limits.has_latest = true;
    limits.latest_us = uuidx_pg::unix_micros_arg(*latest);
  }
  if (!PG_ARGISNULL(2)) {
    limits.has_earliest = true;
    limits.earliest_us = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(2));
  }
  return limits;
}

constexpr std::uint64_t kMsIn1970 = 365ULL * 86400 * 1000;  // 1971-01-01 in Unix ms

char* timestamptz_text(TimestampTz t) {
  return DatumGetCString(DirectFunctionCall1(timestamptz_out, TimestampTzGetDatum(t)));
}

}  // namespace

// uuid_v7_check(id, max_ahead, min_time): true, or a check_violation (23514) naming the key, its
// time, the clock and the limit. NULL for a NULL key, as a CHECK takes it.
UUIDX_FUNCTION(uuidx_v7_check) {
  if (PG_ARGISNULL(0)) PG_RETURN_NULL();
  const uuidx::Uuid key = uuidx_pg::uuid_arg(PG_GETARG_DATUM(0));
  const TimestampTz now = GetCurrentTimestamp();
  TimestampTz latest = 0;
  const uuidx::ClientV7Limits limits = read_limits(fcinfo, now, &latest);
  const uuidx::ClientV7Verdict verdict = uuidx::check_client_v7(key, limits);
  if (verdict == uuidx::ClientV7Verdict::accepted) PG_RETURN_BOOL(true);

  const char* key_text = DatumGetCString(DirectFunctionCall1(uuid_out, PG_GETARG_DATUM(0)));
  if (verdict == uuidx::ClientV7Verdict::not_v7) {
    char kind[64];
    uuidx::describe_kind(key, kind, sizeof kind);
    ereport(ERROR, (errcode(ERRCODE_CHECK_VIOLATION), errmsg("key must be a UUIDv7, not %s", kind),
                    errdetail("The key is \"%s\".", key_text)));
  }
  const TimestampTz key_time = static_cast<TimestampTz>(static_cast<std::int64_t>(*uuidx::v7_unix_ms(key)) * 1000 -
                                                        uuidx_pg::kPgEpochUnixMicros);
  if (verdict == uuidx::ClientV7Verdict::too_far_ahead)
    ereport(ERROR,
            (errcode(ERRCODE_CHECK_VIOLATION),
             errmsg("UUIDv7 key is dated more than %s ahead of the server's clock",
                    DatumGetCString(DirectFunctionCall1(interval_out, PG_GETARG_DATUM(1)))),
             errdetail("The key \"%s\" is dated %s, the server's clock reads %s, and the latest time accepted is %s.",
                       key_text, timestamptz_text(key_time), timestamptz_text(now), timestamptz_text(latest)),
             errhint("The clock of the application that made the key is probably wrong.")));
  // A key of 1970 holds Unix seconds (or nothing) where unix_ts_ms belongs: said so.
  const bool in_1970 = *uuidx::v7_unix_ms(key) < kMsIn1970;
  ereport(ERROR, (errcode(ERRCODE_CHECK_VIOLATION),
                  errmsg("UUIDv7 key is dated before %s", timestamptz_text(PG_GETARG_TIMESTAMPTZ(2))),
                  errdetail("The key \"%s\" is dated %s.", key_text, timestamptz_text(key_time)),
                  in_1970 ? errhint("A key dated in 1970 holds Unix seconds, or no time, where RFC 9562 section 5.7 "
                                    "puts Unix milliseconds.")
                          : 0));
  PG_RETURN_BOOL(false);
}

// uuid_v7_plausible(id, max_ahead, min_time): whether uuid_v7_check would accept the key, never
// an error about the key: for queries that look for bad rows.
UUIDX_FUNCTION(uuidx_v7_plausible) {
  if (PG_ARGISNULL(0)) PG_RETURN_NULL();
  TimestampTz latest = 0;
  const uuidx::ClientV7Limits limits = read_limits(fcinfo, GetCurrentTimestamp(), &latest);
  PG_RETURN_BOOL(uuidx::check_client_v7(uuidx_pg::uuid_arg(PG_GETARG_DATUM(0)), limits) ==
                 uuidx::ClientV7Verdict::accepted);
}
