#!/usr/bin/env bash
# version_mix.sh: what a key column's mix of v4 and v7 keys does to its btree index (not run by CI;
# the figure docs/outside.md gives, "A key column's version mix"). In one throwaway cluster
# (uuidx, pgstattuple and pageinspect; autovacuum off), ROWS rows a table `k (id uuid PRIMARY KEY,
# pad int)`, inserted in transactions of BATCH rows in the order an application makes them:
#   v7           every key uuid_generate_v7()
#   v4           every key gen_random_uuid()
#   v4_then_v7   the first half v4, the second half v7: a table whose default moved from v4 to v7
#   interleaved  each row v4 or v7 at random, half each: old and new clients writing side by side
#   v4_then_v7_reindexed   v4_then_v7 after REINDEX: what a rebuild gives back
# Per table: the primary key's size, leaf pages and leaf density (pgstattuple's pgstatindex), and
# its ratio to v7's; for the mixed tables, the leaf pages that hold v7 keys only and their mean
# number of keys (pageinspect), beside v7's own. Median of ROUNDS rounds (each round makes every
# table again); uuid_version_mix's report of one v4_then_v7 table.
# With --out DIR it writes DIR/version_mix.md, DIR/sizes.csv and DIR/machine.md.
# Usage: bench/version_mix.sh [--rows N] [--batch N] [--rounds R] [--out DIR]
#   defaults: --rows 1000000 --batch 10000 --rounds 3
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh

rows=1000000 batch=10000 ROUNDS=3 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --batch) batch=$2; shift ;;
    --rounds) ROUNDS=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
[ $((rows % (2 * batch))) = 0 ] || { echo "version_mix.sh: --rows must be a multiple of twice --batch" >&2; exit 2; }
source bench/server_queries.sh  # BENCH_COMMIT, median, bench_machine_md
export PGOPTIONS="-c client_min_messages=warning"

settings="shared_buffers = 128MB, max_wal_size = 4GB, autovacuum = off"
cluster_start "shared_buffers = 128MB" "max_wal_size = 4GB" "autovacuum = off"
work=$(mktemp -d /tmp/uuidx-version-mix.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx; CREATE EXTENSION pgstattuple; CREATE EXTENSION pageinspect" >/dev/null
header="PostgreSQL $(q 'SHOW server_version'); uuidx $BENCH_COMMIT; $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores; $rows rows; $ROUNDS rounds"
echo "$header"

# The key expression of a batch: which batch (0-based) of how many.
key_of() {
  local shape=$1 b=$2 batches=$3
  case $shape in
    v7) echo 'uuid_generate_v7()' ;;
    v4) echo 'gen_random_uuid()' ;;
    v4_then_v7) if [ "$b" -lt $((batches / 2)) ]; then echo 'gen_random_uuid()'; else echo 'uuid_generate_v7()'; fi ;;
    interleaved) echo 'CASE WHEN random() < 0.5 THEN gen_random_uuid() ELSE uuid_generate_v7() END' ;;
  esac
}
# fill SHAPE: k made again, ROWS rows in batches (one transaction each), then CHECKPOINT.
fill() {
  local batches=$((rows / batch)) b
  {
    echo "DROP TABLE IF EXISTS k; CREATE TABLE k (id uuid PRIMARY KEY, pad int NOT NULL);"
    for b in $(seq 0 $((batches - 1))); do
      echo "INSERT INTO k SELECT $(key_of "$1" "$b" "$batches"), i FROM generate_series(1, $batch) AS i;"
    done
    echo "CHECKPOINT;"
  } | cluster_psql -q
}
# The index's figures: bytes, leaf pages, leaf density (%), leaf pages of v7 keys only and their
# mean keys (the high key of a page, at offset 1 but on the rightmost page, is not one of its keys).
measure() {
  q "WITH s AS (SELECT * FROM pgstatindex('k_pkey')),
     leaves AS (
       SELECT p.live_items - CASE WHEN p.btpo_next <> 0 THEN 1 ELSE 0 END AS keys,
              NOT EXISTS (SELECT FROM bt_page_items('k_pkey', b) AS i
                          WHERE (p.btpo_next = 0 OR i.itemoffset > 1) AND substr(i.data, 19, 1) <> '7') AS only_v7
       FROM generate_series(1, pg_relation_size('k_pkey') / current_setting('block_size')::int - 1) AS b,
            LATERAL bt_page_stats('k_pkey', b) AS p WHERE p.type = 'l')
     SELECT format('%s,%s,%s,%s,%s', pg_relation_size('k_pkey'), s.leaf_pages, s.avg_leaf_density,
                   (SELECT count(*) FILTER (WHERE only_v7) FROM leaves),
                   (SELECT coalesce(round(avg(keys) FILTER (WHERE only_v7), 1), 0) FROM leaves))
     FROM s"
}

