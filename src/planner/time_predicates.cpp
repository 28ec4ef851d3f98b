// time_predicates.cpp: the planner hook's first pass (planner.cpp): `uuid_extract_time(id) op t`
// on a v7 key gets the key range it implies, so that an index (or a partition bound) can be used.
//
// Since the time of a v7 never decreases in key order (v7_proof.cpp), `time(id) >= t` holds
// exactly when id >= the smallest v7 of that time (v7time.hpp), and likewise for the other
// comparisons (time_comparison.cpp reads them). The condition is added only for a key proven to
// hold v7 values only (v7_proof.cpp). The original qual stays: `P` becomes `P AND id >= bound`,
// and since P implies the bound for every v7, the rows are the same. Where the finished plan
// evaluates an added condition row by row rather than using it for an index or for pruning, it is
// taken out again after planning (filter_cleanup.cpp).
//
// The bounds are uuidx's uuid_v7_lower_bound / uuid_v7_upper_bound, found among the members of
// the extension by the C symbol they call (own_functions.cpp); nothing is added where they are
// absent (uuidx 1.0), or where the planning role may not call them.
//
// Plain C-style code over PostgreSQL's node and catalog APIs: no C++ object with a destructor
// lives in these frames, so an error (longjmp) unwinds nothing.
#include "../core/v7time.hpp"
#include "time_predicates.hpp"
#include "join_quals.hpp"
#include "nodes.hpp"
#include "own_functions.hpp"
#include "qual_folding.hpp"
#include "time_comparison.hpp"
#include "transaction_time.hpp"
#include "v7_proof.hpp"

extern "C" {
#include "access/stratnum.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
}

