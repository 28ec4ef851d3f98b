#!/usr/bin/env bash
# major: 18
# packages: postgresql-18-timescaledb
# server: shared_preload_libraries = 'timescaledb,uuidx'
# server: timescaledb.telemetry_level = off
# uuidx beside TimescaleDB: hypertables partitioned by range of a v7 key, both libraries preloaded
# (shared_preload_libraries = 'timescaledb,uuidx', then the other order). TimescaleDB comes from
# Debian's package postgresql-18-timescaledb 2.23 or later (the release with UUIDv7 dimensions),
# which the lab installs on 18 only (sid; trixie's for 17 is 2.19, bookworm and experimental have
# none).
# Also: the SQL of docs/timescaledb.md as written (test/lib/readme_sql.py --suite); chunks
# scanned read from EXPLAIN without ANALYZE (the chunks left after TimescaleDB's exclusion at
# planning and at executor start); the oracles of 009 and 010 pointed at hypertables
# (test/lib/time_oracle.py and order_oracle.py, `hypertable`); a hypertable chunked by created_at
# whose CHECK ties it to the v7 key, looked up by key with uuidx.column_bounds on and off.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh
source test/lib/order_oracle.sh
package=postgresql-18-timescaledb
seed=${UUIDX_ORACLE_SEED:-20261125}
n=200

# (2.23: the release with UUIDv7 dimensions)
tap_need "TimescaleDB 2.23 or later from Debian's package postgresql-N-timescaledb" \
  "$(dpkg --compare-versions "$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null)" ge 2.23 && echo t)" "$(dpkg-query -W -f='${Version}' "$package" 2>&1)"

# No telemetry: the test runs offline and sends nothing.
export PGTZ=UTC
cluster_psql -c "CREATE DATABASE ts"
export PGDATABASE=ts
cluster_psql -c "SET client_min_messages = warning" -c "CREATE EXTENSION timescaledb" -c "CREATE EXTENSION uuidx"
tap_sql "both preloaded, both created" "
  SELECT current_setting('shared_preload_libraries') = 'timescaledb,uuidx' AND count(*) = 2,
         current_setting('shared_preload_libraries') || '; ' || string_agg(extname || ' ' || extversion, ', ' ORDER BY extname)
  FROM pg_extension WHERE extname IN ('timescaledb', 'uuidx')"

# The docs' own SQL, as written (its blocks are skipped by 25_readme_sql, which has no TimescaleDB).
out=$(PGBIN=$PGBIN python3 test/lib/readme_sql.py --suite 51_timescaledb docs/timescaledb.md 2>&1)
docs_pass=$(grep -c '^ok ' <<<"$out")
docs_fail=$(grep -c '^not ok ' <<<"$out")
tap_check "docs/timescaledb.md: its SQL runs and prints what the page says" \
  "$([ "$docs_fail" = 0 ] && [ "$docs_pass" -ge 2 ] && echo t)" "$docs_pass blocks passed, $docs_fail failed
$out"

# The domain is refused as a dimension: TimescaleDB checks the column's own type, not its base type.
out=$(cluster_psql -At -c "CREATE TABLE dom (id uuid_v7 NOT NULL DEFAULT uuid_generate_v7())" \
  -c "SELECT create_hypertable('dom', by_range('id', INTERVAL '1 day'))" 2>&1)
tap_check "a uuid_v7 column is refused as a dimension (TimescaleDB's type check)" \
  "$(grep -q 'invalid type for dimension' <<<"$out" && echo t)" "$(grep -m1 ERROR <<<"$out")"

# The domain's one way in: a partitioning function of it (the docs say why the key is not declared
# so). Chunks are then ranges of the function's value: excluded for a predicate on the time
# (TimescaleDB's own, after inlining), not for a key range.
cluster_psql -c "CREATE FUNCTION dom_time(uuid_v7) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS 'SELECT public.uuid_extract_time(\$1)'" \
  -c "CREATE TABLE domf (id uuid_v7 NOT NULL DEFAULT uuid_generate_v7(), n int)" \
  -c "SELECT create_hypertable('domf', by_range('id', INTERVAL '1 day', partition_func => 'dom_time'))" \
  -c "INSERT INTO domf SELECT uuid_generate_v7('2025-01-01 00:00+00'::timestamptz + g * interval '1 hour'), g FROM generate_series(0, 31 * 24 - 1) g" \
  -c "ANALYZE domf" >/dev/null
