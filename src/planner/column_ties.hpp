// column_ties.hpp: what a table's CHECK constraints say about a timestamp column and the time of a
// UUID key (column_ties.cpp), read by the column bounds (column_bounds.cpp).
#pragma once

#include <cstdint>

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/primnodes.h"
}

namespace uuidx_planner {

// One comparison of a CHECK constraint: `column >= E(key)` (lower) or `column <= E(key)`.
struct Tie {
  AttrNumber column;
  AttrNumber key;
  bool lower;
  Node* expr;  // E, reading the key as a Var of the constraint (varno 1)
  Oid time_fn;
};

// The ties of one table (at most 16 are read).
struct Ties {
  Tie items[16];
  int count;
};

// The ties of the table's validated, enforced CHECK constraints (those that hold for the children
// the scan reads as well when inh) on the key column `key` (0: on any).
void table_ties(Oid relid, bool inh, AttrNumber key, Ties* out);

// A tie's E as its time call, and the µs it moves the time by (added to *shift).
Node* split_time_expr(Node* node, std::int64_t* shift);

}  // namespace uuidx_planner
