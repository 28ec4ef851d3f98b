// typeid.cpp: SQL entry points of the TypeID and ULID texts (src/core/typeid.hpp).
#include "../core/typeid.hpp"
#include "pg.hpp"

extern "C" {
#include "utils/builtins.h"
}

using uuidx_pg::call_core;
using uuidx_pg::varlena_arg;

namespace {

// A text datum of n bytes to be filled in place.
text* new_text(std::size_t n) {
  auto* t = static_cast<text*>(palloc(VARHDRSZ + n));
  SET_VARSIZE(t, VARHDRSZ + n);
  return t;
}

}  // namespace

// uuid_to_typeid(prefix text, id uuid) → text.
UUIDX_FUNCTION(uuidx_to_typeid) {
  const std::string_view prefix = varlena_arg(PG_GETARG_DATUM(0));
  const uuidx::Uuid id = uuidx_pg::uuid_arg(PG_GETARG_DATUM(1));
  call_core([&] { uuidx::check_typeid_prefix(prefix); });
  text* t = new_text(uuidx::typeid_length(prefix));
  uuidx::encode_typeid_into(prefix, id, VARDATA(t));
  PG_RETURN_TEXT_P(t);
}

// uuid_from_typeid(typeid text, prefix text) → uuid.
UUIDX_FUNCTION(uuidx_from_typeid) {
  const std::string_view in = varlena_arg(PG_GETARG_DATUM(0));
  const std::string_view prefix = varlena_arg(PG_GETARG_DATUM(1));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::decode_typeid(in, prefix); });
  return uuidx_pg::uuid_datum(out);
}

// typeid_prefix(typeid text) → text.
UUIDX_FUNCTION(uuidx_typeid_prefix) {
  const std::string_view in = varlena_arg(PG_GETARG_DATUM(0));
  std::string_view prefix;
  call_core([&] { prefix = uuidx::parse_typeid(in).prefix; });
  PG_RETURN_TEXT_P(cstring_to_text_with_len(prefix.data(), static_cast<int>(prefix.size())));
}

// uuid_to_ulid(id uuid) → text.
UUIDX_FUNCTION(uuidx_to_ulid) {
  const uuidx::Uuid id = uuidx_pg::uuid_arg(PG_GETARG_DATUM(0));
  text* t = new_text(uuidx::kTypeidSuffixLength);
  uuidx::encode_ulid_into(id, VARDATA(t));
  PG_RETURN_TEXT_P(t);
}

// uuid_from_ulid(ulid text) → uuid.
UUIDX_FUNCTION(uuidx_from_ulid) {
  const std::string_view in = varlena_arg(PG_GETARG_DATUM(0));
  uuidx::Uuid out;
  call_core([&] { out = uuidx::decode_ulid(in); });
  return uuidx_pg::uuid_datum(out);
}
