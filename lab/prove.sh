# prove.sh: TAP tests (test/t, PostgreSQL::Test::Cluster) through PGXS's own target,
# `make prove_installcheck`, for the lab's kinds of test (lab/kinds/tap.sh per major,
# lab/kinds/tap_cross.sh along the upgrade paths). Source it, then
#   tap_prove PG_CONFIG "TESTS" [VAR=VALUE ...]
# runs TESTS (paths under test/t, globs allowed) against PG_CONFIG's installation with the
# variables given, and prints the output and a line SUITE_RESULT passed=N failed=M skipped=K.
# The tests start their own clusters, and a server refuses to run as root: as root, make runs as
# the unprivileged test user, in a scratch copy that the user owns (prove writes tmp_check beside
# the tests, and the checkout may lie where that user cannot go, such as /root): the Makefile,
# test/t, and what the tests read beside them (test/concurrency and test/serverscope: pgbench and
# SQL scripts; the oracles of test/lib; pg_regress's inputs: sql/, expected/ and the façade's
# vectors). One check per TAP assertion (a skipped one counts as skipped), and one failure for a
# test file that exits non-zero without a failed assertion (it died).
source "$(dirname "${BASH_SOURCE[0]}")/../test/lib/cluster.sh"  # the test user (UUIDX_TEST_USER)

tap_prove() {
  local pg_config=$1 tests=$2 top work log rc ok skipped bad died as_user=() f
  shift 2
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  work=$(mktemp -d /tmp/uuidx-tap.XXXXXX)
  chmod 755 "$work"
  mkdir -p "$work/test/lib" "$work/test/facade"
  if ! { cp "$top/Makefile" "$work/" &&
    cp -r "$top/test/t" "$top/test/concurrency" "$top/test/serverscope" "$work/test/" &&
    cp "$top"/test/lib/*.py "$work/test/lib/" && cp -r "$top/sql" "$top/expected" "$work/" &&
    cp "$top/test/facade/vectors.csv" "$work/test/facade/"; }; then
    rm -rf "$work"
    echo "SUITE_RESULT passed=0 failed=1"
    return 1
  fi
  log=$work/prove.log
  if [ "$(id -u)" = 0 ]; then
    _ensure_test_user
    chown -R "$UUIDX_TEST_USER" "$work"
    as_user=(runuser -u "$UUIDX_TEST_USER" --)
  fi
  (cd "$work" && "${as_user[@]}" env HOME="$work" "$@" make -s --no-print-directory PG_CONFIG="$pg_config" \
    PROVE_FLAGS=--verbose PROVE_TESTS="$tests" prove_installcheck) >"$log" 2>&1
  rc=$?
  cat "$log"
  # An assertion skipped (ok N # skip ...) is counted as skipped, not passed.
  ok=$(grep -E '^ *ok [0-9]+' "$log" | grep -cvE '^ *ok [0-9]+[^#]*# [Ss][Kk][Ii][Pp]')
  skipped=$(grep -cE '^ *ok [0-9]+[^#]*# [Ss][Kk][Ii][Pp]' "$log")
  bad=$(grep -cE '^ *not ok [0-9]+' "$log")
  died=$(grep -cE '^\S+\.pl +\(Wstat: [0-9]+ .*Failed: 0\)' "$log")
  if grep -q 'TAP tests not enabled' "$log"; then
    echo "this server was built without --enable-tap-tests: PostgreSQL::Test::Cluster is not installed"
    bad=$((bad + 1))
  elif [ "$rc" != 0 ] && [ "$bad" = 0 ] && [ "$died" = 0 ]; then
    echo "make prove_installcheck exited with status $rc without a failed assertion"
    died=1
  fi
  # A failed run leaves each node's log in tmp_check/log: print the ends.
  if [ "$rc" != 0 ]; then
    for f in "$work"/tmp_check/log/*; do [ -f "$f" ] && { echo "== $f"; tail -n 30 "$f"; }; done
  fi
  rm -rf "$work"
  echo "SUITE_RESULT passed=$ok failed=$((bad + died)) skipped=$skipped"
}