total_domf=$(cluster_psql -At -c "SELECT count(*) FROM timescaledb_information.chunks WHERE hypertable_name = 'domf'")
by_time=$(cluster_psql -At -c "SET uuidx.time_predicates = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM domf
  WHERE uuid_extract_time(id) >= '2025-01-10 00:00+00' AND uuid_extract_time(id) < '2025-01-11 00:00+00'" | grep -c ' on _hyper_[0-9]*_[0-9]*_chunk')
by_key=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM domf
  WHERE id >= uuid_v7_floor('2025-01-10 00:00+00') AND id < uuid_v7_floor('2025-01-11 00:00+00')" | grep -c ' on _hyper_[0-9]*_[0-9]*_chunk')
tap_check "a uuid_v7 column through partition_func: chunks of the function's value, excluded by time, not by key range" \
  "$([ "$total_domf" = 31 ] && [ "$by_time" -le 2 ] && [ "$by_key" = 31 ] && echo t)" \
  "$total_domf chunks; a day by uuid_extract_time(id) (rewrite off): $by_time scanned; by id >= uuid_v7_floor(t): $by_key"

# The docs' key: a uuid proven v7 by the domain's own check; inserts through uuidx's default.
cluster_psql -c "CREATE TABLE ev (id uuid NOT NULL DEFAULT uuid_generate_v7() CHECK (uuid_check_version(id, 7, 'uuid_v7')), n int)" \
  -c "SELECT create_hypertable('ev', by_range('id', INTERVAL '1 day'))" >/dev/null
tap_sql "INSERT through DEFAULT uuid_generate_v7(): v7 keys, increasing, in today's chunk" "
  WITH ins AS (INSERT INTO ev (n) SELECT g FROM generate_series(1, 5000) g RETURNING id, n, tableoid::regclass AS chunk),
  o AS (SELECT id, lag(id) OVER (ORDER BY n) AS prev, chunk FROM ins)
  SELECT count(*) = 5000 AND bool_and(uuid_extract_version(id) = 7) AND count(*) FILTER (WHERE prev >= id) = 0
         AND count(DISTINCT chunk) <= 2 AND bool_and(chunk::text LIKE '_timescaledb_internal._hyper_%'),
         format('%s rows, %s not after their predecessor, in %s chunk(s): %s', count(*),
                count(*) FILTER (WHERE prev >= id), count(DISTINCT chunk), min(chunk::text))
  FROM o"
out=$(cluster_psql -At -c "INSERT INTO ev (id) VALUES ('0b3e8f5c-0d1e-4f6a-9b7c-2d4e6f8a0b1c')" 2>&1)
tap_check "a v4 key is refused" "$(grep -q 'not a version 7 UUID' <<<"$out" && echo t)" "$(grep -m1 ERROR <<<"$out")"

# TimescaleDB's functions against uuidx's, on the same values: every rand_a of a few milliseconds
# (the ends of the 48-bit range too), values of both generators, and other versions.
cluster_psql -c "CREATE TABLE vals AS
  SELECT (substr(b, 1, 15) || lpad(to_hex(f), 3, '0') || substr(b, 19))::uuid AS u
  FROM (SELECT uuid_v7_floor(t)::text AS b FROM unnest(ARRAY['1970-01-01 00:00:00+00', '2024-02-29 12:34:56.789+00',
        '2025-01-01 00:00:00+00', '10889-08-02 05:31:50.655+00']::timestamptz[]) t) s, generate_series(0, 4095) f
  UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 1000)
  UNION ALL SELECT generate_uuidv7() FROM generate_series(1, 1000)"
