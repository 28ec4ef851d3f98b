# ahead.sh: what the later parts of a full run need in the Debian roots, made in the background
# while the suites on the machine run. lab/run.sh sources it (after root.sh and lab/matrix.sh) and calls
#   ahead_start LOG MAJOR...   # for the majors under test
#   ahead_stop                 # ends it, with what it started, if it is still running
# In the order the run needs them: the roots; in each, side by side, the packages and servers of its
# majors (run-tests.sh --install-only there), at the suites' own priority (the 16.2 build is on the run's
# longest path); then the servers across majors (15.20 and 18.6 in trixie) and Citus, at nice 10
# and best-effort I/O class 7 (never idle: a lane could wait on a build starved of CPU). Whoever
# needs one first makes it and the other waits (the locks of root.sh, pgserver.sh and citus.sh);
# what fails here is made again, and reported, by the suite that needs it.

source "$(dirname "${BASH_SOURCE[0]}")/limits.sh"  # kill_tree

ahead_prepare() {
  local v r path m roots=()
  local -A majors_in=() cross_in=()
  for v in "$@"; do
    r=${UUIDX_MAJOR_ROOT[$v]:-}
    [ -n "$r" ] || continue
    [[ " ${roots[*]} " == *" $r "* ]] || roots+=("$r")
    majors_in[$r]+="$v "
  done
  for path in "${UUIDX_CROSS_PATHS[@]}"; do
    r=${path%%:*}
    for m in ${path#*:}; do [[ " $* " == *" $m "* ]] && cross_in[$r]+="$m "; done
    [ -n "${cross_in[$r]:-}" ] && [[ " ${roots[*]} " != *" $r "* ]] && roots+=("$r")
  done
  for r in "${roots[@]}"; do
    echo "ahead: the $r root"
    root_provide "$r" >/dev/null || return 1
  done
  # The roots side by side: each has an apt of its own, and one root's build (16.2) need not hold
  # back another's packages (sid's frameworks, which its lane reaches first).
  local pids=() pid
  for r in "${roots[@]}"; do
    [ -n "${majors_in[$r]:-}" ] || continue
    echo "ahead: packages and servers of ${majors_in[$r]}in the $r root"
    UUIDX_ROOT_ENV=UUIDX_SUITES root_run "$r" env UUIDX_PG_VERSIONS="${majors_in[$r]% }" \
      UUIDX_RUN_SCOPES="major cross-pairs packages" bash /uuidx/repo/test/run-tests.sh --install-only &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  renice -n 10 -p "$BASHPID" >/dev/null
  ionice -c 2 -n 7 -p "$BASHPID"
  for r in "${roots[@]}"; do
    [ -n "${cross_in[$r]:-}" ] || continue
    echo "ahead: servers across ${cross_in[$r]}and Citus in the $r root"
    # shellcheck disable=SC2086
    root_run "$r" bash /uuidx/repo/lab/ahead_in_root.sh "${cross_in[$r]% }" \
      "$(root_majors "$r" ${cross_in[$r]} | tr '\n' ' ')"
  done
  echo "ahead: done"
}

ahead_pid=""
ahead_start() {
  local log=$1
  shift
  (
    start=$(date +%s)
    ahead_prepare "$@"
    echo "ahead: ended with status $? after $(($(date +%s) - start)) s"
  ) >"$log" 2>&1 </dev/null &
  ahead_pid=$!
}

ahead_stop() {
  [ -n "$ahead_pid" ] || return 0
  if kill -0 "$ahead_pid" 2>/dev/null; then
    kill_tree TERM "$ahead_pid"
    echo "ahead: ended by the run" >>"${1:-/dev/null}"
  fi
  wait "$ahead_pid" 2>/dev/null
  ahead_pid=""
}
