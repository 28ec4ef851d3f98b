// filter_cleanup.cpp: the planner hook's last pass (planner.cpp). After planning, it takes the key
// conditions the time-predicate rewrite added (`id >= uuid_v7_lower_bound(t, ...)` beside
// `uuid_extract_time(id) >= t`) back out of the filters the executor evaluates row by row: a
// sequential scan's Filter, the rest of an index scan, a Join Filter. They were added for an
// index, for partition pruning or a partition's bounds; as a filter they only cost (a bound
// computed for every row), since the comparison beside them stays and implies them.
//
// A condition goes only where that is provably so: it carries the rewrite's mark (its location),
// and a comparison of the same key's time that implies it is ANDed with it: in the same list or
// AND, among the index conditions of the scan, or among a join's hash or merge clauses. The mark
// alone is not enough: the planner treats an added condition and an equal one the user wrote as
// one (equal() ignores locations), and factoring a clause common to every arm of an OR out of
// them, `(P AND bound) OR (x AND bound)` becomes `bound AND (P OR x)`, may keep the added copy
// for both; there it is the user's condition and stays. Only AND and OR are entered from the top
// of a filter, where a NULL and a false both reject the row, so dropping a condition that is true
// wherever its comparison is true changes no answer. Index conditions, bitmap rechecks, partition
// pruning steps, one-time filters and the nodes of foreign and custom scans are never touched.
//
// Plan nodes may share expressions (setrefs copies only what it changes): a changed list or AND
// is a new node, never edited in place. Plain C-style code over PostgreSQL's node APIs: nothing
// with a destructor lives in these frames.
#include "../core/v7time.hpp"
#include "filter_cleanup.hpp"
#include "nodes.hpp"
#include "time_comparison.hpp"
#include "transaction_time.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/pg_list.h"
}

