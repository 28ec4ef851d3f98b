# generation.sh: helpers for the suites that generate many values and check them:
# concurrent sessions, fork safety, clock faults, memory. Source it after cluster.sh.
#   check_sql "what" "SELECT ok::bool, 'figures'::text"   # one check; prints PASS/FAIL + figures
#   check_true "what" ok "figures"                           # the same for a shell-side result
#   gen_tables [VERSIONS]                                    # gen_v1/v4/v6/v7 (sid, seq, u)
#   gen_concurrent SESSIONS PER_SESSION CHUNK [SCRIPT VERSIONS]  # pgbench: every session fills them
#   gen_checks SESSIONS PER_SESSION [label] [VERSIONS]       # every property check on them
#   suite_end                                                # crash check, SUITE_RESULT line
# VERSIONS defaults to "1 4 6 7"; SCRIPT (in test/concurrency/) to session.pgbench, which adds all four.
# Counters: $passed, $failed.

passed=${passed:-0}

# 12345 ms -> "12.3"
ms_to_s() { printf '%d.%d' $(($1 / 1000)) $((($1 % 1000) / 100)); }
failed=${failed:-0}

check_true() {
  local what=$1 ok=$2 figures=$3
  if [ "$ok" = t ] || [ "$ok" = true ] || [ "$ok" = 1 ]; then
    echo "PASS  $what: $figures"
    passed=$((passed + 1))
  else
    echo "FAIL  $what: $figures"
    failed=$((failed + 1))
  fi
}

