# cluster.sh: the server the lab hands a suite ("# server:"; PGHOST... PGDATA, UUIDX_SERVER_LOG,
# UUIDX_TEST_USER): cluster_psql (ON_ERROR_STOP, quiet); cluster_restart, as the server's owner.
PGBIN=${PGBIN:-$(pg_config --bindir)}

cluster_psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

cluster_restart() {
  local as=()
  [ "$(id -u)" = 0 ] && as=(runuser -u "$UUIDX_TEST_USER" --)
  (cd / && "${as[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$UUIDX_SERVER_LOG" -w -t 60 -m fast restart >/dev/null)
}
