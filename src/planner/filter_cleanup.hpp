// filter_cleanup.hpp: the planner hook's last pass, after planning: takes the key conditions that
// the time-predicate rewrite added back out of the row filters of the finished plan
// (filter_cleanup.cpp).
#pragma once

#include "../pg/pg.hpp"
#include "added_conditions.hpp"

extern "C" {
#include "nodes/plannodes.h"
}

namespace uuidx_planner {

// Removes, from the filters of every plan node of `stmt` (subplans included), the added
// conditions that the time comparison they sit beside implies; index conditions and anything
// else that does work with them stay.
void strip_added_conditions(PlannedStmt* stmt, const AddedConditions& added);

}  // namespace uuidx_planner
