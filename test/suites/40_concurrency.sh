#!/usr/bin/env bash
# Concurrency (issue 4 item 1): 16 concurrent sessions each generate 100,000 values of v1, v4, v6
# and v7 (pgbench, one connection per session). No duplicate across all sessions for any version,
# v1/v6/v7 strictly increasing in each session's call order, version and variant bits right.
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
suite_end
