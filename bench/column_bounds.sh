#!/usr/bin/env bash
# column_bounds.sh: lookups by a v7 key in a table partitioned by created_at, whose CHECK ties
# created_at to the key's time (docs/time.md, "A key that finds its partition by another column"),
# each with uuidx.column_bounds off, on, and off with the bound on created_at written by hand
# (not run by CI). One throwaway cluster, uuidx preloaded; the table: PARTITIONS daily range
# partitions (or, with --timescaledb, a hypertable of daily chunks), ROWS rows spread evenly over
# them, primary key (id, created_at). The lookups:
#   constant  SELECT n FROM orders WHERE id = '<key>'
#   generic   the same as a prepared statement's generic plan (plan_cache_mode = force_generic_plan)
#   any100    SELECT count(*) ... WHERE id = ANY('{<100 keys>}')
#   join1000  SELECT count(*) FROM keys k JOIN orders o ON o.id = k.id   (1,000 keys)
# Each in a warm session (the statement once, then EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) three
# times), ROUNDS rounds; the medians of planning and execution ms and of the buffers the plan
# touched, and the ratios (planning plus execution) off ÷ on and on ÷ by hand, in a markdown table.
# Usage: bench/column_bounds.sh [--rows N] [--partitions P] [--rounds R] [--timescaledb] [--out DIR]
#   defaults: --rows 10000000 --partitions 1000 --rounds 5
set -euo pipefail
cd "$(dirname "$0")/.."
source lab/cluster.sh

rows=10000000 partitions=1000 rounds=5 out="" timescaledb=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift ;;
    --partitions) partitions=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --timescaledb) timescaledb=1 ;;
    --out) out=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

settings=("shared_preload_libraries = '${timescaledb:+timescaledb,}uuidx'" "max_locks_per_transaction = 512"
  "autovacuum = off" "max_wal_size = 4GB" "timescaledb.telemetry_level = off")
[ -n "$timescaledb" ] || unset 'settings[4]'
cluster_start "${settings[@]}"
work=$(mktemp -d /tmp/uuidx-column-bounds.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
q() { cluster_psql -At -c "$@"; }
start=2024-01-01
load_start=$(date +%s)
q "CREATE EXTENSION uuidx"
tie="CHECK (created_at BETWEEN uuid_extract_time(id) - interval '1 minute' AND uuid_extract_time(id) + interval '1 second')"
if [ -n "$timescaledb" ]; then
  q "SET client_min_messages = warning" -c "CREATE EXTENSION timescaledb"
  q "CREATE TABLE orders (id uuid NOT NULL, created_at timestamptz NOT NULL, n int NOT NULL,
     PRIMARY KEY (id, created_at), CONSTRAINT orders_id_time $tie)"
  q "SELECT create_hypertable('orders', by_range('created_at', INTERVAL '1 day'))" >/dev/null
  layout="a TimescaleDB hypertable of daily chunks"
else
  q "CREATE TABLE orders (id uuid NOT NULL, created_at timestamptz NOT NULL, n int NOT NULL,
     PRIMARY KEY (id, created_at), CONSTRAINT orders_id_time $tie) PARTITION BY RANGE (created_at)"
  q "DO \$\$ BEGIN FOR d IN 0 .. $partitions - 1 LOOP
       EXECUTE format('CREATE TABLE orders_%s PARTITION OF orders FOR VALUES FROM (%L) TO (%L)', d,
                      '$start'::timestamptz + d * interval '1 day', '$start'::timestamptz + (d + 1) * interval '1 day');
     END LOOP; END \$\$"
  layout="$partitions daily range partitions"
fi
# The rows, in ten statements: a key made at each row's time (the created_at is that instant).
step=$((rows / 10))
for b in $(seq 0 9); do
  q "INSERT INTO orders SELECT uuid_generate_v7(t), t, i FROM (SELECT i, '$start'::timestamptz
       + i * ($partitions * interval '1 day' / $rows) AS t FROM generate_series($((b * step)), $(((b + 1) * step - 1))) i) s"
done
q "VACUUM ANALYZE orders"
q "CREATE TABLE keys AS SELECT id FROM orders WHERE n % $((rows / 1000)) = 7" -c "ANALYZE keys"
echo "loaded $(q 'SELECT count(*) FROM orders') rows, $layout, in $(($(date +%s) - load_start)) s" >&2

key=$(q "SELECT id FROM orders WHERE n = $((rows / 2))")
key_at=$(q "SELECT created_at FROM orders WHERE n = $((rows / 2))")
# By hand: the bounds as constants (an expression such as t - interval '1 minute' is stable, and
# PostgreSQL would prune by it only at executor start).
hand_range() { q "SELECT format('created_at BETWEEN %L AND %L', '$1'::timestamptz - interval '1 minute', '$1'::timestamptz + interval '1 second')"; }
keys100=$(q "SELECT string_agg(id::text, ',') FROM (SELECT id FROM keys LIMIT 100) k")
ranges100=$(q "SELECT string_agg(format('created_at BETWEEN %L AND %L', uuid_extract_time(id) - interval '1 minute',
                 uuid_extract_time(id) + interval '1 second'), ' OR ') FROM (SELECT id FROM keys LIMIT 100) k")

