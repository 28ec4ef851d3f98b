// column_ties.cpp: a table's CHECK constraints read as ties between a timestamptz column and the
// time of a UUID key: `col op E(key)` (either way round, op one of timestamptz's < <= = >= >,
// under AND; BETWEEN is two), E(key) a call that reads the key's time (time_comparison.hpp),
// alone or moved by a constant interval of hours, minutes and seconds. Days and months are not
// taken: their length depends on the time zone, and a row checked in one zone may lie outside the
// bound computed in another. Only validated, enforced constraints, as they stand when planning:
// ALTER TABLE ... ADD/DROP/VALIDATE CONSTRAINT invalidates the table's relcache entry, and with it
// every cached plan that reads the table.
//
// Plain C-style code over PostgreSQL's node and catalog APIs: no C++ object with a destructor
// lives in these frames.
#include "column_ties.hpp"
#include "nodes.hpp"
#include "time_comparison.hpp"

extern "C" {
#include "access/table.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
}

namespace uuidx_planner {

namespace {

constexpr std::int64_t kMaxTieShift = 1000 * 366 * USECS_PER_DAY;  // 1000 years

// A constant interval without days or months: moving an instant by it is the same in every time
// zone. `- interval '1 day'` is 23 or 25 hours in some, so a row checked in one zone may lie
// outside the bound computed in another; such a constraint is not used.
bool fixed_interval(Node* node) {
  if (!bounded_interval(node)) return false;
  const Interval* i = DatumGetIntervalP(reinterpret_cast<Const*>(node)->constvalue);
  return i->month == 0 && i->day == 0;
}

// E(key): a time call on the key column, or one moved by a fixed constant interval.
bool read_time_expr(Node* node, AttrNumber* key, Oid* time_fn) {
  node = strip_relabel(node);
  if (node == nullptr) return false;
  Node* arg;
  bool sub_ms;
  if (time_call(node, &arg, &sub_ms)) {
    arg = strip_relabel(arg);
    if (arg == nullptr || !IsA(arg, Var) || reinterpret_cast<Var*>(arg)->varlevelsup != 0) return false;
    *key = reinterpret_cast<Var*>(arg)->varattno;
    *time_fn = reinterpret_cast<FuncExpr*>(node)->funcid;
    return true;
  }
  if (!IsA(node, OpExpr) || list_length(reinterpret_cast<OpExpr*>(node)->args) != 2) return false;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  Node* left = reinterpret_cast<Node*>(linitial(op->args));
  Node* right = reinterpret_cast<Node*>(lsecond(op->args));
  if (fn == F_TIMESTAMPTZ_PL_INTERVAL || fn == F_TIMESTAMPTZ_MI_INTERVAL)
    return fixed_interval(right) && read_time_expr(left, key, time_fn);
  if (fn == F_INTERVAL_PL_TIMESTAMPTZ) return fixed_interval(left) && read_time_expr(right, key, time_fn);
  return false;
}

// `column op E(key)` or `E(key) op column`, op a timestamptz comparison: its ties (two for =).
void read_comparison(Node* node, Ties* ties) {
  if (!IsA(node, OpExpr) || list_length(reinterpret_cast<OpExpr*>(node)->args) != 2) return;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  int sense;  // 1: column >= E, -1: column <= E, 0: both
  switch (fn) {
    case F_TIMESTAMPTZ_GE:
    case F_TIMESTAMPTZ_GT:
      sense = 1;
      break;
    case F_TIMESTAMPTZ_LE:
    case F_TIMESTAMPTZ_LT:
      sense = -1;
      break;
    case F_TIMESTAMPTZ_EQ:
      sense = 0;
      break;
    default:
      return;
  }
  Node* sides[2] = {strip_relabel(reinterpret_cast<Node*>(linitial(op->args))),
                    strip_relabel(reinterpret_cast<Node*>(lsecond(op->args)))};
  for (int i = 0; i < 2; ++i) {
    Node* column = sides[i];
    if (column == nullptr || !IsA(column, Var)) continue;
    const Var* var = reinterpret_cast<Var*>(column);
    if (var->varlevelsup != 0 || var->varattno <= 0 || var->vartype != TIMESTAMPTZOID) continue;
    AttrNumber key;
    Oid time_fn;
    if (!read_time_expr(sides[1 - i], &key, &time_fn)) continue;
    // Intervals chained in E may add up past what any UUID's time moved by stays inside
    // timestamptz's range with: such a tie is not used.
    std::int64_t shift = 0;
    split_time_expr(sides[1 - i], &shift);
    if (shift > kMaxTieShift || shift < -kMaxTieShift) continue;
    const int s = i == 0 ? sense : -sense;  // E op column: column is on the other side
    for (int lower = 0; lower < 2; ++lower) {
      if ((s == 1 && !lower) || (s == -1 && lower) || ties->count >= static_cast<int>(lengthof(ties->items))) continue;
      ties->items[ties->count++] = {var->varattno, key, lower == 1, sides[1 - i], time_fn};
    }
    return;
  }
}

void read_conjuncts(Node* node, Ties* ties) {
  if (node == nullptr) return;
  if (IsA(node, List)) {
    ListCell* lc;
    foreach (lc, reinterpret_cast<List*>(node)) read_conjuncts(reinterpret_cast<Node*>(lfirst(lc)), ties);
    return;
  }
  if (IsA(node, BoolExpr) && reinterpret_cast<BoolExpr*>(node)->boolop == AND_EXPR) {
    read_conjuncts(reinterpret_cast<Node*>(reinterpret_cast<BoolExpr*>(node)->args), ties);
    return;
  }
  read_comparison(node, ties);
}

}  // namespace

// E as its time call and the µs it moves the time by (E was read by read_time_expr).
Node* split_time_expr(Node* node, std::int64_t* shift) {
  node = strip_relabel(node);
  if (!IsA(node, OpExpr)) return node;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  const bool interval_first = fn == F_INTERVAL_PL_TIMESTAMPTZ;
  Node* interval = reinterpret_cast<Node*>(interval_first ? linitial(op->args) : lsecond(op->args));
  const std::int64_t by = DatumGetIntervalP(reinterpret_cast<Const*>(interval)->constvalue)->time;
  *shift += fn == F_TIMESTAMPTZ_MI_INTERVAL ? -by : by;
  return split_time_expr(reinterpret_cast<Node*>(interval_first ? lsecond(op->args) : linitial(op->args)), shift);
}

// The ties of the table's validated, enforced CHECK constraints (those that hold for the children
// the scan reads as well) on `key` (0: on any key).
void table_ties(Oid relid, bool inh, AttrNumber key, Ties* out) {
  Ties all = {};
  Relation rel = table_open(relid, NoLock);  // the parser (or the plan cache) holds a lock
  const TupleConstr* constr = RelationGetDescr(rel)->constr;
  for (int i = 0; constr && i < constr->num_check; ++i) {
    const ConstrCheck& check = constr->check[i];
    if (!check.ccvalid || !UUIDX_CHECK_ENFORCED(check) || (check.ccnoinherit && inh)) continue;
    read_conjuncts(reinterpret_cast<Node*>(stringToNode(check.ccbin)), &all);
  }
  table_close(rel, NoLock);
  for (int i = 0; i < all.count; ++i)
    if (key == 0 || all.items[i].key == key) out->items[out->count++] = all.items[i];
}

}  // namespace uuidx_planner
