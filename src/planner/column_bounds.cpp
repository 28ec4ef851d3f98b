// column_bounds.cpp: a lookup by a UUID key gets the bounds its table's CHECK constraint puts on a
// timestamp column through the key's time, so that a table partitioned (or indexed) by that
// column, and keyed by a v7 written at the same moment, is searched only where the key can be.
//
// The constraint, validated and enforced on the key's table (inherited by every partition):
//   CHECK (created_at BETWEEN uuid_extract_time(id) - interval 'a' AND uuid_extract_time(id) + interval 'b')
// or any AND of comparisons `col op E(id)` (either way round, op one of timestamptz's < <= = >= >),
// E(id) being a call that reads the key's time (time_comparison.hpp), alone or moved by a
// constant interval of hours, minutes and seconds (at most 1000 years; days and months are not
// taken: their length depends on the time zone, and a row checked in one zone may lie outside
// the bound computed in another). PostgreSQL has checked it on every row: for each row,
// each comparison is true or NULL (col NULL, or the key without a time). So where `id = v`, the
// row's col lies within the bounds E(v) sets, or is NULL, or E(v) is NULL; the conditions added
// say exactly that, and `P` becomes `P AND conditions` with the same rows:
//   - v known at planning (a constant, a custom plan's parameter, each element of a constant
//     array): `col >= lower AND col <= upper` with the bounds computed (E(v) NULL: nothing is
//     added); the partitions of col are pruned at planning.
//   - v known at execution (a generic plan's parameter, another table's column in a join):
//     `col >= COALESCE(E(v), '-infinity')` and `col <= COALESCE(E(v), 'infinity')`; PostgreSQL
//     prunes at executor start, or for each outer row of a nested loop.
//   - col not declared NOT NULL (validated): the conditions OR `col IS NULL`.
// The same reading gives bounds to other predicates on the key (each function below says why):
//   - `time(id) op X`, time read as the tie reads it: col gets X moved by the tie's interval;
//   - `id >= C` (or <=) on a key proven v7-only: col gets the bound of C's millisecond;
// and the other way round, `col op X` gives the key's time a bound (a key NOT NULL, v7-only),
// which the time-predicate rewrite turns into a key range for the key's index.
// A strict comparison (col > E) is added as the non-strict one it implies. Only through AND and OR
// from the top of a WHERE or ON clause (time_predicates.cpp says why that changes no answer), and
// only for a table whose scan reads no foreign table (whose rows PostgreSQL never checks).
// A computed bound is a constant of type timestamp(6) with time zone, which no value changes
// (timestamptz holds microseconds), so that EXPLAIN tells it from a bound the query wrote.
//
// Plain C-style code over PostgreSQL's node and catalog APIs: no C++ object with a destructor
// lives in these frames.
#include "column_bounds.hpp"
#include "column_ties.hpp"
#include "join_quals.hpp"
#include "nodes.hpp"
#include "own_functions.hpp"
#include "qual_folding.hpp"
#include "time_comparison.hpp"
#include "time_predicates.hpp"
#include "transaction_time.hpp"
#include "v7_proof.hpp"

#include <algorithm>
#include <cstdlib>

extern "C" {
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "catalog/namespace.h"
#include "parser/parsetree.h"
#include "utils/array.h"
#include "utils/datum.h"
#include "utils/uuid.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
}

