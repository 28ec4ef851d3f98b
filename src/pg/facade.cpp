// facade.cpp: SQL entry points of the UUIDv47 façade (core: facade.hpp) and the setting
// uuidx.facade_key that the one-argument forms read.
//
// The key is a secret, so the setting is superuser-only to set and to read (PGC_SUSET,
// GUC_SUPERUSER_ONLY: non-superusers see it in neither SHOW, current_setting() nor pg_settings,
// unless granted pg_read_all_settings), hidden from SHOW ALL, and its value appears in no message
// uuidx writes: an invalid key is refused with a message of our own (PostgreSQL's default one
// quotes the value). Values stored in pg_db_role_setting (ALTER DATABASE/ROLE ... SET) or in a
// function's SET clause (pg_proc.proconfig) are readable by every role, so those sources are
// refused: at the ALTER or CREATE (validated as PGC_S_TEST) in any session that has loaded uuidx,
// and at login (a WARNING, the value unused) for one stored while uuidx was not loaded.
#include "../core/facade.hpp"
#include "facade.hpp"
#include "pg.hpp"
#include "session.hpp"

extern "C" {
#include "utils/guc.h"
}

using uuidx_pg::call_core;

namespace {

char* facade_key_text = nullptr;                   // the setting as written; "" when unset
const uuidx::SipKey* facade_key_parsed = nullptr;  // its parsed form (GUC "extra"), or null

bool stored_where_every_role_reads(GucSource source) {
  return source == PGC_S_GLOBAL || source == PGC_S_DATABASE || source == PGC_S_USER || source == PGC_S_DATABASE_USER ||
         source == PGC_S_TEST;
}

bool check_facade_key(char** newval, void** extra, GucSource source) {
  if (*newval == nullptr || **newval == '\0') return true;  // unset
  if (stored_where_every_role_reads(source)) {
    GUC_check_errcode(ERRCODE_CANT_CHANGE_RUNTIME_PARAM);
    GUC_check_errmsg("uuidx.facade_key cannot be set with ALTER DATABASE, ALTER ROLE or a function's SET clause");
    GUC_check_errdetail("Those values are stored in catalogs that every role can read.");
    GUC_check_errhint("Set it in postgresql.conf or with ALTER SYSTEM.");
    return false;
  }
  uuidx::SipKey key;
  bool parsed = false;
  char why[256] = "";
  try {
    key = uuidx::facade_key_from_text(*newval);
    parsed = true;
  } catch (const uuidx::Error& e) {  // its texts never quote the key
    snprintf(why, sizeof why, "%s", e.detail().c_str());
  } catch (const std::exception&) {
  }
  if (!parsed) {
    GUC_check_errmsg("uuidx.facade_key is not a valid key");
    if (why[0] != '\0') GUC_check_errdetail("%s", why);
    GUC_check_errhint("Write the key as \"k0hex:k1hex\" (16 hexadecimal digits each) or as 32 hexadecimal digits.");
    return false;
  }
  auto* stored = static_cast<uuidx::SipKey*>(UUIDX_GUC_MALLOC(sizeof(uuidx::SipKey)));
  if (stored == nullptr) return false;
  *stored = key;
  *extra = stored;
  return true;
}

void assign_facade_key(const char* newval, void* extra) {
  facade_key_parsed = static_cast<const uuidx::SipKey*>(extra);
}

const uuidx::SipKey& key_from_setting() {
  if (facade_key_parsed == nullptr)
    ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), errmsg("uuidx.facade_key is not set"),
                    errhint("A superuser sets it in postgresql.conf or with ALTER SYSTEM; or pass the key as the "
                            "second argument.")));
  return *facade_key_parsed;
}

uuidx::SipKey key_from_bytea(Datum d) {
  const std::string_view bytes = uuidx_pg::varlena_arg(d);
  uuidx::SipKey key;
  call_core([&] { key = uuidx::facade_key_from_bytes(bytes); });
  return key;
}

Datum to_facade(Datum id, const uuidx::SipKey& key, const char* function) {
  const uuidx::Uuid in = uuidx_pg::uuid_arg(id);
  uuidx::Uuid out;
  call_core([&] { out = uuidx::v7_to_facade(in, key, function); });
  return uuidx_pg::uuid_datum(out);
}

Datum from_facade(Datum facade, const uuidx::SipKey& key, const char* function) {
  const uuidx::Uuid in = uuidx_pg::uuid_arg(facade);
  uuidx::Uuid out;
  call_core([&] { out = uuidx::facade_to_v7(in, key, function); });
  return uuidx_pg::uuid_datum(out);
}

}  // namespace

namespace uuidx_pg {

void install_facade_key() {
  DefineCustomStringVariable("uuidx.facade_key", "The key of uuid_v7_to_facade(id) and uuid_facade_to_v7(facade).",
                             "SipHash-2-4's 128-bit key as \"k0hex:k1hex\" or 32 hexadecimal digits; empty: unset.",
                             &facade_key_text, "", PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE,
                             check_facade_key, assign_facade_key, nullptr);
}

}  // namespace uuidx_pg

// uuid_v7_to_facade(id uuid, key bytea) → uuid.
UUIDX_FUNCTION(uuidx_v7_to_facade) {
  const uuidx::SipKey key = key_from_bytea(PG_GETARG_DATUM(1));
  return to_facade(PG_GETARG_DATUM(0), key, "uuid_v7_to_facade");
}

// uuid_facade_to_v7(facade uuid, key bytea) → uuid.
UUIDX_FUNCTION(uuidx_facade_to_v7) {
  const uuidx::SipKey key = key_from_bytea(PG_GETARG_DATUM(1));
  return from_facade(PG_GETARG_DATUM(0), key, "uuid_facade_to_v7");
}

// uuid_v7_to_facade(id uuid) → uuid, under uuidx.facade_key.
UUIDX_FUNCTION(uuidx_v7_to_facade_setting) {
  return to_facade(PG_GETARG_DATUM(0), key_from_setting(), "uuid_v7_to_facade");
}

// uuid_facade_to_v7(facade uuid) → uuid, under uuidx.facade_key.
UUIDX_FUNCTION(uuidx_facade_to_v7_setting) {
  return from_facade(PG_GETARG_DATUM(0), key_from_setting(), "uuid_facade_to_v7");
}
