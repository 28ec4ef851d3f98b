#!/usr/bin/env bash
# One v7 sequence per server (shared_preload_libraries = 'uuidx', uuidx.v7_scope = 'server'):
#  1. without preload, 'server' is an error naming shared_preload_libraries (SQLSTATE 55000):
#     refused by ALTER SYSTEM, and from the configuration file every uuid_generate_v7() fails
#     (in a session idle in a transaction block when the reload arrives too), while everything
#     else works (a parallel query whose workers restore 'server' from their leader);
#  2. UUIDX_SERVER_SESSIONS concurrent sessions x UUIDX_SERVER_PER_SESSION values (CI: 16 x
#     100,000; the issue's 16 x 10^6 takes several minutes): no duplicates, each session
#     increasing; every value within 1 ms of the clock while 16 sessions generate;
#  3. crash restart (kill -9 of a backend, shared memory re-created): values after it are greater
#     than every value before;
#  4. happens-before under libfaketime: sessions take turns (each generates and commits after it
#     saw the row of the turn before), UUIDX_SERVER_TURNS turns (default 10,000, as the issue asks)
#     over six sessions, the server's clock stepped back 2 s in the middle and two new sessions
#     joining after it: in server scope every value is greater than every earlier one; the same
#     run in session scope must show a later value below an earlier one (the test can fail);
#  5. crash restart after the clock stepped back: the values restart from the clock, below the
#     ones before the crash (documented in docs/scale-out.md).
# packages: faketime libfaketime
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

sessions=${UUIDX_SERVER_SESSIONS:-16}
per_session=${UUIDX_SERVER_PER_SESSION:-100000}
turns=${UUIDX_SERVER_TURNS:-10000}
half=$((turns / 2))

# Kills one backend with SIGKILL: the postmaster terminates every backend, re-creates shared
# memory (running uuidx's startup hook again) and accepts connections once recovery is done.
crash_restart() {
  cluster_psql -c "SELECT pg_sleep(120)" >/dev/null 2>&1 &
  local sleeper=$! pid="" i
  for i in $(seq 1 100); do
    pid=$(cluster_psql -At -c "SELECT pid FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(120)' LIMIT 1")
    [ -n "$pid" ] && break
    sleep 0.1
  done
  kill -9 "$pid"
  wait "$sleeper" 2>/dev/null
  for i in $(seq 1 300); do
    cluster_psql -At -c "SELECT 1" >/dev/null 2>&1 && grep -q "all server processes terminated; reinitializing" "$CLUSTER_DIR/server.log" && return 0
    sleep 0.2
  done
  return 1
}

# ---- 1. without shared_preload_libraries ---------------------------------------------------
cluster_start || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx"
out=$(cluster_psql -c "SELECT uuid_generate_v7()" -c "\set VERBOSITY verbose" \
  -c "ALTER SYSTEM SET uuidx.v7_scope = 'server'" 2>&1 | tr '\n' ' ')
check_true "no preload: ALTER SYSTEM SET uuidx.v7_scope = 'server' refused" \
  "$([[ $out == *"ERROR:  55000: invalid value for parameter \"uuidx.v7_scope\": \"server\""* && $out == *shared_preload_libraries* ]] && echo t)" \
  "$(grep -o 'ERROR:.*' <<<"$out" | cut -c1-400)"
