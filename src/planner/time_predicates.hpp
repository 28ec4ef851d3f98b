// time_predicates.hpp: the first pass of the planner hook, the key range implied by a comparison of
// a v7 key's time (time_predicates.cpp).
#pragma once

#include "../pg/pg.hpp"
#include "added_conditions.hpp"
#include "plan_dependencies.hpp"

extern "C" {
#include "nodes/params.h"
#include "nodes/parsenodes.h"
}

namespace uuidx_planner {

// Adds, beside every `time(key) op instant` of the WHERE and JOIN ... ON clauses of every query of
// the statement whose key is proven v7, the conditions on the key it implies. What the plan must
// depend on is added to *deps; what was added, and with what, to *added (for the filter cleanup).
// The statement's bound parameters (or null) make a custom plan's instants known at planning.
void rewrite_time_predicates(Query* parse, ParamListInfo bound_params, PlanDependencies* deps, AddedConditions* added);

// Whether `node` is the transaction's or statement's time (now(), CURRENT_TIMESTAMP, ...), moved
// by constant intervals of at most 1000 years or truncated by date_trunc to a constant unit: an
// instant between 1970 and 10000 whose arithmetic cannot fail, which the rewrite takes.
bool current_time_instant(Node* node);

}  // namespace uuidx_planner
