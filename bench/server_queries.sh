# server_queries.sh: sourced by the query benchmarks (time_order.sh, time_predicates.sh) after
# cluster_start and with ROUNDS set: the table they share, timings by the server, medians, and the
# results directory's machine.md.

# The commit the run starts from (HEAD may move while a long run goes on).
BENCH_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# bench_v7_table ROWS: `big (id uuid_v7 PRIMARY KEY, payload int)`, one key per second up to now.
bench_v7_table() {
  local rows=$1
  cluster_psql -Atq <<SQL
CREATE TABLE big (id uuid_v7 NOT NULL, payload int NOT NULL);
INSERT INTO big SELECT uuid_generate_v7(now() - ($rows - i) * interval '1 second'), i % 1000 FROM generate_series(1, $rows) i;
ALTER TABLE big ADD PRIMARY KEY (id);
VACUUM ANALYZE big;
SQL
}

# runs_of SQL: milliseconds of SQL by the server, EXPLAIN (ANALYZE, TIMING OFF)'s planning plus
# execution time (no per-node clock reads). One session for all rounds, after a warm-up run of each
# setting (a new session's first plan also fills its catalog caches): one line per run, "on MS" or
# "off MS" for uuidx.time_predicates, on and off alternating.
runs_of() {
  local sql=$1
  {
    for mode in on off; do echo "SET uuidx.time_predicates = $mode; EXPLAIN (ANALYZE, TIMING OFF) $sql;"; done
    echo "\\echo @@ begin"
    for r in $(seq "$ROUNDS"); do
      for mode in on off; do
        echo "\\echo @@ $mode"
        echo "SET uuidx.time_predicates = $mode; EXPLAIN (ANALYZE, TIMING OFF) $sql;"
      done
    done
  } | cluster_psql -At | awk '/^@@ begin/ {go = 1} go && /^@@ (on|off)/ {m = $2} go && /^Planning Time:/ {p = $3}
      go && /^Execution Time:/ {printf "%s %.3f\n", m, p + $3}'
}

# bench_machine_md FILE SETTINGS: where a result came from.
bench_machine_md() {
  { echo "# Machine"; echo
    echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
    echo "- memory: $(free -g | awk '/^Mem:/ {print $2}') GiB; kernel $(uname -r)"
    echo "- PostgreSQL $(cluster_psql -At -c 'SHOW server_version')"
    echo "- uuidx commit $BENCH_COMMIT"
    echo "- settings: $2, otherwise initdb defaults"
    echo "- rounds: $ROUNDS; date: $(date -u '+%Y-%m-%d %H:%M UTC')"; } >"$1"
}
