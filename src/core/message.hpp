// message.hpp: small text helpers for error messages and name lookups.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace uuidx {

// The longest prefix of `text` of at most `max_bytes` bytes that does not end inside a UTF-8
// character, so a cut message stays valid UTF-8 (a split character raises 22021 instead of the
// intended error under some client encodings).
std::size_t utf8_prefix_length(std::string_view text, std::size_t max_bytes) noexcept;

// How quote_for_message finds where to cut: the length of the longest prefix of `text` of at
// most `max_bytes` bytes that ends on a character boundary.
using PrefixLengthFn = std::size_t (*)(std::string_view text, std::size_t max_bytes) noexcept;

// Quoted inputs are in the database's encoding, which only the glue knows: it installs a cut for
// that encoding (PostgreSQL's pg_mbcliplen) once per process. utf8_prefix_length until then.
void set_message_prefix_length(PrefixLengthFn fn) noexcept;

// `text` in double quotes for a message; past `max_bytes` cut at a character boundary (see
// set_message_prefix_length) and marked "...".
std::string quote_for_message(std::string_view text, std::size_t max_bytes);

// A character for a message: itself when printable ASCII ("Character \"x\""), else what it is
// ("A non-ASCII character", "Control character 0x0A"): a byte of a multibyte character is named
// as non-ASCII, never cut out of it.
std::string describe_char(char c);

// True when `input` equals `lower_name` (all lower case) ignoring ASCII case.
bool equals_ignoring_ascii_case(std::string_view input, std::string_view lower_name) noexcept;

}  // namespace uuidx
