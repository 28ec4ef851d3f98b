// v7_proof.cpp: the proof that a key holds v7 values only, and the recognition of uuidx's own
// functions, shared by the rewrites of time predicates (time_predicates.cpp) and of time orders
// and min/max (time_order.cpp).
//
// Among UUIDv7 values (RFC 9562 §5.7) the time never decreases in key order. A key is proven v7 by
// a validated, enforced CHECK constraint as it stands now: the domain's (uuid_v7, or any domain
// whose constraint calls uuidx's version check with 7) or the table's. The key must be a column of
// a table (reached through views, subqueries and joins) whose scanned tree holds no foreign table:
// PostgreSQL never checks a foreign table's constraints against its data.
//
// Plain C-style code over PostgreSQL's APIs: no C++ object with a destructor lives in these frames.
#include "v7_proof.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/pg_class.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/indexing.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

namespace uuidx_pg {

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

Node* strip_relabel(Node* node) {
  while (node && IsA(node, RelabelType)) node = reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(node)->arg);
  return node;
}

// The argument of parameter `n` (0-based) of a call, whether written by position or by name
// (the parser keeps named arguments as NamedArgExpr, in the order written, until planning).
Node* argument(FuncExpr* f, int n) {
  int position = 0;
  ListCell* lc;
  foreach (lc, f->args) {
    Node* arg = reinterpret_cast<Node*>(lfirst(lc));
    if (IsA(arg, NamedArgExpr)) {
      NamedArgExpr* named = reinterpret_cast<NamedArgExpr*>(arg);
      if (named->argnumber == n) return reinterpret_cast<Node*>(named->arg);
    } else if (position == n) {
      return arg;
    }
    ++position;
  }
  return nullptr;
}

// A call that reads a UUID's time: uuidx's uuid_extract_time(uuid [, submillisecond]) and
// uuid_extract_timestamp(uuid), and the server's uuid_extract_timestamp (17 and later). For a v7
// each gives the unix_ts_ms; uuid_extract_time(u, true) adds the fraction. (17's own reads v1
// only, so on 17 it is NULL for every v7: the qual is never true and the bound changes nothing.)
// `key` is the UUID argument.
bool time_call(Node* node, Node** key, bool* sub_ms) {
  if (!node || !IsA(node, FuncExpr)) return false;
  FuncExpr* f = reinterpret_cast<FuncExpr*>(node);
  const int nargs = list_length(f->args);
  if (nargs == 1 && OidIsValid(UUIDX_PG_EXTRACT_TIMESTAMP) && f->funcid == UUIDX_PG_EXTRACT_TIMESTAMP) {
    *sub_ms = false;
  } else if (nargs == 1 && (is_uuidx_symbol(f->funcid, "uuidx_extract_time") ||
                            is_uuidx_symbol(f->funcid, "uuidx_extract_timestamp_pg18"))) {
    *sub_ms = false;
  } else if (nargs == 2 && is_uuidx_symbol(f->funcid, "uuidx_extract_time")) {
    // The reading must be known when planning: a constant true or false.
    Node* flag = argument(f, 1);
    if (!flag || !IsA(flag, Const)) return false;
    Const* c = reinterpret_cast<Const*>(flag);
    if (c->constisnull || c->consttype != BOOLOID) return false;
    *sub_ms = DatumGetBool(c->constvalue);
  } else {
    return false;
  }
  *key = argument(f, 0);
  return *key != nullptr;
}

