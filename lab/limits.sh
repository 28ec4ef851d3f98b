# limits.sh: time limits for the harness, so that no wait is unbounded. Source it, then
#   run_limited SECONDS CMD [ARG...]   # CMD (a program or function) in the background of this
#                                      # process group; its exit status, or 124 when it ran past
#                                      # SECONDS and was ended with its descendants
# The command stays in the caller's process group, so Ctrl-C or CI's SIGTERM to the group still
# reaches it (timeout(1) would move it into a group of its own). Needs pgrep (procps).

# kill_tree SIGNAL PID: PID and every process descended from it; each parent is stopped first so
# that it starts no new child while its children are signalled.
kill_tree() {
  local sig=$1 pid=$2 child
  kill -STOP "$pid" 2>/dev/null
  for child in $(pgrep -P "$pid"); do kill_tree "$sig" "$child"; done
  kill "-$sig" "$pid" 2>/dev/null
  kill -CONT "$pid" 2>/dev/null
}

run_limited() {
  local limit=$1 pid watchdog rc flag
  shift
  flag=$(mktemp /tmp/uuidx-limit.XXXXXX)
  "$@" &
  pid=$!
  # The watchdog: TERM to the command's tree at the limit, KILL 30 s later to what is left. Ended
  # early, it ends its sleep too: every job it started, so a TERM that comes between starting the
  # sleep and noting its pid leaves none behind. Its output goes nowhere, so that even a sleep
  # left behind holds no pipe of the caller's open (a `| tee` would wait for it).
  (
    trap 'kill $(jobs -p) 2>/dev/null; exit 0' TERM
    sleep "$limit" &
    wait $!
    echo timeout >"$flag"
    kill_tree TERM "$pid"
    sleep 30 &
    wait $!
    kill_tree KILL "$pid"
  ) >/dev/null 2>&1 &
  watchdog=$!
  wait "$pid"
  rc=$?
  kill -TERM "$watchdog" 2>/dev/null
  wait "$watchdog" 2>/dev/null
  [ -s "$flag" ] && rc=124
  rm -f "$flag"
  return "$rc"
}
