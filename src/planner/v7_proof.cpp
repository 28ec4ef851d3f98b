// v7_proof.cpp: the proof that a key holds v7 values only, on which the rewrites of time predicates
// (time_predicates.cpp) and of time orders and min/max (time_order.cpp) rest.
//
// Among UUIDv7 values the time (unix_ts_ms, RFC 9562 §5.7, plus the rand_a fraction of §6.2
// Method 3 when read to the µs) never decreases in key order; a v1 or v6 key, whose time
// uuid_extract_time also reads, sorts anywhere. So a rewrite holds only for a key that holds
// nothing but v7 values, proven by a validated, enforced CHECK constraint as it stands now: the
// domain's (uuid_v7, or any domain whose constraint calls uuidx's version check with 7) or the
// table's (`uuid_extract_version(id) = 7`), or uuidx's check of client-made v7 keys in either.
// The key must be a column of a table (reached through views, subqueries and joins) whose
// scanned tree holds no foreign table: PostgreSQL never checks a foreign table's constraints
// against its data. The domains read for a proof are returned, so that the plan depends on
// them: ALTER DOMAIN ... ADD/DROP/VALIDATE CONSTRAINT plans again.
//
// Plain C-style code over PostgreSQL's APIs: no C++ object with a destructor lives in these frames.
#include "v7_proof.hpp"
#include "nodes.hpp"
#include "own_functions.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_class.h"
#include "catalog/indexing.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

namespace uuidx_planner {

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
// uuid_check_version(key, 7, ...) (the uuid_v7 domain's) or uuid_v7_check / uuid_v7_plausible(key,
// ...), under AND. uuidx's functions are
// recognised by their C symbol (own_functions.cpp).
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
    if (f->args == NIL || !is_checked_key(reinterpret_cast<Node*>(linitial(f->args)), attno)) return false;
    // uuid_v7_check and uuid_v7_plausible refuse every non-v7 whatever their limits (NULL for
    // a NULL key only), so either proves the key as uuid_check_version(key, 7, ...) does. A
    // constraint stores only the arguments written (defaults are added when it is planned); a key
    // passed by name (a NamedArgExpr) is not recognised, and proves nothing.
    if (is_uuidx_symbol(f->funcid, "uuidx_v7_check") || is_uuidx_symbol(f->funcid, "uuidx_v7_plausible")) return true;
    return list_length(f->args) == 3 && is_uuidx_symbol(f->funcid, "uuidx_check_version") &&
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

// tree_has_foreign_table's answers for the tables last asked about: with 1,000 partitions, finding
// them all costs more than planning a lookup. Any relcache invalidation forgets them all.
struct ForeignCacheEntry {
  Oid relid;
  bool inh;
  bool has_foreign;
};
ForeignCacheEntry foreign_cache[16];
int foreign_cache_count = 0;
int foreign_cache_next = 0;

void forget_foreign_tables(Datum, Oid) {
  foreign_cache_count = 0;
  foreign_cache_next = 0;  // the next answer goes to slot 0, the first the lookup reads
}

}  // namespace

bool tree_has_foreign_table(Oid relid, bool inh) {
  for (int i = 0; i < foreign_cache_count; ++i)
    if (foreign_cache[i].relid == relid && foreign_cache[i].inh == inh) return foreign_cache[i].has_foreign;
  bool found = get_rel_relkind(relid) == RELKIND_FOREIGN_TABLE;
  if (!found && inh && has_subclass(relid)) {
    List* members = find_all_inheritors(relid, NoLock, nullptr);
    ListCell* lc;
    foreach (lc, members) {
      if (get_rel_relkind(lfirst_oid(lc)) == RELKIND_FOREIGN_TABLE) {
        found = true;
        break;
      }
    }
    list_free(members);
  }
  // Kept until the next relcache invalidation (a table's partition or child attached, detached,
  // created or dropped at any depth invalidates that table's entry).
  foreign_cache[foreign_cache_next] = {relid, inh, found};
  foreign_cache_next = (foreign_cache_next + 1) % static_cast<int>(lengthof(foreign_cache));
  if (foreign_cache_count < static_cast<int>(lengthof(foreign_cache))) ++foreign_cache_count;
  return found;
}

void install_foreign_table_cache() { CacheRegisterRelcacheCallback(forget_foreign_tables, 0); }

bool column_is_v7(Query* query, const Var* var, bool strict, List** proof_types) {
  return column_is_v7_at(query, var, strict, proof_types, 0);
}

}  // namespace uuidx_planner
