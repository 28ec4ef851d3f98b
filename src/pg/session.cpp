// session.cpp: the backend's generator state over OpenSSL's CSPRNG, and the wall clock.
#include "session.hpp"

#include <time.h>

#include <openssl/rand.h>

#include "../core/session.hpp"

namespace uuidx_pg {

namespace {

// OpenSSL's CSPRNG (RFC 9562 §6.9). RAND_bytes reseeds itself after fork; the buffer in front of
// it does not, hence the fork handler (forget_in_forked_children).
bool openssl_refill(std::uint8_t* out, std::size_t n) { return RAND_bytes(out, static_cast<int>(n)) == 1; }

// A plain static: one per backend process, filled lazily on first use.
uuidx::Session session(&openssl_refill);

}  // namespace

uuidx::RandomSource& session_random() noexcept { return session.random; }
uuidx::V7State& session_v7() noexcept { return session.v7; }
uuidx::GregorianState& session_gregorian() noexcept { return session.gregorian; }

std::int64_t clock_now_ns() noexcept {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

bool install_fork_guard() noexcept { return uuidx::forget_in_forked_children(session); }

}  // namespace uuidx_pg
