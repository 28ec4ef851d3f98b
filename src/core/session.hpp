// session.hpp: one process's generator state (the random buffer, the v7 sequence, the v1/v6
// clock) and its reset in forked children, so no two processes share bytes or sequences.
#pragma once

#include "generators.hpp"
#include "random.hpp"

namespace uuidx {

struct Session {
  explicit Session(BufferedRandom::RefillFn refill) noexcept : random(refill) {}

  BufferedRandom random;
  V7State v7;
  GregorianState gregorian;

  // Forgets everything: buffered random bytes, the last v7 tick, the v1/v6 node, clock_seq and
  // last timestamp. The next use draws and seeds afresh.
  void forget() noexcept;
};

// Makes every child forked from now on call session.forget() before it returns from fork()
// (pthread_atfork), so state set up before a fork — e.g. in a postmaster that preloaded the
// library — is never used by two processes. One session per process: a later call replaces the
// earlier one. False when the handler could not be registered.
bool forget_in_forked_children(Session& session) noexcept;

}  // namespace uuidx
