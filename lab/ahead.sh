# ahead.sh: what the later parts of a full test run need in the Debian roots, made in the
# background while the suites on the machine run. lab/run.sh sources it (it reads the
# matrix (lab/matrix.sh: UUIDX_MAJOR_ROOT, UUIDX_CROSS_PATHS; source root.sh first) and calls
#   ahead_start LOG MAJOR...   # starts it for the majors under test. What the roots' lanes
#                              # need first (the roots, their packages and servers: the 16.2
#                              # build, on the run's longest path) is made at the suites' own
#                              # priority; what they need last (the servers across majors,
#                              # Citus) at a lower one (nice 10, best-effort I/O class 7), never
#                              # starved (at nice 19 and in the idle class a lane could wait on a
#                              # build that got no CPU)
#   ahead_stop                 # ends it, with what it started, if it is still running
# In the order the run will need them: the roots; in each, the packages and servers of its majors
# (run-tests.sh --install-only there: the 16.2 build, Debian's 17, 18, 19); the servers of the
# runs across majors built from source (15.18, and 18.6 in the trixie root); Citus for 17 and 18.
# Whoever needs one of these first makes it and the other waits (the locks of root.sh,
# pgserver.sh and citus.sh), so nothing is made twice; what fails here is made again, and
# reported, by the suite that needs it.

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
  for r in "${roots[@]}"; do
    [ -n "${majors_in[$r]:-}" ] || continue
    echo "ahead: packages and servers of ${majors_in[$r]}in the $r root"
    UUIDX_ROOT_ENV=UUIDX_SUITES root_run "$r" env UUIDX_PG_VERSIONS="${majors_in[$r]% }" \
      UUIDX_RUN_SCOPES="major cross-pairs packages" bash /uuidx/repo/test/run-tests.sh --install-only
  done
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
