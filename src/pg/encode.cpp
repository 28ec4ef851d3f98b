// encode.cpp: SQL entry points of uuid_encode and uuid_decode.
#include "../core/encoding.hpp"
#include "pg.hpp"

extern "C" {
#include "access/detoast.h"
}

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

namespace {

// More than the longest fixed-length encoding (hex, 32 characters) and than the 80 bytes an error
// message quotes: a longer input fails with the same error as its first kDecodeInputPrefix bytes,
// unless those can still begin a decodable text (base32hex allows any number of spaces and '=').
constexpr int32 kDecodeInputPrefix = 128;

// The text to decode: whole when short; else its first kDecodeInputPrefix bytes, fetched without
// detoasting the rest (a compressed or out-of-line 1 GB value costs nothing), when they already
// hold the error; else whole, as PostgreSQL 19's decode(text, 'base32hex') reads it.
std::string_view decode_input(Datum d, uuidx::Encoding encoding) {
  if (toast_raw_datum_size(d) - VARHDRSZ <= static_cast<Size>(kDecodeInputPrefix)) return varlena_arg(d);
  const struct varlena* v = PG_DETOAST_DATUM_SLICE(d, 0, kDecodeInputPrefix);
  const std::string_view prefix(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
  return uuidx::decodable_prefix(prefix, encoding) ? varlena_arg(d) : prefix;
}

}  // namespace

// uuid_decode(text, format text) → uuid.
UUIDX_FUNCTION(uuidx_decode) {
  const std::string_view format = varlena_arg(PG_GETARG_DATUM(1));
  uuidx::Encoding encoding{};
  call_core([&] { encoding = uuidx::parse_encoding(format); });
  const std::string_view in = decode_input(PG_GETARG_DATUM(0), encoding);
  uuidx::Uuid out;
  call_core([&] { out = uuidx::decode(in, encoding); });
  return uuidx_pg::uuid_datum(out);
}
