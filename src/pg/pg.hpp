// pg.hpp: the one door between the C++ core and PostgreSQL. Every glue file includes this after
// its C++ headers; it brings in the PostgreSQL headers with C linkage, the UUIDX_FUNCTION
// declaration macro, call_core (the exception barrier) and the Datum conversions.
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <string_view>

#include "../core/error.hpp"
#include "../core/uuid.hpp"

// Every difference between PostgreSQL majors that the glue sees is handled here.
extern "C" {
#include "postgres.h"

#include "fmgr.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"  // VARDATA, VARSIZE_ANY_EXHDR, SET_VARSIZE moved here in 16
#endif
}

namespace uuidx_pg {

// A core failure copied out of its exception: plain bytes, so it survives the catch block and
// owns nothing when ereport() longjmps away. The text buffers are deliberately left
// uninitialised: call_core builds one of these on every call, and zeroing 1.3 KB each time cost
// more than a whole UUID (measured by bench). raise() reads them only after capture() or
// capture_unexpected() has written all three; the out-of-memory path writes none and raise()
// handles it before reading any.
struct CoreFailure {
  bool failed = false;
  uuidx::Errc code = uuidx::Errc::invalid_parameter;
  bool out_of_memory = false;
  bool unexpected = false;  // not a uuidx::Error: reported as an internal error
  char message[512];
  char detail[512];
  char hint[256];
};

void capture(CoreFailure& failure, const uuidx::Error& e) noexcept;
void capture_unexpected(CoreFailure& failure, const char* what) noexcept;
[[noreturn]] void raise(const CoreFailure& failure);

// Runs `body` (core calls only: no PostgreSQL function may be called inside, as a longjmp out
// of it would skip C++ destructors) and turns any exception into an ereport raised after the
// catch block has ended, so no C++ exception ever reaches PostgreSQL.
template <typename Body>
inline void call_core(Body&& body) {
  CoreFailure failure;
  try {
    body();
  } catch (const uuidx::Error& e) {
    capture(failure, e);
  } catch (const std::bad_alloc&) {
    failure.failed = true;
    failure.out_of_memory = true;
  } catch (const std::exception& e) {
    capture_unexpected(failure, e.what());
  } catch (...) {
    capture_unexpected(failure, "unknown exception");
  }
  if (failure.failed) raise(failure);
}

inline uuidx::Uuid uuid_arg(Datum d) {
  uuidx::Uuid u;
  std::memcpy(u.data(), DatumGetUUIDP(d)->data, u.size());
  return u;
}

inline Datum uuid_datum(const uuidx::Uuid& u) {
  auto* out = static_cast<pg_uuid_t*>(palloc(sizeof(pg_uuid_t)));
  std::memcpy(out->data, u.data(), u.size());
  return UUIDPGetDatum(out);
}

// The bytes of a text or bytea argument, detoasted (palloc'd when needed; valid for the call).
// A view: nothing to destroy, so it may live in a frame that calls PostgreSQL.
inline std::string_view varlena_arg(Datum d) {
  const struct varlena* v = PG_DETOAST_DATUM_PACKED(d);
  return std::string_view(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
}

// PostgreSQL counts µs from 2000-01-01; the core counts from 1970-01-01.
constexpr std::int64_t kPgEpochUnixMicros = 946684800LL * 1000000LL;

// ±infinity become the core's kInfinitePast / kInfiniteFuture; instants past int64 Unix µs
// become kBeyondUnixMicros.
std::int64_t unix_micros_arg(TimestampTz ts) noexcept;

// The longest prefix of `text` of at most `max_bytes` bytes that ends on a character boundary of
// the database encoding (pg_mbcliplen): the core's cut for quoted inputs, set in _PG_init.
std::size_t database_prefix_length(std::string_view text, std::size_t max_bytes) noexcept;

inline Datum timestamptz_datum(std::int64_t unix_us) {
  return TimestampTzGetDatum(static_cast<TimestampTz>(unix_us - kPgEpochUnixMicros));
}

}  // namespace uuidx_pg

// Declares an SQL-callable entry point with C linkage and the V1 calling convention.
#define UUIDX_FUNCTION(name) \
  extern "C" {               \
  PG_FUNCTION_INFO_V1(name); \
  }                          \
  extern "C" Datum name(PG_FUNCTION_ARGS)

// ---- the planner hook and the version domains (src/planner/, types.cpp) --------------------
// 18 adds NOT ENFORCED CHECK constraints; before 18 every CHECK constraint is enforced.
#if PG_VERSION_NUM >= 180000
#define UUIDX_CHECK_ENFORCED(check) ((check).ccenforced)
#else
#define UUIDX_CHECK_ENFORCED(check) true
#endif

// 16 made the tree walkers typed (tree_walker_callback); 15 declares them with `bool (*)()`,
// which C++ reads as a function of no arguments.
#if PG_VERSION_NUM >= 160000
#define UUIDX_TREE_WALKER(fn) (fn)
#else
#define UUIDX_TREE_WALKER(fn) reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(fn))
#endif
#if PG_VERSION_NUM >= 160000
#define UUIDX_TREE_MUTATOR(fn) (fn)
#else
#define UUIDX_TREE_MUTATOR(fn) reinterpret_cast<Node* (*)()>(reinterpret_cast<void (*)()>(fn))
#endif

// 16 replaced pg_proc_aclcheck by object_aclcheck (include utils/acl.h and catalog/pg_proc.h).
#if PG_VERSION_NUM >= 160000
#define UUIDX_PROC_ACLCHECK(fn, role, mode) object_aclcheck(ProcedureRelationId, (fn), (role), (mode))
#else
#define UUIDX_PROC_ACLCHECK(fn, role, mode) pg_proc_aclcheck((fn), (role), (mode))
#endif

// A setting's "extra" is freed by guc.c: with free() up to 15, with pfree() in its own memory
// context from 16 on, where guc_malloc allocates there (include utils/guc.h).
#if PG_VERSION_NUM >= 160000
#define UUIDX_GUC_MALLOC(size) guc_malloc(LOG, (size))
#else
#define UUIDX_GUC_MALLOC(size) malloc(size)
#endif

// 17 adds pg_catalog.uuid_extract_timestamp (v1 only; 18 reads v7 too, in whole ms) and
// uuid_extract_version (include utils/fmgroids.h). InvalidOid where the server has none.
#if PG_VERSION_NUM >= 170000
#define UUIDX_PG_EXTRACT_TIMESTAMP F_UUID_EXTRACT_TIMESTAMP
#define UUIDX_PG_EXTRACT_VERSION F_UUID_EXTRACT_VERSION
#else
#define UUIDX_PG_EXTRACT_TIMESTAMP InvalidOid
#define UUIDX_PG_EXTRACT_VERSION InvalidOid
#endif
