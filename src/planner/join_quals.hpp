// join_quals.hpp: every WHERE, JOIN ... ON and MERGE ... ON clause of a statement, for the passes
// that add conditions beside what they find there (join_quals.cpp).
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/parsenodes.h"
}

namespace uuidx_planner {

// Calls rewrite(clause, query, arg) for the clause of every FROM ... WHERE, JOIN ... ON and (17 and
// later) MERGE ... ON of every query of the statement (subqueries in FROM, CTEs, sublinks), `query`
// being the query whose range table the clause's Vars of level 0 refer to, and puts what it
// returns in the clause's place. A row passes each of them when it is true.
using QualRewrite = Node* (*)(Node* clause, Query* query, void* arg);
void rewrite_join_quals(Query* parse, QualRewrite rewrite, void* arg);

}  // namespace uuidx_planner
