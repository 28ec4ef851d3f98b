#!/usr/bin/env bash
# peers.sh: uuidx's uuid_generate_v7() against the other v7 generators a PostgreSQL 18 server can
# have, all in one throwaway cluster and one run: 18's own uuidv7(), pg_uuidv7's
# uuid_generate_v7() and TimescaleDB's generate_uuidv7(), with gen_random_uuid() as the baseline.
# Prints, and writes to a results folder:
#   1. per-call cost, as bench.sh measures it (bench.sql's bench_calls: backend CPU clock, net of
#      count(1), interleaved rounds, medians), as ns/call and ratio to gen_random_uuid();
#   2. inserts of ROWS rows in BATCH-row transactions into (id uuid PRIMARY KEY DEFAULT <gen>,
#      payload int), as bench.sh does them: median rows/s and ratio to gen_random_uuid();
#   3. clock truth in a burst: one statement generates BURST values, reading clock_timestamp()
#      right after each; how far the embedded Unix millisecond ever is ahead of that reading, and
#      how many values are not greater than the one generated before them.
# Needs PostgreSQL 18 with pg_uuidv7 and TimescaleDB installed (Debian: postgresql-18-pg-uuidv7,
# postgresql-18-timescaledb); a peer that is missing is left out and named in the output. The
# cluster preloads timescaledb (it refuses to be created otherwise), for every generator alike.
#
# Usage: bench/peers.sh [--calls N] [--rounds R] [--rows N] [--batch N] [--insert-rounds R]
#                            [--burst N] [--burst-rounds R] [--out DIR]
#   defaults: --calls 1000000 --rounds 7 --rows 1000000 --batch 10000 --insert-rounds 3
#             --burst 1000000 --burst-rounds 3 --out bench/results/<date>-<time>-peers
# Run it through `make bench-peers` (uuidx in a throwaway copy of the server's installation).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source lab/deps.sh
source lab/cluster.sh
source bench/call_timing.sh

calls=1000000 rounds=7 rows=1000000 batch=10000 insert_rounds=3 burst=1000000 burst_rounds=3 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --calls) calls=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --rows) rows=$2; shift ;;
    --batch) batch=$2; shift ;;
    --insert-rounds) insert_rounds=$2; shift ;;
    --burst) burst=$2; shift ;;
    --burst-rounds) burst_rounds=$2; shift ;;
    --out) out=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "peers.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$out" ] || out="bench/results/$(date +%Y%m%d-%H%M%S)-peers"
mkdir -p "$out"
out=$(cd "$out" && pwd)

export UUIDX_FSYNC=${UUIDX_FSYNC:-on}
pkglib=$(pg_config --pkglibdir)
preload=""
ls "$pkglib"/timescaledb-*.so >/dev/null 2>&1 && preload="timescaledb"
trap cluster_stop EXIT
cluster_start "shared_buffers = 128MB" "work_mem = 256MB" "max_parallel_workers_per_gather = 0" "jit = off" \
  "shared_preload_libraries = '$preload'" "timescaledb.telemetry_level = off"
psql_q() { cluster_psql -At "$@"; }

bench_call_timing_install
psql_q -c 'CREATE EXTENSION uuidx' >/dev/null
[ -n "$(psql_q -c "SELECT to_regprocedure('pg_catalog.uuidv7()')")" ] || { echo "peers.sh: needs PostgreSQL 18 or later" >&2; exit 1; }

# Label, expression, and the extension's version for every generator present.
labels=("uuidx" "PostgreSQL uuidv7()" "gen_random_uuid()")
exprs=("public.uuid_generate_v7()" "pg_catalog.uuidv7()" "gen_random_uuid()")
missing=()
# pg_uuidv7 in a schema of its own: uuidx defines uuid_generate_v7() in public too (and names
# beginning with pg_ are reserved for system schemas).
if psql_q -c 'CREATE SCHEMA uuidv7ext' -c 'CREATE EXTENSION pg_uuidv7 SCHEMA uuidv7ext' >/dev/null 2>&1; then
  labels+=("pg_uuidv7"); exprs+=("uuidv7ext.uuid_generate_v7()")
else missing+=("pg_uuidv7"); fi
# TimescaleDB where a user gets it: CREATE EXTENSION without SCHEMA; the catalog says where
# generate_uuidv7() went.
if [ -n "$preload" ] && psql_q -c 'CREATE EXTENSION timescaledb' >/dev/null 2>&1; then
  ts_schema=$(psql_q -c "SELECT n.nspname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                         WHERE p.proname = 'generate_uuidv7' AND p.pronargs = 0")
  labels+=("TimescaleDB"); exprs+=("$ts_schema.generate_uuidv7()")
