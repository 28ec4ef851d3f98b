#!/usr/bin/env bash
# planning.sh: what the time-predicate rewrite adds to planning (not run by CI). In one throwaway
# cluster (uuidx preloaded), over a v7 table of ROWS keys (one per second), plans per second with
# uuidx.time_predicates on and off, for three statements:
#   plain      SELECT count(*) FROM ev WHERE n = 42           (no time predicate)
#   rewritten  SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1 hour'
#   or1000     the same table, 1,000 arms uuid_extract_time(id) = '<instant i>' joined by OR
# Each is planned, not run: EXPLAIN of it, by pgbench (simple protocol: parsed and planned at each
# transaction), one client, DURATION seconds; on and off alternate within each round, and the
# ratio is taken within the round. Prints a markdown table with the median of ROUNDS.
# Usage: bench/planning.sh [--rows N] [--rounds R] [--duration S] [--out DIR]
#   defaults: --rows 100000 --rounds 5 --duration 5
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh

rows=100000 rounds=5 duration=5 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --duration) duration=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

cluster_start "shared_preload_libraries = 'uuidx'" "autovacuum = off"
work=$(mktemp -d /tmp/uuidx-planning.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx"
q "CREATE TABLE ev (id uuid_v7 PRIMARY KEY, n int NOT NULL)"
q "INSERT INTO ev SELECT uuid_generate_v7(now() - $rows * interval '1 second' + i * interval '1 second'), i % 1000
   FROM generate_series(1, $rows) AS i"
q "VACUUM ANALYZE ev"

echo "EXPLAIN SELECT count(*) FROM ev WHERE n = 42;" >"$work/plain.sql"
echo "EXPLAIN SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1 hour';" >"$work/rewritten.sql"
python3 -c "
print('EXPLAIN SELECT count(*) FROM ev WHERE ' + ' OR '.join(
    \"uuid_extract_time(id) = '2024-01-01 00:00:00+00'::timestamptz + interval '%d seconds'\" % i for i in range(1000)) + ';')
" >"$work/or1000.sql"

tps() {  # tps SCRIPT on|off
  PGOPTIONS="-c uuidx.time_predicates=$2" "$PGBIN/pgbench" -n -M simple -c 1 -T "$duration" -f "$work/$1.sql" 2>&1 |
    sed -n 's/^tps = \([0-9.]*\).*/\1/p'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

machine="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
header="PostgreSQL $(q 'SHOW server_version'); uuidx $(git rev-parse --short HEAD); $machine; $rows rows; $rounds rounds of $duration s per setting"
echo "$header"
table="| statement | plans/s off | plans/s on | on / off |
|---|---:|---:|---:|"
for s in plain rewritten or1000; do
  : >"$work/$s.off"
  : >"$work/$s.on"
  : >"$work/$s.ratio"
  for r in $(seq "$rounds"); do
    off=$(tps "$s" off)
    on=$(tps "$s" on)
    echo "$off" >>"$work/$s.off"
    echo "$on" >>"$work/$s.on"
    awk -v a="$on" -v b="$off" 'BEGIN { printf "%.3f\n", a / b }' >>"$work/$s.ratio"
    echo "  $s round $r: off $off, on $on plans/s" >&2
  done
  table+="
| $s | $(median <"$work/$s.off") | $(median <"$work/$s.on") | $(median <"$work/$s.ratio") |"
done
echo "$table"
if [ -n "$out" ]; then
  mkdir -p "$out"
  { echo "# Planning cost of uuidx.time_predicates"; echo; echo "$header"; echo
    echo "Command: \`bash bench/planning.sh --rows $rows --rounds $rounds --duration $duration\`"; echo
    echo "$table"; } >"$out/planning.md"
  echo "wrote $out/planning.md"
fi
