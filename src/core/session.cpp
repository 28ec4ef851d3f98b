// session.cpp: resetting a process's generator state in forked children.
#include "session.hpp"

#include <pthread.h>

namespace uuidx {

namespace {

Session* forked_child_session = nullptr;  // the session a forked child must forget

void forget_in_child() {
  if (forked_child_session != nullptr) forked_child_session->forget();
}

}  // namespace

void Session::forget() noexcept {
  random.discard();
  v7 = V7State{};
  gregorian = GregorianState{};
}

bool forget_in_forked_children(Session& session) noexcept {
  static bool registered = false;
  if (!registered) registered = pthread_atfork(nullptr, nullptr, &forget_in_child) == 0;
  if (registered) forked_child_session = &session;
  return registered;
}

}  // namespace uuidx
