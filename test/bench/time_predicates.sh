#!/usr/bin/env bash
# time_predicates.sh: figures for "Time on v7 keys" (not run by CI). In one throwaway cluster
# (shared_buffers = 128MB, uuidx preloaded):
#   1. the insert cost of the uuid_v7 domain's check: INSERT ... SELECT uuid_generate_v7() of
#      DOMAIN_ROWS rows into (id uuid PRIMARY KEY) and into (id uuid_v7 PRIMARY KEY), rounds
#      interleaved, median ns per row of each and the difference;
#   2. the last-hour query over a ROWS-row v7 table (one key per second up to now), uuidx.time_predicates
#      on vs off: SELECT count(*) WHERE uuid_extract_time(id) >= now() - interval '1 hour',
#      median of QUERY_ROUNDS, and the ratio;
#   3. BRIN (id) against the btree primary key for one hour in the middle of the table
#      (id BETWEEN uuid_v7_floor(t) AND uuid_v7_ceil(t + 1 hour)): index sizes and median times.
# Usage: test/bench/time_predicates.sh [--rows N] [--domain-rows N] [--rounds R]
#   defaults: --rows 10000000 --domain-rows 1000000 --rounds 7
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh

rows=10000000 domain_rows=1000000 rounds=7
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --domain-rows) domain_rows=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

cluster_start "shared_preload_libraries = 'uuidx'" "shared_buffers = 128MB" "max_wal_size = 4GB" "autovacuum = off"
trap cluster_stop EXIT
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx"
echo "PostgreSQL: $(q 'SHOW server_version'); uuidx $(git rev-parse --short HEAD); $(nproc) cores"

# Milliseconds of one statement, by the server's clock.
ms_of() {
  q "DO \$\$ DECLARE t0 timestamptz := clock_timestamp(); BEGIN EXECUTE \$q\$$1\$q\$; RAISE NOTICE 'ms=%', extract(epoch FROM clock_timestamp() - t0) * 1000; END \$\$" 2>&1 |
    sed -n 's/.*ms=\([0-9.]*\).*/\1/p'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "== 1. domain check on insert ($domain_rows rows per round, $rounds rounds)"
: >/tmp/uuidx-bench-plain; : >/tmp/uuidx-bench-domain
for r in $(seq "$rounds"); do
  for kind in plain domain; do
    type=uuid; [ $kind = domain ] && type=uuid_v7
    q "DROP TABLE IF EXISTS ins_$kind; CREATE TABLE ins_$kind (id $type PRIMARY KEY)" >/dev/null
    q "CHECKPOINT" >/dev/null
    ms_of "INSERT INTO ins_$kind SELECT uuid_generate_v7() FROM generate_series(1, $domain_rows)" >>/tmp/uuidx-bench-$kind
  done
done
plain=$(median </tmp/uuidx-bench-plain); domain=$(median </tmp/uuidx-bench-domain)
awk -v p="$plain" -v d="$domain" -v n="$domain_rows" 'BEGIN {
  printf "uuid PRIMARY KEY:    %.0f ns/row (median %.0f ms)\nuuid_v7 PRIMARY KEY: %.0f ns/row (median %.0f ms)\ndomain check: %+.0f ns/row (%+.1f%%)\n",
         p * 1e6 / n, p, d * 1e6 / n, d, (d - p) * 1e6 / n, (d - p) / p * 100 }'
q "DROP TABLE ins_plain, ins_domain" >/dev/null

