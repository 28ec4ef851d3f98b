// time_order.cpp: the planner hook's second pass (planner.cpp): "the latest N" and "the newest
// time" of a v7 key from its index.
//
// Since the time of a v7 never decreases in key order (v7_proof.cpp), for a key proven to hold v7
// values only by the strict proof (every non-NULL key is a v7 of the RFC variant, so its time is
// NULL exactly when the key is):
//
//  - an ORDER BY whose last key is time(key) may order by the key instead, in the same direction
//    and with the same NULLS option: rows of one instant may come in any order under the time
//    order, and key order is one of those orders. Only the last key: a key after it breaks the
//    ties of one instant, and key order would take that from it. Left alone: queries with
//    DISTINCT, GROUP BY, aggregates, window functions, set-returning functions in the target
//    list or FETCH ... WITH TIES (whose ties are decided by the sort keys), and set operations;
//    window definitions are never changed.
//  - min(time(key)) / max(time(key)) are time(min(key)) / time(max(key)), with uuidx's min(uuid)
//    and max(uuid) (whose SORTOP lets PostgreSQL read one index entry), when the query has no
//    GROUP BY or grouping sets: with groups every row is still read, so nothing is gained.
//    DISTINCT and ORDER BY inside the call are left alone; a FILTER goes with it.
//
// The aggregates are found among the members of the extension by the C symbol of their
// transition function (own_functions.cpp), and used only when the planning role may execute them.
// Without them (uuidx 1.0) only the order is rewritten.
//
// Plain C-style code over PostgreSQL's APIs: no C++ object with a destructor lives in these frames.
#include "time_order.hpp"
#include "nodes.hpp"
#include "own_functions.hpp"
#include "time_comparison.hpp"
#include "v7_proof.hpp"

extern "C" {
#include "access/stratnum.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "parser/parse_clause.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
}

