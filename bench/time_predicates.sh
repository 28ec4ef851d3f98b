#!/usr/bin/env bash
# time_predicates.sh: figures for the rewrite of time predicates on a v7 key (not run by CI). In one
# throwaway cluster (shared_buffers = 128MB, uuidx preloaded, autovacuum off), over a table of ROWS
# v7 keys (one per second up to now, `id uuid_v7 PRIMARY KEY`):
#   1. the gain as a function of the rows that match: for windows from the last minute to more
#      than the whole table, SELECT count(*) FROM big WHERE uuid_extract_time(id) >= now() - WINDOW,
#      uuidx.time_predicates on vs off, timed by the server (EXPLAIN (ANALYZE, TIMING OFF): planning
#      plus execution), median of ROUNDS with on and off alternating, the rows matched and the plan;
#   2. BRIN (id) against the btree primary key for one hour in the middle of the table
#      (id BETWEEN uuid_v7_floor(t) AND uuid_v7_ceil(t + 1 hour)): index sizes and median times;
#   3. the insert cost of the uuid_v7 domain's check: INSERT ... SELECT uuid_generate_v7() of
#      DOMAIN_ROWS rows into (id uuid PRIMARY KEY) and into (id uuid_v7 PRIMARY KEY), rounds
#      interleaved, median ns per row of each and the difference.
# With --out DIR it writes DIR/time_predicates.md and DIR/machine.md.
# Usage: bench/time_predicates.sh [--rows N] [--domain-rows N] [--rounds R] [--out DIR]
#   defaults: --rows 10000000 --domain-rows 1000000 --rounds 7
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh
source bench/server_queries.sh

rows=10000000 domain_rows=1000000 ROUNDS=7 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --domain-rows) domain_rows=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

settings="shared_buffers = 128MB, max_wal_size = 4GB, autovacuum = off"
cluster_start "shared_preload_libraries = 'uuidx'" "shared_buffers = 128MB" "max_wal_size = 4GB" "autovacuum = off"
work=$(mktemp -d /tmp/uuidx-time-predicates.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx"
header="PostgreSQL $(q 'SHOW server_version'); uuidx $BENCH_COMMIT; $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores; $rows rows; $ROUNDS rounds"
echo "$header"

bench_v7_table "$rows"
sizes="table $(q "SELECT pg_size_pretty(pg_relation_size('big'))"), primary key $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))")"
echo "$sizes"

echo "== 1. the gain by rows matched"
gain="| window | rows matched | share of the table | off (ms) | on (ms) | off / on | plan, off | plan, on |
|---|---:|---:|---:|---:|---:|---|---|"
# The table spans rows seconds; the last window is wider than all of it.
for window in '1 minute' '10 minutes' '1 hour' '6 hours' '1 day' '1 week' '30 days' '1000 days'; do
  sql="SELECT count(*) FROM big WHERE uuid_extract_time(id) >= now() - interval '$window'"
  matched=$(q "$sql")
  scan='(Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan)'
  plan_on=$(q "EXPLAIN (COSTS OFF) $sql" | grep -Eo "$scan" | head -n 1)
  plan_off=$(cluster_psql -At -c "SET uuidx.time_predicates = off" -c "EXPLAIN (COSTS OFF) $sql" | grep -Eo "$scan" | head -n 1)
  runs_of "$sql" >"$work/runs"
  on=$(sed -n 's/^on //p' "$work/runs" | median); off=$(sed -n 's/^off //p' "$work/runs" | median)
  line="| $window | $matched | $(awk -v m="$matched" -v n="$rows" 'BEGIN { printf "%.4f %%", m / n * 100 }') | $off | $on | $(awk -v a="$on" -v b="$off" 'BEGIN { printf "%.2f", b / a }') | $plan_off | $plan_on |"
  echo "$line"
  gain+="
$line"
done

echo "== 2. BRIN (id) vs the btree primary key, one hour in the middle"
q "CREATE INDEX big_brin ON big USING brin (id)" >/dev/null
brin_sizes="btree $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))"), BRIN $(q "SELECT pg_size_pretty(pg_relation_size('big_brin'))") ($(q "SELECT pg_relation_size('big_pkey') / pg_relation_size('big_brin')") times smaller)"
mid="now() - ($rows / 2) * interval '1 second'"
range="SELECT count(*) FROM big WHERE id BETWEEN uuid_v7_floor($mid) AND uuid_v7_ceil($mid + interval '1 hour')"
ms_of() {  # ms_of SETUP: EXPLAIN ANALYZE time of the range query after SETUP, in a rolled-back transaction
  cluster_psql -At -c "BEGIN" -c "$1" -c "EXPLAIN (ANALYZE, TIMING OFF) $range" -c "ROLLBACK" |
    awk '/^Planning Time:/ {p = $3} /^Execution Time:/ {printf "%.3f\n", p + $3}'
}
: >"$work/btree"; : >"$work/brin"
for r in $(seq "$ROUNDS"); do
  ms_of "DROP INDEX big_brin" >>"$work/btree"
  ms_of "ALTER TABLE big DROP CONSTRAINT big_pkey" >>"$work/brin"
