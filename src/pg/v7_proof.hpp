// v7_proof.hpp: what the planner rewrites over v7 keys share (v7_proof.cpp): recognising uuidx's
// own functions by C symbol, the calls that read a UUID's time, and the proof that a column holds
// v7 values only.
#pragma once

#include "pg.hpp"

extern "C" {
#include "nodes/parsenodes.h"
#include "nodes/primnodes.h"
}

namespace uuidx_pg {

// True for a C function of the uuidx library whose link symbol is `symbol`, in any schema.
bool is_uuidx_symbol(Oid fn, const char* symbol);

// Calls visit(fn, arg) for every function (aggregates included) that is a member of the
// extension (pg_depend, deptype 'e'): how uuidx finds its own functions, never by name through a
// schema others may write.
void visit_extension_functions(Oid extension, void (*visit)(Oid fn, void* arg), void* arg);

Node* strip_relabel(Node* node);

// The argument of parameter `n` (0-based) of a call, written by position or by name.
Node* argument(FuncExpr* f, int n);

// A call that reads a UUID's time (uuidx's uuid_extract_time with one argument or a constant
// second one, uuid_extract_timestamp, the server's uuid_extract_timestamp on 17+); `key` is the
// UUID argument, `sub_ms` whether the fraction is read.
bool time_call(Node* node, Node** key, bool* sub_ms);

// Whether `var` (a Var of level 0 of `query`) reads a table column that holds v7 values only,
// proven by a validated CHECK constraint (v7_proof.cpp). Domains read for the proof are appended
// to *proof_types (the plan must depend on them). `strict`: every non-NULL value is a v7 of the
// RFC 9562 variant, so its time is NULL exactly when the key is (uuid_check_version's proof);
// otherwise also `uuid_extract_version(key) = 7`, which admits other variants with a NULL time.
bool column_is_v7(Query* query, const Var* var, bool strict, List** proof_types);

}  // namespace uuidx_pg
