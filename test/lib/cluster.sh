# cluster.sh: what a suite does with the server the lab hands it (a "# server:" line; the
# environment of PGXS's installcheck: PGHOST, PGPORT, PGUSER, PGDATABASE; and PGDATA,
# UUIDX_SERVER_LOG, UUIDX_TEST_USER). Source it, then:
#   cluster_psql -c 'SELECT 1'   # psql on that server, ON_ERROR_STOP, quiet
#   cluster_restart              # after changing $PGDATA/postgresql.conf, as the server's owner
# (tap.sh's tap_done checks that server's log for a crashed backend: cluster_log_has_crash.)
PGBIN=${PGBIN:-$(pg_config --bindir)}

cluster_psql() {
  "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"
}

cluster_restart() {
  local as=()
  [ "$(id -u)" = 0 ] && as=(runuser -u "$UUIDX_TEST_USER" --)
  (cd / && "${as[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$UUIDX_SERVER_LOG" -w -t 60 -m fast restart >/dev/null)
}
