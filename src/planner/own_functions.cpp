// own_functions.cpp: uuidx's own functions and aggregates, as the planner's passes recognise them.
//
// The passes call or trust only uuidx's objects: a function is uuidx's when it is a C function of
// the uuidx library with the expected link symbol (only a superuser can create a C function), and
// the functions a pass adds to a query are also looked up among the members of the extension
// (pg_depend), never by name through a schema others may write. Where they are absent (uuidx 1.0)
// the pass adds nothing.
//
// Plain C-style code over PostgreSQL's catalog APIs: no C++ object with a destructor lives in these
// frames, so an error (longjmp) unwinds nothing.
#include "own_functions.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/syscache.h"
}

namespace uuidx_planner {

bool is_uuidx_symbol(Oid fn, const char* symbol) {
  HeapTuple tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
  if (!HeapTupleIsValid(tuple)) return false;
  bool match = false;
  if (reinterpret_cast<Form_pg_proc>(GETSTRUCT(tuple))->prolang == ClanguageId) {
    bool null_src, null_bin;
    const Datum src = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_prosrc, &null_src);
    const Datum bin = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_probin, &null_bin);
    if (!null_src && !null_bin) {
      char* src_text = TextDatumGetCString(src);
      char* bin_text = TextDatumGetCString(bin);
      // The module path ends in uuidx ('$libdir/uuidx', or a full path, maybe with the suffix).
      const char* base = strrchr(bin_text, '/');
      base = base ? base + 1 : bin_text;
      match = strcmp(src_text, symbol) == 0 && (strcmp(base, "uuidx") == 0 || strcmp(base, "uuidx.so") == 0);
      pfree(src_text);
      pfree(bin_text);
    }
  }
  ReleaseSysCache(tuple);
  return match;
}

bool is_uuidx_aggregate(Oid fn, const char* symbol, Oid sortop) {
  HeapTuple proc = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
  if (!HeapTupleIsValid(proc)) return false;
  const Form_pg_proc p = reinterpret_cast<Form_pg_proc>(GETSTRUCT(proc));
  const bool shape = p->prokind == PROKIND_AGGREGATE && p->pronargs == 1 && p->proargtypes.values[0] == UUIDOID &&
                     p->prorettype == UUIDOID;
  ReleaseSysCache(proc);
  if (!shape) return false;
  HeapTuple agg = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(fn));
  if (!HeapTupleIsValid(agg)) return false;
  const Form_pg_aggregate a = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(agg));
  const bool match = a->aggkind == AGGKIND_NORMAL && a->aggtranstype == UUIDOID && a->aggsortop == sortop &&
                     !OidIsValid(a->aggfinalfn) && is_uuidx_symbol(a->aggtransfn, symbol);
  ReleaseSysCache(agg);
  return match;
}

void visit_extension_functions(Oid extension, void (*visit)(Oid fn, void* arg), void* arg) {
  Relation rel = table_open(DependRelationId, AccessShareLock);
  ScanKeyData key[2];
  ScanKeyInit(&key[0], Anum_pg_depend_refclassid, BTEqualStrategyNumber, F_OIDEQ,
              ObjectIdGetDatum(ExtensionRelationId));
  ScanKeyInit(&key[1], Anum_pg_depend_refobjid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(extension));
  SysScanDesc scan = systable_beginscan(rel, DependReferenceIndexId, true, nullptr, 2, key);
  for (HeapTuple tuple = systable_getnext(scan); HeapTupleIsValid(tuple); tuple = systable_getnext(scan)) {
    const Form_pg_depend dep = reinterpret_cast<Form_pg_depend>(GETSTRUCT(tuple));
    if (dep->deptype == DEPENDENCY_EXTENSION && dep->classid == ProcedureRelationId) visit(dep->objid, arg);
  }
  systable_endscan(scan);
  table_close(rel, AccessShareLock);
}

bool role_may_execute(Oid a, Oid b, PlanDependencies* deps) {
  deps->on_role = true;
  return UUIDX_PROC_ACLCHECK(a, GetUserId(), ACL_EXECUTE) == ACLCHECK_OK &&
         UUIDX_PROC_ACLCHECK(b, GetUserId(), ACL_EXECUTE) == ACLCHECK_OK;
}

}  // namespace uuidx_planner
