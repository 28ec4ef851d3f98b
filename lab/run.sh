#!/usr/bin/env bash
# run.sh: the lab's runner, behind test/run-tests.sh (the README's second command; .ci/run calls it).
# Installs what it needs, provides a PostgreSQL server of every major under test, builds and
# installs the extension against each, runs every suite in test/suites/ in name order, and ends
# with one line "N passed, N failed[, N skipped]" summing them all.
#
# (every variable: CONTRIBUTING.md, "Variables")
#   --install-only                 only the install step: every package the suites and the
#                                  harness install on this machine, and the server of each major
#                                  run here (lab/checks/03_minimal_machine checks that afterwards every
#                                  program a script calls is found)
#
# No wait is unbounded (lab/limits.sh): a suite that runs past its limit (1800 s, or its own
# "# timeout: N" line) is ended with every process it started and counts one failure, and so is
# the run in a Debian root after 3600 s.
#
# Where each major comes from and where it runs: lab/matrix (lab/pgserver.sh provides a server,
# lab/root.sh makes the roots).
# For a major tested in a root this script runs again inside it for that major's suites, and its
# counts join this run's. The suites across majors run along the upgrade paths users take, where
# both servers run: the matrix's "path" lines.
# A major that cannot be provided counts as a failure under CI (CI set); elsewhere (no network,
# say) it is skipped with a line saying why.
#
# Lanes (what runs in one Debian root, beside the machine's suites): CONTRIBUTING.md.
#
# A suite is a bash script test/suites/NN_name.sh that speaks TAP; the runner runs it under
# `prove --verbose` (after the suites, per major, lab/kinds/*.sh run PGXS's targets of TAP and
# isolation tests). lab/count.sh counts every suite's checks and skips. Header lines it may have:
#   # packages:, # major:, # server:, # root:, # variant:   CONTRIBUTING.md, "What a suite asks of the lab"
#   # timeout: N            seconds it may take (default 1800)
#   # runs: prove           it runs prove itself (lab/kinds/tap.sh), so is not run under prove
#   # scope: once           runs once (the core, formatting, fuzzing: nothing of a server)
#   # scope: cross-pairs    runs last in the lane of each root of an upgrade path, for the
#                           majors of that path (the TAP tests across majors: lab/kinds/tap_cross.sh)
#   # scope: packages       runs with the suites of no server on the machine, for its own majors,
#                           and in each root of an upgrade path, for that path's majors (the
#                           Debian packages, built where each major is packaged)
#                           (UUIDX_PG_SERVERS: a cluster of each packaged major; the lab's
#                           builds installed again after it)
#   # scope: root           runs once per Debian root, from the machine, first in that root's
#                           lane (UUIDX_LANE_ROOT names the root): the quickstart there
#   # scope: release        runs once on the machine, last, after the runs in the roots (the
#                           whole release, made from what the package suites built)
#   (another scope ends the run before it starts, naming the suite: lab/checks/05_counts)
# Without a scope line a suite runs once per major, with PG_CONFIG, PGBIN, PATH,
# UUIDX_PG_MAJOR and UUIDX_BUILD_DIR set for that major's server and build. Every suite gets
# UUIDX_VENDOR_DIR (lab/vendor.sh). The lab's self-checks, lab/checks/NN_*.sh, run as suites.
# A suite that exits non-zero without a failed check, or dies, counts one failure.
#
# Skips, each with its reason, are counted and listed at the end; one lab/skips does not list
# fails the run under CI (CONTRIBUTING.md, "How a run is counted").
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
install_only=""
[ "${1:-}" = --install-only ] && install_only=1
source lab/deps.sh
source lab/limits.sh
source lab/pgserver.sh
source lab/build.sh
source lab/root.sh
source lab/count.sh
source lab/variant.sh
source lab/vendor.sh
export UUIDX_VENDOR_DIR
# CI mode: on when CI is set to anything but empty, false, 0 or no (.ci/run sets CI=true).
case ${CI:-} in "" | false | 0 | no) unset CI ;; *) export CI=true ;; esac

