// Field extraction, variants and versions (RFC 9562 §4.1, §4.2), v1⇄v6 (§5.6) on random inputs.
#include <algorithm>

#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

using namespace testing;

Uuid with_bits(Uuid u, int version_nibble, std::uint8_t octet8_high) {
  u[6] = static_cast<std::uint8_t>((u[6] & 0x0f) | (version_nibble << 4));
  u[8] = static_cast<std::uint8_t>((u[8] & 0x0f) | octet8_high);
  return u;
}

TEST(Variant, Table1EveryHighNibble) {
  // §4.1 Table 1: 0-7 NCS, 8-B RFC 9562, C-D Microsoft, E-F reserved.
  const Variant expected[16] = {Variant::ncs,       Variant::ncs,       Variant::ncs,      Variant::ncs,
                                Variant::ncs,       Variant::ncs,       Variant::ncs,      Variant::ncs,
                                Variant::rfc9562,   Variant::rfc9562,   Variant::rfc9562,  Variant::rfc9562,
                                Variant::microsoft, Variant::microsoft, Variant::reserved, Variant::reserved};
  for (int hi = 0; hi < 16; ++hi) {
    const Uuid u = with_bits(Uuid{}, 4, static_cast<std::uint8_t>(hi << 4));
    EXPECT_EQ(variant_of(u), expected[hi]) << "octet 8 high nibble " << hi;
    EXPECT_EQ(version_of(u), expected[hi] == Variant::rfc9562 ? 4 : -1);
  }
}

TEST(Variant, NilAndMax) {
  EXPECT_EQ(to_string(nil_uuid()), "00000000-0000-0000-0000-000000000000");
  EXPECT_EQ(to_string(max_uuid()), "ffffffff-ffff-ffff-ffff-ffffffffffff");
  EXPECT_EQ(variant_of(nil_uuid()), Variant::ncs);       // §5.9
  EXPECT_EQ(variant_of(max_uuid()), Variant::reserved);  // §5.10
  EXPECT_EQ(version_of(nil_uuid()), -1);
  EXPECT_EQ(version_of(max_uuid()), -1);
  EXPECT_EQ(unix_micros(nil_uuid()), std::nullopt);
  EXPECT_EQ(unix_micros(max_uuid()), std::nullopt);
}

TEST(Version, EveryNibbleOfTheRfcVariant) {
  for (int v = 0; v < 16; ++v) EXPECT_EQ(version_of(with_bits(Uuid{}, v, 0x80)), v);
}

TEST(Extract, OnlyTimeBasedVersionsHaveTime) {
  for (int v = 0; v < 16; ++v) {
    const Uuid u = with_bits(kA1, v, 0x80);
    const bool gregorian = v == 1 || v == 6;
    EXPECT_EQ(unix_micros(u).has_value(), gregorian || v == 7) << "version " << v;
    EXPECT_EQ(clock_seq(u).has_value(), gregorian) << "version " << v;
    EXPECT_EQ(node(u).has_value(), gregorian) << "version " << v;
  }
}

TEST(Extract, ForeignVariantsHaveNoFields) {
  for (std::uint8_t hi : {0x00, 0x70, 0xc0, 0xd0, 0xe0, 0xf0}) {
    const Uuid u = with_bits(kA1, 1, hi);
    EXPECT_EQ(unix_micros(u), std::nullopt);
    EXPECT_EQ(clock_seq(u), std::nullopt);
    EXPECT_EQ(node(u), std::nullopt);
    EXPECT_EQ(gregorian_timestamp(u), std::nullopt);
  }
}

TEST(Extract, V1BeforeUnixEpochTruncatesTowardThePast) {
  // 1 × 100 ns before 1970: -0.1 µs truncates to -1 µs, not 0.
  const Uuid u = encode_v1(kGregorianUnixOffset100ns - 1, 0, Node{});
  EXPECT_EQ(unix_micros(u), -1);
  // The Gregorian epoch itself: 1582-10-15.
  EXPECT_EQ(unix_micros(encode_v6(0, 0, Node{})), -12219292800000000LL);
}

TEST(Extract, V7SubMillisecondRoundTripsEveryMicrosecond) {
  FakeRandom rng;
  const std::int64_t base_us = 1767225600000000LL;
  for (int us = 0; us < 1000; ++us) {
    const Uuid v7 = generate_v7_at(base_us + us, rng);
    ASSERT_EQ(unix_micros(v7, true), base_us + us) << us;
    ASSERT_EQ(unix_micros(v7, false), base_us) << us;
  }
}

