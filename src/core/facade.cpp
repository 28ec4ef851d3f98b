// facade.cpp: the UUIDv47 façade (facade.hpp).
#include "facade.hpp"

#include <string>

#include "error.hpp"
#include "layout.hpp"

namespace uuidx {
namespace {

constexpr std::uint64_t kTimestampMask = (std::uint64_t{1} << 48) - 1;

std::uint64_t load_le64(const unsigned char* p) noexcept {
  std::uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = x << 8 | p[i];
  return x;
}

int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The detail says what is wrong; no message quotes the text, which is a secret.
[[noreturn]] void throw_bad_key_text(const std::string& detail) {
  throw Error(Errc::invalid_parameter,
              "a facade key given as text must be \"k0hex:k1hex\" (16 hexadecimal digits each) or 32 hexadecimal "
              "digits",
              detail);
}

// The low 48 bits of SipHash-2-4 of the 74 bits a v7 and its façade share, as 10 whole bytes:
// the low nibble of octet 6 (rand_a's top), octet 7, octet 8 without the variant bits, octets
// 9-15 (the reference's message layout).
std::uint64_t timestamp_mask(const Uuid& u, const SipKey& key) noexcept {
  const std::uint8_t message[10] = {static_cast<std::uint8_t>(u[6] & 0x0f),
                                    u[7],
                                    static_cast<std::uint8_t>(u[8] & 0x3f),
                                    u[9],
                                    u[10],
                                    u[11],
                                    u[12],
                                    u[13],
                                    u[14],
                                    u[15]};
  return siphash24(message, sizeof message, key) & kTimestampMask;
}

Uuid with_masked_timestamp(const Uuid& in, const SipKey& key, int version) noexcept {
  std::uint64_t ts = 0;
  for (int i = 0; i < 6; ++i) ts = ts << 8 | in[i];  // §5.7: unix_ts_ms, big-endian
  ts ^= timestamp_mask(in, key);
  Uuid out = in;
  for (int i = 5; i >= 0; --i, ts >>= 8) out[i] = static_cast<std::uint8_t>(ts);
  stamp_version(out, version);
  return out;
}

}  // namespace

SipKey facade_key_from_bytes(std::string_view bytes) {
  if (bytes.size() != 16)
    throw Error(Errc::invalid_parameter, "a facade key must be 16 bytes, not " + std::to_string(bytes.size()),
                "The key is SipHash-2-4's 128-bit key: k0 is its first 8 bytes read little-endian, k1 the next 8.");
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  return SipKey{load_le64(p), load_le64(p + 8)};
}

SipKey facade_key_from_text(std::string_view text) {
  std::string compact;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') compact.push_back(c);
  std::string digits;
  const auto colon = compact.find(':');
  auto strip_0x = [](std::string_view s) {
    return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? s.substr(2) : s;
  };
  if (colon != std::string::npos) {
    const std::string_view k0 = strip_0x(std::string_view(compact).substr(0, colon));
    const std::string_view k1 = strip_0x(std::string_view(compact).substr(colon + 1));
    if (k0.size() != 16 || k1.size() != 16)
      throw_bad_key_text("The text has " + std::to_string(k0.size()) + " and " + std::to_string(k1.size()) +
                         " characters around its colon.");
    digits.append(k0).append(k1);
  } else {
    std::string_view s(compact);
    if (s.size() >= 2 && s[0] == '\\' && (s[1] == 'x' || s[1] == 'X'))
      s = s.substr(2);
    else
      s = strip_0x(s);
    if (s.size() != 32)
      throw_bad_key_text("The text has " + std::to_string(s.size()) + " characters besides white space and a prefix.");
    digits.assign(s);
  }
  unsigned char bytes[16];
  for (int i = 0; i < 16; ++i) {
    const int hi = hex_digit(digits[2 * i]);
    const int lo = hex_digit(digits[2 * i + 1]);
    if (hi < 0 || lo < 0) throw_bad_key_text("The text holds a character that is not a hexadecimal digit.");
    bytes[i] = static_cast<unsigned char>(hi << 4 | lo);
  }
  return facade_key_from_bytes(std::string_view(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

Uuid v7_to_facade(const Uuid& v7, const SipKey& key, const char* function) {
  if (version_of(v7) != 7) throw_not_version(v7, 7, function);
  return with_masked_timestamp(v7, key, 4);  // §5.4: the façade is a version 4
}

Uuid facade_to_v7(const Uuid& facade, const SipKey& key, const char* function) {
  if (version_of(facade) != 4) throw_not_version(facade, 4, function);
  return with_masked_timestamp(facade, key, 7);  // the 74 bits hashed are the same both ways
}

}  // namespace uuidx
