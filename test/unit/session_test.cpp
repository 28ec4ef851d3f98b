// A real fork(): the child must not reuse the parent's buffered random bytes or sequences.
#include <gtest/gtest.h>
#include <openssl/rand.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "session.hpp"

namespace uuidx {
namespace {

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
