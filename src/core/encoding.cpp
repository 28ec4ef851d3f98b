// encoding.cpp: hex, Crockford base32, base58, base64url and base32hex forms of a UUID, each read
// back without guessing: every malformed input is an error naming the first bad position.
#include "encoding.hpp"

#include <cstring>
#include <string>

#include "bytes.hpp"
#include "error.hpp"
#include "message.hpp"

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
// RFC 4648 §7: the "extended hex" base32 alphabet, in ASCII order, so the text sorts like the value.
constexpr char kBase32hex[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

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
    {Encoding::base32hex, "base32hex", 32, "base32hex digit (RFC 4648 section 7: 0-9 and A-V, either case)"},
};

const Format& format(Encoding e) noexcept { return kFormats[static_cast<int>(e)]; }

// 58^10 fits 64 bits: base58 works on three 64-bit chunks (2 + 10 + 10 digits) so that only two
// 128-bit divisions are needed per value, the rest being 64-bit divisions by a constant.
constexpr std::uint64_t k58pow10 = 430804206899405824ULL;

void put_base58_chunk(std::uint64_t chunk, char* out, int digits) noexcept {
  for (int i = digits; i-- > 0; chunk /= 58) out[i] = kBase58[chunk % 58];
}

std::uint64_t base58_chunk(const int* digits, int n) noexcept {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = v * 58 + static_cast<std::uint64_t>(digits[i]);
  return v;
}

// Two loads instead of a 16-step shift chain (the chain alone cost about 15 ns).
u128 to_u128(const Uuid& u) noexcept { return static_cast<u128>(load_be64(u.data())) << 64 | load_be64(u.data() + 8); }

Uuid from_u128(u128 v) noexcept {
  Uuid u;
  for (int i = 15; i >= 0; --i) {
    u[i] = static_cast<std::uint8_t>(v);
    v >>= 8;
  }
  return u;
}

// Reverse lookup tables: the digit value of each byte in a format, or -1.
struct DigitTable {
  std::int8_t value[256];
};

constexpr DigitTable make_table(const char* alphabet, int size) {
  DigitTable t{};
  for (int i = 0; i < 256; ++i) t.value[i] = -1;
  for (int i = 0; i < size; ++i) t.value[static_cast<unsigned char>(alphabet[i])] = static_cast<std::int8_t>(i);
  return t;
}

constexpr DigitTable hex_table() {
  DigitTable t = make_table(kHex, 16);
  for (int i = 10; i < 16; ++i) t.value['A' + i - 10] = static_cast<std::int8_t>(i);  // either case
  return t;
}

constexpr DigitTable base32_table() {
  DigitTable t = make_table(kBase32, 32);
  for (int i = 10; i < 32; ++i)
    t.value[static_cast<unsigned char>(kBase32[i] - 'A' + 'a')] = static_cast<std::int8_t>(i);  // lower case
  for (unsigned char c : {'I', 'i', 'L', 'l'}) t.value[c] = 1;  // Crockford: read as one
  for (unsigned char c : {'O', 'o'}) t.value[c] = 0;            // Crockford: read as zero
  return t;
}

constexpr DigitTable base32hex_table() {
  DigitTable t = make_table(kBase32hex, 32);
  for (int i = 10; i < 32; ++i) t.value['a' + i - 10] = static_cast<std::int8_t>(i);  // either case, as 19
  return t;
}

constexpr DigitTable kDigitTables[] = {hex_table(), base32_table(), make_table(kBase58, 58), make_table(kBase64url, 64),
                                       base32hex_table()};

// The digit value of `c` in a format, or -1.
int digit_value(Encoding e, char c) noexcept {
  return kDigitTables[static_cast<int>(e)].value[static_cast<unsigned char>(c)];
}

// The input for a message: quoted, cut at 80 bytes.
std::string quoted(std::string_view text) { return quote_for_message(text, 80); }

[[noreturn]] void fail(const Format& f, std::string_view text, std::size_t position, const std::string& detail) {
  throw Error(Errc::invalid_text,
              std::string("invalid ") + f.name + " input for type uuid at position " + std::to_string(position) + ": " +
                  quoted(text),
              detail,
              std::string("uuid_encode(uuid, '") + f.name + "') writes " + std::to_string(f.length) +
                  " characters in this format.");
}

