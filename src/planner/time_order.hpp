// time_order.hpp: the second pass of the planner hook, orders by time and min/max of time on v7
// keys (time_order.cpp).
#pragma once

#include "../pg/pg.hpp"
#include "plan_dependencies.hpp"

extern "C" {
#include "nodes/parsenodes.h"
}

namespace uuidx_planner {

// Rewrites, in every query of the statement, an ORDER BY whose last key is the time of a v7 key
// into an order by the key, and min/max of the time of a v7 key into the time of min/max of the
// key. What the plan must depend on (domains read for a proof, the role when EXECUTE on uuidx's
// aggregates was checked) is added to *deps.
void rewrite_time_order(Query* parse, PlanDependencies* deps);

}  // namespace uuidx_planner
