// rekey.cpp: SQL entry points of uuid_v7_from_key, unkeyed and keyed, for bigint, uuid and text
// old keys. Arguments in, one core call, the value out.
#include "../core/rekey.hpp"
#include "pg.hpp"

using uuidx_pg::call_core;

namespace {

// The old key's bytes as hashed (rekey.hpp); `buf` holds a bigint's.
uuidx::Bytes old_key_bytes(uuidx::OldKeyType type, Datum d, std::uint8_t buf[8]) {
  switch (type) {
    case uuidx::OldKeyType::bigint:
      uuidx::bigint_key_bytes(DatumGetInt64(d), buf);
      return uuidx::Bytes{buf, 8};
    case uuidx::OldKeyType::uuid:
      return uuidx::Bytes{DatumGetUUIDP(d)->data, 16};
    case uuidx::OldKeyType::text:
      break;
  }
  return uuidx::bytes_of(uuidx_pg::varlena_arg(d));
}

Datum from_key(FunctionCallInfo fcinfo, uuidx::OldKeyType type, bool keyed) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  std::uint8_t buf[8];
  const uuidx::Bytes old_key = old_key_bytes(type, PG_GETARG_DATUM(1), buf);
  const uuidx::Bytes secret = keyed ? uuidx::bytes_of(uuidx_pg::varlena_arg(PG_GETARG_DATUM(2))) : uuidx::Bytes{};
  uuidx::Uuid out;
  call_core([&] {
    out = keyed ? uuidx::v7_from_key_keyed(at, type, old_key, secret) : uuidx::v7_from_key(at, type, old_key);
  });
  return uuidx_pg::uuid_datum(out);
}

}  // namespace

// uuid_v7_from_key(at timestamptz, old_key bigint | uuid | text)
UUIDX_FUNCTION(uuidx_v7_from_bigint) { return from_key(fcinfo, uuidx::OldKeyType::bigint, false); }
UUIDX_FUNCTION(uuidx_v7_from_uuid) { return from_key(fcinfo, uuidx::OldKeyType::uuid, false); }
UUIDX_FUNCTION(uuidx_v7_from_text) { return from_key(fcinfo, uuidx::OldKeyType::text, false); }

// uuid_v7_from_key(at timestamptz, old_key bigint | uuid | text, secret bytea)
UUIDX_FUNCTION(uuidx_v7_from_bigint_keyed) { return from_key(fcinfo, uuidx::OldKeyType::bigint, true); }
UUIDX_FUNCTION(uuidx_v7_from_uuid_keyed) { return from_key(fcinfo, uuidx::OldKeyType::uuid, true); }
UUIDX_FUNCTION(uuidx_v7_from_text_keyed) { return from_key(fcinfo, uuidx::OldKeyType::text, true); }
