// fuzz_text.cpp: libFuzzer target for the core's other input parsers; the first input byte picks
// one, the rest is its input:
//   0 parse_encoding (format names), 1 parse_name_hash (v8_name algorithm names),
//   2 parse_uuid (canonical 8-4-4-4-12 text), 3 generate_v8 (custom v8 bytes, any length),
//   4 generate_v3 / generate_v5 / generate_v8_name over arbitrary namespace and name bytes.
// Each is checked against what the README and the headers promise, not only for crashes.
#include <string>
#include <string_view>

#include "encoding.hpp"
#include "error.hpp"
#include "fuzz_common.hpp"
#include "namebased.hpp"
#include "../unit/uuid_text.hpp"
#include "uuid.hpp"

namespace {

using uuidx::Errc;
using uuidx::Error;
using uuidx::Uuid;

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool is_version_and_variant(const Uuid& u, int version) { return (u[6] >> 4) == version && (u[8] & 0xc0) == 0x80; }

void fuzz_encoding_name(std::string_view name) {
  static const char* const kNames[] = {"hex", "base32", "base58", "base64url", "base32hex"};
  const std::string low = lowered(name);
  int want = -1;
  for (int i = 0; i < 5; ++i)
    if (low == kNames[i]) want = i;
  try {
    const uuidx::Encoding e = uuidx::parse_encoding(name);
    FUZZ_CHECK(want == static_cast<int>(e));
    FUZZ_CHECK(uuidx::encoding_name(e) == std::string(kNames[want]));
  } catch (const Error& err) {
    FUZZ_CHECK(want < 0);
    FUZZ_CHECK(err.code() == Errc::invalid_parameter);
    FUZZ_CHECK(std::string(err.what()).rfind("unsupported uuid encoding: \"", 0) == 0);
    FUZZ_CHECK(std::string(err.what()).size() < 512);
    if (uuidx::fuzz::valid_utf8(name.data(), name.size()))
      FUZZ_CHECK(uuidx::fuzz::valid_utf8(err.what(), std::string(err.what()).size()));
  }
}

void fuzz_hash_name(std::string_view name) {
  static const char* const kNames[] = {"sha224",   "sha256",   "sha384",   "sha512",   "sha512-224", "sha512-256",
                                       "sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128",   "shake256"};
  const std::string low = lowered(name);
  int want = -1;
  for (int i = 0; i < 12; ++i)
    if (low == kNames[i]) want = i;
  try {
    const uuidx::NameHash h = uuidx::parse_name_hash(name);
    FUZZ_CHECK(want == static_cast<int>(h));
    FUZZ_CHECK(uuidx::name_hash_name(h) == std::string(kNames[want]));
  } catch (const Error& err) {
    FUZZ_CHECK(want < 0);
    FUZZ_CHECK(err.code() == Errc::invalid_parameter);
    FUZZ_CHECK(std::string(err.what()).rfind("unsupported hash algorithm for name-based UUIDv8: \"", 0) == 0);
    FUZZ_CHECK(std::string(err.what()).size() < 512);
    if (uuidx::fuzz::valid_utf8(name.data(), name.size()))
      FUZZ_CHECK(uuidx::fuzz::valid_utf8(err.what(), std::string(err.what()).size()));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void fuzz_parse_uuid(std::string_view text) {
  // Reference: 36 characters, hyphens exactly at 8, 13, 18, 23, hex digits elsewhere.
  bool want = text.size() == 36;
  for (std::size_t i = 0; want && i < text.size(); ++i)
    want = (i == 8 || i == 13 || i == 18 || i == 23) ? text[i] == '-' : hex_value(text[i]) >= 0;
  Uuid u{};
  const bool got = uuidx::parse_uuid(std::string(text), u);
  FUZZ_CHECK(got == want);
  if (got) FUZZ_CHECK(uuidx::to_string(u) == lowered(text));
}

void fuzz_custom_v8(const std::uint8_t* data, std::size_t size) {
  try {
    const Uuid u = uuidx::generate_v8(uuidx::Bytes{data, size});
    FUZZ_CHECK(size == 16);
    FUZZ_CHECK(is_version_and_variant(u, 8));
    // §5.8: the 122 bits other than version and variant are kept.
    for (std::size_t i = 0; i < 16; ++i) {
      const std::uint8_t keep = i == 6 ? 0x0f : i == 8 ? 0x3f : 0xff;
      FUZZ_CHECK((u[i] & keep) == (data[i] & keep));
    }
  } catch (const Error& err) {
    FUZZ_CHECK(size != 16);
    FUZZ_CHECK(err.code() == Errc::invalid_parameter);
    FUZZ_CHECK(std::string(err.what()) == "invalid length for UUIDv8 custom data: " + std::to_string(size) + " bytes");
  }
}

void fuzz_name_based(uuidx::fuzz::Reader& in) {
  const int which = in.byte() % 14;  // 0 v3, 1 v5, 2..13 the v8 algorithms
  Uuid ns;
  for (auto& b : ns) b = in.byte();
  const uuidx::Bytes name{in.rest(), in.left()};
  Uuid u;
  if (which == 0) {
    u = uuidx::generate_v3(ns, name);
    FUZZ_CHECK(is_version_and_variant(u, 3));
  } else if (which == 1) {
    u = uuidx::generate_v5(ns, name);
    FUZZ_CHECK(is_version_and_variant(u, 5));
  } else {
    const auto h = static_cast<uuidx::NameHash>(which - 2);
    u = uuidx::generate_v8_name(ns, name, h);
    FUZZ_CHECK(is_version_and_variant(u, 8));
    // Deterministic: the same input gives the same value (the context is reused per thread).
    FUZZ_CHECK(uuidx::generate_v8_name(ns, name, h) == u);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 5) {
    case 0:
      fuzz_encoding_name(rest);
      break;
    case 1:
      fuzz_hash_name(rest);
      break;
    case 2:
      fuzz_parse_uuid(rest);
      break;
    case 3:
      fuzz_custom_v8(data + 1, size - 1);
      break;
    case 4: {
      uuidx::fuzz::Reader in(data + 1, size - 1);
      fuzz_name_based(in);
      break;
    }
  }
  return 0;
}
