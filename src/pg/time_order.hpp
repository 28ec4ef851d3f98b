// time_order.hpp: the planner rewrites of orders by time and min/max of time on v7 keys
// (time_order.cpp), run by the planner hook of time_predicates.cpp.
#pragma once

#include "pg.hpp"

extern "C" {
#include "nodes/parsenodes.h"
#include "nodes/primnodes.h"
}

namespace uuidx_pg {

// Rewrites, in every query of the statement, an ORDER BY whose last key is the time of a v7 key
// into an order by the key, and min/max of the time of a v7 key into the time of min/max of the
// key. Domains read for a proof are appended to *proof_types; *role_checked is set when EXECUTE
// on uuidx's aggregates was checked for the current role (the plan then depends on the role).
void rewrite_time_order(Query* parse, List** proof_types, bool* role_checked);

}  // namespace uuidx_pg
