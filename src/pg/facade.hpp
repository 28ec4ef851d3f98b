// facade.hpp: the setting uuidx.facade_key (facade.cpp).
#pragma once

namespace uuidx_pg {

// Defines uuidx.facade_key, superuser-only. Called once per process, from _PG_init, before the
// "uuidx" prefix is reserved.
void install_facade_key();

}  // namespace uuidx_pg