namespace {

// The checked value: the column `attno` in a table's constraint, the domain's VALUE (attno 0).
bool is_checked_key(Node* node, AttrNumber attno) {
  node = strip_relabel(node);
  if (attno == 0) return node && IsA(node, CoerceToDomainValue);
  return node && IsA(node, Var) && reinterpret_cast<Var*>(node)->varattno == attno;
}

bool is_const_seven(Node* node) {
  if (!node || !IsA(node, Const)) return false;
  const Const* c = reinterpret_cast<Const*>(node);
  if (c->constisnull) return false;
  if (c->consttype == INT2OID) return DatumGetInt16(c->constvalue) == 7;
  if (c->consttype == INT4OID) return DatumGetInt32(c->constvalue) == 7;
  if (c->consttype == INT8OID) return DatumGetInt64(c->constvalue) == 7;
  return false;
}

// A check that admits v7 keys only: `version(key) = 7` (either side, smallint, integer or bigint
// 7), with version uuidx's uuid_extract_version or the server's (17 and later), or uuidx's
// uuid_check_version(key, 7, ...) (the uuid_v7 domain's), under AND. uuidx's functions are
// recognised by their C symbol: only a superuser can create a C function.
bool says_v7(Node* node, AttrNumber attno, bool strict) {
  if (node == nullptr) return false;
  if (IsA(node, List)) {
    ListCell* lc;
    foreach (lc, reinterpret_cast<List*>(node))
      if (says_v7(reinterpret_cast<Node*>(lfirst(lc)), attno, strict)) return true;
    return false;
  }
  if (IsA(node, BoolExpr)) {
    BoolExpr* b = reinterpret_cast<BoolExpr*>(node);
    return b->boolop == AND_EXPR && says_v7(reinterpret_cast<Node*>(b->args), attno, strict);
  }
  if (IsA(node, FuncExpr)) {
    FuncExpr* f = reinterpret_cast<FuncExpr*>(node);
    return list_length(f->args) == 3 && is_uuidx_symbol(f->funcid, "uuidx_check_version") &&
           is_checked_key(reinterpret_cast<Node*>(linitial(f->args)), attno) &&
           is_const_seven(reinterpret_cast<Node*>(lsecond(f->args)));
  }
  // `version(key) = 7` also holds for a value of another variant, whose version (and time) is
  // NULL: a strict proof does not take it.
  if (strict || !IsA(node, OpExpr)) return false;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  if (list_length(op->args) != 2) return false;
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  if (fn != F_INT2EQ && fn != F_INT24EQ && fn != F_INT28EQ && fn != F_INT42EQ && fn != F_INT82EQ) return false;
  Node* sides[2] = {reinterpret_cast<Node*>(linitial(op->args)), reinterpret_cast<Node*>(lsecond(op->args))};
  for (int i = 0; i < 2; ++i) {
    Node* call = sides[i];
    if (!IsA(call, FuncExpr) || !is_const_seven(sides[1 - i])) continue;
    FuncExpr* f = reinterpret_cast<FuncExpr*>(call);
    if (list_length(f->args) != 1) continue;
    if (!(OidIsValid(UUIDX_PG_EXTRACT_VERSION) && f->funcid == UUIDX_PG_EXTRACT_VERSION) &&
        !is_uuidx_symbol(f->funcid, "uuidx_extract_version"))
      continue;
    if (is_checked_key(reinterpret_cast<Node*>(linitial(f->args)), attno)) return true;
  }
  return false;
}

// A table column every row of which is a v7 (or NULL, or a value whose version is NULL and
// whose time therefore is too): a validated, enforced CHECK constraint says so, and it holds for
// the inheritance children the scan reads as well.
bool table_says_v7(Oid relid, bool inh, AttrNumber attno, bool strict) {
  // The parser (or the plan cache) holds a lock on every table of the query.
  Relation rel = table_open(relid, NoLock);
  bool found = false;
  const TupleConstr* constr = RelationGetDescr(rel)->constr;
  for (int i = 0; constr && !found && i < constr->num_check; ++i) {
    const ConstrCheck& check = constr->check[i];
    if (!check.ccvalid || !UUIDX_CHECK_ENFORCED(check) || (check.ccnoinherit && inh)) continue;
    found = says_v7(reinterpret_cast<Node*>(stringToNode(check.ccbin)), attno, strict);
  }
  table_close(rel, NoLock);
  return found;
}

// A domain (or a domain over one) whose validated CHECK constraint admits v7 values only, read
// from pg_constraint as it stands: a constraint dropped, or added NOT VALID, proves nothing.
bool domain_says_v7(Oid type, bool strict, List** proof_types) {
  for (int depth = 0; OidIsValid(type) && depth < 32; ++depth) {
    HeapTuple tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
    if (!HeapTupleIsValid(tuple)) return false;
    const Form_pg_type form = reinterpret_cast<Form_pg_type>(GETSTRUCT(tuple));
    const bool is_domain = form->typtype == TYPTYPE_DOMAIN;
    const Oid base = form->typbasetype;
    ReleaseSysCache(tuple);
    if (!is_domain) return false;
    *proof_types = lappend_oid(*proof_types, type);

    Relation rel = table_open(ConstraintRelationId, AccessShareLock);
    ScanKeyData key;
    ScanKeyInit(&key, Anum_pg_constraint_contypid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(type));
    SysScanDesc scan = systable_beginscan(rel, ConstraintTypidIndexId, true, nullptr, 1, &key);
    bool found = false;
    for (HeapTuple c = systable_getnext(scan); !found && HeapTupleIsValid(c); c = systable_getnext(scan)) {
      const Form_pg_constraint con = reinterpret_cast<Form_pg_constraint>(GETSTRUCT(c));
      if (con->contype != CONSTRAINT_CHECK || !con->convalidated) continue;
      bool isnull;
      const Datum bin = heap_getattr(c, Anum_pg_constraint_conbin, RelationGetDescr(rel), &isnull);
      if (isnull) continue;
      char* expr = TextDatumGetCString(bin);
      found = says_v7(reinterpret_cast<Node*>(stringToNode(expr)), 0, strict);
      pfree(expr);
    }
    systable_endscan(scan);
    table_close(rel, AccessShareLock);
    if (found) return true;
    type = base;
  }
  return false;
}

// True when the scan of relid (with its inheritance children or partitions when inh) reads a
// foreign table.
bool tree_has_foreign_table(Oid relid, bool inh) {
  if (get_rel_relkind(relid) == RELKIND_FOREIGN_TABLE) return true;
  if (!inh || !has_subclass(relid)) return false;
  List* members = find_all_inheritors(relid, NoLock, nullptr);
  ListCell* lc;
  bool found = false;
  foreach (lc, members) {
    if (get_rel_relkind(lfirst_oid(lc)) == RELKIND_FOREIGN_TABLE) {
      found = true;
      break;
    }
  }
  list_free(members);
  return found;
}

// Whether the key (a Var of the current query) holds only v7 values. It is followed to the table
// column it reads, through views and subqueries (a column of their output that is a column of
// their FROM) and joins; anything else (a set operation, a function, VALUES, a CTE, an
// expression) proves nothing.
bool column_is_v7_at(Query* query, const Var* var, bool strict, List** proof_types, int depth) {
  if (depth > 64 || var->varlevelsup != 0 || var->varattno <= 0 || var->varno <= 0 ||
      static_cast<int>(var->varno) > list_length(query->rtable))
    return false;
  const RangeTblEntry* rte = rt_fetch(var->varno, query->rtable);
  if (rte->rtekind == RTE_JOIN) {
    if (var->varattno > list_length(rte->joinaliasvars)) return false;
    Node* alias = strip_relabel(reinterpret_cast<Node*>(list_nth(rte->joinaliasvars, var->varattno - 1)));
    return alias && IsA(alias, Var) &&
           column_is_v7_at(query, reinterpret_cast<Var*>(alias), strict, proof_types, depth + 1);
  }
  if (rte->rtekind == RTE_SUBQUERY) {
    Query* sub = rte->subquery;
    if (sub->setOperations != nullptr) return false;
    TargetEntry* tle = get_tle_by_resno(sub->targetList, var->varattno);
    if (tle == nullptr || tle->resjunk) return false;
    Node* expr = strip_relabel(reinterpret_cast<Node*>(tle->expr));
    return expr && IsA(expr, Var) && column_is_v7_at(sub, reinterpret_cast<Var*>(expr), strict, proof_types, depth + 1);
  }
  if (rte->rtekind != RTE_RELATION) return false;
  if (rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_PARTITIONED_TABLE) return false;
  if (tree_has_foreign_table(rte->relid, rte->inh)) return false;
  return domain_says_v7(get_atttype(rte->relid, var->varattno), strict, proof_types) ||
         table_says_v7(rte->relid, rte->inh, var->varattno, strict);
}

}  // namespace

bool column_is_v7(Query* query, const Var* var, bool strict, List** proof_types) {
  return column_is_v7_at(query, var, strict, proof_types, 0);
}

}  // namespace uuidx_pg
