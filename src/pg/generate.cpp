// generate.cpp: SQL entry points of the generators. Each reads the clock, calls the core with the
// backend's state and returns the value; nothing else.
#include "../core/generators.hpp"
#include "pg.hpp"
#include "session.hpp"

using uuidx_pg::call_core;

UUIDX_FUNCTION(uuidx_generate_v7) {
  const std::int64_t now = uuidx_pg::clock_now_ns();
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

UUIDX_FUNCTION(uuidx_nil) { return uuidx_pg::uuid_datum(uuidx::nil_uuid()); }

UUIDX_FUNCTION(uuidx_max) { return uuidx_pg::uuid_datum(uuidx::max_uuid()); }
