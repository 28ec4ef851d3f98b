#!/usr/bin/env bash
# run-tests.sh: the full test suite (the README's second command; .ci/run calls it).
# Installs what it needs, provides a PostgreSQL server of every major under test, builds and
# installs the extension against each, runs every suite in test/suites/ in name order, and ends
# with one line "N passed, N failed[, N skipped]" summing them all.
#
#   UUIDX_PG_VERSIONS="15 17 18"   the majors to test (default: every major this machine has or
#                                  can get: apt's packages, else Debian's source packages, built
#                                  once into /var/cache/uuidx; see test/lib/pgserver.sh)
#   UUIDX_SUITES="unit regress"    only the suites whose names contain one of those words; the
#                                  others are counted as skipped
#
# A suite is a bash script test/suites/NN_name.sh. Header lines it may have:
#   # packages: a b c       Debian packages it needs
#   # scope: once           runs once (the core, formatting, fuzzing: nothing of a server)
#   # scope: cross          runs once, after the matrix, across majors (dump, pg_upgrade)
# Without a scope line a suite runs once per major, with PG_CONFIG, PGBIN, PATH,
# UUIDX_PG_MAJOR and UUIDX_BUILD_DIR set for that major's server and build.
# A suite ends with a line  SUITE_RESULT passed=N failed=M [skipped=K]
# A suite that exits non-zero without reporting a failure, or reports nothing, counts one failure.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
source test/lib/deps.sh
source test/lib/pgserver.sh
source test/lib/build.sh

suite_scope() { sed -n 's/^# scope: //p' "$1" | head -n 1; }

selected=()
skipped_suites=()
for s in test/suites/*.sh; do
  name=$(basename "$s" .sh)
  if [ -n "${UUIDX_SUITES:-}" ]; then
    keep=""
    for w in $UUIDX_SUITES; do [[ $name == *"$w"* ]] && keep=1; done
    [ -n "$keep" ] || { skipped_suites+=("$name"); continue; }
  fi
  selected+=("$s")
done

packages=("${UUIDX_BUILD_PACKAGES[@]}" "${UUIDX_TEST_PACKAGES[@]}")
for s in "${selected[@]}"; do
  read -r -a extra <<<"$(sed -n 's/^# packages: //p' "$s" | head -n 1)"
  packages+=("${extra[@]}")
done
ensure_packages "${packages[@]}" || { echo "0 passed, 1 failed"; exit 1; }

if [ -n "${UUIDX_PG_VERSIONS:-}" ]; then
  read -r -a versions <<<"$UUIDX_PG_VERSIONS"
elif [ -n "${CI:-}" ]; then
  versions=(15 17 18)
else
  _pg_ensure_source_list >/dev/null 2>&1
  read -r -a versions <<<"$(pg_server_majors)"
fi
echo "== PostgreSQL majors under test: ${versions[*]}"

total_passed=0
total_failed=0
total_skipped=0
summary=()
log_dir=$(mktemp -d /tmp/uuidx-tests.XXXXXX)
declare -A version_passed version_failed

# run_suite SCRIPT LABEL: runs one suite, adds its counts to the totals and to LABEL's.
run_suite() {
  local s=$1 label=$2 name log result rc p f k start
  name=$(basename "$s" .sh)
  log="$log_dir/$name${UUIDX_PG_MAJOR:+.pg$UUIDX_PG_MAJOR}.log"
  echo "== suite $name${UUIDX_PG_MAJOR:+ on PostgreSQL $UUIDX_PG_MAJOR}"
  start=$(date +%s)
  bash "$s" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  result=$(grep -E '^SUITE_RESULT passed=[0-9]+ failed=[0-9]+( skipped=[0-9]+)?$' "$log" | tail -n 1)
  if [ -z "$result" ]; then
    p=0 f=1 k=0
  else
    p=$(sed -E 's/.*passed=([0-9]+).*/\1/' <<<"$result")
    f=$(sed -E 's/.*failed=([0-9]+).*/\1/' <<<"$result")
    k=$(sed -nE 's/.*skipped=([0-9]+).*/\1/p' <<<"$result")
    k=${k:-0}
    [ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
  fi
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
  total_skipped=$((total_skipped + k))
  version_passed[$label]=$((${version_passed[$label]:-0} + p))
  version_failed[$label]=$((${version_failed[$label]:-0} + f))
  local skipped_text=""
  [ "$k" != 0 ] && skipped_text=", $k skipped"
  summary+=("$label $name: $p passed, $f failed$skipped_text ($(($(date +%s) - start)) s)")
}

# Suites of no server: once.
for s in "${selected[@]}"; do
  [ "$(suite_scope "$s")" = once ] && run_suite "$s" "core"
done

# Suites of one server: once per major, each against its own build.
for v in "${versions[@]}"; do
  echo "== PostgreSQL $v: server and build"
  start=$(date +%s)
  if ! pg_config=$(pg_server_config "$v") || ! build_dir=$(uuidx_build_install "$pg_config"); then
    echo "could not provide PostgreSQL $v or build uuidx against it"
    total_failed=$((total_failed + 1))
    version_failed[pg$v]=1
    summary+=("pg$v build: failed")
    continue
  fi
  total_passed=$((total_passed + 1))
  version_passed[pg$v]=1
  summary+=("pg$v build: $("$pg_config" --version), uuidx built and installed ($(($(date +%s) - start)) s)")
  bindir=$("$pg_config" --bindir)
  for s in "${selected[@]}"; do
    [ -z "$(suite_scope "$s")" ] || continue
    PG_CONFIG=$pg_config PGBIN=$bindir PATH="$bindir:$PATH" UUIDX_PG_MAJOR=$v UUIDX_BUILD_DIR=$build_dir \
      run_suite "$s" "pg$v"
  done
done

# Suites across majors: once, after the matrix (they provide the servers they need).
for s in "${selected[@]}"; do
  [ "$(suite_scope "$s")" = cross ] && UUIDX_PG_VERSIONS="${versions[*]}" run_suite "$s" "cross"
done

for name in "${skipped_suites[@]}"; do
  total_skipped=$((total_skipped + 1))
  summary+=("$name: skipped (not named in UUIDX_SUITES)")
done

echo "== summary (logs in $log_dir)"
printf '  %s\n' "${summary[@]}"
for label in core "${versions[@]/#/pg}" cross; do
  [ -n "${version_passed[$label]:-}${version_failed[$label]:-}" ] &&
    echo "  $label: ${version_passed[$label]:-0} passed, ${version_failed[$label]:-0} failed"
done
if [ "$total_skipped" != 0 ]; then
  echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
else
  echo "$total_passed passed, $total_failed failed"
fi
[ "$total_failed" = 0 ]
