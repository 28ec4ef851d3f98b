#!/usr/bin/env bash
# Dump and restore. A database with uuidx installed in its own schema, tables
# whose columns default to uuidx generators, a stored generated column computed by
# uuid_generate_v5 and data, is dumped with pg_dump (custom format, and plain SQL) and restored
# into fresh databases (pg_restore, psql). Checks: the restore reports no error, the data is
# identical row for row (generated columns recomputed on restore included), and the defaults
# and the generated column still work in the restored database.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

rows=${UUIDX_DUMP_ROWS:-10000}

cluster_start || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
work=$(mktemp -d /tmp/uuidx-dump.XXXXXX)

cluster_psql -c "CREATE DATABASE src"
# The extension lives in schema ext, not on the dump's empty search_path: every reference to it
# in a default or a generated column must survive with its schema.
PGDATABASE=src cluster_psql <<SQL
CREATE SCHEMA ext;
CREATE EXTENSION uuidx SCHEMA ext;
ALTER DATABASE src SET search_path = public, ext;
CREATE TABLE items (
  id      uuid PRIMARY KEY DEFAULT ext.uuid_generate_v7(),
  v1      uuid NOT NULL DEFAULT ext.uuid_generate_v1(),
  v4      uuid NOT NULL DEFAULT ext.uuid_generate_v4(),
  v6      uuid NOT NULL DEFAULT ext.uuid_generate_v6(),
  url     text NOT NULL,
  url_id  uuid GENERATED ALWAYS AS (ext.uuid_generate_v5(ext.uuid_ns_url(), url)) STORED,
  created timestamptz GENERATED ALWAYS AS (ext.uuid_extract_time(id)) STORED
);
CREATE UNIQUE INDEX items_url_id ON items (url_id);
CREATE TABLE blobs (
  id   uuid PRIMARY KEY DEFAULT ext.uuid_generate_v7(),
  name bytea NOT NULL,
  v5   uuid GENERATED ALWAYS AS (ext.uuid_generate_v5(ext.uuid_ns_oid(), name)) STORED
);
INSERT INTO items (url) SELECT 'https://example.com/item/' || i FROM generate_series(1, $rows) i;
INSERT INTO blobs (name) SELECT decode(md5(i::text), 'hex') FROM generate_series(1, $rows) i;
SQL

# Everything a row holds, in key order, as one digest per table.
digest_sql="SELECT (SELECT count(*) || ' ' || md5(string_agg(t::text, ',' ORDER BY id)) FROM items t) || ' / ' ||
                   (SELECT count(*) || ' ' || md5(string_agg(b::text, ',' ORDER BY id)) FROM blobs b)"
src_digest=$(PGDATABASE=src cluster_psql -At -c "$digest_sql")

"$PGBIN/pg_dump" -Fc -d src -f "$work/src.dump" 2>"$work/pg_dump.err"
check_true "pg_dump (custom format)" "$([ $? = 0 ] && [ ! -s "$work/pg_dump.err" ] && echo t)" \
  "$(stat -c %s "$work/src.dump" 2>/dev/null || echo 0) bytes$( [ -s "$work/pg_dump.err" ] && echo "; $(head -c 300 "$work/pg_dump.err")")"
"$PGBIN/pg_dump" -Fp -d src -f "$work/src.sql" 2>>"$work/pg_dump.err"
# The extension is dumped as CREATE EXTENSION, never as its member functions.
members=$(grep -c '^CREATE FUNCTION' "$work/src.sql")
check_true "plain dump holds CREATE EXTENSION, not the functions" \
  "$(grep -q '^CREATE EXTENSION IF NOT EXISTS uuidx WITH SCHEMA ext;' "$work/src.sql" && [ "$members" = 0 ] && echo t)" \
  "CREATE EXTENSION lines: $(grep -c '^CREATE EXTENSION' "$work/src.sql"), CREATE FUNCTION lines: $members"

cluster_psql -c "CREATE DATABASE dst_restore" -c "CREATE DATABASE dst_plain"
"$PGBIN/pg_restore" --exit-on-error -d dst_restore "$work/src.dump" >"$work/pg_restore.log" 2>&1
rc=$?
check_true "pg_restore into a fresh database" "$([ $rc = 0 ] && [ ! -s "$work/pg_restore.log" ] && echo t)" \
  "exit code $rc$( [ -s "$work/pg_restore.log" ] && echo "; $(head -c 500 "$work/pg_restore.log")")"
PGDATABASE=dst_plain cluster_psql -f "$work/src.sql" >"$work/psql_restore.log" 2>&1
rc=$?
check_true "plain SQL dump replayed with psql into a fresh database" "$([ $rc = 0 ] && echo t)" \
  "exit code $rc$( [ $rc != 0 ] && echo "; $(head -c 500 "$work/psql_restore.log")")"

for db in dst_restore dst_plain; do
  digest=$(PGDATABASE=$db cluster_psql -At -c "$digest_sql" 2>&1)
  check_true "$db: data identical" "$([ "$digest" = "$src_digest" ] && echo t)" \
    "source: $src_digest; restored: $digest (rows md5 over every column, generated ones recomputed)"
  PGDATABASE=$db check_sql "$db: generated columns recompute" "
    SELECT bad = 0, format('%s rows, url_id <> uuid_generate_v5(uuid_ns_url(), url) or created wrong: %s', n, bad)
    FROM (SELECT count(*) n, count(*) FILTER (WHERE url_id IS DISTINCT FROM ext.uuid_generate_v5(ext.uuid_ns_url(), url)
                                              OR created IS DISTINCT FROM ext.uuid_extract_time(id)
                                              OR ext.uuid_extract_version(url_id) <> 5) bad
          FROM items) s"
  # One restored generated value against an independent implementation (Python's uuid5).
  if command -v python3 >/dev/null; then
    want=$(python3 -c 'import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, "https://example.com/item/1"))')
    got=$(PGDATABASE=$db cluster_psql -At -c "SELECT url_id FROM items WHERE url = 'https://example.com/item/1'")
    check_true "$db: generated v5 matches Python uuid.uuid5" "$([ "$got" = "$want" ] && echo t)" \
      "url_id of https://example.com/item/1 = $got, Python: $want"
  fi
  # New rows after the restore: every default fills in a value of the right version, the new
  # v7 keys sort after every restored one, the generated column is computed.
  out=$(PGDATABASE=$db cluster_psql -At -F '|' -c "
    WITH before AS (SELECT id m FROM items ORDER BY id DESC LIMIT 1),  -- no max(uuid) before PG 16
         ins AS (INSERT INTO items (url) SELECT 'https://example.com/new/' || i FROM generate_series(1, 1000) i
                 RETURNING id, v1, v4, v6, url, url_id, created)
    SELECT count(*) = 1000
           AND bool_and(ext.uuid_extract_version(id) = 7 AND ext.uuid_extract_version(v1) = 1
                        AND ext.uuid_extract_version(v4) = 4 AND ext.uuid_extract_version(v6) = 6)
           AND bool_and(id > (SELECT m FROM before))
           AND bool_and(url_id = ext.uuid_generate_v5(ext.uuid_ns_url(), url))
           AND bool_and(abs(extract(epoch FROM created - now())) < 60),
           format('%s rows inserted with defaults; versions v7/v1/v4/v6 right, new keys above the %s restored ones, url_id = v5 of the url', count(*), (SELECT count(*) FROM items))
    FROM ins" 2>&1)
  check_true "$db: defaults still work" "${out%%|*}" "${out#*|}"
done

rm -rf "$work"
suite_end