else missing+=("timescaledb"); fi

{
  echo "# Machine"
  echo
  hypervisor=$(lscpu | sed -n 's/^Hypervisor vendor: *//p' | head -n 1)
  # Inside a chroot lscpu names no vendor; the CPU's hypervisor flag still shows a guest.
  [ -z "$hypervisor" ] && grep -qw hypervisor /proc/cpuinfo && hypervisor="guest"
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores${hypervisor:+ (virtualised, $hypervisor)}"
  echo "- memory: $(free -g | awk '/^Mem:/ {print $2}') GiB; kernel $(uname -r)"
  echo "- $(psql_q -c 'SELECT version()' | sed 's/ on .*//'); $(openssl version | cut -d' ' -f1-2)"
  echo "- uuidx commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- extensions: $(psql_q -c "SELECT string_agg(extname || ' ' || extversion, ', ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'")"
  pkgs=$(dpkg-query -W -f='${Package} ${Version}\n' postgresql-18 postgresql-18-pg-uuidv7 postgresql-18-timescaledb 2>/dev/null | paste -sd, | sed 's/,/, /g' || true)
  [ -n "$pkgs" ] && echo "- packages: $pkgs"
  [ ${#missing[@]} -gt 0 ] && echo "- not installed, left out: ${missing[*]}"
  echo "- settings: shared_buffers = 128MB, fsync = $UUIDX_FSYNC, work_mem = 256MB, shared_preload_libraries = '$preload', otherwise initdb defaults"
  echo "- load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) at the start; the machine's 2 cores are shared with other work"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$out/machine.md"
cat "$out/machine.md"
label_of() { local i; for i in "${!exprs[@]}"; do [ "${exprs[$i]}" = "$1" ] && { echo "${labels[$i]}"; return; }; done; echo "$1"; }

# ---- 1. per call ------------------------------------------------------------------------------
arr=$(for e in 1 "${exprs[@]}"; do printf "'%s'," "$e"; done)
echo
echo "== per-call cost: $calls calls x $rounds rounds"
psql_q -c "CALL bench_calls('gen', ARRAY[${arr%,}], 'generate_series(1, \$n)', $calls, $rounds)"
{
  echo "## Per call"
  echo
  echo "\`SELECT count(EXPR) FROM generate_series(1, $calls)\`, timed by the backend's CPU clock, median of $rounds interleaved rounds, minus the median of the same loop over \`count(1)\`."
  echo
  echo "| generator | expression | ns/call (net) | ratio to gen_random_uuid() |"
  echo "|---|---|---:|---:|"
  psql_q -F '|' -c "SELECT expr, round(net_ns::numeric, 1), round(ratio::numeric, 3)
                    FROM bench_call_summary('gen', 'gen_random_uuid()') WHERE expr <> '1' ORDER BY net_ns" |
    while IFS='|' read -r e ns ratio; do echo "| $(label_of "$e") | \`$e\` | $ns | $ratio |"; done
  psql_q -c "SELECT round(gross_ns::numeric, 1) FROM bench_call_summary('gen', 'gen_random_uuid()') WHERE expr = '1'" |
    while read -r ns; do echo "| (loop) | \`count(1)\`, subtracted above | $ns | |"; done
} | tee "$out/calls.md"
psql_q -A -F, -c "SELECT round, expr, ns_per_row, wall_ns_per_row FROM bench_call_raw ORDER BY round, expr" >"$out/calls_raw.csv"

# ---- 2. clock truth in a burst ----------------------------------------------------------------
# One statement makes the values in generate_series order and reads clock_timestamp() in the
# same target list right after each (left to right); the CTE holds volatile calls, so it is
# materialised before the window that compares neighbours runs. The embedded Unix milliseconds
# are the first 48 bits (RFC 9562 §5.7).
psql_q <<'SQL'
CREATE TABLE bench_burst (expr text, round int, n bigint, seconds float8, ahead_ms bigint,
                          values_ahead bigint, not_increasing bigint);
CREATE PROCEDURE bench_burst_run(expr text, round int, n bigint)
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO bench_burst
    WITH s AS (SELECT g, %1$s AS id, clock_timestamp() AS c FROM generate_series(1, %2$s) g),
    v AS (SELECT id, c, lag(id) OVER (ORDER BY g) AS prev,
                 ('x' || encode(substring(uuid_send(id) FROM 1 FOR 6), 'hex'))::bit(48)::bigint
                   - floor(extract(epoch FROM c) * 1000)::bigint AS lead_ms
          FROM s)
    SELECT %3$L, %4$s, %2$s, extract(epoch FROM max(c) - min(c)), max(lead_ms),
           count(*) FILTER (WHERE lead_ms > 0), count(*) FILTER (WHERE id <= prev)
    FROM v$q$, expr, n, expr, round);
END $$;
SQL
v7exprs=()
for e in "${exprs[@]}"; do [ "$e" != "gen_random_uuid()" ] && v7exprs+=("$e"); done
echo
echo "== clock truth: $burst values in one statement x $burst_rounds rounds"
for ((r = 1; r <= burst_rounds; r++)); do
  for ((j = 0; j < ${#v7exprs[@]}; j++)); do
    e=${v7exprs[$(((j + r - 1) % ${#v7exprs[@]}))]}
    psql_q -c "CALL bench_burst_run('$e', $r, $burst)"
  done
done
{
  echo "## Clock truth in a burst"
  echo
  echo "One statement makes $burst values, \`SELECT g, EXPR AS id, clock_timestamp() AS c FROM generate_series(1, $burst) g\`, so the clock is read right after each value; $burst_rounds interleaved rounds. *Ahead*: the value's embedded Unix millisecond minus the millisecond of the clock read after it; largest over all values of all rounds (0 or less: never ahead of the clock). *Values ahead*: how many had a positive lead. *Not increasing*: values not greater than the one made before them. *Values/ms*: $burst over the time from the first to the last clock reading (median of rounds), the rate each generator had to keep up with (the loop and the clock reading included)."
  echo
  echo "| generator | expression | ahead of the clock (ms, worst) | values ahead (of $((burst * burst_rounds))) | not increasing (of $((burst * burst_rounds))) | values/ms (median) |"
  echo "|---|---|---:|---:|---:|---:|"
  psql_q -F '|' -c "SELECT expr, max(ahead_ms), sum(values_ahead), sum(not_increasing),
                           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY n / seconds / 1000))
                    FROM bench_burst GROUP BY expr ORDER BY max(ahead_ms) DESC, expr" |
    while IFS='|' read -r e ahead nahead bad rate; do echo "| $(label_of "$e") | \`$e\` | $ahead | $nahead | $bad | $rate |"; done
} | tee "$out/clock.md"
psql_q -A -F, -c "SELECT * FROM bench_burst ORDER BY round, expr" >"$out/clock_raw.csv"

# ---- 3. inserts -------------------------------------------------------------------------------
echo
echo "== inserts: $rows rows in $batch-row transactions per generator, $insert_rounds round(s)"
pairs=()
for e in "${exprs[@]}"; do pairs+=("$e=uuid PRIMARY KEY DEFAULT $e"); done
bench_insert_rounds "$insert_rounds" "$rows" "$batch" "${pairs[@]}"
psql_q -F, -c "SELECT key, round, tenth, rows_done, extract(epoch FROM at), pg_wal_lsn_diff(lsn, '0/0') FROM bench_ins_progress ORDER BY key, round, tenth" >"$out/inserts_progress.csv"
{
  echo "## Inserts: $rows rows in $batch-row transactions"
  echo
  echo "\`CREATE TABLE t (id uuid PRIMARY KEY DEFAULT EXPR, payload int)\`, then \`INSERT INTO t (payload) SELECT g FROM generate_series(...)\` and \`COMMIT\` every $batch rows, from a procedure; fresh table and \`CHECKPOINT\` before each run; median of $insert_rounds round(s), order rotated every round."
  echo
  echo "| generator | key default | rows/s | ratio to gen_random_uuid() | seconds | PK index | WAL |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  psql_q -F '|' -c "
    SELECT s.key, round(s.rate), round((s.rate / r.rate)::numeric, 2), round(s.seconds::numeric, 2),
           round(s.index_bytes / 1048576) || ' MB', round(s.wal_bytes / 1048576) || ' MB'
    FROM bench_ins_summary s, bench_ins_summary r WHERE r.key = 'gen_random_uuid()' ORDER BY s.rate DESC" |
    while IFS='|' read -r k rate ratio sec idx wal; do echo "| $(label_of "$k") | \`$k\` | $rate | $ratio | $sec | $idx | $wal |"; done
} | tee "$out/inserts.md"

{
  echo "# uuidx beside the other v7 generators of PostgreSQL 18"
  echo
  echo "Reproduce: \`make bench-peers BENCH_ARGS=\"--calls $calls --rounds $rounds --rows $rows --batch $batch --insert-rounds $insert_rounds --burst $burst --burst-rounds $burst_rounds\"\` on a PostgreSQL 18 with the peers installed."
  echo
  sed 's/^# Machine/## Machine/' "$out/machine.md"
  for f in calls clock inserts; do echo; cat "$out/$f.md"; done
} >"$out/README.md"
echo
echo "results: $out"
