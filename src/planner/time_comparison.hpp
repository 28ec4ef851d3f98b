// time_comparison.hpp: reading `time(key) op instant` in a qual (time_comparison.cpp), for the
// passes that add key conditions and that take them out again.
#pragma once

#include "../core/v7time.hpp"
#include "../pg/pg.hpp"

extern "C" {
#include "nodes/primnodes.h"
}

namespace uuidx_planner {

// A call that reads a UUID's time (uuidx's uuid_extract_time with one argument or a constant
// second one, uuid_extract_timestamp, the server's uuid_extract_timestamp on 17+); `key` is the
// UUID argument, `sub_ms` whether the fraction is read.
bool time_call(Node* node, Node** key, bool* sub_ms);

// Reads `op` (`negate`: as NOT op) as `time(key) cmp instant`, with the time read by a call
// time_call() knows and compared by a timestamptz operator, either way round. False for any
// other expression, and for NOT (time = t), which is no single range.
bool read_time_comparison(OpExpr* op, bool negate, uuidx::TimeCmp* cmp, Node** key, Node** instant, bool* sub_ms);

// Whether an expression compares timestamptz values somewhere (not looking into subqueries).
bool has_time_comparison(Node* node);

// A constant interval of at most 1000 years each way in every field: a UUID's time (1582 to
// 10889) moved by it stays inside timestamptz's range, so the arithmetic cannot fail.
bool bounded_interval(Node* node);

}  // namespace uuidx_planner
