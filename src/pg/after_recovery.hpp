// after_recovery.hpp: the two floors of the v7 sequences (after_recovery.cpp), both raising a
// backend's sequence above keys another server stored, even when this server's clock is behind
// the one that made them (RFC 9562 §6.2): uuidx.v7_above_replayed (the last commit a recovery
// replayed: a promoted standby, a point-in-time recovery) and uuidx.v7_above (a key the user
// names: writes moved to a logical subscriber).
#pragma once

namespace uuidx_pg {

// Defines uuidx.v7_above_replayed and uuidx.v7_above; called once per process from _PG_init,
// before anything reserves the "uuidx" prefix.
void install_v7_floors();

// False until this backend has applied the floors outside recovery, and again whenever
// uuidx.v7_above is assigned (a reload). A plain static: the postmaster makes no value, so every
// backend it forks starts with it false.
extern bool v7_floors_settled;

// Raises the session's v7 sequence (session_v7()) to the floors the settings ask for, once the
// server is out of recovery; then marks the backend settled.
void settle_v7_floors();

// Called before each v7 of the session's sequence (either scope): one predictable branch on a
// static once settled (no call, no lock, no shared memory read on the generation path).
inline void v7_floors() {
  if (__builtin_expect(!v7_floors_settled, 0)) settle_v7_floors();
}

}  // namespace uuidx_pg
