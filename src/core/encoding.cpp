// encoding.cpp: hex, Crockford base32, base58 and base64url forms of a UUID, each read back
// strictly: every malformed input is an error naming the first bad position.
#include "encoding.hpp"

#include <string>

#include "error.hpp"

namespace uuidx {

namespace {

using u128 = unsigned __int128;

constexpr char kHex[] = "0123456789abcdef";
// Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U.
constexpr char kBase32[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
// The Bitcoin base58 alphabet: digits and letters without 0, O, I and l.
constexpr char kBase58[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
// RFC 4648 §5: the URL- and filename-safe base64 alphabet.
constexpr char kBase64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct Format {
  Encoding encoding;
  const char* name;
  std::size_t length;
  const char* alphabet_name;  // for "is not a ..." messages
};

constexpr Format kFormats[] = {
    {Encoding::hex, "hex", 32, "hexadecimal digit"},
    {Encoding::base32, "base32", 26, "Crockford base32 digit (0-9, A-Z without I, L, O, U; I and L read as 1, O as 0)"},
    {Encoding::base58, "base58", 22, "base58 digit (Bitcoin alphabet: 1-9, A-Z without I and O, a-z without l)"},
    {Encoding::base64url, "base64url", 22, "base64url digit (A-Z, a-z, 0-9, - and _)"},
};

const Format& format(Encoding e) noexcept { return kFormats[static_cast<int>(e)]; }

u128 to_u128(const Uuid& u) noexcept {
  u128 v = 0;
  for (auto b : u) v = v << 8 | b;  // octet 0 is the most significant (RFC 9562 §4)
  return v;
}

Uuid from_u128(u128 v) noexcept {
  Uuid u;
  for (int i = 15; i >= 0; --i) {
    u[i] = static_cast<std::uint8_t>(v);
    v >>= 8;
  }
  return u;
}

// The digit value of `c` in a format, or -1.
int digit_value(Encoding e, char c) noexcept {
  switch (e) {
    case Encoding::hex:
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    case Encoding::base32: {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (c == 'I' || c == 'L') return 1;  // Crockford: read as one
      if (c == 'O') return 0;              // Crockford: read as zero
      for (int i = 0; i < 32; ++i)
        if (kBase32[i] == c) return i;
      return -1;
    }
    case Encoding::base58:
      for (int i = 0; i < 58; ++i)
        if (kBase58[i] == c) return i;
      return -1;
    case Encoding::base64url:
      if (c >= 'A' && c <= 'Z') return c - 'A';
      if (c >= 'a' && c <= 'z') return c - 'a' + 26;
      if (c >= '0' && c <= '9') return c - '0' + 52;
      if (c == '-') return 62;
      if (c == '_') return 63;
      return -1;
  }
  return -1;
}

// The input for a message: cut at 80 bytes on a UTF-8 character boundary.
std::string quoted(std::string_view text) {
  if (text.size() <= 80) return "\"" + std::string(text) + "\"";
  std::size_t cut = 80;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return "\"" + std::string(text.substr(0, cut)) + "...\"";
}

// A character for a message: itself when printable ASCII, else what it is.
std::string describe_char(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0x80) return "A non-ASCII character";
  if (b < 0x20 || b == 0x7f) {
    static const char hex[] = "0123456789ABCDEF";
    return std::string("Control character 0x") + hex[b >> 4] + hex[b & 0xf];
  }
  return std::string("Character \"") + c + "\"";
}

[[noreturn]] void fail(const Format& f, std::string_view text, std::size_t position, const std::string& detail) {
  throw Error(Errc::invalid_text,
              std::string("invalid ") + f.name + " input for type uuid at position " + std::to_string(position) +
                  ": " + quoted(text),
              detail, std::string("uuid_encode(uuid, '") + f.name + "') writes " + std::to_string(f.length) +
                          " characters in this format.");
}

}  // namespace

Encoding parse_encoding(std::string_view name) {
  for (const auto& f : kFormats) {
    const std::string_view candidate(f.name);
    if (candidate.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < name.size() && same; ++i) {
      char c = name[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = c == candidate[i];
    }
    if (same) return f.encoding;
  }
  throw Error(Errc::invalid_parameter, "unsupported uuid encoding: \"" + std::string(name.substr(0, 64)) + "\"",
              "Supported encodings are hex, base32, base58 and base64url (case-insensitive).");
}

const char* encoding_name(Encoding e) noexcept { return format(e).name; }

std::size_t encoded_length(Encoding e) noexcept { return format(e).length; }

EncodedText encode(const Uuid& u, Encoding e) noexcept {
  EncodedText out;
  const std::size_t n = format(e).length;
  out.size = n;
  u128 v = to_u128(u);
  switch (e) {
    case Encoding::hex:
      for (std::size_t i = n; i-- > 0; v >>= 4) out.text[i] = kHex[static_cast<int>(v & 0xf)];
      break;
    case Encoding::base32:  // 130 bits: two zero bits, then the 128 (as a ULID is written)
      for (std::size_t i = n; i-- > 0; v >>= 5) out.text[i] = kBase32[static_cast<int>(v & 0x1f)];
      break;
    case Encoding::base58:  // 58^22 > 2^128, so 22 digits always suffice; leading zeros are '1'
      for (std::size_t i = n; i-- > 0; v /= 58) out.text[i] = kBase58[static_cast<int>(v % 58)];
      break;
    case Encoding::base64url: {  // 132 bits: the 128, then four zero bits (RFC 4648 §5, unpadded)
      out.text[n - 1] = kBase64url[static_cast<int>((v & 0x3) << 4)];
      v >>= 2;
      for (std::size_t i = n - 1; i-- > 0; v >>= 6) out.text[i] = kBase64url[static_cast<int>(v & 0x3f)];
      break;
    }
  }
  out.text[n] = '\0';
  return out;
}

Uuid decode(std::string_view text, Encoding e) {
  const Format& f = format(e);
  const std::size_t n = f.length;
  if (text.empty())
    fail(f, text, 1, std::string("The input is empty; ") + f.name + " takes " + std::to_string(n) + " characters.");

  // The first bad character wins; every character before it is valid ASCII, so its byte offset
  // is also its character position.
  int digits[32];
  for (std::size_t i = 0; i < text.size() && i < n; ++i) {
    digits[i] = digit_value(e, text[i]);
    if (digits[i] < 0) fail(f, text, i + 1, describe_char(text[i]) + " is not a " + f.alphabet_name + ".");
  }
  if (text.size() < n)
    fail(f, text, text.size() + 1,
         "The input ends after " + std::to_string(text.size()) + (text.size() == 1 ? " character; " : " characters; ") +
             f.name + " takes " +
             std::to_string(n) + ".");
  if (text.size() > n)
    fail(f, text, n + 1,
         std::string("The input is longer than the ") + std::to_string(n) + " characters " + f.name + " takes.");

  // Values above 128 bits: compare digit by digit with the encoding of the max UUID; the first
  // digit above it is the position named.
  if (e == Encoding::base32 || e == Encoding::base58) {
    const EncodedText max = encode(max_uuid(), e);
    for (std::size_t i = 0; i < n; ++i) {
      const int limit = digit_value(e, max.text[i]);
      if (digits[i] < limit) break;
      if (digits[i] > limit)
        fail(f, text, i + 1,
             "The value exceeds 128 bits: the greatest " + std::string(f.name) + " uuid is " + max.str() + ".");
    }
  }
  if (e == Encoding::base64url && (digits[n - 1] & 0xf) != 0)
    fail(f, text, n,
         describe_char(text[n - 1]) + " sets bits beyond the 128 of a uuid: the last character carries two bits, so "
         "it must be one of A, Q, g, w.");

  u128 v = 0;
  switch (e) {
    case Encoding::hex:
      for (std::size_t i = 0; i < n; ++i) v = v << 4 | static_cast<u128>(digits[i]);
      break;
    case Encoding::base32:
      for (std::size_t i = 0; i < n; ++i) v = v << 5 | static_cast<u128>(digits[i]);
      break;
    case Encoding::base58:
      for (std::size_t i = 0; i < n; ++i) v = v * 58 + static_cast<u128>(digits[i]);
      break;
    case Encoding::base64url:
      for (std::size_t i = 0; i + 1 < n; ++i) v = v << 6 | static_cast<u128>(digits[i]);
      v = v << 2 | static_cast<u128>(digits[n - 1] >> 4);
      break;
  }
  return from_u128(v);
}

}  // namespace uuidx
