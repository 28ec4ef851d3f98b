// v7time.cpp: SQL entry points of uuid_v7_lower_bound and uuid_v7_upper_bound, the UUIDv7 bounds of
// an instant that the planner's time-predicate rewrite adds to a query (src/planner/).
#include "../core/v7time.hpp"
#include "pg.hpp"

// uuid_v7_lower_bound(at timestamptz, inclusive boolean, submillisecond boolean): the smallest
// v7 whose time is >= at (or > at); never an error (v7time.hpp).
UUIDX_FUNCTION(uuidx_v7_lower_bound) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  return uuidx_pg::uuid_datum(uuidx::v7_lower_bound(at, PG_GETARG_BOOL(1), PG_GETARG_BOOL(2)));
}

// uuid_v7_upper_bound(at timestamptz, inclusive boolean, submillisecond boolean): the greatest
// v7 whose time is <= at (or < at).
UUIDX_FUNCTION(uuidx_v7_upper_bound) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  return uuidx_pg::uuid_datum(uuidx::v7_upper_bound(at, PG_GETARG_BOOL(1), PG_GETARG_BOOL(2)));
}
