// server_v7.hpp: the setting uuidx.v7_scope and the server-wide v7 sequence in shared memory
// (server_v7.cpp): one 64-bit position every backend advances with a compare-and-swap.
#pragma once

#include <cstdint>

#include "../core/uuid.hpp"

namespace uuidx_pg {

// Values of uuidx.v7_scope.
enum V7Scope : int { kV7ScopeSession = 0, kV7ScopeServer = 1 };

// The setting uuidx.v7_scope, a plain int: uuid_generate_v7() reads it once per call.
extern int v7_scope;

// Defines uuidx.v7_scope and, when the library is being preloaded (shared_preload_libraries),
// chains the hooks that reserve and initialise the shared sequence. Called once per process,
// from _PG_init, before anything reserves the "uuidx" prefix.
void install_server_v7();

// The next value of the server-wide sequence at wall time `now_ns`; ereports (55000, naming
// shared_preload_libraries) when there is no shared sequence, 22008 when it is exhausted.
// Also records the value as the backend's last v7, so the session sequence continues above it.
uuidx::Uuid generate_v7_server(std::int64_t now_ns);

}  // namespace uuidx_pg
