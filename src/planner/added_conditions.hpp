// added_conditions.hpp: the key conditions the time-predicate rewrite adds (time_predicates.cpp),
// as the filter cleanup after planning finds them again (filter_cleanup.cpp).
#pragma once

#include "../pg/pg.hpp"

namespace uuidx_planner {

// The OpExpr.location of a key condition the rewrite added. A location from the parser is never
// negative and "unknown" is -1, so no query text has it, and the planner carries it along
// whenever it copies or rebuilds the condition.
constexpr int kAddedConditionLocation = -7007;

// Whether the rewrite added conditions to the statement, and the functions and operators it
// built them with.
struct AddedConditions {
  bool any;
  Oid lower_fn;  // uuid_v7_lower_bound
  Oid upper_fn;  // uuid_v7_upper_bound
  Oid uuid_ge;
  Oid uuid_le;
};

}  // namespace uuidx_planner
