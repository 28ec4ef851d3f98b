// uuid.cpp: text form and names of UUID fields.
#include "uuid.hpp"

namespace uuidx {

std::string to_string(const Uuid& u) {
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

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool parse_uuid(const std::string& text, Uuid& out) {
  if (text.size() != 36) return false;
  std::size_t octet = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (text[i] != '-') return false;
      ++i;
      continue;
    }
    const int hi = hex_value(text[i]);
    const int lo = hex_value(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[octet++] = static_cast<std::uint8_t>(hi << 4 | lo);
    i += 2;
  }
  return true;
}

const char* variant_name(Variant v) noexcept {
  switch (v) {
    case Variant::ncs:
      return "NCS";
    case Variant::rfc9562:
      return "RFC 9562";
    case Variant::microsoft:
      return "Microsoft";
    case Variant::reserved:
      return "reserved";
  }
  return "unknown";
}

}  // namespace uuidx
