// uuid_text.hpp: helpers for the unit tests and fuzzers only (never in uuidx.so): the canonical form
// of a UUID written and parsed, the text formats, an EncodedText as a string, a v7's tick and rand_b.
#pragma once

#include <cstddef>
#include <string>

#include "bytes.hpp"
#include "encoding.hpp"
#include "layout.hpp"
#include "monotonic.hpp"

namespace uuidx {

// The canonical 8-4-4-4-12 lower-case hex form (RFC 9562 §4): the core's, under the tests' name.
inline std::string to_string(const Uuid& u) { return canonical_text(u); }

// Parses the canonical form (hex digits of either case, hyphens at 8, 13, 18, 23), else false.
inline bool parse_uuid(const std::string& text, Uuid& out) {
  const auto hex_value = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.size() != 36) return false;
  for (std::size_t i = 0, octet = 0; i < 36; i += 2) {
    if ((i == 8 || i == 13 || i == 18 || i == 23) && text[i++] != '-') return false;  // past the hyphen
    const int hi = hex_value(text[i]), lo = hex_value(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[octet++] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return true;
}

// Every text format, in the order of the enum.
constexpr Encoding kAll[] = {Encoding::hex, Encoding::base32, Encoding::base58, Encoding::base64url,
                             Encoding::base32hex};

// The characters of an encoded value.
inline std::string text_of(const EncodedText& t) { return std::string(t.text, t.size); }

// A v7's 60-bit tick (unix_ts_ms << 12 | rand_a, RFC 9562 §6.2 Method 3) and its rand_b (§5.7).
inline std::uint64_t tick_of(const Uuid& v7) { return *v7_unix_ms(v7) << 12 | ((v7[6] & 0x0fu) << 8 | v7[7]); }
inline std::uint64_t rand_b_of(const Uuid& v7) { return load_be64(v7.data() + 8) & kMaxV7RandB; }

}  // namespace uuidx