tap_sql "uuid_timestamp(u) = uuid_extract_time(u) for every v7" "
  SELECT count(*) FILTER (WHERE uuid_timestamp(u) IS DISTINCT FROM uuid_extract_time(u)) = 0,
         format('%s v7 values, %s differ', count(*), count(*) FILTER (WHERE uuid_timestamp(u) IS DISTINCT FROM uuid_extract_time(u)))
  FROM vals"
tap_sql "uuid_timestamp_micros(u) and uuid_extract_time(u, true): at most 1 µs apart (rand_a read differently)" "
  SELECT max(abs(extract(epoch FROM uuid_timestamp_micros(u) - uuid_extract_time(u, true)))) <= 0.000001,
         format('%s of %s values read 1 µs apart, none further', count(*) FILTER (WHERE uuid_timestamp_micros(u) <> uuid_extract_time(u, true)), count(*))
  FROM vals"
tap_sql "each generator's µs read back by the other's reader (every µs of a millisecond)" "
  SELECT bool_and(uuid_timestamp_micros(uuid_generate_v7(t)) = t AND uuid_extract_time(to_uuidv7(t), true) = t),
         format('%s instants, uuidx -> TimescaleDB %s equal, TimescaleDB -> uuidx %s equal', count(*),
                count(*) FILTER (WHERE uuid_timestamp_micros(uuid_generate_v7(t)) = t), count(*) FILTER (WHERE uuid_extract_time(to_uuidv7(t), true) = t))
  FROM (SELECT '2025-01-01 00:00:00+00'::timestamptz + i * interval '1 microsecond' AS t FROM generate_series(0, 999) i) s"
tap_sql "uuid_version(u) = uuid_extract_version(u) (v1, v3 ... v8, nil, max, other variants)" "
  WITH o(u) AS (SELECT u FROM vals UNION ALL VALUES (uuid_generate_v1()), (uuid_generate_v4()), (uuid_generate_v6()),
    (uuid_generate_v3(uuid_ns_url(), 'x')), (uuid_generate_v5(uuid_ns_url(), 'x')), (uuid_generate_v8('\x000102030405060708090a0b0c0d0e0f')),
    (uuid_nil()), (uuid_max()), ('12345678-0000-7000-c000-000000000000'), ('12345678-0000-7000-0000-000000000000'))
  SELECT count(*) FILTER (WHERE uuid_version(u) IS DISTINCT FROM uuid_extract_version(u)) = 0,
         format('%s values, %s differ', count(*), count(*) FILTER (WHERE uuid_version(u) IS DISTINCT FROM uuid_extract_version(u)))
  FROM o"
tap_sql "uuid_timestamp is v7 only: NULL for a v1 or v6, whose time uuid_extract_time reads" "
  SELECT uuid_timestamp(a) IS NULL AND uuid_timestamp(b) IS NULL AND uuid_extract_time(a) IS NOT NULL AND uuid_extract_time(b) IS NOT NULL,
         format('v1: %s / %s, v6: %s / %s', uuid_timestamp(a), uuid_extract_time(a), uuid_timestamp(b), uuid_extract_time(b))
  FROM (SELECT uuid_generate_v1() AS a, uuid_generate_v6() AS b) s"
tap_sql "to_uuidv7_boundary(t): uuid_v7_floor(t) for a whole ms; else its µs as uuid_generate_v7(t) writes them, rand_b zero" "
  SELECT bool_and(CASE WHEN t = date_trunc('milliseconds', t) THEN to_uuidv7_boundary(t) = uuid_v7_floor(t)
                       ELSE left(to_uuidv7_boundary(t)::text, 18) = left(uuid_generate_v7(t)::text, 18)
                            AND right(to_uuidv7_boundary(t)::text, 18) = '-8000-000000000000' END)
         AND bool_and(uuid_v7_lower_bound(t, true, true) <= to_uuidv7_boundary(t)),
         format('%s instants; %s where uuid_v7_lower_bound(t, true, true) (the first key uuidx reads as t or later) lies below it',
                count(*), count(*) FILTER (WHERE uuid_v7_lower_bound(t, true, true) < to_uuidv7_boundary(t)))
  FROM (SELECT '2025-01-01 00:00:00+00'::timestamptz + i * interval '1 microsecond' AS t FROM generate_series(0, 1999) i) s"
