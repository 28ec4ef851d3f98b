// typeid.hpp: TypeID text (jetify's spec, version 0.3.0) and ULID text of a UUID, and their
// strict inverses. Both suffixes are the UUID's 128 bits, big-endian, after two zero bits, in 26
// characters of Crockford's base32 alphabet: uuid_encode(u, 'base32') in lower case for TypeID,
// in upper case for ULID.
#pragma once

#include <cstddef>
#include <string_view>

#include "uuid.hpp"

namespace uuidx {

// The longest TypeID prefix, and the longest TypeID: prefix, "_" and the 26-character suffix.
constexpr std::size_t kTypeidMaxPrefix = 63;
constexpr std::size_t kTypeidSuffixLength = 26;
constexpr std::size_t kTypeidMaxLength = kTypeidMaxPrefix + 1 + kTypeidSuffixLength;

// Throws Error(invalid_parameter) naming the prefix and its fault unless `prefix` is a valid
// TypeID prefix: empty, or at most 63 of a-z and "_", beginning and ending with a letter.
void check_typeid_prefix(std::string_view prefix);

// The length of the TypeID of `prefix` (checked): the suffix alone for an empty prefix.
std::size_t typeid_length(std::string_view prefix) noexcept;

// Writes the TypeID of (prefix, u) to `text` (typeid_length(prefix) bytes, no NUL). The prefix
// must have been checked.
void encode_typeid_into(std::string_view prefix, const Uuid& u, char* text) noexcept;

// A TypeID split and read: a view of its prefix (inside the text read) and its UUID.
struct ParsedTypeid {
  std::string_view prefix;
  Uuid id;
};

// Reads a TypeID by every rule of the spec. Throws Error(invalid_text) naming the input and its
// first fault: empty input; a separator with no prefix before it; a prefix character outside
// a-z and "_", a prefix over 63 characters or beginning or ending with "_"; a suffix character
// outside the lower-case alphabet (no Crockford alias, no hyphen, no upper case), a suffix not
// of 26 characters, a first suffix character above "7" (over 128 bits).
ParsedTypeid parse_typeid(std::string_view text);

// parse_typeid, then the prefix compared with `expected` (checked first, as an argument):
// Error(invalid_parameter) saying both when they differ.
Uuid decode_typeid(std::string_view text, std::string_view expected);

// The ULID text of u: 26 upper-case characters (the ULID spec's canonical form).
void encode_ulid_into(const Uuid& u, char* text) noexcept;

// Reads a ULID as the ULID spec defines it: 26 characters of Crockford's alphabet in either case
// (the spec says ULIDs are case insensitive; it names no alias, so I, L, O and U are refused), the
// first at most "7". Throws Error(invalid_text) naming the input and its first fault.
Uuid decode_ulid(std::string_view text);

}  // namespace uuidx
