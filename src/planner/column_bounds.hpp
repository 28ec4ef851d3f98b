// column_bounds.hpp: the planner hook's pass that lets a lookup by a UUID key bound the timestamp
// column its table ties to the key's time (column_bounds.cpp).
#pragma once

#include "../pg/pg.hpp"
#include "plan_dependencies.hpp"

extern "C" {
#include "nodes/params.h"
#include "nodes/parsenodes.h"
}

namespace uuidx_planner {

// Adds, beside every lookup of a key by value in the WHERE, JOIN ... ON and MERGE ... ON clauses of
// every query of the statement (`key = v`, `key = ANY(array)`, `key IN (...)`, `key = other.col`),
// the bounds that a validated CHECK constraint of the key's table puts on one of its timestamptz
// columns through the key's time (`created_at BETWEEN uuid_extract_time(id) - interval 'a' AND
// uuid_extract_time(id) + interval 'b'`), so that partitions of that column are pruned. The
// statement's bound parameters (or null) make a custom plan's values known at planning.
void add_column_bounds(Query* parse, ParamListInfo bound_params, PlanDependencies* deps);

}  // namespace uuidx_planner
