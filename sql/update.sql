-- Versioned updates (same output on every major): 1.0 installed, used, and brought to the default version
-- (1.4, through 1.1, 1.2 and 1.3) by ALTER EXTENSION uuidx UPDATE has exactly the objects of a fresh install (every member,
-- signature, volatility, strictness, parallel safety, symbol, owner, comment), the data and
-- defaults made under 1.0 keep working, and the descriptions 1.0 wrote on pg_catalog's functions
-- on 17 and 18 are the server's own again.
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS regression_uuidx_update_old;
DROP DATABASE IF EXISTS regression_uuidx_update_new;
RESET client_min_messages;
CREATE DATABASE regression_uuidx_update_old;
CREATE DATABASE regression_uuidx_update_new;

\c regression_uuidx_update_old
SET timezone = 'UTC';
CREATE EXTENSION uuidx VERSION '1.0';
SELECT extversion FROM pg_extension WHERE extname = 'uuidx';
-- What 1.0 wrote on pg_catalog's functions, by major: nothing on 15 (no such functions), its
-- uuid_extract_version comment on 18, and that of uuid_extract_timestamp too on 17.
SELECT current_setting('server_version_num')::int AS v \gset
SELECT count(*) FILTER (WHERE p.pronamespace = 'pg_catalog'::regnamespace
                          AND (obj_description(p.oid, 'pg_proc') LIKE '%RFC 9562 section 4.2%'
                               OR obj_description(p.oid, 'pg_proc') LIKE 'PostgreSQL 18''s uuid_extract_timestamp%'))
         = CASE WHEN :v >= 180000 THEN 1 WHEN :v >= 170000 THEN 2 ELSE 0 END AS pg_catalog_descriptions_as_1_0_left_them
FROM pg_proc p;

-- Data and defaults made under 1.0.
CREATE TABLE items (
  id   uuid PRIMARY KEY DEFAULT public.uuid_generate_v7(),
  v7   uuid DEFAULT public.uuid_generate_v7(),
  url  text,
  v5   uuid GENERATED ALWAYS AS (public.uuid_generate_v5(public.uuid_ns_url(), url)) STORED
);
INSERT INTO items (url) SELECT 'https://example.com/' || i FROM generate_series(1, 1000) AS i;
SELECT md5(string_agg(id::text || v7::text || v5::text, ',' ORDER BY id)) AS items_md5 FROM items \gset

ALTER EXTENSION uuidx UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'uuidx';
SELECT md5(string_agg(id::text || v7::text || v5::text, ',' ORDER BY id)) = :'items_md5' AS data_unchanged FROM items;
INSERT INTO items (url) VALUES ('after-update');
SELECT count(*) AS rows, count(DISTINCT id) AS distinct_ids,
       bool_and(public.uuid_extract_version(id) = 7) AS all_v7,
       bool_and(v5 = public.uuid_generate_v5(public.uuid_ns_url(), url)) AS v5_consistent
FROM items;
-- The four PostgreSQL 18 names exist in the extension's schema on every major now.
SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ')' AS function, p.pronamespace::regnamespace AS schema
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx')
  AND p.proname IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp')
ORDER BY 1;
-- pg_catalog's descriptions are the server's again.
SELECT count(*) AS pg_catalog_descriptions_by_uuidx
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND (obj_description(p.oid, 'pg_proc') LIKE '%RFC 9562 section 4.2%'
       OR obj_description(p.oid, 'pg_proc') LIKE 'PostgreSQL 18''s uuid_extract_timestamp%');
SELECT count(*) FILTER (WHERE obj_description(p.oid, 'pg_proc') ~ '^extract (version|timestamp) from (RFC [0-9]+ )?UUID$')
       = count(*) AS pg_catalog_descriptions_are_the_servers
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname IN ('uuid_extract_version', 'uuid_extract_timestamp');
\i sql/include/extension_catalog.psql
\set updated_catalog :extension_catalog

\c regression_uuidx_update_new
-- The same time zone as the other side: the catalog lists defaults of type timestamptz in it.
SET timezone = 'UTC';
CREATE EXTENSION uuidx;
SELECT extversion FROM pg_extension WHERE extname = 'uuidx';
\i sql/include/extension_catalog.psql
SELECT :'updated_catalog' = :'extension_catalog' AS updated_equals_fresh,
       length(:'extension_catalog') > 0 AS catalog_listed;
-- Members present on one side only (none expected).
SELECT 'only after update' AS side, l FROM unnest(string_to_array(:'updated_catalog', E'\n')) AS l
EXCEPT SELECT 'only after update', l FROM unnest(string_to_array(:'extension_catalog', E'\n')) AS l
UNION ALL
(SELECT 'only in fresh install', l FROM unnest(string_to_array(:'extension_catalog', E'\n')) AS l
 EXCEPT SELECT 'only in fresh install', l FROM unnest(string_to_array(:'updated_catalog', E'\n')) AS l)
ORDER BY 1, 2;
-- No function is without a comment, and none lies outside the extension's schema.
SELECT count(*) AS members,
       count(*) FILTER (WHERE l LIKE '%| (no comment)') AS without_comment,
       count(*) FILTER (WHERE split_part(l, ' | ', 2) <> 'public') AS outside_schema
FROM unnest(string_to_array(:'extension_catalog', E'\n')) AS l;

\c :regress_db
DROP DATABASE regression_uuidx_update_old;
DROP DATABASE regression_uuidx_update_new;