namespace uuidx_planner {

namespace {

// The location of a condition this pass added (the time-predicate rewrite's is -7007): no query
// text has it.
constexpr int kColumnBoundLocation = -7008;
// The location of a comparison of the key's time this pass added (column_to_key_conditions).
constexpr int kKeyTimeLocation = -7009;
// The typmod of a computed bound: timestamp(6) with time zone, as precise as timestamptz.
constexpr int32 kComputedBoundTypmod = 6;
// At most this many keys of an array are read, into at most kMaxRanges ranges of the column.
constexpr int kMaxArrayKeys = 1000;
constexpr int kMaxRanges = 4;

struct Context {
  Query* query;
  ParamListInfo params;
  PlanDependencies* deps;
  Oid ts_ge;  // timestamptz >= and <=, found once per statement
  Oid ts_le;
  Oid ts_pl_interval;  // timestamptz + interval and - interval
  Oid ts_mi_interval;
};

template <typename T>
T* copy_node(const T* node) {
  return static_cast<T*>(copyObjectImpl(node));
}

// E with the key replaced by `value`.
struct Substitution {
  AttrNumber key;
  Node* value;
};

Node* substitute_mutator(Node* node, void* context) {
  if (node == nullptr) return nullptr;
  const Substitution* s = static_cast<Substitution*>(context);
  if (IsA(node, Var) && reinterpret_cast<Var*>(node)->varattno == s->key) return copy_node(s->value);
  return expression_tree_mutator(node, UUIDX_TREE_MUTATOR(substitute_mutator), context);
}

Node* substitute(Node* expr, AttrNumber key, Node* value) {
  Substitution s = {key, value};
  return substitute_mutator(expr, &s);
}

// E(value) for a value known at planning, or false when it is NULL (the key has no time).
bool computed_bound(const Tie& tie, Const* value, TimestampTz* at) {
  // The time call is immutable: folding evaluates it; the interval arithmetic (stable) is left.
  Node* folded = eval_const_expressions(nullptr, substitute(tie.expr, tie.key, reinterpret_cast<Node*>(value)));
  TimestampTz shift = 0;
  if (IsA(folded, OpExpr)) {
    OpExpr* op = reinterpret_cast<OpExpr*>(folded);
    const Oid fn = get_opcode(op->opno);
    Node* left = reinterpret_cast<Node*>(linitial(op->args));
    Node* right = reinterpret_cast<Node*>(lsecond(op->args));
    const bool interval_first = fn == F_INTERVAL_PL_TIMESTAMPTZ;
    Node* interval = interval_first ? left : right;
    folded = interval_first ? right : left;
    if (!IsA(interval, Const)) return false;
    shift = DatumGetIntervalP(reinterpret_cast<Const*>(interval)->constvalue)->time;  // fixed_interval()
    if (fn == F_TIMESTAMPTZ_MI_INTERVAL) shift = -shift;
  }
  if (!IsA(folded, Const) || reinterpret_cast<Const*>(folded)->constisnull) return false;
  // Within 1000 years of a UUID's time: no overflow, inside timestamptz's range.
  *at = DatumGetTimestampTz(reinterpret_cast<Const*>(folded)->constvalue) + shift;
  return true;
}

Expr* column_var(const Var* key, AttrNumber column) {
  Var* var = copy_node(key);  // the same range table entry and, from 16 on, the same nulling joins
  var->varattno = column;
  var->varattnosyn = column;
  var->vartype = TIMESTAMPTZOID;
  var->vartypmod = -1;
  var->varcollid = InvalidOid;
  return reinterpret_cast<Expr*>(var);
}

Expr* condition(const Context* cx, bool lower, const Var* key, AttrNumber column, Expr* bound) {
  const Oid op = lower ? cx->ts_ge : cx->ts_le;
  OpExpr* cond = reinterpret_cast<OpExpr*>(
      make_opclause(op, BOOLOID, false, column_var(key, column), bound, InvalidOid, InvalidOid));
  cond->opfuncid = get_opcode(op);
  cond->location = kColumnBoundLocation;
  return reinterpret_cast<Expr*>(cond);
}

Expr* instant_const(TimestampTz at) {
  return reinterpret_cast<Expr*>(makeConst(TIMESTAMPTZOID, kComputedBoundTypmod, InvalidOid, sizeof(TimestampTz),
                                           TimestampTzGetDatum(at), false, FLOAT8PASSBYVAL));
}

// `instant` moved by `shift` µs, as an expression (`instant + interval`, or `- interval`).
Expr* shifted(const Context* cx, Node* instant, std::int64_t shift) {
  if (shift == 0) return reinterpret_cast<Expr*>(copy_node(instant));
  Interval* by = static_cast<Interval*>(palloc0(sizeof(Interval)));
  by->time = shift > 0 ? shift : -shift;
  const Oid op = shift > 0 ? cx->ts_pl_interval : cx->ts_mi_interval;
  OpExpr* moved = reinterpret_cast<OpExpr*>(
      make_opclause(op, TIMESTAMPTZOID, false, reinterpret_cast<Expr*>(copy_node(instant)),
                    reinterpret_cast<Expr*>(
                        makeConst(INTERVALOID, -1, InvalidOid, sizeof(Interval), PointerGetDatum(by), false, false)),
                    InvalidOid, InvalidOid));
  moved->opfuncid = get_opcode(op);
  return reinterpret_cast<Expr*>(moved);
}

// The conditions on one column, ORed with `column IS NULL` where NULL is allowed there.
List* finish_column(List* conds, const Var* key, AttrNumber column, bool not_null) {
  if (conds == NIL || not_null) return conds;
  NullTest* is_null = makeNode(NullTest);
  is_null->arg = column_var(key, column);
  is_null->nulltesttype = IS_NULL;
  is_null->argisrow = false;
  is_null->location = -1;
  Expr* all = list_length(conds) == 1 ? reinterpret_cast<Expr*>(linitial(conds)) : make_andclause(conds);
  return list_make1(make_orclause(list_make2(all, is_null)));
}

// For each column the ties bind, the conditions `for_tie` gives for each of its ties (a List*),
// ORed with `column IS NULL` where the column may be NULL.
template <typename ForTie>
List* per_column(const Var* key, const RangeTblEntry* rte, const Ties& ties, ForTie for_tie) {
  List* out = NIL;
  bool done[lengthof(ties.items)] = {};
  for (int t = 0; t < ties.count; ++t) {
    if (done[t]) continue;
    const AttrNumber column = ties.items[t].column;
    List* conds = NIL;
    for (int u = t; u < ties.count; ++u) {
      if (ties.items[u].column != column) continue;
      done[u] = true;
      conds = list_concat(conds, for_tie(ties.items[u]));
    }
    if (conds != NIL)
      out = list_concat(out, finish_column(conds, key, column, table_column_not_null(rte->relid, rte->inh, column)));
  }
  return out;
}

// Conditions for keys known at planning (`values`, non-NULL uuid constants): for each tied column,
// one range per key (overlapping ranges merged), ORed; none for a column where some key has no
// time.
List* known_key_conditions(const Context* cx, const Var* key, const RangeTblEntry* rte, const Ties& ties,
                           Const** values, int n) {
  List* out = NIL;
  bool done[lengthof(ties.items)] = {};
  for (int t = 0; t < ties.count; ++t) {
    if (done[t]) continue;
    const AttrNumber column = ties.items[t].column;
    // Per key: the greatest lower bound and the least upper bound over the column's ties.
    TimestampTz* lo = static_cast<TimestampTz*>(palloc(sizeof(TimestampTz) * n));
    TimestampTz* hi = static_cast<TimestampTz*>(palloc(sizeof(TimestampTz) * n));
    bool has_lo = false, has_hi = false, usable = true;
    for (int u = t; u < ties.count && usable; ++u) {
      const Tie& tie = ties.items[u];
      if (tie.column != column) continue;
      done[u] = true;
      bool& has = tie.lower ? has_lo : has_hi;
      TimestampTz* bounds = tie.lower ? lo : hi;
      for (int k = 0; k < n && usable; ++k) {
        TimestampTz at;
        usable = computed_bound(tie, values[k], &at);  // no time: no bound for this key's rows
        if (usable) bounds[k] = !has ? at : tie.lower ? std::max(bounds[k], at) : std::min(bounds[k], at);
      }
      has = usable;
    }
    if (!usable || (!has_lo && !has_hi)) continue;
    List* conds = NIL;
    if (n == 1) {
      if (has_lo) conds = lappend(conds, condition(cx, true, key, column, instant_const(lo[0])));
      if (has_hi) conds = lappend(conds, condition(cx, false, key, column, instant_const(hi[0])));
    } else if (has_lo && has_hi) {
      // Ranges by lower bound, merged where they overlap; then, while there are more than
      // kMaxRanges, the two nearest merged. Each range costs planning in every partition kept:
      // over 200 partitions, 100 keys planned and ran fastest in 4 ranges, and slower than
      // without bounds in 16 or more.
      int* order = static_cast<int*>(palloc(sizeof(int) * n));
      for (int k = 0; k < n; ++k) order[k] = k;
      std::sort(order, order + n, [lo](int a, int b) { return lo[a] < lo[b]; });
      TimestampTz* from = static_cast<TimestampTz*>(palloc(sizeof(TimestampTz) * n));
      TimestampTz* to = static_cast<TimestampTz*>(palloc(sizeof(TimestampTz) * n));
      int count = 0;
      for (int k = 0; k < n; ++k) {
        if (count > 0 && lo[order[k]] <= to[count - 1]) {
          to[count - 1] = std::max(to[count - 1], hi[order[k]]);
          continue;
        }
        from[count] = lo[order[k]];
        to[count++] = hi[order[k]];
      }
      while (count > kMaxRanges) {
        int nearest = 0;
        for (int r = 1; r + 1 < count; ++r)
          if (from[r + 1] - to[r] < from[nearest + 1] - to[nearest]) nearest = r;
        to[nearest] = std::max(to[nearest], to[nearest + 1]);
        for (int r = nearest + 1; r + 1 < count; ++r) from[r] = from[r + 1], to[r] = to[r + 1];
        --count;
      }
      List* ranges = NIL;
      for (int r = 0; r < count; ++r)
        ranges = lappend(ranges, make_andclause(list_make2(condition(cx, true, key, column, instant_const(from[r])),
                                                           condition(cx, false, key, column, instant_const(to[r])))));
      conds = list_make1(list_length(ranges) == 1 ? linitial(ranges) : make_orclause(ranges));
    } else {  // one side only: the widest
      TimestampTz b = has_lo ? lo[0] : hi[0];
      for (int k = 1; k < n; ++k) b = has_lo ? std::min(b, lo[k]) : std::max(b, hi[k]);
      conds = list_make1(condition(cx, has_lo, key, column, instant_const(b)));
    }
    out = list_concat(out, finish_column(conds, key, column, table_column_not_null(rte->relid, rte->inh, column)));
  }
  return out;
}

// Conditions for a key known at execution (`value`: a parameter, another table's column).
List* runtime_key_conditions(const Context* cx, const Var* key, const RangeTblEntry* rte, const Ties& ties,
                             Node* value) {
  return per_column(key, rte, ties, [&](const Tie& tie) {
    CoalesceExpr* c = makeNode(CoalesceExpr);
    c->coalescetype = TIMESTAMPTZOID;
    c->coalescecollid = InvalidOid;
    c->location = -1;
    const TimestampTz open_end = tie.lower ? DT_NOBEGIN : DT_NOEND;
    c->args = list_make2(substitute(tie.expr, tie.key, value),
                         makeConst(TIMESTAMPTZOID, -1, InvalidOid, sizeof(TimestampTz), TimestampTzGetDatum(open_end),
                                   false, FLOAT8PASSBYVAL));
    return list_make1(condition(cx, tie.lower, key, tie.column, reinterpret_cast<Expr*>(c)));
  });
}

// The table column the key Var reads, with the ties of its table's constraints on it; false where
// there are none.
bool key_ties(const Context* cx, const Var* key, const RangeTblEntry** rte_out, Ties* ties) {
  if (key->varlevelsup != 0 || key->varattno <= 0 || key->varno <= 0 ||
      static_cast<int>(key->varno) > list_length(cx->query->rtable))
    return false;
  const RangeTblEntry* rte = rt_fetch(key->varno, cx->query->rtable);
  if (rte->rtekind != RTE_RELATION || (rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_PARTITIONED_TABLE))
    return false;
  ties->count = 0;
  table_ties(rte->relid, rte->inh, key->varattno, ties);
  if (ties->count == 0 || tree_has_foreign_table(rte->relid, rte->inh)) return false;
  // A computed bound evaluated the time function; an expression calls it at execution.
  for (int i = 0; i < ties->count; ++i)
    if (!role_may_execute(ties->items[i].time_fn, ties->items[i].time_fn, cx->deps)) return false;
  *rte_out = rte;
  return true;
}

bool is_uuid_eq(Oid opno, Oid opfuncid) { return (OidIsValid(opfuncid) ? opfuncid : get_opcode(opno)) == F_UUID_EQ; }

// A custom plan's parameter as the constant it stands for.
Node* known_value(Node* node, ParamListInfo params) {
  Node* stripped = strip_relabel(node);
  if (stripped == nullptr || !IsA(stripped, Param) || params == nullptr || params->paramFetch != nullptr) return node;
  const Param* p = reinterpret_cast<Param*>(stripped);
  if (p->paramkind != PARAM_EXTERN || p->paramid <= 0 || p->paramid > params->numParams) return node;
  const ParamExternData* prm = &params->params[p->paramid - 1];
  if (!(prm->pflags & PARAM_FLAG_CONST) || prm->ptype != p->paramtype) return node;
  int16 typlen;
  bool typbyval;
  get_typlenbyval(p->paramtype, &typlen, &typbyval);
  return reinterpret_cast<Node*>(makeConst(p->paramtype, p->paramtypmod, p->paramcollid, typlen,
                                           prm->isnull ? 0 : datumCopy(prm->value, typbyval, typlen), prm->isnull,
                                           typbyval));
}

bool is_uuid_const(Node* node) {
  return node != nullptr && IsA(node, Const) && reinterpret_cast<Const*>(node)->consttype == UUIDOID;
}

// A value the added conditions may evaluate before (or without) the comparison: it cannot fail
// and reads nothing of the key's own row.
bool runtime_value(Node* value, Index key_varno) {
  if (value == nullptr || getBaseType(exprType(value)) != UUIDOID) return false;
  if (IsA(value, Param)) return true;
  if (IsA(value, Var)) {
    const Var* v = reinterpret_cast<Var*>(value);
    return v->varlevelsup > 0 || static_cast<Index>(v->varno) != key_varno;
  }
  return false;
}

List* equality_conditions(Context* cx, Node* key_side, Node* value_side) {
  Node* k = strip_relabel(key_side);
  if (k == nullptr || !IsA(k, Var)) return NIL;
  const Var* key = reinterpret_cast<Var*>(k);
  Node* given = known_value(value_side, cx->params);  // as the comparison reads it (a uuid)
  Node* value = strip_relabel(given);
  const bool known = is_uuid_const(value);
  if (known && reinterpret_cast<Const*>(value)->constisnull) return NIL;
  if (!known && !runtime_value(value, static_cast<Index>(key->varno))) return NIL;
  const RangeTblEntry* rte;
  Ties ties;
  if (!key_ties(cx, key, &rte, &ties)) return NIL;
  if (known) {
    Const* v = reinterpret_cast<Const*>(value);
    return known_key_conditions(cx, key, rte, ties, &v, 1);
  }
  return runtime_key_conditions(cx, key, rte, ties, given);
}

// `key = ANY(array)` with the array known at planning: a constant, a custom plan's parameter, or
// an ARRAY[...] of constants (`key IN (...)`).
List* array_conditions(Context* cx, ScalarArrayOpExpr* saop) {
  if (!saop->useOr || list_length(saop->args) != 2 || !is_uuid_eq(saop->opno, saop->opfuncid)) return NIL;
  Node* k = strip_relabel(reinterpret_cast<Node*>(linitial(saop->args)));
  if (k == nullptr || !IsA(k, Var)) return NIL;
  const Var* key = reinterpret_cast<Var*>(k);
  Node* array = strip_relabel(known_value(reinterpret_cast<Node*>(lsecond(saop->args)), cx->params));
  Const** values = nullptr;
  int n = 0;
  if (array != nullptr && IsA(array, Const)) {
    const Const* c = reinterpret_cast<Const*>(array);
    if (c->constisnull || c->consttype != UUIDARRAYOID) return NIL;
    ArrayType* arr = DatumGetArrayTypeP(c->constvalue);
    Datum* elems;
    bool* nulls;
    int count;
    deconstruct_array(arr, UUIDOID, UUID_LEN, false, TYPALIGN_CHAR, &elems, &nulls, &count);
    if (count > kMaxArrayKeys) return NIL;
    values = static_cast<Const**>(palloc(sizeof(Const*) * (count + 1)));
    for (int i = 0; i < count; ++i)
      if (!nulls[i]) values[n++] = makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, elems[i], false, false);
  } else if (array != nullptr && IsA(array, ArrayExpr)) {
    List* elements = reinterpret_cast<ArrayExpr*>(array)->elements;
    if (list_length(elements) > kMaxArrayKeys) return NIL;
    values = static_cast<Const**>(palloc(sizeof(Const*) * (list_length(elements) + 1)));
    ListCell* lc;
    foreach (lc, elements) {
      Node* e = strip_relabel(reinterpret_cast<Node*>(lfirst(lc)));
      if (!is_uuid_const(e)) return NIL;
      if (!reinterpret_cast<Const*>(e)->constisnull) values[n++] = reinterpret_cast<Const*>(e);
    }
  } else {
    return NIL;
  }
  if (n == 0) return NIL;  // no key can match
  const RangeTblEntry* rte;
  Ties ties;
  if (!key_ties(cx, key, &rte, &ties)) return NIL;
  return known_key_conditions(cx, key, rte, ties, values, n);
}

List* lookup_conditions(Node* node, Context* cx) {
  if (IsA(node, ScalarArrayOpExpr)) return array_conditions(cx, reinterpret_cast<ScalarArrayOpExpr*>(node));
  if (!IsA(node, OpExpr)) return NIL;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  if (list_length(op->args) != 2 || !is_uuid_eq(op->opno, op->opfuncid)) return NIL;
  Node* left = reinterpret_cast<Node*>(linitial(op->args));
  Node* right = reinterpret_cast<Node*>(lsecond(op->args));
  // A join's `a.id = b.ref` may bound either side.
  return list_concat(equality_conditions(cx, left, right), equality_conditions(cx, right, left));
}

// The most the transaction's time (current_time_instant) can be moved by in `instant`, in µs:
// intervals at 31 days a month and 25 hours a day, a date_trunc at 1000 years.
std::int64_t current_time_offset(Node* instant) {
  Node* node = strip_relabel(instant);
  if (node == nullptr) return 0;
  if (IsA(node, FuncExpr)) {
    FuncExpr* f = reinterpret_cast<FuncExpr*>(node);
    if (list_length(f->args) != 2) return 0;  // now() and the like
    return current_time_offset(reinterpret_cast<Node*>(lsecond(f->args))) + 1000 * 366 * USECS_PER_DAY;
  }
  if (!IsA(node, OpExpr)) return 0;  // CURRENT_TIMESTAMP
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  const bool interval_first = exprType(reinterpret_cast<Node*>(linitial(op->args))) == INTERVALOID;
  const Interval* i =
      DatumGetIntervalP(reinterpret_cast<Const*>(interval_first ? linitial(op->args) : lsecond(op->args))->constvalue);
  const std::int64_t by = std::abs(static_cast<std::int64_t>(i->month)) * 31 * USECS_PER_DAY +
                          std::abs(static_cast<std::int64_t>(i->day)) * 25 * USECS_PER_HOUR + std::abs(i->time);
  return by + current_time_offset(reinterpret_cast<Node*>(interval_first ? lsecond(op->args) : linitial(op->args)));
}

// Whether the transaction's time moved as `instant` moves it, then by `shift`, stays inside
// timestamptz's range: the clock lies between 1970 and 10000, so 3000 years either way do.
bool current_time_shift_fits(Node* instant, std::int64_t shift) {
  constexpr std::int64_t kMax = 3000 * 366 * USECS_PER_DAY;
  return current_time_offset(instant) + std::abs(shift) <= kMax;
}

// `col >= X + s` (lower) or `col <= X + s`, X an instant that cannot fail moved by the tie's
// shift: a constant (computed), the transaction's time (an expression, and on a partitioned
// table also its value now, so that partitions are pruned when planning: the plan is then valid
// in this transaction only), or a parameter when s is 0. NIL for any other X, or a result outside
// timestamptz's range.
List* shifted_bound_conditions(Context* cx, bool lower, const Var* key, AttrNumber column, Node* instant,
                               std::int64_t shift, bool partitioned) {
  Node* x = strip_relabel(instant);
  if (x == nullptr) return NIL;
  if (IsA(x, Const)) {
    const Const* k = reinterpret_cast<Const*>(x);
    if (k->constisnull || k->consttype != TIMESTAMPTZOID || TIMESTAMP_NOT_FINITE(DatumGetTimestampTz(k->constvalue)))
      return NIL;
    const TimestampTz at = DatumGetTimestampTz(k->constvalue) + shift;  // |shift| <= 1000 years: no overflow
    if (!IS_VALID_TIMESTAMP(at)) return NIL;
    return list_make1(condition(cx, lower, key, column, instant_const(at)));
  }
  if (IsA(x, Param)) {
    if (shift != 0 || reinterpret_cast<Param*>(x)->paramtype != TIMESTAMPTZOID) return NIL;
    return list_make1(condition(cx, lower, key, column, reinterpret_cast<Expr*>(copy_node(x))));
  }
  if (!current_time_instant(x) || !current_time_shift_fits(x, shift)) return NIL;
  List* out = list_make1(condition(cx, lower, key, column, shifted(cx, x, shift)));
  TimestampTz planned;
  if (partitioned && transaction_time_value(x, &planned)) {
    cx->deps->on_transaction_time = true;
    out = lappend(out, condition(cx, lower, key, column, instant_const(planned + shift)));
  }
  return out;
}

// `time(key) op X`, the time read by the same call as a tie's: the tie's column gets X moved by
// the tie's shift (time(key) >= X and col >= time(key) + s give col >= X + s). It holds for every
// row the comparison is true on, whatever the key's version, so no proof of the key is needed.
List* time_to_column_conditions(OpExpr* op, Context* cx) {
  uuidx::TimeCmp cmp;
  Node* key_node;
  Node* instant;
  bool sub_ms;
  if (!read_time_comparison(op, false, &cmp, &key_node, &instant, &sub_ms)) return NIL;
  Node* call = reinterpret_cast<Node*>(linitial(op->args));
  Node* unused;
  bool flag;
  if (!time_call(strip_relabel(call), &unused, &flag)) call = reinterpret_cast<Node*>(lsecond(op->args));
  call = strip_relabel(call);
  Node* k = strip_relabel(key_node);
  if (k == nullptr || !IsA(k, Var)) return NIL;
  const Var* key = reinterpret_cast<Var*>(k);
  const RangeTblEntry* rte;
  Ties ties;
  if (!key_ties(cx, key, &rte, &ties)) return NIL;
  const bool partitioned = rte->inh && (rte->relkind == RELKIND_PARTITIONED_TABLE || has_subclass(rte->relid));
  const Oid call_fn = reinterpret_cast<FuncExpr*>(call)->funcid;
  // time >= X meets a lower tie (col >= time + s); time <= X an upper one.
  const bool from_below = cmp == uuidx::TimeCmp::ge || cmp == uuidx::TimeCmp::gt || cmp == uuidx::TimeCmp::eq;
  const bool from_above = cmp == uuidx::TimeCmp::le || cmp == uuidx::TimeCmp::lt || cmp == uuidx::TimeCmp::eq;
  return per_column(key, rte, ties, [&](const Tie& tie) -> List* {
    std::int64_t shift = 0;
    Node* tie_call = split_time_expr(tie.expr, &shift);
    Node* unused_key;
    bool tie_sub_ms;
    if (reinterpret_cast<FuncExpr*>(tie_call)->funcid != call_fn || !time_call(tie_call, &unused_key, &tie_sub_ms) ||
        tie_sub_ms != sub_ms || !(tie.lower ? from_below : from_above))
      return NIL;
    return shifted_bound_conditions(cx, tie.lower, key, tie.column, instant, shift, partitioned);
  });
}

// The v7 value of C's millisecond that sorts first (lower) or last: every v7 from C on has a time
// at least the first's; every v7 up to C at most the last's.
Const* v7_of_millisecond(const Const* c, bool lower) {
  pg_uuid_t* u = static_cast<pg_uuid_t*>(palloc(sizeof(pg_uuid_t)));
  memcpy(u->data, DatumGetUUIDP(c->constvalue)->data, UUID_LEN);
  u->data[6] = static_cast<unsigned char>(lower ? 0x70 : 0x7f);
  u->data[7] = static_cast<unsigned char>(lower ? 0x00 : 0xff);
  u->data[8] = static_cast<unsigned char>(lower ? 0x80 : 0xbf);
  memset(u->data + 9, lower ? 0x00 : 0xff, UUID_LEN - 9);
  return makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, UUIDPGetDatum(u), false, false);
}

