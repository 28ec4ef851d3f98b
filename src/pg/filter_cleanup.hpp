// filter_cleanup.hpp: takes the key conditions that the time-predicate rewrite added back out of
// the row filters of the finished plan (filter_cleanup.cpp).
#pragma once

#include "pg.hpp"

extern "C" {
#include "nodes/plannodes.h"
}

namespace uuidx_pg {

// The OpExpr.location of a key condition the rewrite added (time_predicates.cpp). A location
// from the parser is never negative and "unknown" is -1, so no query text has it, and the planner
// carries it along whenever it copies or rebuilds the condition.
constexpr int kAddedConditionLocation = -7007;

// The functions and operators the rewrite built its conditions with.
struct AddedConditionOps {
  Oid lower_fn;  // uuid_v7_lower_bound
  Oid upper_fn;  // uuid_v7_upper_bound
  Oid uuid_ge;
  Oid uuid_le;
};

// Removes, from the filters of every plan node of `stmt` (subplans included), the added
// conditions that the time comparison they sit beside implies; index conditions and anything
// else that does work with them stay.
void strip_added_conditions(PlannedStmt* stmt, const AddedConditionOps& ops);

}  // namespace uuidx_pg
