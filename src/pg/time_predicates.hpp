// time_predicates.hpp: the planner hook over time comparisons on v7 keys (time_predicates.cpp).
#pragma once

#include "../core/v7time.hpp"
#include "pg.hpp"

extern "C" {
#include "nodes/primnodes.h"
}

namespace uuidx_pg {

// Defines the setting uuidx.time_predicates and chains the planner hook in front of any hook
// already installed. Called once per process, from _PG_init.
void install_time_predicates();

// Reads `op` (`negate`: as NOT op) as `time(key) cmp instant`, with the time read by a call
// time_call() knows and compared by a timestamptz operator, either way round. False for any
// other expression, and for NOT (time = t), which is no single range.
bool read_time_comparison(OpExpr* op, bool negate, uuidx::TimeCmp* cmp, Node** key, Node** instant, bool* sub_ms);

}  // namespace uuidx_pg
