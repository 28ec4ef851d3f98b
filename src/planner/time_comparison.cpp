// time_comparison.cpp: what a time comparison on a UUID key is, as the planner's passes read it.
//
// The time of a UUID is read by uuidx's uuid_extract_time(uuid [, submillisecond]) and
// uuid_extract_timestamp(uuid), and by the server's uuid_extract_timestamp (17 and later). For a
// v7 each gives the unix_ts_ms (RFC 9562 §5.7); uuid_extract_time(u, true) adds the rand_a
// fraction of §6.2 Method 3. (17's own reads v1 only, so on 17 it is NULL for every v7: a
// comparison of it is never true, and a bound derived from it changes nothing.) The comparison is
// one of timestamptz's operators, with the time on either side; NOT of one is its complement, both
// being NULL together, except NOT (time = t), which is two ranges.
//
// Plain C-style code over PostgreSQL's node APIs: no C++ object with a destructor lives in these
// frames.
#include "time_comparison.hpp"
#include "own_functions.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
}

namespace {

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

bool has_time_comparison_walker(Node* node, void* context) {
  if (node == nullptr || IsA(node, Query)) return false;
  uuidx::TimeCmp cmp;
  if (IsA(node, OpExpr) && list_length(reinterpret_cast<OpExpr*>(node)->args) == 2 &&
      comparison_of(reinterpret_cast<OpExpr*>(node), &cmp))
    return true;
  return expression_tree_walker(node, UUIDX_TREE_WALKER(has_time_comparison_walker), context);
}

}  // namespace

namespace uuidx_planner {

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

bool has_time_comparison(Node* node) { return has_time_comparison_walker(node, nullptr); }

bool bounded_interval(Node* node) {
  constexpr std::int64_t kMaxShiftYears = 1000;
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

}  // namespace uuidx_planner
