#!/usr/bin/env bash
# scale.sh: how the cost of a key grows with the table and with the clients (`make bench-scale`;
# a benchmark, never part of the test command's verdict). One throwaway cluster, uuidx preloaded,
# shared_buffers small (default 32MB) so that the primary key's index outgrows it many times,
# max_wal_size and checkpoints at PostgreSQL's defaults, fsync on. Keys, each its own table
# (id KEY PRIMARY KEY, pad int):
#   bigint          bigint GENERATED ALWAYS AS IDENTITY, the baseline
#   v4              uuid DEFAULT gen_random_uuid()
#   pg18_uuidv7     uuid DEFAULT pg_catalog.uuidv7()          (18 and later)
#   uuidx_session   uuid DEFAULT uuid_generate_v7(), uuidx.v7_scope = 'session'
#   uuidx_server    uuid DEFAULT uuid_generate_v7(), uuidx.v7_scope = 'server'
#   uuidx_domain    uuid_v7 DEFAULT uuid_generate_v7() (the domain's CHECK on every row)
# 1. rows: each key alone, its table from empty to ROWS rows in BATCH-row transactions (pgbench,
#    one client); per STEP rows: rows/s, WAL bytes per row (LSN difference), full-page images per
#    1,000 rows (pg_stat_wal), the index's size, its buffer hits and reads per row
#    (pg_statio_user_indexes) and, every FILL_EVERY steps, its leaf density (pgstattuple's
#    pgstatindex, outside the timed part). Ratios to bigint at the same size.
# 2. clients: for 1, 2, 4 ... clients, pgbench inserting CLIENT_ROWS rows a transaction for
#    SECONDS into each key's emptied table: rows/s and mean latency, ratios to bigint.
# 3. partitions: a uuid_v7 key range-partitioned by hour (uuid_v7_partitions, in calls of at most
#    500 partitions, each its own transaction, so that thousands of them never need more locks
#    than one call takes), for 10, 100, 1,000 ... partitions ending at the next hour, 5 rows a
#    partition; in one warm session, each query with uuidx.time_predicates on and off:
#      last_hour  SELECT count(*) FROM pt WHERE uuid_extract_time(id) >= now() - interval '1 hour'
#      last_24h   the same with '24 hours'
#      one_day    the same with '1 day' (a day's length depends on the time zone: not pruned at
#                 planning, see docs/performance.md)
#      latest_10  SELECT id FROM pt ORDER BY uuid_extract_time(id) DESC LIMIT 10
#      max_time   SELECT max(uuid_extract_time(id)) FROM pt
#      floor_hour SELECT count(*) FROM pt WHERE id >= uuid_v7_floor(now() - interval '1 hour')
#                 (the bound written by hand: PostgreSQL's own pruning, at executor start)
#      latest_10_key SELECT id FROM pt ORDER BY id DESC LIMIT 10, and
#      max_key    SELECT max(id) FROM pt: what latest_10 and max_time are rewritten to, written
#                 by hand (PostgreSQL's own cost of planning them)
#    EXPLAIN (ANALYZE, SUMMARY): planning and execution ms (median of 3), the partitions the plan
#    holds and those removed at executor start.
# 4. hypertable: the same queries over a TimescaleDB hypertable of the docs' key (uuid with the
#    domain's CHECK, docs/timescaledb.md) in CHUNKS hourly chunks, 5 rows a chunk, both libraries
#    preloaded; rows `hypertable:CHUNKS` of partitions.csv (TimescaleDB's "Chunks excluded during
#    startup" counted as removed at executor start). Where TimescaleDB is not installed
#    the section is skipped, saying so.
# Writes rows.csv, clients.csv, partitions.csv, report.md (the tables), machine.md and, with
# gnuplot, PNG plots (rows_per_s.png, wal_per_row.png, clients.png, planning.png) into OUT.
#
# Usage: bench/scale.sh [--rows N] [--step N] [--batch N] [--fill-every K] [--shared-buffers S]
#          [--keys "bigint v4 ..."] [--clients "1 2 4 8 16 32"] [--seconds S] [--client-rows N]
#          [--partitions "10 100 1000 5000"] [--chunks N] [--sections "rows clients partitions hypertable"]
#          [--out DIR]
#   defaults: --rows 50000000 --step 1000000 --batch 10000 --fill-every 1 --shared-buffers 32MB
#             --keys (all the server has) --clients "1 2 4 8 16 32" --seconds 20 --client-rows 100
#             --partitions "10 100 1000 5000" --chunks 1000 --sections "rows clients partitions hypertable"
#             --out bench/results/<date>-<time>-scale
# Run it through `make bench-scale` (uuidx in a throwaway copy of the server's installation).
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh

