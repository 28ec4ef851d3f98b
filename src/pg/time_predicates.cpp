// time_predicates.cpp: the planner hook that gives `uuid_extract_time(id) op t` an index (or a
// partition bound) to work with on a v7 key, the setting uuidx.time_predicates that turns it off,
// and the SQL bound functions it calls, uuid_v7_lower_bound / uuid_v7_upper_bound. The same hook
// then runs the rewrite of orders by time and min/max of time (time_order.cpp); the proof that a
// key is v7 is shared with it (v7_proof.cpp).
//
// Among UUIDv7 values, the time (unix_ts_ms, RFC 9562 §5.7, plus the rand_a fraction of §6.2
// Method 3 when read to the µs) never decreases in key order, so `time(id) >= t` holds exactly
// when id >= the smallest v7 of that time (v7time.hpp). A v1 or v6 key, whose time
// uuid_extract_time also reads, sorts anywhere: the condition is added only for a key that holds
// nothing but v7 values, proven by a validated CHECK constraint as it stands now: the domain's
// (uuid_v7, or any domain whose constraint calls uuidx's version check with 7) or the table's
// (`uuid_extract_version(id) = 7`). The key must be a column of a table (reached through views,
// subqueries and joins) whose scanned tree holds no foreign table: PostgreSQL never checks a
// foreign table's constraints against its data. The original qual stays: `P` becomes
// `P AND id >= bound`, and since P implies the bound for every v7, the rows are the same. Where
// the finished plan evaluates an added condition row by row (a sequential scan's filter) rather
// than using it for an index or for pruning, it is taken out again (filter_cleanup.cpp).
//
// Only uuidx's own objects are used: the bound functions are found among the members of the
// extension (pg_depend) by the C symbol they call, never by name through a schema others may
// write, and nothing is added where they are absent (uuidx 1.0). A plan with an added condition
// depends on the role that planned it (EXECUTE on the bound functions is checked for that role)
// and on the domains whose constraints proved the key, so PostgreSQL plans again for another
// role or after such a constraint changes.
//
// Everything here that calls PostgreSQL is plain C-style code over its node and catalog APIs: no
// C++ object with a destructor lives in these frames, so an error (longjmp) unwinds nothing.
#include "../core/v7time.hpp"
#include "filter_cleanup.hpp"
#include "pg.hpp"
#include "qual_folding.hpp"
#include "time_predicates.hpp"
#include "time_order.hpp"
#include "v7_proof.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_class.h"
#include "catalog/pg_extension.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "miscadmin.h"
#include "nodes/plannodes.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/planner.h"
#include "parser/parsetree.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

using uuidx_pg::is_uuidx_symbol;
using uuidx_pg::strip_relabel;
using uuidx_pg::time_call;

