// plan_dependencies.hpp: what a plan depends on beyond its relations because of what the passes
// read; the passes gather it and the planner's entry (planner.cpp) records it on the finished plan,
// so that PostgreSQL plans a cached statement again when it changes.
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/pg_list.h"
}

namespace uuidx_planner {

struct PlanDependencies {
  // EXECUTE on a function the rewritten query calls was checked for the planning role: a plan
  // made for one role is not valid for another, which may not call it.
  bool on_role;
  // Domains whose constraints were read to prove a key v7 (OIDs, v7_proof.cpp).
  List* domains;
  // A key bound was computed at planning from the transaction's time (transaction_time.hpp): the
  // plan is valid in this transaction only.
  bool on_transaction_time;
};

}  // namespace uuidx_planner
