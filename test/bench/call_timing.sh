# call_timing.sh: sourced by the benchmarks that time calls inside the backend (bench.sh,
# facade.sh), after cluster_start: bench_cpu_ns(), the backend's CPU clock, built for this
# cluster only (bench_cpu.c), and the helpers of bench.sql (bench_calls, bench_call_summary, ...).
bench_call_timing_install() {
  cc -O2 -fPIC -shared -I"$(pg_config --includedir-server)" test/bench/bench_cpu.c -o "$CLUSTER_DIR/bench_cpu.so"
  chmod 755 "$CLUSTER_DIR/bench_cpu.so"
  cluster_psql -At -c "CREATE FUNCTION bench_cpu_ns() RETURNS bigint AS '$CLUSTER_DIR/bench_cpu.so', 'bench_cpu_ns' LANGUAGE C VOLATILE"
  cluster_psql -At -f test/bench/bench.sql >/dev/null
}
