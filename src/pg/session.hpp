// session.hpp: the per-backend state of the generators, the clock and the random source. Every
// backend has its own (plain statics); none of it is shared between processes, and a forked
// child starts afresh.
#pragma once

#include <cstdint>

#include "../core/generators.hpp"
#include "../core/random.hpp"

namespace uuidx_pg {

uuidx::RandomSource& session_random() noexcept;
uuidx::V7State& session_v7() noexcept;
uuidx::GregorianState& session_gregorian() noexcept;

// The wall clock (CLOCK_REALTIME) in ns since the Unix epoch: the one clock read per generated
// value. Time-based generators need wall time, not a monotonic clock; steps backwards are
// absorbed by the monotonic state.
std::int64_t clock_now_ns() noexcept;

// Registers the pthread_atfork child handler that forgets all session state; called from
// _PG_init, which may run in the postmaster before it forks the backends. False if it could not.
bool install_fork_guard() noexcept;

#ifdef UUIDX_FAULT_INJECTION
// Test builds only: defines uuidx.test_random_failure and fills the session state at load.
void install_test_hooks();
#endif

}  // namespace uuidx_pg
