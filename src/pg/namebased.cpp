// namebased.cpp: SQL entry points of the name-based (v3, v5, v8) and custom v8 generators and the
// namespace IDs. Arguments in, one core call, the value out.
#include "../core/namebased.hpp"
#include "pg.hpp"

using uuidx_pg::call_core;
using uuidx_pg::uuid_arg;
using uuidx_pg::varlena_arg;

// uuid_generate_v3(namespace uuid, name text | bytea): both types are hashed as their bytes.
UUIDX_FUNCTION(uuidx_generate_v3) {
  const uuidx::Uuid ns = uuid_arg(PG_GETARG_DATUM(0));
  const uuidx::Bytes name = uuidx::bytes_of(varlena_arg(PG_GETARG_DATUM(1)));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v3(ns, name); });
  return uuidx_pg::uuid_datum(out);
}

// uuid_generate_v5(namespace uuid, name text | bytea).
UUIDX_FUNCTION(uuidx_generate_v5) {
  const uuidx::Uuid ns = uuid_arg(PG_GETARG_DATUM(0));
  const uuidx::Bytes name = uuidx::bytes_of(varlena_arg(PG_GETARG_DATUM(1)));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v5(ns, name); });
  return uuidx_pg::uuid_datum(out);
}

// uuid_generate_v8_name(namespace uuid, name text | bytea, algorithm text).
UUIDX_FUNCTION(uuidx_generate_v8_name) {
  const uuidx::Uuid ns = uuid_arg(PG_GETARG_DATUM(0));
  const uuidx::Bytes name = uuidx::bytes_of(varlena_arg(PG_GETARG_DATUM(1)));
  const std::string_view algorithm = varlena_arg(PG_GETARG_DATUM(2));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v8_name(ns, name, uuidx::parse_name_hash(algorithm)); });
  return uuidx_pg::uuid_datum(out);
}

// uuid_generate_v8(custom bytea).
UUIDX_FUNCTION(uuidx_generate_v8) {
  const uuidx::Bytes custom = uuidx::bytes_of(varlena_arg(PG_GETARG_DATUM(0)));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::generate_v8(custom); });
  return uuidx_pg::uuid_datum(out);
}

UUIDX_FUNCTION(uuidx_ns_dns) { return uuidx_pg::uuid_datum(uuidx::kNamespaceDns); }

UUIDX_FUNCTION(uuidx_ns_url) { return uuidx_pg::uuid_datum(uuidx::kNamespaceUrl); }

UUIDX_FUNCTION(uuidx_ns_oid) { return uuidx_pg::uuid_datum(uuidx::kNamespaceOid); }

UUIDX_FUNCTION(uuidx_ns_x500) { return uuidx_pg::uuid_datum(uuidx::kNamespaceX500); }
