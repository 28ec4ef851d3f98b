# cluster.sh: the lab's throwaway cluster, owned by an unprivileged user (the server refuses root):
# cluster_start ["conf line"...] (exports PGHOST, PGPORT, PGUSER, PGDATABASE), cluster_psql,
# cluster_restart, cluster_stop (UUIDX_KEEP_CLUSTER=1 keeps the files), cluster_log_has_crash.
# CLUSTER_SERVER_ENV="VAR=value ..." (no spaces in a value) joins the server's environment.

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

cluster_psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

cluster_stop() {
  [ -n "${CLUSTER_DIR:-}" ] || return 0
  _as_test_user "$PGBIN/pg_ctl" -D "$CLUSTER_DIR/data" -w -t 60 -m fast stop >/dev/null 2>&1
  [ -n "${UUIDX_KEEP_CLUSTER:-}" ] || rm -rf "$CLUSTER_DIR"
  CLUSTER_DIR=
}

cluster_log_has_crash() {
  grep -E "terminated by signal|server process .* (was terminated|exited with exit code [1-9])|terminating any other active server processes" \
    "$CLUSTER_DIR/server.log" >/dev/null 2>&1
}
