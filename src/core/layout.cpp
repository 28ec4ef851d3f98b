// layout.cpp: RFC 9562 bit layouts for v1, v4, v6 and v7, and their fields read back.
#include "layout.hpp"

#include <string>

#include "bytes.hpp"
#include "error.hpp"

namespace uuidx {

namespace {

// RFC 9562 §5.1: octets 8-9 are the variant (10) over the 14-bit clock_seq; 10-15 the node. The
// low 64-bit half of a v1 or v6, big-endian.
std::uint64_t clock_seq_and_node_half(std::uint16_t clock_seq, const Node& node) noexcept {
  std::uint64_t half = std::uint64_t{0x8000u | (clock_seq & 0x3fffu)} << 48;
  for (std::size_t i = 0; i < node.size(); ++i) half |= std::uint64_t{node[i]} << (40 - 8 * i);
  return half;
}

// §5.1: octets 0-7 of a v1: time_low = bits 0-31 of the timestamp (octets 0-3), time_mid = bits
// 32-47 (octets 4-5), version 1 and time_high = bits 48-59 (octets 6-7).
std::uint64_t v1_high_half(std::uint64_t ts) noexcept {
  return (ts & 0xffffffffu) << 32 | ((ts >> 32) & 0xffffu) << 16 | 0x1000u | ((ts >> 48) & 0x0fffu);
}

// §5.6: octets 0-7 of a v6: time_high = the 32 most significant of the 60 bits (octets 0-3) and
// time_mid = the next 16 (octets 4-5), together bits 12-59; version 6 and time_low = bits 0-11
// (octets 6-7).
std::uint64_t v6_high_half(std::uint64_t ts) noexcept {
  return ((ts >> 12) & 0xffffffffffffu) << 16 | 0x6000u | (ts & 0x0fffu);
}

// The UUID whose octets 0-7 and 8-15 are `hi` and `lo`, big-endian (see bytes.hpp for why).
Uuid from_halves(std::uint64_t hi, std::uint64_t lo) noexcept {
  Uuid u;
  store_be64(u.data(), hi);
  store_be64(u.data() + 8, lo);
  return u;
}

bool is_version(const Uuid& u, int version) noexcept { return version_of(u) == version; }

// The read-back below works on plain integers and builds a std::optional only at the very end:
// GCC returns std::optional<uint64_t> through the stack with a byte store followed by a wider
// load (a store-forwarding stall), and chaining three such calls made uuid_extract_time() cost
// more than twice uuid_hash() (bench/core_bench.cpp).

// §5.1: time_high | time_mid | time_low of a v1, whatever its version nibble says.
inline std::uint64_t v1_timestamp_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[6] & 0x0fu} << 56) | (std::uint64_t{u[7]} << 48) | (std::uint64_t{u[4]} << 40) |
         (std::uint64_t{u[5]} << 32) | (std::uint64_t{u[0]} << 24) | (std::uint64_t{u[1]} << 16) |
         (std::uint64_t{u[2]} << 8) | std::uint64_t{u[3]};
}

// §5.6: time_high (32) | time_mid (16) | time_low (12) of a v6.
inline std::uint64_t v6_timestamp_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[0]} << 52) | (std::uint64_t{u[1]} << 44) | (std::uint64_t{u[2]} << 36) |
         (std::uint64_t{u[3]} << 28) | (std::uint64_t{u[4]} << 20) | (std::uint64_t{u[5]} << 12) |
         (std::uint64_t{u[6] & 0x0fu} << 8) | std::uint64_t{u[7]};
}

// §5.7: unix_ts_ms, octets 0-5 big-endian.
inline std::uint64_t v7_ms_bits(const Uuid& u) noexcept {
  return (std::uint64_t{u[0]} << 40) | (std::uint64_t{u[1]} << 32) | (std::uint64_t{u[2]} << 24) |
         (std::uint64_t{u[3]} << 16) | (std::uint64_t{u[4]} << 8) | std::uint64_t{u[5]};
}

