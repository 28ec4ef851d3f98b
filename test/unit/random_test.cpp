// The buffered CSPRNG front end: chunked refills, no byte handed out twice, failures surface.
#include <gtest/gtest.h>

#include <vector>

#include "fakes.hpp"
#include "generators.hpp"

namespace uuidx {
namespace {

// What the refill source did: it writes a running byte counter, and fails while `fail` is set.
struct Refills {
  std::uint64_t next_byte = 0;
  int calls = 0;
  std::size_t last_request = 0;
  bool fail = false;
} refills;

bool counting_refill(std::uint8_t* out, std::size_t n) {
  ++refills.calls;
  refills.last_request = n;
  if (refills.fail) return false;
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(refills.next_byte++);
  return true;
}

// Each test: a fresh source and a fresh front end over it.
struct BufferedRandomTest : ::testing::Test {
  void SetUp() override { refills = Refills{}; }
  BufferedRandom rng{&counting_refill};
};

TEST_F(BufferedRandomTest, DrawsOneChunkPerFourKibibytes) {
  std::uint8_t out[16];
  for (int i = 0; i < 256; ++i) rng.fill(out, sizeof out);  // exactly 4096 bytes
  EXPECT_EQ(refills.calls, 1);
  EXPECT_EQ(refills.last_request, BufferedRandom::kChunk);
  rng.fill(out, 1);
  EXPECT_EQ(refills.calls, 2);
}

TEST_F(BufferedRandomTest, HandsEveryByteOutOnceInOrder) {
  std::vector<std::uint8_t> all;
  for (std::size_t n : {1, 7, 16, 100, 4000, 3, 16, 600}) {  // crosses chunk boundaries
    std::vector<std::uint8_t> part(n);
    rng.fill(part.data(), n);
    all.insert(all.end(), part.begin(), part.end());
  }
  for (std::size_t i = 0; i < all.size(); ++i) ASSERT_EQ(all[i], static_cast<std::uint8_t>(i)) << i;
}

TEST_F(BufferedRandomTest, LargeRequestGoesStraightToTheSource) {
  std::vector<std::uint8_t> big(10000);
  rng.fill(big.data(), big.size());
  EXPECT_EQ(refills.calls, 1);
  EXPECT_EQ(refills.last_request, big.size());
}

TEST_F(BufferedRandomTest, DiscardForgetsBufferedBytes) {
  std::uint8_t a[16], b[16];
  rng.fill(a, sizeof a);
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 16);
  rng.discard();  // what the fork handler does in a child
  EXPECT_EQ(rng.buffered(), 0u);
  rng.fill(b, sizeof b);
  EXPECT_EQ(refills.calls, 2);
  EXPECT_EQ(b[0], static_cast<std::uint8_t>(BufferedRandom::kChunk));  // fresh bytes, not a's
}

TEST_F(BufferedRandomTest, FailedRefillThrowsAndNeverReturnsWeakBytes) {
  refills.fail = true;
  std::uint8_t out[16] = {};
  const Error e = testing::error_of([&] { rng.fill(out, sizeof out); });
  EXPECT_EQ(e.code(), Errc::random_failure);
  EXPECT_STREQ(e.what(), "could not generate random values");
  EXPECT_EQ(rng.buffered(), 0u);
  // A generator surfaces the same failure instead of producing a value.
  V7State state;
  EXPECT_THROW(generate_v7(state, 0, rng), Error);
  EXPECT_EQ(state.last_tick, 0u);
  refills.fail = false;
  rng.fill(out, sizeof out);  // recovers once the source works again
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 16);
}

TEST_F(BufferedRandomTest, V7UsesEightBytesThenFourInABurstV4Sixteen) {
  V7State state;
  generate_v7(state, 1767225600000000000LL, rng);  // a fresh rand_b
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 8);
  generate_v7(state, 1767225600000000000LL, rng);  // the same tick: an increment of rand_b
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 12);
  generate_v4(rng);
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 28);
}

}  // namespace
}  // namespace uuidx
