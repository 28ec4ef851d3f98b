// fuzz_roundtrip.cpp: libFuzzer target for the lossless conversions of two 16-byte values:
// decode(encode(x)) == x in every format at its length, text sorting like the uuids (but base64url);
// parse_uuid(to_string(x)) == x; v1 → v6 → v1 and v6 → v1 → v6 bit for bit, keeping timestamp,
// clock_seq and node; v6 sorting by timestamp (RFC 9562 §5.6); anything else refused with 22023.
#include "../unit/uuid_text.hpp"
#include "fuzz_common.hpp"

using namespace uuidx;

namespace {

Uuid stamped(Uuid u, int version) {
  stamp_version(u, version);
  return u;
}

void check_encodings(const Uuid& x, const Uuid& y) {
  for (Encoding e : kAll) {
    const EncodedText ex = encode(x, e);
    FUZZ_CHECK(ex.size == encoded_length(e));
    FUZZ_CHECK(ex.text[ex.size] == '\0');
    FUZZ_CHECK(decode(text_of(ex), e) == x);
    if (e != Encoding::base64url) {  // base64url's alphabet is not in ASCII order
      const EncodedText ey = encode(y, e);
      FUZZ_CHECK((x < y) == (text_of(ex) < text_of(ey)));
    }
  }
  Uuid back{};
  FUZZ_CHECK(parse_uuid(to_string(x), back) && back == x);
}

void check_conversion(const Uuid& x) {
  // v1 → v6 → v1.
  const Uuid v1 = stamped(x, 1);
  const Uuid v6 = v1_to_v6(v1);
  FUZZ_CHECK(version_of(v6) == 6);
  FUZZ_CHECK(v6_to_v1(v6) == v1);
  FUZZ_CHECK(gregorian_timestamp(v1) == gregorian_timestamp(v6));
  FUZZ_CHECK(clock_seq(v1) == clock_seq(v6));
  FUZZ_CHECK(node(v1) == node(v6));
  FUZZ_CHECK(unix_micros(v1) == unix_micros(v6));
  // v6 → v1 → v6.
  const Uuid w6 = stamped(x, 6);
  FUZZ_CHECK(v1_to_v6(v6_to_v1(w6)) == w6);
  // Anything else is refused, naming the value.
  const int version = version_of(x);
  for (int want : {1, 6}) {
    try {
      const Uuid out = want == 1 ? v1_to_v6(x) : v6_to_v1(x);
      FUZZ_CHECK(version == want);
      FUZZ_CHECK(version_of(out) == 7 - want);
    } catch (const Error& e) {
      FUZZ_CHECK(version != want);
      FUZZ_CHECK(e.code() == Errc::invalid_parameter);
      FUZZ_CHECK(std::string(e.what()).find(to_string(x)) != std::string::npos);
    }
  }
}

// §5.6: a v6 sorts by its timestamp first.
void check_v6_order(const Uuid& x, const Uuid& y) {
  const Uuid a = stamped(x, 6), b = stamped(y, 6);
  const auto ta = *gregorian_timestamp(a), tb = *gregorian_timestamp(b);
  if (ta < tb) FUZZ_CHECK(a < b);
  if (ta > tb) FUZZ_CHECK(a > b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Reader in(data, size);
  const Uuid x = in.uuid(), y = in.uuid();
  check_encodings(x, y);
  check_conversion(x);
  check_v6_order(x, y);
  return 0;
}
