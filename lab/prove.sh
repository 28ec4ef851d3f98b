# prove.sh: TAP tests (test/t, PostgreSQL::Test::Cluster) through PGXS's own target,
# `make prove_installcheck`, for the lab's kinds of test (lab/kinds/tap.sh per major,
# lab/kinds/tap_cross.sh along the upgrade paths). Source it, then
#   tap_prove PG_CONFIG "TESTS" [VAR=VALUE ...]
# runs TESTS (paths under test/t, globs allowed) against PG_CONFIG's installation with the
# variables given, printing prove's verbose output (lab/count.sh counts it); its status is make's.
# A server refuses to run as root: as root, make runs as the unprivileged test user, in a scratch
# copy it owns (prove writes tmp_check beside the tests; the checkout may lie where that user
# cannot go, such as /root) of the Makefile, test/, sql/ and expected/.
UUIDX_TEST_USER=${UUIDX_TEST_USER:-uuidx_test}
# The TAP tests across majors: lab/kinds/tap_cross.sh runs them along the upgrade paths, and
# lab/kinds/tap.sh every other one per major.
CROSS_TAP_TESTS="test/t/011_cross_major_dump.pl test/t/012_pg_upgrade.pl"

tap_prove() {
  local pg_config=$1 tests=$2 top work rc as_user=() f
  shift 2
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  work=$(mktemp -d /tmp/uuidx-tap.XXXXXX)
  chmod 755 "$work"
  if ! (cd "$top" && git ls-files -co --exclude-standard -- Makefile test sql expected | tar -cf - -T -) |
    (cd "$work" && tar -xf -); then
    rm -rf "$work"
    echo "lab-failed: the TAP tests could not be copied to $work"
    return 1
  fi
  if [ "$(id -u)" = 0 ]; then
    id -u "$UUIDX_TEST_USER" >/dev/null 2>&1 ||
      useradd --system --no-create-home --shell /usr/sbin/nologin "$UUIDX_TEST_USER"
    chown -R "$UUIDX_TEST_USER" "$work"
    as_user=(runuser -u "$UUIDX_TEST_USER" --)
  fi
  (cd "$work" && "${as_user[@]}" env HOME="$work" "$@" make -s --no-print-directory PG_CONFIG="$pg_config" \
    PROVE_FLAGS=--verbose PROVE_TESTS="$tests" prove_installcheck) >"$work/prove.log" 2>&1
  rc=$?
  cat "$work/prove.log"
  grep -q 'TAP tests not enabled' "$work/prove.log" &&
    echo "lab-failed: this server was built without --enable-tap-tests: PostgreSQL::Test::Cluster is not installed"
  # A failed run leaves each node's log in tmp_check/log: print the ends.
  if [ "$rc" != 0 ]; then
    for f in "$work"/tmp_check/log/*; do [ -f "$f" ] && { echo "== $f"; tail -n 30 "$f" | sed 's/^/  /'; }; done
  fi
  rm -rf "$work"
  return "$rc"
}