// base32hex (RFC 4648 §7) read as PostgreSQL 19's decode(text, 'base32hex') reads it, so that
// uuid_decode(t, 'base32hex') = decode(t, 'base32hex')::uuid for every t that 19 decodes to 16
// bytes, and every other t is an error. Established against 19rc1: decode skips space, tab, LF and
// CR anywhere (not VT or FF), takes either case, ends the digits at the first '=' (allowed only
// where a 1-4 byte group ends), then takes any number of '=' and nothing else, checks neither the
// padding's length nor the unused low bits, and keeps the whole bytes read. So 16 bytes are 26
// digits, then optionally '=' (130 bits: the last 2 are unused, and when set they are accepted
// and dropped, as 19 does: ...PPHS and ...PPHV are the same uuid), or 27 digits without '='
// (135 bits: 19 drops the 27th digit whole, and so do we).
struct Base32hexScan {
  enum class Stop { none, not_digit, misplaced_padding, after_padding, extra_digit };
  Stop stop = Stop::none;
  std::size_t at = 0;  // offset of the character that stopped the scan
  int digits = 0;
  bool padded = false;
  u128 value = 0;  // the first 128 bits read
};

Base32hexScan scan_base32hex(std::string_view text) noexcept {
  Base32hexScan s;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const int d = digit_value(Encoding::base32hex, c);
    if (d >= 0 && !s.padded && s.digits < 27) {
      if (s.digits < 25)
        s.value = s.value << 5 | static_cast<u128>(d);
      else if (s.digits == 25)  // 125 bits so far: three more make 128
        s.value = s.value << 3 | static_cast<u128>(d >> 2);
      ++s.digits;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == '=' && (s.padded || s.digits == 26)) {
      s.padded = true;
      continue;
    }
    s.stop = c == '='   ? Base32hexScan::Stop::misplaced_padding
             : d < 0    ? Base32hexScan::Stop::not_digit
             : s.padded ? Base32hexScan::Stop::after_padding
                        : Base32hexScan::Stop::extra_digit;
    s.at = i;
    return s;
  }
  return s;
}

Uuid decode_base32hex(std::string_view text) {
  const Format& f = format(Encoding::base32hex);
  if (text.empty()) fail(f, text, 1, "The input is empty; base32hex takes 26 digits.");
  const Base32hexScan s = scan_base32hex(text);
  const std::size_t at = s.at + 1;
  const auto digits = [&s] { return std::to_string(s.digits) + (s.digits == 1 ? " digit" : " digits"); };
  switch (s.stop) {
    case Base32hexScan::Stop::none:
      break;
    case Base32hexScan::Stop::not_digit:
      fail(f, text, at, describe_char(text[s.at]) + " is not a " + f.alphabet_name + ".");
    case Base32hexScan::Stop::misplaced_padding:
      fail(f, text, at,
           (s.digits == 0 ? std::string("The padding \"=\" comes before any digit")
                          : "The padding \"=\" follows " + digits()) +
               "; it may only follow the 26 digits of a uuid.");
    case Base32hexScan::Stop::after_padding:
      fail(f, text, at, describe_char(text[s.at]) + " follows the padding \"=\".");
    case Base32hexScan::Stop::extra_digit:
      fail(f, text, at,
           "The input has more than 27 digits; base32hex takes 26 (a 27th is ignored, as by PostgreSQL's decode).");
  }
  if (s.digits < 26) fail(f, text, text.size() + 1, "The input ends after " + digits() + "; base32hex takes 26.");
  return from_u128(s.value);
}

}  // namespace

Encoding parse_encoding(std::string_view name) {
  for (const auto& f : kFormats)
    if (equals_ignoring_ascii_case(name, f.name)) return f.encoding;
  throw Error(Errc::invalid_parameter, "unsupported uuid encoding: " + quoted(name),
              "Supported encodings are hex, base32, base32hex, base58 and base64url (case-insensitive).");
}

const char* encoding_name(Encoding e) noexcept { return format(e).name; }

std::size_t encoded_length(Encoding e) noexcept { return format(e).length; }

