// fuzz_facade.cpp: libFuzzer target for the UUIDv47 façade (facade.hpp). Input: a value, a key
// (16 bytes each), then a key as text. A v7 of the value (§5.7) goes out as a v4 (§5.4) keeping
// octet 6's low nibble and octets 7-15, and comes back bit for bit; the value as it is is refused
// with 22023 going out unless a v7, coming back unless a v4; the text parses as a key, the key of
// its 32 hex digits, or is a 22023 whose texts are fixed but for counts (they never quote it).
#include <cstring>

#include "facade.hpp"
#include "fuzz_common.hpp"
#include "layout.hpp"

using namespace uuidx;

namespace {

constexpr const char* kKeyTextMessage =
    "a facade key given as text must be \"k0hex:k1hex\" (16 hexadecimal digits each) or 32 hexadecimal digits";

void check_mapping(const Uuid& x, const SipKey& key) {
  Uuid v7 = x;
  stamp_version(v7, 7);
  const Uuid f = v7_to_facade(v7, key, "fuzz");
  FUZZ_CHECK(version_of(f) == 4);
  FUZZ_CHECK((f[6] & 0x0f) == (v7[6] & 0x0f));
  FUZZ_CHECK(std::memcmp(f.data() + 7, v7.data() + 7, 9) == 0);
  FUZZ_CHECK(facade_to_v7(f, key, "fuzz") == v7);
  for (int want : {7, 4}) {
    if (version_of(x) == want) continue;
    try {
      want == 7 ? v7_to_facade(x, key, "fuzz") : facade_to_v7(x, key, "fuzz");
      FUZZ_CHECK(false);
    } catch (const Error& e) {
      FUZZ_CHECK(e.code() == Errc::invalid_parameter);
    }
  }
}

void check_key_text(std::string_view text) {
  SipKey key;
  try {
    key = facade_key_from_text(text);
  } catch (const Error& e) {
    FUZZ_CHECK(e.code() == Errc::invalid_parameter);
    // The texts are fixed but for counts: nothing of the input is copied into them.
    FUZZ_CHECK(std::string(e.what()) == kKeyTextMessage);
    FUZZ_CHECK(e.detail().rfind("The text has ", 0) == 0 || e.detail().rfind("The text holds ", 0) == 0);
    for (char c : e.detail())
      FUZZ_CHECK(c == ' ' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == 'T');
    return;
  }
  char hex[33];
  for (int i = 0; i < 16; ++i)  // the key's bytes in order: k0, then k1, each little-endian
    std::snprintf(hex + 2 * i, 3, "%02x", static_cast<unsigned>((i < 8 ? key.k0 : key.k1) >> (8 * (i % 8)) & 0xff));
  const SipKey again = facade_key_from_text(std::string_view(hex, 32));
  FUZZ_CHECK(again.k0 == key.k0 && again.k1 == key.k1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 32) return 0;
  Uuid x;
  std::memcpy(x.data(), data, 16);
  const SipKey key = facade_key_from_bytes(std::string_view(reinterpret_cast<const char*>(data + 16), 16));
  check_mapping(x, key);
  check_key_text(std::string_view(reinterpret_cast<const char*>(data + 32), size - 32));
  return 0;
}
