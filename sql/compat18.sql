-- PostgreSQL 18 names on older servers: uuidv4(), uuidv7(), uuidv7(shift interval),
-- uuid_extract_timestamp(uuid); both branches of the install script's version test; and the
-- declared properties (volatility, STRICT, PARALLEL SAFE, comment) of every function.
\i sql/include/setup.psql

-- SQLSTATE and message only, with the instants (which depend on the clock) masked.
CREATE FUNCTION pg_temp.err_masked(query text) RETURNS text LANGUAGE sql AS $$
  SELECT regexp_replace(split_part(pg_temp.err(query), ' | ', 1), '"[^"]*"', '"..."', 'g')
$$;

-- This server predates 18, so the extension provides the four functions.
SELECT current_setting('server_version_num')::int < 180000 AS server_before_18;
SELECT p.oid::regprocedure AS function, e.extname AS provided_by
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid
WHERE p.proname IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp')
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- uuidv4(): random v4.
SELECT count(*) AS n, count(DISTINCT u) AS distinct_values, count(*) FILTER (WHERE uuid_extract_version(u) = 4) AS v4
FROM (SELECT uuidv4() AS u FROM generate_series(1, 10000)) AS s;

-- uuidv7() and uuid_generate_v7() share the session's sequence: strictly increasing together.
CREATE TEMP TABLE seq AS
  SELECT i, CASE WHEN i % 2 = 0 THEN uuidv7() ELSE uuid_generate_v7() END AS u FROM generate_series(1, 20000) AS i;
SELECT count(*) AS pairs, count(*) FILTER (WHERE u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM seq) AS s WHERE prev IS NOT NULL;

-- uuidv7(shift): the current time moved by the interval (to the ms, as PostgreSQL 18).
SELECT shift,
       abs(extract(epoch FROM uuid_extract_timestamp(uuidv7(shift)) - (clock_timestamp() + shift))) < 5 AS time_is_shifted,
       uuid_extract_version(uuidv7(shift)) AS version
FROM (VALUES (interval '0'), ('-1 day'), ('1 hour 30 minutes'), ('-3 months'), ('1 year 2 months 3 days'),
             ('-50 years'), ('0.5 ms')) AS s(shift);
-- Months and days follow timestamptz + interval in the session's time zone, as in 18: across a
-- DST change '1 day' is 23 or 25 hours in a zone that has one. (The clock is now; the check is
-- that the shift equals what timestamptz + interval gives at this instant.)
SET timezone = 'America/New_York';
SELECT abs(extract(epoch FROM uuid_extract_timestamp(uuidv7('6 months 1 day')) - (clock_timestamp() + interval '6 months 1 day'))) < 5
  AS calendar_shift_in_zone;
SET timezone = 'UTC';
-- One shift: strictly increasing in the session, like unshifted values.
CREATE TEMP TABLE shifted AS SELECT i, uuidv7('-1 hour') AS u FROM generate_series(1, 20000) AS i;
SELECT count(*) AS pairs, count(*) FILTER (WHERE u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM shifted) AS s WHERE prev IS NOT NULL;
-- Outside 1970 .. 10889: 22008 (ours, or PostgreSQL's own for a timestamp past its range).
SELECT pg_temp.err_masked($$SELECT uuidv7('-100 years')$$) AS before_1970;
SELECT pg_temp.err_masked($$SELECT uuidv7('9000 years')$$) AS past_48_bits;
SELECT pg_temp.err_masked($$SELECT uuidv7('300000 years')$$) AS past_timestamptz;
SELECT uuidv7(NULL) IS NULL AS strict;

-- uuid_extract_timestamp: v1 and v7 only, v7 to the ms (rand_a is not read), as in 18.
SELECT name, uuid_extract_timestamp(u) AS pg18_timestamp, uuid_extract_time(u) AS uuidx_time
FROM (VALUES ('A.1 v1', 'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
             ('A.5 v6', '1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('A.6 v7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
             ('18 docs v7', '019535d9-3df7-79fb-b466-fa907fa17f9e'),
             ('A.3 v4', '919108f7-52d1-4320-9bac-f847db4148a8'),
             ('NCS v7', '017F22E2-79B0-7CC3-18C4-DC0C0C07398F'),
             ('nil', '00000000-0000-0000-0000-000000000000')) AS v(name, u);

-- SQL written for 18 runs here.
CREATE TABLE orders18 (id uuid PRIMARY KEY DEFAULT uuidv7(), note text);
INSERT INTO orders18 (note) VALUES ('a'), ('b');
SELECT count(*) AS n, count(*) FILTER (WHERE uuid_extract_timestamp(id) > now() - interval '1 hour') AS recent FROM orders18;
DROP TABLE orders18;

-- The install script's PostgreSQL 18 block, run from the installed script with the server
-- version replaced: on 18 and later it creates nothing, before 18 all four.
SELECT setting || '/extension/uuidx--1.0.sql' AS install_script FROM pg_config WHERE name = 'SHAREDIR' \gset
CREATE TEMP TABLE pg18_block AS
  SELECT substring(pg_read_file(:'install_script') FROM '-- BEGIN postgresql-18-names\n(.*)-- END postgresql-18-names') AS body;
SELECT position($$current_setting('server_version_num')::integer$$ IN body) > 0 AS reads_server_version_num FROM pg18_block;
CREATE SCHEMA uuidx_pg18_sim;
CREATE FUNCTION pg_temp.pg18_block_creates(server_version_num int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  created text;
BEGIN
  PERFORM set_config('search_path', 'uuidx_pg18_sim', true);
  EXECUTE (SELECT replace(replace(body, $q$current_setting('server_version_num')::integer$q$, server_version_num::text),
                          'MODULE_PATHNAME', '$libdir/uuidx') FROM pg18_block);
  SELECT coalesce(string_agg(p.oid::regprocedure::text, ', ' ORDER BY p.oid::regprocedure::text COLLATE "C"), '(none)') INTO created
  FROM pg_proc p WHERE p.pronamespace = 'uuidx_pg18_sim'::regnamespace;
  EXECUTE (SELECT coalesce(string_agg('DROP FUNCTION ' || p.oid::regprocedure::text, '; '), 'SELECT')
           FROM pg_proc p WHERE p.pronamespace = 'uuidx_pg18_sim'::regnamespace);
  RETURN created;
END $$;
SELECT v AS server_version_num, pg_temp.pg18_block_creates(v) AS creates
FROM unnest('{150000, 170004, 179999, 180000, 180001, 190000}'::int[]) AS v;
DROP SCHEMA uuidx_pg18_sim;
