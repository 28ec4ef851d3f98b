// facade.hpp: the UUIDv47 façade, as its reference C code (commit 81ba63f, README
// "Specification") defines it: a v7 keeps its place in the database while a UUIDv4-looking
// value goes out. Only the 48-bit unix_ts_ms (RFC 9562 §5.7) changes: it is XORed with the low
// 48 bits of SipHash-2-4, under a 128-bit key, of the 74 bits the façade keeps unchanged (rand_a,
// and rand_b without the variant). The version nibble becomes 4 (§5.4) going out and 7 coming back,
// and the variant stays RFC 9562's (§4.1), so the mapping is exactly invertible with the key.
// The façade is not authenticated: decoding with another key gives a valid v7 with a wrong time.
#pragma once

#include <string_view>

#include "siphash.hpp"
#include "uuid.hpp"

namespace uuidx {

// A key given as 16 bytes (k0 = the first 8 little-endian, k1 = the next 8, as the reference's
// key from bytes). Throws Error(invalid_parameter) naming the length found otherwise.
SipKey facade_key_from_bytes(std::string_view bytes);

// A key given as text: the reference extension's "k0hex:k1hex" (16 hex digits each side, each an
// optional 0x), its 32 hex digits without the colon, or PostgreSQL's bytea form \x + 32 hex
// digits; white space is ignored. The hex digits are the key's bytes in order, so
// "0001020304050607:08090a0b0c0d0e0f" and '\x000102030405060708090a0b0c0d0e0f'::bytea are one key.
// Throws Error(invalid_parameter) saying what is wrong, never quoting the text (it is a secret).
SipKey facade_key_from_text(std::string_view text);

// RFC 9562 §5.7 v7 → its v4-looking façade. Throws Error(invalid_parameter) naming the version
// found for anything but a v7 of the RFC 9562 variant; `function` names the caller in the detail.
Uuid v7_to_facade(const Uuid& v7, const SipKey& key, const char* function);

// The inverse: a façade (version 4, RFC 9562 variant) → the v7 it was made from. Throws
// Error(invalid_parameter) naming the version found for anything else.
Uuid facade_to_v7(const Uuid& facade, const SipKey& key, const char* function);

}  // namespace uuidx
