// planner.hpp: the planner hook of uuidx, its one entry (planner.cpp).
#pragma once

namespace uuidx_planner {

// Defines the setting uuidx.time_predicates and chains the planner hook in front of any hook
// already installed. Called once per process, from _PG_init.
void install();

}  // namespace uuidx_planner
