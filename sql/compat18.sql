-- PostgreSQL 18's names as uuidx provides them on every major: uuidv4(), uuidv7(),
-- uuidv7(shift interval), uuid_extract_timestamp(uuid). Called schema-qualified (the extension is
-- in public here): from 17 on, pg_catalog's functions of some of these names are found first by
-- unqualified calls (sql/shadowing.sql shows which).
\i sql/include/setup.psql

-- SQLSTATE and message only, with the instants (which depend on the clock) masked.
CREATE FUNCTION pg_temp.err_masked(query text) RETURNS text LANGUAGE sql AS $$
  SELECT regexp_replace(split_part(pg_temp.err(query), ' | ', 1), '"[^"]*"', '"..."', 'g')
$$;

-- The extension provides the four functions, whatever the major.
SELECT p.oid::regprocedure AS function, e.extname AS provided_by
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid
WHERE p.proname IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp')
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- uuidv4(): random v4.
SELECT count(*) AS n, count(DISTINCT u) AS distinct_values, count(*) FILTER (WHERE uuid_extract_version(u) = 4) AS v4
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 10000)) AS s;

-- uuidv7() and uuid_generate_v7() share the session's sequence: strictly increasing together.
CREATE TEMP TABLE seq AS
  SELECT i, CASE WHEN i % 2 = 0 THEN public.uuidv7() ELSE uuid_generate_v7() END AS u FROM generate_series(1, 20000) AS i;
SELECT count(*) AS pairs, count(*) FILTER (WHERE u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM seq) AS s WHERE prev IS NOT NULL;

-- uuidv7(shift): the current time moved by the interval. The value's time (read to the µs) must
-- lie between the clock read just before the call and just after it, each moved by the same
-- interval (1 µs of rounding either way): a two-sided window, not a tolerance.
CREATE FUNCTION pg_temp.shift_in_window(shift interval) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  before timestamptz := clock_timestamp();
  u uuid := public.uuidv7(shift);
  after timestamptz := clock_timestamp();
  t timestamptz := public.uuid_extract_time(u, true);
BEGIN
  RETURN CASE WHEN public.uuid_extract_version(u) <> 7 THEN 'not a v7'
              WHEN t < before + shift - interval '1 us' THEN format('%s µs early', extract(epoch FROM (before + shift) - t) * 1e6)
              WHEN t > after + shift + interval '1 us' THEN format('%s µs late', extract(epoch FROM t - (after + shift)) * 1e6)
              ELSE 'in window' END;
END $$;
SELECT shift, pg_temp.shift_in_window(shift) AS result
FROM (VALUES (interval '0'), ('-1 day'), ('1 hour 30 minutes'), ('-3 months'), ('1 year 2 months 3 days'),
             ('-50 years'), ('0.5 ms'), ('-0.25 ms')) AS s(shift);
-- Months and days follow timestamptz + interval in the session's time zone, as in 18: across a
-- DST change N days are N * 24 hours +- 1. Whatever today is, the shift is the number of days
-- that takes the clock just past New York's next change of UTC offset, so the case is always
-- one that crosses a change (checked: the real length differs from N * 24 hours).
SET timezone = 'America/New_York';
SELECT make_interval(days => (extract(epoch FROM min(h) - now()) / 86400)::int + 1) AS dst_shift
FROM generate_series(date_trunc('hour', now()), now() + interval '240 days', interval '1 hour') AS h
WHERE extract(timezone FROM h) <> extract(timezone FROM now()) \gset
SELECT extract(epoch FROM (now() + :'dst_shift'::interval) - now()) <> extract(day FROM :'dst_shift'::interval) * 86400
         AS shift_crosses_a_change,
       pg_temp.shift_in_window(:'dst_shift') AS calendar_shift_in_zone;
SET timezone = 'UTC';
-- One shift: strictly increasing in the session, like unshifted values.
CREATE TEMP TABLE shifted AS SELECT i, public.uuidv7('-1 hour') AS u FROM generate_series(1, 20000) AS i;
SELECT count(*) AS pairs, count(*) FILTER (WHERE u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM shifted) AS s WHERE prev IS NOT NULL;
-- Outside 1970 .. 10889: 22008 (ours, or PostgreSQL's own for a timestamp past its range).
SELECT pg_temp.err_masked($$SELECT public.uuidv7('-100 years')$$) AS before_1970;
SELECT pg_temp.err_masked($$SELECT public.uuidv7('9000 years')$$) AS past_48_bits;
SELECT pg_temp.err_masked($$SELECT public.uuidv7('300000 years')$$) AS past_timestamptz;
SELECT public.uuidv7(NULL) IS NULL AS strict;
-- Infinite intervals (17 and later): 22008 as PostgreSQL 18's own, for either sign (15 and 16
-- have no infinite interval: true there without a call).
SELECT current_setting('server_version_num')::int < 170000
       OR pg_temp.err($$SELECT public.uuidv7('-infinity'::interval)$$) = '22008: UUID version 7 does not support infinite intervals'
         AS minus_infinity_refused,
       current_setting('server_version_num')::int < 170000
       OR pg_temp.err($$SELECT public.uuidv7('infinity'::interval)$$) = '22008: UUID version 7 does not support infinite intervals'
         AS infinity_refused;

-- uuid_extract_timestamp: v1 and v7 only, v7 to the ms (rand_a is not read), as in 18.
SELECT name, public.uuid_extract_timestamp(u) AS pg18_timestamp, uuid_extract_time(u) AS uuidx_time
FROM (VALUES ('A.1 v1', 'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
             ('A.5 v6', '1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('A.6 v7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
             ('18 docs v7', '019535d9-3df7-79fb-b466-fa907fa17f9e'),
             ('A.3 v4', '919108f7-52d1-4320-9bac-f847db4148a8'),
             ('NCS v7', '017F22E2-79B0-7CC3-18C4-DC0C0C07398F'),
             ('nil', '00000000-0000-0000-0000-000000000000')) AS v(name, u);

-- SQL written for 18 runs here.
CREATE TABLE orders18 (id uuid PRIMARY KEY DEFAULT public.uuidv7(), note text);
INSERT INTO orders18 (note) VALUES ('a'), ('b');
SELECT count(*) AS n, count(*) FILTER (WHERE public.uuid_extract_timestamp(id) > now() - interval '1 hour') AS recent FROM orders18;
DROP TABLE orders18;