namespace uuidx_planner {

namespace {

struct OrderContext {
  PlanDependencies* deps;
  bool ops_resolved;
  Oid uuid_lt, uuid_gt, uuid_eq;
  Oid time_lt, time_gt;  // timestamptz's < and > of its default btree family
  bool aggs_resolved;
  Oid min_agg, max_agg;  // uuidx's min(uuid), max(uuid), or InvalidOid
};

void resolve_ops(OrderContext* cx) {
  if (cx->ops_resolved) return;
  cx->ops_resolved = true;
  const Oid family = get_opclass_family(GetDefaultOpClass(UUIDOID, BTREE_AM_OID));
  cx->uuid_lt = get_opfamily_member(family, UUIDOID, UUIDOID, BTLessStrategyNumber);
  cx->uuid_gt = get_opfamily_member(family, UUIDOID, UUIDOID, BTGreaterStrategyNumber);
  cx->uuid_eq = get_opfamily_member(family, UUIDOID, UUIDOID, BTEqualStrategyNumber);
  const Oid time_family = get_opclass_family(GetDefaultOpClass(TIMESTAMPTZOID, BTREE_AM_OID));
  cx->time_lt = get_opfamily_member(time_family, TIMESTAMPTZOID, TIMESTAMPTZOID, BTLessStrategyNumber);
  cx->time_gt = get_opfamily_member(time_family, TIMESTAMPTZOID, TIMESTAMPTZOID, BTGreaterStrategyNumber);
}

void resolve_aggregates(OrderContext* cx) {
  if (cx->aggs_resolved) return;
  cx->aggs_resolved = true;
  resolve_ops(cx);
  const Oid extension = get_extension_oid("uuidx", true);
  if (!OidIsValid(extension)) return;
  struct Found {
    OrderContext* cx;
    Oid min_agg = InvalidOid, max_agg = InvalidOid;
  } found{cx};
  visit_extension_functions(
      extension,
      [](Oid fn, void* arg) {
        auto* f = static_cast<Found*>(arg);
        if (is_uuidx_aggregate(fn, "uuidx_uuid_smaller", f->cx->uuid_lt)) f->min_agg = fn;
        if (is_uuidx_aggregate(fn, "uuidx_uuid_larger", f->cx->uuid_gt)) f->max_agg = fn;
      },
      &found);
  const Oid min_agg = found.min_agg, max_agg = found.max_agg;
  if (!OidIsValid(min_agg) || !OidIsValid(max_agg)) return;  // uuidx 1.0
  // The rewritten query calls them.
  if (!role_may_execute(min_agg, max_agg, cx->deps)) return;
  cx->min_agg = min_agg;
  cx->max_agg = max_agg;
}

// The key of a time call, as a Var of level 0 of `query` proven (strictly) v7, or nullptr.
const Var* v7_time_key(Query* query, Node* expr, Node** key, OrderContext* cx) {
  bool sub_ms;
  if (!time_call(expr, key, &sub_ms)) return nullptr;
  Node* stripped = strip_relabel(*key);
  if (!stripped || !IsA(stripped, Var) || exprType(*key) != UUIDOID) return nullptr;
  const Var* var = reinterpret_cast<Var*>(stripped);
  if (var->varlevelsup != 0) return nullptr;
  return column_is_v7(query, var, true, &cx->deps->domains) ? var : nullptr;
}

// ORDER BY ..., time(key) [ASC|DESC] [NULLS ...] becomes ORDER BY ..., key in that direction.
void rewrite_sort(Query* query, OrderContext* cx) {
  if (query->commandType != CMD_SELECT || query->sortClause == NIL || query->setOperations != nullptr ||
      query->groupClause != NIL || query->groupingSets != NIL || query->distinctClause != NIL || query->hasAggs ||
      query->hasWindowFuncs || query->hasTargetSRFs || query->limitOption == LIMIT_OPTION_WITH_TIES)
    return;
  SortGroupClause* sort = reinterpret_cast<SortGroupClause*>(llast(query->sortClause));
  TargetEntry* tle = get_sortgroupclause_tle(sort, query->targetList);
  Node* key;
  const Var* var = v7_time_key(query, reinterpret_cast<Node*>(tle->expr), &key, cx);
  if (var == nullptr) return;
  resolve_ops(cx);
  // ASC (or USING <) and DESC (or USING >); any other operator is left alone.
  const bool ascending = OidIsValid(cx->time_lt) && sort->sortop == cx->time_lt;
  if (!ascending && !(OidIsValid(cx->time_gt) && sort->sortop == cx->time_gt)) return;
  if (!OidIsValid(cx->uuid_lt) || !OidIsValid(cx->uuid_gt) || !OidIsValid(cx->uuid_eq)) return;
  // Whether another key of the ORDER BY reads the same entry (the parser drops a repeated key,
  // so this is only a guard: such an entry keeps its expression).
  bool shared = false;
  ListCell* lc;
  foreach (lc, query->sortClause) {
    const SortGroupClause* other = reinterpret_cast<SortGroupClause*>(lfirst(lc));
    if (other != sort && other->tleSortGroupRef == sort->tleSortGroupRef) shared = true;
  }
  Expr* sort_expr = reinterpret_cast<Expr*>(copyObjectImpl(var));
  if (tle->resjunk && !shared) {
    // Computed for this sort key only (no DISTINCT, GROUP BY or window refers to it here).
    tle->expr = sort_expr;
  } else {
    // An output column, or one another key reads: it stays, and the sort reads a new hidden one.
    TargetEntry* hidden =
        makeTargetEntry(sort_expr, static_cast<AttrNumber>(list_length(query->targetList) + 1), nullptr, true);
    query->targetList = lappend(query->targetList, hidden);
    sort->tleSortGroupRef = assignSortGroupRef(hidden, query->targetList);
  }
  sort->sortop = ascending ? cx->uuid_lt : cx->uuid_gt;
  sort->eqop = cx->uuid_eq;
  sort->hashable = op_hashjoinable(cx->uuid_eq, UUIDOID);
}

struct AggContext {
  Query* query;
  OrderContext* cx;
};

// time(key) with the key argument replaced by `value`.
Node* time_of(FuncExpr* call, Node* value) {
  FuncExpr* out = reinterpret_cast<FuncExpr*>(copyObjectImpl(call));
  int position = 0;
  ListCell* lc;
  foreach (lc, out->args) {
    Node* arg = reinterpret_cast<Node*>(lfirst(lc));
    if (IsA(arg, NamedArgExpr)) {
      NamedArgExpr* named = reinterpret_cast<NamedArgExpr*>(arg);
      if (named->argnumber == 0) named->arg = reinterpret_cast<Expr*>(value);
    } else if (position == 0) {
      lfirst(lc) = value;
    }
    ++position;
  }
  return reinterpret_cast<Node*>(out);
}

Node* rewrite_aggregate(Aggref* agg, AggContext* ac) {
  if (agg->agglevelsup != 0 || agg->aggkind != AGGKIND_NORMAL || agg->aggdistinct != NIL || agg->aggorder != NIL ||
      agg->aggstar || agg->aggvariadic || agg->aggdirectargs != NIL || list_length(agg->args) != 1)
    return nullptr;
  const bool is_min = agg->aggfnoid == F_MIN_TIMESTAMPTZ;
  if (!is_min && agg->aggfnoid != F_MAX_TIMESTAMPTZ) return nullptr;
  Node* call = reinterpret_cast<Node*>(reinterpret_cast<TargetEntry*>(linitial(agg->args))->expr);
  Node* key;
  if (v7_time_key(ac->query, call, &key, ac->cx) == nullptr) return nullptr;
  resolve_aggregates(ac->cx);
  const Oid fn = is_min ? ac->cx->min_agg : ac->cx->max_agg;
  if (!OidIsValid(fn)) return nullptr;
  Aggref* key_agg = makeNode(Aggref);
  key_agg->aggfnoid = fn;
  key_agg->aggtype = UUIDOID;
  key_agg->aggcollid = InvalidOid;
  key_agg->inputcollid = InvalidOid;
  key_agg->aggtranstype = InvalidOid;  // the planner fills it in
  key_agg->aggargtypes = list_make1_oid(UUIDOID);
  key_agg->args = list_make1(makeTargetEntry(reinterpret_cast<Expr*>(copyObjectImpl(key)), 1, nullptr, false));
  key_agg->aggfilter = reinterpret_cast<Expr*>(copyObjectImpl(agg->aggfilter));
  key_agg->aggkind = AGGKIND_NORMAL;
  key_agg->agglevelsup = 0;
  key_agg->aggsplit = AGGSPLIT_SIMPLE;
  key_agg->aggno = -1;
  key_agg->aggtransno = -1;
  key_agg->location = agg->location;
  return time_of(reinterpret_cast<FuncExpr*>(call), reinterpret_cast<Node*>(key_agg));
}

Node* aggregate_mutator(Node* node, void* context) {
  if (node == nullptr || IsA(node, Query)) return node;  // a sublink's query is visited on its own
  if (IsA(node, Aggref)) {
    Node* replaced = rewrite_aggregate(reinterpret_cast<Aggref*>(node), static_cast<AggContext*>(context));
    if (replaced != nullptr) return replaced;
    return node;  // its arguments hold no aggregate of this level
  }
  return expression_tree_mutator(node, UUIDX_TREE_MUTATOR(aggregate_mutator), context);
}

void rewrite_aggregates(Query* query, OrderContext* cx) {
  if (!query->hasAggs || query->groupClause != NIL || query->groupingSets != NIL) return;
  AggContext ac = {query, cx};
  ListCell* lc;
  foreach (lc, query->targetList) {
    TargetEntry* tle = reinterpret_cast<TargetEntry*>(lfirst(lc));
    tle->expr = reinterpret_cast<Expr*>(aggregate_mutator(reinterpret_cast<Node*>(tle->expr), &ac));
  }
  query->havingQual = aggregate_mutator(query->havingQual, &ac);
}

bool order_walker(Node* node, void* context) {
  if (node == nullptr) return false;
  OrderContext* cx = static_cast<OrderContext*>(context);
  if (IsA(node, Query)) {
    Query* query = reinterpret_cast<Query*>(node);
    rewrite_sort(query, cx);
    rewrite_aggregates(query, cx);
    return query_tree_walker(query, UUIDX_TREE_WALKER(order_walker), context, 0);
  }
  return expression_tree_walker(node, UUIDX_TREE_WALKER(order_walker), context);
}

}  // namespace

void rewrite_time_order(Query* parse, PlanDependencies* deps) {
  OrderContext cx = {};
  cx.deps = deps;
  order_walker(reinterpret_cast<Node*>(parse), &cx);
}

}  // namespace uuidx_planner