out=$(cluster_psql -At -F ' ' -c "SELECT to_uuidv7_boundary(t), uuid_extract_time(to_uuidv7_boundary(t)), uuid_v7_lower_bound(t)
  FROM unnest(ARRAY['1969-12-31 23:59:59+00', '10889-08-02 05:31:50.656+00']::timestamptz[]) t" \
  -c "SELECT uuid_v7_floor('1969-12-31 23:59:59+00')" 2>&1)
tap_check "outside 1970 .. 10889: to_uuidv7_boundary wraps around, uuid_v7_floor raises 22008, uuid_v7_lower_bound clamps" \
  "$(grep -q '^ffffffff-fc18-7000-8000-000000000000 ' <<<"$out" && grep -q '^00000000-0000-7000-8000-000000000000 1970' <<<"$out" &&
     grep -q 'ERROR' <<<"$out" && echo t)" "$(tr '\n' ';' <<<"$out" | cut -c1-400)"

# Chunks scanned: 31 daily chunks of January 2025, a key a minute, the docs' declaration.
cluster_psql -c "CREATE TABLE jan (id uuid NOT NULL DEFAULT uuid_generate_v7() CHECK (uuid_check_version(id, 7, 'uuid_v7')), n int)" \
  -c "SELECT create_hypertable('jan', by_range('id', INTERVAL '1 day'))" \
  -c "INSERT INTO jan SELECT uuid_generate_v7('2025-01-01 00:00+00'::timestamptz + g * interval '1 minute'), g FROM generate_series(0, 31 * 1440 - 1) g" \
  -c "ANALYZE jan" >/dev/null
# And the last 31 days, for instants relative to now() (excluded at executor start).
cluster_psql -c "CREATE TABLE recent (id uuid NOT NULL DEFAULT uuid_generate_v7() CHECK (uuid_check_version(id, 7, 'uuid_v7')), n int)" \
  -c "SELECT create_hypertable('recent', by_range('id', INTERVAL '1 day'))" \
  -c "INSERT INTO recent SELECT uuid_generate_v7(now() - g * interval '1 minute'), g FROM generate_series(1, 31 * 1440) g" \
  -c "ANALYZE recent" >/dev/null
total_jan=$(cluster_psql -At -c "SELECT count(*) FROM timescaledb_information.chunks WHERE hypertable_name = 'jan'")
total_recent=$(cluster_psql -At -c "SELECT count(*) FROM timescaledb_information.chunks WHERE hypertable_name = 'recent'")

# chunks SETTING QUERY: the chunk scans in the plan; rows SETTING QUERY: its answer.
chunks() { cluster_psql -At -c "SET uuidx.time_predicates = $1" -c "EXPLAIN (COSTS OFF) $2" 2>&1 | grep -c ' on _hyper_[0-9]*_[0-9]*_chunk'; }
rows() { cluster_psql -At -c "SET uuidx.time_predicates = $1" -c "$2" 2>&1; }
# figures TABLE TOTAL WHAT WHERE-ON-TIME WHERE-TIMESCALE: on, off and TimescaleDB's own predicate.
figures() {
  local table=$1 total=$2 what=$3 ours=$4 theirs=$5
  local q="SELECT count(*) || ' ' || coalesce(sum(n), 0) FROM $table WHERE $ours" qt="SELECT count(*) || ' ' || coalesce(sum(n), 0) FROM $table WHERE $theirs"
  local on off own r_on r_off r_own
  on=$(chunks on "$q"); off=$(chunks off "$q"); own=$(chunks on "$qt")
  r_on=$(rows on "$q"); r_off=$(rows off "$q"); r_own=$(rows on "$qt")
  tap_check "$what: the same rows with the rewrite on and off and with uuid_timestamp(id)" \
    "$([ "$r_on" = "$r_off" ] && [ "$r_on" = "$r_own" ] && [ "${r_on%% *}" -gt 0 ] 2>/dev/null && echo t)" \
    "count and sum of n: on $r_on, off $r_off, uuid_timestamp $r_own"
  tap_check "$what: chunks scanned, rewrite on / off / uuid_timestamp(id)" \
    "$([ "$on" -ge 1 ] && [ "$on" -le 2 ] && [ "$off" = "$total" ] && [ "$own" = "$total" ] && echo t)" \
    "$on / $off / $own of $total chunks"
}
figures jan "$total_jan" "one day of 31 (constant instants)" \
  "uuid_extract_time(id) >= '2025-01-10 00:00+00' AND uuid_extract_time(id) < '2025-01-11 00:00+00'" \
  "uuid_timestamp(id) >= '2025-01-10 00:00+00' AND uuid_timestamp(id) < '2025-01-11 00:00+00'"