rows=50000000 step=1000000 batch=10000 fill_every=1 shared_buffers=32MB keys="" clients="1 2 4 8 16 32"
seconds=20 client_rows=100 partitions="10 100 1000 5000" chunks=1000 sections="rows clients partitions hypertable" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --step) step=$2; shift ;;
    --batch) batch=$2; shift ;;
    --fill-every) fill_every=$2; shift ;;
    --shared-buffers) shared_buffers=$2; shift ;;
    --keys) keys=$2; shift ;;
    --clients) clients=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    --client-rows) client_rows=$2; shift ;;
    --partitions) partitions=$2; shift ;;
    --chunks) chunks=$2; shift ;;
    --sections) sections=$2; shift ;;
    --out) out=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "scale.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ $((step % batch)) = 0 ] && [ $((rows % step)) = 0 ] || { echo "scale.sh: --rows must be a multiple of --step, --step of --batch" >&2; exit 2; }
[ -n "$out" ] || out="bench/results/$(date +%Y%m%d-%H%M%S)-scale"
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d /tmp/uuidx-bench-scale.XXXXXX)
chmod 755 "$work"

export UUIDX_FSYNC=on PGOPTIONS='-c client_min_messages=warning'
trap 'cluster_stop; rm -rf "$work"' EXIT
# max_locks_per_transaction: headroom, as a query that plans 5,000 partitions locks each with its
# index, in a lock table every session shares.
preload=uuidx
if [[ " $sections " == *" hypertable "* ]]; then
  if [ -f "$("$PGBIN/pg_config" --sharedir)/extension/timescaledb.control" ]; then
    preload=timescaledb,uuidx
  else
    echo "scale.sh: TimescaleDB is not installed for this server: the hypertable section is skipped" >&2
    sections=${sections//hypertable/}
  fi
fi
cluster_start "shared_preload_libraries = '$preload'" "timescaledb.telemetry_level = off" \
  "shared_buffers = $shared_buffers" "max_connections = 50" \
  "max_parallel_workers_per_gather = 0" "jit = off" "max_locks_per_transaction = 512"
q() { cluster_psql -At "$@"; }
q -c 'CREATE EXTENSION uuidx' -c 'CREATE EXTENSION pgstattuple' >/dev/null
major=$(q -c 'SHOW server_version_num')
major=$((major / 10000))
[ -n "$keys" ] || { keys="bigint v4 uuidx_session uuidx_server uuidx_domain"; [ "$major" -ge 18 ] && keys="bigint v4 pg18_uuidv7 ${keys#bigint v4 }"; }

key_column() {
  case $1 in
    bigint) echo 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY' ;;
    v4) echo 'uuid PRIMARY KEY DEFAULT gen_random_uuid()' ;;
    pg18_uuidv7) echo 'uuid PRIMARY KEY DEFAULT pg_catalog.uuidv7()' ;;
    uuidx_session | uuidx_server) echo 'uuid PRIMARY KEY DEFAULT uuid_generate_v7()' ;;
    uuidx_domain) echo 'uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7()' ;;
    *) echo "scale.sh: unknown key $1" >&2; return 1 ;;
  esac
}
# A fresh table for KEY, in the scope it asks for; the old one dropped and checkpointed away.
fresh_table() {
  local scope=session
  [ "$1" = uuidx_server ] && scope=server
  q -c "ALTER SYSTEM SET uuidx.v7_scope = '$scope'" -c 'SELECT pg_reload_conf()' >/dev/null
  q -c 'DROP TABLE IF EXISTS k' -c "CREATE TABLE k (id $(key_column "$1"), pad int NOT NULL)" -c 'CHECKPOINT' >/dev/null
  until [ "$(q -c 'SHOW uuidx.v7_scope')" = "$scope" ]; do sleep 0.1; done
}
now() { date +%s.%N; }
# A backend's statistics reach pg_stat_wal and pg_statio_* when it exits, and pgbench returns
# before its backends are gone: wait until none is left, so every figure falls in its own step.
clients_gone() {
  local n
  for _ in $(seq 1 200); do
    n=$(q -c "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")
    [ "$n" = 0 ] && return 0
    sleep 0.05
  done
  echo "scale.sh: pgbench's backends still there after 10 s" >&2
  return 1
}
stat_row() {  # lsn bytes, fpi, index hits, index reads, index bytes
  clients_gone
  q -F' ' -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0'), (SELECT wal_fpi FROM pg_stat_wal),
    coalesce(idx_blks_hit, 0), coalesce(idx_blks_read, 0), pg_relation_size('k_pkey')
    FROM pg_statio_user_indexes WHERE indexrelname = 'k_pkey'"
}

