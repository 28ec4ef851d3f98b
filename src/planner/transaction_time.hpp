// transaction_time.hpp: the transaction's time, read at planning (transaction_time.cpp). A bound
// from now() computed when planning prunes partitions then; the plan is valid only in the
// transaction that planned it, and is invalidated when that transaction ends.
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/plannodes.h"
#include "nodes/primnodes.h"
#include "utils/timestamp.h"
}

namespace uuidx_planner {

// The value of `instant` in this transaction when it is the transaction's start time (now(),
// CURRENT_TIMESTAMP, transaction_timestamp()) moved by constant intervals of whole hours, minutes,
// seconds and microseconds: the same at every execution in the transaction, whatever the session's
// time zone. Days, months and date_trunc depend on the time zone, which may change within a
// transaction, and statement_timestamp() on the statement: not taken.
bool transaction_time_value(Node* instant, TimestampTz* value);

// The item that makes a plan holding such a value invalid at the end of the planning transaction
// (the plan cache plans it again in the next one). Call when the plan is made with a value.
PlanInvalItem* transaction_end_item();

// Registers the end-of-transaction invalidation; once, from the planner's install().
void install_transaction_end_invalidation();

}  // namespace uuidx_planner
