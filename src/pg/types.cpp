// types.cpp: the check of the version domains (uuid_v1 ... uuid_v8) and pg_partman's decoder for
// v7 keys.
#include "../core/layout.hpp"
#include "../core/v7time.hpp"
#include "pg.hpp"

extern "C" {
#include "utils/builtins.h"
}

using uuidx_pg::uuid_arg;

// uuid_check_version(value uuid, version integer, domain text): true when the value is a UUID of
// the RFC 9562 variant with that version (§4.1, §4.2); otherwise ERROR 23514 naming what it is.
// The domains' CHECK calls it, so that the error says which version was given, which a plain
// CHECK (... = 7) failure does not.
UUIDX_FUNCTION(uuidx_check_version) {
  const uuidx::Uuid u = uuid_arg(PG_GETARG_DATUM(0));
  const int32 version = PG_GETARG_INT32(1);
  // §4.2: the version is a 4-bit field; asking for another number is a wrong call, not a value
  // that fails the check.
  if (version < 0 || version > 15)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid UUID version: %d", static_cast<int>(version)),
             errdetail("The version field of RFC 9562 section 4.2 holds 0 to 15.")));
  if (uuidx::version_of(u) == version) PG_RETURN_BOOL(true);
  char kind[64];
  uuidx::describe_kind(u, kind, sizeof kind);
  ereport(ERROR,
          (errcode(ERRCODE_CHECK_VIOLATION),
           errmsg("value for domain %s must be a UUIDv%d, not %s", text_to_cstring(PG_GETARG_TEXT_PP(2)),
                  static_cast<int>(version), kind),
           errdetail("The value is \"%s\".", DatumGetCString(DirectFunctionCall1(uuid_out, PG_GETARG_DATUM(0))))));
  PG_RETURN_BOOL(false);
}

// uuid_v7_time_decoder(text): the unix_ts_ms of a v7 given as text (RFC 9562 §5.7), as
// pg_partman's p_time_decoder calls it; NULL for other versions. Malformed text: 22P02.
UUIDX_FUNCTION(uuidx_v7_time_decoder) {
  const Datum parsed = DirectFunctionCall1(uuid_in, CStringGetDatum(text_to_cstring(PG_GETARG_TEXT_PP(0))));
  const auto ms = uuidx::v7_unix_ms(uuid_arg(parsed));
  if (!ms) PG_RETURN_NULL();
  return uuidx_pg::timestamptz_datum(static_cast<std::int64_t>(*ms) * 1000);
}