# The majors, where each runs and the upgrade paths by root: the matrix (lab/matrix).
source lab/matrix.sh
UUIDX_CROSS_ROOT=${UUIDX_CROSS_PATHS[0]%%:*}
# Inside a root this script runs only the scopes it is given ("major", "cross-pairs packages"),
# and labels the suites across majors as the outer run does.
UUIDX_RUN_SCOPES=${UUIDX_RUN_SCOPES:-once root packages major cross-pairs release}
UUIDX_CROSS_LABEL=${UUIDX_CROSS_LABEL:-cross}

suite_scope() { local s; s=$(sed -n 's/^# scope: //p' "$1" | head -n 1); echo "${s:-major}"; }
runs_here() { [[ " $UUIDX_RUN_SCOPES " == *" $1 "* ]]; }

selected=()
skipped_suites=()
# The suites, then the kinds of test that PGXS runs (lab/kinds: TAP and isolation, per major).
for s in $(printf '%s\n' test/suites/*.sh lab/checks/[0-9]*.sh | sort -t/ -k3) lab/kinds/*.sh; do
  name=$(basename "$s" .sh)
  case $(suite_scope "$s") in once | root | packages | major | cross-pairs | release) ;; *)
    echo "uuidx: $s says \"# scope: $(suite_scope "$s")\", a scope the runner does not know"
    echo "0 passed, 1 failed"
    exit 1 ;;
  esac
  runs_here "$(suite_scope "$s")" || continue
  if [ -n "${UUIDX_SUITES:-}" ]; then
    keep=""
    for w in $UUIDX_SUITES; do [[ $name == *"$w"* ]] && keep=1; done
    [ -n "$keep" ] || { skipped_suites+=("$name"); continue; }
  fi
  selected+=("$s")
done

packages=("${UUIDX_BUILD_PACKAGES[@]}" "${UUIDX_TEST_PACKAGES[@]}")
for s in "${selected[@]}"; do
  grep -q '^# major: ' "$s" && continue  # (installed where it runs: run_suite)
  read -r -a extra <<<"$(sed -n 's/^# packages: //p' "$s" | head -n 1)"
  packages+=("${extra[@]}")
done
# The install step can stand alone: then it also takes what the harness installs on demand on
# this machine (what makes the Debian roots, the quickstart's server).
# (In a Debian root, the install step is the one of that root's majors: lab/ahead.sh.)
[ -n "$install_only" ] && [ -z "${UUIDX_ROOT:-}" ] && packages+=("${UUIDX_QUICKSTART_PACKAGES[@]}")
# What makes the roots, installed now on the machine: the preparation in the background makes them.
[ -z "${UUIDX_ROOT:-}" ] && packages+=("${UUIDX_ROOT_HOST_PACKAGES[@]}")
ensure_packages "${packages[@]}" || { echo "0 passed, 1 failed"; exit 1; }

if [ -n "${UUIDX_PG_VERSIONS:-}" ]; then
  read -r -a versions <<<"$UUIDX_PG_VERSIONS"
else
  versions=("${UUIDX_DOCUMENTED_MAJORS[@]}")
fi
if [ -n "$install_only" ]; then
  here=()
  for v in "${versions[@]}"; do
    [ -n "${UUIDX_MAJOR_ROOT[$v]:-}" ] && [ -z "${UUIDX_ROOT:-}" ] && continue
    pg_server_config "$v" >/dev/null || { echo "uuidx: could not provide PostgreSQL $v" >&2; exit 1; }
    here+=("$v")
  done
  # The packages of the suites of a few majors (the frameworks'), which run_suite installs when
  # the suite starts: taken now, after the servers and suite by suite in the run's order, they
  # are off the path of the lane that runs those majors.
  for s in "${selected[@]}"; do
    for v in "${here[@]}"; do
      [[ " $(sed -n 's/^# major: //p' "$s" | head -n 1) " == *" $v "* ]] || continue
      ensure_packages $(sed -n 's/^# packages: //p' "$s" | head -n 1) || exit 1
      break
    done
  done
  echo "== installed what the suites and the harness call on this machine"
  exit 0
fi
echo "== PostgreSQL majors under test: ${versions[*]}${UUIDX_ROOT:+ (in the Debian $UUIDX_ROOT root)}"

total_passed=0
total_failed=0
total_skipped=0
summary=()
log_dir=$(mktemp -d /tmp/uuidx-tests.XXXXXX)
chmod 755 "$log_dir"
# The run's start, which every summary line's "at +N s" counts from (a run in a root is given
# the outer run's); the machine's CPU counters then, for the share it was busy.
export UUIDX_RUN_T0=${UUIDX_RUN_T0:-$(date +%s)}
uuidx_remove_stale_scripts
cpu_busy_idle() { awk '/^cpu /{print $2+$3+$4+$7+$8, $5+$6}' /proc/stat; }
cpu_at_start=$(cpu_busy_idle)
since_t0() { echo "+$(($(date +%s) - UUIDX_RUN_T0)) s"; }

# A whole run on the machine prepares what its runs in the Debian roots need in the background,
# while the suites on the machine run (lab/ahead.sh; UUIDX_AHEAD=0 turns it off).
if [ -z "${UUIDX_ROOT:-}" ] && [ -z "${UUIDX_SUITES:-}" ]; then
  source lab/ahead.sh
  ahead_start "$log_dir/ahead.log" "${versions[@]}"
  trap 'ahead_stop "$log_dir/ahead.log"' EXIT
fi
declare -A version_passed version_failed version_skipped
labels=("$UUIDX_CROSS_LABEL")
skips=() failures=()

# run_suite SCRIPT LABEL: runs one suite under prove (a script of lab/kinds whose header says
# "# runs: prove" runs prove itself), adds its counts to the totals and to LABEL's, and keeps its
# skips, with their reasons, for the end.
run_suite() {
  local s=$1 label=$2 name log rc=0 p f k start counts majors conf v_config v_name v_args runner=(prove --verbose --exec bash)
  name=$(basename "$s" .sh)
  log="$log_dir/$name${UUIDX_PG_MAJOR:+.pg$UUIDX_PG_MAJOR}.log"
  echo "== suite $name${UUIDX_PG_MAJOR:+ on PostgreSQL $UUIDX_PG_MAJOR}"
  start=$(date +%s)
  limit=$(sed -n 's/^# timeout: \([0-9][0-9]*\)$/\1/p' "$s" | head -n 1)
  limit=${limit:-1800}
  grep -q '^# runs: prove$' "$s" && runner=(bash)
  majors=$(sed -n 's/^# major: //p' "$s" | head -n 1)
  if [ -n "$majors" ] && [[ " $majors " != *" ${UUIDX_PG_MAJOR:-none} "* ]]; then
    skips+=("$label $name: runs on PostgreSQL ${majors// / and } only (# major: $majors)")
    add_counts "$label" 0 0 1
    return
  fi
  : >"$log"
  if [ -n "$majors" ] && ! ensure_packages $(sed -n 's/^# packages: //p' "$s" | head -n 1) >>"$log" 2>&1; then
    echo "lab-failed: installing the packages of $name" | tee -a "$log"
  elif ! lab_roots "$s" "$log"; then
    echo "lab-failed: the Debian roots of $name, each with its server" | tee -a "$log"
  elif read -r v_config v_name v_args < <(sed -n 's/^# variant: //p' "$s") &&
    ! { UUIDX_VARIANT_BIN=$(uuidx_variant_install "$v_config" "$v_name" "$v_args" 2>>"$log") &&
      export UUIDX_VARIANT_BIN UUIDX_VARIANT_BUILD=$(uuidx_build_path "$v_config" "$v_name"); }; then
    echo "lab-failed: the variant build $v_name for $name (log: $(uuidx_build_path "$v_config" "$v_name").log)" | tee -a "$log"
  elif grep -q '^# server:' "$s"; then
    source lab/cluster.sh  # (here: PGBIN is the major's, or the variant's)
    export UUIDX_TEST_USER
    mapfile -t conf < <(sed -n 's/^# server: *//p' "$s" | grep .)
    if PGBIN=${UUIDX_VARIANT_BIN:-$PGBIN} cluster_start "${conf[@]}" >>"$log" 2>&1; then
      PGDATA=$CLUSTER_DIR/data UUIDX_SERVER_LOG=$CLUSTER_DIR/server.log run_limited "$limit" "${runner[@]}" "$s" 2>&1 | tee -a "$log"
      rc=${PIPESTATUS[0]}
      PGBIN=${UUIDX_VARIANT_BIN:-$PGBIN} cluster_stop
      unset PGHOST PGPORT PGUSER PGDATABASE
    else
      echo "lab-failed: the throwaway cluster of $name did not start" | tee -a "$log"
      PGBIN=${UUIDX_VARIANT_BIN:-$PGBIN} cluster_stop
    fi
  elif [ "$(suite_scope "$s")" = packages ]; then
    packaged_servers "$name" "$log"
    UUIDX_PG_SERVERS=${servers% } run_limited "$limit" "${runner[@]}" "$s" 2>&1 | tee -a "$log"
    rc=${PIPESTATUS[0]}
    packaged_servers_stop "$log"
  else
    run_limited "$limit" "${runner[@]}" "$s" 2>&1 | tee -a "$log"
    rc=${PIPESTATUS[0]}
  fi
  counts=$(count_log "$log" "$name")
  read -r _ p f k <<<"$(tail -n 1 <<<"$counts")"
  while IFS=$'\t' read -r _ file why; do skips+=("$label $file: $why"); done < <(grep '^S' <<<"$counts")
  while IFS=$'\t' read -r _ file why; do failures+=("$label $file: $why"); done < <(grep '^F' <<<"$counts")
  [ -z "${UUIDX_VARIANT_BIN:-}" ] || uuidx_variant_remove "$UUIDX_VARIANT_BIN"
  unset UUIDX_VARIANT_BIN UUIDX_VARIANT_BUILD UUIDX_ROOT_DIRS
  if [ "$rc" = 124 ]; then
    echo "uuidx: suite $name was ended after its limit of $limit s" | tee -a "$log"
    f=$((f + 1)) failures+=("$label $name: ended after its limit of $limit s")
  elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
    echo "uuidx: suite $name exited with status $rc without a failed check" | tee -a "$log"
    f=1 failures+=("$label $name: exited with status $rc without a failed check")
  fi
  add_counts "$label" "$p" "$f" "$k"
  local skipped_text=""
  [ "$k" != 0 ] && skipped_text=", $k skipped"
  summary+=("$label $name: $p passed, $f failed$skipped_text ($(($(date +%s) - start)) s, from +$((start - UUIDX_RUN_T0)) s)")
}

