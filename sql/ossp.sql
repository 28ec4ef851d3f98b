-- Coexistence with and migration from contrib uuid-ossp: uuidx installs beside it in its own
-- schema, gives bit-identical name-based values, and takes over column defaults so uuid-ossp can
-- be dropped without losing one (the path README.md documents).
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS regression_uuidx_ossp;
RESET client_min_messages;
CREATE DATABASE regression_uuidx_ossp;
\c regression_uuidx_ossp
SET timezone = 'UTC';

\i sql/include/err.psql

-- A database that uses uuid-ossp, as many do: extension in public, defaults calling it.
CREATE EXTENSION "uuid-ossp";
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
  trace uuid DEFAULT uuid_generate_v1mc(),
  tag uuid DEFAULT uuid_generate_v5(uuid_ns_url(), 'https://example.com/orders'),
  note text
);
INSERT INTO orders (note) VALUES ('before');

-- uuidx beside it, in its own schema: same function names, no clash.
CREATE SCHEMA uuidx;
CREATE EXTENSION uuidx SCHEMA uuidx;
SELECT e.extname, n.nspname AS schema, count(*) AS functions,
       count(*) FILTER (WHERE p.proname IN ('uuid_generate_v1', 'uuid_generate_v1mc', 'uuid_generate_v3',
                                            'uuid_generate_v4', 'uuid_generate_v5', 'uuid_nil', 'uuid_ns_dns',
                                            'uuid_ns_url', 'uuid_ns_oid', 'uuid_ns_x500')) AS uuid_ossp_names
FROM pg_extension e
JOIN pg_depend d ON d.refobjid = e.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
JOIN pg_proc p ON p.oid = d.objid
JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE e.extname IN ('uuid-ossp', 'uuidx')
GROUP BY 1, 2 ORDER BY 1;
-- Every uuid-ossp function has a uuidx twin with the same name and argument types.
SELECT count(*) AS uuid_ossp_functions,
       count(*) FILTER (WHERE to_regprocedure('uuidx.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')') IS NOT NULL) AS twin_in_uuidx
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid-ossp');

-- Constants identical.
SELECT uuidx.uuid_ns_dns() = public.uuid_ns_dns() AS dns, uuidx.uuid_ns_url() = public.uuid_ns_url() AS url,
       uuidx.uuid_ns_oid() = public.uuid_ns_oid() AS oid, uuidx.uuid_ns_x500() = public.uuid_ns_x500() AS x500,
       uuidx.uuid_nil() = public.uuid_nil() AS nil;

-- v3 and v5 bit-identical to uuid-ossp over 5000 random names (empty, ASCII, Latin-1, CJK,
-- emoji; up to 63 characters) in the four standard and in random namespaces.
SELECT setseed(0.3);
CREATE TEMP TABLE names AS
SELECT i, CASE i % 6 WHEN 0 THEN public.uuid_ns_dns() WHEN 1 THEN public.uuid_ns_url() WHEN 2 THEN public.uuid_ns_oid()
                     WHEN 3 THEN public.uuid_ns_x500() ELSE public.uuid_generate_v4() END AS ns,
       coalesce((SELECT string_agg(chr(CASE WHEN r < 0.55 THEN 32 + floor(r2 * 95)::int
                                            WHEN r < 0.75 THEN 160 + floor(r2 * 96)::int
                                            WHEN r < 0.92 THEN 19968 + floor(r2 * 20000)::int
                                            ELSE 128512 + floor(r2 * 80)::int END), '')
                 FROM (SELECT random() AS r, random() AS r2 FROM generate_series(1, i % 64)) AS c), '') AS name
FROM generate_series(0, 4999) AS i;
SELECT count(*) AS names,
       count(*) FILTER (WHERE name = '') AS empty_names,
       count(*) FILTER (WHERE octet_length(name) > length(name)) > 2500 AS mostly_non_ascii,
       count(DISTINCT name) > 4900 AS distinct_names,
       count(*) FILTER (WHERE uuidx.uuid_generate_v3(ns, name) = public.uuid_generate_v3(ns, name)) AS v3_identical,
       count(*) FILTER (WHERE uuidx.uuid_generate_v5(ns, name) = public.uuid_generate_v5(ns, name)) AS v5_identical,
       count(*) FILTER (WHERE uuidx.uuid_generate_v3(ns, convert_to(name, 'UTF8')) = public.uuid_generate_v3(ns, name)) AS v3_bytea_identical,
       count(*) FILTER (WHERE uuidx.uuid_generate_v5(ns, convert_to(name, 'UTF8')) = public.uuid_generate_v5(ns, name)) AS v5_bytea_identical
FROM names;

-- While defaults use uuid-ossp, dropping it is refused (nothing is lost silently).
SELECT pg_temp.err('DROP EXTENSION "uuid-ossp"') AS drop_while_in_use;

-- The migration of README.md: point every column default that calls a uuid-ossp function at the
-- uuidx function of the same name and arguments.
DO $migrate$
DECLARE
  ossp text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid-ossp');
  r record;
BEGIN
  -- With only pg_catalog on the path, pg_get_expr writes every uuid-ossp call schema-qualified.
  PERFORM set_config('search_path', 'pg_catalog', true);
  FOR r IN
    SELECT DISTINCT def.adrelid::regclass AS tbl, a.attname, pg_get_expr(def.adbin, def.adrelid) AS expr
    FROM pg_attrdef def
    JOIN pg_attribute a ON a.attrelid = def.adrelid AND a.attnum = def.adnum
    JOIN pg_depend uses ON uses.classid = 'pg_attrdef'::regclass AND uses.objid = def.oid
                       AND uses.refclassid = 'pg_proc'::regclass
    JOIN pg_depend member ON member.classid = 'pg_proc'::regclass AND member.objid = uses.refobjid
                         AND member.refclassid = 'pg_extension'::regclass AND member.deptype = 'e'
    WHERE member.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid-ossp')
  LOOP
    EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', r.tbl, r.attname,
                   regexp_replace(r.expr,
                                  regexp_replace(ossp, '([^a-zA-Z0-9_])', '\\\1', 'g')
                                    || '\.(uuid_generate_v1mc|uuid_generate_v[1345]|uuid_nil|uuid_ns_dns|uuid_ns_url|uuid_ns_oid|uuid_ns_x500)\(',
                                  'uuidx.\1(', 'g'));
  END LOOP;