echo "== 2. last-hour query over $rows v7 keys, one per second up to now"
q "CREATE TABLE big (id uuid_v7 NOT NULL, payload int)"
q "INSERT INTO big SELECT uuid_generate_v7(now() - ($rows - i) * interval '1 second'), i FROM generate_series(1, $rows) i"
q "ALTER TABLE big ADD PRIMARY KEY (id)"
q "VACUUM ANALYZE big"
echo "table $(q "SELECT pg_size_pretty(pg_relation_size('big'))"), primary key $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))")"
query="SELECT count(*) FROM big WHERE uuid_extract_time(id) >= now() - interval '1 hour'"
cluster_psql -At -c "EXPLAIN (COSTS OFF) $query" | sed 's/^/  on:  /'
cluster_psql -At -c "SET uuidx.time_predicates = off" -c "EXPLAIN (COSTS OFF) $query" | sed 's/^/  off: /'
: >/tmp/uuidx-bench-on; : >/tmp/uuidx-bench-off
for r in $(seq "$rounds"); do
  ms_of "$query" >>/tmp/uuidx-bench-on
  q "DO \$\$ DECLARE t0 timestamptz := clock_timestamp(); n bigint; BEGIN SET LOCAL uuidx.time_predicates = off; EXECUTE \$q\$$query\$q\$ INTO n; RAISE NOTICE 'ms=%', extract(epoch FROM clock_timestamp() - t0) * 1000; END \$\$" 2>&1 |
    sed -n 's/.*ms=\([0-9.]*\).*/\1/p' >>/tmp/uuidx-bench-off
done
on=$(median </tmp/uuidx-bench-on); off=$(median </tmp/uuidx-bench-off)
echo "rows in the last hour: $(q "$query")"
awk -v a="$on" -v b="$off" 'BEGIN { printf "on: %.2f ms, off: %.1f ms, ratio off/on: %.0fx\n", a, b, b / a }'

echo "== 3. BRIN (id) vs the btree primary key, one hour in the middle"
q "CREATE INDEX big_brin ON big USING brin (id)"
echo "btree $(q "SELECT pg_size_pretty(pg_relation_size('big_pkey'))"), brin $(q "SELECT pg_size_pretty(pg_relation_size('big_brin'))") ($(q "SELECT pg_relation_size('big_pkey') / pg_relation_size('big_brin')")x smaller)"
mid="now() - ($rows / 2) * interval '1 second'"
range="SELECT count(*) FROM big WHERE id BETWEEN uuid_v7_floor($mid) AND uuid_v7_ceil($mid + interval '1 hour')"
: >/tmp/uuidx-bench-btree; : >/tmp/uuidx-bench-brin
for r in $(seq "$rounds"); do
  # The btree alone (the BRIN dropped inside a transaction that is rolled back), then the BRIN alone.
  q "BEGIN; DROP INDEX big_brin; DO \$\$ DECLARE t0 timestamptz := clock_timestamp(); n bigint; BEGIN EXECUTE \$q\$$range\$q\$ INTO n; RAISE NOTICE 'ms=%', extract(epoch FROM clock_timestamp() - t0) * 1000; END \$\$; ROLLBACK" 2>&1 |
    sed -n 's/.*ms=\([0-9.]*\).*/\1/p' >>/tmp/uuidx-bench-btree
  q "BEGIN; ALTER TABLE big DROP CONSTRAINT big_pkey; DO \$\$ DECLARE t0 timestamptz := clock_timestamp(); n bigint; BEGIN EXECUTE \$q\$$range\$q\$ INTO n; RAISE NOTICE 'ms=%', extract(epoch FROM clock_timestamp() - t0) * 1000; END \$\$; ROLLBACK" 2>&1 |
    sed -n 's/.*ms=\([0-9.]*\).*/\1/p' >>/tmp/uuidx-bench-brin
done
cluster_psql -At -c "BEGIN" -c "ALTER TABLE big DROP CONSTRAINT big_pkey" -c "EXPLAIN (COSTS OFF) $range" -c "ROLLBACK" | sed 's/^/  brin: /'
bt=$(median </tmp/uuidx-bench-btree); br=$(median </tmp/uuidx-bench-brin)
awk -v a="$bt" -v b="$br" 'BEGIN { printf "one hour (3600 rows): btree %.2f ms, brin %.2f ms (brin/btree %.1fx)\n", a, b, b / a }'
rm -f /tmp/uuidx-bench-*