namespace uuidx_planner {

namespace {

bool is_added(Node* node) {
  return node != nullptr && IsA(node, OpExpr) && reinterpret_cast<OpExpr*>(node)->location == kAddedConditionLocation &&
         list_length(reinterpret_cast<OpExpr*>(node)->args) == 2;
}

bool is_bool_const(Node* node, bool value) {
  if (node == nullptr || !IsA(node, Const)) return false;
  const Const* c = reinterpret_cast<Const*>(node);
  return !c->constisnull && c->consttype == BOOLOID && DatumGetBool(c->constvalue) == value;
}

// Whether `bound` is fn(instant, inclusive, sub_ms): the call as the rewrite wrote it, or its value
// for a constant instant or one from now() computed at planning.
bool is_bound_of(Node* bound, Oid fn, bool lower, Node* instant, bool inclusive, bool sub_ms) {
  if (IsA(bound, FuncExpr)) {
    FuncExpr* f = reinterpret_cast<FuncExpr*>(bound);
    return f->funcid == fn && list_length(f->args) == 3 && equal(linitial(f->args), instant) &&
           is_bool_const(reinterpret_cast<Node*>(lsecond(f->args)), inclusive) &&
           is_bool_const(reinterpret_cast<Node*>(lthird(f->args)), sub_ms);
  }
  if (!IsA(bound, Const)) return false;
  const Const* value = reinterpret_cast<Const*>(bound);
  if (value->constisnull || value->consttype != UUIDOID) return false;
  // The instant's value: a constant's, or now()'s in this transaction, as the rewrite computed it
  // at planning (transaction_time.hpp).
  TimestampTz instant_value;
  Node* at = strip_relabel(instant);
  if (at != nullptr && IsA(at, Const)) {
    const Const* t = reinterpret_cast<Const*>(at);
    if (t->constisnull || t->consttype != TIMESTAMPTZOID) return false;
    instant_value = DatumGetTimestampTz(t->constvalue);
  } else if (!transaction_time_value(instant, &instant_value)) {
    return false;
  }
  const std::int64_t us = uuidx_pg::unix_micros_arg(instant_value);
  // What the rewrite wrote (v7_key_bound), or what constant folding made of its call.
  const uuidx::Uuid u = uuidx_pg::uuid_arg(value->constvalue);
  return u == uuidx::v7_key_bound(lower, us, inclusive, sub_ms) ||
         u == (lower ? uuidx::v7_lower_bound(us, inclusive, sub_ms) : uuidx::v7_upper_bound(us, inclusive, sub_ms));
}

// Whether `clause` (`time(key) op t`, or NOT over one) implies the added condition `cond` by
// itself: the same key, and the bound the rewrite derives from that comparison. The key was
// proven v7-only when `cond` was made, and `clause` reads the same column of the same row.
bool implies(Node* clause, OpExpr* cond, const AddedConditions& ops) {
  bool negate = false;
  if (IsA(clause, BoolExpr) && reinterpret_cast<BoolExpr*>(clause)->boolop == NOT_EXPR &&
      list_length(reinterpret_cast<BoolExpr*>(clause)->args) == 1) {
    negate = true;
    clause = reinterpret_cast<Node*>(linitial(reinterpret_cast<BoolExpr*>(clause)->args));
  }
  if (!IsA(clause, OpExpr) || is_added(clause)) return false;
  uuidx::TimeCmp cmp;
  Node* key;
  Node* instant;
  bool sub_ms;
  if (!read_time_comparison(reinterpret_cast<OpExpr*>(clause), negate, &cmp, &key, &instant, &sub_ms)) return false;
  if (!equal(key, linitial(cond->args))) return false;
  const uuidx::ImpliedBounds b = uuidx::implied_bounds(cmp);
  Node* bound = reinterpret_cast<Node*>(lsecond(cond->args));
  if (cond->opno == ops.uuid_ge)
    return b.lower && is_bound_of(bound, ops.lower_fn, true, instant, b.lower_inclusive, sub_ms);
  if (cond->opno == ops.uuid_le)
    return b.upper && is_bound_of(bound, ops.upper_fn, false, instant, b.upper_inclusive, sub_ms);
  return false;
}

bool implied_by_any(List* clauses, OpExpr* cond, const AddedConditions& ops) {
  ListCell* lc;
  foreach (lc, clauses) {
    Node* clause = reinterpret_cast<Node*>(lfirst(lc));
    if (clause != reinterpret_cast<Node*>(cond) && implies(clause, cond, ops)) return true;
  }
  return false;
}

Node* strip_node(Node* node, const AddedConditions& ops);

// The conditions of an AND (a plan node's list, or an AND's arguments) without the added ones
// that another of them, or one of `also` (conditions ANDed with them: a join's hash or merge
// clauses), implies; `conds` itself when nothing changes.
List* strip_and(List* conds, List* also, const AddedConditions& ops) {
  List* out = NIL;
  bool changed = false;
  ListCell* lc;
  foreach (lc, conds) {
    Node* cond = reinterpret_cast<Node*>(lfirst(lc));
    if (is_added(cond) && (implied_by_any(conds, reinterpret_cast<OpExpr*>(cond), ops) ||
                           implied_by_any(also, reinterpret_cast<OpExpr*>(cond), ops))) {
      changed = true;
      continue;
    }
    Node* stripped = strip_node(cond, ops);
    changed = changed || stripped != cond;
    out = lappend(out, stripped);
  }
  if (!changed) {
    list_free(out);
    return conds;
  }
  return out;
}

// An AND or OR with the added conditions of its ANDs (at any depth through AND and OR) taken out;
// any other expression as it is.
Node* strip_node(Node* node, const AddedConditions& ops) {
  if (node == nullptr || !IsA(node, BoolExpr)) return node;
  BoolExpr* b = reinterpret_cast<BoolExpr*>(node);
  if (b->boolop == AND_EXPR) {
    List* args = strip_and(b->args, NIL, ops);
    if (args == b->args) return node;
    // The comparison that implied the dropped ones is left; the executor wants two or more
    // arguments in an AND.
    if (list_length(args) == 1) return reinterpret_cast<Node*>(linitial(args));
    return reinterpret_cast<Node*>(makeBoolExpr(AND_EXPR, args, b->location));
  }
  if (b->boolop == OR_EXPR) {
    List* args = NIL;
    bool changed = false;
    ListCell* lc;
    foreach (lc, b->args) {
      Node* arg = reinterpret_cast<Node*>(lfirst(lc));
      Node* stripped = strip_node(arg, ops);
      changed = changed || stripped != arg;
      args = lappend(args, stripped);
    }
    if (!changed) {
      list_free(args);
      return node;
    }
    return reinterpret_cast<Node*>(makeBoolExpr(OR_EXPR, args, b->location));
  }
  return node;  // NOT: a NULL and a false no longer reject the same rows under it
}

void strip_plan(Plan* plan, const AddedConditions& ops) {
  if (plan == nullptr) return;
  check_stack_depth();
  switch (nodeTag(plan)) {
    case T_ForeignScan:  // its conditions may be shipped to the remote side
    case T_CustomScan:   // its provider's (Citus ...), plans below included
    case T_BitmapIndexScan:
    case T_BitmapAnd:
    case T_BitmapOr:  // index conditions only
      return;
    default:
      break;
  }
  // Every node's qual is a per-row filter, ANDed; a Result's one-time filter (resconstantqual)
  // is not in it. The rows an index scan returns satisfy its index conditions, in their original
  // form here, as well (an index on the time itself puts the comparison there).
  List* scanned = NIL;
  if (IsA(plan, IndexScan))
    scanned = reinterpret_cast<IndexScan*>(plan)->indexqualorig;
  else if (IsA(plan, IndexOnlyScan))
    scanned = reinterpret_cast<IndexOnlyScan*>(plan)->recheckqual;
  else if (IsA(plan, BitmapHeapScan))
    scanned = reinterpret_cast<BitmapHeapScan*>(plan)->bitmapqualorig;
  plan->qual = strip_and(plan->qual, scanned, ops);
  switch (nodeTag(plan)) {
    case T_NestLoop: {
      Join* join = reinterpret_cast<Join*>(plan);
      join->joinqual = strip_and(join->joinqual, NIL, ops);
      break;
    }
    case T_MergeJoin: {
      MergeJoin* join = reinterpret_cast<MergeJoin*>(plan);
      join->join.joinqual = strip_and(join->join.joinqual, join->mergeclauses, ops);
      break;
    }
    case T_HashJoin: {
      HashJoin* join = reinterpret_cast<HashJoin*>(plan);
      join->join.joinqual = strip_and(join->join.joinqual, join->hashclauses, ops);
      break;
    }
    case T_Append: {
      ListCell* lc;
      foreach (lc, reinterpret_cast<Append*>(plan)->appendplans) strip_plan(reinterpret_cast<Plan*>(lfirst(lc)), ops);
      break;
    }
    case T_MergeAppend: {
      ListCell* lc;
      foreach (lc, reinterpret_cast<MergeAppend*>(plan)->mergeplans)
        strip_plan(reinterpret_cast<Plan*>(lfirst(lc)), ops);
      break;
    }
    case T_SubqueryScan:
      strip_plan(reinterpret_cast<SubqueryScan*>(plan)->subplan, ops);
      break;
    default:
      break;
  }
  // Everything else (ModifyTable, Gather, Sort, Hash, Material, Memoize, Limit, a BitmapHeapScan's
  // index side, RecursiveUnion ...) keeps its children here.
  strip_plan(plan->lefttree, ops);
  strip_plan(plan->righttree, ops);
}

}  // namespace

void strip_added_conditions(PlannedStmt* stmt, const AddedConditions& ops) {
  strip_plan(stmt->planTree, ops);
  // InitPlans, SubPlans and CTEs; an entry is NULL for a subplan the planner dropped.
  ListCell* lc;
  foreach (lc, stmt->subplans) strip_plan(reinterpret_cast<Plan*>(lfirst(lc)), ops);
}

}  // namespace uuidx_planner