void encode_into(const Uuid& u, Encoding e, char* text) noexcept {
  u128 v = to_u128(u);
  // hex, base32 and base64url run two independent digit chains, one per 64-bit half, with
  // 64-bit shifts: shifting one u128 along digit after digit made uuid_encode(..., 'base32') cost
  // over 4x uuid_hash().
  auto hi = static_cast<std::uint64_t>(v >> 64);
  auto lo = static_cast<std::uint64_t>(v);
  switch (e) {
    case Encoding::hex:  // digits 0-15 from the high half, 16-31 from the low half
      for (int i = 15; i >= 0; --i, hi >>= 4, lo >>= 4) {
        text[i] = kHex[hi & 0xf];
        text[16 + i] = kHex[lo & 0xf];
      }
      break;
    case Encoding::base32: {  // 130 bits: two zero bits, then the 128 (as a ULID is written)
      // Digits 14-25 hold bits 0-59, digit 13 bits 60-64, digits 0-12 bits 65-127 (0 has three).
      text[13] = kBase32[(lo >> 60) | ((hi & 0x1) << 4)];
      hi >>= 1;
      for (int j = 0; j < 12; ++j, hi >>= 5, lo >>= 5) {
        text[12 - j] = kBase32[hi & 0x1f];
        text[25 - j] = kBase32[lo & 0x1f];
      }
      text[0] = kBase32[hi];
      break;
    }
    case Encoding::base58: {  // 58^22 > 2^128, so 22 digits always suffice; leading zeros are '1'
      const auto low = static_cast<std::uint64_t>(v % k58pow10);
      v /= k58pow10;
      const auto mid = static_cast<std::uint64_t>(v % k58pow10);
      const auto high = static_cast<std::uint64_t>(v / k58pow10);  // below 58^2
      put_base58_chunk(high, text, 2);
      put_base58_chunk(mid, text + 2, 10);
      put_base58_chunk(low, text + 12, 10);
      break;
    }
    case Encoding::base64url: {  // 132 bits: the 128, then four zero bits (RFC 4648 §5, unpadded)
      // Digits 0-9 hold bits 68-127, digit 10 bits 62-67, digits 11-20 bits 2-61, digit 21 bits
      // 0-1 followed by the four zero bits.
      text[10] = kBase64url[(lo >> 62) | ((hi & 0xf) << 2)];
      text[21] = kBase64url[(lo & 0x3) << 4];
      hi >>= 4;
      lo >>= 2;
      for (int j = 0; j < 10; ++j, hi >>= 6, lo >>= 6) {
        text[9 - j] = kBase64url[hi & 0x3f];
        text[20 - j] = kBase64url[lo & 0x3f];
      }
      break;
    }
    case Encoding::base32hex: {  // 130 bits: the 128, then two zero bits (RFC 4648 §7, padded)
      // Digits 0-11 hold bits 68-127, digit 12 bits 63-67, digits 13-24 bits 3-62, digit 25 bits
      // 0-2 followed by the two zero bits; then '=' up to the 8-character group, as §7 and 19's
      // encode() write it.
      text[12] = kBase32hex[((hi & 0xf) << 1) | (lo >> 63)];
      text[25] = kBase32hex[(lo & 0x7) << 2];
      hi >>= 4;
      lo >>= 3;
      for (int j = 0; j < 12; ++j, hi >>= 5, lo >>= 5) {
        text[11 - j] = kBase32hex[hi & 0x1f];
        text[24 - j] = kBase32hex[lo & 0x1f];
      }
      std::memset(text + 26, '=', 6);
      break;
    }
  }
}

EncodedText encode(const Uuid& u, Encoding e) noexcept {
  EncodedText out;
  out.size = encoded_length(e);
  encode_into(u, e, out.text);
  out.text[out.size] = '\0';
  return out;
}

Uuid decode(std::string_view text, Encoding e) {
  if (e == Encoding::base32hex) return decode_base32hex(text);
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
             f.name + " takes " + std::to_string(n) + ".");
  if (text.size() > n)
    fail(f, text, n + 1,
         std::string("The input is longer than the ") + std::to_string(n) + " characters " + f.name + " takes.");

  // Values above 128 bits: compare digit by digit with the encoding of the max UUID; the first
  // digit above it is the position named.
  if (e == Encoding::base32 || e == Encoding::base58) {
    static const EncodedText max_base32 = encode(max_uuid(), Encoding::base32);
    static const EncodedText max_base58 = encode(max_uuid(), Encoding::base58);
    const EncodedText& max = e == Encoding::base32 ? max_base32 : max_base58;
    for (std::size_t i = 0; i < n; ++i) {
      const int limit = digit_value(e, max.text[i]);
      if (digits[i] < limit) break;
      if (digits[i] > limit)
        fail(f, text, i + 1,
             "The value exceeds 128 bits: the greatest " + std::string(f.name) + " uuid is " +
                 std::string(max.text, max.size) + ".");
    }
  }
  if (e == Encoding::base64url && (digits[n - 1] & 0xf) != 0)
    fail(f, text, n,
         describe_char(text[n - 1]) +
             " sets bits beyond the 128 of a uuid: the last character carries two bits, so "
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
      v = (static_cast<u128>(base58_chunk(digits, 2)) * k58pow10 + base58_chunk(digits + 2, 10)) * k58pow10 +
          base58_chunk(digits + 12, 10);
      break;
    case Encoding::base64url:
      for (std::size_t i = 0; i + 1 < n; ++i) v = v << 6 | static_cast<u128>(digits[i]);
      v = v << 2 | static_cast<u128>(digits[n - 1] >> 4);
      break;
    case Encoding::base32hex:  // decoded above
      break;
  }
  return from_u128(v);
}

bool decodable_prefix(std::string_view prefix, Encoding e) noexcept {
  if (e == Encoding::base32hex) return scan_base32hex(prefix).stop == Base32hexScan::Stop::none;
  if (prefix.size() >= encoded_length(e)) return false;  // nothing more may follow
  for (char c : prefix)
    if (digit_value(e, c) < 0) return false;
  return true;
}

}  // namespace uuidx
