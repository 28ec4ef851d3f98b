// session.cpp: per-backend generator state, OpenSSL's CSPRNG behind a buffer, and fork safety.
#include "session.hpp"

#include <pthread.h>
#include <time.h>

#include <openssl/rand.h>

namespace uuidx_pg {

namespace {

// OpenSSL's CSPRNG (RFC 9562 §6.9). RAND_bytes reseeds itself after fork; our buffer does not,
// hence the fork handler below.
bool openssl_refill(std::uint8_t* out, std::size_t n) { return RAND_bytes(out, static_cast<int>(n)) == 1; }

// Plain statics: one copy per backend process, filled lazily on first use.
uuidx::BufferedRandom random_bytes(&openssl_refill);
uuidx::V7State v7_state;
uuidx::GregorianState gregorian_state;

// In a forked child every byte and timestamp of the parent is the parent's: forget them all so
// two processes can never hand out the same random bytes or the same v1/v6 node and clock.
void forget_session_state() {
  random_bytes.discard();
  v7_state = uuidx::V7State{};
  gregorian_state = uuidx::GregorianState{};
}

}  // namespace

uuidx::RandomSource& session_random() noexcept { return random_bytes; }
uuidx::V7State& session_v7() noexcept { return v7_state; }
uuidx::GregorianState& session_gregorian() noexcept { return gregorian_state; }

std::int64_t clock_now_ns() noexcept {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

bool install_fork_guard() noexcept {
  static bool installed = false;
  if (!installed) installed = pthread_atfork(nullptr, nullptr, &forget_session_state) == 0;
  return installed;
}

}  // namespace uuidx_pg
