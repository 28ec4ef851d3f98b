// inspect.cpp: SQL entry points that read fields of a UUID or convert between v1 and v6.
#include "../core/layout.hpp"
#include "pg.hpp"

extern "C" {
#include "utils/inet.h"
}

using uuidx_pg::call_core;
using uuidx_pg::uuid_arg;

UUIDX_FUNCTION(uuidx_v1_to_v6) {
  const uuidx::Uuid in = uuid_arg(PG_GETARG_DATUM(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::v1_to_v6(in); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_v6_to_v1) {
  const uuidx::Uuid in = uuid_arg(PG_GETARG_DATUM(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::v6_to_v1(in); });
  return uuidx_pg::uuid_datum(out);
}

// uuid_extract_time(uuid [, submillisecond boolean]): NULL when the UUID holds no time.
UUIDX_FUNCTION(uuidx_extract_time) {
  const bool sub_ms = PG_NARGS() > 1 && PG_GETARG_BOOL(1);
  const auto us = uuidx::unix_micros(uuid_arg(PG_GETARG_DATUM(0)), sub_ms);
  if (!us) PG_RETURN_NULL();
  return uuidx_pg::timestamptz_datum(*us);
}

UUIDX_FUNCTION(uuidx_extract_version) {
  const int version = uuidx::version_of(uuid_arg(PG_GETARG_DATUM(0)));
  if (version < 0) PG_RETURN_NULL();
  PG_RETURN_INT16(static_cast<int16>(version));
}

UUIDX_FUNCTION(uuidx_extract_variant) {
  PG_RETURN_INT16(static_cast<int16>(uuidx::variant_of(uuid_arg(PG_GETARG_DATUM(0)))));
}

UUIDX_FUNCTION(uuidx_extract_node) {
  const auto node = uuidx::node(uuid_arg(PG_GETARG_DATUM(0)));
  if (!node) PG_RETURN_NULL();
  auto* mac = static_cast<macaddr*>(palloc(sizeof(macaddr)));
  mac->a = (*node)[0];
  mac->b = (*node)[1];
  mac->c = (*node)[2];
  mac->d = (*node)[3];
  mac->e = (*node)[4];
  mac->f = (*node)[5];
  PG_RETURN_MACADDR_P(mac);
}

UUIDX_FUNCTION(uuidx_extract_clock_seq) {
  const auto seq = uuidx::clock_seq(uuid_arg(PG_GETARG_DATUM(0)));
  if (!seq) PG_RETURN_NULL();
  PG_RETURN_INT32(*seq);
}

// uuid_extract_timestamp(uuid) with PostgreSQL 18's meaning: v1 and v7 only, else NULL.
UUIDX_FUNCTION(uuidx_extract_timestamp_pg18) {
  const auto us = uuidx::pg18_extract_timestamp(uuidx_pg::uuid_arg(PG_GETARG_DATUM(0)));
  if (!us) PG_RETURN_NULL();
  return uuidx_pg::timestamptz_datum(*us);
}
