// minmax.cpp: SQL entry points of uuid_smaller and uuid_larger, the transition functions of
// uuidx's min(uuid) and max(uuid), which the planner's time-order rewrite uses (src/planner/).
#include "pg.hpp"

// uuid_smaller(a uuid, b uuid) / uuid_larger: the transition and combine functions of uuidx's
// min(uuid) and max(uuid), in the order of uuid's btree operators (bytes, unsigned).
UUIDX_FUNCTION(uuidx_uuid_smaller) {
  pg_uuid_t* a = PG_GETARG_UUID_P(0);
  pg_uuid_t* b = PG_GETARG_UUID_P(1);
  PG_RETURN_UUID_P(memcmp(a->data, b->data, UUID_LEN) <= 0 ? a : b);
}

UUIDX_FUNCTION(uuidx_uuid_larger) {
  pg_uuid_t* a = PG_GETARG_UUID_P(0);
  pg_uuid_t* b = PG_GETARG_UUID_P(1);
  PG_RETURN_UUID_P(memcmp(a->data, b->data, UUID_LEN) >= 0 ? a : b);
}
