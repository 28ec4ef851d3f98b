// client_v7.hpp: the check of a UUIDv7 key made outside the database (by an application's
// library), which uuid_v7_check and uuid_v7_plausible apply. Pure: the glue reads the clock and
// turns the SQL limits into the instants given here.
#pragma once

#include <cstdint>

#include "uuid.hpp"

namespace uuidx {

// What the check finds, in the order it looks: the version first, then the time.
enum class ClientV7Verdict : std::uint8_t {
  accepted,
  not_v7,         // not a UUIDv7 of the RFC 9562 variant (§4.1, §4.2)
  too_far_ahead,  // unix_ts_ms (§5.7) later than the latest instant accepted
  too_early,      // unix_ts_ms before the earliest instant accepted
};

// The limits as Unix µs, each optional: the latest instant is the server's clock plus the
// tolerance, the earliest the floor. Both inclusive.
struct ClientV7Limits {
  bool has_latest = false;
  std::int64_t latest_us = 0;
  bool has_earliest = false;
  std::int64_t earliest_us = 0;
};

// Checks the key's version and its time, read in whole ms (unix_ts_ms, RFC 9562 §5.7): a
// client's rand_a is its own (§6.2 methods 1 and 2 make it random), so the sub-ms fraction
// uuid_extract_time may read is not the client's time. A verdict that is `accepted` stays so when
// `latest_us` only grows (a clock that moves forward) and `earliest_us` is fixed.
ClientV7Verdict check_client_v7(const Uuid& key, const ClientV7Limits& limits) noexcept;

}  // namespace uuidx