# variant NAME SETUP QUERY: one line per EXPLAIN of QUERY (planning ms, execution ms, buffers).
variant() {
  local setting=$1 setup=$2 query=$3
  { echo "SET uuidx.column_bounds = $setting;"; echo "$setup"; echo "$query;"
    for _ in 1 2 3; do echo "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) $query;"; done; } |
    cluster_psql -At -f - | python3 -c '
import json, sys
text = sys.stdin.read()
dec = json.JSONDecoder()
i = 0
while True:
    i = text.find("[", i)
    if i < 0:
        break
    try:
        doc, end = dec.raw_decode(text, i)
    except ValueError:
        i += 1
        continue
    i = end
    if not (isinstance(doc, list) and doc and isinstance(doc[0], dict) and "Plan" in doc[0]):
        continue
    d = doc[0]
    p = d["Plan"]
    plan_buf = d.get("Planning", {})
    buffers = sum(x.get("Shared Hit Blocks", 0) + x.get("Shared Read Blocks", 0) for x in (p, plan_buf))
    print("%.3f %.3f %d" % (d["Planning Time"], d["Execution Time"], buffers))
'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A setup query hand_setup hand_query
setup[constant]="" query[constant]="SELECT n FROM orders WHERE id = '$key'"
hand_setup[constant]="" hand_query[constant]="SELECT n FROM orders WHERE id = '$key' AND $(hand_range "$key_at")"
setup[generic]="SET plan_cache_mode = force_generic_plan; PREPARE p(uuid) AS SELECT n FROM orders WHERE id = \$1;"
query[generic]="EXECUTE p('$key')"
hand_setup[generic]="SET plan_cache_mode = force_generic_plan; PREPARE p(uuid, timestamptz) AS SELECT n FROM orders
  WHERE id = \$1 AND created_at BETWEEN \$2 - interval '1 minute' AND \$2 + interval '1 second';"
hand_query[generic]="EXECUTE p('$key', '$key_at')"
setup[any100]="" query[any100]="SELECT count(*) FROM orders WHERE id = ANY('{$keys100}')"
hand_setup[any100]="" hand_query[any100]="SELECT count(*) FROM orders WHERE id = ANY('{$keys100}') AND ($ranges100)"
setup[join1000]="" query[join1000]="SELECT count(*) FROM keys k JOIN orders o ON o.id = k.id"
hand_setup[join1000]=""
hand_query[join1000]="SELECT count(*) FROM keys k JOIN orders o ON o.id = k.id
  AND o.created_at BETWEEN uuid_extract_time(k.id) - interval '1 minute' AND uuid_extract_time(k.id) + interval '1 second'"

lookups=(constant generic any100 join1000)
for r in $(seq "$rounds"); do
  for l in "${lookups[@]}"; do
    variant off "${setup[$l]}" "${query[$l]}" >>"$work/$l.off"
    variant on "${setup[$l]}" "${query[$l]}" >>"$work/$l.on"
    variant off "${hand_setup[$l]}" "${hand_query[$l]}" >>"$work/$l.hand"
  done
  echo "  round $r of $rounds done" >&2
done

col() { awk -v c="$2" '{print $c}' "$1" | median; }
total() { awk '{print $1 + $2}' "$1" | median; }
machine="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
header="PostgreSQL $(q 'SHOW server_version'); uuidx $(git rev-parse --short HEAD); $machine; $layout; $rows rows; $rounds rounds of 3 EXPLAIN ANALYZE in a warm session"
table="| lookup | planning ms off / on / by hand | execution ms off / on / by hand | buffers off / on / by hand | off ÷ on | on ÷ by hand |
|---|---|---|---|---:|---:|"
for l in "${lookups[@]}"; do
  off=$(total "$work/$l.off") on=$(total "$work/$l.on") hand=$(total "$work/$l.hand")
  table+="
| $l | $(col "$work/$l.off" 1) / $(col "$work/$l.on" 1) / $(col "$work/$l.hand" 1) | $(col "$work/$l.off" 2) / $(col "$work/$l.on" 2) / $(col "$work/$l.hand" 2) | $(col "$work/$l.off" 3) / $(col "$work/$l.on" 3) / $(col "$work/$l.hand" 3) | $(awk -v a="$off" -v b="$on" 'BEGIN { printf "%.1f", a / b }') | $(awk -v a="$on" -v b="$hand" 'BEGIN { printf "%.2f", a / b }') |"
done
echo "$header"
echo "$table"
if [ -n "$out" ]; then
  mkdir -p "$out"
  { echo "# Lookups by key in a table partitioned by created_at"; echo; echo "$header"; echo
    echo "Command: \`bash bench/column_bounds.sh --rows $rows --partitions $partitions --rounds $rounds${timescaledb:+ --timescaledb}\`"; echo
    echo "Medians; \"off ÷ on\" and \"on ÷ by hand\" compare planning plus execution."; echo
    echo "$table"; } >"$out/column_bounds${timescaledb:+_timescaledb}.md"
  echo "wrote $out/column_bounds${timescaledb:+_timescaledb}.md"
fi