namespace {

bool time_predicates_enabled = true;
planner_hook_type previous_planner_hook = nullptr;

// What the rewrite needs from the catalogs, looked up once per planned statement and only when a
// candidate qual turns up. `available` is false where uuidx (1.1) is not installed in this
// database, or the user may not call the bound functions.
struct Lookups {
  bool resolved;
  bool available;
  Oid lower_fn;  // uuid_v7_lower_bound(timestamptz, boolean, boolean)
  Oid upper_fn;  // uuid_v7_upper_bound(timestamptz, boolean, boolean)
  Oid uuid_ge;   // uuid >= uuid
  Oid uuid_le;   // uuid <= uuid
  // Keys already proven (or not) in this statement: a query with many arms over one key asks
  // the catalogs once, so that planning grows with the number of quals, not faster.
  struct KeyProof {
    const Query* query;
    Index varno;
    AttrNumber attno;
    bool v7;
  } proofs[8];
  int proof_count;
  bool role_checked;  // EXECUTE on the bound functions was checked for the planning role
  bool added;         // a condition was added to the statement
  List* proof_types;  // domains whose constraints were read to prove a key (OIDs)
};

struct WalkContext {
  Query* query;  // the query whose quals are being read (Vars of level 0 refer to its rtable)
  Lookups* lookups;
  ParamListInfo params;  // the statement's bound parameters, or null
};

// The bound functions among the members of the uuidx extension (pg_depend deptype 'e'), by the
// C symbol they call: a function someone else created, in whatever schema and with whatever
// name, is never one of them.
void find_bound_functions(Oid extension, Lookups* lk) {
  uuidx_pg::visit_extension_functions(
      extension,
      [](Oid fn, void* arg) {
        auto* found = static_cast<Lookups*>(arg);
        if (is_uuidx_symbol(fn, "uuidx_v7_lower_bound")) found->lower_fn = fn;
        if (is_uuidx_symbol(fn, "uuidx_v7_upper_bound")) found->upper_fn = fn;
      },
      lk);
}

void resolve(Lookups* lk) {
  lk->resolved = true;
  lk->available = false;
  const Oid extension = get_extension_oid("uuidx", true);
  if (!OidIsValid(extension)) return;
  find_bound_functions(extension, lk);
  if (!OidIsValid(lk->lower_fn) || !OidIsValid(lk->upper_fn)) return;  // uuidx 1.0
  // The added condition calls them: a user who may not would get an error from a query that
  // did not name them. (The plan then depends on the role: see uuidx_planner.)
  lk->role_checked = true;
  if (UUIDX_PROC_ACLCHECK(lk->lower_fn, GetUserId(), ACL_EXECUTE) != ACLCHECK_OK ||
      UUIDX_PROC_ACLCHECK(lk->upper_fn, GetUserId(), ACL_EXECUTE) != ACLCHECK_OK)
    return;
  const Oid family = get_opclass_family(GetDefaultOpClass(UUIDOID, BTREE_AM_OID));
  lk->uuid_ge = get_opfamily_member(family, UUIDOID, UUIDOID, BTGreaterEqualStrategyNumber);
  lk->uuid_le = get_opfamily_member(family, UUIDOID, UUIDOID, BTLessEqualStrategyNumber);
  lk->available = OidIsValid(lk->uuid_ge) && OidIsValid(lk->uuid_le);
}

// `time op t` for the timestamptz comparison operators.
bool comparison_of(OpExpr* op, uuidx::TimeCmp* cmp) {
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  switch (fn) {
    case F_TIMESTAMPTZ_LT:
      *cmp = uuidx::TimeCmp::lt;
      return true;
    case F_TIMESTAMPTZ_LE:
      *cmp = uuidx::TimeCmp::le;
      return true;
    case F_TIMESTAMPTZ_EQ:
      *cmp = uuidx::TimeCmp::eq;
      return true;
    case F_TIMESTAMPTZ_GE:
      *cmp = uuidx::TimeCmp::ge;
      return true;
    case F_TIMESTAMPTZ_GT:
      *cmp = uuidx::TimeCmp::gt;
      return true;
    default:
      return false;
  }
}

// The instant side. The added condition evaluates it once per scan (or per outer row), also when
// the original qual would never have been evaluated (no row reaches it), so it must be an
// expression that cannot raise an error: a constant, a parameter, a column of another table, the
// transaction's or statement's time (now(), CURRENT_TIMESTAMP, ...), that time moved by a
// constant interval of at most 1000 years (the clock is between 1970 and 10000, so the result is
// inside timestamptz's range) or truncated by date_trunc to a constant unit. Anything else (an
// arithmetic on a parameter or a column, a cast, a function) may fail for some value and is
// left alone. None of these is volatile, and none reads the key's own table, whose scan the
// bound must precede.
constexpr std::int64_t kMaxShiftYears = 1000;

bool bounded_interval(Node* node) {
  if (!node || !IsA(node, Const)) return false;
  const Const* c = reinterpret_cast<Const*>(node);
  if (c->constisnull || c->consttype != INTERVALOID) return false;
  const Interval* i = DatumGetIntervalP(c->constvalue);
  const std::int64_t max_months = kMaxShiftYears * 12;
  const std::int64_t max_days = kMaxShiftYears * 366;
  const std::int64_t max_usecs = max_days * USECS_PER_DAY;
  return i->month >= -max_months && i->month <= max_months && i->day >= -max_days && i->day <= max_days &&
         i->time >= -max_usecs && i->time <= max_usecs;
}

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
  const bool v7 = uuidx_pg::column_is_v7(cx->query, var, false, &lk->proof_types);
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

Expr* bound_condition(Oid op, Oid fn, bool lower, Node* key, Node* instant, bool inclusive, bool sub_ms,
                      ParamListInfo params) {
  Expr* bound;
  TimestampTz at;
  if (known_instant(instant, params, &at)) {
    // Known now: the bound's value, a v7 also where no v7 satisfies the comparison (v7time.hpp), so
    // that TimescaleDB, which turns a constant compared with a UUIDv7 dimension into a time, takes
    // it (it refuses the max and the nil UUID that uuid_v7_lower_bound/upper_bound give there).
    const uuidx::Uuid value = uuidx::v7_key_bound(lower, uuidx_pg::unix_micros_arg(at), inclusive, sub_ms);
    bound = reinterpret_cast<Expr*>(
        makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, uuidx_pg::uuid_datum(value), false, false));
  } else {
    List* args = list_make3(copy_node(instant), makeBoolConst(inclusive, false), makeBoolConst(sub_ms, false));
    bound = reinterpret_cast<Expr*>(makeFuncExpr(fn, UUIDOID, args, InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
  }
  OpExpr* cond = reinterpret_cast<OpExpr*>(
      make_opclause(op, BOOLOID, false, reinterpret_cast<Expr*>(copy_node(key)), bound, InvalidOid, InvalidOid));
  cond->opfuncid = get_opcode(op);
  // Marked so that it can be taken out of the plan's filters again (filter_cleanup.cpp).
  cond->location = uuidx_pg::kAddedConditionLocation;
  return reinterpret_cast<Expr*>(cond);
}

// For `time(key) op t` (either way round, `negate` for NOT (...)): the conditions on the key it
// implies, or NIL when the qual is not one of those or the key is not provably v7.
List* implied_conditions(OpExpr* op, bool negate, WalkContext* cx) {
  uuidx::TimeCmp cmp;
  Node* key;
  Node* instant;
  bool sub_ms;
  if (!uuidx_pg::read_time_comparison(op, negate, &cmp, &key, &instant, &sub_ms)) return NIL;
  Node* stripped = strip_relabel(key);
  if (!IsA(stripped, Var)) return NIL;
  const Var* var = reinterpret_cast<Var*>(stripped);
  if (var->varlevelsup != 0) return NIL;
  if (!instant_cannot_fail(instant, static_cast<Index>(var->varno))) return NIL;
  if (!cx->lookups->resolved) resolve(cx->lookups);
  if (!cx->lookups->available || !key_is_v7(var, cx)) return NIL;

  const uuidx::ImpliedBounds b = uuidx::implied_bounds(cmp);
  cx->lookups->added = true;
  List* out = NIL;
  if (b.lower)
    out = lappend(out, bound_condition(cx->lookups->uuid_ge, cx->lookups->lower_fn, true, key, instant,
                                       b.lower_inclusive, sub_ms, cx->params));
  if (b.upper)
    out = lappend(out, bound_condition(cx->lookups->uuid_le, cx->lookups->upper_fn, false, key, instant,
                                       b.upper_inclusive, sub_ms, cx->params));
  return out;
}

// Whether an expression compares timestamptz values somewhere (not looking into subqueries): the
// only clauses worth folding.
bool has_time_comparison(Node* node, void* context) {
  if (node == nullptr || IsA(node, Query)) return false;
  uuidx::TimeCmp cmp;
  if (IsA(node, OpExpr) && list_length(reinterpret_cast<OpExpr*>(node)->args) == 2 &&
      comparison_of(reinterpret_cast<OpExpr*>(node), &cmp))
    return true;
  return expression_tree_walker(node, UUIDX_TREE_WALKER(has_time_comparison), context);
}

// A clause of another shape (a CASE, a NULL test, a NOT over AND/OR ...) read as constant folding
// would give it (qual_folding.cpp): when that is a comparison the rewrite takes, or a NOT right
// over one, its conditions are added next to the clause as written, which stays as it is (the
// planner folds it later, on 19 to that comparison). Since the folded form equals the clause on
// every row the clause is evaluated on, the clause being true implies the folded comparison, and
// so the conditions.
Node* rewrite_folded(Node* node, WalkContext* cx) {
  if (!has_time_comparison(node, nullptr)) return node;
  Node* folded = uuidx_pg::fold_for_matching(node, cx->query);
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

// Visits every query of the statement (subqueries in FROM, CTEs, sublinks) and rewrites the
// clauses of its join tree.
bool rewrite_walker(Node* node, void* context) {
  if (node == nullptr) return false;
  WalkContext* cx = static_cast<WalkContext*>(context);
  if (IsA(node, Query)) {
    Query* query = reinterpret_cast<Query*>(node);
    WalkContext inner = {query, cx->lookups, cx->params};
#if PG_VERSION_NUM >= 170000
    // From 17 on MERGE keeps its ON condition here, not in the join tree; like a JOIN ... ON, a
    // row matches when it is true.
    if (query->commandType == CMD_MERGE) query->mergeJoinCondition = rewrite_clause(query->mergeJoinCondition, &inner);
#endif
    return query_tree_walker(query, UUIDX_TREE_WALKER(rewrite_walker), &inner, 0);
  }
  if (IsA(node, FromExpr)) {
    FromExpr* f = reinterpret_cast<FromExpr*>(node);
    f->quals = rewrite_clause(f->quals, cx);
  } else if (IsA(node, JoinExpr)) {
    JoinExpr* j = reinterpret_cast<JoinExpr*>(node);
    j->quals = rewrite_clause(j->quals, cx);
  }
  return expression_tree_walker(node, UUIDX_TREE_WALKER(rewrite_walker), context);
}

#if PG_VERSION_NUM >= 190000
// From 19 on the planner also gets the EXPLAIN state of an EXPLAIN (pg_plan_advice reads it):
// passed on as it came.
PlannedStmt* uuidx_planner(Query* parse, const char* query_string, int cursor_options, ParamListInfo bound_params,
                           ExplainState* es) {
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params, es
#else
PlannedStmt* uuidx_planner(Query* parse, const char* query_string, int cursor_options, ParamListInfo bound_params) {
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params
#endif
  Lookups lookups = {};
  if (time_predicates_enabled && parse->commandType != CMD_UTILITY) {
    WalkContext cx = {parse, &lookups, bound_params};
    rewrite_walker(reinterpret_cast<Node*>(parse), &cx);
    uuidx_pg::rewrite_time_order(parse, &lookups.proof_types, &lookups.role_checked);
  }
  PlannedStmt* stmt =
      previous_planner_hook ? previous_planner_hook(UUIDX_PLANNER_ARGS) : standard_planner(UUIDX_PLANNER_ARGS);
  // EXECUTE on the bound functions (or on uuidx's min/max) was checked for this role: a cached
  // plan is planned again for another (without the rewrite if that role may not call them).
  if (lookups.role_checked) stmt->dependsOnRole = true;
  // Where the plan reads an added condition row by row instead of using it for an index or for
  // pruning, it only costs.
  if (lookups.added)
    uuidx_pg::strip_added_conditions(stmt, {lookups.lower_fn, lookups.upper_fn, lookups.uuid_ge, lookups.uuid_le});
  {
    // A domain whose constraints were read for a proof: ALTER DOMAIN ... ADD/DROP/VALIDATE
    // CONSTRAINT invalidates the domain's pg_type entry, and with this item the plan.
    ListCell* lc;
    foreach (lc, lookups.proof_types) {
      PlanInvalItem* item = makeNode(PlanInvalItem);
      item->cacheId = TYPEOID;
      item->hashValue = GetSysCacheHashValue1(TYPEOID, ObjectIdGetDatum(lfirst_oid(lc)));
      stmt->invalItems = lappend(stmt->invalItems, item);
    }
  }
  return stmt;
}

}  // namespace

namespace uuidx_pg {

bool read_time_comparison(OpExpr* op, bool negate, uuidx::TimeCmp* cmp, Node** key, Node** instant, bool* sub_ms) {
  if (list_length(op->args) != 2 || !comparison_of(op, cmp)) return false;
  Node* left = reinterpret_cast<Node*>(linitial(op->args));
  Node* right = reinterpret_cast<Node*>(lsecond(op->args));
  if (time_call(left, key, sub_ms)) {
    *instant = right;
  } else if (time_call(right, key, sub_ms)) {
    *instant = left;
    *cmp = uuidx::commute(*cmp);
  } else {
    return false;
  }
  if (!negate) return true;
  // NOT (time < t) is time >= t, both NULL together; NOT (time = t) is two ranges.
  switch (*cmp) {
    case uuidx::TimeCmp::lt:
      *cmp = uuidx::TimeCmp::ge;
      return true;
    case uuidx::TimeCmp::le:
      *cmp = uuidx::TimeCmp::gt;
      return true;
    case uuidx::TimeCmp::ge:
      *cmp = uuidx::TimeCmp::lt;
      return true;
    case uuidx::TimeCmp::gt:
      *cmp = uuidx::TimeCmp::le;
      return true;
    case uuidx::TimeCmp::eq:
      return false;
  }
  return false;
}

void install_time_predicates() {
  DefineCustomBoolVariable("uuidx.time_predicates",
                           "Lets uuid_extract_time(id) comparisons, orders and min/max use UUIDv7-only keys.",
                           "A comparison of the time of a uuid_v7 column, or of a column whose table has the "
                           "CHECK constraint uuid_extract_version(col) = 7, with an instant gets the key range "
                           "it implies, so that an index or partition bounds can be used; an ORDER BY ending "
                           "in the time of a uuid_v7 column is planned as an order by the column, and min/max "
                           "of its time as the time of min/max of the column. Results are the same.",
                           &time_predicates_enabled, true, PGC_USERSET, 0, nullptr, nullptr, nullptr);
  MarkGUCPrefixReserved("uuidx");
  previous_planner_hook = planner_hook;
  planner_hook = uuidx_planner;
}

}  // namespace uuidx_pg

// uuid_v7_lower_bound(at timestamptz, inclusive boolean, submillisecond boolean): the smallest
// v7 whose time is >= at (or > at); never an error (v7time.hpp).
UUIDX_FUNCTION(uuidx_v7_lower_bound) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  return uuidx_pg::uuid_datum(uuidx::v7_lower_bound(at, PG_GETARG_BOOL(1), PG_GETARG_BOOL(2)));
}

// uuid_v7_upper_bound(at timestamptz, inclusive boolean, submillisecond boolean): the greatest
// v7 whose time is <= at (or < at).
UUIDX_FUNCTION(uuidx_v7_upper_bound) {
  const std::int64_t at = uuidx_pg::unix_micros_arg(PG_GETARG_TIMESTAMPTZ(0));
  return uuidx_pg::uuid_datum(uuidx::v7_upper_bound(at, PG_GETARG_BOOL(1), PG_GETARG_BOOL(2)));
}