// 100-ns intervals since 1582 to µs since 1970, truncated toward the past, also before 1970.
inline std::int64_t gregorian_to_unix_micros(std::uint64_t greg) noexcept {
  const std::int64_t since_unix =
      static_cast<std::int64_t>(greg) - static_cast<std::int64_t>(kGregorianUnixOffset100ns);
  return since_unix >= 0 ? since_unix / 10 : -((-since_unix + 9) / 10);
}

// Names what a UUID is for "cannot convert" messages: nil, max, a version, or a foreign variant.
std::string describe(const Uuid& u) {
  if (u == nil_uuid()) return "the nil UUID";
  if (u == max_uuid()) return "the max UUID";
  const Variant v = variant_of(u);
  if (v != Variant::rfc9562) return std::string("of the ") + variant_name(v) + " variant";
  return "version " + std::to_string(version_of(u));
}

}  // namespace

[[noreturn]] void throw_not_version(const Uuid& u, int expected, const char* function) {
  throw Error(
      Errc::invalid_parameter,
      "uuid \"" + canonical_text(u) + "\" is " + describe(u) + ", not version " + std::to_string(expected),
      std::string(function) + " accepts only version " + std::to_string(expected) + " UUIDs of the RFC 9562 variant.");
}

std::string canonical_text(const Uuid& u) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  s.reserve(36);
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s.push_back('-');
    s.push_back(digits[u[i] >> 4]);
    s.push_back(digits[u[i] & 0x0f]);
  }
  return s;
}

Uuid encode_v1(std::uint64_t ts, std::uint16_t clock_seq, const Node& node) noexcept {
  return from_halves(v1_high_half(ts), clock_seq_and_node_half(clock_seq, node));
}

Uuid encode_v6(std::uint64_t ts, std::uint16_t clock_seq, const Node& node) noexcept {
  return from_halves(v6_high_half(ts), clock_seq_and_node_half(clock_seq, node));
}

Uuid encode_v7(std::uint64_t unix_ms, std::uint16_t fraction, const std::array<std::uint8_t, 8>& rand) noexcept {
  // §5.7: unix_ts_ms, 48 bits big-endian (octets 0-5); ver = 7; §6.2 Method 3: rand_a holds the
  // 12-bit sub-millisecond fraction (octets 6-7).
  const std::uint64_t hi = (unix_ms & 0xffffffffffffu) << 16 | 0x7000u | (fraction & 0x0fffu);
  // §5.7: var = 10, then the 62 bits of rand_b.
  const std::uint64_t lo = (load_be64(rand.data()) & 0x3fffffffffffffffu) | 0x8000000000000000u;
  return from_halves(hi, lo);
}

Uuid encode_v7_tick(std::uint64_t tick, std::uint64_t rand_b) noexcept {
  // §5.7: unix_ts_ms = the tick's upper 48 bits (octets 0-5); ver = 7; §6.2 Method 3: rand_a =
  // its low 12 bits, the sub-millisecond fraction (octets 6-7).
  const std::uint64_t hi = ((tick >> kSubMsBits) & 0xffffffffffffu) << 16 | 0x7000u | (tick & 0x0fffu);
  // §5.7: var = 10, then the 62 bits of rand_b.
  const std::uint64_t lo = (rand_b & 0x3fffffffffffffffu) | 0x8000000000000000u;
  return from_halves(hi, lo);
}

Uuid encode_v4(const Uuid& random_bytes) noexcept {
  // §5.4: version 4 in the high nibble of octet 6 (bits 12-15 of the high half), variant 10 in the
  // top bits of octet 8; the other 122 bits stay random. Same bits as stamp_version(u, 4).
  const std::uint64_t hi = (load_be64(random_bytes.data()) & ~std::uint64_t{0xf000}) | 0x4000u;
  const std::uint64_t lo = (load_be64(random_bytes.data() + 8) & 0x3fffffffffffffffu) | 0x8000000000000000u;
  return from_halves(hi, lo);
}

