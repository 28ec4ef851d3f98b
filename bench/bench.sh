#!/usr/bin/env bash
# bench.sh: uuidx against PostgreSQL's gen_random_uuid() and contrib's uuid-ossp, in one
# throwaway cluster (`make bench` runs it). Prints, and writes to a results folder:
#   1. per-call cost of every generator: SELECT count(EXPR) FROM generate_series(1, N), net of
#      the same loop over count(1), as ns/call and as a ratio to gen_random_uuid();
#   2. per-call cost of inspection and conversion functions over a pre-generated table, net of
#      count(1) over the same table, as ns/call and as a ratio to core's uuid_hash(id);
#   3. inserts of ROWS rows in BATCH-row transactions into (id <key> PRIMARY KEY, payload int)
#      for keys uuid_generate_v7(), gen_random_uuid() and bigint identity: rows/s overall and per
#      tenth, final primary-key index size, WAL bytes; a PNG chart of the per-tenth rates.
# Rounds are interleaved (the order rotates every round) and every figure is a median, because
# the machines we run on are shared. Timing happens inside the server: per-call costs by the
# backend's CPU clock (bench/bench_cpu.c, built into the throwaway cluster only; wall times
# are kept in calls_raw.csv), inserts by clock_timestamp().
#
# Usage: bench/bench.sh [--smoke] [--calls N] [--rounds R] [--rows N] [--batch N]
#                            [--insert-rounds R] [--skip-inserts] [--skip-calls] [--out DIR]
#   defaults: --calls 1000000 --rounds 11 --rows 10000000 --batch 10000 --insert-rounds 3
#             --out bench/results/<date>-<time>  (ignored by git; `git add -f` a run to keep)
#   --smoke: tiny sizes (calls 20000, rounds 3, rows 20000, batch 1000, one insert round), output in a temp folder
#            unless --out is given; checks that everything runs, not how fast.
# The cluster runs with shared_buffers = 128MB and fsync = on (UUIDX_FSYNC=off overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source lab/deps.sh
source lab/cluster.sh
source bench/call_timing.sh

calls=1000000 rounds=11 rows=10000000 batch=10000 insert_rounds=3 out="" smoke="" do_calls=1 do_inserts=1
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1 calls=20000 rounds=3 rows=20000 batch=1000 insert_rounds=1 ;;
    --calls) calls=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --rows) rows=$2; shift ;;
    --batch) batch=$2; shift ;;
    --insert-rounds) insert_rounds=$2; shift ;;
    --out) out=$2; shift ;;
    --skip-inserts) do_inserts="" ;;
    --skip-calls) do_calls="" ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$out" ]; then
  if [ -n "$smoke" ]; then out=$(mktemp -d /tmp/uuidx-bench.XXXXXX); else out="bench/results/$(date +%Y%m%d-%H%M%S)"; fi
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

ensure_packages gnuplot-nox

export UUIDX_FSYNC=${UUIDX_FSYNC:-on}
trap cluster_stop EXIT
cluster_start "shared_buffers = 128MB" "work_mem = 256MB" "max_parallel_workers_per_gather = 0" "jit = off"
psql_q() { cluster_psql -At "$@"; }

bench_call_timing_install
psql_q -c 'CREATE EXTENSION uuidx' >/dev/null
server_uuidv7=$(psql_q -c "SELECT 1 FROM pg_proc WHERE oid = to_regprocedure('pg_catalog.uuidv7()')")
have_ossp=""
if psql_q -c 'CREATE SCHEMA ossp' -c 'CREATE EXTENSION "uuid-ossp" SCHEMA ossp' >/dev/null 2>&1; then have_ossp=1; fi

