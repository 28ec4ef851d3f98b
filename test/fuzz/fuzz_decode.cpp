// fuzz_decode.cpp: libFuzzer target for uuidx::decode in every format (the first input byte picks
// the format, the rest is the text). Checked against a slow reference decoder written from the
// format definitions: the same inputs are accepted with the same value, the same are refused with
// 22P02 (Errc::invalid_text) at the position the reference expects, and anything accepted
// re-encodes to the input's canonical spelling. Never a silent wrong value. base32hex is checked
// against a model of PostgreSQL 19's decode(text, 'base32hex')::uuid instead (see pg19_base32hex).
#include <cstring>

#include "encoding.hpp"
#include "fuzz_common.hpp"

using namespace uuidx;

namespace {

using u128 = unsigned __int128;

constexpr char kHex[] = "0123456789abcdef";
constexpr char kBase32[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr char kBase58[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
constexpr char kBase64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr char kBase32hex[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

// Index of c in the alphabet (a linear search, unlike the core's tables), or -1.
int find(const char* alphabet, char c) {
  const char* at = c ? std::strchr(alphabet, c) : nullptr;
  return at ? static_cast<int>(at - alphabet) : -1;
}

char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The digit a character stands for, following the README: hex either case; base32 upper or
// lower case, I and L read as 1, O as 0; base58 and base64url exact; base32hex either case.
int ref_digit(Encoding e, char c) {
  if (e == Encoding::hex) return find(kHex, lower(c));
  if (e == Encoding::base58) return find(kBase58, c);
  if (e == Encoding::base64url) return find(kBase64url, c);
  if (e == Encoding::base32hex) return find(kBase32hex, upper(c));
  const char u = upper(c);
  return u == 'I' || u == 'L' ? 1 : u == 'O' ? 0 : find(kBase32, u);
}

// The spelling encode would give the same value: hex lower case, base32 without aliases.
char canonical(Encoding e, char c) {
  const int d = ref_digit(e, c);
  return e == Encoding::hex ? kHex[d] : e == Encoding::base32 ? kBase32[d] : c;
}

struct RefResult {
  bool ok = false;
  Uuid value{};
  std::size_t position = 0;  // expected error position (1-based); 0 = any of 1..n (overflow)
};

RefResult refused_at(std::size_t position) { return RefResult{false, {}, position}; }

// PostgreSQL 19rc1's decode(text, 'base32hex') followed by ::uuid, as it behaves (each rule tried
// on 19rc1): space, tab, LF and CR are skipped; a '=' is refused unless it comes where a 1-4 byte
// group ends (digits % 8 is 2, 4, 5 or 7) or after an earlier '='; nothing but '=' may follow the
// first '='; whole bytes are kept, 5 bits per digit, most significant first; the cast wants 16.
bool pg19_base32hex(std::string_view text, Uuid& out) {
  std::string bits;
  std::size_t digits = 0;
  bool padded = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c == '=') {
      const std::size_t group = digits % 8;
      if (!padded && group != 2 && group != 4 && group != 5 && group != 7) return false;
      padded = true;
      continue;
    }
    const int d = find(kBase32hex, upper(c));
    if (d < 0 || padded) return false;
    for (int k = 4; k >= 0; --k) bits += ((d >> k) & 1) ? '1' : '0';
    ++digits;
  }
  if (bits.size() / 8 != 16) return false;
  out = Uuid{};
  for (std::size_t i = 0; i < 128; ++i)
    if (bits[i] == '1') out[i / 8] = static_cast<std::uint8_t>(out[i / 8] | (0x80 >> (i % 8)));
  return true;
}

// Whether some text that starts with `prefix` is one 19 decodes to 16 bytes: a digit count below
// 26 is made up with '0', and nothing else can mend a prefix (more digits only add bytes).
bool pg19_extendable(std::string_view prefix) {
  Uuid ignored;
  for (std::size_t k = 0; k <= 26; ++k)
    if (pg19_base32hex(std::string(prefix) + std::string(k, '0'), ignored)) return true;
  return false;
}

// base32hex: accepted as 19 accepts; the position of the first bad character is the end of the
// shortest prefix that no text 19 accepts begins with (input length + 1 when there is none).
RefResult reference_base32hex(std::string_view text) {
  RefResult r;
  r.ok = pg19_base32hex(text, r.value);
  if (r.ok) return r;
  if (text.empty()) return refused_at(1);
  // Extendable prefixes are closed under shortening: binary search for the first that is not.
  std::size_t lo = 0, hi = text.size() + 1;  // prefix length lo is extendable; hi is not or the end
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    if (pg19_extendable(text.substr(0, mid)))
      lo = mid;
    else
      hi = mid;
  }
  return refused_at(hi);  // the character ending the shortest prefix no accepted text begins with
}

// The text encode gives for what 19 decoded: the first 26 digits, upper case, the unused
// low 2 bits of the 26th clear, then six '='.
std::string base32hex_canonical(std::string_view text) {
  std::string out;
  for (char c : text) {
    const int d = find(kBase32hex, upper(c));
    if (d >= 0 && out.size() < 26) out += kBase32hex[out.size() == 25 ? d & ~3 : d];
  }
  return out + "======";
}

RefResult reference_decode(std::string_view text, Encoding e) {
  if (e == Encoding::base32hex) return reference_base32hex(text);
  const std::size_t n = encoded_length(e);
  if (text.empty()) return refused_at(1);
  for (std::size_t i = 0; i < text.size() && i < n; ++i)
    if (ref_digit(e, text[i]) < 0) return refused_at(i + 1);
  if (text.size() != n) return refused_at(text.size() < n ? text.size() + 1 : n + 1);
  RefResult r;
  if (e == Encoding::base64url) {
    // RFC 4648: 6 bits per character, most significant first; 132 bits, the last 4 must be zero.
    std::size_t bit = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int d = ref_digit(e, text[i]);
      for (int k = 5; k >= 0; --k, ++bit) {
        if (((d >> k) & 1) == 0) continue;
        if (bit >= 128) return refused_at(n);
        r.value[bit / 8] = static_cast<std::uint8_t>(r.value[bit / 8] | (0x80 >> (bit % 8)));
      }
    }
    r.ok = true;
    return r;
  }
  // hex, base32, base58: a number in base 16, 32 or 58 that must fit 128 bits.
  const unsigned base = e == Encoding::hex ? 16 : e == Encoding::base32 ? 32 : 58;
  u128 v = 0;
  for (std::size_t i = 0; i < n; ++i) {
    u128 next;
    if (__builtin_mul_overflow(v, static_cast<u128>(base), &next) ||
        __builtin_add_overflow(next, static_cast<u128>(ref_digit(e, text[i])), &next))
      return refused_at(0);  // above 128 bits
    v = next;
  }
  for (int i = 15; i >= 0; --i, v >>= 8) r.value[i] = static_cast<std::uint8_t>(v);
  r.ok = true;
  return r;
}

