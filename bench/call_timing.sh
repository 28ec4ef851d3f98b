# call_timing.sh: sourced by the benchmarks that time calls inside the backend (bench.sh,
# facade.sh), after cluster_start: bench_cpu_ns(), the backend's CPU clock, built for this
# cluster only (bench_cpu.c), and the helpers of bench.sql (bench_calls, bench_call_summary, ...).
# Also bench_insert_rounds (bench.sh, peers.sh).
bench_call_timing_install() {
  cc -O2 -fPIC -shared -I"$(pg_config --includedir-server)" bench/bench_cpu.c -o "$CLUSTER_DIR/bench_cpu.so"
  chmod 755 "$CLUSTER_DIR/bench_cpu.so"
  cluster_psql -At -c "CREATE FUNCTION bench_cpu_ns() RETURNS bigint AS '$CLUSTER_DIR/bench_cpu.so', 'bench_cpu_ns' LANGUAGE C VOLATILE"
  cluster_psql -At -f bench/bench.sql >/dev/null
}

# bench_insert_rounds ROUNDS ROWS BATCH KEY=COLUMN...: ROUNDS rounds of bench.sql's bench_insert
# (ROWS rows in BATCH-row transactions) into a fresh table (id COLUMN, payload int) per KEY, the
# order of the keys rotated every round; a CHECKPOINT before each run, so that none pays for the
# previous one's dirty pages. Sizes go to bench_ins_sizes, progress to bench_ins_progress.
bench_insert_rounds() {
  local rounds=$1 rows=$2 batch=$3 r j n key column started
  shift 3
  n=$#
  local keys=("$@")
  for ((r = 1; r <= rounds; r++)); do
    for ((j = 0; j < n; j++)); do
      key=${keys[$(((j + r - 1) % n))]}
      column=${key#*=}
      key=${key%%=*}
      cluster_psql -At -c "DROP TABLE IF EXISTS bench_ins" -c "CREATE TABLE bench_ins (id $column, payload int)" -c "CHECKPOINT"
      started=$(date +%s)
      cluster_psql -At -c "CALL bench_insert('$key', $r, $rows, $batch)"
      cluster_psql -At -c "INSERT INTO bench_ins_sizes SELECT '$key', $r, pg_relation_size('bench_ins_pkey'), pg_relation_size('bench_ins')"
      echo "round $r, $key: $(($(date +%s) - started)) s"
    done
  done
  cluster_psql -At -c "DROP TABLE bench_ins"
}