// A v7 of 2024-06-01 12:00 UTC: whether a time call reads v7 values.
Const* sample_v7() {
  static const unsigned char bytes[UUID_LEN] = {0x01, 0x8f, 0xd3, 0xab, 0xc2, 0x00, 0x70, 0x00,
                                                0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  pg_uuid_t* u = static_cast<pg_uuid_t*>(palloc(sizeof(pg_uuid_t)));
  memcpy(u->data, bytes, UUID_LEN);
  return makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, UUIDPGetDatum(u), false, false);
}

// `key >= C` (or >, <=, <), C known at planning. On a key proven to hold v7 values of the RFC
// variant only (a NULL key matches no range), the key's time is at least (at most) that of the
// first (last) v7 of C's millisecond, and the tie's column gets the bound that time implies.
List* key_range_conditions(OpExpr* op, Context* cx) {
  if (list_length(op->args) != 2) return NIL;
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  int sense;  // 1: key >= C, -1: key <= C
  if (fn == F_UUID_GE || fn == F_UUID_GT)
    sense = 1;
  else if (fn == F_UUID_LE || fn == F_UUID_LT)
    sense = -1;
  else
    return NIL;
  Node* sides[2] = {reinterpret_cast<Node*>(linitial(op->args)), reinterpret_cast<Node*>(lsecond(op->args))};
  int k = strip_relabel(sides[0]) != nullptr && IsA(strip_relabel(sides[0]), Var) ? 0 : 1;
  if (k == 1) sense = -sense;
  Node* key_node = strip_relabel(sides[k]);
  Node* value = strip_relabel(known_value(sides[1 - k], cx->params));
  if (key_node == nullptr || !IsA(key_node, Var) || !is_uuid_const(value) ||
      reinterpret_cast<Const*>(value)->constisnull)
    return NIL;
  const Var* key = reinterpret_cast<Var*>(key_node);
  const RangeTblEntry* rte;
  Ties ties;
  if (!key_ties(cx, key, &rte, &ties)) return NIL;
  List* proof_types = NIL;
  if (!column_is_v7(cx->query, key, true, &proof_types)) return NIL;
  cx->deps->domains = list_concat(cx->deps->domains, proof_types);
  Const* edge = v7_of_millisecond(reinterpret_cast<Const*>(value), sense == 1);
  return per_column(key, rte, ties, [&](const Tie& tie) -> List* {
    TimestampTz at;
    if (tie.lower != (sense == 1) || !computed_bound(tie, edge, &at)) return NIL;
    return list_make1(condition(cx, tie.lower, key, tie.column, instant_const(at)));
  });
}