# A reload that brings 'server' reaches a session idle inside a transaction block: that session
# fails like every other one, it does not go on in session scope.
conf=$CLUSTER_DIR/data/postgresql.conf
out=$(cluster_psql -At -v ON_ERROR_STOP=0 2>&1 <<PSQL | tr '\n' ' '
\set VERBOSITY verbose
BEGIN;
SELECT uuid_generate_v7() IS NOT NULL AS before_reload;
\! echo "uuidx.v7_scope = 'server'" >>"$conf"
SELECT pg_reload_conf();
SELECT pg_sleep(1);
SELECT 'scope_in_transaction=' || current_setting('uuidx.v7_scope');
SELECT 'after_reload=' || uuid_generate_v7();
ROLLBACK;
PSQL
)
check_true "no preload: a reload inside a transaction block brings 'server' to that session too: uuid_generate_v7() fails, no fallback" \
  "$([[ $out == *"scope_in_transaction=server"* && $out == *"ERROR:  55000: uuidx.v7_scope = 'server' requires uuidx in shared_preload_libraries"* && $out != *after_reload=* ]] && echo t)" \
  "$(grep -oE 'scope_in_transaction=[a-z]+|after_reload=[0-9a-f-]+|ERROR: [^:]*: [^|]{0,100}' <<<"$out" | tr '\n' ' ')"
# Parallel workers restore the leader's settings, 'server' among them, inside a transaction: a
# query that calls no uuidx function must work in a session that loaded uuidx
# (session_preload_libraries), and so must its parallel workers.
cluster_psql -c "ALTER SYSTEM SET session_preload_libraries = 'uuidx'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
out=$(cluster_psql -At 2>&1 <<'PSQL'
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 100000) AS g;
ANALYZE parallel_rows;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM parallel_rows;
SELECT 'count=' || count(*) FROM parallel_rows;
SELECT 'scope=' || current_setting('uuidx.v7_scope');
DROP TABLE parallel_rows;
PSQL
)
check_true "no preload, 'server' in the configuration, uuidx loaded by session_preload_libraries: a parallel query works" \
  "$([[ $out == *"count=100000"* && $out == *"scope=server"* && $out =~ Workers\ Launched:\ [12] && $out != *ERROR* ]] && echo t)" \
  "$(grep -E 'Workers Launched|count=|scope=|ERROR' <<<"$out" | tr '\n' ' ' | cut -c1-300)"
cluster_psql -c "ALTER SYSTEM RESET session_preload_libraries" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
out=$(cluster_psql -c "\set VERBOSITY verbose" -c "SELECT uuid_generate_v7()" 2>&1 | tr '\n' ' ')
check_true "no preload: 'server' in postgresql.conf makes uuid_generate_v7() an error, no fallback" \
  "$([[ $out == *"ERROR:  55000: uuidx.v7_scope = 'server' requires uuidx in shared_preload_libraries"* ]] && echo t)" \
  "$(grep -o 'ERROR:.*' <<<"$out" | cut -c1-400)"
# Qualified: on 18 an unqualified uuidv7() is PostgreSQL's own (pg_catalog is searched first).
out=$(cluster_psql -c "SELECT public.uuidv7()" 2>&1 | tr '\n' ' ')
check_true "no preload: uuidx's uuidv7() the same error" "$([[ $out == *"requires uuidx in shared_preload_libraries"* ]] && echo t)" \
  "$(grep -o 'ERROR:.*' <<<"$out" | cut -c1-200)"
out=$(cluster_psql -At -c "SELECT uuid_generate_v7('2024-01-01 00:00:00+00') IS NOT NULL, uuidv7('-1 day') IS NOT NULL" 2>&1)
check_true "no preload: uuid_generate_v7(at) and uuidv7(interval) still work (not in any server sequence)" \
  "$([ "$out" = "t|t" ] && echo t)" "$out"
suite_end_cluster() { cluster_log_has_crash && check_true "server log" f "a backend crashed" || check_true "server log" t "no crashed backend"; cluster_stop; }
suite_end_cluster

