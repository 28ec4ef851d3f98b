// The buffered CSPRNG front end: chunked refills, no byte handed out twice, failures surface; and
// a real fork(): the child must not reuse the parent's buffered random bytes or sequences.
#include <openssl/rand.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "fakes.hpp"
#include "generators.hpp"
#include "session.hpp"

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

bool openssl_refill(std::uint8_t* out, std::size_t n) { return RAND_bytes(out, static_cast<int>(n)) == 1; }

// What the child saw right after fork(), sent back through a pipe.
struct ChildReport {
  std::size_t buffered;
  std::uint64_t last_tick;
  bool gregorian_seeded;
  std::uint8_t next_bytes[16];
};

TEST(Session, ForgetClearsEverything) {
  Session session(&openssl_refill);
  std::uint8_t b[16];
  session.random.fill(b, sizeof b);
  generate_v7(session.v7, 1767225600000000000LL, session.random);
  generate_v1(session.gregorian, 1767225600000000000LL, session.random);
  session.forget();
  EXPECT_EQ(session.random.buffered(), 0u);
  EXPECT_EQ(session.v7.last_tick, 0u);
  EXPECT_FALSE(session.gregorian.seeded);
  EXPECT_EQ(session.gregorian.last_100ns, 0u);
}

TEST(Session, ForkedChildForgetsTheParentsBytesAndSequences) {
  static Session session(&openssl_refill);
  ASSERT_TRUE(forget_in_forked_children(session));
  std::uint8_t warm[16];
  session.random.fill(warm, sizeof warm);  // the buffer now holds bytes a child must not reuse
  generate_v7(session.v7, 1767225600000000000LL, session.random);
  generate_v6(session.gregorian, 1767225600000000000LL, session.random);
  ASSERT_GT(session.random.buffered(), 0u);

  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ChildReport report{session.random.buffered(), session.v7.last_tick, session.gregorian.seeded, {}};
    session.random.fill(report.next_bytes, sizeof report.next_bytes);
    const bool sent = write(fds[1], &report, sizeof report) == static_cast<ssize_t>(sizeof report);
    _exit(sent ? 0 : 1);
  }
  close(fds[1]);
  ChildReport report{};
  ASSERT_EQ(read(fds[0], &report, sizeof report), static_cast<ssize_t>(sizeof report));
  close(fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  EXPECT_EQ(report.buffered, 0u);  // the parent's buffered bytes were dropped, not inherited
  EXPECT_EQ(report.last_tick, 0u);
  EXPECT_FALSE(report.gregorian_seeded);  // the child picks its own node and clock_seq
  std::uint8_t parent_next[16];
  session.random.fill(parent_next, sizeof parent_next);
  EXPECT_NE(std::memcmp(report.next_bytes, parent_next, sizeof parent_next), 0)
      << "parent and child handed out the same random bytes";
}

}  // namespace
}  // namespace uuidx
