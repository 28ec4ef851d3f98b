#!/usr/bin/env bash
# sql_edition.sh: what the SQL edition's uuid_generate_v7() costs, beside the C build's, the
# server's own uuidv7() (18 and later), gen_random_uuid() and "the common form", in one throwaway
# cluster and one run. The common form is the v7 in plain SQL that blog posts give (written here
# afresh): gen_random_uuid() with the Unix millisecond over its first 6 bytes and the version
# bits set to 7, no state. Prints, and writes to a results folder:
#   1. per-call cost, as peers.sh measures it (bench.sql's bench_calls: backend CPU clock, net of
#      count(1), interleaved rounds, medians): ns/call, ratio to gen_random_uuid() and to the
#      common form;
#   2. clock truth in a burst, as peers.sh: how far the embedded millisecond is ever ahead of
#      clock_timestamp() read right after the value, and how many values are not greater than the
#      one before them (the common form's inversions within a millisecond);
#   3. inserts of ROWS rows in BATCH-row transactions into (id uuid PRIMARY KEY DEFAULT <gen>,
#      payload int), as peers.sh: median rows/s, ratio to gen_random_uuid() and to the common form;
# (Where an earlier body spent, part by part: bench/results/2026-11-27-pg15-sql-edition-epyc-kvm-2core.)
#   goal.md: the ratios the SQL edition aims at, and whether this run reached them.
# The SQL edition comes from build/sql-edition/uuidx-sql.sql (`make sql-edition`), installed with
# psql -v schema=uuidx_sql; the C build by CREATE EXTENSION uuidx in schema uuidx_c.
#
# Usage: bench/sql_edition.sh [--calls N] [--rounds R] [--rows N] [--batch N]
#                             [--insert-rounds R] [--burst N] [--burst-rounds R] [--out DIR]
#   defaults: --calls 1000000 --rounds 5 --rows 1000000 --batch 10000
#             --insert-rounds 3 --burst 1000000 --burst-rounds 3
#             --out bench/results/<date>-<time>-sql-edition
# Run it through `make bench-sql-edition` (uuidx in a throwaway copy of the server's installation).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source lab/cluster.sh
source bench/call_timing.sh

calls=1000000 rounds=5 rows=1000000 batch=10000 insert_rounds=3 burst=1000000 burst_rounds=3 out=""
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
    *) echo "sql_edition.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
edition=build/sql-edition/uuidx-sql.sql
[ -f "$edition" ] || { echo "sql_edition.sh: no $edition: run make sql-edition first" >&2; exit 1; }
[ -n "$out" ] || out="bench/results/$(date +%Y%m%d-%H%M%S)-sql-edition"
mkdir -p "$out"
out=$(cd "$out" && pwd)

export UUIDX_FSYNC=${UUIDX_FSYNC:-on}
trap cluster_stop EXIT
cluster_start "shared_buffers = 128MB" "work_mem = 256MB" "max_parallel_workers_per_gather = 0" "jit = off"
psql_q() { cluster_psql -At "$@"; }

bench_call_timing_install
psql_q -c 'CREATE SCHEMA uuidx_c' -c 'CREATE EXTENSION uuidx SCHEMA uuidx_c' >/dev/null
cluster_psql -v schema=uuidx_sql -f "$edition" >/dev/null
major=$(psql_q -c "SELECT current_setting('server_version_num')::int / 10000")

