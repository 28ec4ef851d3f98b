// fuzz_text.cpp: libFuzzer target for the core's other input parsers, each checked against what the
// README and the headers promise. The first byte picks one, the rest is its input: 0 parse_encoding,
// 1 parse_name_hash, 2 parse_uuid (8-4-4-4-12 text), 3 generate_v8 (custom bytes, any length),
// 4 generate_v3 / generate_v5 / generate_v8_name over any namespace and name bytes.
#include <cctype>

#include "../unit/uuid_text.hpp"
#include "fuzz_common.hpp"
#include "namebased.hpp"

using namespace uuidx;
using namespace uuidx::fuzz;

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool is_version_and_variant(const Uuid& u, int version) { return (u[6] >> 4) == version && (u[8] & 0xc0) == 0x80; }

// A parser of names: exactly the listed ones, in any ASCII case, each giving its value (its index)
// and its name back; anything else a 22023 quoting it.
template <std::size_t N, class Parse, class NameOf>
void fuzz_names(std::string_view name, const char* const (&names)[N], Parse parse, NameOf name_of, const char* prefix) {
  const std::string low = lowered(name);
  int want = -1;
  for (std::size_t i = 0; i < N; ++i)
    if (low == names[i]) want = static_cast<int>(i);
  try {
    const auto got = parse(name);
    FUZZ_CHECK(want == static_cast<int>(got));
    FUZZ_CHECK(name_of(got) == std::string(names[want]));
  } catch (const Error& err) {
    FUZZ_CHECK(want < 0);
    check_error(err, Errc::invalid_parameter, prefix, name);
  }
}

void fuzz_encoding_name(Reader& in) {
  static const char* const kNames[] = {"hex", "base32", "base58", "base64url", "base32hex"};
  fuzz_names(in.text(), kNames, parse_encoding, encoding_name, "unsupported uuid encoding: \"");
}

void fuzz_hash_name(Reader& in) {
  static const char* const kNames[] = {"sha224",   "sha256",   "sha384",   "sha512",   "sha512-224", "sha512-256",
                                       "sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128",   "shake256"};
  fuzz_names(in.text(), kNames, parse_name_hash, name_hash_name,
             "unsupported hash algorithm for name-based UUIDv8: \"");
}

void fuzz_parse_uuid(Reader& in) {
  // Reference: 36 characters, hyphens exactly at 8, 13, 18, 23, hex digits elsewhere.
  const std::string_view text = in.text();
  bool want = text.size() == 36;
  for (std::size_t i = 0; want && i < text.size(); ++i)
    want =
        (i == 8 || i == 13 || i == 18 || i == 23) ? text[i] == '-' : std::isxdigit(static_cast<unsigned char>(text[i]));
  Uuid u{};
  const bool got = parse_uuid(std::string(text), u);
  FUZZ_CHECK(got == want);
  if (got) FUZZ_CHECK(to_string(u) == lowered(text));
}

void fuzz_custom_v8(Reader& in) {
  const std::uint8_t* data = in.rest();
  const std::size_t size = in.left();
  try {
    const Uuid u = generate_v8(Bytes{data, size});
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

void fuzz_name_based(Reader& in) {
  const int which = in.byte() % 14;  // 0 v3, 1 v5, 2..13 the v8 algorithms
  const Uuid ns = in.uuid();
  const Bytes name{in.rest(), in.left()};
  if (which == 0) FUZZ_CHECK(is_version_and_variant(generate_v3(ns, name), 3));
  if (which == 1) FUZZ_CHECK(is_version_and_variant(generate_v5(ns, name), 5));
  if (which < 2) return;
  const auto h = static_cast<NameHash>(which - 2);
  const Uuid u = generate_v8_name(ns, name, h);
  FUZZ_CHECK(is_version_and_variant(u, 8));
  // Deterministic: the same input gives the same value (the context is reused per thread).
  FUZZ_CHECK(generate_v8_name(ns, name, h) == u);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pick(data, size, {fuzz_encoding_name, fuzz_hash_name, fuzz_parse_uuid, fuzz_custom_v8, fuzz_name_based});
}
