#!/usr/bin/env bash
# server:
# The TypeID spec's own vectors (jetify-com/typeid spec/valid.yml and spec/invalid.yml, version
# 0.3.0, pinned in test/vectors/typeid with their source) in both editions, the C build (schema c)
# and the SQL edition (schema s, from its psql script): every valid vector round-trips
# (uuid_to_typeid(prefix, uuid) is its text, uuid_from_typeid(text, prefix) its uuid,
# typeid_prefix(text) its prefix), every invalid one is refused with 22P02 by uuid_from_typeid and
# typeid_prefix, and both editions give the same message and detail. Controls: a lenient reader
# (uuid_decode of the last 26 characters) takes some invalid vectors; a wrong uuid fails the
# round trip. Each edition's uuid_from_typeid in WHERE id = ... takes the key's index (control: a
# condition on uuid_to_typeid of the column does not).
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh
work=$(mktemp -d /tmp/uuidx-typeid.XXXXXX)
trap 'rm -rf "$work"' EXIT
sql() { cluster_psql "$@"; }
checks() {
  local name ok figures out
  out=$(sql -At -R $'\x1e' -F $'\x1f' -c "$1" 2>&1) || { tap_check "the checks' query runs" f "$out"; return; }
  while IFS=$'\x1f' read -r -d $'\x1e' name ok figures; do tap_check "$name" "$ok" "$figures"; done <<<"$out"$'\x1e'
}

vectors=test/vectors/typeid
out=$(python3 test/lib/typeid_vectors.py "$vectors" 2>&1 >"$work/vectors.sql")
rc=$?
n_valid=$(grep -c '^- name:' "$vectors/valid.yml")
n_invalid=$(grep -c '^- name:' "$vectors/invalid.yml")
tap_need "the pinned spec files are read by test/lib/typeid_vectors.py" "$([ $rc = 0 ] && echo t)" \
  "$n_valid valid and $n_invalid invalid entries in the files${out:+; $out}"

# The SQL edition from this major's build (make wrote its install script there).
build=${UUIDX_BUILD_DIR:-.}
out=$(bash "$build/src/sql_edition/build.sh" "$build/uuidx--$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx.control).sql" psql 2>&1 >"$work/uuidx-sql.sql")
rc=$?
tap_need "the SQL edition's psql script builds" "$([ $rc = 0 ] && [ -s "$work/uuidx-sql.sql" ] && echo t)" "exit code $rc${out:+; $out}"
chmod -R a+rX "$work"
# A database of its own: the extension in schema c, the edition in s, the vectors in v.
sql -c "DROP DATABASE IF EXISTS uuidx_typeid_vectors" -c "CREATE DATABASE uuidx_typeid_vectors" >/dev/null 2>&1
export PGDATABASE=uuidx_typeid_vectors
out=$(sql -c "CREATE SCHEMA c; CREATE EXTENSION uuidx SCHEMA c; CREATE SCHEMA s; CREATE SCHEMA v;" 2>&1 &&
      sql -v schema=s -f "$work/uuidx-sql.sql" 2>&1 >/dev/null && sql -c "SET search_path = v" -f "$work/vectors.sql" 2>&1)
rc=$?
tap_need "both editions installed, the vectors loaded" "$([ $rc = 0 ] && echo t)" "$out"
sql <<'SQL'
-- The statement's result as text, or 'ERROR sqlstate message | detail'.
CREATE FUNCTION v.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r text;
  d text;
BEGIN
  EXECUTE q INTO r;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
  RETURN pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM, ' | ', d);
END $$;
CREATE TABLE v.valid_runs AS
  SELECT e, x.n, x.name, x.typeid, x.prefix, x.uuid,
         v.try(format('SELECT %I.uuid_to_typeid(%L, %L::uuid)', e, x.prefix, x.uuid)) AS to_typeid,
         v.try(format('SELECT %I.uuid_from_typeid(%L, %L)', e, x.typeid, x.prefix)) AS from_typeid,
         v.try(format('SELECT %I.typeid_prefix(%L)', e, x.typeid)) AS prefix_read,
         v.try(format('SELECT %I.uuid_to_typeid(%L, %L::uuid)', e, x.prefix, 'ffffffff-ffff-ffff-ffff-fffffffffffe')) AS wrong_uuid
  FROM v.typeid_valid x, (VALUES ('c'), ('s')) AS ed(e);
