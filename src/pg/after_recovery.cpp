// after_recovery.cpp: the floors of the v7 sequences. Another server's keys can sort above this
// server's new ones when its clock was ahead (RFC 9562 §6.2 orders v7 by time); two settings raise
// a backend's sequence above them, each read outside recovery at the backend's next v7:
//
// uuidx.v7_above_replayed: after a recovery that replayed WAL (a promoted standby, a point in
// time), above the commit time of the last transaction replayed (pg_last_xact_replay_timestamp(),
// which stays as it was when recovery ended) plus a margin: the same instant at every raise. It
// covers every key a replayed transaction made while its server's clock was at or before its
// commit time.
//
// uuidx.v7_above: above a key the user names (a logical switchover, where no WAL is replayed):
// above every v7 of that key's tick (its 48-bit unix_ts_ms and 12-bit rand_a), again after each
// reload that assigns it.
//
// Both raise the backend's own last value (session_v7()): the values of each session, and in
// server scope those of the shared sequence, whose compare-and-swap counts a backend's own last
// value (next_v7_position), so the shared position passes the floor at the first value made
// after a raise, with no lock and no second atomic.
#include "../core/generators.hpp"
#include "../core/layout.hpp"
#include "../core/v7time.hpp"
#include "after_recovery.hpp"
#include "pg.hpp"
#include "session.hpp"

extern "C" {
#include "access/xlog.h"
#include "access/xlogrecovery.h"
#include "utils/guc.h"
}

namespace uuidx_pg {

bool v7_floors_settled = false;

namespace {

bool v7_above_replayed = false;

// A commit's time is taken before its WAL record is inserted, so two transactions committing
// together can reach the WAL in the other order than their times: the last replayed commit is
// not always the latest. 1 ms covers that race where a backend is not descheduled in between.
constexpr std::int64_t kCommitOrderMarginMicros = 1000;

char* v7_above_text = nullptr;                 // uuidx.v7_above as written; "" when off
const std::uint64_t* v7_above_tick = nullptr;  // its key's tick (the GUC's "extra"), null when off

constexpr const char* kV7AboveHint =
    "Set it to the last key stored on the server the writes move from, as SELECT max(id) there returns it, "
    "or to '' to turn it off.";

// Runs wherever the value arrives, the postmaster's reload included: it reports through
// GUC_check_* and never raises.
bool check_v7_above(char** newval, void** extra, GucSource source) {
  if (*newval == nullptr || **newval == '\0') return true;  // off
  const std::optional<uuidx::Uuid> key = uuidx::uuid_from_text(*newval);
  if (!key) {
    GUC_check_errcode(ERRCODE_INVALID_TEXT_REPRESENTATION);
    GUC_check_errdetail("The value is not a UUID.");
    GUC_check_errhint("%s", kV7AboveHint);
    return false;
  }
  const std::optional<std::uint64_t> tick = uuidx::v7_tick(*key);
  if (!tick) {
    char kind[64];
    uuidx::describe_kind(*key, kind, sizeof kind);
    GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
    GUC_check_errdetail("The value is %s; only a UUIDv7 holds the time that orders v7 keys (RFC 9562 section 5.7).",
                        kind);
    GUC_check_errhint("%s", kV7AboveHint);
    return false;
  }
  auto* stored = static_cast<std::uint64_t*>(UUIDX_GUC_MALLOC(sizeof(std::uint64_t)));
  if (stored == nullptr) return false;
  *stored = *tick;
  *extra = stored;
  return true;
}

// Every backend assigns a reloaded value before its next command: its next v7 raises anew.
void assign_v7_above(const char* newval, void* extra) {
  v7_above_tick = static_cast<const std::uint64_t*>(extra);
  v7_floors_settled = false;
}

}  // namespace

void install_v7_floors() {
  DefineCustomBoolVariable(
      "uuidx.v7_above_replayed",
      "After this server has replayed WAL from an archive or a primary, starts v7 values above the last replayed "
      "commit time.",
      "A promoted standby's or a point-in-time recovered server's first v7 values then sort above the keys its "
      "replayed transactions stored, even when its clock is behind the clock of the server that made them. Read "
      "at each session's first v7 after recovery.",
      &v7_above_replayed, false, PGC_SIGHUP, 0, nullptr, nullptr, nullptr);
  DefineCustomStringVariable(
      "uuidx.v7_above", "A UUIDv7 key that every v7 value this server makes sorts above; '' (the default) for none.",
      "For writes moved to a server whose clock may be behind the one that made the key (a logical switchover). "
      "Until the clock passes the key's time, new values carry the instant after it. Every session reads it at "
      "its next command after a reload.",
      &v7_above_text, "", PGC_SIGHUP, 0, check_v7_above, assign_v7_above, nullptr);
}

void settle_v7_floors() {
  // On a hot standby the values follow its own clock: it stores none of them, and the WAL still
  // to come may carry later commits.
  if (RecoveryInProgress()) return;
  if (v7_above_replayed) {
    // 0 when this server replayed no commit from an archive or a primary (a crash recovery does
    // not track it): nothing to start above.
    const TimestampTz last_replayed = GetLatestXTime();
    if (last_replayed != 0) {
      const std::int64_t instant_ns =
          (static_cast<std::int64_t>(last_replayed) + kPgEpochUnixMicros + kCommitOrderMarginMicros) * 1000;
      call_core([&] { uuidx::raise_v7_above(session_v7(), instant_ns); });
    }
  }
  if (v7_above_tick != nullptr) uuidx::raise_v7_above_tick(session_v7(), *v7_above_tick);
  v7_floors_settled = true;
}

}  // namespace uuidx_pg