// The position N of "... at position N: ...".
std::size_t message_position(const std::string& message) {
  const auto at = message.find(" at position ");
  FUZZ_CHECK(at != std::string::npos);
  return std::strtoul(message.c_str() + at + 13, nullptr, 10);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Encoding e = static_cast<Encoding>(data[0] % 5);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t n = encoded_length(e);
  const RefResult want = reference_decode(text, e);
  try {
    const Uuid got = decode(text, e);
    FUZZ_CHECK(want.ok);
    FUZZ_CHECK(got == want.value);
    const EncodedText again = encode(got, e);
    FUZZ_CHECK(again.size == n);
    if (e == Encoding::base32hex)
      FUZZ_CHECK(std::string(again.text, again.size) == base32hex_canonical(text));
    else
      for (std::size_t i = 0; i < n; ++i) FUZZ_CHECK(again.text[i] == canonical(e, text[i]));
  } catch (const Error& err) {
    FUZZ_CHECK(!want.ok);
    const std::string prefix = std::string("invalid ") + encoding_name(e) + " input for type uuid at position ";
    fuzz::check_error(err, Errc::invalid_text, prefix.c_str(), text);
    const std::size_t pos = message_position(err.what());
    if (want.position == 0)
      FUZZ_CHECK(pos >= 1 && pos <= n);
    else
      FUZZ_CHECK(pos == want.position);
    FUZZ_CHECK(!err.detail().empty() && !err.hint().empty());
  }
  return 0;
}
