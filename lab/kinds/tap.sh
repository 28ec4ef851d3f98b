#!/usr/bin/env bash
# packages: faketime libfaketime
# The TAP tests (test/t/*.pl, PostgreSQL::Test::Cluster) on the major under test, through PGXS's
# own target, `make prove_installcheck`, with the Makefile of this major's build directory
# (UUIDX_BUILD_DIR, PG_CONFIG: lab/run.sh). The tests start their own clusters, and a server
# refuses to run as root: as root, make runs as the unprivileged test user, in a scratch copy of
# the Makefile and test/t that the user owns (prove writes tmp_check beside them, and the checkout
# may lie where that user cannot go, such as /root), with what the tests read beside them:
# test/concurrency and test/serverscope (pgbench and SQL scripts), the oracles of test/lib. One check per TAP assertion (a skipped one
# counts as skipped), and one failure for a test file that exits non-zero without a failed
# assertion (it died).
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh   # the test user (UUIDX_TEST_USER)

work=$(mktemp -d /tmp/uuidx-tap.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/test"
cp "$UUIDX_BUILD_DIR/Makefile" "$work/" &&
  cp -r "$UUIDX_BUILD_DIR/test/t" "$UUIDX_BUILD_DIR/test/concurrency" "$UUIDX_BUILD_DIR/test/serverscope" "$work/test/" &&
  mkdir -p "$work/test/lib" && cp "$UUIDX_BUILD_DIR"/test/lib/*.py "$work/test/lib/" ||
  { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
log=$work/prove.log
# The tests of server-level faults take the test build (make UUIDX_FAULT_INJECTION=1) from a
# throwaway copy of this server's installation (lab/variant.sh) as their nodes' install_path;
# the lab names it in UUIDX_FAULTS_INSTALL. Without it they skip.
source lab/variant.sh
if ! faults_bin=$(uuidx_variant_install "$PG_CONFIG" faults UUIDX_FAULT_INJECTION=1); then
  echo "the fault-injection build could not be made"
  rm -rf "$work"
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
fi
trap 'uuidx_variant_remove "$faults_bin"' EXIT
as_user=()
if [ "$(id -u)" = 0 ]; then
  _ensure_test_user
  chown -R "$UUIDX_TEST_USER" "$work"
  as_user=(runuser -u "$UUIDX_TEST_USER" --)
fi
(cd "$work" && "${as_user[@]}" env HOME="$work" UUIDX_FAULTS_INSTALL="$(dirname "$faults_bin")" make -s --no-print-directory PG_CONFIG="$PG_CONFIG" \
  PROVE_FLAGS=--verbose prove_installcheck) >"$log" 2>&1
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