figures jan "$total_jan" "one hour, to the µs (constant instants)" \
  "uuid_extract_time(id, true) BETWEEN '2025-01-20 10:00+00' AND '2025-01-20 10:59:59.999999+00'" \
  "uuid_timestamp_micros(id) BETWEEN '2025-01-20 10:00+00' AND '2025-01-20 10:59:59.999999+00'"
figures recent "$total_recent" "the last day (now() - interval '1 day')" \
  "uuid_extract_time(id) >= now() - interval '1 day'" "uuid_timestamp(id) >= now() - interval '1 day'"
q="SELECT count(*) FROM jan WHERE id >= to_uuidv7_boundary('2025-01-10 00:00+00') AND id < to_uuidv7_boundary('2025-01-11 00:00+00')"
c=$(chunks on "$q"); r=$(rows on "$q")
tap_check "TimescaleDB's own key range (id >= to_uuidv7_boundary(t)) scans the same chunk" \
  "$([ "$c" -ge 1 ] && [ "$c" -le 2 ] && [ "$r" = 1440 ] && echo t)" "$c of $total_jan chunks, $r rows"

# Instants outside the times a v7 holds: the bound the hook plans with is still a v7 (TimescaleDB
# refuses the max or nil UUID as a constant against the dimension: "... is not a version 7 UUID").
q="SELECT count(*) FROM jan WHERE uuid_extract_time(id) >= '20000-01-01 00:00+00' OR uuid_extract_time(id) <= '1969-01-01 00:00+00'"
out_on=$(rows on "$q"); out_off=$(rows off "$q")
tap_check "instants outside 1970 .. 10889: no error, the same answer" \
  "$([ "$out_on" = 0 ] && [ "$out_off" = 0 ] && echo t)" "on: $(tr '\n' ' ' <<<"$out_on" | cut -c1-200), off: $out_off"
# TimescaleDB evaluates an instant at executor start even where no row reaches it, with or without
# the rewrite; a plain table does not.
cluster_psql -c "CREATE TABLE plain AS SELECT * FROM jan" >/dev/null
for setting in on off; do
  for t in jan plain; do
    printf -v "err_${t}_$setting" '%s' "$(cluster_psql -At -c "SET plan_cache_mode = force_generic_plan" -c "SET uuidx.time_predicates = $setting" \
      -c "PREPARE oq(int) AS SELECT count(*) FROM $t WHERE n = -1 AND uuid_extract_time(id) >= now() - \$1 * interval '1 year'" \
      -c "EXECUTE oq(2147483647)" 2>&1 | tail -n1)"
  done
done
tap_check "an instant that overflows: an error on the hypertable with the rewrite on and off, none on a plain table" \
  "$([ "$err_jan_on" = "$err_jan_off" ] && grep -q 'interval out of range' <<<"$err_jan_on" && [ "$err_plain_on" = 0 ] && [ "$err_plain_off" = 0 ] && echo t)" \
  "hypertable: $err_jan_on / $err_jan_off; plain table: $err_plain_on / $err_plain_off"

