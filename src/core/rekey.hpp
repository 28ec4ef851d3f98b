// rekey.hpp: deterministic UUIDv7 keys for re-keying a table (RFC 9562 §5.7, §6.9): the time
// from an instant, the other 74 bits from SHA-256 (or HMAC-SHA256 under a secret) of the old key,
// so that a backfill gives each row the same new key however often it is run.
#pragma once

#include <cstddef>
#include <cstdint>

#include "namebased.hpp"
#include "uuid.hpp"

namespace uuidx {

// The type of the old key: part of the hashed message, so that the bigint 1, the text '1' and a
// uuid never share their 74 bits by construction.
enum class OldKeyType { bigint, uuid, text };

// The message hashed for an old key: kRekeyTag, a NUL, the type's name ("bigint", "uuid",
// "text"), a NUL, then the key's bytes (a bigint as 8 bytes big-endian, a uuid as its 16 octets,
// a text as its bytes in the database encoding).
constexpr char kRekeyTag[] = "uuidx uuid_v7_from_key 1";

// The shortest secret the keyed form takes: 128 bits, the strength of the 74 hash bits it guards
// and more.
constexpr std::size_t kRekeyMinSecret = 16;

// RFC 9562 §5.7: unix_ts_ms the whole ms of `unix_us`, then the first 10 octets of
// SHA-256(message) with version 7 and variant 10 stamped over them (74 hash bits in rand_a and
// rand_b). Throws Error(datetime_overflow) for an instant no
// v7 holds (before 1970, past the 48-bit ms, infinite).
Uuid v7_from_key(std::int64_t unix_us, OldKeyType type, Bytes old_key);

// The same with HMAC-SHA256(secret, message) (RFC 2104) in place of SHA-256: without the secret
// nobody can test a guess of the old key against the new one. Throws Error(invalid_parameter)
// for a secret shorter than kRekeyMinSecret, after the instant's check.
Uuid v7_from_key_keyed(std::int64_t unix_us, OldKeyType type, Bytes old_key, Bytes secret);

// The 8 bytes of a bigint old key as hashed: big-endian two's complement (as int8send).
void bigint_key_bytes(std::int64_t key, std::uint8_t out[8]) noexcept;

}  // namespace uuidx