# ---- 2. preload, server scope: many sessions at once --------------------------------------
cluster_start "shared_preload_libraries = 'uuidx'" "uuidx.v7_scope = 'server'" "max_connections = 40" ||
  { echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx"
check_sql "preload: scope is server" "SELECT current_setting('uuidx.v7_scope') = 'server', 'uuidx.v7_scope = ' || current_setting('uuidx.v7_scope')"
gen_tables 7
gen_concurrent "$sessions" "$per_session" 10000 session_v7.pgbench 7
start=$(date +%s%3N)
gen_checks "$sessions" "$per_session" "server scope: " 7
echo "      checks took $(ms_to_s $(($(date +%s%3N) - start))) s"
# RFC 9562 §6.2 Method 1: the 4-bit counter (top of rand_b) is in use when values share a tick.
check_sql "server scope: several values per tick carry counters 1..15" "
  SELECT max(c) >= 1, format('%s values, %s on a tick shared with another value, counters up to %s', count(*), count(*) FILTER (WHERE n > 1), max(c))
  FROM (SELECT count(*) OVER (PARTITION BY left(h, 16)) n, (('x' || substr(h, 17, 1))::bit(4)::int & 3) * 4 + (('x' || substr(h, 18, 1))::bit(4)::int >> 2) c
        FROM (SELECT replace(u::text, '-', '') h FROM gen_v7) a) b"

# Timestamps stay true under load: 16 sessions generate at once; the clock read right after each
# value is never behind it (beyond the 1 µs of rounding: the clock is read in whole µs, the
# value's time rounded to the nearest µs) and 99.9% of values are within 1 ms of it.
cluster_psql -c "CREATE UNLOGGED TABLE drift (sid int, lag_ms float8)"
PGOPTIONS="-c client_min_messages=warning" "$PGBIN/pgbench" -n -c 16 -j 2 -t 50 -f test/serverscope/drift.pgbench \
  >"$CLUSTER_DIR/drift.log" 2>&1
check_sql "server scope: values within 1 ms of the clock with 16 sessions" "
  SELECT min(lag_ms) >= -0.001 AND percentile_cont(0.999) WITHIN GROUP (ORDER BY lag_ms) < 1,
         format('%s values from %s sessions; clock - value: min %s ms, median %s ms, 99.9th percentile %s ms, max %s ms',
                count(*), count(DISTINCT sid), round(min(lag_ms)::numeric, 4),
                round(percentile_cont(0.5) WITHIN GROUP (ORDER BY lag_ms)::numeric, 4),
                round(percentile_cont(0.999) WITHIN GROUP (ORDER BY lag_ms)::numeric, 4), round(max(lag_ms)::numeric, 3))
  FROM drift"

# ---- 3. crash restart -------------------------------------------------------------------------
check_true "server log before the crash test" "$(cluster_log_has_crash || echo t)" "no crashed backend"
before=$(cluster_psql -At -c "SELECT uuid_generate_v7()")
crash_restart && restarted=t || restarted=f
check_true "crash restart: the postmaster re-created shared memory" "$restarted" \
  "$(grep -c 'all server processes terminated; reinitializing' "$CLUSTER_DIR/server.log") reinitialisation in the server log, accepting connections again"
cluster_psql -c "CREATE TEMP TABLE after_crash AS SELECT uuid_generate_v7() u FROM generate_series(1, 1000)" \
  -c "INSERT INTO after_crash SELECT uuid_generate_v7() FROM generate_series(1, 1000)" \
  -c "CREATE TABLE after_crash_all AS SELECT * FROM after_crash" >/dev/null
for i in 1 2 3; do cluster_psql -c "INSERT INTO after_crash_all SELECT uuid_generate_v7() FROM generate_series(1, 1000)"; done
check_sql "crash restart: every value after it greater than the last before it" "
  SELECT bool_and(u > '$before'), format('last before the crash %s (%s); %s values after it in 4 sessions, smallest %s (%s), not greater = %s',
         '$before', uuid_extract_time('$before', true), count(*), (array_agg(u ORDER BY u))[1], uuid_extract_time((array_agg(u ORDER BY u))[1], true), count(*) FILTER (WHERE u <= '$before'))
  FROM after_crash_all"
cluster_stop

# ---- 4. happens-before, across a clock step back of 2 s (libfaketime) -----------------------
libfaketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
if [ -z "$libfaketime" ]; then
  check_true "libfaketime" f "libfaketime.so.1 not found"
  suite_end
  exit 0
fi
ftdir=$(mktemp -d /tmp/uuidx-faketime.XXXXXX)
chmod 755 "$ftdir"
rc="$ftdir/faketime.rc"
fake_clock_set "$rc" "+0"
CLUSTER_SERVER_ENV="LD_PRELOAD=$libfaketime FAKETIME_TIMESTAMP_FILE=$rc FAKETIME_NO_CACHE=1 FAKETIME_DONT_FAKE_MONOTONIC=1 NO_FAKE_STAT=1"
cluster_start "shared_preload_libraries = 'uuidx'" "max_connections = 40" ||
  { rm -rf "$ftdir"; echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx"

# One run of the turns in the given scope; leaves table hb.
run_turns() {
  local scope=$1 i pids=() last start
  fake_clock_set "$rc" "+0"
  cluster_psql -c "ALTER SYSTEM SET uuidx.v7_scope = '$scope'" -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1
  cluster_psql -c "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS hb, hb_state, hb_gate" \
    -c "DROP FUNCTION IF EXISTS hb_owner" -c "DROP PROCEDURE IF EXISTS hb_take_turns" -f test/serverscope/turns.sql >/dev/null
  # The gate: held by a session of its own until the clock has been stepped.
  cluster_psql -c "BEGIN" -c "LOCK TABLE hb_gate IN ACCESS EXCLUSIVE MODE" -c "SELECT pg_sleep(3600)" >/dev/null 2>&1 &
  local holder=$!
  # Every wait is bounded, and gives up when the server no longer answers.
  local held=""
  for i in $(seq 1 600); do
    held=$(cluster_psql -At -c "SELECT count(*) FROM pg_locks WHERE relation = 'hb_gate'::regclass AND granted" 2>&1) || break
    [ "$held" = 1 ] && break
    sleep 0.05
  done
  if [ "$held" != 1 ]; then
    check_true "$scope scope: the gate is held" f "$held"
    kill "$holder" 2>/dev/null
    return
  fi
  start=$(date +%s%3N)
  for i in 1 2 3 4; do cluster_psql -c "CALL hb_take_turns($i, $turns, $half)" & pids+=($!); done
  # Turn half - 1 is committed and sessions 3 and 4 wait for the gate, none of them asleep.
  for i in $(seq 1 6000); do
    last=$(cluster_psql -At -c "SELECT (SELECT turn FROM hb_state), (SELECT count(*) FROM pg_locks WHERE relation = 'hb_gate'::regclass AND NOT granted)" 2>&1) || break
    [ "$last" = "$((half - 1))|2" ] && break
    sleep 0.05
  done
  fake_clock_set "$rc" "-2"  # the server's clock steps back 2 s
  cluster_psql -c "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE relation = 'hb_gate'::regclass AND granted" >/dev/null
  wait "$holder" 2>/dev/null
  for i in 5 6; do cluster_psql -c "CALL hb_take_turns($i, $turns, $half)" & pids+=($!); done
  local ok=t
  for i in "${pids[@]}"; do wait "$i" || ok=f; done
  fake_clock_set "$rc" "+0"
  check_true "$scope scope: $turns turns taken" "$ok" "6 sessions, $(ms_to_s $(($(date +%s%3N) - start))) s"
  # A server gone after the turns leaves every check below failing for want of it: its log says why.
  if ! cluster_psql -At -c "SELECT 1" >/dev/null 2>&1; then
    echo "      the server does not answer after the turns; the end of its log:"
    tail -n 40 "$CLUSTER_DIR/server.log" | sed 's/^/        /'
  fi
  check_sql "$scope scope: the clock stepped back 2 s between turn $((half - 1)) and turn $half, new sessions after it" "
    SELECT extract(epoch FROM b.at - a.at) BETWEEN -2.5 AND -1.5
           AND (SELECT count(DISTINCT pid) FROM hb) = 6
           AND NOT EXISTS (SELECT FROM hb x JOIN hb y USING (pid) WHERE x.turn < $half AND y.owner IN (5, 6)),
           format('clock_timestamp() at turn %s minus at turn %s: %s s; %s sessions (backend pids), sessions 5 and 6 started after the step',
                  $half, $half - 1, round(extract(epoch FROM b.at - a.at)::numeric, 3), (SELECT count(DISTINCT pid) FROM hb))
    FROM hb a, hb b WHERE a.turn = $half - 1 AND b.turn = $half"
}

run_turns server
check_sql "server scope: every value greater than every earlier one" "
  SELECT count(*) = $turns AND count(*) FILTER (WHERE u <= prev) = 0,
         format('%s turns over %s sessions, a value not greater than the one before it = %s', count(*), count(DISTINCT pid), count(*) FILTER (WHERE u <= prev))
  FROM (SELECT u, pid, lag(u) OVER (ORDER BY turn) prev FROM hb) s"
# After the step the sequence goes on from where it was (ahead of the clock by up to the step)
# until the clock has caught up, then follows the clock again.
check_sql "server scope: after the step the values go on from before it, at most the step ahead of the clock" "
  SELECT (array_agg(ahead_ms ORDER BY turn))[1] > 1000 AND max(ahead_ms) < 2000,
         format('first turn after the step: value %s ms ahead of the clock; over all later turns %s..%s ms',
                round((array_agg(ahead_ms ORDER BY turn))[1]::numeric, 3), round(min(ahead_ms)::numeric, 3), round(max(ahead_ms)::numeric, 3))
  FROM (SELECT turn, extract(epoch FROM uuid_extract_time(u, true) - at) * 1000 ahead_ms FROM hb WHERE turn >= $half) s"

run_turns session
check_sql "session scope: the same test detects values going back (it can fail)" "
  SELECT count(*) FILTER (WHERE u <= prev) >= 1,
         format('%s turns, a value not greater than the one before it = %s, the first at turn %s (owner %s, a new session: %s)',
                count(*), count(*) FILTER (WHERE u <= prev), min(turn) FILTER (WHERE u <= prev),
                (array_agg(owner ORDER BY turn) FILTER (WHERE u <= prev))[1], (array_agg(owner ORDER BY turn) FILTER (WHERE u <= prev))[1] IN (5, 6))
  FROM (SELECT turn, owner, u, lag(u) OVER (ORDER BY turn) prev FROM hb) s"

# ---- 5. crash restart after a clock step back ------------------------------------------------
# Shared memory is re-created at position 0: the first value follows the clock, which is now
# 10 s behind the values made before the crash.
cluster_psql -c "ALTER SYSTEM SET uuidx.v7_scope = 'server'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
check_true "server log before the crash test" "$(cluster_log_has_crash || echo t)" "no crashed backend"
cluster_psql -At -c "SELECT uuid_generate_v7()" >/dev/null
fake_clock_set "$rc" "-10"
before=$(cluster_psql -At -c "SELECT uuid_generate_v7()")  # continues from the sequence, 10 s ahead of the clock
crash_restart || check_true "crash restart after the step back" f "server did not come back"
after=$(cluster_psql -At -c "SELECT uuid_generate_v7()")
fake_clock_set "$rc" "+0"
check_sql "crash restart with the clock 10 s back: values restart from the clock (documented)" "
  SELECT '$after'::uuid < '$before'::uuid,
         format('last before the crash %s, first after it %s: %s s earlier',
                uuid_extract_time('$before', true), uuid_extract_time('$after', true),
                round(extract(epoch FROM uuid_extract_time('$before', true) - uuid_extract_time('$after', true))::numeric, 3))"
cluster_stop
rm -rf "$ftdir"
suite_end