# lab_roots SUITE LOG: the roots of its "# root:" lines, each with its server (UUIDX_ROOT_DIRS).
lab_roots() {
  local r m dir
  export UUIDX_ROOT_DIRS=""
  while read -r r m; do
    dir=$(root_provide "$r") && UUIDX_ROOT_DIRS+="$r=$dir " &&
      root_run "$r" bash -c "cd /uuidx/repo && source lab/deps.sh && source lab/pgserver.sh && pg_server_config $m" >>"$2" 2>&1 || return 1
  done < <(sed -n 's/^# root: //p' "$1")
}

# packaged_servers SUITE LOG: "servers", each major of UUIDX_PG_VERSIONS that apt packages here
# with a throwaway cluster; packaged_servers_stop LOG: they are deleted, the lab's builds back.
packaged_servers() {
  local m c
  servers="" clusters=()
  source lab/cluster.sh
  export UUIDX_TEST_USER
  for m in ${UUIDX_PG_VERSIONS:-}; do
    _pg_apt_has "$m" && c=$(pg_server_config "$m") || continue
    { PGBIN=$("$c" --bindir) cluster_start >>"$2" 2>&1 && servers+="$m=$c:$CLUSTER_DIR:$PGPORT " clusters+=("$c:$CLUSTER_DIR"); } ||
      echo "lab-failed: the throwaway cluster of PostgreSQL $m for $1 did not start" | tee -a "$2"
  done
  unset PGHOST PGPORT PGUSER PGDATABASE
}
packaged_servers_stop() {
  local c b
  for c in "${clusters[@]}"; do
    CLUSTER_DIR=${c#*:} PGBIN=$("${c%%:*}" --bindir) cluster_stop
    b=$(uuidx_build_path "${c%%:*}") && [ -f "$b/uuidx.so" ] || continue
    make -C "$b" -s PG_CONFIG="${c%%:*}" install >/dev/null 2>&1 || echo "lab-failed: installing $b again" | tee -a "$1"
  done
}

# add_counts LABEL PASSED FAILED SKIPPED: to the totals and to LABEL's; label_counts: to LABEL's only.
add_counts() {
  total_passed=$((total_passed + $2)) total_failed=$((total_failed + $3)) total_skipped=$((total_skipped + $4))
  label_counts "$@"
}
label_counts() {
  version_passed[$1]=$((${version_passed[$1]:-0} + $2))
  version_failed[$1]=$((${version_failed[$1]:-0} + $3))
  version_skipped[$1]=$((${version_skipped[$1]:-0} + $4))
}

# A major or scope that could not be provided: a failure under CI, a skip elsewhere.
not_provided() {
  local label=$1 why=$2
  echo "$why"
  if [ -n "${CI:-}" ]; then
    add_counts "$label" 0 1 0
    failures+=("$label provide: $why")
  else
    add_counts "$label" 0 0 1
    skips+=("$label provide: $why")
  fi
}

# in_root SUITE LABEL SCOPE MAJORS: this script again inside the Debian root of SUITE, for the
# suites of SCOPE on MAJORS; its counts, and its summary lines for LABEL, join this run's.
in_root() {
  local suite=$1 label=$2 scope=$3 majors=$4 out last p f k start
  out="$log_dir/root-$suite-$label.log"
  start=$(date +%s)
  echo "== $label: in the Debian $suite root"
  if ! root_provide "$suite" >/dev/null; then
    not_provided "$label" "could not make the Debian $suite root (log: $(root_dir "$suite").build.log)"
    return
  fi
  UUIDX_ROOT_ENV="UUIDX_SUITES UUIDX_TAP_ONLY UUIDX_CROSS_LABEL UUIDX_RUN_T0 ${test_size_given:+UUIDX_TEST_SIZE} UUIDX_ORACLE_SEED" \
    run_limited 3600 root_run "$suite" env UUIDX_PG_VERSIONS="$majors" UUIDX_RUN_SCOPES="$scope" \
    bash /uuidx/repo/test/run-tests.sh 2>&1 | tee "$out"
  last=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$out" | tail -n 1)
  if [ -z "$last" ]; then
    add_counts "$label" 0 1 0
    failures+=("$label: the run in the $suite root ended without a result line (log: $out)")
    return
  fi
  read -r p _ f _ k _ <<<"${last//,/}"  # N passed, N failed[, N skipped]
  total_passed=$((total_passed + p)) total_failed=$((total_failed + f)) total_skipped=$((total_skipped + ${k:-0}))
  # Its per-label counts and its skips, from its summary.
  local l lp lf lk
  while read -r l lp lf lk; do label_counts "$l" "$lp" "$lf" "$lk"; done < <(sed -n '/^== summary/,$p' "$out" | sed -nE 's/^  ([a-z0-9-]+): ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3 \4/p')
  mapfile -t -O "${#skips[@]}" skips < <(sed -n '/^== summary/,$p' "$out" | sed -n 's/^  skip: //p')
  mapfile -t -O "${#failures[@]}" failures < <(sed -n '/^== summary/,$p' "$out" | sed -n 's/^  failed: //p')
  mapfile -t -O "${#summary[@]}" summary < <(sed -n '/^== summary/,$p' "$out" | sed -nE "s/^  ($label[ :].*)/\1/p" | grep -vE "^$label: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$")
  summary+=("$label: in the Debian $suite root ($(($(date +%s) - start)) s, from +$((start - UUIDX_RUN_T0)) s)")
}

# Suites of no server: once. The package suites, for the majors of the machine itself.
host_versions=()
for v in "${versions[@]}"; do [ -n "${UUIDX_MAJOR_ROOT[$v]:-}" ] || host_versions+=("$v"); done
has_scope() { local s; for s in "${selected[@]}"; do [ "$(suite_scope "$s")" = "$1" ] && return 0; done; return 1; }

# Suites of one server: once per major, each against its own build. The long parts of the TAP
# tests run at full size on the majors whose matrix extras say full-size, and smaller elsewhere
# (UUIDX_TEST_SIZE=lean), where they repeat the same checks of uuidx on another server: each still
# runs every check there. A UUIDX_TEST_SIZE set in the environment is kept.
test_size_for() {
  [ -n "${test_size_given:-}" ] && return 0
  if [[ ",${UUIDX_MAJOR_EXTRAS[$1]:-}," == *,full-size,* ]]; then unset UUIDX_TEST_SIZE; else export UUIDX_TEST_SIZE=lean; fi
}
test_size_given=${UUIDX_TEST_SIZE:+1}
has_major_suites=""
for s in "${selected[@]}"; do [ "$(suite_scope "$s")" = major ] && has_major_suites=1; done

# The lanes of the Debian roots (see "Lanes" in the header): the roots of the majors under test,
# then those of the upgrade paths, in the matrix's order. The suites along the first path with a
# major under test are labelled "cross", those along the others "cross-ROOT".
lane_roots=()
first_path=""
if [ -z "${UUIDX_ROOT:-}" ]; then
  for v in "${versions[@]}"; do
    r=${UUIDX_MAJOR_ROOT[$v]:-}
    [ -n "$r" ] && [[ " ${lane_roots[*]} " != *" $r "* ]] && lane_roots+=("$r")
  done
  if [ -n "$UUIDX_CROSS_ROOT" ]; then
    for path in "${UUIDX_CROSS_PATHS[@]}"; do
      for m in ${path#*:}; do
        [[ " ${versions[*]} " == *" $m "* ]] || continue
        [ -n "$first_path" ] || first_path=$path
        r=${path%%:*}
        [[ " ${lane_roots[*]} " != *" $r "* ]] && lane_roots+=("$r")
      done
    done
  fi
fi

# root_lane ROOT: all of the run that happens in ROOT, in order.
root_lane() {
  local lane=$1 s v path path_root path_majors m scopes label
  if runs_here root; then
    for s in "${selected[@]}"; do
      [ "$(suite_scope "$s")" = root ] && UUIDX_LANE_ROOT=$lane run_suite "$s" "core"
    done
  fi
  if runs_here major && [ -n "$has_major_suites" ]; then
    for v in "${versions[@]}"; do
      [ "${UUIDX_MAJOR_ROOT[$v]:-}" = "$lane" ] && in_root "$lane" "pg$v" major "$v"
    done
  fi
  runs_here cross-pairs || runs_here packages || return 0
  [ -n "$UUIDX_CROSS_ROOT" ] || return 0
  for path in "${UUIDX_CROSS_PATHS[@]}"; do
    path_root=${path%%:*}
    [ "$path_root" = "$lane" ] || continue
    path_majors=()
    for m in ${path#*:}; do [[ " ${versions[*]} " == *" $m "* ]] && path_majors+=("$m"); done
    [ ${#path_majors[@]} -gt 0 ] || continue
    scopes=""
    [ ${#path_majors[@]} -ge 2 ] && has_scope cross-pairs && scopes="cross-pairs"
    has_scope packages && scopes="$scopes packages"
    label=cross
    [ "$path" = "$first_path" ] || label="cross-$path_root"
    [ -n "${scopes// /}" ] || continue
    [ "$label" = "$UUIDX_CROSS_LABEL" ] || labels+=("$label")
    UUIDX_CROSS_LABEL=$label in_root "$path_root" "$label" "${scopes# }" "${path_majors[*]}"
  done
}

# A lane beside the machine's suites: a subshell whose counts, summary lines and labels are
# written to a state file at its end, and joined to this run's by lane_join.
declare -A lane_pid=()
lane_start() {
  local lane=$1
  (
    total_passed=0 total_failed=0 total_skipped=0
    summary=() labels=() skips=() failures=()
    version_passed=() version_failed=() version_skipped=()
    root_lane "$lane"
    declare -p total_passed total_failed total_skipped summary labels skips failures version_passed version_failed version_skipped \
      >"$log_dir/lane-$lane.state"
  ) >"$log_dir/lane-$lane.log" 2>&1 </dev/null &
  lane_pid[$lane]=$!
}
lane_join() {
  local lane=$1 l
  wait "${lane_pid[$lane]}"
  unset "lane_pid[$lane]"
  if [ -s "$log_dir/lane-$lane.log" ]; then
    echo "== the Debian $lane root's lane, which ran beside the machine's suites (ended by $(since_t0))"
    cat "$log_dir/lane-$lane.log"
  fi
  if [ ! -s "$log_dir/lane-$lane.state" ]; then
    add_counts core 0 1 0
    failures+=("core $lane lane: ended without its counts (log: $log_dir/lane-$lane.log)")
    return
  fi
  local lane_total_passed lane_total_failed lane_total_skipped lane_summary lane_labels lane_skips lane_failures
  local -A lane_version_passed lane_version_failed lane_version_skipped
  source <(sed -E 's/^declare (-[-aAix]+) /declare \1 lane_/' "$log_dir/lane-$lane.state")
  total_passed=$((total_passed + lane_total_passed))
  total_failed=$((total_failed + lane_total_failed))
  total_skipped=$((total_skipped + lane_total_skipped))
  for l in "${!lane_version_passed[@]}"; do
    label_counts "$l" "${lane_version_passed[$l]}" "${lane_version_failed[$l]:-0}" "${lane_version_skipped[$l]:-0}"
  done
  summary+=("${lane_summary[@]}")
  skips+=("${lane_skips[@]}")
  failures+=("${lane_failures[@]}")
  labels+=("${lane_labels[@]}")
}
lanes_stop() {
  local lane
  for lane in "${!lane_pid[@]}"; do kill_tree TERM "${lane_pid[$lane]}"; done
}
for r in "${lane_roots[@]}"; do lane_start "$r"; done
trap 'lanes_stop; ! declare -F ahead_stop >/dev/null || ahead_stop "$log_dir/ahead.log"' EXIT

# The machine's own part: the suites of no server, then each major run on the machine.
for s in "${selected[@]}"; do
  case $(suite_scope "$s") in
    once) run_suite "$s" "core" ;;
    packages)
      [ -z "${UUIDX_ROOT:-}" ] && runs_here packages && [ ${#host_versions[@]} -gt 0 ] &&
        UUIDX_PG_VERSIONS="${host_versions[*]}" run_suite "$s" "core" ;;
  esac
done
for v in "${versions[@]}"; do
  runs_here major && [ -n "$has_major_suites" ] || break
  [ -z "${UUIDX_ROOT:-}" ] && [ -n "${UUIDX_MAJOR_ROOT[$v]:-}" ] && continue  # its root's lane
  echo "== PostgreSQL $v: server and build"
  start=$(date +%s)
  if ! pg_config=$(pg_server_config "$v") || ! build_dir=$(uuidx_build_install "$pg_config"); then
    not_provided "pg$v" "could not provide PostgreSQL $v or build uuidx against it"
    continue
  fi
  add_counts "pg$v" 1 0 0
  summary+=("pg$v build: $("$pg_config" --version), uuidx built and installed ($(($(date +%s) - start)) s, from +$((start - UUIDX_RUN_T0)) s)")
  bindir=$("$pg_config" --bindir)
  test_size_for "$v"
  [ -n "${UUIDX_TEST_SIZE:-}" ] && summary+=("pg$v sizes: UUIDX_TEST_SIZE=$UUIDX_TEST_SIZE")
  for s in "${selected[@]}"; do
    [ "$(suite_scope "$s")" = major ] || continue
    PG_CONFIG=$pg_config PGBIN=$bindir PATH="$bindir:$PATH" UUIDX_PG_MAJOR=$v UUIDX_BUILD_DIR=$build_dir \
      run_suite "$s" "pg$v"
  done
done

# Suites across majors, inside a root (where the outer run sent them), or all on the machine
# (no upgrade path in the matrix). They provide the servers they need.
run_cross_here() {  # the suites of the scopes given, on the majors of UUIDX_PG_VERSIONS
  local s majors
  for s in "${selected[@]}"; do
    [[ " $* " == *" $(suite_scope "$s") "* ]] || continue
    majors="${versions[*]}"
    UUIDX_PG_VERSIONS="${majors% }" run_suite "$s" "$UUIDX_CROSS_LABEL"
  done
}
if [ -n "${UUIDX_ROOT:-}" ] || [ -z "$UUIDX_CROSS_ROOT" ]; then
  scopes=()
  for scope in cross-pairs ${UUIDX_ROOT:+packages}; do runs_here $scope && has_scope $scope && scopes+=("$scope"); done
  [ ${#scopes[@]} -gt 0 ] && run_cross_here "${scopes[@]}"
fi

# The roots' lanes: joined when they ran beside, run now otherwise.
for r in "${lane_roots[@]}"; do
  if [ -n "${lane_pid[$r]:-}" ]; then lane_join "$r"; else root_lane "$r"; fi
done

# The whole release, last: it takes what the suites above wrote in this run and the roots' runs.
if [ -z "${UUIDX_ROOT:-}" ] && runs_here release; then
  for s in "${selected[@]}"; do
    [ "$(suite_scope "$s")" = release ] && UUIDX_PG_VERSIONS="${versions[*]}" run_suite "$s" "core"
  done
fi

# Inside a root, the suites left out by UUIDX_SUITES are the outer run's to count.
[ -n "${UUIDX_ROOT:-}" ] && skipped_suites=()
# (A selection, not a skip of the lab's: counted as skipped, listed in one line.)
if [ ${#skipped_suites[@]} -gt 0 ]; then
  add_counts core 0 0 ${#skipped_suites[@]}
  summary+=("not named in UUIDX_SUITES, so skipped: ${skipped_suites[*]}")
fi

if [ -n "${ahead_pid:-}" ]; then
  ahead_stop "$log_dir/ahead.log"
  summary+=("prepared in the background: $(grep -E '^ahead: (done|ended)' "$log_dir/ahead.log" | tr '\n' ' ')(log: $log_dir/ahead.log)")
fi
if [ -z "${UUIDX_ROOT:-}" ]; then
  read -r busy0 idle0 <<<"$cpu_at_start"
  read -r busy1 idle1 <<<"$(cpu_busy_idle)"
  summary+=("the run took $(($(date +%s) - UUIDX_RUN_T0)) s; the machine's $(nproc) CPUs were busy $((100 * (busy1 - busy0) / (busy1 - busy0 + idle1 - idle0 + 1)))% of it")
fi
# Every skip, with its reason. The outer run holds each against the skips the lab expects
# (lab/skips): under CI one it does not expect is a failure of its label.
expected=() unexpected=()
for skip in "${skips[@]}"; do
  if [ -n "${UUIDX_ROOT:-}" ] || skip_expected "$skip"; then expected+=("$skip"); else unexpected+=("$skip"); fi
done
if [ -n "${CI:-}" ]; then
  for skip in "${unexpected[@]}"; do add_counts "${skip%% *}" 0 1 0 && failures+=("$skip (an unexpected skip)"); done
fi
echo "== summary (logs in $log_dir)"
printf '  %s\n' "${summary[@]}"
[ ${#expected[@]} -gt 0 ] && printf '  skip: %s\n' "${expected[@]}"
if [ ${#unexpected[@]} -gt 0 ]; then
  echo "  skips lab/skips does not expect${CI:+ (under CI each is a failure)}:"
  printf '  unexpected skip: %s\n' "${unexpected[@]}"
fi
# Last before the counts, so that a log's tail names what failed.
[ ${#failures[@]} -gt 0 ] && printf '  failed: %s\n' "${failures[@]}"
for label in core "${versions[@]/#/pg}" "${labels[@]}"; do
  [ -n "${version_passed[$label]:-}${version_failed[$label]:-}${version_skipped[$label]:-}" ] &&
    echo "  $label: ${version_passed[$label]:-0} passed, ${version_failed[$label]:-0} failed, ${version_skipped[$label]:-0} skipped"
done
if [ "$total_skipped" != 0 ]; then
  echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
else
  echo "$total_passed passed, $total_failed failed"
fi
[ "$total_failed" = 0 ]
