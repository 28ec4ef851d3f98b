#!/usr/bin/env bash
# server: session_preload_libraries = 'uuidx'
# pg_partman 5 over a v7 key, through its time encoder/decoder mode: uuid_v7_time_encoder
# (timestamptz -> the first v7 of its ms) and uuid_v7_time_decoder (a v7 as text -> its ms).
# Debian's postgresql-N-partman 5.5 or later where apt has it (sid: 18); elsewhere its upstream
# tarball (UUIDX_PARTMAN_TARBALL, default pg_partman-5.5.0.tar.gz of UUIDX_VENDOR_DIR; setting it
# forces this), built with PGXS, cached per major; without it a failure under CI, else a skip. The
# pruning by uuid_extract_time(id) is the planner hook's, preloaded by session_preload_libraries.
# Also a set on created_at whose CHECK ties it to a v7 key, looked up by key (uuidx.column_bounds).
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh

pg_config=${PG_CONFIG:-pg_config}
major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
# Debian's own package where apt has one with the time-encoder mode of 5.5 (sid: 18), as its
# users install it; else the vendored upstream tarball, built here.
package=postgresql-$major-partman
candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p')
if [ -z "${UUIDX_PARTMAN_TARBALL:-}" ] && [ -n "$candidate" ] && [ "$candidate" != "(none)" ] &&
  dpkg --compare-versions "$candidate" ge 5.5; then
  # (apt's own lock wait: the lab may be installing into this system too)
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$package" >/dev/null
  tap_need "pg_partman from Debian's package postgresql-N-partman" \
    "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' && echo t)" "$candidate"
else
tarball=${UUIDX_PARTMAN_TARBALL:-${UUIDX_VENDOR_DIR:-}/pg_partman-5.5.0.tar.gz}
if [ ! -f "$tarball" ]; then
  [ -n "${CI:-}" ] && tap_bail "the pg_partman tarball is vendored" "$tarball"
  tap_skip_all "pg_partman: no source tarball at $tarball (set UUIDX_PARTMAN_TARBALL to run this suite)"
fi
cache=${UUIDX_CACHE_DIR:-${UUIDX_PG_CACHE:-/var/cache/uuidx}}/pg_partman-$(sha256sum "$tarball" | cut -c1-12)-pg$major-$(echo "$pg_config" | md5sum | cut -c1-8)
log=$(mktemp /tmp/uuidx-partman-build.XXXXXX)
if [ ! -f "$cache/.built" ]; then
  rm -rf "$cache" && mkdir -p "$cache" && tar xzf "$tarball" -C "$cache" --strip-components=1 &&
    make -C "$cache" PG_CONFIG="$pg_config" >"$log" 2>&1 && touch "$cache/.built"
fi
if [ -f "$cache/.built" ] && make -C "$cache" PG_CONFIG="$pg_config" install >>"$log" 2>&1; then
  tap_note "pg_partman built and installed (PGXS): $(grep -m1 default_version "$cache/pg_partman.control"), $cache"
else
  tap_bail "pg_partman built and installed (PGXS)" "$(tail -c 600 "$log")"
fi
rm -f "$log"
fi

# The planner hook is there from each session's first statement on.
cluster_psql -c "CREATE DATABASE pm"
export PGDATABASE=pm
# pg_partman recognises a control column by its type name (uuid, not a domain over it): the key
# is a uuid proven v7 by a CHECK constraint, which the planner hook accepts as well.
out=$(cluster_psql -At 2>&1 <<'SQL'
SET client_min_messages = warning;
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
CREATE EXTENSION uuidx;
CREATE TABLE public.events (
  id uuid NOT NULL DEFAULT uuid_generate_v7() CHECK (uuid_extract_version(id) = 7),
  payload text
) PARTITION BY RANGE (id);
SELECT partman.create_parent(p_parent_table := 'public.events', p_control := 'id', p_interval := '1 day',
                             p_premake := 2, p_time_encoder := 'public.uuid_v7_time_encoder',
                             p_time_decoder := 'public.uuid_v7_time_decoder');
SQL
)
tap_check "create_parent(..., p_time_encoder, p_time_decoder) on a v7 key" "$([ "$(tail -n1 <<<"$out")" = t ] && echo t)" \
  "$(tr '\n' ' ' <<<"$out" | cut -c1-300)"