# ---- the machine, so every result names where it came from --------------------------------
{
  echo "# Machine"
  echo
  hypervisor=$(lscpu | sed -n 's/^Hypervisor vendor: *//p' | head -n 1)  # empty inside a chroot's lscpu
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores${hypervisor:+ (virtualised, $hypervisor)}"
  echo "- memory: $(free -g | awk '/^Mem:/ {print $2}') GiB; kernel $(uname -r)"
  echo "- $(psql_q -c 'SELECT version()' | sed 's/ on .*//'); $(openssl version | cut -d' ' -f1-2)"
  echo "- uuidx commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- settings: shared_buffers = 128MB, fsync = $UUIDX_FSYNC, work_mem = 256MB, otherwise initdb defaults"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$out/machine.md"
cat "$out/machine.md"

# Prints a markdown table of one part's medians; $3 is the column title of the ratio.
call_table() {
  local part=$1 reference=$2 title=$3
  echo "| expression | ns/call (net) | $title |"
  echo "|---|---:|---:|"
  psql_q -F '|' -c "SELECT expr, round(net_ns::numeric, 1), round(ratio::numeric, 3)
                    FROM bench_call_summary('$part', '$reference') WHERE expr <> '1' ORDER BY net_ns" |
    while IFS='|' read -r e ns ratio; do echo "| \`$e\` | $ns | $ratio |"; done
  psql_q -F '|' -c "SELECT round(gross_ns::numeric, 1) FROM bench_call_summary('$part', '$reference') WHERE expr = '1'" |
    while read -r ns; do echo "| (loop: \`count(1)\`, subtracted above) | $ns | |"; done
}

if [ -n "$do_calls" ]; then
  # Every zero-argument uuid_generate_* of the extension, found in the catalog.
  mapfile -t gens < <(psql_q -c "
    SELECT p.proname || '()' FROM pg_proc p
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    JOIN pg_extension x ON x.oid = d.refobjid AND x.extname = 'uuidx'
    WHERE p.proname LIKE 'uuid_generate%' AND p.pronargs = 0 ORDER BY 1")
  exprs=("1" "gen_random_uuid()")
  for g in "${gens[@]}"; do exprs+=("public.$g"); done
  [ -n "$have_ossp" ] && exprs+=("ossp.uuid_generate_v1()" "ossp.uuid_generate_v4()")
  # PostgreSQL 18's own generators, where the server has them.
  [ -n "$server_uuidv7" ] && exprs+=("pg_catalog.uuidv7()" "pg_catalog.uuidv4()")
  # What a bigint identity key pays per row for its value: nextval() of a sequence made as an
  # identity column makes its own (CACHE 1), beside the uuid generators.
  psql_q -c "CREATE SEQUENCE bench_seq" >/dev/null
  exprs+=("nextval('bench_seq')")
  arr=$(for e in "${exprs[@]}"; do printf "'%s'," "${e//\'/\'\'}"; done)
  echo
  echo "== per-call cost of generators: $calls calls x $rounds rounds"
  psql_q -c "CALL bench_calls('gen', ARRAY[${arr%,}], 'generate_series(1, \$n)', $calls, $rounds)"
  {
    echo "## Generators: ns per call"
    echo
    echo "\`SELECT count(EXPR) FROM generate_series(1, $calls)\`, timed by the backend's CPU clock, median of $rounds interleaved rounds, minus the median of the same loop over \`count(1)\`."
    echo
    call_table gen 'gen_random_uuid()' 'ratio to gen_random_uuid()'
  } | tee "$out/generators.md"

  # Inspection and conversion over a pre-generated table (v7, v1 and v6 columns).
  echo
  echo "== per-call cost of inspection and conversion: $calls rows x $rounds rounds"
  # Where the build has TypeID and ULID text (1.4), the table also holds each v7's typeid of
  # prefix 'user' and its ULID, for the functions that read them.
  have_typeid=$(psql_q -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuid_from_typeid'")
  text_columns=""
  [ "$have_typeid" != 0 ] && text_columns=", public.uuid_to_typeid('user', v7) AS tid, public.uuid_to_ulid(v7) AS ulid"
  psql_q -c "CREATE TABLE bench_ids AS
               SELECT v7, v1, v6 $text_columns
               FROM (SELECT uuid_generate_v7() AS v7, uuid_generate_v1() AS v1, uuid_generate_v6() AS v6
                     FROM generate_series(1, $calls)) AS g" -c "VACUUM ANALYZE bench_ids"
  iexprs=("1" "uuid_hash(v7)" "public.uuid_extract_time(v7)" "public.uuid_extract_time(v1)"
    "public.uuid_extract_version(v7)" "public.uuid_v1_to_v6(v1)" "public.uuid_v6_to_v1(v6)")
  [ "$(psql_q -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuid_encode' AND pronargs = 2")" != 0 ] &&
    iexprs+=("public.uuid_encode(v7, 'base32')")
  # TypeID and ULID each way, beside uuid_encode(v7, 'base32') and the uuid_decode of the same text.
  [ "$have_typeid" != 0 ] &&
    iexprs+=("public.uuid_to_typeid('user', v7)" "public.uuid_from_typeid(tid, 'user')" "public.uuid_to_ulid(v7)"
      "public.uuid_from_ulid(ulid)" "public.uuid_decode(ulid, 'base32')")
  arr=$(for e in "${iexprs[@]}"; do printf "'%s'," "${e//\'/\'\'}"; done)
  psql_q -c "CALL bench_calls('inspect', ARRAY[${arr%,}], 'bench_ids', $calls, $rounds)"
  {
    echo "## Inspection and conversion: ns per call"
    echo
    echo "\`SELECT count(EXPR) FROM bench_ids\` ($calls rows, in shared buffers), timed by the backend's CPU clock, median of $rounds interleaved rounds, minus the median of \`count(1)\` over the same table."
    echo
    call_table inspect 'uuid_hash(v7)' 'ratio to uuid_hash(id)'
  } | tee "$out/inspection.md"
  psql_q -A -F, -c "SELECT part, round, expr, ns_per_row, wall_ns_per_row FROM bench_call_raw ORDER BY part, round, expr" >"$out/calls_raw.csv"
  psql_q -c "DROP TABLE bench_ids"
fi

if [ -n "$do_inserts" ]; then
  echo
  echo "== inserts: $rows rows in $batch-row transactions per key, $insert_rounds round(s)"
  declare -A keydef=(
    [v7]="uuid PRIMARY KEY DEFAULT public.uuid_generate_v7()"
    [random]="uuid PRIMARY KEY DEFAULT gen_random_uuid()"
    [bigint]="bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    [v7server]="uuid PRIMARY KEY DEFAULT pg_catalog.uuidv7()"
  )
  declare -A keylabel=([v7]='`uuid_generate_v7()`' [random]='`gen_random_uuid()`' [bigint]='`bigint` identity'
    [v7server]="\`uuidv7()\` (PostgreSQL's)")
  keys=(v7 random bigint)
  [ -n "$server_uuidv7" ] && keys+=(v7server)
  keylist=$(printf "'%s'," "${keys[@]}")
  keylist=${keylist%,}
  pairs=()
  for key in "${keys[@]}"; do pairs+=("$key=${keydef[$key]}"); done
  bench_insert_rounds "$insert_rounds" "$rows" "$batch" "${pairs[@]}"
  psql_q -F, -c "SELECT key, round, tenth, rows_done, extract(epoch FROM at), pg_wal_lsn_diff(lsn, '0/0') FROM bench_ins_progress ORDER BY key, round, tenth" >"$out/inserts_progress.csv"
  psql_q -F, -c "SELECT * FROM bench_ins_sizes ORDER BY key, round" >"$out/inserts_sizes.csv"

  # Median rows/s per tenth, one column per key, for the chart and the table.
  {
    echo "# tenth ${keys[*]} (median rows/s)"
    psql_q -F ' ' -c "SELECT tenth, $(for k in "${keys[@]}"; do printf "round(max(rate) FILTER (WHERE key = '%s')), " "$k"; done | sed 's/, $//')
                      FROM bench_ins_tenths GROUP BY tenth ORDER BY tenth"
  } >"$out/inserts_tenths.dat"

  {
    echo "## Inserts: $rows rows in $batch-row transactions"
    echo
    echo "\`CREATE TABLE t (id KEY PRIMARY KEY, payload int)\`, then \`INSERT INTO t (payload) SELECT g FROM generate_series(...)\` and \`COMMIT\` every $batch rows, from a procedure; shared_buffers = 128MB, fsync = $UUIDX_FSYNC; fresh table and \`CHECKPOINT\` before each run; median of $insert_rounds round(s), key order rotated every round."
    echo
    echo "| key | rows/s | vs gen_random_uuid() | vs bigint identity | seconds | PK index | table | WAL |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    psql_q -F '|' -c "
      SELECT s.key,
             round(s.rate), round((s.rate / r.rate)::numeric, 2), round((s.rate / b.rate)::numeric, 2),
             round(s.seconds::numeric, 1), round(s.index_bytes / 1048576) || ' MB', round(s.table_bytes / 1048576) || ' MB',
             round(s.wal_bytes / 1048576) || ' MB'
      FROM bench_ins_summary s, bench_ins_summary r, bench_ins_summary b
      WHERE r.key = 'random' AND b.key = 'bigint'
      ORDER BY array_position(ARRAY[$keylist], s.key)" |
      while IFS='|' read -r k rate vr vb sec idx tbl wal; do echo "| ${keylabel[$k]} | $rate | $vr | $vb | $sec | $idx | $tbl | $wal |"; done
    echo
    echo "Rows/s per tenth of the run (median over rounds):"
    echo
    echo "| tenth |$(for k in "${keys[@]}"; do printf ' %s |' "${keylabel[$k]}"; done)"
    echo "|---:|$(for k in "${keys[@]}"; do printf -- '---:|'; done)"
    awk 'NR > 1 { line = "| " $1; for (i = 2; i <= NF; i++) line = line " | " $i; print line " |" }' "$out/inserts_tenths.dat"
  } | tee "$out/inserts.md"

  gnuplot <<EOF
set terminal pngcairo size 900,500 font "sans,11" noenhanced
set output "$out/inserts.png"
set title "Inserts into (id PRIMARY KEY, payload int), $rows rows, $batch rows per transaction"
set xlabel "tenth of the run"
set ylabel "rows/s"
set xtics 1
set yrange [0:*]
set format y "%.0s%c"
set key outside bottom center horizontal
set grid ytics
plot $(i=2; for k in "${keys[@]}"; do printf '"%s" using 1:%d with linespoints lw 2 title "%s", ' "$out/inserts_tenths.dat" $i "$(tr -d '`' <<<"${keylabel[$k]}")"; i=$((i + 1)); done | sed 's/, $//')
EOF
fi

{
  echo "# uuidx benchmark"
  echo
  args=""
  [ -n "$do_calls" ] && args+=" --calls $calls --rounds $rounds" || args+=" --skip-calls"
  [ -n "$do_inserts" ] && args+=" --rows $rows --batch $batch --insert-rounds $insert_rounds" || args+=" --skip-inserts"
  echo "Reproduce: \`make bench\` (or \`bench/bench.sh$args\`)."
  echo
  sed 's/^# Machine/## Machine/' "$out/machine.md"
  for f in generators inspection inserts; do [ -f "$out/$f.md" ] && { echo; cat "$out/$f.md"; }; done
  [ -f "$out/inserts.png" ] && { echo; echo "![inserts per tenth](inserts.png)"; }
} >"$out/README.md"
echo
echo "results: $out"
