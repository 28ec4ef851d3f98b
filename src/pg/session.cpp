// session.cpp: the backend's generator state over OpenSSL's CSPRNG, and the wall clock.
#include "session.hpp"

#include <time.h>

#include <openssl/rand.h>

#include "../core/session.hpp"

#ifdef UUIDX_FAULT_INJECTION
#include "pg.hpp"
extern "C" {
#include "utils/guc.h"
}
#endif

namespace uuidx_pg {

namespace {

// OpenSSL's CSPRNG (RFC 9562 §6.9). RAND_bytes reseeds itself after fork; the buffer in front of
// it does not, hence the fork handler (forget_in_forked_children).
#ifdef UUIDX_FAULT_INJECTION
// Test builds only (make UUIDX_FAULT_INJECTION=1, never shipped): uuidx.test_random_failure makes
// every refill fail as a failing CSPRNG would.
bool test_random_failure = false;
#endif

bool openssl_refill(std::uint8_t* out, std::size_t n) {
#ifdef UUIDX_FAULT_INJECTION
  if (test_random_failure) return false;
#endif
  return RAND_bytes(out, static_cast<int>(n)) == 1;
}

// A plain static: one per backend process, filled lazily on first use.
uuidx::Session session(&openssl_refill);

}  // namespace

uuidx::RandomSource& session_random() noexcept {
#ifdef UUIDX_FAULT_INJECTION
  if (test_random_failure) session.random.discard();  // so that this call's draw refills, and fails
#endif
  return session.random;
}
uuidx::V7State& session_v7() noexcept { return session.v7; }
uuidx::GregorianState& session_gregorian() noexcept { return session.gregorian; }

std::int64_t clock_now_ns() noexcept {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

bool install_fork_guard() noexcept { return uuidx::forget_in_forked_children(session); }

#ifdef UUIDX_FAULT_INJECTION
void install_test_hooks() {
  DefineCustomBoolVariable("uuidx.test_random_failure", "Test builds only: every refill of the random buffer fails.",
                           nullptr, &test_random_failure, false, PGC_USERSET, 0, nullptr, nullptr, nullptr);
  // Fills the state as a first call would, in every process that loads the library: in the
  // postmaster too when preloaded, so every backend inherits a full random buffer and a seeded
  // v1 node, and only the fork handler keeps two backends from using the same ones.
  try {
    uuidx::generate_v1(session.gregorian, clock_now_ns(), session.random);
    uuidx::generate_v7(session.v7, clock_now_ns(), session.random);
  } catch (...) {
  }
}
#endif

}  // namespace uuidx_pg
