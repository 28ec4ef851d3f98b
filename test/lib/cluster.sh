# cluster.sh: a throwaway PostgreSQL cluster owned by an unprivileged user (the server refuses to
# run as root). Source it, then:
#   cluster_start ["conf line" ...]   # initdb + start; exports PGHOST, PGPORT, PGUSER, PGDATABASE
#   cluster_psql -c 'SELECT 1'        # psql on that cluster, ON_ERROR_STOP, quiet
#   cluster_restart                   # after changing $CLUSTER_DIR/data/postgresql.conf
#   cluster_stop                      # stop and delete (UUIDX_KEEP_CLUSTER=1 keeps the files)
# CLUSTER_SERVER_ENV="VAR=value ..." (no spaces inside a value) is added to the server's
# environment at start and restart, e.g. LD_PRELOAD of libfaketime.
# The server log is $CLUSTER_DIR/server.log.

UUIDX_TEST_USER=${UUIDX_TEST_USER:-uuidx_test}
PGBIN=${PGBIN:-$(pg_config --bindir)}
CLUSTER_SERVER_ENV=${CLUSTER_SERVER_ENV:-}

_as_test_user() {
  if [ "$(id -u)" = 0 ]; then
    (cd / && runuser -u "$UUIDX_TEST_USER" -- "$@")
  else
    "$@"
  fi
}

_ensure_test_user() {
  [ "$(id -u)" = 0 ] || return 0
  id -u "$UUIDX_TEST_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$UUIDX_TEST_USER"
}

cluster_start() {
  _ensure_test_user || return 1
  CLUSTER_DIR=$(mktemp -d /tmp/uuidx-cluster.XXXXXX)
  chmod 755 "$CLUSTER_DIR"
  [ "$(id -u)" = 0 ] && chown "$UUIDX_TEST_USER" "$CLUSTER_DIR"
  _as_test_user "$PGBIN/initdb" -D "$CLUSTER_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$CLUSTER_DIR/initdb.log" 2>&1 || { cat "$CLUSTER_DIR/initdb.log" >&2; return 1; }
  export PGPORT=$((20000 + RANDOM % 20000))
  {
    echo "port = $PGPORT"
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$CLUSTER_DIR'"
    echo "fsync = ${UUIDX_FSYNC:-off}"
    echo "log_min_messages = warning"
    local line
    for line in "$@"; do echo "$line"; done
  } >>"$CLUSTER_DIR/data/postgresql.conf"
  export PGHOST=$CLUSTER_DIR PGUSER=postgres PGDATABASE=postgres
  _as_test_user env $CLUSTER_SERVER_ENV "$PGBIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 60 start >/dev/null ||
    { cat "$CLUSTER_DIR/server.log" >&2; return 1; }
}

cluster_restart() {
  _as_test_user env $CLUSTER_SERVER_ENV "$PGBIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 60 -m fast restart >/dev/null
}

cluster_psql() {
  "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"
}

cluster_stop() {
  [ -n "${CLUSTER_DIR:-}" ] || return 0
  _as_test_user "$PGBIN/pg_ctl" -D "$CLUSTER_DIR/data" -w -t 60 -m fast stop >/dev/null 2>&1
  [ -n "${UUIDX_KEEP_CLUSTER:-}" ] || rm -rf "$CLUSTER_DIR"
  CLUSTER_DIR=
}

# True when the server log shows a crashed backend.
cluster_log_has_crash() {
  grep -E "terminated by signal|server process .* (was terminated|exited with exit code [1-9])|terminating any other active server processes" \
    "$CLUSTER_DIR/server.log" >/dev/null 2>&1
}

# cluster_crash_failures: prints 1, after the log lines that say so, when the server log shows a
# crashed backend; 0 otherwise.
cluster_crash_failures() {
  if cluster_log_has_crash; then
    echo "the server log shows a crashed backend:" >&2
    grep -E "terminated by signal|server process" "$CLUSTER_DIR/server.log" >&2
    echo 1
  else
    echo 0
  fi
}

# regress_counts LOG STATUS: prints "OK BAD", the tests pg_regress or pg_isolation_regress passed
# and failed in LOG (either output style: "test x ... ok" or "ok 1 - x"). A test it could not
# judge ("diff command failed": no expected file) is neither in its log; a STATUS other than 0
# without a failed test counts one failure, said on stderr.
regress_counts() {
  local ok bad
  ok=$(grep -cE '^(ok|test) .* ok( |$)|^ok [0-9]+ ' "$1")
  bad=$(grep -cE ' FAILED( |$)|^not ok ' "$1")
  if [ "$2" != 0 ] && [ "$bad" = 0 ]; then
    echo "exited with status $2 without naming a failed test" >&2
    bad=1
  fi
  echo "$ok $bad"
}

# fake_clock_set FILE SPEC: libfaketime's FAKETIME_TIMESTAMP_FILE, written as a new file renamed
# over the old one. With FAKETIME_NO_CACHE libfaketime reads the file at every clock call of every
# server process, and exits the process when it reads a file caught empty or half-written (seen:
# the postmaster gone after "failed to parse FAKETIME timestamp"); a rename is never seen half done.
fake_clock_set() {
  printf '%s\n' "$2" >"$1.new" && chmod 644 "$1.new" && mv -f "$1.new" "$1"
}
