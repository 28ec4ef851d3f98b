// after_recovery.hpp: the setting uuidx.v7_above_replayed (after_recovery.cpp). On a server that
// has replayed another server's WAL (a promoted standby, a point-in-time recovery), a backend's
// first v7 outside recovery raises its sequence above the commit time of the last transaction
// replayed, so that its values sort above the keys the replayed transactions stored even when
// this server's clock is behind the one that made them (RFC 9562 §6.2).
#pragma once

namespace uuidx_pg {

// Defines uuidx.v7_above_replayed; called once per process from _PG_init, before anything
// reserves the "uuidx" prefix.
void install_v7_above_replayed();

// True once this backend has made a v7 outside recovery. A plain static: the postmaster makes
// no value, so every backend it forks starts with it false.
extern bool v7_after_recovery_settled;

// Raises the session's v7 sequence (session_v7()) above the last replayed commit when the
// setting asks for it, once the server is out of recovery; then marks the backend settled.
void settle_v7_after_recovery();

// Called before each v7 of the session's sequence (either scope): one predictable branch on a
// static once settled (no call, no lock, no shared memory read on the generation path).
inline void v7_after_recovery() {
  if (__builtin_expect(!v7_after_recovery_settled, 0)) settle_v7_after_recovery();
}

}  // namespace uuidx_pg
