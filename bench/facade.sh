#!/usr/bin/env bash
# facade.sh: figures for the README's "UUIDv47 façade" section, in one throwaway cluster.
#   1. cost: per call of uuid_v7_to_facade and uuid_facade_to_v7 (key given, and from
#      uuidx.facade_key) over a pre-generated table, net of count(1), with uuid_hash(id) as the
#      reference; and per generated row, uuid_generate_v7() with and without its façade,
#      uuid_generate_v7_fresh() and gen_random_uuid(), as ratios to gen_random_uuid() (bench.sql's
#      bench_calls: backend CPU clock, interleaved rounds, medians);
#   2. what a façade keeps: IDS ids from one INSERT ... SELECT of each generator, and the share of
#      consecutive pairs (key order) whose façades agree in the upper 30 bits of rand_b, in all 62,
#      and in rand_a (the sub-millisecond fraction, kept in clear) or rand_a + 1; for
#      uuid_generate_v7_fresh() also how far its last value ran ahead of the clock.
# Usage: bench/facade.sh [--calls N] [--rounds R] [--ids N] [--out DIR] [--skip-cost]
#   defaults: --calls 1000000 --rounds 11 --ids 1000000 --out bench/results/<date>-facade
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source lab/cluster.sh
source bench/call_timing.sh

calls=1000000 rounds=11 ids=1000000 out="" do_cost=1
while [ $# -gt 0 ]; do
  case "$1" in
    --calls) calls=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --ids) ids=$2; shift ;;
    --out) out=$2; shift ;;
    --skip-cost) do_cost="" ;;
    *) echo "facade.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$out" ] || out="bench/results/$(date +%Y-%m-%d)-facade"
mkdir -p "$out"
out=$(cd "$out" && pwd)

trap cluster_stop EXIT
cluster_start "shared_buffers = 128MB" "work_mem = 256MB" "max_parallel_workers_per_gather = 0" "jit = off" \
  "uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'"
psql_q() { cluster_psql -At "$@"; }
bench_call_timing_install
psql_q -c 'CREATE EXTENSION uuidx' >/dev/null
{
  echo "# Machine"
  echo
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
  echo "- $(psql_q -c 'SELECT version()' | sed 's/ on .*//')"
  echo "- uuidx commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); calls $calls x $rounds rounds; ids $ids"
} >"$out/machine.md"
cat "$out/machine.md"

table() {  # part reference title
  echo "| expression | ns/call (net) | $3 |"
  echo "|---|---:|---:|"
  psql_q -F '|' -c "SELECT expr, round(net_ns::numeric, 1), round(ratio::numeric, 3)
                    FROM bench_call_summary('$1', '$2') WHERE expr <> '1' ORDER BY net_ns" |
    while IFS='|' read -r e ns ratio; do echo "| \`$e\` | $ns | $ratio |"; done
}

key="'\\x000102030405060708090a0b0c0d0e0f'::bytea"
if [ -n "$do_cost" ]; then
psql_q -c "CREATE TABLE ids AS SELECT v7, uuid_v7_to_facade(v7) AS f FROM (SELECT uuid_generate_v7() AS v7 FROM generate_series(1, $calls)) g" \
  -c "VACUUM ANALYZE ids"
exprs=("1" "uuid_hash(v7)" "uuid_v7_to_facade(v7, $key)" "uuid_facade_to_v7(f, $key)" "uuid_v7_to_facade(v7)" "uuid_facade_to_v7(f)")
arr=$(for e in "${exprs[@]}"; do printf "'%s'," "${e//\'/\'\'}"; done)
psql_q -c "CALL bench_calls('facade', ARRAY[${arr%,}], 'ids', $calls, $rounds)"
gexprs=("1" "gen_random_uuid()" "uuid_generate_v7()" "uuid_generate_v7_fresh()" "uuid_v7_to_facade(uuid_generate_v7())")
arr=$(for e in "${gexprs[@]}"; do printf "'%s'," "${e//\'/\'\'}"; done)
psql_q -c "CALL bench_calls('gen', ARRAY[${arr%,}], 'generate_series(1, \$n)', $calls, $rounds)"
{
  echo "## The façade: ns per call"
  echo
  echo "\`SELECT count(EXPR) FROM ids\` ($calls rows of v7 and façade, in shared buffers), backend CPU clock, median of $rounds interleaved rounds, minus the median of \`count(1)\`."
  echo
  table facade 'uuid_hash(v7)' 'ratio to uuid_hash(v7)'
  echo
  echo "## Generating: ns per row"
  echo
  echo "\`SELECT count(EXPR) FROM generate_series(1, $calls)\`, as above."
  echo
  table gen 'gen_random_uuid()' 'ratio to gen_random_uuid()'
} | tee "$out/cost.md"
fi

