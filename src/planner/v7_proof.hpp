// v7_proof.hpp: the proof that a key holds v7 values only (v7_proof.cpp), which both rewrites over
// v7 keys rest on.
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/parsenodes.h"
#include "nodes/primnodes.h"
}

namespace uuidx_planner {

// Whether `var` (a Var of level 0 of `query`) reads a table column that holds v7 values only,
// proven by a validated CHECK constraint (v7_proof.cpp). Domains read for the proof are appended
// to *proof_types (the plan must depend on them). `strict`: every non-NULL value is a v7 of the
// RFC 9562 variant, so its time is NULL exactly when the key is (uuid_check_version's proof);
// otherwise also `uuid_extract_version(key) = 7`, which admits other variants with a NULL time.
bool column_is_v7(Query* query, const Var* var, bool strict, List** proof_types);

// True when the scan of relid (with its inheritance children or partitions when inh) reads a
// foreign table, whose rows PostgreSQL never checks against its constraints. Answers are kept
// until the next relcache invalidation (install_foreign_table_cache, once from install()).
bool tree_has_foreign_table(Oid relid, bool inh);
void install_foreign_table_cache();

}  // namespace uuidx_planner