END
$migrate$;
SELECT a.attname, pg_get_expr(def.adbin, def.adrelid) AS new_default
FROM pg_attrdef def JOIN pg_attribute a ON a.attrelid = def.adrelid AND a.attnum = def.adnum
WHERE def.adrelid = 'orders'::regclass ORDER BY a.attnum;

-- Now uuid-ossp goes without CASCADE, and the defaults keep working.
DROP EXTENSION "uuid-ossp";
INSERT INTO orders (note) VALUES ('after');
SELECT note, uuidx.uuid_extract_version(id) AS id_version, uuidx.uuid_extract_version(trace) AS trace_version,
       tag = uuidx.uuid_generate_v5(uuidx.uuid_ns_url(), 'https://example.com/orders') AS tag_same_v5
FROM orders ORDER BY note DESC;

-- Optionally let unqualified calls find uuidx: it stays in its schema (not relocatable: its
-- scripts name that schema), which goes on the database's search path. Defaults refer to
-- functions, not names, and are unaffected.
SELECT pg_temp.err('ALTER EXTENSION uuidx SET SCHEMA public') AS set_schema_refused;
ALTER DATABASE regression_uuidx_ossp SET search_path = "$user", public, uuidx;
\c regression_uuidx_ossp
SET timezone = 'UTC';
SELECT uuid_extract_version(uuid_generate_v7()) AS unqualified_call_finds_uuidx;
INSERT INTO orders (note) VALUES ('moved');
SELECT a.attname, pg_get_expr(def.adbin, def.adrelid) AS default_after_move
FROM pg_attrdef def JOIN pg_attribute a ON a.attrelid = def.adrelid AND a.attnum = def.adnum
WHERE def.adrelid = 'orders'::regclass ORDER BY a.attnum;
SELECT count(*) AS rows, count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE uuid_extract_version(id) = 4) AS v4_ids
FROM orders;

\c :regress_db
DROP DATABASE regression_uuidx_ossp;