echo "PostgreSQL $(q -c 'SHOW server_version'); uuidx $(git rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) cores; shared_buffers $shared_buffers"
{
  echo "# Machine"
  echo
  echo "- CPU: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores"
  echo "- memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo); kernel $(uname -r)"
  echo "- PostgreSQL $(q -c 'SHOW server_version'); uuidx commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "- settings: shared_buffers = $shared_buffers, fsync = on, shared_preload_libraries = '$preload', max_wal_size = $(q -c 'SHOW max_wal_size'), checkpoint_timeout = $(q -c 'SHOW checkpoint_timeout'), max_locks_per_transaction = 512, otherwise initdb defaults"
  echo "- load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) at the start"
  echo "- command: bench/scale.sh --rows $rows --step $step --batch $batch --fill-every $fill_every --shared-buffers $shared_buffers --keys \"$keys\" --clients \"$clients\" --seconds $seconds --client-rows $client_rows --partitions \"$partitions\" --sections \"$sections\""
} >"$out/machine.md"

# ---- 1. rows past memory
if [[ " $sections " == *" rows "* ]]; then
  echo "key,rows,rows_per_s,wal_bytes_per_row,fpi_per_1000_rows,index_mb,leaf_density,idx_hits_per_row,idx_reads_per_row" >"$out/rows.csv"
  echo "INSERT INTO k (pad) SELECT 0 FROM generate_series(1, $batch);" >"$work/insert.sql"
  for key in $keys; do
    fresh_table "$key"
    done_rows=0 i=0
    while [ "$done_rows" -lt "$rows" ]; do
      read -r lsn0 fpi0 hit0 read0 _ < <(stat_row)
      t0=$(now)
      "$PGBIN/pgbench" -n -c 1 -t $((step / batch)) -f "$work/insert.sql" >/dev/null 2>"$work/pgbench.err" ||
        { cat "$work/pgbench.err"; exit 1; }
      t1=$(now)
      read -r lsn1 fpi1 hit1 read1 size < <(stat_row)
      done_rows=$((done_rows + step)) i=$((i + 1))
      density=""
      [ $((i % fill_every)) = 0 ] || [ "$done_rows" = "$rows" ] && density=$(q -c "SELECT avg_leaf_density FROM pgstatindex('k_pkey')")
      awk -v k="$key" -v n="$done_rows" -v s="$step" -v t0="$t0" -v t1="$t1" -v w=$((lsn1 - lsn0)) \
        -v f=$((fpi1 - fpi0)) -v h=$((hit1 - hit0)) -v r=$((read1 - read0)) -v sz="$size" -v d="$density" \
        'BEGIN { printf "%s,%d,%.0f,%.1f,%.3f,%.1f,%s,%.3f,%.4f\n", k, n, s / (t1 - t0), w / s, f * 1000 / s, sz / 1048576, d, h / s, r / s }' \
        | tee -a "$out/rows.csv"
    done
  done
  q -c 'DROP TABLE k' -c 'CHECKPOINT' >/dev/null
fi

# ---- 2. clients past cores
if [[ " $sections " == *" clients "* ]]; then
  echo "key,clients,rows_per_s,latency_ms" >"$out/clients.csv"
  echo "INSERT INTO k (pad) SELECT 0 FROM generate_series(1, $client_rows);" >"$work/client.sql"
  for c in $clients; do
    for key in $keys; do
      fresh_table "$key"
      "$PGBIN/pgbench" -n -c "$c" -j "$((c < 2 ? c : 2))" -T "$seconds" -f "$work/client.sql" >"$work/pgbench.out" 2>&1 ||
        { cat "$work/pgbench.out"; exit 1; }
      tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p' "$work/pgbench.out")
      lat=$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' "$work/pgbench.out")
      echo "$key,$c,$(awk -v t="$tps" -v r="$client_rows" 'BEGIN { printf "%.0f", t * r }'),$lat" | tee -a "$out/clients.csv"
    done
  done
  q -c 'DROP TABLE k' >/dev/null
fi

# ---- 3. partitions into the thousands, 4. a hypertable
declare -A query=(
  [last_hour]="SELECT count(*) FROM pt WHERE uuid_extract_time(id) >= now() - interval '1 hour'"
  [last_24h]="SELECT count(*) FROM pt WHERE uuid_extract_time(id) >= now() - interval '24 hours'"
  [one_day]="SELECT count(*) FROM pt WHERE uuid_extract_time(id) >= now() - interval '1 day'"
  [latest_10]="SELECT id FROM pt ORDER BY uuid_extract_time(id) DESC LIMIT 10"
  [max_time]="SELECT max(uuid_extract_time(id)) FROM pt"
  [floor_hour]="SELECT count(*) FROM pt WHERE id >= uuid_v7_floor(now() - interval '1 hour')"
  [latest_10_key]="SELECT id FROM pt ORDER BY id DESC LIMIT 10"
  [max_key]="SELECT max(id) FROM pt")
