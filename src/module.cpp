// module.cpp: the module's magic block and its load-time hook, on the top floor: it wires the
// glue (src/pg) and the planner's rewrites (src/planner) together at load time.
#include "core/message.hpp"
#include "planner/planner.hpp"
#include "pg/after_recovery.hpp"
#include "pg/facade.hpp"
#include "pg/pg.hpp"
#include "pg/server_v7.hpp"
#include "pg/session.hpp"

extern "C" {
#ifdef PG_MODULE_MAGIC_EXT
// 18 and later record the module's name and version (pg_get_loaded_modules()).
PG_MODULE_MAGIC_EXT(.name = "uuidx", .version = UUIDX_VERSION);
#else
PG_MODULE_MAGIC;
#endif

PGDLLEXPORT void _PG_init(void);
}

// Runs once per process that loads uuidx — in the postmaster too when preloaded. It registers
// the fork handler, the settings uuidx.v7_scope (with the shared-memory hooks of the server-wide
// v7 sequence when preloaded), uuidx.v7_above_replayed, uuidx.v7_above, uuidx.facade_key and
// uuidx.time_predicates, and the planner hook; all session state is created lazily in the backend that uses it.
void _PG_init(void) {
  if (!uuidx_pg::install_fork_guard())
    ereport(ERROR, (errcode(ERRCODE_SYSTEM_ERROR), errmsg("could not register the uuidx fork handler")));
#ifdef UUIDX_FAULT_INJECTION
  uuidx_pg::install_test_hooks();  // test builds only (make UUIDX_FAULT_INJECTION=1)
#endif
  uuidx::set_message_prefix_length(&uuidx_pg::database_prefix_length);
  uuidx_pg::install_server_v7();  // before the planner's install, which reserves the "uuidx" prefix
  uuidx_pg::install_v7_floors();
  uuidx_pg::install_facade_key();
  uuidx_planner::install();  // src/planner/planner.cpp
}
