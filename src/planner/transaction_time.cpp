// transaction_time.cpp: the transaction's start time as a planning-time constant.
//
// now() is a stable function: PostgreSQL does not fold it when planning, because a cached plan may
// run in a later transaction, where now() is later. A key bound computed from it therefore prunes
// partitions only at executor start, after every partition was planned and locked. Within the
// transaction that plans, though, now() has one value at every execution. So the rewrite may add
// the bound as a constant, pruning at planning, provided the plan never runs in another
// transaction: every plan with such a constant carries a dependency on a function OID no function
// has, and at the end of each transaction that made one, the plan cache is told that this
// "function" changed, in this backend only. Its generic plans with that item are planned again at
// their next use, and a plan that is not cached (a simple query, a custom plan) runs once anyway.
//
// Why not keep the plan and rely on now() only growing (a lower bound made at planning stays a
// superset of a later one)? The system clock can be stepped back, and then a later transaction's
// now() is earlier: rows that match would lie in partitions the plan left out.
#include "transaction_time.hpp"
#include "nodes.hpp"

extern "C" {
#include "access/xact.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#ifdef UUIDX_FAULT_INJECTION
#include "utils/guc.h"
#endif
}

namespace uuidx_planner {

namespace {

// Plans with a transaction-time constant were made in this transaction.
bool made_in_this_transaction = false;

#ifdef UUIDX_FAULT_INJECTION
// Test builds only (make UUIDX_FAULT_INJECTION=1, never shipped): uuidx.test_keep_transaction_plans
// skips the invalidation, so that a test shows the rows a kept plan misses.
bool test_keep_transaction_plans = false;
#endif

// The PROCOID hash value of OID 0, which no function has: what the plans depend on, and what the
// end of the transaction invalidates. Hash value 0 would mean "every function": never used.
uint32 end_item_hash() {
  const uint32 hash = GetSysCacheHashValue1(PROCOID, ObjectIdGetDatum(InvalidOid));
  return hash != 0 ? hash : 1;
}

// A constant interval with no day or month part: the same shift in every time zone.
bool fixed_interval(Node* node, std::int64_t* usecs) {
  if (node == nullptr || !IsA(node, Const)) return false;
  const Const* c = reinterpret_cast<Const*>(node);
  if (c->constisnull || c->consttype != INTERVALOID) return false;
  const Interval* i = DatumGetIntervalP(c->constvalue);
  if (i->month != 0 || i->day != 0) return false;
  *usecs = i->time;
  return true;
}

bool value_at(Node* node, int depth, TimestampTz* value) {
  node = strip_relabel(node);
  if (node == nullptr || depth > 4) return false;
  if (IsA(node, SQLValueFunction)) {
    // CURRENT_TIMESTAMP without a precision: the transaction's start time, as now().
    if (reinterpret_cast<SQLValueFunction*>(node)->op != SVFOP_CURRENT_TIMESTAMP) return false;
    *value = GetCurrentTransactionStartTimestamp();
    return true;
  }
  if (IsA(node, FuncExpr)) {
    FuncExpr* f = reinterpret_cast<FuncExpr*>(node);
    if (f->args != NIL || (f->funcid != F_NOW && f->funcid != F_TRANSACTION_TIMESTAMP)) return false;
    *value = GetCurrentTransactionStartTimestamp();
    return true;
  }
  if (!IsA(node, OpExpr) || list_length(reinterpret_cast<OpExpr*>(node)->args) != 2) return false;
  OpExpr* op = reinterpret_cast<OpExpr*>(node);
  const Oid fn = OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
  Node* left = reinterpret_cast<Node*>(linitial(op->args));
  Node* right = reinterpret_cast<Node*>(lsecond(op->args));
  std::int64_t shift;
  TimestampTz base;
  if ((fn == F_TIMESTAMPTZ_PL_INTERVAL || fn == F_TIMESTAMPTZ_MI_INTERVAL) && fixed_interval(right, &shift) &&
      value_at(left, depth + 1, &base)) {
    if (fn == F_TIMESTAMPTZ_MI_INTERVAL) shift = -shift;
  } else if (fn == F_INTERVAL_PL_TIMESTAMPTZ && fixed_interval(left, &shift) && value_at(right, depth + 1, &base)) {
  } else {
    return false;
  }
  // Where PostgreSQL would raise "timestamp out of range" the constant is not made (the bound
  // computed at execution reports it as before).
  TimestampTz moved;
  if (__builtin_add_overflow(base, shift, &moved) || !IS_VALID_TIMESTAMP(moved)) return false;
  *value = moved;
  return true;
}

void invalidate_at_transaction_end(XactEvent event, void*) {
  switch (event) {
    case XACT_EVENT_COMMIT:
    case XACT_EVENT_ABORT:
    case XACT_EVENT_PREPARE:
    case XACT_EVENT_PARALLEL_COMMIT:
    case XACT_EVENT_PARALLEL_ABORT:
      if (made_in_this_transaction) {
        made_in_this_transaction = false;
#ifdef UUIDX_FAULT_INJECTION
        if (test_keep_transaction_plans) break;
#endif
        // This backend's callbacks only (the plan cache marks the plans with the item invalid);
        // no message to other backends, whose plans are their own transactions'.
        CallSyscacheCallbacks(PROCOID, end_item_hash());
      }
      break;
    default:
      break;
  }
}

}  // namespace

bool transaction_time_value(Node* instant, TimestampTz* value) { return value_at(instant, 0, value); }

PlanInvalItem* transaction_end_item() {
  made_in_this_transaction = true;
  PlanInvalItem* item = makeNode(PlanInvalItem);
  item->cacheId = PROCOID;
  item->hashValue = end_item_hash();
  return item;
}

void install_transaction_end_invalidation() {
#ifdef UUIDX_FAULT_INJECTION
  DefineCustomBoolVariable("uuidx.test_keep_transaction_plans",
                           "Test builds only: plans bounded by the planning transaction's now() outlive it.", nullptr,
                           &test_keep_transaction_plans, false, PGC_USERSET, 0, nullptr, nullptr, nullptr);
#endif
  RegisterXactCallback(invalidate_at_transaction_end, nullptr);
}

}  // namespace uuidx_planner