# Five instants an hour, 12 minutes apart, over the N hours before the hour $2 (not after now).
fill_hours() {
  q -c "INSERT INTO pt (id, pad) SELECT uuid_generate_v7(t), 0 FROM generate_series(0, 5 * $1 - 1) g,
    LATERAL (SELECT timestamptz '$2' - interval '6 minutes' - g * interval '12 minutes' AS t) i WHERE t <= now()" \
    -c 'ANALYZE pt' >/dev/null
}
# The end of the partitions: the next full hour, read once a size, so that a run crossing an hour
# makes no gap between the calls.
next_hour() { q -c "SELECT date_trunc('hour', now()) + interval '1 hour'"; }
# Every query over pt with the rewrite on and off: one CSV row each, labelled $1; $2 is the
# pattern of a scan of one partition (or chunk) in EXPLAIN.
measure_queries() {
  local label=$1 scan=$2 name rewrite
  for name in last_hour last_24h one_day latest_10 max_time floor_hour latest_10_key max_key; do
    for rewrite in on off; do
      # One session: the statement once to warm the caches, then three EXPLAINs.
      {
        echo "SET uuidx.time_predicates = $rewrite;"
        echo "${query[$name]};"
        for _ in 1 2 3; do echo "EXPLAIN (ANALYZE, SUMMARY, COSTS OFF, TIMING OFF) ${query[$name]};"; done
      } | q >"$work/explain.out"
      awk -v n="$label" -v name="$name" -v rw="$rewrite" -v scan="$scan" '
        /Planning Time:/ { plan[++np] = $3 } /Execution Time:/ { exec[++ne] = $3 }
        $0 ~ scan { if (ne == np) scans[np + 1]++ }
        /Subplans Removed:/ { if (ne == np) removed[np + 1] += $3 }
        /Chunks excluded during startup:/ { if (ne == np) removed[np + 1] += $NF }
        function median(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((k + 1) / 2)] }
        END { printf "%s,%s,%s,%.3f,%.3f,%d,%d\n", n, name, rw, median(plan, np), median(exec, ne), scans[np], removed[np] + 0 }' \
        "$work/explain.out" | tee -a "$out/partitions.csv"
    done
  done
}
if [[ " $sections " == *" partitions "* || " $sections " == *" hypertable "* ]]; then
  echo "partitions,query,rewrite,planning_ms,execution_ms,partitions_in_plan,removed_at_start" >"$out/partitions.csv"
fi
if [[ " $sections " == *" partitions "* ]]; then
  for n in $partitions; do
    q -c 'DROP TABLE IF EXISTS pt' -c "CREATE TABLE pt (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), pad int) PARTITION BY RANGE (id)" >/dev/null
    made=0 end=$(next_hour)
    while [ "$made" -lt "$n" ]; do
      chunk=$((n - made < 500 ? n - made : 500))
      q -c "SELECT count(*) FROM uuid_v7_partitions('pt', timestamptz '$end' - $((n - made)) * interval '1 hour',
        timestamptz '$end' - $((n - made - chunk)) * interval '1 hour', interval '1 hour')" >/dev/null
      made=$((made + chunk))
    done
    fill_hours "$n" "$end"
    measure_queries "$n" ' on pt_p[0-9_]+( |$)'
  done
  q -c 'DROP TABLE pt' >/dev/null
fi
if [[ " $sections " == *" hypertable "* ]]; then
  # The docs' key: the CHECK proves it v7 to the rewrite; TimescaleDB makes a chunk an hour.
  q -c 'CREATE EXTENSION IF NOT EXISTS timescaledb' \
    -c "CREATE TABLE pt (id uuid NOT NULL DEFAULT uuid_generate_v7() CHECK (uuid_check_version(id, 7, 'uuid_v7')), pad int)" \
    -c "SELECT create_hypertable('pt', by_range('id', INTERVAL '1 hour'))" >/dev/null
  fill_hours "$chunks" "$(next_hour)"
  made=$(q -c "SELECT count(*) FROM show_chunks('pt')")
  echo "hypertable: $made chunks"
  measure_queries "hypertable:$made" ' on _hyper_[0-9]+_[0-9]+_chunk( |$)'
  q -c 'DROP TABLE pt' >/dev/null
fi

bash bench/scale_report.sh "$out"
echo "results: $out"