# The newest rows and the newest time: read from the newest chunk with the rewrite; all of them off.
executed() { cluster_psql -At -c "SET uuidx.time_predicates = $1" -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) $2" 2>&1 |
  grep ' on _hyper_[0-9]*_[0-9]*_chunk' | grep -vc 'never executed'; }
for q in "SELECT n FROM jan ORDER BY uuid_extract_time(id) DESC LIMIT 10" "SELECT max(uuid_extract_time(id)) FROM jan"; do
  on=$(executed on "$q"); off=$(executed off "$q"); r_on=$(rows on "$q" | tr '\n' ,); r_off=$(rows off "$q" | tr '\n' ,)
  tap_check "$q: the same answer, chunks read on / off" \
    "$([ "$r_on" = "$r_off" ] && [ "$on" = 1 ] && [ "$off" = "$total_jan" ] && echo t)" "$on / $off of $total_jan; answer $(cut -c1-60 <<<"$r_on")"
done

# A hypertable chunked by created_at, keyed by a v7 id that a CHECK ties to it (docs/time.md, "A
# key that finds its partition by another column"): a lookup by id reads the one chunk of its time
# with uuidx.column_bounds on, every chunk off.
cluster_psql -q <<'SQL' >/dev/null
SET client_min_messages = warning;
CREATE TABLE orders (id uuid NOT NULL, created_at timestamptz NOT NULL, n int,
  CONSTRAINT orders_id_time CHECK (created_at BETWEEN uuid_extract_time(id) - interval '1 minute' AND uuid_extract_time(id) + interval '1 second'));
SELECT create_hypertable('orders', by_range('created_at', INTERVAL '1 day'));
INSERT INTO orders SELECT uuid_generate_v7(t), t, i
  FROM (SELECT i, timestamptz '2025-01-01 00:00+00' + i * interval '1 hour' AS t FROM generate_series(0, 30 * 24 - 1) i) s;
ANALYZE orders;
SQL
total_orders=$(cluster_psql -At -c "SELECT count(*) FROM show_chunks('orders')")
key=$(cluster_psql -At -c "SELECT id FROM orders WHERE n = 300")
bounds_chunks() { cluster_psql -At -c "SET uuidx.column_bounds = $1" -c "SET plan_cache_mode = $2" \
  -c "PREPARE l(uuid) AS SELECT n FROM orders WHERE id = \$1" -c "EXPLAIN (COSTS OFF) $3" 2>&1 | grep -c ' on _hyper_[0-9]*_[0-9]*_chunk'; }
bounds_rows() { cluster_psql -At -c "SET uuidx.column_bounds = $1" -c "SET plan_cache_mode = $2" \
  -c "PREPARE l(uuid) AS SELECT n FROM orders WHERE id = \$1" -c "$3" 2>&1; }
for form in "a constant|SELECT n FROM orders WHERE id = '$key'|auto" "a custom plan|EXECUTE l('$key')|force_custom_plan" \
  "a generic plan|EXECUTE l('$key')|force_generic_plan"; do
  IFS='|' read -r what q mode <<<"$form"
  on=$(bounds_chunks on "$mode" "$q"); off=$(bounds_chunks off "$mode" "$q")
  r_on=$(bounds_rows on "$mode" "$q"); r_off=$(bounds_rows off "$mode" "$q")
  tap_check "hypertable by created_at, lookup by id ($what): one chunk with the column bounds, every chunk without, the same row" \
    "$([ "$on" = 1 ] && [ "$off" = "$total_orders" ] && [ "$r_on" = 300 ] && [ "$r_off" = 300 ] && echo t)" \
    "$q: chunks on / off: $on / $off of $total_orders; rows $r_on / $r_off"
done