// The other way round: `col op X` on a tied column, X a constant or the transaction's time (moved
// by constant intervals), gives the key's time a bound: col >= X and col <= time(key) + s give
// time(key) >= X - s; col <= X and col >= time(key) + s give time(key) <= X - s. Added as that
// comparison of the key's time, the time-predicate rewrite (which runs next) gives it the key
// range, for the key's index. Only where every row's key has a time: the key NOT NULL and proven
// to hold v7 values of the RFC variant only (v7_proof.hpp), since a row whose key has none passes
// the constraint with any col.
List* column_to_key_conditions(OpExpr* op, Context* cx) {
  if (op->location == kColumnBoundLocation || op->location == kKeyTimeLocation || list_length(op->args) != 2)
    return NIL;
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  int sense;  // 1: col >= X, -1: col <= X, 0: both
  if (fn == F_TIMESTAMPTZ_GE || fn == F_TIMESTAMPTZ_GT)
    sense = 1;
  else if (fn == F_TIMESTAMPTZ_LE || fn == F_TIMESTAMPTZ_LT)
    sense = -1;
  else if (fn == F_TIMESTAMPTZ_EQ)
    sense = 0;
  else
    return NIL;
  Node* sides[2] = {strip_relabel(reinterpret_cast<Node*>(linitial(op->args))),
                    strip_relabel(reinterpret_cast<Node*>(lsecond(op->args)))};
  const int c = sides[0] != nullptr && IsA(sides[0], Var) ? 0 : 1;
  if (sides[c] == nullptr || !IsA(sides[c], Var)) return NIL;
  const Var* col = reinterpret_cast<Var*>(sides[c]);
  if (c == 1) sense = -sense;
  Node* instant = sides[1 - c];
  TimestampTz known = 0;
  const bool is_const = instant != nullptr && IsA(instant, Const);
  if (is_const) {
    const Const* k = reinterpret_cast<Const*>(instant);
    if (k->constisnull || k->consttype != TIMESTAMPTZOID) return NIL;
    known = DatumGetTimestampTz(k->constvalue);
    if (TIMESTAMP_NOT_FINITE(known)) return NIL;
  } else if (!current_time_instant(instant)) {
    return NIL;
  }  // (each tie's shift is checked below: current_time_shift_fits)
  if (col->varlevelsup != 0 || col->varattno <= 0 || col->vartype != TIMESTAMPTZOID || col->varno <= 0 ||
      static_cast<int>(col->varno) > list_length(cx->query->rtable))
    return NIL;
  const RangeTblEntry* rte = rt_fetch(col->varno, cx->query->rtable);
  if (rte->rtekind != RTE_RELATION || (rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_PARTITIONED_TABLE))
    return NIL;
  Ties ties = {};
  table_ties(rte->relid, rte->inh, 0, &ties);
  List* out = NIL;
  for (int i = 0; i < ties.count; ++i) {
    const Tie& tie = ties.items[i];
    // col >= X meets an upper tie (col <= E); col <= X a lower one.
    if (tie.column != col->varattno || (sense == 1 && tie.lower) || (sense == -1 && !tie.lower)) continue;
    if (tree_has_foreign_table(rte->relid, rte->inh) || !table_column_not_null(rte->relid, rte->inh, tie.key)) continue;
    Var* key = reinterpret_cast<Var*>(copy_node(col));
    key->varattno = tie.key;
    key->varattnosyn = tie.key;
    get_atttypetypmodcoll(rte->relid, tie.key, &key->vartype, &key->vartypmod, &key->varcollid);
    List* proof_types = NIL;
    if (getBaseType(key->vartype) != UUIDOID || !column_is_v7(cx->query, key, true, &proof_types) ||
        !role_may_execute(tie.time_fn, tie.time_fn, cx->deps))
      continue;
    std::int64_t shift = 0;
    Node* call = split_time_expr(tie.expr, &shift);
    // The time call must read a v7's time: 17's own uuid_extract_timestamp reads v1 only, NULL for
    // every v7, so its tie holds nothing, and the comparison added would drop every row.
    TimestampTz unused_at;
    if (!computed_bound(tie, sample_v7(), &unused_at)) continue;
    cx->deps->domains = list_concat(cx->deps->domains, proof_types);
    Node* key_arg = key->vartype == UUIDOID
                        ? reinterpret_cast<Node*>(key)
                        : reinterpret_cast<Node*>(makeRelabelType(reinterpret_cast<Expr*>(key), UUIDOID, -1, InvalidOid,
                                                                  COERCE_IMPLICIT_CAST));
    Node* time = substitute(call, tie.key, key_arg);
    Expr* bound;
    if (is_const) {
      const TimestampTz at = known - shift;  // |shift| <= 1000 years, |known| < 300000 years: no overflow
      if (!IS_VALID_TIMESTAMP(at)) continue;
      bound = instant_const(at);
    } else {
      if (!current_time_shift_fits(instant, shift)) continue;
      bound = shifted(cx, instant, -shift);
    }
    const Oid cmp = tie.lower ? cx->ts_le : cx->ts_ge;  // time(key) <= X - s, or >= X - s
    OpExpr* cond = reinterpret_cast<OpExpr*>(
        make_opclause(cmp, BOOLOID, false, reinterpret_cast<Expr*>(time), bound, InvalidOid, InvalidOid));
    cond->opfuncid = get_opcode(cmp);
    cond->location = kKeyTimeLocation;
    out = lappend(out, cond);
  }
  return out;
}