TEST(Convert, RoundTripOfRandomV1AndV6IsBitExact) {
  FakeRandom rng;
  for (int i = 0; i < 100000; ++i) {
    Uuid u;
    rng.fill(u.data(), u.size());
    stamp_version(u, 1);
    const Uuid v6 = v1_to_v6(u);
    ASSERT_EQ(version_of(v6), 6);
    ASSERT_EQ(gregorian_timestamp(v6), gregorian_timestamp(u));
    ASSERT_EQ(v6_to_v1(v6), u);
    Uuid w;
    rng.fill(w.data(), w.size());
    stamp_version(w, 6);
    ASSERT_EQ(v1_to_v6(v6_to_v1(w)), w);
  }
}

TEST(Convert, V6SortsByTimeWhereV1DoesNot) {
  FakeRandom rng;
  std::vector<std::pair<std::uint64_t, Uuid>> v6s, v1s;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t ts = rng.next() >> 4;  // 60 bits
    v6s.emplace_back(ts, encode_v6(ts, 0x1234, Node{1, 2, 3, 4, 5, 6}));
    v1s.emplace_back(ts, encode_v1(ts, 0x1234, Node{1, 2, 3, 4, 5, 6}));
  }
  const auto by_bytes = [](const auto& a, const auto& b) { return a.second < b.second; };
  std::sort(v6s.begin(), v6s.end(), by_bytes);
  std::sort(v1s.begin(), v1s.end(), by_bytes);
  for (std::size_t i = 1; i < v6s.size(); ++i) ASSERT_LE(v6s[i - 1].first, v6s[i].first);
  // §5.1: v1 starts with time_low, so byte order is not time order: most neighbours disagree.
  std::size_t v1_out_of_time_order = 0;
  for (std::size_t i = 1; i < v1s.size(); ++i) v1_out_of_time_order += v1s[i - 1].first > v1s[i].first;
  EXPECT_GT(v1_out_of_time_order, v1s.size() / 4);
}

void expect_conversion_error(const Uuid& in, bool to_v6, const std::string& fragment) {
  const Error e = error_of([&] { to_v6 ? v1_to_v6(in) : v6_to_v1(in); });
  EXPECT_EQ(e.code(), Errc::invalid_parameter) << to_string(in);
  EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find(to_string(in)), std::string::npos) << e.what();
}

TEST(Convert, RejectsEverythingElseNamingWhatItGot) {
  for (int v = 0; v < 16; ++v) {
    if (v != 1)
      expect_conversion_error(with_bits(kA1, v, 0x80), true, "is version " + std::to_string(v) + ", not version 1");
    if (v != 6)
      expect_conversion_error(with_bits(kA1, v, 0x80), false, "is version " + std::to_string(v) + ", not version 6");
  }
  expect_conversion_error(nil_uuid(), true, "is the nil UUID");
  expect_conversion_error(max_uuid(), false, "is the max UUID");
  expect_conversion_error(with_bits(kA1, 1, 0xc0), true, "Microsoft variant");
  expect_conversion_error(with_bits(kA1, 6, 0x40), false, "NCS variant");
  expect_conversion_error(with_bits(kA1, 1, 0xe0), true, "reserved variant");
}

TEST(Text, ParseAndFormat) {
  Uuid u;
  EXPECT_TRUE(parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED846", u));
  EXPECT_EQ(to_string(u), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
  EXPECT_FALSE(parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED84", u));
  EXPECT_FALSE(parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED84G", u));
  EXPECT_FALSE(parse_uuid("C232AB00+9414-11EC-B3C8-9F6BDECED846", u));
}

// The forms PostgreSQL's uuid input takes, and the tick a v7 key orders by.
TEST(Text, UuidFromTextTakesWhatUuidInputTakes) {
  const Uuid want = U("019b7a8c-3d2e-7f41-9a2b-3c4d5e6f7081");
  for (const char* ok : {"{019B7A8C3D2E7F419A2B3C4D5E6F7081}", "019b-7a8c-3d2e-7f41-9a2b-3c4d-5e6f-7081"})
    EXPECT_EQ(uuid_from_text(ok), want) << ok;
  for (const char* bad :
       {"", "{}", "019b7a8c3d2e7f419a2b3c4d5e6f708", "019b7a8c3d2e7f419a2b3c4d5e6f70811",
        "019b7a8c3d2e7f419a2b3c4d5e6f7081-", "-019b7a8c3d2e7f419a2b3c4d5e6f7081", "019b7a8-c3d2e7f419a2b3c4d5e6f7081",
        "{019b7a8c3d2e7f419a2b3c4d5e6f7081", " 019b7a8c3d2e7f419a2b3c4d5e6f7081"})
    EXPECT_FALSE(uuid_from_text(bad)) << bad;
  EXPECT_EQ(v7_tick(want), std::uint64_t{0x019b7a8c3d2e} << 12 | 0xf41);
  EXPECT_FALSE(v7_tick(U("c232ab00-9414-11ec-b3c8-9f6bdeced846")));  // a v1
}

}  // namespace
}  // namespace uuidx
