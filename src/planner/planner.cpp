// planner.cpp: the planner hook of uuidx, its one entry: what uuidx does to a query, in order.
//
//  1. column_bounds.cpp: a lookup by a key (`id = v`, `id = ANY(...)`, a join on id) gets the bounds
//     its table's CHECK constraint puts on a timestamp column through the key's time, so that
//     partitions of that column are pruned; a comparison of that column gets the comparison of
//     the key's time it implies, which 2 turns into a key range.
//  2. time_predicates.cpp: `uuid_extract_time(id) op t` on a v7 key gets the key range it implies
//     (`id >= uuid_v7_lower_bound(t, ...)`), so that an index or partition bounds can be used.
//  3. time_order.cpp: an ORDER BY ending in the time of a v7 key orders by the key, min/max of the
//     time becomes the time of min/max of the key, so that the key's index gives them.
//  4. The previous planner hook, or PostgreSQL's planner: the rewritten query is planned.
//  5. The plan is made to depend on what the passes read: the planning role (EXECUTE on uuidx's
//     functions was checked for it), the domains whose constraints proved a key, and the
//     transaction when a bound was computed from now() at planning (transaction_time.cpp).
//     PostgreSQL plans a cached statement again for another role, after such a constraint changes,
//     or in the next transaction (a table's constraints: for any plan that reads the table).
//  6. filter_cleanup.cpp: the conditions of 2 that the finished plan evaluates row by row, rather
//     than using for an index or for pruning, are taken out again: there they only cost.
//
// 1, 2 and 3 rewrite the query before it is planned, since the planner chooses indexes and prunes
// partitions from the query it is given. 1 adds conditions beside the quals of the join tree (2
// reads the time comparisons among them), 2 adds key ranges there, 3 changes the sort clause, the
// target list and HAVING. 6 reads the finished plan, so it runs last, after any other hook's
// planning. The setting uuidx.column_bounds turns 1 off; uuidx.time_predicates turns 2 and 3 off,
// and with them 6; every result is the same either way.
//
// Each pass rests on what lies below it (v7_proof.cpp, time_comparison.cpp, qual_folding.cpp,
// own_functions.cpp) and calls no other pass. Plain C-style code over PostgreSQL's APIs: no C++
// object with a destructor lives in these frames.
#include "planner.hpp"
#include "../pg/pg.hpp"
#include "added_conditions.hpp"
#include "column_bounds.hpp"
#include "filter_cleanup.hpp"
#include "plan_dependencies.hpp"
#include "time_order.hpp"
#include "time_predicates.hpp"
#include "transaction_time.hpp"
#include "v7_proof.hpp"

extern "C" {
#include "nodes/plannodes.h"
#include "optimizer/planner.h"
#include "utils/guc.h"
#include "utils/syscache.h"
}

namespace uuidx_planner {

namespace {

bool time_predicates_enabled = true;
bool column_bounds_enabled = true;
planner_hook_type previous_planner_hook = nullptr;

// 5. EXECUTE on a function the rewrite calls was checked for this role: a cached plan is planned
// again for another (without the rewrite if that role may not call it). A domain whose constraints
// were read for a proof: ALTER DOMAIN ... ADD/DROP/VALIDATE CONSTRAINT invalidates the domain's
// pg_type entry, and with this item the plan. A bound computed from now() at planning: the plan is
// invalidated when the transaction ends (transaction_time.cpp).
void record_dependencies(PlannedStmt* stmt, const PlanDependencies& deps) {
  if (deps.on_role) stmt->dependsOnRole = true;
  if (deps.on_transaction_time) stmt->invalItems = lappend(stmt->invalItems, transaction_end_item());
  ListCell* lc;
  foreach (lc, deps.domains) {
    PlanInvalItem* item = makeNode(PlanInvalItem);
    item->cacheId = TYPEOID;
    item->hashValue = GetSysCacheHashValue1(TYPEOID, ObjectIdGetDatum(lfirst_oid(lc)));
    stmt->invalItems = lappend(stmt->invalItems, item);
  }
}

#if PG_VERSION_NUM >= 190000
// From 19 on the planner also gets the EXPLAIN state of an EXPLAIN (pg_plan_advice reads it):
// passed on as it came.
PlannedStmt* uuidx_planner(Query* parse, const char* query_string, int cursor_options, ParamListInfo bound_params,
                           ExplainState* es) {
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params, es
#else
PlannedStmt* uuidx_planner(Query* parse, const char* query_string, int cursor_options, ParamListInfo bound_params) {
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params
#endif
  PlanDependencies deps = {};
  AddedConditions added = {};
  if (column_bounds_enabled && parse->commandType != CMD_UTILITY) add_column_bounds(parse, bound_params, &deps);  // 1
  if (time_predicates_enabled && parse->commandType != CMD_UTILITY) {
    rewrite_time_predicates(parse, bound_params, &deps, &added);  // 2
    rewrite_time_order(parse, &deps);                             // 3
  }
  // 4
  PlannedStmt* stmt =
      previous_planner_hook ? previous_planner_hook(UUIDX_PLANNER_ARGS) : standard_planner(UUIDX_PLANNER_ARGS);
  record_dependencies(stmt, deps);                     // 5
  if (added.any) strip_added_conditions(stmt, added);  // 6
  return stmt;
}

}  // namespace

void install() {
  DefineCustomBoolVariable("uuidx.time_predicates",
                           "Lets uuid_extract_time(id) comparisons, orders and min/max use UUIDv7-only keys.",
                           "A comparison of the time of a uuid_v7 column, or of a column whose table has the "
                           "CHECK constraint uuid_extract_version(col) = 7, with an instant gets the key range "
                           "it implies, so that an index or partition bounds can be used; an ORDER BY ending "
                           "in the time of a uuid_v7 column is planned as an order by the column, and min/max "
                           "of its time as the time of min/max of the column. Results are the same.",
                           &time_predicates_enabled, true, PGC_USERSET, 0, nullptr, nullptr, nullptr);
  DefineCustomBoolVariable("uuidx.column_bounds",
                           "Lets a lookup by a UUID key bound the timestamp column its table ties to the key's time.",
                           "Where a validated CHECK constraint of the key's table bounds a timestamptz column by "
                           "the key's time (created_at BETWEEN uuid_extract_time(id) - interval 'a' AND "
                           "uuid_extract_time(id) + interval 'b'), id = v, id = ANY(...), id IN (...) and a join "
                           "on id get the bounds it implies on that column, so that partitions of it are pruned. "
                           "Results are the same.",
                           &column_bounds_enabled, true, PGC_USERSET, 0, nullptr, nullptr, nullptr);
  MarkGUCPrefixReserved("uuidx");
  install_transaction_end_invalidation();
  install_foreign_table_cache();
  previous_planner_hook = planner_hook;
  planner_hook = uuidx_planner;
}

}  // namespace uuidx_planner
