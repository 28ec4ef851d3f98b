// qual_folding.hpp: reads a qual in the shape constant folding would give it (qual_folding.cpp), for
// the time-predicate rewrite to find its candidates there.
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/parsenodes.h"
}

namespace uuidx_planner {

// A simplified form of `clause`, a qual of `query`'s join tree (FROM ... WHERE, JOIN ... ON): equal
// to the clause for every row the clause is evaluated on, whenever the clause's evaluation does
// not raise an error. It is only for finding rewrite candidates, and is never planned: the clause
// itself is left untouched, and the result may share nodes with it. It returns `clause` itself
// when nothing simplifies. Nothing is evaluated (no function is called); the catalogs are read for
// NOT NULL columns, which a plan already depends on through its relations.
Node* fold_for_matching(Node* clause, Query* query);

// Whether column `attno` of table `relid` is NOT NULL by a validated, enforced constraint, in the
// table and, when `inh`, in every inheritance child the scan reads.
bool table_column_not_null(Oid relid, bool inh, AttrNumber attno);

}  // namespace uuidx_planner
