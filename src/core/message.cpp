// message.cpp: text helpers for error messages and name lookups.
#include "message.hpp"

namespace uuidx {

std::size_t utf8_prefix_length(std::string_view text, std::size_t max_bytes) noexcept {
  if (text.size() <= max_bytes) return text.size();
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // continuation byte
  return cut;
}

namespace {
PrefixLengthFn message_prefix_length = &utf8_prefix_length;
}  // namespace

void set_message_prefix_length(PrefixLengthFn fn) noexcept { message_prefix_length = fn; }

std::string quote_for_message(std::string_view text, std::size_t max_bytes) {
  const std::size_t keep = message_prefix_length(text, max_bytes);
  return "\"" + std::string(text.substr(0, keep)) + (keep < text.size() ? "...\"" : "\"");
}

std::string describe_char(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0x80) return "A non-ASCII character";
  if (b < 0x20 || b == 0x7f) {
    static const char hex[] = "0123456789ABCDEF";
    return std::string("Control character 0x") + hex[b >> 4] + hex[b & 0xf];
  }
  return std::string("Character \"") + c + "\"";
}

bool equals_ignoring_ascii_case(std::string_view input, std::string_view lower_name) noexcept {
  if (input.size() != lower_name.size()) return false;
  for (std::size_t i = 0; i < input.size(); ++i) {
    char c = input[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower_name[i]) return false;
  }
  return true;
}

}  // namespace uuidx
