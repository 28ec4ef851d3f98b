// compat.hpp: what other UUID providers do under the names uuidx also answers to: uuid-ossp's
// uuid_generate_v1mc() and PostgreSQL 18's uuid_extract_timestamp().
#pragma once

#include <cstdint>
#include <optional>

#include "generators.hpp"
#include "random.hpp"
#include "uuid.hpp"

namespace uuidx {

// uuid-ossp's v1mc: a UUIDv1 (RFC 9562 §5.1) from the session's Gregorian timestamp stream (the
// one v1 and v6 use, so timestamps stay strictly increasing across all three) and its clock_seq,
// but with a fresh random multicast node (§6.10) for every value.
Uuid generate_v1mc(GregorianState& state, std::int64_t now_ns, RandomSource& rng);

// PostgreSQL 18's uuid_extract_timestamp(): the instant of a v1 (µs, truncated from 100 ns) or
// a v7 (whole ms; rand_a is not read) of the RFC 9562 variant; nullopt for anything else,
// including v6.
std::optional<std::int64_t> pg18_extract_timestamp(const Uuid& u) noexcept;

}  // namespace uuidx
