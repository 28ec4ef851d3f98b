// server_v7.cpp: one v7 sequence for the whole server (RFC 9562 §6.2), opt-in with
// shared_preload_libraries = 'uuidx' and uuidx.v7_scope = 'server'. The shared state is a single
// pg_atomic_uint64 (a 60-bit tick and a 4-bit counter, monotonic.hpp) in shared memory, advanced
// with pg_atomic_compare_exchange_u64 in a retry loop: no LWLock, no spinlock. Random bits come
// from each backend's own buffer and are never shared.
#include "../core/monotonic.hpp"
#include "../core/server_v7.hpp"
#include "pg.hpp"
#include "server_v7.hpp"
#include "session.hpp"

extern "C" {
#include "access/xact.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "tcop/utility.h"
#include "utils/guc.h"
}

namespace uuidx_pg {

int v7_scope = kV7ScopeSession;

}  // namespace uuidx_pg

namespace {

// The shared sequence. Created afresh (position 0) whenever the postmaster (re)creates shared
// memory, after a crash too: the first value then follows the clock.
struct SharedV7 {
  pg_atomic_uint64 position;  // the last position handed out on this server (monotonic.hpp)
#ifdef UUIDX_BENCH_LWLOCK
  LWLock* lock;  // benchmark-only variant: the position is updated under this lock instead
#endif
};

constexpr const char* kShmemName = "uuidx v7 sequence";

// Set in the postmaster by the startup hook, inherited by every backend forked after it.
SharedV7* shared_v7 = nullptr;
// True in a process whose library was loaded by shared_preload_libraries (inherited too).
bool preloaded = false;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;
ProcessUtility_hook_type previous_process_utility = nullptr;

void request_shared_v7() {
  if (previous_shmem_request_hook) previous_shmem_request_hook();
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedV7)));
#ifdef UUIDX_BENCH_LWLOCK
  RequestNamedLWLockTranche("uuidx_v7", 1);
#endif
}

void start_shared_v7() {
  if (previous_shmem_startup_hook) previous_shmem_startup_hook();
  // AddinShmemInitLock guards only the creation (several hooks, or EXEC_BACKEND attaches).
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  bool found = false;
  auto* shared = static_cast<SharedV7*>(ShmemInitStruct(kShmemName, sizeof(SharedV7), &found));
  if (!found) {
    pg_atomic_init_u64(&shared->position, 0);
#ifdef UUIDX_BENCH_LWLOCK
    shared->lock = &(GetNamedLWLockTranche("uuidx_v7"))->lock;
#endif
  }
  LWLockRelease(AddinShmemInitLock);
  shared_v7 = shared;
}

const struct config_enum_entry scope_options[] = {
    {"session", uuidx_pg::kV7ScopeSession, false}, {"server", uuidx_pg::kV7ScopeServer, false}, {nullptr, 0, false}};

// 'server' without preload is refused where a user gives it by a command, ALTER SYSTEM, with the
// reason (below). Wherever else it arrives it is taken as it is, and every call that would draw
// from the server's sequence raises the error of generate_v7_server: a check hook that refused it
// would refuse it also in a parallel worker restoring its leader's settings (failing every
// parallel query, uuidx or not) and in a session that reloads the configuration inside a
// transaction block, which would then keep generating in session scope, a silent fallback.
void refuse_server_scope_by_alter_system(Node* statement) {
  if (preloaded || statement == nullptr || !IsA(statement, AlterSystemStmt)) return;
  VariableSetStmt* set = reinterpret_cast<AlterSystemStmt*>(statement)->setstmt;
  if (set == nullptr || set->kind != VAR_SET_VALUE || set->name == nullptr ||
      pg_strcasecmp(set->name, "uuidx.v7_scope") != 0)
    return;
  const char* value = ExtractSetVariableArgs(set);
  if (value == nullptr || pg_strcasecmp(value, "server") != 0) return;
  ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                  errmsg("invalid value for parameter \"%s\": \"%s\"", "uuidx.v7_scope", value),
                  errdetail("The server-wide sequence lives in shared memory, which uuidx can reserve only when "
                            "it is loaded through shared_preload_libraries."),
                  errhint("Add uuidx to shared_preload_libraries and restart the server.")));
}

