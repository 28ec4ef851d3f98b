// own_functions.hpp: how the planner knows uuidx's own functions and aggregates (own_functions.cpp):
// as members of the extension, by the C symbol they call, never by name.
#pragma once

#include "../pg/pg.hpp"
#include "plan_dependencies.hpp"

namespace uuidx_planner {

// True for a C function of the uuidx library whose link symbol is `symbol`, in any schema.
bool is_uuidx_symbol(Oid fn, const char* symbol);

// True for uuidx's aggregate `fn`: one uuid argument, a uuid state, the transition function
// `symbol` of the uuidx library and the sort operator `sortop`.
bool is_uuidx_aggregate(Oid fn, const char* symbol, Oid sortop);

// Calls visit(fn, arg) for every function (aggregates included) that is a member of the
// extension (pg_depend, deptype 'e'): how uuidx finds its own functions, never by name through a
// schema others may write.
void visit_extension_functions(Oid extension, void (*visit)(Oid fn, void* arg), void* arg);

// Whether the planning role may execute both `a` and `b`, functions of uuidx that a rewritten
// query calls: a role that may not would get an error from a query that never named them. The
// plan depends on the role from then on (deps->on_role).
bool role_may_execute(Oid a, Oid b, PlanDependencies* deps);

}  // namespace uuidx_planner
