// The check of a client-made v7 key (client_v7.hpp): each refusal at its edge, the version before
// the time, whole ms only, and an accepted key staying accepted as the clock moves forward.
#include "client_v7.hpp"
#include "fakes.hpp"

namespace uuidx {
namespace {

using namespace testing;

// A v7 (RFC 9562 §5.7) with unix_ts_ms `ms` and the given rand_a; the rest of rand_b fixed.
Uuid v7_at(std::uint64_t ms, std::uint16_t rand_a = 0) {
  Uuid u{};
  for (int i = 0; i < 6; ++i) u[i] = static_cast<std::uint8_t>(ms >> (40 - 8 * i));
  u[6] = static_cast<std::uint8_t>(0x70 | ((rand_a >> 8) & 0x0f));
  u[7] = static_cast<std::uint8_t>(rand_a);
  u[8] = 0x80;  // variant 10 (§4.1)
  for (int i = 9; i < 16; ++i) u[i] = static_cast<std::uint8_t>(0x11 * i);
  return u;
}

constexpr std::int64_t kNowUs = 1796000000000000;  // 2026-11-30, the server's clock
ClientV7Limits limits(std::int64_t ahead_us, std::int64_t floor_us) {
  ClientV7Limits l;
  l.has_latest = true;
  l.latest_us = kNowUs + ahead_us;
  l.has_earliest = true;
  l.earliest_us = floor_us;
  return l;
}
constexpr std::int64_t kMinute = 60000000;
constexpr std::int64_t kFloor2020 = 1577836800000000;  // 2020-01-01 UTC

TEST(ClientV7, AcceptsAKeyAtAndUpToTheLimit) {
  const auto l = limits(kMinute, kFloor2020);
  EXPECT_EQ(check_client_v7(v7_at(kNowUs / 1000), l), ClientV7Verdict::accepted);
  EXPECT_EQ(check_client_v7(v7_at((kNowUs + kMinute) / 1000), l), ClientV7Verdict::accepted);
  EXPECT_EQ(check_client_v7(v7_at((kNowUs + kMinute) / 1000 + 1), l), ClientV7Verdict::too_far_ahead);
  EXPECT_EQ(check_client_v7(v7_at(kFloor2020 / 1000), l), ClientV7Verdict::accepted);
  EXPECT_EQ(check_client_v7(v7_at(kFloor2020 / 1000 - 1), l), ClientV7Verdict::too_early);
}

TEST(ClientV7, ReadsWholeMillisecondsOnly) {
  // A rand_a of all ones would read as 0.999 ms more under §6.2 Method 3; the client's rand_a is
  // random, so the key at the limit's ms is accepted whatever it holds.
  const auto l = limits(kMinute, kFloor2020);
  EXPECT_EQ(check_client_v7(v7_at((kNowUs + kMinute) / 1000, 0xfff), l), ClientV7Verdict::accepted);
}

TEST(ClientV7, RefusesTheBadValuesClientsMake) {
  const auto l = limits(kMinute, kFloor2020);
  EXPECT_EQ(check_client_v7(v7_at(1924992000000), l), ClientV7Verdict::too_far_ahead);  // 2031
  EXPECT_EQ(check_client_v7(v7_at(2145916800000), l), ClientV7Verdict::too_far_ahead);  // 2038
  EXPECT_EQ(check_client_v7(v7_at(0), l), ClientV7Verdict::too_early);                  // epoch 0
  EXPECT_EQ(check_client_v7(v7_at(kNowUs / 1000 + 5 * 60000), l), ClientV7Verdict::too_far_ahead);
  // Unix seconds written into the ms field: 1970-01-21.
  EXPECT_EQ(check_client_v7(v7_at(kNowUs / 1000000), l), ClientV7Verdict::too_early);
  // Unix µs cut to 48 bits: year 4000-odd.
  EXPECT_EQ(check_client_v7(v7_at(static_cast<std::uint64_t>(kNowUs) & 0xffffffffffffULL), l),
            ClientV7Verdict::too_far_ahead);
  // Seconds times 1000 is a time to the second: accepted.
  EXPECT_EQ(check_client_v7(v7_at(kNowUs / 1000000 * 1000), l), ClientV7Verdict::accepted);
}

TEST(ClientV7, RefusesAnotherVersionOrVariantFirst) {
  const auto l = limits(kMinute, kFloor2020);
  Uuid v4 = v7_at(kNowUs / 1000);
  v4[6] = static_cast<std::uint8_t>(0x40 | (v4[6] & 0x0f));
  EXPECT_EQ(check_client_v7(v4, l), ClientV7Verdict::not_v7);
  Uuid microsoft = v7_at(kNowUs / 1000);
  microsoft[8] = 0xc0;  // variant 110 (§4.1)
  EXPECT_EQ(check_client_v7(microsoft, l), ClientV7Verdict::not_v7);
  EXPECT_EQ(check_client_v7(Uuid{}, l), ClientV7Verdict::not_v7);
  // Even with no limit at all.
  EXPECT_EQ(check_client_v7(v4, ClientV7Limits{}), ClientV7Verdict::not_v7);
  EXPECT_EQ(check_client_v7(v7_at(0), ClientV7Limits{}), ClientV7Verdict::accepted);
}

TEST(ClientV7, AnAcceptedKeyStaysAcceptedAsTheClockMovesForward) {
  FakeRandom rng(7);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t ms = rng.next() & 0xffffffffffffULL;
    const std::int64_t clock = static_cast<std::int64_t>(rng.next() % (1ULL << 50));
    ClientV7Limits l;
    l.has_latest = true;
    l.latest_us = clock + kMinute;
    l.has_earliest = true;
    l.earliest_us = kFloor2020;
    const bool before = check_client_v7(v7_at(ms), l) == ClientV7Verdict::accepted;
    l.latest_us += static_cast<std::int64_t>(rng.next() % (1ULL << 40));
    const bool after = check_client_v7(v7_at(ms), l) == ClientV7Verdict::accepted;
    ASSERT_TRUE(!before || after) << "ms " << ms << " clock " << clock;
  }
}

}  // namespace
}  // namespace uuidx
