# limits.sh: `run_limited SECONDS CMD...` runs CMD (program or function); its status, or 124 when
# it ran past SECONDS and was ended with its descendants. Unlike timeout(1) it keeps CMD in the
# caller's process group, so Ctrl-C or CI's SIGTERM still reaches it. Needs pgrep (procps).

# kill_tree SIGNAL PID: PID and its descendants, each parent stopped first so it forks no more.
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
  # Watchdog: TERM at the limit, KILL 30 s later. Ended early, it kills all its jobs (a TERM before
  # $! is noted leaves no sleep behind); no output, so no caller's pipe is held open.
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