Node* rewrite_clause(Node* node, Context* cx) {
  if (node == nullptr) return node;
  if (IsA(node, List)) {
    ListCell* lc;
    foreach (lc, reinterpret_cast<List*>(node)) lfirst(lc) = rewrite_clause(reinterpret_cast<Node*>(lfirst(lc)), cx);
    return node;
  }
  if (IsA(node, BoolExpr)) {
    BoolExpr* b = reinterpret_cast<BoolExpr*>(node);
    if (b->boolop == AND_EXPR || b->boolop == OR_EXPR) {
      ListCell* lc;
      foreach (lc, b->args) lfirst(lc) = rewrite_clause(reinterpret_cast<Node*>(lfirst(lc)), cx);
    }
    return node;
  }
  List* added = lookup_conditions(node, cx);
  if (IsA(node, OpExpr)) {
    OpExpr* op = reinterpret_cast<OpExpr*>(node);
    added = list_concat(added, column_to_key_conditions(op, cx));
    added = list_concat(added, time_to_column_conditions(op, cx));
    added = list_concat(added, key_range_conditions(op, cx));
  }
  return added != NIL ? reinterpret_cast<Node*>(make_andclause(lcons(node, added))) : node;
}

Node* rewrite_query_clause(Node* clause, Query* query, void* arg) {
  Context inner = *static_cast<Context*>(arg);
  inner.query = query;
  return rewrite_clause(clause, &inner);
}

// pg_catalog's `timestamptz op interval`, named with its schema.
Oid catalog_operator(const char* name) {
  return OpernameGetOprid(list_make2(makeString(pstrdup("pg_catalog")), makeString(pstrdup(name))), TIMESTAMPTZOID,
                          INTERVALOID);
}

}  // namespace

void add_column_bounds(Query* parse, ParamListInfo bound_params, PlanDependencies* deps) {
  const Oid family = get_opclass_family(GetDefaultOpClass(TIMESTAMPTZOID, BTREE_AM_OID));
  Context cx = {parse,
                bound_params,
                deps,
                get_opfamily_member(family, TIMESTAMPTZOID, TIMESTAMPTZOID, BTGreaterEqualStrategyNumber),
                get_opfamily_member(family, TIMESTAMPTZOID, TIMESTAMPTZOID, BTLessEqualStrategyNumber),
                catalog_operator("+"),
                catalog_operator("-")};
  if (!OidIsValid(cx.ts_ge) || !OidIsValid(cx.ts_le) || !OidIsValid(cx.ts_pl_interval) ||
      !OidIsValid(cx.ts_mi_interval))
    return;
  rewrite_join_quals(parse, rewrite_query_clause, &cx);
}

}  // namespace uuidx_planner
