// layout.hpp: pure bit layouts of the time-based versions (RFC 9562 §5.1, §5.6, §5.7), the v1⇄v6
// reordering and the read-back of every field. No clock, no randomness, no state.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "timeutil.hpp"
#include "uuid.hpp"

namespace uuidx {

using Node = std::array<std::uint8_t, 6>;

// RFC 9562 §5.1: time_low, time_mid, version 1, time_high, variant, clock_seq, node.
// `gregorian_100ns` must fit 60 bits and `clock_seq` 14 bits; higher bits are dropped.
Uuid encode_v1(std::uint64_t gregorian_100ns, std::uint16_t clock_seq, const Node& node) noexcept;

// RFC 9562 §5.6: the same fields with the timestamp's most significant bits first.
Uuid encode_v6(std::uint64_t gregorian_100ns, std::uint16_t clock_seq, const Node& node) noexcept;

// RFC 9562 §5.7 with §6.2 Method 3: unix_ts_ms (48 bits), version 7, the 12-bit sub-millisecond
// fraction as rand_a, variant, then 62 bits of rand_b taken from `rand` (its top two bits are
// replaced by the variant).
Uuid encode_v7(std::uint64_t unix_ms, std::uint16_t sub_ms_fraction, const std::array<std::uint8_t, 8>& rand) noexcept;

// As encode_v7, from a 60-bit tick (unix_ts_ms << 12 | fraction) and rand_b as the low 62 bits
// of an integer (higher bits are dropped).
Uuid encode_v7_tick(std::uint64_t tick, std::uint64_t rand_b) noexcept;

// RFC 9562 §5.4: 122 random bits with version 4 and the variant stamped over the rest.
Uuid encode_v4(const Uuid& random_bytes) noexcept;

// RFC 9562 §5.6: v1 → v6 and back, moving only the timestamp bits; clock_seq and node are kept
// bit for bit. Both throw Error(invalid_parameter) naming what the input is instead.
Uuid v1_to_v6(const Uuid& v1);
Uuid v6_to_v1(const Uuid& v6);

// Throws Error(invalid_parameter): "uuid "…" is version 4, not version 7", with a detail naming
// `function` and the version it accepts.
[[noreturn]] void throw_not_version(const Uuid& u, int expected, const char* function);

// The 60-bit Gregorian timestamp of a v1 (§5.1) or v6 (§5.6); nullopt for anything else.
std::optional<std::uint64_t> gregorian_timestamp(const Uuid& u) noexcept;

// unix_ts_ms of a v7 (§5.7); nullopt for anything else.
std::optional<std::uint64_t> v7_unix_ms(const Uuid& u) noexcept;

// The instant a v1, v6 or v7 holds, in microseconds since the Unix epoch: v1/v6 truncated from
// 100 ns, v7 in whole ms, or with `sub_ms` the rand_a fraction read as §6.2 Method 3 µs.
// nullopt for every other version and for non-RFC variants.
std::optional<std::int64_t> unix_micros(const Uuid& u, bool sub_ms = false) noexcept;

// The canonical 8-4-4-4-12 lower-case hex form (§4), as PostgreSQL prints a uuid: for messages.
std::string canonical_text(const Uuid& u);

// A UUID written as PostgreSQL's uuid input takes it: 32 hexadecimal digits of either case, a
// hyphen allowed after any group of four, the whole optionally in braces. nullopt for anything
// else. For text read where an error cannot be raised (a setting's check).
std::optional<Uuid> uuid_from_text(std::string_view text) noexcept;

// The §6.2 Method 3 tick of a v7 (unix_ts_ms << 12 | rand_a, §5.7), the unit of V7State: every v7
// of a greater tick sorts above it, whatever rand_a holds. nullopt for anything else.
std::optional<std::uint64_t> v7_tick(const Uuid& u) noexcept;

// v1/v6 clock_seq (§5.1, 14 bits) and node (48 bits); nullopt for anything else.
std::optional<std::uint16_t> clock_seq(const Uuid& u) noexcept;
std::optional<Node> node(const Uuid& u) noexcept;

// PostgreSQL 18's uuid_extract_timestamp(): the instant of a v1 (µs, truncated from 100 ns) or
// a v7 (whole ms; rand_a is not read) of the RFC 9562 variant; nullopt for anything else,
// including v6.
std::optional<std::int64_t> pg18_extract_timestamp(const Uuid& u) noexcept;

}  // namespace uuidx
