#!/usr/bin/env bash
# major: 18 19
# server:
# The move from PostgreSQL 18's uuidv7() of docs/migrating.md: its two SQL blocks (the switch and
# the rollback) run as written on a server with pg_catalog.uuidv7() (elsewhere they do nothing,
# which 25_readme_sql runs on every major). Besides the block's own table (public.orders): a column
# holding a v4 among its v7 (default switched, type left uuid), a quoted schema, table and column
# ("App"."Events"."Id"), a default that wraps uuidv7() and one of uuidv4() (both left alone).
# Defaults and types are read with pg_get_expr, format_type and the function OIDs in adbin.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh

tap_need "the server has pg_catalog.uuidv7()" "$([ -n "$(cluster_psql -At -c "SELECT to_regprocedure('pg_catalog.uuidv7()')")" ] && echo t)"

blocks=$(mktemp -d /tmp/uuidx-from18.XXXXXX)
trap 'rm -rf "$blocks"' EXIT
python3 - docs/migrating.md "$blocks" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```sql\n(.*?)```", text, re.S)
for name, tag in (("switch", "$switch$"), ("rollback", "$rollback$")):
    found = [b for b in blocks if tag in b]
    open(f"{sys.argv[2]}/{name}.sql", "w").write(found[0] if len(found) == 1 else "")
PY
chmod -R a+rX "$blocks"
tap_need "docs/migrating.md has one switch block and one rollback block" \
  "$([ -s "$blocks/switch.sql" ] && [ -s "$blocks/rollback.sql" ] && echo t)" "$(cat "$blocks"/*.sql | wc -l) lines"

cluster_psql -q <<'SQL'
CREATE EXTENSION uuidx;
CREATE TABLE mixed (id uuid PRIMARY KEY DEFAULT uuidv7(), n int);
INSERT INTO mixed (n) SELECT g FROM generate_series(1, 100) AS g;
INSERT INTO mixed VALUES (gen_random_uuid(), 0);
CREATE SCHEMA "App";
CREATE TABLE "App"."Events" ("Id" uuid PRIMARY KEY DEFAULT uuidv7(), n int);
INSERT INTO "App"."Events" (n) SELECT g FROM generate_series(1, 100) AS g;
CREATE TABLE wrapped (t text DEFAULT uuidv7()::text, v4 uuid DEFAULT uuidv4());
-- Each column's default and type; where the default calls the server's uuidv7().
CREATE FUNCTION col(tbl regclass, c name) RETURNS text LANGUAGE sql AS $$
  SELECT pg_get_expr(d.adbin, d.adrelid) || ' ' || format_type(a.atttypid, a.atttypmod)
         || CASE WHEN d.adbin::text LIKE '%{FUNCEXPR :funcid ' || 'pg_catalog.uuidv7()'::regprocedure::oid || ' %'
                 THEN ' (server)' ELSE '' END
  FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE a.attrelid = tbl AND a.attname = c $$;
SQL

out=$(cluster_psql -f "$blocks/switch.sql" 2>&1)
rc=$?
tap_check "the switch block runs" "$([ $rc = 0 ] && echo t)" "exit code $rc"
tap_check "it reports the default it leaves alone" "$(grep -q 'NOTICE:  left as it is: public.wrapped column t DEFAULT (uuidv7())::text' <<<"$out" && echo t)" \
  "$(grep NOTICE <<<"$out" | tr '\n' ' ')"
tap_sql "after the switch: each default and type" "
  SELECT col('orders', 'id') = 'uuid_generate_v7() uuid_v7'
     AND col('mixed', 'id') = 'uuid_generate_v7() uuid'
     AND col('\"App\".\"Events\"', 'Id') = 'uuid_generate_v7() uuid_v7'
     AND col('wrapped', 't') = '(uuidv7())::text text (server)'
     AND col('wrapped', 'v4') = 'uuidv4() uuid',
  concat_ws('; ', col('orders', 'id'), col('mixed', 'id'), col('\"App\".\"Events\"', 'Id'), col('wrapped', 't'), col('wrapped', 'v4'))"
tap_sql "the record: the three switched columns, the domain where every value was a v7" "
  SELECT string_agg(format('%s.%s %s', tbl, col, to_domain), ', ' ORDER BY tbl::text, col)
         = '\"App\".\"Events\".Id t, mixed.id f, orders.id t',
         string_agg(format('%s.%s %s', tbl, col, to_domain), ', ' ORDER BY tbl::text, col)
  FROM public.uuidx_v7_migration"
cluster_psql -q -c "CREATE TABLE old_max AS SELECT max(id) AS m FROM orders" \
  -c "INSERT INTO orders (total) SELECT 2000 + g FROM generate_series(1, 1000) AS g" \
  -c "INSERT INTO mixed (n) SELECT 1000 + g FROM generate_series(1, 100) AS g" \
  -c "INSERT INTO \"App\".\"Events\" (n) SELECT 1000 + g FROM generate_series(1, 100) AS g"
tap_sql "keys made after the switch: v7, above the earlier ones, increasing" "
  SELECT count(*) = 1000 AND bool_and(uuid_extract_version(id) = 7) AND bool_and(id > (SELECT m FROM old_max))
         AND bool_and(prev IS NULL OR id > prev), count(*) || ' new keys in orders'
  FROM (SELECT id, lag(id) OVER (ORDER BY total) AS prev FROM orders WHERE total > 2000) s"

out=$(cluster_psql -f "$blocks/rollback.sql" 2>&1)
rc=$?
tap_check "the rollback block runs" "$([ $rc = 0 ] && echo t)" "exit code $rc $(grep ERROR <<<"$out")"
tap_sql "after the rollback: each default back on the server's uuidv7(), each type uuid" "
  SELECT col('orders', 'id') = 'uuidv7() uuid (server)'
     AND col('mixed', 'id') = 'uuidv7() uuid (server)'
     AND col('\"App\".\"Events\"', 'Id') = 'uuidv7() uuid (server)'
     AND col('wrapped', 't') = '(uuidv7())::text text (server)'
     AND col('wrapped', 'v4') = 'uuidv4() uuid'
     AND to_regclass('public.uuidx_v7_migration') IS NULL,
  concat_ws('; ', col('orders', 'id'), col('mixed', 'id'), col('\"App\".\"Events\"', 'Id'), col('wrapped', 't'), col('wrapped', 'v4'))"
cluster_psql -q -c "INSERT INTO orders (total) SELECT 4000 + g FROM generate_series(1, 10) AS g" \
  -c "INSERT INTO \"App\".\"Events\" (n) SELECT 4000 + g FROM generate_series(1, 10) AS g"
tap_sql "inserts after the rollback: v7 keys from the server's uuidv7(), every row kept" "
  SELECT (SELECT count(*) FROM orders WHERE total > 4000 AND uuid_extract_version(id) = 7) = 10
     AND (SELECT count(*) FROM orders) = 2012 AND (SELECT count(*) FROM \"App\".\"Events\") = 210
     AND (SELECT count(*) FROM mixed) = 201,
  (SELECT count(*) FROM orders) || ' rows in orders'"
tap_done
