// The buffered CSPRNG front end: chunked refills, no byte handed out twice, failures surface.
#include <gtest/gtest.h>

#include <vector>

#include "error.hpp"
#include "fakes.hpp"
#include "generators.hpp"
#include "random.hpp"

namespace uuidx {
namespace {

// A refill source that writes a running byte counter and records each call.
struct CountingSource {
  static inline std::uint64_t next_byte = 0;
  static inline int calls = 0;
  static inline std::size_t last_request = 0;
  static inline bool fail = false;
  static bool refill(std::uint8_t* out, std::size_t n) {
    ++calls;
    last_request = n;
    if (fail) return false;
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(next_byte++);
    return true;
  }
  static void reset() {
    next_byte = 0;
    calls = 0;
    last_request = 0;
    fail = false;
  }
};

class BufferedRandomTest : public ::testing::Test {
 protected:
  void SetUp() override { CountingSource::reset(); }
};

TEST_F(BufferedRandomTest, DrawsOneChunkPerFourKibibytes) {
  BufferedRandom rng(&CountingSource::refill);
  std::uint8_t out[16];
  for (int i = 0; i < 256; ++i) rng.fill(out, sizeof out);  // exactly 4096 bytes
  EXPECT_EQ(CountingSource::calls, 1);
  EXPECT_EQ(CountingSource::last_request, BufferedRandom::kChunk);
  rng.fill(out, 1);
  EXPECT_EQ(CountingSource::calls, 2);
}

TEST_F(BufferedRandomTest, HandsEveryByteOutOnceInOrder) {
  BufferedRandom rng(&CountingSource::refill);
  std::vector<std::uint8_t> all;
  for (std::size_t n : {1, 7, 16, 100, 4000, 3, 16, 600}) {  // crosses chunk boundaries
    std::vector<std::uint8_t> part(n);
    rng.fill(part.data(), n);
    all.insert(all.end(), part.begin(), part.end());
  }
  for (std::size_t i = 0; i < all.size(); ++i) ASSERT_EQ(all[i], static_cast<std::uint8_t>(i)) << i;
}

TEST_F(BufferedRandomTest, LargeRequestGoesStraightToTheSource) {
  BufferedRandom rng(&CountingSource::refill);
  std::vector<std::uint8_t> big(10000);
  rng.fill(big.data(), big.size());
  EXPECT_EQ(CountingSource::calls, 1);
  EXPECT_EQ(CountingSource::last_request, big.size());
}

TEST_F(BufferedRandomTest, DiscardForgetsBufferedBytes) {
  BufferedRandom rng(&CountingSource::refill);
  std::uint8_t a[16], b[16];
  rng.fill(a, sizeof a);
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 16);
  rng.discard();  // what the fork handler does in a child
  EXPECT_EQ(rng.buffered(), 0u);
  rng.fill(b, sizeof b);
  EXPECT_EQ(CountingSource::calls, 2);
  EXPECT_EQ(b[0], static_cast<std::uint8_t>(BufferedRandom::kChunk));  // fresh bytes, not a's
}

TEST_F(BufferedRandomTest, FailedRefillThrowsAndNeverReturnsWeakBytes) {
  BufferedRandom rng(&CountingSource::refill);
  CountingSource::fail = true;
  std::uint8_t out[16] = {};
  const Error e = testing::error_of([&] { rng.fill(out, sizeof out); });
  EXPECT_EQ(e.code(), Errc::random_failure);
  EXPECT_STREQ(e.what(), "could not generate random values");
  EXPECT_EQ(rng.buffered(), 0u);
  // A generator surfaces the same failure instead of producing a value.
  V7State state;
  EXPECT_THROW(generate_v7(state, 0, rng), Error);
  EXPECT_EQ(state.last_tick, 0u);
  CountingSource::fail = false;
  rng.fill(out, sizeof out);  // recovers once the source works again
  EXPECT_EQ(rng.buffered(), BufferedRandom::kChunk - 16);
}

TEST_F(BufferedRandomTest, V7UsesEightBytesThenFourInABurstV4Sixteen) {
  BufferedRandom rng(&CountingSource::refill);
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
