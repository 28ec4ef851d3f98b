#!/usr/bin/env bash
# Concurrency: 16 concurrent sessions each generate 100,000 values of v1, v4, v6
# and v7 (pgbench, one connection per session). No duplicate across all sessions for any version,
# v1/v6/v7 strictly increasing in each session's call order, version and variant bits right.
# Then v7 alone, four calls in a row (test/concurrency/session_v7.pgbench), UUIDX_CONC_V7_PER_SESSION
# values per session (CI: 100,000, ~10 s; 1,000,000 takes ~100 s on a 2-core machine).
# UUIDX_CONC_SESSIONS / UUIDX_CONC_PER_SESSION change the size (CI uses the defaults).
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

sessions=${UUIDX_CONC_SESSIONS:-16}
per_session=${UUIDX_CONC_PER_SESSION:-100000}
chunk=10000

cluster_start "max_connections = 40" || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx"
gen_tables
gen_concurrent "$sessions" "$per_session" "$chunk"
start=$(date +%s%3N)
gen_checks "$sessions" "$per_session"
echo "      checks took $(ms_to_s $(($(date +%s%3N) - start))) s"

# v7 alone, in bursts: the same checks, and within each session every value on
# the tick of the one before it has rand_b = the previous rand_b + a random increment in
# [1, 2^32] (RFC 9562 §6.2, Method 2; tick = the first 16 hex digits, rand_b = the last 16
# without the variant bits). UUIDX_CONC_V7_PER_SESSION=0 skips this part.
v7_per_session=${UUIDX_CONC_V7_PER_SESSION:-100000}
if [ "$v7_per_session" -gt 0 ]; then
  gen_tables 7
  gen_concurrent "$sessions" "$v7_per_session" "$chunk" session_v7.pgbench 7
  start=$(date +%s%3N)
  gen_checks "$sessions" "$v7_per_session" "v7 only: " 7
  check_sql "v7 only: same-tick increments within each session" "
    SELECT same > 0 AND bad = 0, format('%s values, %s on the tick of the value before them, increment outside [1, 2^32] = %s', n, same, bad)
    FROM (SELECT count(*) n, count(*) FILTER (WHERE tick = prev_tick) same,
                 count(*) FILTER (WHERE tick = prev_tick AND rand_b - prev_rand_b NOT BETWEEN 1 AND 4294967296) bad
          FROM (SELECT tick, rand_b, lag(tick) OVER w prev_tick, lag(rand_b) OVER w prev_rand_b
                FROM (SELECT sid, seq, left(h, 16) tick, ('x' || right(h, 16))::bit(64)::bigint & 4611686018427387903 rand_b
                      FROM (SELECT sid, seq, replace(u::text, '-', '') h FROM gen_v7) a) b
                WINDOW w AS (PARTITION BY sid ORDER BY seq)) c) d"
  echo "      checks took $(ms_to_s $(($(date +%s%3N) - start))) s"
fi
suite_end