# The oracles, pointed at hypertables.
work=$(mktemp -d /tmp/uuidx-ts-oracle.XXXXXX)
chmod 755 "$work"
cluster_psql -c "CREATE DATABASE oracle"
PGDATABASE=oracle cluster_psql -c "SET client_min_messages = warning" -c "CREATE EXTENSION timescaledb" -c "CREATE EXTENSION uuidx"
start=$(date +%s%N)
python3 test/lib/time_oracle.py gen "$seed" "${UUIDX_PG_MAJOR:-18}" "$n" "$work/time.sql" hypertable
PGDATABASE=oracle cluster_psql -At -f "$work/time.sql" >"$work/time.out" 2>"$work/time.err"
rc=$?
tap_check "time predicates oracle ran" "$([ $rc = 0 ] && [ ! -s "$work/time.err" ] && echo t)" \
  "exit code $rc, $((($(date +%s%N) - start) / 1000000)) ms$( [ -s "$work/time.err" ] && echo "; $(head -c 400 "$work/time.err")")"
python3 test/lib/time_oracle.py check "$work/time.out" >"$work/time.stats"
python3 test/lib/time_oracle.py chunks "$work/time.out" >"$work/time.chunks"
while read -r table tried mismatched fired tried_noseq fired_noseq; do
  [ "$table" = "mismatched" ] && continue
  tap_check "$table: rows identical with the setting on and off" "$([ "$mismatched" = 0 ] && [ "$tried" -ge "$n" ] && echo t)" \
    "$tried predicates, $mismatched mismatches (seed $seed)"
  read -r _ _ fewer more c_on c_off <<<"$(grep "^$table " "$work/time.chunks")"
  if [ "$table" = h_plain ]; then
    tap_check "$table: never rewritten, the same chunks (no constraint: not provably v7)" \
      "$([ "$fired" = 0 ] && [ "$fewer" = 0 ] && [ "$more" = 0 ] && echo t)" "rewritten $fired of $tried; chunk scans $c_on on, $c_off off"
  else
    tap_check "$table: rewritten for many predicates" \
      "$([ "$tried_noseq" -gt 0 ] && [ $((fired_noseq * 100)) -ge $((tried_noseq * 40)) ] && echo t)" \
      "rewritten $fired_noseq of $tried_noseq run without sequential scans ($fired of $tried in all)"
    tap_check "$table: fewer chunks for many predicates, more for none" \
      "$([ "$more" = 0 ] && [ $((fewer * 100)) -ge $((tried * 25)) ] && echo t)" \
      "$fewer of $tried plans scan fewer chunks, $more more; chunk scans $c_on on, $c_off off"
  fi
done <"$work/time.stats"
grep -q '^mismatched' "$work/time.stats" && { tap_note "$(grep '^mismatched' "$work/time.stats")
queries: $work/time.sql.queries"; UUIDX_KEEP_CLUSTER=1; }
tap_check "every hypertable checked (predicates)" "$([ "$(grep -c '^h_' "$work/time.stats")" = 3 ] && echo t)" "$(tr '\n' ';' <"$work/time.stats")"

order_oracle_check "$work" "$seed" "$n" hypertable "h_ver h_plain" 4

# The other order of the libraries: the planner hooks chain the other way round.
sed -i "s/^shared_preload_libraries = 'timescaledb,uuidx'/shared_preload_libraries = 'uuidx,timescaledb'/" "$PGDATA/postgresql.conf"
cluster_restart
tap_sql "restarted with shared_preload_libraries = 'uuidx,timescaledb'" \
  "SELECT current_setting('shared_preload_libraries') = 'uuidx,timescaledb', current_setting('shared_preload_libraries')"
figures jan "$total_jan" "uuidx loaded first: one day of 31" \
  "uuid_extract_time(id) >= '2025-01-10 00:00+00' AND uuid_extract_time(id) < '2025-01-11 00:00+00'" \
  "uuid_timestamp(id) >= '2025-01-10 00:00+00' AND uuid_timestamp(id) < '2025-01-11 00:00+00'"

[ -z "${UUIDX_KEEP_CLUSTER:-}" ] && rm -rf "$work"
tap_done
