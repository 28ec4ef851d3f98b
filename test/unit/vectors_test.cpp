// RFC 9562 Appendix A vectors for the time-based versions and v4, through the core's layouts.
#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

using namespace testing;

// Appendix A: v1 and v6 share the 60-bit timestamp 0x1EC9414C232AB00, clock_seq 0b11,0x3C8
// (= 0x33C8) and node 0x9F6BDECED846.
constexpr std::uint64_t kA1Timestamp = 0x1EC9414C232AB00ULL;
constexpr std::uint16_t kA1ClockSeq = 0x33C8;
const Node kA1Node{0x9F, 0x6B, 0xDE, 0xCE, 0xD8, 0x46};
// Tuesday, February 22, 2022 2:22:22.000000 PM GMT-05:00 in µs since the Unix epoch.
static_assert(kA6Micros == 1645557742000000LL);

TEST(AppendixA, V1LayoutA1) {
  EXPECT_EQ(to_string(encode_v1(kA1Timestamp, kA1ClockSeq, kA1Node)), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
}

TEST(AppendixA, V6LayoutA5) {
  EXPECT_EQ(to_string(encode_v6(kA1Timestamp, kA1ClockSeq, kA1Node)), "1ec9414c-232a-6b00-b3c8-9f6bdeced846");
}

TEST(AppendixA, V1ToV6AndBackA1A5) {
  EXPECT_EQ(v1_to_v6(kA1), kA5);
  EXPECT_EQ(v6_to_v1(kA5), kA1);
}

TEST(AppendixA, V1FieldsA1) {
  EXPECT_EQ(version_of(kA1), 1);
  EXPECT_EQ(variant_of(kA1), Variant::rfc9562);
  EXPECT_EQ(gregorian_timestamp(kA1), kA1Timestamp);
  EXPECT_EQ(gregorian_timestamp(kA1), 138648505420000000ULL);  // the decimal form in Appendix A
  EXPECT_EQ(clock_seq(kA1), kA1ClockSeq);
  EXPECT_EQ(node(kA1), kA1Node);
  EXPECT_EQ(unix_micros(kA1), kA6Micros);
}

TEST(AppendixA, V6FieldsA5) {
  EXPECT_EQ(version_of(kA5), 6);
  EXPECT_EQ(gregorian_timestamp(kA5), kA1Timestamp);
  EXPECT_EQ(clock_seq(kA5), kA1ClockSeq);
  EXPECT_EQ(node(kA5), kA1Node);
  EXPECT_EQ(unix_micros(kA5), kA6Micros);
}

TEST(AppendixA, V7LayoutA6) {
  // rand_b is 0b01 then 0x8C4DC0C0C07398F; the top two bits given here are overwritten by 10.
  const std::array<std::uint8_t, 8> rand{0x58, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39, 0x8F};
  const Uuid v7 = encode_v7(0x017F22E279B0ULL, 0xCC3, rand);
  EXPECT_EQ(to_string(v7), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
  EXPECT_EQ(v7_unix_ms(v7), 1645557742000ULL);
  EXPECT_EQ(unix_micros(v7), kA6Micros);
}

TEST(AppendixA, V7AtAppendixInstantHasItsMillisecond) {
  FakeRandom rng;
  const Uuid v7 = generate_v7_at(kA6Micros, rng);
  EXPECT_EQ(to_string(v7).substr(0, 18), "017f22e2-79b0-7000");  // ms 0x017F22E279B0, fraction 0
  EXPECT_EQ(version_of(v7), 7);
  EXPECT_EQ(variant_of(v7), Variant::rfc9562);
}

TEST(AppendixA, V4LayoutA3) {
  const Uuid random = U("919108F7-52D1-3320-5BAC-F847DB4148A8");
  EXPECT_EQ(to_string(encode_v4(random)), "919108f7-52d1-4320-9bac-f847db4148a8");
}

TEST(AppendixA, TimestampPseudocodeFigure15) {
  // Greg_100_ns = Unix_64_bit_ns / 100 + Greg_Unix_offset
  EXPECT_EQ(1645557742000000000ULL / 100 + kGregorianUnixOffset100ns, kA1Timestamp);
  EXPECT_EQ(kGregorianUnixOffset100ns, 0x01b21dd213814000ULL);
  // The generators use the same conversion: a frozen clock at that instant yields that timestamp.
  FakeRandom rng;
  GregorianState state;
  const Uuid v1 = generate_v1(state, 1645557742000000000LL, rng);
  EXPECT_EQ(gregorian_timestamp(v1), kA1Timestamp);
}

}  // namespace
}  // namespace uuidx
