// typeid.cpp: TypeID (jetify's spec 0.3.0) and ULID text, read strictly: every input the specs
// refuse is an error naming its first fault, every other one its UUID.
#include "typeid.hpp"

#include <cstring>
#include <string>

#include "bytes.hpp"
#include "encoding.hpp"
#include "error.hpp"
#include "message.hpp"

namespace uuidx {

namespace {

using u128 = unsigned __int128;

// Crockford's alphabet (both specs): digits and letters without I, L, O and U.
constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

struct DigitTable {
  std::int8_t value[256];
};

// TypeID suffixes take the alphabet in lower case only; ULIDs in either case; neither takes
// Crockford's aliases (I, L read as 1; O as 0) or hyphens.
constexpr DigitTable make_table(bool upper, bool lower) {
  DigitTable t{};
  for (int i = 0; i < 256; ++i) t.value[i] = -1;
  for (int i = 0; i < 32; ++i) {
    const auto c = static_cast<unsigned char>(kAlphabet[i]);
    if (upper || i < 10) t.value[c] = static_cast<std::int8_t>(i);
    if (lower) t.value[c | 0x20] = static_cast<std::int8_t>(i);  // digits are unchanged by | 0x20
  }
  return t;
}

constexpr DigitTable kTypeidDigits = make_table(false, true);
constexpr DigitTable kUlidDigits = make_table(true, true);

const char kTypeidHint[] =
    "A typeid is a prefix of at most 63 characters of a-z and \"_\", beginning and ending with a letter, then \"_\" "
    "and 26 characters of 0-9 and a-z without i, l, o, u; with an empty prefix, the 26 characters alone.";

std::string quoted(std::string_view text) { return quote_for_message(text, 80); }

[[noreturn]] void bad_typeid(std::string_view text, const std::string& detail) {
  throw Error(Errc::invalid_text, "invalid typeid: " + quoted(text), detail, kTypeidHint);
}

[[noreturn]] void bad_ulid(std::string_view text, const std::string& detail) {
  throw Error(Errc::invalid_text, "invalid ULID: " + quoted(text), detail);
}

// The first fault of a prefix: characters first (once they are all ASCII, bytes are characters),
// then the length, then a leading or trailing "_". No string is made unless there is a fault.
struct PrefixFault {
  enum Kind { none, character, too_long, leading, trailing } kind = none;
  std::size_t at = 0;  // the bad character's offset in the prefix
};

PrefixFault prefix_fault(std::string_view prefix) noexcept {
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const char c = prefix[i];
    if (!((c >= 'a' && c <= 'z') || c == '_')) return {PrefixFault::character, i};
  }
  if (prefix.size() > kTypeidMaxPrefix) return {PrefixFault::too_long, 0};
  if (!prefix.empty() && prefix.front() == '_') return {PrefixFault::leading, 0};
  if (!prefix.empty() && prefix.back() == '_') return {PrefixFault::trailing, 0};
  return {};
}

// The detail of a fault of `prefix`; the prefix begins what is quoted, so positions (1-based) are
// the same in both.
std::string prefix_detail(const PrefixFault& f, std::string_view prefix) {
  switch (f.kind) {
    case PrefixFault::character:
      return describe_char(prefix[f.at]) + " at position " + std::to_string(f.at + 1) +
             " is not allowed in a typeid prefix, which takes only a-z and \"_\".";
    case PrefixFault::too_long:
      return "The prefix has " + std::to_string(prefix.size()) + " characters; a typeid prefix has at most 63.";
    case PrefixFault::leading:
      return "The prefix begins with \"_\"; a typeid prefix begins and ends with a letter.";
    case PrefixFault::trailing:
      return "The prefix ends with \"_\"; a typeid prefix begins and ends with a letter.";
    case PrefixFault::none:
      break;
  }
  return {};
}

// The 26 base32 digits of `s` as a UUID (RFC 9562 §4: the UUID's 128 bits big-endian, after two
// zero bits), or false when `s` is not 26 digits of the table with the first at most 7. One pass:
// a digit outside the table is -1, which leaves `bad` negative.
bool read_26(std::string_view s, const DigitTable& digits, Uuid& out) noexcept {
  if (s.size() != kTypeidSuffixLength) return false;
  const auto digit = [&](std::size_t i) { return static_cast<int>(digits.value[static_cast<unsigned char>(s[i])]); };
  // Two 64-bit halves: digit 0 holds bits 125-127, digits 1-12 bits 65-124, digit 13 bits 60-64,
  // digits 14-25 bits 0-59.
  std::uint64_t hi = 0, lo = 0;
  int bad = 0;
  for (std::size_t i = 0; i < 13; ++i) {
    const int d = digit(i);
    bad |= d;
    hi = hi << 5 | static_cast<std::uint64_t>(d & 0x1f);
  }
  const int mid = digit(13);
  bad |= mid;
  for (std::size_t i = 14; i < 26; ++i) {
    const int d = digit(i);
    bad |= d;
    lo = lo << 5 | static_cast<std::uint64_t>(d & 0x1f);
  }
  if (bad < 0 || digit(0) > 7) return false;
  store_be64(out.data(), hi << 1 | static_cast<std::uint64_t>(mid) >> 4);
  store_be64(out.data() + 8, (static_cast<std::uint64_t>(mid) & 0xf) << 60 | lo);
  return true;
}

// How 26 digits of `suffix` (at `offset` in the input) fail, or empty: the first character out
// of the alphabet among the first 26, then the length, then a first digit above 7.
struct SuffixFault {
  enum Kind { none, character, short_, long_, overflow } kind = none;
  std::size_t at = 0;  // the bad character's offset in the suffix
};

SuffixFault suffix_fault(std::string_view suffix, const DigitTable& digits) noexcept {
  const std::size_t n = suffix.size() < kTypeidSuffixLength ? suffix.size() : kTypeidSuffixLength;
  for (std::size_t i = 0; i < n; ++i)
    if (digits.value[static_cast<unsigned char>(suffix[i])] < 0) return {SuffixFault::character, i};
  if (suffix.size() < kTypeidSuffixLength) return {SuffixFault::short_, suffix.size()};
  if (suffix.size() > kTypeidSuffixLength) return {SuffixFault::long_, kTypeidSuffixLength};
  if (digits.value[static_cast<unsigned char>(suffix[0])] > 7) return {SuffixFault::overflow, 0};
  return {};
}

}  // namespace

