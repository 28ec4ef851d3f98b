#!/usr/bin/env bash
# time_order.sh: figures for "the latest N" and "the newest time" on a v7 key (not run by CI). In
# one throwaway cluster (shared_buffers = 128MB, uuidx preloaded, autovacuum off), over a table of
# ROWS v7 keys (one per second up to now, `id uuid_v7 PRIMARY KEY`), uuidx.time_predicates on vs
# off, the median of ROUNDS (on and off alternate within each round):
#   latest10   SELECT id FROM big ORDER BY uuid_extract_time(id) DESC LIMIT 10
#   newest     SELECT max(uuid_extract_time(id)) FROM big
# each timed by the server (EXPLAIN ANALYZE's planning plus execution time), and the ratio off/on; then what the
# rewrite adds to the planning of statements that have no time key, in plans per second
# (pgbench, simple protocol, EXPLAIN only, one client, DURATION s per setting and round):
#   plain      SELECT count(*) FROM big WHERE payload = 42
#   order_n    SELECT id FROM big ORDER BY payload DESC LIMIT 10
#   agg_n      SELECT max(payload), min(id) FROM big
# With --out DIR it writes DIR/time_order.md and DIR/machine.md.
# Usage: bench/time_order.sh [--rows N] [--rounds R] [--duration S] [--out DIR]
#   defaults: --rows 10000000 --rounds 5 --duration 3
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh
source bench/server_queries.sh

rows=10000000 ROUNDS=5 duration=3 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --duration) duration=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

cluster_start "shared_preload_libraries = 'uuidx'" "shared_buffers = 128MB" "max_wal_size = 4GB" "autovacuum = off"
work=$(mktemp -d /tmp/uuidx-time-order.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx"
machine="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
server=$(q 'SHOW server_version')
commit=$BENCH_COMMIT
header="PostgreSQL $server; uuidx $commit; $machine; $rows rows; $ROUNDS rounds"
echo "$header"

start=$(date +%s)
bench_v7_table "$rows"
echo "table built in $(( $(date +%s) - start )) s: $(q "SELECT pg_size_pretty(pg_relation_size('big'))"), primary key $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))")"

latest10="SELECT id FROM big ORDER BY uuid_extract_time(id) DESC LIMIT 10"
newest="SELECT max(uuid_extract_time(id)) FROM big"
plans=""
for name in latest10 newest; do
  sql=${!name}
  plans+="
$name, on:
$(cluster_psql -At -c "EXPLAIN (COSTS OFF) $sql" | sed 's/^/    /')
$name, off:
$(cluster_psql -At -c "SET uuidx.time_predicates = off" -c "EXPLAIN (COSTS OFF) $sql" | sed 's/^/    /')"
  runs_of "$sql" >"$work/$name.runs"
  sed -n 's/^on //p' "$work/$name.runs" >"$work/$name.on"
  sed -n 's/^off //p' "$work/$name.runs" >"$work/$name.off"
done
echo "$plans"

table="| query | off (ms) | on (ms) | off / on |
|---|---:|---:|---:|"
for name in latest10 newest; do
  on=$(median <"$work/$name.on"); off=$(median <"$work/$name.off")
  table+="
| $name | $off | $on | $(awk -v a="$on" -v b="$off" 'BEGIN { printf "%.0f", b / a }') |"
done
check_same=$(q "SELECT (SELECT max(uuid_extract_time(id)) FROM big) = (SELECT uuid_extract_time(id) FROM big ORDER BY id DESC LIMIT 1)")
echo "$table"
echo "max(uuid_extract_time(id)) equals the time of the greatest key: $check_same"

echo "EXPLAIN SELECT count(*) FROM big WHERE payload = 42;" >"$work/plain.sql"
echo "EXPLAIN SELECT id FROM big ORDER BY payload DESC LIMIT 10;" >"$work/order_n.sql"
echo "EXPLAIN SELECT max(payload), min(id) FROM big;" >"$work/agg_n.sql"
tps() {  # tps SCRIPT on|off
  PGOPTIONS="-c uuidx.time_predicates=$2" "$PGBIN/pgbench" -n -M simple -c 1 -T "$duration" -f "$work/$1.sql" 2>&1 |
    sed -n 's/^tps = \([0-9.]*\).*/\1/p'
}
ptable="| statement (no time key) | plans/s off | plans/s on | on / off |
|---|---:|---:|---:|"
for s in plain order_n agg_n; do
  : >"$work/$s.poff"; : >"$work/$s.pon"; : >"$work/$s.ratio"
  for r in $(seq "$ROUNDS"); do
    off=$(tps "$s" off); on=$(tps "$s" on)
    echo "$off" >>"$work/$s.poff"; echo "$on" >>"$work/$s.pon"
    awk -v a="$on" -v b="$off" 'BEGIN { printf "%.3f\n", a / b }' >>"$work/$s.ratio"
  done
  ptable+="
| $s | $(median <"$work/$s.poff") | $(median <"$work/$s.pon") | $(median <"$work/$s.ratio") |"
done
echo "$ptable"

if [ -n "$out" ]; then
  mkdir -p "$out"
  { echo "# The latest N and the newest time on a v7 key"; echo
    echo "$header"; echo
    echo "Command: \`bash bench/time_order.sh --rows $rows --rounds $ROUNDS --duration $duration --out $out\`"; echo
    echo "Query times (EXPLAIN (ANALYZE, TIMING OFF): planning + execution, median of $ROUNDS rounds in one session after a warm-up, on and off alternating):"; echo
    echo "$table"; echo
    echo "\`max(uuid_extract_time(id))\` equals the time of the greatest key: $check_same"; echo
    echo "Plans:"; echo; echo '```'; echo "${plans#?}"; echo '```'; echo
    echo "Planning of statements with no time key (pgbench, EXPLAIN only, $duration s per setting and round, median of $ROUNDS):"; echo
    echo "$ptable"; } >"$out/time_order.md"
  bench_machine_md "$out/machine.md" "shared_buffers = 128MB, max_wal_size = 4GB, autovacuum = off"
  echo "wrote $out"
fi
