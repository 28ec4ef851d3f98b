# prove.sh: `tap_prove PG_CONFIG "TESTS" [VAR=VALUE ...]` runs TAP tests (globs under test/t) by
# `make prove_installcheck` with those variables, printing prove's verbose output; make's status.
# It runs in a scratch copy, as the unprivileged test user when root (a server refuses root, and
# the checkout may lie where that user cannot go).
UUIDX_TEST_USER=${UUIDX_TEST_USER:-uuidx_test}
# Run along the upgrade paths (lab/kinds/tap_cross.sh); lab/kinds/tap.sh runs the others per major.
CROSS_TAP_TESTS="test/t/011_cross_major_dump.pl test/t/012_pg_upgrade.pl"

# Sets as_user to run a command as the test user when root, who then owns DIR.
_tap_as_user() {
  as_user=()
  [ "$(id -u)" = 0 ] || return 0
  id -u "$UUIDX_TEST_USER" >/dev/null 2>&1 ||
    useradd --system --no-create-home --shell /usr/sbin/nologin "$UUIDX_TEST_USER"
  chown -R "$UUIDX_TEST_USER" "$1"
  as_user=(runuser -u "$UUIDX_TEST_USER" --)
}

# tap_initdb_template PG_CONFIG DIR: where the major's PostgreSQL::Test::Cluster copies a cluster
# made once instead of running initdb for each node (17 on, as PostgreSQL's own check does),
# makes DIR/template with the server's initdb, as Cluster runs it, and prints
# INITDB_TEMPLATE=DIR/template; prints nothing elsewhere. Same server only: never across majors.
tap_initdb_template() {
  local as_user
  grep -qs INITDB_TEMPLATE "$("$1" --pkglibdir)/pgxs/src/test/perl/PostgreSQL/Test/Cluster.pm" || return 0
  _tap_as_user "$2"
  "${as_user[@]}" "$("$1" --bindir)/initdb" --no-sync --auth trust --pgdata "$2/template" >"$2/initdb.log" 2>&1 ||
    { cat "$2/initdb.log"; return 1; }
  echo "INITDB_TEMPLATE=$2/template"
}

tap_prove() {
  local pg_config=$1 tests=$2 top work rc as_user=() f
  shift 2
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  work=$(mktemp -d /tmp/uuidx-tap.XXXXXX)
  chmod 755 "$work"
  if ! (cd "$top" && git ls-files -co --exclude-standard -- Makefile test sql expected docs/migrating.md | tar -cf - -T -) |
    (cd "$work" && tar -xf -); then
    rm -rf "$work"
    echo "lab-failed: the TAP tests could not be copied to $work"
    return 1
  fi
  _tap_as_user "$work"
  (cd "$work" && "${as_user[@]}" env HOME="$work" "$@" make -s --no-print-directory PG_CONFIG="$pg_config" \
    PROVE_FLAGS=--verbose PROVE_TESTS="$tests" prove_installcheck) >"$work/prove.log" 2>&1
  rc=$?
  cat "$work/prove.log"
  grep -q 'TAP tests not enabled' "$work/prove.log" &&
    echo "lab-failed: this server was built without --enable-tap-tests: PostgreSQL::Test::Cluster is not installed"
  # A failed run leaves each node's log in tmp_check/log: print the ends, each line set off by "| "
  # (a test's regress_log repeats its checks, which lab/count.sh would count again).
  [ "$rc" = 0 ] || for f in "$work"/tmp_check/log/*; do [ -f "$f" ] && { echo "== $f"; tail -n 30 "$f" | sed 's/^/  | /'; }; done
  rm -rf "$work"
  return "$rc"
}
