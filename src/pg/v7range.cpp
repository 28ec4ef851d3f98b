// v7range.cpp: SQL entry points of uuid_v7_floor and uuid_v7_ceil, the UUIDv7 bounds of a
// millisecond for btree range scans over a v7 key.
#include "../core/v7range.hpp"
#include "pg.hpp"

using uuidx_pg::call_core;

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