done
brin_plan=$(cluster_psql -At -c "BEGIN" -c "ALTER TABLE big DROP CONSTRAINT big_pkey" -c "EXPLAIN (COSTS OFF) $range" -c "ROLLBACK" | grep -v '^BEGIN\|^ALTER\|^ROLLBACK')
bt=$(median <"$work/btree"); br=$(median <"$work/brin")
brin="| index | size | one hour (3600 rows), ms |
|---|---:|---:|
| btree primary key | $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))") | $bt |
| BRIN (id) | $(q "SELECT pg_size_pretty(pg_relation_size('big_brin'))") | $br |"
echo "$brin_sizes"; echo "$brin"
q "DROP INDEX big_brin" >/dev/null

echo "== 3. the uuid_v7 domain's check on insert ($domain_rows rows per round)"
insert_ms() {
  cluster_psql -At -c "EXPLAIN (ANALYZE, TIMING OFF) INSERT INTO $1 SELECT uuid_generate_v7() FROM generate_series(1, $domain_rows)" |
    awk '/^Planning Time:/ {p = $3} /^Execution Time:/ {printf "%.3f\n", p + $3}'
}
: >"$work/plain"; : >"$work/domain"
for r in $(seq "$ROUNDS"); do
  for kind in plain domain; do
    type=uuid; [ $kind = domain ] && type=uuid_v7
    q "DROP TABLE IF EXISTS ins_$kind; CREATE TABLE ins_$kind (id $type PRIMARY KEY)" >/dev/null
    q "CHECKPOINT" >/dev/null
    insert_ms "ins_$kind" >>"$work/$kind"
  done
done
plain=$(median <"$work/plain"); domain=$(median <"$work/domain")
dom=$(awk -v p="$plain" -v d="$domain" -v n="$domain_rows" 'BEGIN {
  printf "| key column | ns per inserted row |\n|---|---:|\n| `uuid PRIMARY KEY` | %.0f |\n| `uuid_v7 PRIMARY KEY` | %.0f |\n| the domain'"'"'s check | %+.0f (%+.1f %%) |",
         p * 1e6 / n, d * 1e6 / n, (d - p) * 1e6 / n, (d - p) / p * 100 }')
echo "$dom"

if [ -n "$out" ]; then
  mkdir -p "$out"
  { echo "# Time predicates on a v7 key: the rewrite's gain by rows matched, BRIN, the domain's cost"; echo
    echo "$header"; echo
    echo "Command: \`bash bench/time_predicates.sh --rows $rows --domain-rows $domain_rows --rounds $ROUNDS --out $out\`"; echo
    echo "\`big (id uuid_v7 PRIMARY KEY, payload int)\`, one key per second up to now: $sizes."; echo
    echo "## 1. The gain by rows matched"; echo
    echo "\`SELECT count(*) FROM big WHERE uuid_extract_time(id) >= now() - interval 'WINDOW'\`, \`uuidx.time_predicates\` off and on; EXPLAIN (ANALYZE, TIMING OFF): planning + execution, median of $ROUNDS rounds in one session after a warm-up, on and off alternating. The plans are the first scan node of \`EXPLAIN\`."; echo
    echo "$gain"; echo
    echo "## 2. BRIN (id) against the btree primary key"; echo
    echo "\`$range\`, each index alone (the other dropped in a rolled-back transaction), median of $ROUNDS; $brin_sizes."; echo
    echo "$brin"; echo
    echo "Plan with the BRIN alone:"; echo; echo '```'; echo "$brin_plan"; echo '```'; echo
    echo "## 3. The uuid_v7 domain's check on insert"; echo
    echo "\`INSERT INTO t SELECT uuid_generate_v7() FROM generate_series(1, $domain_rows)\` into a fresh \`t (id uuid PRIMARY KEY)\` or \`t (id uuid_v7 PRIMARY KEY)\` after a CHECKPOINT, the two interleaved, median of $ROUNDS."; echo
    echo "$dom"; } >"$out/time_predicates.md"
  bench_machine_md "$out/machine.md" "$settings"
  echo "wrote $out"
fi