psql_q <<'SQL'
CREATE SCHEMA common_form;
-- The common form: a v4 whose first 6 bytes are overwritten by the Unix millisecond (rounded
-- down), its version nibble taken from 4 (0100) to 7 (0111) by setting bits 52 and 53 (set_bit
-- counts from the low bit of byte 0, so these are the low two of byte 6's high nibble). No state:
-- within a millisecond the order is random.
CREATE FUNCTION common_form.uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                                        PLACING substring(int8send(floor(date_part('epoch', clock_timestamp()) * 1000)::bigint) FROM 3)
                                        FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;

SQL

# Label and expression of every generator; the v7 ones are checked and burst below.
labels=("SQL edition" "C build" "common form" "gen_random_uuid()")
exprs=("uuidx_sql.uuid_generate_v7()" "uuidx_c.uuid_generate_v7()" "common_form.uuid_v7()" "gen_random_uuid()")
if [ -n "$(psql_q -c "SELECT to_regprocedure('pg_catalog.uuidv7()')")" ]; then
  labels+=("PostgreSQL uuidv7()"); exprs+=("pg_catalog.uuidv7()")
fi
label_of() { local i; for i in "${!exprs[@]}"; do [ "${exprs[$i]}" = "$1" ] && { echo "${labels[$i]}"; return; }; done; echo "$1"; }
v7exprs=()
for e in "${exprs[@]}"; do [ "$e" != "gen_random_uuid()" ] && v7exprs+=("$e"); done

# Before timing anything: every v7 expression makes version 7, variant 10, its millisecond
# between clock readings around it.
for e in "${v7exprs[@]}"; do
  ok=$(psql_q -c "
    WITH s AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS t0, $e AS id),
    v AS (SELECT t0, id, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS t1 FROM s)
    SELECT substring(id::text, 15, 1) = '7' AND substring(id::text, 20, 1) IN ('8', '9', 'a', 'b')
           AND ('x' || encode(substring(uuid_send(id) FROM 1 FOR 6), 'hex'))::bit(48)::bigint BETWEEN t0 AND t1 FROM v")
  [ "$ok" = t ] || { echo "sql_edition.sh: $e does not make a v7 of the clock's millisecond" >&2; exit 1; }
done

status=$(git -C "$root" status --porcelain -- src/sql_edition 2>/dev/null |
  sed -E 's|^\?\? src/sql_edition/(.*)|\1 (new)|; s|^.. src/sql_edition/(.*)|\1 (changed)|' | paste -sd, | sed 's/,/, /g' || true)
{
  echo "# Machine"
  echo
  hypervisor=$(lscpu | sed -n 's/^Hypervisor vendor: *//p' | head -n 1)
  # Inside a chroot lscpu names no vendor; the CPU's hypervisor flag still shows a guest.
  [ -z "$hypervisor" ] && grep -qw hypervisor /proc/cpuinfo && hypervisor="guest"
  echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores${hypervisor:+ (virtualised, $hypervisor)}"
  echo "- memory: $(free -g | awk '/^Mem:/ {print $2}') GiB; kernel $(uname -r)"
  echo "- $(psql_q -c 'SELECT version()' | sed 's/ on .*//')"
  echo "- uuidx commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown); the C build as extension uuidx $(psql_q -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'") in schema uuidx_c, the SQL edition from $edition in schema uuidx_sql"
  echo "- SQL edition sources (git blob ids): $(cd src/sql_edition && for f in *.sql; do printf '%s %s, ' "$f" "$(git hash-object "$f" | cut -c1-10)"; done | sed 's/, $//')"
  [ -n "$status" ] && echo "- not committed in this checkout: $status"
  echo "- settings: shared_buffers = 128MB, fsync = $UUIDX_FSYNC, work_mem = 256MB, jit = off, otherwise initdb defaults"
  [ -n "${PGOPTIONS:-}" ] && echo "- PGOPTIONS: $PGOPTIONS (every session, the edition's install included)"
  echo "- load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) at the start; the machine's 2 cores are shared with other work"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$out/machine.md"
cat "$out/machine.md"

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
  echo "| generator | expression | ns/call (net) | ratio to gen_random_uuid() | ratio to the common form |"
  echo "|---|---|---:|---:|---:|"
  psql_q -F '|' -c "SELECT r.expr, round(r.net_ns::numeric, 1), round(r.ratio::numeric, 3), round(c.ratio::numeric, 3)
                    FROM bench_call_summary('gen', 'gen_random_uuid()') r
                    JOIN bench_call_summary('gen', 'common_form.uuid_v7()') c USING (expr)
                    WHERE r.expr <> '1' ORDER BY r.net_ns" |
    while IFS='|' read -r e ns ratio cratio; do echo "| $(label_of "$e") | \`$e\` | $ns | $ratio | $cratio |"; done
  psql_q -c "SELECT round(gross_ns::numeric, 1) FROM bench_call_summary('gen', 'gen_random_uuid()') WHERE expr = '1'" |
    while read -r ns; do echo "| (loop) | \`count(1)\`, subtracted above | $ns | | |"; done
} | tee "$out/calls.md"

