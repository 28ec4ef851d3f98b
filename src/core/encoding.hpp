// encoding.hpp: compact text forms of a UUID (hex, Crockford base32 / ULID, base58, base64url,
// base32hex) and their inverses. Pure functions; decoding never returns a value for malformed input.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "uuid.hpp"

namespace uuidx {

enum class Encoding {
  hex,        // 32 lower-case hex digits
  base32,     // Crockford base32, 26 characters, upper case; a v7 encodes to a valid ULID
  base58,     // Bitcoin alphabet, always 22 characters, left-padded with '1'
  base64url,  // RFC 4648 §5 alphabet, 22 characters, no padding
  base32hex,  // RFC 4648 §7, 26 upper-case digits and 6 '=', as PostgreSQL 19's encode(bytea, 'base32hex')
};

// The format named by `name` (case-insensitive). Throws Error(invalid_parameter) naming the
// input and listing the formats.
Encoding parse_encoding(std::string_view name);

const char* encoding_name(Encoding e) noexcept;

// The length every encoded value has in that format.
std::size_t encoded_length(Encoding e) noexcept;

// An encoded value in a fixed buffer: no heap, nothing to destroy (the glue copies it out).
struct EncodedText {
  char text[33] = {};  // NUL-terminated
  std::size_t size = 0;
};

EncodedText encode(const Uuid& u, Encoding e) noexcept;

// The same characters written straight to `text` (encoded_length(e) bytes, no NUL): the glue
// writes into the returned text datum, because copying an EncodedText just filled byte by byte
// costs a store-forwarding stall per wide load.
void encode_into(const Uuid& u, Encoding e, char* text) noexcept;

// The inverse of encode. base32 also takes lower case and Crockford's aliases (I, L → 1;
// O → 0). base32hex takes exactly the texts PostgreSQL 19's decode(text, 'base32hex') turns into
// 16 bytes (either case, spaces, tabs, CR and LF anywhere, '=' padding optional and of any
// length, the unused low bits ignored; see scan_base32hex). Throws Error(invalid_text) naming
// the format, the input and the position (1-based) of the first bad character for: empty input,
// a character outside the alphabet, too few or too many characters, a value above 128 bits,
// base64url's unused low bits set, and misplaced base32hex padding.
Uuid decode(std::string_view text, Encoding e);

// Whether `prefix` can still begin a decodable text: false when one of its characters is already
// an error whatever follows. The glue reads only a prefix of a long input when this is false.
bool decodable_prefix(std::string_view prefix, Encoding e) noexcept;

}  // namespace uuidx