void uuidx_process_utility(PlannedStmt* pstmt, const char* query_string, bool read_only_tree,
                           ProcessUtilityContext context, ParamListInfo params, QueryEnvironment* query_env,
                           DestReceiver* dest, QueryCompletion* qc) {
  refuse_server_scope_by_alter_system(pstmt->utilityStmt);
  if (previous_process_utility)
    previous_process_utility(pstmt, query_string, read_only_tree, context, params, query_env, dest, qc);
  else
    standard_ProcessUtility(pstmt, query_string, read_only_tree, context, params, query_env, dest, qc);
}

[[noreturn]] void raise_not_preloaded() {
  ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                  errmsg("uuidx.v7_scope = 'server' requires uuidx in shared_preload_libraries"),
                  errdetail("The server-wide sequence lives in shared memory, which uuidx can reserve only when "
                            "it is loaded through shared_preload_libraries."),
                  errhint("Add uuidx to shared_preload_libraries and restart the server, or set uuidx.v7_scope "
                          "to 'session'.")));
  pg_unreachable();
}

}  // namespace

namespace uuidx_pg {

void install_server_v7() {
  preloaded = process_shared_preload_libraries_in_progress;
  DefineCustomEnumVariable(
      "uuidx.v7_scope", "Which sequence uuid_generate_v7() and uuidv7() draw from: the session's or the server's.",
      "'session' (the default): each session is strictly increasing on its own. 'server': every session of the "
      "server draws from one sequence in shared memory, so a value made after another one anywhere on the server "
      "is greater than it; needs uuidx in shared_preload_libraries.",
      &v7_scope, kV7ScopeSession, scope_options, PGC_SIGHUP, 0, nullptr, nullptr, nullptr);
  previous_process_utility = ProcessUtility_hook;
  ProcessUtility_hook = uuidx_process_utility;
  if (!process_shared_preload_libraries_in_progress) return;
  previous_shmem_request_hook = shmem_request_hook;
  shmem_request_hook = request_shared_v7;
  previous_shmem_startup_hook = shmem_startup_hook;
  shmem_startup_hook = start_shared_v7;
}

uuidx::Uuid generate_v7_server(std::int64_t now_ns) {
  if (shared_v7 == nullptr) raise_not_preloaded();
  SharedV7* const shared = shared_v7;
  uuidx::V7State& mine = session_v7();
  uuidx::Uuid out;
#ifndef UUIDX_BENCH_LWLOCK
  // The pg_atomic_* calls are inline atomic instructions that never raise, so they may run
  // inside call_core. pg_atomic_compare_exchange_u64 puts the current position into `seen` when
  // another backend got there first; the step is then recomputed from it.
  call_core([&] {
    const uuidx::V7SharedDraw draw = uuidx::draw_v7_shared(now_ns, session_random());
    std::uint64_t seen = pg_atomic_read_u64(&shared->position);
    std::uint64_t next = 0;
    do {
      if (!uuidx::next_v7_position(seen, draw.now_tick, mine, next)) uuidx::throw_v7_positions_exhausted(seen, mine);
    } while (!pg_atomic_compare_exchange_u64(&shared->position, reinterpret_cast<uint64*>(&seen), next));
    out = uuidx::finish_v7_shared(mine, next, draw);
  });
#else
  // Benchmark-only variant (make UUIDX_BENCH_LWLOCK=1): the same step under an exclusive LWLock.
  uuidx::V7SharedDraw draw{};
  call_core([&] { draw = uuidx::draw_v7_shared(now_ns, session_random()); });
  LWLockAcquire(shared->lock, LW_EXCLUSIVE);
  const std::uint64_t seen = pg_atomic_read_u64(&shared->position);
  std::uint64_t next = 0;
  const bool ok = uuidx::next_v7_position(seen, draw.now_tick, mine, next);
  if (ok) pg_atomic_write_u64(&shared->position, next);
  LWLockRelease(shared->lock);
  call_core([&] {
    if (!ok) uuidx::throw_v7_positions_exhausted(seen, mine);
    out = uuidx::finish_v7_shared(mine, next, draw);
  });
#endif
  return out;
}

}  // namespace uuidx_pg
