#!/usr/bin/env bash
# server:
# Self-test of the crash check the pg_regress suite relies on: 20_regress.sh
# passes only if cluster_log_has_crash (test/lib/tap.sh) finds nothing in the server log, so
# it must really see a crashed backend. On the lab's throwaway cluster: the check is false on a clean log,
# then a backend is sent SIGSEGV (as a segfault in uuidx would) and the check must turn true.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh

cluster_psql -c 'CREATE EXTENSION uuidx; SELECT uuid_generate_v7();' >/dev/null
tap_check "a clean server log shows no crash" "$(cluster_log_has_crash || echo t)"

# A backend busy in a uuidx call, killed with SIGSEGV from outside.
"$PGBIN/psql" -X -q -c "SELECT uuid_generate_v7(), pg_sleep(30)" >/dev/null 2>&1 &
psql_pid=$!
victim=
for _ in $(seq 1 50); do
  victim=$(cluster_psql -At -c "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT uuid_generate_v7(), pg_sleep%' AND pid <> pg_backend_pid()")
  [ -n "$victim" ] && break
  sleep 0.1
done
tap_check "found the backend to crash" "$([ -n "$victim" ] && echo t)" "pid ${victim:-none}"
[ -n "$victim" ] && kill -SEGV "$victim"
wait "$psql_pid" 2>/dev/null
# The postmaster logs the crash, then resets every session; wait until it accepts connections.
for _ in $(seq 1 100); do
  cluster_log_has_crash && cluster_psql -c 'SELECT 1' >/dev/null 2>&1 && break
  sleep 0.1
done
tap_check "cluster_log_has_crash detects a backend killed by SIGSEGV" "$(cluster_log_has_crash && echo t)" \
  "$(grep -E "terminated by signal" "$UUIDX_SERVER_LOG" | head -n 1)"
unset UUIDX_SERVER_LOG  # (tap_done's check would fail on the crash caused here)
tap_done
