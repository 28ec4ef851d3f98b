// time_predicates.hpp: the planner hook over time comparisons on v7 keys (time_predicates.cpp).
#pragma once

namespace uuidx_pg {

// Defines the setting uuidx.time_predicates and chains the planner hook in front of any hook
// already installed. Called once per process, from _PG_init.
void install_time_predicates();

}  // namespace uuidx_pg
