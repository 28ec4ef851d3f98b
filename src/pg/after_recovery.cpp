// after_recovery.cpp: uuidx.v7_above_replayed. A promoted standby or a server recovered to a
// point in time hands out keys from its own clock; if that clock is behind the clock of the
// server whose WAL it replayed, its first keys sort below keys already stored (RFC 9562 §6.2
// orders v7 by time). With the setting on, a backend's first v7 after recovery starts above the
// commit time of the last transaction replayed (pg_last_xact_replay_timestamp(), which stays as
// it was when recovery ended) plus a margin, read once per backend: the values of each session,
// and in server scope those of the shared sequence, which counts a backend's own last value,
// sort above every key a replayed transaction made while its server's clock was at or before
// its commit time.
#include "../core/generators.hpp"
#include "after_recovery.hpp"
#include "pg.hpp"
#include "session.hpp"

extern "C" {
#include "access/xlog.h"
#include "access/xlogrecovery.h"
#include "utils/guc.h"
}

namespace uuidx_pg {

bool v7_after_recovery_settled = false;

namespace {

bool v7_above_replayed = false;

// A commit's time is taken before its WAL record is inserted, so two transactions committing
// together can reach the WAL in the other order than their times: the last replayed commit is
// not always the latest. 1 ms covers that race where a backend is not descheduled in between.
constexpr std::int64_t kCommitOrderMarginMicros = 1000;

}  // namespace

void install_v7_above_replayed() {
  DefineCustomBoolVariable(
      "uuidx.v7_above_replayed",
      "After this server has replayed WAL from an archive or a primary, starts v7 values above the last replayed "
      "commit time.",
      "A promoted standby's or a point-in-time recovered server's first v7 values then sort above the keys its "
      "replayed transactions stored, even when its clock is behind the clock of the server that made them. Read "
      "at each session's first v7 after recovery.",
      &v7_above_replayed, false, PGC_SIGHUP, 0, nullptr, nullptr, nullptr);
}

void settle_v7_after_recovery() {
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
  v7_after_recovery_settled = true;
}

}  // namespace uuidx_pg
