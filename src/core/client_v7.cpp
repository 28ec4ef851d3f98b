// client_v7.cpp: the check of a client-made UUIDv7 key (client_v7.hpp).
#include "client_v7.hpp"

#include "layout.hpp"

namespace uuidx {

ClientV7Verdict check_client_v7(const Uuid& key, const ClientV7Limits& limits) noexcept {
  // The same test as the uuid_v7 domain (uuid_check_version): version 7 of the RFC 9562 variant.
  if (version_of(key) != 7) return ClientV7Verdict::not_v7;
  const auto ms = v7_unix_ms(key);
  if (!ms) return ClientV7Verdict::not_v7;
  // 48 bits of ms (§5.7) times 1000 stays far inside int64.
  const std::int64_t key_us = static_cast<std::int64_t>(*ms) * 1000;
  if (limits.has_latest && key_us > limits.latest_us) return ClientV7Verdict::too_far_ahead;
  if (limits.has_earliest && key_us < limits.earliest_us) return ClientV7Verdict::too_early;
  return ClientV7Verdict::accepted;
}

}  // namespace uuidx
