#!/usr/bin/env bash
# Fork safety. With shared_preload_libraries = 'uuidx' the library and its statics live in the
# postmaster before every backend and parallel worker is forked from it. The shipped library
# leaves its session state empty until a backend uses it, so a postmaster has nothing to pass on;
# this suite therefore runs the test build (make UUIDX_FAULT_INJECTION=1, in a throwaway copy of
# the server's installation: lab/variant.sh), whose _PG_init fills the state as a first call
# would: a full random buffer, a v1 node and clock_seq, a last v7 tick. Every backend then
# inherits them, and only the fork handler (forget_in_forked_children) makes each start afresh;
# without it the checks below fail (the same v4 values and v1 node in every session):
#  1. the concurrency run of test/t/005_concurrency.pl again (16 sessions x 100,000 of each version);
#  2. parallel workers: a forced parallel plan whose Parallel Seq Scan calls the generators, shown
#     by EXPLAIN ANALYZE to have launched workers, produces no duplicates, and its v1 values carry
#     several nodes (one per process that generated them).
set -u
cd "$(dirname "$0")/../.."
source lab/variant.sh
if ! variant_bin=$(uuidx_variant_install "${PG_CONFIG:-pg_config}" faults UUIDX_FAULT_INJECTION=1); then
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
fi
trap 'uuidx_variant_remove "$variant_bin"' EXIT
PGBIN=$variant_bin
PATH="$variant_bin:$PATH"
source test/lib/cluster.sh
source test/lib/generation.sh

sessions=${UUIDX_CONC_SESSIONS:-16}
per_session=${UUIDX_CONC_PER_SESSION:-100000}
parallel_rows=${UUIDX_PARALLEL_ROWS:-1000000}

cluster_start "shared_preload_libraries = 'uuidx'" "max_connections = 40" "max_worker_processes = 16" \
  "max_parallel_workers = 8" || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }

# The postmaster itself has the library mapped: every backend is forked with it already loaded.
postmaster=$(head -n 1 "$CLUSTER_DIR/data/postmaster.pid")
check_true "preloaded in the postmaster" "$(grep -q '/uuidx\.so' "/proc/$postmaster/maps" && echo t)" \
  "shared_preload_libraries = '$(cluster_psql -At -c 'SHOW shared_preload_libraries')', uuidx.so mapped in postmaster pid $postmaster: $(grep -c '/uuidx\.so' "/proc/$postmaster/maps") mappings"

check_true "the test build that fills the state in _PG_init is the one preloaded" \
  "$(grep -q "$(dirname "$(dirname "$variant_bin")").*/uuidx\.so" "/proc/$postmaster/maps" &&
     cluster_psql -At -c 'SHOW uuidx.test_random_failure' >/dev/null 2>&1 && echo t)" \
  "$(grep -m 1 -o '/[^ ]*/uuidx\.so' "/proc/$postmaster/maps")"

cluster_psql -c "CREATE EXTENSION uuidx"
gen_tables
gen_concurrent "$sessions" "$per_session" 10000
gen_checks "$sessions" "$per_session" "preload: "

# ---- parallel workers
# force_parallel_mode was renamed debug_parallel_query in PostgreSQL 16.
force_parallel=$(cluster_psql -At -c "SELECT CASE WHEN current_setting('server_version_num')::int >= 160000
                                            THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END")
parallel_settings="SET $force_parallel = on; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
  SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 4;"
cluster_psql -c "CREATE UNLOGGED TABLE par_src AS SELECT i FROM generate_series(1, $parallel_rows) i" -c "VACUUM ANALYZE par_src"
for v in 1 4 6 7; do
  plan=$(cluster_psql -At -c "$parallel_settings
    EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF)
    CREATE UNLOGGED TABLE par_v$v AS SELECT i, uuid_generate_v$v() u FROM par_src" 2>&1)
  launched=$(sed -nE 's/.*Workers Launched: ([0-9]+).*/\1/p' <<<"$plan" | head -n 1)
  # The generator must be evaluated in the Parallel Seq Scan (in the workers), not above Gather.
  in_scan=$(awk '/Parallel Seq Scan/ {p = 1; next} p && /Output:/ {print; exit}' <<<"$plan")
  ok=f
  [ "${launched:-0}" -ge 1 ] && [[ $in_scan == *"uuid_generate_v$v()"* ]] && ok=t
  check_true "parallel v$v plan used workers" "$ok" \
    "Workers Launched: ${launched:-none}; Parallel Seq Scan$(sed 's/^ */ /' <<<"$in_scan")"
  [ $ok = t ] || echo "$plan"
  check_sql "parallel v$v duplicates" "
    SELECT count(*) = $parallel_rows AND count(*) = count(DISTINCT u),
           format('%s values from a parallel scan, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
    FROM par_v$v"
  check_sql "parallel v$v version and variant bits" "
    SELECT count(*) FILTER (WHERE substr(u::text, 15, 1) <> '$v' OR substr(u::text, 20, 1) NOT IN ('8', '9', 'a', 'b')) = 0,
           format('wrong version nibble or variant = %s of %s',
                  count(*) FILTER (WHERE substr(u::text, 15, 1) <> '$v' OR substr(u::text, 20, 1) NOT IN ('8', '9', 'a', 'b')), count(*))
    FROM par_v$v"
  if [ $v = 1 ]; then
    # Every process (leader and each worker) picks its own node: more than one node proves the
    # values came from several processes, and no process may share a node with another.
    check_sql "parallel v1 values from several processes" "
      SELECT count(DISTINCT uuid_extract_node(u)) BETWEEN 2 AND ${launched:-0} + 1,
             format('%s distinct nodes for %s workers launched (+ leader)', count(DISTINCT uuid_extract_node(u)), ${launched:-0})
      FROM par_v1"
  fi
done
suite_end