# ---- what a façade keeps ---------------------------------------------------------------------
{
  echo "## What the façades of one bulk insert share"
  echo
  echo "$ids ids from one \`INSERT ... SELECT gen FROM generate_series(1, $ids)\` per generator and table; consecutive pairs in key order; their façades' bits compared (uuidx.facade_key set). rand_b's upper 30 bits are octet 8's low 6 bits and octets 9-11, rand_a is the 12-bit sub-millisecond fraction (RFC 9562 §5.7, §6.2 Method 3), which the façade keeps in clear."
  echo
  echo "| generator | into | ns per row | pairs | same upper 30 bits of rand_b (by chance: 0.00 %) | same 62 bits of rand_b | rand_a 0 to 15 ticks above the previous (by chance: 0.39 %) |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  # DDL | how the rows come | label
  for target in "CREATE TABLE bulk (id uuid PRIMARY KEY)|rows|a table with a primary key" \
    "CREATE UNLOGGED TABLE bulk (id uuid)|rows|an unlogged table without index" \
    "CREATE TEMP TABLE bulk (id uuid)|rows|a temporary table without index" \
    "CREATE TEMP TABLE bulk (id uuid)|array|an array made by one SELECT, then a temporary table"; do
    IFS='|' read -r ddl how label <<<"$target"
    for gen in "uuid_generate_v7()" "uuid_generate_v7_fresh()"; do
      psql_q -F '|' <<SQL
SET client_min_messages = warning;
DROP TABLE IF EXISTS bulk;
RESET client_min_messages;
$ddl;
CREATE TEMP TABLE run AS
  WITH ins AS (INSERT INTO bulk
                $([ "$how" = array ] && echo "SELECT unnest(ARRAY(SELECT $gen FROM generate_series(1, $ids)))" ||
                  echo "SELECT $gen FROM generate_series(1, $ids)") RETURNING id)
  SELECT statement_timestamp() AS began, (SELECT count(*) FROM ins) AS n, clock_timestamp() AS ended;
SELECT '\`$gen\`', '$label',
       (SELECT round(extract(epoch FROM ended - began)::numeric * 1e9 / $ids) FROM run), count(*),
       round(100.0 * count(*) FILTER (WHERE top30 = prev_top30) / count(*), 2) || ' %',
       round(100.0 * count(*) FILTER (WHERE rand_b = prev_rand_b) / count(*), 2) || ' %',
       round(100.0 * count(*) FILTER (WHERE (rand_a - prev_rand_a + 4096) % 4096 < 16) / count(*), 2) || ' %'
FROM (
  SELECT top30, rand_b, rand_a,
         lag(top30) OVER w AS prev_top30, lag(rand_b) OVER w AS prev_rand_b, lag(rand_a) OVER w AS prev_rand_a
  FROM (SELECT id, (get_byte(b, 8) & 63) * 16777216 + get_byte(b, 9) * 65536 + get_byte(b, 10) * 256 + get_byte(b, 11) AS top30,
               substr(b, 9) AS rand_b, (get_byte(b, 6) & 15) * 256 + get_byte(b, 7) AS rand_a
        FROM (SELECT id, uuid_send(uuid_v7_to_facade(id)) AS b FROM bulk) s) t
  WINDOW w AS (ORDER BY id)) p
WHERE prev_top30 IS NOT NULL;
DROP TABLE run;
SQL
    done
  done | awk -F'|' '{ l = "|"; for (i = 1; i <= NF; i++) l = l " " $i " |"; print l }'
} | tee "$out/linkage.md"

{
  echo
  echo "## How far uuid_generate_v7_fresh() runs ahead of the clock"
  echo
  echo "The last of $ids values made by one \`SELECT\` (no table), its time to the µs minus \`clock_timestamp()\` read right after it; each value takes one 1/4096 ms tick while they come faster than that. Median of 5."
  echo
  echo "| generator | ms ahead (median of 5) |"
  echo "|---|---:|"
  for gen in "uuid_generate_v7()" "uuid_generate_v7_fresh()"; do
    ahead=$(for r in 1 2 3 4 5; do
      psql_q -c "SELECT round(extract(epoch FROM uuid_extract_time((SELECT g FROM (SELECT $gen AS g FROM generate_series(1, $ids)) s ORDER BY g DESC LIMIT 1), true) - clock_timestamp())::numeric * 1000, 1)"
    done | sort -g | sed -n 3p)
    echo "| \`$gen\` | $ahead |"
  done
} | tee -a "$out/linkage.md"