# ---- 2. clock truth in a burst (as peers.sh) --------------------------------------------------
# One statement makes the values in generate_series order and reads clock_timestamp() in the
# same target list right after each; the CTE holds volatile calls, so it is materialised before
# the window compares neighbours. The embedded Unix milliseconds are the first 48 bits (§5.7).
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
  echo "One statement makes $burst values, \`SELECT g, EXPR AS id, clock_timestamp() AS c FROM generate_series(1, $burst) g\`, so the clock is read right after each value; $burst_rounds interleaved rounds. *Ahead*: the value's embedded Unix millisecond minus the millisecond of the clock read after it; largest over all values of all rounds (0 or less: never ahead of the clock). *Values ahead*: how many had a positive lead. *Not increasing*: values not greater than the one made before them. *Values/ms*: $burst over the time from the first to the last clock reading (median of rounds)."
  echo
  echo "| generator | expression | ahead of the clock (ms, worst) | values ahead (of $((burst * burst_rounds))) | not increasing (of $((burst * burst_rounds))) | values/ms (median) |"
  echo "|---|---|---:|---:|---:|---:|"
  psql_q -F '|' -c "SELECT expr, max(ahead_ms), sum(values_ahead), sum(not_increasing),
                           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY n / seconds / 1000))
                    FROM bench_burst GROUP BY expr ORDER BY max(ahead_ms) DESC, sum(not_increasing) DESC, expr" |
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
  echo "| generator | key default | rows/s | ratio to gen_random_uuid() | ratio to the common form | seconds | PK index | WAL |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|"
  psql_q -F '|' -c "
    SELECT s.key, round(s.rate), round((s.rate / r.rate)::numeric, 2), round((s.rate / c.rate)::numeric, 2), round(s.seconds::numeric, 2),
           round(s.index_bytes / 1048576) || ' MB', round(s.wal_bytes / 1048576) || ' MB'
    FROM bench_ins_summary s, bench_ins_summary r, bench_ins_summary c
    WHERE r.key = 'gen_random_uuid()' AND c.key = 'common_form.uuid_v7()' ORDER BY s.rate DESC" |
    while IFS='|' read -r k rate ratio cratio sec idx wal; do echo "| $(label_of "$k") | \`$k\` | $rate | $ratio | $cratio | $sec | $idx | $wal |"; done
} | tee "$out/inserts.md"

psql_q -A -F, -c "SELECT round, expr, ns_per_row, wall_ns_per_row FROM bench_call_raw ORDER BY round, expr" >"$out/calls_raw.csv"

# ---- the goal -----------------------------------------------------------------------------------
{
  echo "## The goal: per call no dearer than the common form; inserts at least 0.9x the common form's and 0.8x gen_random_uuid()'s rows/s"
  echo
  echo "| generator | ns/call / the common form's (goal <= 1) | rows/s / the common form's (goal >= 0.9) | rows/s / gen_random_uuid()'s (goal >= 0.8) | all three in this run |"
  echo "|---|---:|---:|---:|---|"
  for e in uuidx_sql.uuid_generate_v7\(\); do
    psql_q -F '|' -c "
      SELECT round(k.ratio::numeric, 3), round((s.rate / c.rate)::numeric, 3), round((s.rate / r.rate)::numeric, 3),
             CASE WHEN k.ratio <= 1 AND s.rate / c.rate >= 0.9 AND s.rate / r.rate >= 0.8 THEN 'met' ELSE 'not met' END
      FROM bench_call_summary('gen', 'common_form.uuid_v7()') k, bench_ins_summary s, bench_ins_summary c, bench_ins_summary r
      WHERE k.expr = '$e' AND s.key = '$e' AND c.key = 'common_form.uuid_v7()' AND r.key = 'gen_random_uuid()'" |
      while IFS='|' read -r a b c d; do echo "| $(label_of "$e") | $a | $b | $c | $d |"; done
  done
} | tee "$out/goal.md"

{
  echo "# The SQL edition's uuid_generate_v7() beside the C build, the common form and gen_random_uuid(), PostgreSQL $major"
  echo
  echo "Reproduce: \`make bench-sql-edition BENCH_ARGS=\"--calls $calls --rounds $rounds --rows $rows --batch $batch --insert-rounds $insert_rounds --burst $burst --burst-rounds $burst_rounds\"\`."
  echo
  sed 's/^# Machine/## Machine/' "$out/machine.md"
  for f in goal calls clock inserts; do echo; cat "$out/$f.md"; done
} >"$out/README.md"
echo
echo "results: $out"
