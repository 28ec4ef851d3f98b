# multicluster.sh: several throwaway clusters at once, each on its own port of 127.0.0.1 (the
# nodes connect to each other over TCP on loopback: Citus, logical replication). Owned by the
# unprivileged test user, like cluster.sh's single cluster. Source it after cluster.sh, then:
#   mc_node_start NAME ["conf line" ...]   # initdb + start; sets NODE_PORT[NAME], NODE_DIR[NAME]
#   mc_psql NAME [psql args]               # psql on that node over 127.0.0.1, ON_ERROR_STOP
#   mc_node_crashed NAME                   # true when its log shows a crashed backend
#   mc_nodes_stop                          # stop and delete every node started here
# Each node listens on 127.0.0.1 only and trusts only local and 127.0.0.1 connections.

declare -A NODE_PORT NODE_DIR

mc_node_start() {
  local name=$1 dir port
  shift
  _ensure_test_user || return 1
  dir=$(mktemp -d "/tmp/uuidx-node-$name.XXXXXX")
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown "$UUIDX_TEST_USER" "$dir"
  _as_test_user "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  # A port no other node of this run has.
  while :; do
    port=$((20000 + RANDOM % 20000))
    [[ " ${NODE_PORT[*]} " == *" $port "* ]] || break
  done
  {
    echo "port = $port"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '$dir'"
    echo "fsync = ${UUIDX_FSYNC:-off}"
    echo "log_min_messages = warning"
    local line
    for line in "$@"; do echo "$line"; done
  } >>"$dir/data/postgresql.conf"
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n' >"$dir/data/pg_hba.conf"
  _as_test_user "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
    { cat "$dir/server.log" >&2; return 1; }
  NODE_PORT[$name]=$port
  NODE_DIR[$name]=$dir
}

mc_psql() {
  local name=$1
  shift
  "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "${NODE_PORT[$name]}" -U postgres -d "${MC_DB:-postgres}" "$@"
}

mc_node_crashed() {
  grep -E "terminated by signal|server process .* (was terminated|exited with exit code [1-9])|terminating any other active server processes" \
    "${NODE_DIR[$1]}/server.log" >/dev/null 2>&1
}

mc_nodes_stop() {
  local name
  for name in "${!NODE_DIR[@]}"; do
    _as_test_user "$PGBIN/pg_ctl" -D "${NODE_DIR[$name]}/data" -w -t 60 -m fast stop >/dev/null 2>&1
    [ -n "${UUIDX_KEEP_CLUSTER:-}" ] || rm -rf "${NODE_DIR[$name]}"
  done
  NODE_DIR=()
  NODE_PORT=()
}