void check_typeid_prefix(std::string_view prefix) {
  const PrefixFault f = prefix_fault(prefix);
  if (f.kind != PrefixFault::none)
    throw Error(
        Errc::invalid_parameter, "invalid typeid prefix: " + quoted(prefix), prefix_detail(f, prefix),
        "A typeid prefix is empty or at most 63 characters of a-z and \"_\", beginning and ending with a letter.");
}

std::size_t typeid_length(std::string_view prefix) noexcept {
  return prefix.empty() ? kTypeidSuffixLength : prefix.size() + 1 + kTypeidSuffixLength;
}

void encode_typeid_into(std::string_view prefix, const Uuid& u, char* text) noexcept {
  if (!prefix.empty()) {
    std::memcpy(text, prefix.data(), prefix.size());
    text += prefix.size();
    *text++ = '_';  // the separator, only after a prefix
  }
  encode_into(u, Encoding::base32, text);
  for (std::size_t i = 0; i < kTypeidSuffixLength; ++i) text[i] |= 0x20;  // lower case; digits keep their code
}

ParsedTypeid parse_typeid(std::string_view text) {
  // The common shapes first, without a search: 26 digits alone, or a prefix, "_" and 26 digits
  // (a suffix read_26 takes holds no "_", so that "_" is the last).
  ParsedTypeid out;
  const std::size_t n = text.size();
  if (n == kTypeidSuffixLength && read_26(text, kTypeidDigits, out.id)) return out;
  if (n > kTypeidSuffixLength + 1 && text[n - kTypeidSuffixLength - 1] == '_') {
    out.prefix = text.substr(0, n - kTypeidSuffixLength - 1);
    if (prefix_fault(out.prefix).kind == PrefixFault::none &&
        read_26(text.substr(n - kTypeidSuffixLength), kTypeidDigits, out.id))
      return out;
  }
  // Otherwise the first fault, named.
  if (text.empty()) bad_typeid(text, "The input is empty.");
  // The separator is the last "_": the prefix may hold others, the suffix none.
  const std::size_t sep = text.rfind('_');
  std::string_view prefix, suffix = text;
  std::size_t offset = 0;  // the suffix's offset in the text
  if (sep != std::string_view::npos) {
    if (sep == 0) bad_typeid(text, "The separator \"_\" comes first: a typeid with an empty prefix has no separator.");
    prefix = text.substr(0, sep);
    suffix = text.substr(sep + 1);
    offset = sep + 1;
    const PrefixFault f = prefix_fault(prefix);
    if (f.kind != PrefixFault::none) bad_typeid(text, prefix_detail(f, prefix));
  }
  const SuffixFault f = suffix_fault(suffix, kTypeidDigits);
  switch (f.kind) {
    case SuffixFault::none:  // taken above
      break;
    case SuffixFault::character:
      bad_typeid(text, describe_char(suffix[f.at]) + " at position " + std::to_string(offset + f.at + 1) +
                           " is not a typeid suffix character (0-9 and a-z without i, l, o, u).");
    case SuffixFault::short_:
      bad_typeid(text, f.at == 0 ? std::string("The suffix is empty; a typeid suffix has 26 characters.")
                                 : "The suffix has only " + std::to_string(f.at) +
                                       (f.at == 1 ? " character" : " characters") + "; a typeid suffix has 26.");
    case SuffixFault::long_:
      bad_typeid(text, "The suffix is longer than the 26 characters of a typeid suffix.");
    case SuffixFault::overflow:
      bad_typeid(text, std::string("The suffix begins with \"") + suffix[0] +
                           "\", above \"7\": it would hold more than 128 bits.");
  }
  throw Error(Errc::invalid_text, "invalid typeid: " + quoted(text));  // not reached: a fault was named
}