namespace uuidx_planner {

namespace {

// What the rewrite needs from the catalogs, looked up once per planned statement and only when a
// candidate qual turns up. `available` is false where uuidx (1.1) is not installed in this
// database, or the user may not call the bound functions.
struct Lookups {
  bool resolved;
  bool available;
  AddedConditions* added;  // the bound functions and uuid's >= and <=; whether any was added
  PlanDependencies* deps;
  // Keys already proven (or not) in this statement: a query with many arms over one key asks
  // the catalogs once, so that planning grows with the number of quals, not faster.
  struct KeyProof {
    const Query* query;
    Index varno;
    AttrNumber attno;
    bool v7;
  } proofs[8];
  int proof_count;
};

struct WalkContext {
  Query* query;  // the query whose quals are being read (Vars of level 0 refer to its rtable)
  Lookups* lookups;
  ParamListInfo params;  // the statement's bound parameters, or null
};

// The bound functions among the members of the uuidx extension, by the C symbol they call: a
// function someone else created, in whatever schema and with whatever name, is never one of them.
void find_bound_functions(Oid extension, AddedConditions* added) {
  visit_extension_functions(
      extension,
      [](Oid fn, void* arg) {
        auto* found = static_cast<AddedConditions*>(arg);
        if (is_uuidx_symbol(fn, "uuidx_v7_lower_bound")) found->lower_fn = fn;
        if (is_uuidx_symbol(fn, "uuidx_v7_upper_bound")) found->upper_fn = fn;
      },
      added);
}

void resolve(Lookups* lk) {
  lk->resolved = true;
  lk->available = false;
  const Oid extension = get_extension_oid("uuidx", true);
  if (!OidIsValid(extension)) return;
  AddedConditions* added = lk->added;
  find_bound_functions(extension, added);
  if (!OidIsValid(added->lower_fn) || !OidIsValid(added->upper_fn)) return;  // uuidx 1.0
  // The added condition calls them.
  if (!role_may_execute(added->lower_fn, added->upper_fn, lk->deps)) return;
  const Oid family = get_opclass_family(GetDefaultOpClass(UUIDOID, BTREE_AM_OID));
  added->uuid_ge = get_opfamily_member(family, UUIDOID, UUIDOID, BTGreaterEqualStrategyNumber);
  added->uuid_le = get_opfamily_member(family, UUIDOID, UUIDOID, BTLessEqualStrategyNumber);
  lk->available = OidIsValid(added->uuid_ge) && OidIsValid(added->uuid_le);
}

// The instant side. The added condition evaluates it once per scan (or per outer row), also when
// the original qual would never have been evaluated (no row reaches it), so it must be an
// expression that cannot raise an error: a constant, a parameter, a column of another table, the
// transaction's or statement's time (now(), CURRENT_TIMESTAMP, ...), that time moved by a
// constant interval of at most 1000 years (the clock is between 1970 and 10000, so the result is
// inside timestamptz's range) or truncated by date_trunc to a constant unit. Anything else (an
// arithmetic on a parameter or a column, a cast, a function) may fail for some value and is
// left alone. None of these is volatile, and none reads the key's own table, whose scan the
// bound must precede (bounded_interval: time_comparison.hpp).

// now(), CURRENT_TIMESTAMP and the like, moved by bounded constant intervals or truncated.
bool current_time_expr(Node* node, int depth) {
  node = strip_relabel(node);
  if (node == nullptr || depth > 4) return false;
  if (IsA(node, SQLValueFunction)) {
    const SQLValueFunctionOp op = reinterpret_cast<SQLValueFunction*>(node)->op;
    return op == SVFOP_CURRENT_TIMESTAMP || op == SVFOP_CURRENT_TIMESTAMP_N;
  }
  if (IsA(node, FuncExpr)) {
    FuncExpr* f = reinterpret_cast<FuncExpr*>(node);
    const int nargs = list_length(f->args);
    if (nargs == 0)
      return f->funcid == F_NOW || f->funcid == F_STATEMENT_TIMESTAMP || f->funcid == F_TRANSACTION_TIMESTAMP;
    if (nargs == 2 && f->funcid == F_DATE_TRUNC_TEXT_TIMESTAMPTZ) {
      Node* unit = reinterpret_cast<Node*>(linitial(f->args));
      if (!IsA(unit, Const) || reinterpret_cast<Const*>(unit)->constisnull) return false;
      static const char* const units[] = {"microseconds", "milliseconds", "second",    "minute",  "hour",
                                          "day",          "week",         "month",     "quarter", "year",
                                          "decade",       "century",      "millennium"};
      char* name = TextDatumGetCString(reinterpret_cast<Const*>(unit)->constvalue);
      bool known = false;
      for (const char* u : units) known = known || pg_strcasecmp(name, u) == 0;
      pfree(name);
      return known && current_time_expr(reinterpret_cast<Node*>(lsecond(f->args)), depth + 1);
    }
    return false;
  }
  if (IsA(node, OpExpr) && list_length(reinterpret_cast<OpExpr*>(node)->args) == 2) {
    OpExpr* op = reinterpret_cast<OpExpr*>(node);
    const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
    Node* left = reinterpret_cast<Node*>(linitial(op->args));
    Node* right = reinterpret_cast<Node*>(lsecond(op->args));
    if (fn == F_TIMESTAMPTZ_PL_INTERVAL || fn == F_TIMESTAMPTZ_MI_INTERVAL)
      return current_time_expr(left, depth + 1) && bounded_interval(right);
    if (fn == F_INTERVAL_PL_TIMESTAMPTZ) return bounded_interval(left) && current_time_expr(right, depth + 1);
  }
  return false;
}

}  // namespace

bool current_time_instant(Node* node) { return current_time_expr(node, 0); }

namespace {

bool instant_cannot_fail(Node* instant, Index key_varno) {
  Node* node = strip_relabel(instant);
  if (node == nullptr) return false;
  if (IsA(node, Const) || IsA(node, Param)) return true;
  if (IsA(node, Var)) {
    const Var* v = reinterpret_cast<Var*>(node);
    return v->varlevelsup > 0 || static_cast<Index>(v->varno) != key_varno;
  }
  return current_time_expr(node, 0);
}

bool key_is_v7(const Var* var, WalkContext* cx) {
  Lookups* lk = cx->lookups;
  const Index varno = static_cast<Index>(var->varno);
  for (int i = 0; i < lk->proof_count; ++i) {
    const Lookups::KeyProof& p = lk->proofs[i];
    if (p.query == cx->query && p.varno == varno && p.attno == var->varattno) return p.v7;
  }
  const bool v7 = column_is_v7(cx->query, var, false, &lk->deps->domains);
  if (lk->proof_count < static_cast<int>(lengthof(lk->proofs)))
    lk->proofs[lk->proof_count++] = {cx->query, varno, var->varattno, v7};
  return v7;
}

template <typename T>
T* copy_node(const T* node) {
  return static_cast<T*>(copyObjectImpl(node));  // copyObject() needs typeof, which C++ lacks
}

// The instant's value when planning knows it: a constant, or a parameter whose value the plan may
// take as one (a custom plan's, as constant folding would take it).
bool known_instant(Node* instant, ParamListInfo params, TimestampTz* value) {
  Node* at = strip_relabel(instant);
  if (at && IsA(at, Const)) {
    const Const* c = reinterpret_cast<Const*>(at);
    if (c->constisnull || c->consttype != TIMESTAMPTZOID) return false;
    *value = DatumGetTimestampTz(c->constvalue);
    return true;
  }
  if (!at || !IsA(at, Param) || params == nullptr || params->paramFetch != nullptr) return false;
  const Param* p = reinterpret_cast<Param*>(at);
  if (p->paramkind != PARAM_EXTERN || p->paramid <= 0 || p->paramid > params->numParams) return false;
  const ParamExternData* prm = &params->params[p->paramid - 1];
  if (!(prm->pflags & PARAM_FLAG_CONST) || prm->isnull || prm->ptype != TIMESTAMPTZOID) return false;
  *value = DatumGetTimestampTz(prm->value);
  return true;
}

// `key op bound`, marked so that it can be taken out of the plan's filters again
// (filter_cleanup.cpp).
Expr* key_condition(Oid op, Node* key, Expr* bound) {
  OpExpr* cond = reinterpret_cast<OpExpr*>(
      make_opclause(op, BOOLOID, false, reinterpret_cast<Expr*>(copy_node(key)), bound, InvalidOid, InvalidOid));
  cond->opfuncid = get_opcode(op);
  cond->location = kAddedConditionLocation;
  return reinterpret_cast<Expr*>(cond);
}

// The bound for an instant known at planning: a v7 also where no v7 satisfies the comparison
// (v7time.hpp), so that TimescaleDB, which turns a constant compared with a UUIDv7 dimension into
// a time, takes it (it refuses the max and the nil UUID that uuid_v7_lower_bound/upper_bound give
// there).
Expr* constant_bound(bool lower, TimestampTz at, bool inclusive, bool sub_ms) {
  const uuidx::Uuid value = uuidx::v7_key_bound(lower, uuidx_pg::unix_micros_arg(at), inclusive, sub_ms);
  return reinterpret_cast<Expr*>(
      makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, uuidx_pg::uuid_datum(value), false, false));
}

Expr* bound_condition(Oid op, Oid fn, bool lower, Node* key, Node* instant, bool inclusive, bool sub_ms,
                      ParamListInfo params) {
  TimestampTz at;
  if (known_instant(instant, params, &at)) return key_condition(op, key, constant_bound(lower, at, inclusive, sub_ms));
  List* args = list_make3(copy_node(instant), makeBoolConst(inclusive, false), makeBoolConst(sub_ms, false));
  return key_condition(
      op, key, reinterpret_cast<Expr*>(makeFuncExpr(fn, UUIDOID, args, InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL)));
}

// Whether the key's table has partitions (or inheritance children) to prune: only there does a
// bound known at planning do more than the one computed at execution, which the index uses as
// well. Elsewhere the plan stays valid beyond its transaction, as it was.
bool prunes_at_planning(const Var* key, const Query* query) {
  const RangeTblEntry* rte = rt_fetch(key->varno, query->rtable);
  if (rte->rtekind != RTE_RELATION || !rte->inh) return false;
  return rte->relkind == RELKIND_PARTITIONED_TABLE || has_subclass(rte->relid);
}

// For `time(key) op t` (either way round, `negate` for NOT (...)): the conditions on the key it
// implies, or NIL when the qual is not one of those or the key is not provably v7.
List* implied_conditions(OpExpr* op, bool negate, WalkContext* cx) {
  uuidx::TimeCmp cmp;
  Node* key;
  Node* instant;
  bool sub_ms;
  if (!read_time_comparison(op, negate, &cmp, &key, &instant, &sub_ms)) return NIL;
  Node* stripped = strip_relabel(key);
  if (!IsA(stripped, Var)) return NIL;
  const Var* var = reinterpret_cast<Var*>(stripped);
  if (var->varlevelsup != 0) return NIL;
  if (!instant_cannot_fail(instant, static_cast<Index>(var->varno))) return NIL;
  if (!cx->lookups->resolved) resolve(cx->lookups);
  if (!cx->lookups->available || !key_is_v7(var, cx)) return NIL;

  const uuidx::ImpliedBounds b = uuidx::implied_bounds(cmp);
  AddedConditions* added = cx->lookups->added;
  added->any = true;
  // now() - interval '1 hour' over a partitioned key: its value in this transaction as well, so
  // that partitions are pruned at planning (transaction_time.cpp), beside the bound computed at
  // execution; the plan is then valid in this transaction only.
  TimestampTz planned;
  const bool planning_value = !known_instant(instant, cx->params, &planned) && prunes_at_planning(var, cx->query) &&
                              transaction_time_value(instant, &planned);
  if (planning_value) cx->lookups->deps->on_transaction_time = true;
  List* out = NIL;
  if (b.lower) {
    out = lappend(out, bound_condition(added->uuid_ge, added->lower_fn, true, key, instant, b.lower_inclusive, sub_ms,
                                       cx->params));
    if (planning_value)
      out = lappend(out, key_condition(added->uuid_ge, key, constant_bound(true, planned, b.lower_inclusive, sub_ms)));
  }
  if (b.upper) {
    out = lappend(out, bound_condition(added->uuid_le, added->upper_fn, false, key, instant, b.upper_inclusive, sub_ms,
                                       cx->params));
    if (planning_value)
      out = lappend(out, key_condition(added->uuid_le, key, constant_bound(false, planned, b.upper_inclusive, sub_ms)));
  }
  return out;
}

// A clause of another shape (a CASE, a NULL test, a NOT over AND/OR ...) read as constant folding
// would give it (qual_folding.cpp): when that is a comparison the rewrite takes, or a NOT right
// over one, its conditions are added next to the clause as written, which stays as it is (the
// planner folds it later, on 19 to that comparison). Since the folded form equals the clause on
// every row the clause is evaluated on, the clause being true implies the folded comparison, and
// so the conditions.
Node* rewrite_folded(Node* node, WalkContext* cx) {
  if (!has_time_comparison(node)) return node;
  Node* folded = fold_for_matching(node, cx->query);
  if (folded == node) return node;
  List* added = NIL;
  if (IsA(folded, OpExpr)) {
    added = implied_conditions(reinterpret_cast<OpExpr*>(folded), false, cx);
  } else if (IsA(folded, BoolExpr)) {
    BoolExpr* b = reinterpret_cast<BoolExpr*>(folded);
    if (b->boolop == NOT_EXPR && list_length(b->args) == 1 && IsA(linitial(b->args), OpExpr))
      added = implied_conditions(reinterpret_cast<OpExpr*>(linitial(b->args)), true, cx);
  }
  return added != NIL ? reinterpret_cast<Node*>(make_andclause(lcons(node, added))) : node;
}

// Rewrites a WHERE or JOIN ... ON clause. Only through AND and OR from the top (and one NOT right
// over a comparison): there a row passes when the clause is true, and replacing a NULL part by
// false, as `P AND bound` may do for a key whose version is NULL under a CHECK constraint, cannot
// change that. A clause of any other shape (CASE, IS NOT TRUE, a NOT over AND/OR) gets conditions
// only when it folds to such a comparison (rewrite_folded).
Node* rewrite_clause(Node* node, WalkContext* cx) {
  if (node == nullptr) return node;
  if (IsA(node, List)) {  // an implicit AND
    ListCell* lc;
    foreach (lc, reinterpret_cast<List*>(node)) lfirst(lc) = rewrite_clause(reinterpret_cast<Node*>(lfirst(lc)), cx);
    return node;
  }
  if (IsA(node, BoolExpr)) {
    BoolExpr* b = reinterpret_cast<BoolExpr*>(node);
    if (b->boolop == AND_EXPR || b->boolop == OR_EXPR) {
      ListCell* lc;
      foreach (lc, b->args) lfirst(lc) = rewrite_clause(reinterpret_cast<Node*>(lfirst(lc)), cx);
      return node;
    }
    if (b->boolop == NOT_EXPR && list_length(b->args) == 1 && IsA(linitial(b->args), OpExpr)) {
      List* added = implied_conditions(reinterpret_cast<OpExpr*>(linitial(b->args)), true, cx);
      if (added != NIL) return reinterpret_cast<Node*>(make_andclause(lcons(node, added)));
      return node;
    }
  } else if (IsA(node, OpExpr)) {
    List* added = implied_conditions(reinterpret_cast<OpExpr*>(node), false, cx);
    if (added != NIL) return reinterpret_cast<Node*>(make_andclause(lcons(node, added)));
    return node;
  }
  return rewrite_folded(node, cx);
}

Node* rewrite_query_clause(Node* clause, Query* query, void* arg) {
  WalkContext* cx = static_cast<WalkContext*>(arg);
  WalkContext inner = {query, cx->lookups, cx->params};
  return rewrite_clause(clause, &inner);
}

}  // namespace

void rewrite_time_predicates(Query* parse, ParamListInfo bound_params, PlanDependencies* deps, AddedConditions* added) {
  Lookups lookups = {};
  lookups.added = added;
  lookups.deps = deps;
  WalkContext cx = {parse, &lookups, bound_params};
  rewrite_join_quals(parse, rewrite_query_clause, &cx);
}

}  // namespace uuidx_planner