echo "round,shape,index_bytes,leaf_pages,leaf_density,v7_only_leaves,keys_per_v7_only_leaf" >"$work/sizes.csv"
for r in $(seq "$ROUNDS"); do
  for shape in v7 v4 v4_then_v7 interleaved; do
    fill "$shape"
    echo "$r,$shape,$(measure)" | tee -a "$work/sizes.csv"
    if [ "$shape" = v4_then_v7 ]; then
      [ "$r" = 1 ] && mix=$(cluster_psql -c "SELECT * FROM uuid_version_mix('k', 'id')")
      q "REINDEX INDEX k_pkey" >/dev/null
      echo "$r,v4_then_v7_reindexed,$(measure)" | tee -a "$work/sizes.csv"
    fi
  done
done

# Medians per shape (each column on its own), and the ratio of the index to v7's.
col_median() { awk -F, -v s="$1" -v c="$2" '$2 == s {print $c}' "$work/sizes.csv" | median; }
v7_bytes=$(col_median v7 3)
table="| keys, in insert order | index | ratio to v7 | leaf pages | leaf density | leaf pages of v7 keys only | keys a leaf page of v7 only |
|---|---:|---:|---:|---:|---:|---:|"
for shape in v7 v4 v4_then_v7 interleaved v4_then_v7_reindexed; do
  bytes=$(col_median "$shape" 3)
  table+=$'\n'"| $shape | $(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1048576 }') | $(awk -v b="$bytes" -v v="$v7_bytes" 'BEGIN { printf "%.2f", b / v }') | $(col_median "$shape" 4) | $(col_median "$shape" 5) % | $(col_median "$shape" 6) | $(col_median "$shape" 7) |"
done
echo "$table"
echo "$mix"

if [ -n "$out" ]; then
  mkdir -p "$out"
  cp "$work/sizes.csv" "$out/sizes.csv"
  { echo "# A key column's version mix: the btree index of v4, v7 and mixed keys"; echo
    echo "$header"; echo
    echo "Command: \`bash bench/version_mix.sh --rows $rows --batch $batch --rounds $ROUNDS --out $out\`"; echo
    echo "\`k (id uuid PRIMARY KEY, pad int NOT NULL)\`, $rows rows inserted in transactions of $batch rows in the order named (v4: \`gen_random_uuid()\`, v7: \`uuid_generate_v7()\`; v4_then_v7: the first half v4, then v7; interleaved: each row v4 or v7 at random), then CHECKPOINT; v4_then_v7_reindexed is v4_then_v7 after \`REINDEX INDEX k_pkey\`. Index size, leaf pages and leaf density from pgstattuple's \`pgstatindex\`; the leaf pages holding v7 keys only, and their mean number of keys, read with pageinspect (\`bt_page_stats\`, \`bt_page_items\`: a key's version is the 13th hex digit). Median of $ROUNDS rounds; every round's figures in sizes.csv."; echo
    echo "$table"; echo
    echo "\`SELECT * FROM uuid_version_mix('k', 'id')\` over v4_then_v7 (round 1):"; echo; echo '```'; echo "$mix"; echo '```'; } >"$out/version_mix.md"
  bench_machine_md "$out/machine.md" "$settings"
  echo "wrote $out"
fi