# The query returns one row: a boolean (the check holds) and a text with the figures.
check_sql() {
  local what=$1 sql=$2 out ok figures
  if ! out=$(cluster_psql -At -F '|' -c "$sql" 2>&1); then
    check_true "$what" f "query failed: $out"
    return
  fi
  ok=${out%%|*}
  figures=${out#*|}
  check_true "$what" "$ok" "$figures"
}

# One unlogged table per version: session id, sequence number in the session's call order, value.
gen_tables() {
  local v
  for v in ${*:-1 4 6 7}; do
    cluster_psql -c "SET client_min_messages = warning; DROP TABLE IF EXISTS gen_v$v; CREATE UNLOGGED TABLE gen_v$v (sid int NOT NULL, seq bigint NOT NULL, u uuid NOT NULL)"
  done
}

# SESSIONS concurrent sessions (pgbench clients, one connection each for the whole run) each add
# PER_SESSION values of every version, CHUNK per statement, versions interleaved.
gen_concurrent() {
  local sessions=$1 per_session=$2 chunk=$3 script=${4:-session.pgbench} versions=${5:-1 4 6 7} start end
  local root nv
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  nv=$(echo $versions | wc -w)
  start=$(date +%s%3N)
  PGOPTIONS="-c client_min_messages=warning" "$PGBIN/pgbench" -n -c "$sessions" -j 2 \
    -t $((per_session / chunk)) -D chunk="$chunk" -f "$root/test/concurrency/$script" \
    >"$CLUSTER_DIR/pgbench.log" 2>&1
  local rc=$?
  end=$(date +%s%3N)
  grep -E "number of clients|number of transactions actually|failed|aborted" "$CLUSTER_DIR/pgbench.log" | sed 's/^/      pgbench: /'
  check_true "pgbench run" "$([ $rc = 0 ] && echo t)" \
    "$sessions sessions x $per_session values x $nv versions = $((sessions * per_session * nv)) values in $(ms_to_s $((end - start))) s (exit code $rc)"
  [ $rc = 0 ] || tail -n 20 "$CLUSTER_DIR/pgbench.log"
}

# Every property of the gen_v* tables: counts per session, duplicates across all sessions,
# version and variant bits (read from the text form, independently of the extension's own
# inspection functions), strict increase in call order within each session.
gen_checks() {
  local sessions=$1 per_session=$2 label=${3:-} versions=" ${4:-1 4 6 7} " v
  for v in $versions; do
    check_sql "${label}v$v values per session" "
      SELECT count(*) = $sessions AND min(n) >= $per_session AND bool_and(n = seqs),
             format('%s sessions, %s..%s values each, %s in all', count(*), min(n), max(n), sum(n))
      FROM (SELECT sid, count(*) n, count(DISTINCT seq) seqs FROM gen_v$v GROUP BY sid) s"
    check_sql "${label}v$v duplicates across all sessions" "
      SELECT count(*) - count(DISTINCT u) = 0,
             format('%s values, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
      FROM gen_v$v"
    check_sql "${label}v$v version and variant bits" "
      SELECT bad = 0, format('%s values checked, wrong version nibble or variant = %s', n, bad)
      FROM (SELECT count(*) n,
                   count(*) FILTER (WHERE substr(u::text, 15, 1) <> '$v' OR substr(u::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) bad
            FROM gen_v$v) s"
  done
  for v in 1 6 7; do
    [[ $versions == *" $v "* ]] || continue
    # v6 and v7 sort by time as uuids; a v1's timestamp is compared through its v6 form (same
    # clock_seq and node within a session, so the v6 order is the timestamp order).
    local key=u
    [ $v = 1 ] && key="uuid_v1_to_v6(u)"
    check_sql "${label}v$v strictly increasing within each session" "
      SELECT bad = 0, format('%s consecutive pairs in %s sessions, not increasing = %s', pairs, sessions, bad)
      FROM (SELECT count(prev) pairs, count(DISTINCT sid) sessions, count(*) FILTER (WHERE k <= prev) bad
            FROM (SELECT sid, k, lag(k) OVER (PARTITION BY sid ORDER BY seq) prev
                  FROM (SELECT sid, seq, $key k FROM gen_v$v) a) w) s"
  done
  # The sessions really ran at the same time: some instant lies within every session's v7 span.
  if [[ $versions == *" 7 "* ]]; then
    check_sql "${label}sessions overlapped in time" "
      SELECT max(first_ms) < min(last_ms),
             format('%s sessions; the last to start began %s ms before the first to finish ended', count(*),
                    round(min(last_ms) - max(first_ms)))
      FROM (SELECT sid, extract(epoch FROM min(uuid_extract_time(u))) * 1000 first_ms,
                   extract(epoch FROM max(uuid_extract_time(u))) * 1000 last_ms
            FROM gen_v7 GROUP BY sid) s"
  fi
  # §6.10: each session picks its own random node, so a node shared by two sessions would mean
  # inherited random state. (clock_seq is 14 bits: a shared one is possible by chance; printed.)
  if [[ $versions == *" 1 "* ]]; then
    check_sql "${label}v1 node distinct per session" "
      SELECT count(DISTINCT node) = $sessions AND count(*) = $sessions,
             format('%s sessions, %s distinct nodes, %s distinct clock_seq', count(*), count(DISTINCT node), count(DISTINCT cs))
      FROM (SELECT sid, min(uuid_extract_node(u)::text) node, min(uuid_extract_clock_seq(u)) cs,
                   count(DISTINCT uuid_extract_node(u)) nodes_in_session
            FROM gen_v1 GROUP BY sid HAVING count(DISTINCT uuid_extract_node(u)) = 1) s"
  fi
}

# The server log must show no crashed backend; then the SUITE_RESULT line.
suite_end() {
  if [ -n "${CLUSTER_DIR:-}" ]; then
    if cluster_log_has_crash; then
      check_true "server log" f "a backend crashed:"
      grep -E "terminated by signal|server process" "$CLUSTER_DIR/server.log"
    else
      check_true "server log" t "no crashed backend"
    fi
    # A failure is explained by the server's own words, before the cluster is deleted.
    if [ "$failed" != 0 ] && [ -f "$CLUSTER_DIR/server.log" ]; then
      echo "      last lines of the server log:"
      tail -n 40 "$CLUSTER_DIR/server.log" | sed 's/^/      | /'
    fi
    cluster_stop
  fi
  echo "SUITE_RESULT passed=$passed failed=$failed"
}
