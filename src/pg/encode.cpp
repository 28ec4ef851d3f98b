// encode.cpp: SQL entry points of uuid_encode and uuid_decode.
#include "../core/encoding.hpp"
#include "pg.hpp"

using uuidx_pg::call_core;
using uuidx_pg::varlena_arg;

// uuid_encode(uuid, format text) → text.
UUIDX_FUNCTION(uuidx_encode) {
  const uuidx::Uuid in = uuidx_pg::uuid_arg(PG_GETARG_DATUM(0));
  const std::string_view format = varlena_arg(PG_GETARG_DATUM(1));
  uuidx::Encoding encoding{};
  call_core([&] { encoding = uuidx::parse_encoding(format); });
  // encode_into cannot fail (noexcept), so it runs outside call_core, straight into the datum.
  const std::size_t n = uuidx::encoded_length(encoding);
  auto* t = static_cast<text*>(palloc(VARHDRSZ + n));
  SET_VARSIZE(t, VARHDRSZ + n);
  uuidx::encode_into(in, encoding, VARDATA(t));
  PG_RETURN_TEXT_P(t);
}

// uuid_decode(text, format text) → uuid.
UUIDX_FUNCTION(uuidx_decode) {
  const std::string_view in = varlena_arg(PG_GETARG_DATUM(0));
  const std::string_view format = varlena_arg(PG_GETARG_DATUM(1));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::decode(in, uuidx::parse_encoding(format)); });
  return uuidx_pg::uuid_datum(out);
}