std::optional<std::uint64_t> gregorian_timestamp(const Uuid& u) noexcept {
  const int version = version_of(u);
  if (version == 1) return v1_timestamp_bits(u);
  if (version == 6) return v6_timestamp_bits(u);
  return std::nullopt;
}

std::optional<std::uint64_t> v7_unix_ms(const Uuid& u) noexcept {
  if (!is_version(u, 7)) return std::nullopt;
  return v7_ms_bits(u);
}

std::optional<std::uint64_t> v7_tick(const Uuid& u) noexcept {
  if (!is_version(u, 7)) return std::nullopt;
  return v7_ms_bits(u) << kSubMsBits | (std::uint64_t{u[6] & 0x0fu} << 8 | u[7]);
}

std::optional<Uuid> uuid_from_text(std::string_view text) noexcept {
  const auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  const bool braces = !text.empty() && text.front() == '{';
  if (braces) {
    if (text.back() != '}' || text.size() < 2) return std::nullopt;
    text = text.substr(1, text.size() - 2);
  }
  Uuid u{};
  std::size_t i = 0;
  for (std::size_t octet = 0; octet < u.size(); ++octet) {
    if (i + 2 > text.size()) return std::nullopt;
    const int high = hex(text[i]), low = hex(text[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    u[octet] = static_cast<std::uint8_t>(high << 4 | low);
    i += 2;
    // A hyphen may follow any group of four digits but the last.
    if (octet % 2 == 1 && octet + 1 < u.size() && i < text.size() && text[i] == '-') ++i;
  }
  if (i != text.size()) return std::nullopt;
  return u;
}

std::optional<std::int64_t> unix_micros(const Uuid& u, bool sub_ms) noexcept {
  switch (version_of(u)) {
    case 1:
      return gregorian_to_unix_micros(v1_timestamp_bits(u));
    case 6:
      return gregorian_to_unix_micros(v6_timestamp_bits(u));
    case 7: {
      std::int64_t us = static_cast<std::int64_t>(v7_ms_bits(u)) * 1000;
      // §6.2 Method 3: rand_a read back as the sub-millisecond fraction.
      if (sub_ms) us += micros_from_sub_ms_fraction(static_cast<std::uint16_t>((u[6] & 0x0f) << 8 | u[7]));
      return us;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::uint16_t> clock_seq(const Uuid& u) noexcept {
  if (!gregorian_timestamp(u)) return std::nullopt;
  return static_cast<std::uint16_t>((u[8] & 0x3f) << 8 | u[9]);  // §5.1: 14 bits after the variant
}

std::optional<Node> node(const Uuid& u) noexcept {
  if (!gregorian_timestamp(u)) return std::nullopt;
  Node n;
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = u[10 + i];  // §5.1: octets 10-15
  return n;
}

Uuid v1_to_v6(const Uuid& v1) {
  if (!is_version(v1, 1)) throw_not_version(v1, 1, "uuid_v1_to_v6");
  // §5.6: clock_seq and node (octets 8-15) unchanged.
  return from_halves(v6_high_half(v1_timestamp_bits(v1)), load_be64(v1.data() + 8));
}

Uuid v6_to_v1(const Uuid& v6) {
  if (!is_version(v6, 6)) throw_not_version(v6, 6, "uuid_v6_to_v1");
  return from_halves(v1_high_half(v6_timestamp_bits(v6)), load_be64(v6.data() + 8));  // §5.6
}

std::optional<std::int64_t> pg18_extract_timestamp(const Uuid& u) noexcept {
  const int version = version_of(u);  // -1 unless the RFC 9562 variant
  if (version != 1 && version != 7) return std::nullopt;
  return unix_micros(u, false);
}

}  // namespace uuidx