-- Every invalid vector read as a typeid of prefix 'prefix' (a valid prefix: a refusal is the text's).
CREATE TABLE v.invalid_runs AS
  SELECT e, x.n, x.name, x.typeid,
         v.try(format('SELECT %I.uuid_from_typeid(%L, %L)', e, x.typeid, 'prefix')) AS from_typeid,
         v.try(format('SELECT %I.typeid_prefix(%L)', e, x.typeid)) AS prefix_read,
         v.try(format('SELECT c.uuid_decode(right(%L, 26), %L)', x.typeid, 'base32')) AS lenient
  FROM v.typeid_invalid x, (VALUES ('c'), ('s')) AS ed(e);
-- Lookups by key in each edition: the IMMUTABLE call folds to a constant the index takes;
-- control: a condition on the typeid of the column cannot.
CREATE TABLE v.keys (id uuid PRIMARY KEY);
INSERT INTO v.keys SELECT c.uuid_generate_v7() FROM generate_series(1, 5000);
INSERT INTO v.keys VALUES ('01890a5d-ac96-774b-bcce-b302099a8057');
ANALYZE v.keys;
CREATE FUNCTION v.plan(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE l text; p text := '';
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP p := p || l || ' '; END LOOP;
  RETURN p;
END $$;
CREATE TABLE v.plans AS
  SELECT e, v.plan(format('SELECT id FROM v.keys WHERE id = %I.uuid_from_typeid(%L, %L)', e, 'user_01h455vb4pex5vsknk084sn02q', 'user')) AS by_key,
         v.plan(format('SELECT id FROM v.keys WHERE %I.uuid_to_typeid(%L, id) = %L', e, 'user', 'user_01h455vb4pex5vsknk084sn02q')) AS by_text
  FROM (VALUES ('c'), ('s')) AS ed(e);
SQL
# (in the order of their names: two runs list them alike)
checks "
SELECT * FROM (
SELECT 'the tables hold every entry of the pinned files', count(*) FILTER (WHERE k = 'valid') = $n_valid AND count(*) FILTER (WHERE k = 'invalid') = $n_invalid
       AND $n_valid > 0 AND $n_invalid > 0,
       format('%s valid, %s invalid vectors (the files: $n_valid and $n_invalid)', count(*) FILTER (WHERE k = 'valid'), count(*) FILTER (WHERE k = 'invalid'))
FROM (SELECT 'valid' AS k FROM v.typeid_valid UNION ALL SELECT 'invalid' FROM v.typeid_invalid) a
UNION ALL
SELECT CASE e WHEN 'c' THEN 'C build' ELSE 'SQL edition' END || ': every valid vector round-trips (prefix and uuid to the typeid, and back to both)',
       count(*) FILTER (WHERE NOT ok) = 0 AND count(*) = $n_valid,
       format('%s passed, %s failed', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok))
       || coalesce(E'\n' || string_agg(format('%s: %s, %s, %s', name, to_typeid, from_typeid, prefix_read), E'\n') FILTER (WHERE NOT ok), '')
FROM (SELECT *, to_typeid IS NOT DISTINCT FROM typeid AND from_typeid IS NOT DISTINCT FROM uuid::text
                AND prefix_read IS NOT DISTINCT FROM prefix AS ok FROM v.valid_runs) r GROUP BY e
UNION ALL
SELECT CASE e WHEN 'c' THEN 'C build' ELSE 'SQL edition' END || ': every invalid vector is refused with 22P02 by uuid_from_typeid and typeid_prefix',
       count(*) FILTER (WHERE NOT ok) = 0 AND count(*) = $n_invalid,
       format('%s passed, %s failed', count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok))
       || coalesce(E'\n' || string_agg(format('%s: %s; %s', name, from_typeid, prefix_read), E'\n') FILTER (WHERE NOT ok), '')
FROM (SELECT *, coalesce(from_typeid LIKE 'ERROR 22P02 invalid typeid: %' AND prefix_read LIKE 'ERROR 22P02 invalid typeid: %', false) AS ok
      FROM v.invalid_runs) r GROUP BY e
UNION ALL
SELECT 'the C build and the SQL edition refuse each invalid vector with the same message and detail',
       count(*) FILTER (WHERE c.from_typeid IS DISTINCT FROM s.from_typeid OR c.prefix_read IS DISTINCT FROM s.prefix_read) = 0 AND count(*) = $n_invalid,
       format('%s vectors, %s differ', count(*), count(*) FILTER (WHERE c.from_typeid IS DISTINCT FROM s.from_typeid OR c.prefix_read IS DISTINCT FROM s.prefix_read))
       || coalesce(E'\n' || string_agg(format('%s: C %s; SQL %s', c.name, c.from_typeid, s.from_typeid), E'\n')
                   FILTER (WHERE c.from_typeid IS DISTINCT FROM s.from_typeid OR c.prefix_read IS DISTINCT FROM s.prefix_read), '')
FROM v.invalid_runs c JOIN v.invalid_runs s USING (n) WHERE c.e = 'c' AND s.e = 's'
UNION ALL
SELECT 'control: a lenient reader (uuid_decode of the last 26 characters, base32) takes some invalid vectors',
       count(*) FILTER (WHERE lenient NOT LIKE 'ERROR %') > 0,
       format('%s of %s taken: %s', count(*) FILTER (WHERE lenient NOT LIKE 'ERROR %'), count(*),
              string_agg(name, ', ') FILTER (WHERE lenient NOT LIKE 'ERROR %'))
FROM v.invalid_runs WHERE e = 'c'
UNION ALL
SELECT 'control: the round-trip check fails for a wrong uuid', count(*) FILTER (WHERE wrong_uuid IS DISTINCT FROM typeid) = count(*) AND count(*) > 0,
       format('%s of %s differ', count(*) FILTER (WHERE wrong_uuid IS DISTINCT FROM typeid), count(*))
FROM v.valid_runs
UNION ALL
SELECT CASE e WHEN 'c' THEN 'C build' ELSE 'SQL edition' END || ': WHERE id = uuid_from_typeid(...) uses the key''s index',
       by_key ~ 'Index (Only )?Scan using keys_pkey', by_key FROM v.plans
UNION ALL
SELECT CASE e WHEN 'c' THEN 'C build' ELSE 'SQL edition' END || ': control: WHERE uuid_to_typeid(prefix, id) = ... scans the table',
       by_text ~ 'Seq Scan', by_text FROM v.plans) AS c(name, ok, figures) ORDER BY name COLLATE \"C\""
tap_note "$(sql -At -F ' | ' -c "SELECT 'invalid vector | C build''s error' UNION ALL (SELECT name || ' | ' || from_typeid FROM v.invalid_runs WHERE e = 'c' ORDER BY n)")"
PGDATABASE=postgres sql -c "DROP DATABASE uuidx_typeid_vectors" >/dev/null 2>&1
tap_done
