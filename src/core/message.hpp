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

// `text` in double quotes for a message; past `max_bytes` cut by utf8_prefix_length and marked "...".
std::string quote_for_message(std::string_view text, std::size_t max_bytes);

// True when `input` equals `lower_name` (all lower case) ignoring ASCII case.
bool equals_ignoring_ascii_case(std::string_view input, std::string_view lower_name) noexcept;

}  // namespace uuidx