Uuid decode_typeid(std::string_view text, std::string_view expected) {
  check_typeid_prefix(expected);
  const ParsedTypeid t = parse_typeid(text);
  if (t.prefix != expected)
    throw Error(Errc::invalid_parameter,
                "typeid prefix " + quoted(t.prefix) + " does not match the expected prefix " + quoted(expected),
                "The typeid is " + quoted(text) + ".",
                "uuid_from_typeid reads only typeids of the prefix given as its second argument; typeid_prefix(text) "
                "returns the prefix of any valid typeid.");
  return t.id;
}

void encode_ulid_into(const Uuid& u, char* text) noexcept { encode_into(u, Encoding::base32, text); }

Uuid decode_ulid(std::string_view text) {
  Uuid out;
  if (read_26(text, kUlidDigits, out)) return out;
  if (text.empty()) bad_ulid(text, "The input is empty; a ULID has 26 characters.");
  const SuffixFault f = suffix_fault(text, kUlidDigits);
  switch (f.kind) {
    case SuffixFault::none:  // read_26 takes every such text
      break;
    case SuffixFault::character:
      bad_ulid(text, describe_char(text[f.at]) + " at position " + std::to_string(f.at + 1) +
                         " is not a ULID character (0-9 and A-Z without I, L, O, U, in either case).");
    case SuffixFault::short_:
      bad_ulid(text, "The input has only " + std::to_string(f.at) + (f.at == 1 ? " character" : " characters") +
                         "; a ULID has 26.");
    case SuffixFault::long_:
      bad_ulid(text, "The input is longer than the 26 characters of a ULID.");
    case SuffixFault::overflow:
      bad_ulid(text,
               std::string("The ULID begins with \"") + text[0] + "\", above \"7\": it would hold more than 128 bits.");
  }
  throw Error(Errc::invalid_text, "invalid ULID: " + quoted(text));  // not reached: a fault was named
}

}  // namespace uuidx
