# prove.sh: `tap_prove PG_CONFIG "TESTS" [VAR=VALUE ...]` runs TAP tests (globs under test/t) by
# `make prove_installcheck` with those variables, printing prove's verbose output; make's status.
# It runs in a scratch copy, as the unprivileged test user when root (a server refuses root, and
# the checkout may lie where that user cannot go).
UUIDX_TEST_USER=${UUIDX_TEST_USER:-uuidx_test}
# Run along the upgrade paths (lab/kinds/tap_cross.sh); lab/kinds/tap.sh runs the others per major.
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
  [ "$rc" = 0 ] || for f in "$work"/tmp_check/log/*; do [ -f "$f" ] && { echo "== $f"; tail -n 30 "$f" | sed 's/^/  /'; }; done
  rm -rf "$work"
  return "$rc"
}