# Every child but the default: bounds are uuid_v7_floor of a UTC day and of the next, exactly.
tap_sql "child bounds are uuid_v7_floor of each day, to the ms" "
  WITH kids AS (
    SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound,
           public.uuid_v7_time_decoder(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \(''([^'']+)''\)')) AS day
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'public.events'::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT')
  SELECT count(*) >= 5 AND bool_and(bound = format('FOR VALUES FROM (%L) TO (%L)', uuid_v7_floor(day), uuid_v7_floor(day + interval '1 day'))
                                    AND day = date_trunc('day', day)),
         format('%s daily children, e.g. %s %s', count(*), min(relname), min(bound))
  FROM kids"

tap_sql "rows land in the partition of their time, none in the default" "
  WITH ins AS (
    INSERT INTO events (id, payload)
    SELECT uuid_generate_v7(now() + d * interval '1 day'), d::text FROM generate_series(-2, 2) d, generate_series(1, 100)
    RETURNING tableoid::regclass AS part, id)
  SELECT count(*) = 500 AND count(DISTINCT part) = 5 AND bool_and(part::text NOT LIKE '%default%'),
         format('%s rows in %s partitions', count(*), count(DISTINCT part))
  FROM ins"
cluster_psql -c "INSERT INTO events (payload) SELECT 'now' FROM generate_series(1, 1000)" -c "ANALYZE events"

tap_sql "partman reads the partition times through the decoder" "
  SELECT bool_and(s.child_start_time = date_trunc('day', s.child_start_time) AND s.child_end_time = s.child_start_time + interval '1 day'),
         format('%s partitions, first %s .. %s', count(*), min(s.child_start_time), min(s.child_end_time))
  FROM partman.show_partitions('public.events') p,
       LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename) s"

before=$(cluster_psql -At -c "SELECT count(*) FROM partman.show_partitions('public.events')")
out=$(cluster_psql -At -c "UPDATE partman.part_config SET premake = 4 WHERE parent_table = 'public.events'" \
  -c "CALL partman.run_maintenance_proc()" -c "SELECT count(*) FROM partman.show_partitions('public.events')" 2>&1)
after=$(tail -n1 <<<"$out")
tap_check "run_maintenance() adds the partitions a larger premake asks for" "$([ "$after" -ge $((before + 2)) ] 2>/dev/null && echo t)" \
  "$before partitions before, $after after premake 2 -> 4$(grep -i error <<<"$out" | head -c 300)"

# The last hour: today's partition (and yesterday's in the first hour of a day) and the default.
plan=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE uuid_extract_time(id) BETWEEN now() - interval '1 hour' AND now()" 2>&1)
scanned=$(grep -c "Scan on events_" <<<"$plan")
# (A bound from now() moved by hours prunes when planning: nothing is left to remove at executor start.)
tap_check "uuid_extract_time(id) BETWEEN now() - 1 hour AND now() prunes when planning" \
  "$([ "$scanned" -le 3 ] && ! grep -q "Subplans Removed" <<<"$plan" && echo t)" \
  "$scanned partitions in the plan$(grep -o ', Subplans Removed: [0-9]*' <<<"$plan")"
q="SELECT count(*) FROM events WHERE uuid_extract_time(id) BETWEEN now() - interval '1 hour' AND now()"
on=$(cluster_psql -At -c "$q")
off=$(cluster_psql -At -c "SET uuidx.time_predicates = off" -c "$q")
tap_check "same rows with the rewrite off" "$([ -n "$on" ] && [ "$on" = "$off" ] && echo t)" \
  "$on rows in the last hour, $off with uuidx.time_predicates off"

# A set on created_at (pg_partman's native time mode), keyed by a v7 id that a CHECK ties to it
# (docs/time.md, "A key that finds its partition by another column"): a lookup by id reads the one
# partition of its time with uuidx.column_bounds on, every partition off.
out=$(cluster_psql -At 2>&1 <<'SQL'
SET client_min_messages = warning;
CREATE TABLE public.orders (
  id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  n int,
  CONSTRAINT orders_id_time CHECK (created_at BETWEEN uuid_extract_time(id) - interval '1 minute'
                                                  AND uuid_extract_time(id) + interval '1 second')
) PARTITION BY RANGE (created_at);
SELECT partman.create_parent(p_parent_table := 'public.orders', p_control := 'created_at', p_interval := '1 day',
                             p_premake := 2, p_start_partition := '2025-01-01');
INSERT INTO orders SELECT uuid_generate_v7(t), t, i
  FROM (SELECT i, timestamptz '2025-01-01 00:00+00' + i * interval '1 hour' AS t FROM generate_series(0, 30 * 24 - 1) i) s;
ANALYZE orders;
SELECT count(*) FROM partman.show_partitions('public.orders');
SQL
)
parts=$(tail -n1 <<<"$out")
key=$(cluster_psql -At -c "SELECT id FROM orders WHERE n = 300")
q="SELECT n FROM orders WHERE id = '$key'"
on=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) $q" 2>&1 | grep -c 'Scan on orders_')
off=$(cluster_psql -At -c "SET uuidx.column_bounds = off" -c "EXPLAIN (COSTS OFF) $q" 2>&1 | grep -c 'Scan on orders_')
r_on=$(cluster_psql -At -c "$q"); r_off=$(cluster_psql -At -c "SET uuidx.column_bounds = off" -c "$q")
tap_check "a set on created_at tied to the key: a lookup by id reads one partition, every one without the bounds, the same row" \
  "$([ "$on" = 1 ] && [ "$off" -gt 30 ] && [ "$r_on" = 300 ] && [ "$r_off" = 300 ] && echo t)" \
  "partitions scanned on / off: $on / $off of $parts and the default; rows $r_on / $r_off$(grep -i error <<<"$out" | head -c 300)"

tap_done
