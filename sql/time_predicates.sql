-- The planner hook: uuid_extract_time(id) op t over a key that holds only v7 values (type
-- uuid_v7, or a validated CHECK (uuid_extract_version(id) = 7)) also gets the key range it
-- implies (uuid_v7_lower_bound / uuid_v7_upper_bound), so the primary key's btree does the work.
-- The original qual stays. Nothing is added for a key that may hold other versions.
\i sql/include/setup.psql
-- The hook is installed when the library is loaded: by shared_ or session_preload_libraries, or
-- by the first uuidx call of the session, as here.
SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;
SHOW uuidx.time_predicates;

-- The bound functions: exact to the ms and to the µs, never an error.
SELECT uuid_v7_lower_bound('2024-01-01 00:00:00+00') AS ge_edge,
       uuid_v7_lower_bound('2024-01-01 00:00:00.0001+00') AS ge_inside_ms,
       uuid_v7_lower_bound('2024-01-01 00:00:00+00', false) AS gt_edge,
       uuid_v7_upper_bound('2024-01-01 00:00:00.9999+00') AS le_inside_ms,
       uuid_v7_upper_bound('2024-01-01 00:00:00+00', false) AS lt_edge;
SELECT uuid_v7_lower_bound('2024-01-01 00:00:00.0005+00', true, true) AS ge_500us,
       uuid_v7_upper_bound('2024-01-01 00:00:00.0005+00', true, true) AS le_500us,
       uuid_extract_time(uuid_v7_lower_bound('2024-01-01 00:00:00.0005+00', true, true), true) AS read_back;
SELECT uuid_v7_lower_bound('1969-12-31 23:59:59+00') AS before_1970_ge, uuid_v7_upper_bound('1969-12-31 23:59:59+00') AS before_1970_le,
       uuid_v7_lower_bound('infinity') AS inf_ge, uuid_v7_upper_bound('infinity') AS inf_le,
       uuid_v7_lower_bound('-infinity') AS minus_inf_ge, uuid_v7_upper_bound('-infinity') AS minus_inf_le,
       uuid_v7_lower_bound(NULL) IS NULL AS strict;

-- A v7 key: one row per second of 2024-01-01 (86400), plus 1000 keys in one ms.
CREATE TABLE ev (id uuid_v7 PRIMARY KEY, at timestamptz NOT NULL);
INSERT INTO ev SELECT uuid_generate_v7(t), t
FROM generate_series(timestamptz '2024-01-01', timestamptz '2024-01-01 23:59:59', interval '1 second') AS t;
INSERT INTO ev SELECT uuid_generate_v7(timestamptz '2024-01-01 12:00:00.000500+00'), timestamptz '2024-01-01 12:00:00.000500+00'
FROM generate_series(1, 1000);
VACUUM ANALYZE ev;

-- One hour: an index-only scan on the key, the original qual kept as a filter.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
-- BETWEEN, and the instant on the left.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) BETWEEN '2024-01-01 10:00+00' AND '2024-01-01 10:59:59.999+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE '2024-01-01 23:00+00' < uuid_extract_time(id);
-- Equality and the ms edges: the 1000 keys of 12:00:00.000 (written at .000500) and the one of
-- 12:00:00 (written at .000000) share the ms.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) = '2024-01-01 12:00:00+00';
SELECT count(*) FILTER (WHERE uuid_extract_time(id) = '2024-01-01 12:00:00+00') AS eq_ms,
       count(*) FILTER (WHERE uuid_extract_time(id) = '2024-01-01 12:00:00.0005+00') AS eq_inside_ms,
       count(*) FILTER (WHERE uuid_extract_time(id) > '2024-01-01 11:59:59.9999+00' AND uuid_extract_time(id) < '2024-01-01 12:00:00.001+00') AS gt_lt_around,
       count(*) FILTER (WHERE uuid_extract_time(id) >= '2024-01-01 12:00:00.0001+00' AND uuid_extract_time(id) <= '2024-01-01 12:00:01+00') AS ge_inside_ms
FROM ev;
-- Sub-ms: uuid_extract_time(id, true) reads the fraction; its bounds include rand_a.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id, true) = '2024-01-01 12:00:00.0005+00';
SELECT count(*) FILTER (WHERE uuid_extract_time(id, true) = '2024-01-01 12:00:00.0005+00') AS eq_500us,
       count(*) FILTER (WHERE uuid_extract_time(id, true) < '2024-01-01 12:00:00.0005+00' AND uuid_extract_time(id, true) >= '2024-01-01 12:00:00+00') AS before_500us,
       count(*) FILTER (WHERE uuid_extract_time(id, true) > '2024-01-01 12:00:00.0005+00' AND uuid_extract_time(id, true) < '2024-01-01 12:00:01+00') AS after_500us
FROM ev;
-- The same counts, index or not.
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FILTER (WHERE uuid_extract_time(id) = '2024-01-01 12:00:00+00') AS eq_ms,
       count(*) FILTER (WHERE uuid_extract_time(id, true) = '2024-01-01 12:00:00.0005+00') AS eq_500us
FROM ev;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
-- The PostgreSQL 18 name uuidx provides (v7 time in whole ms), called by its schema.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE public.uuid_extract_timestamp(id) >= '2024-01-01 23:00+00';

-- Stable instants (now()) and parameters: the bound is computed at execution, once per scan.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1 hour';
PREPARE last_hour(timestamptz) AS SELECT count(*) FROM ev WHERE uuid_extract_time(id) > $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE last_hour('2024-01-01 23:00+00');
EXECUTE last_hour('2024-01-01 23:00+00');
RESET plan_cache_mode;
DEALLOCATE last_hour;

-- OR: each arm gets its range (a BitmapOr). NOT over a comparison: the negated range.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) < '2024-01-01 00:10+00' OR uuid_extract_time(id) >= '2024-01-01 23:50+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE NOT (uuid_extract_time(id) < '2024-01-01 23:00+00');
-- Subqueries, CTEs and views.
EXPLAIN (COSTS OFF)
WITH recent AS (SELECT id FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00')
SELECT count(*) FROM recent;
CREATE VIEW ev_view AS SELECT id, at FROM ev;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev_view WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
-- (OFFSET 0 keeps the subquery from being pulled up: the qual is rewritten inside it.)
EXPLAIN (COSTS OFF)
SELECT count(*) FROM (SELECT id FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:59+00' OFFSET 0) AS s;
-- A join: the instant comes from the other table, a parameterized index scan per outer row. Only
-- m.at gives a bound: m.at + interval '1 second' overflows for an m.at in the last second of
-- timestamptz, and the bound would raise that error where the original qual is never evaluated.
CREATE TABLE marks (at timestamptz);
INSERT INTO marks VALUES ('2024-01-01 06:00+00'), ('2024-01-01 18:00+00');
ANALYZE marks;
EXPLAIN (COSTS OFF)
SELECT m.at, count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) BETWEEN m.at AND m.at + interval '1 second' GROUP BY m.at;
SELECT m.at, count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) BETWEEN m.at AND m.at + interval '1 second' GROUP BY m.at ORDER BY m.at;

-- Not matched (nothing added): a volatile instant, an instant from the same table, a time
-- reading that is not a constant, a comparison under a CASE that does not fold to it (at is not
-- before 12:00 in every row), and <>.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - random() * interval '1 hour';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= at;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id, at > '2024-01-01 12:00+00') >= '2024-01-01 23:00+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE CASE WHEN at < '2024-01-01 12:00+00' THEN false ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) <> '2024-01-01 23:00+00';

-- Quals read in the shape constant folding gives them (qual_folding.cpp): a CASE that tests a
-- NOT NULL column for NULL is the comparison it guards. PostgreSQL 19 folds it so itself, after
-- the hook has seen the query; the hook reads it so on every major and adds the range next to the
-- qual as written. The plans here show "Filter: ..." without its text, which 19 prints folded,
-- and are of max(at): with count(*), a plan that no longer reads at (19's, which folds the CASE,
-- or 17's and 18's, which drop `at IS NOT NULL` themselves) would be an index-only scan.
CREATE FUNCTION pg_temp.plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    RETURN NEXT regexp_replace(line, '(Filter: ).*', '\1...');
  END LOOP;
END $$;
-- The count of a query with the setting on and with it off.
CREATE FUNCTION pg_temp.counts(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE on_count bigint; off_count bigint;
BEGIN
  SET LOCAL uuidx.time_predicates = on;
  EXECUTE q INTO on_count;
  SET LOCAL uuidx.time_predicates = off;
  EXECUTE q INTO off_count;
  RETURN format('on %s, off %s', on_count, off_count);
END $$;
SELECT pg_temp.plan($q$SELECT max(at) FROM ev WHERE CASE WHEN at IS NULL THEN false ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE CASE WHEN at IS NULL THEN false ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.plan($q$SELECT max(at) FROM ev WHERE CASE WHEN at IS NOT NULL THEN uuid_extract_time(id) >= '2024-01-01 23:00+00' ELSE false END$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE CASE WHEN at IS NOT NULL THEN uuid_extract_time(id) >= '2024-01-01 23:00+00' ELSE false END$q$);
-- A NOT over what folds to a comparison: the negated range (at IS NULL OR ... is the comparison).
SELECT pg_temp.plan($q$SELECT max(at) FROM ev WHERE NOT (at IS NULL OR uuid_extract_time(id) < '2024-01-01 23:00+00')$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE NOT (at IS NULL OR uuid_extract_time(id) < '2024-01-01 23:00+00')$q$);
-- A nullable column: the CASE is true for every row whose at is NULL, whatever its time, so it is
-- not the comparison and nothing is added (a range would lose those rows: 1440 of them, the
-- 60 of 23:00-23:59 among them).
CREATE TABLE ev_opt (id uuid_v7 PRIMARY KEY, at timestamptz);
INSERT INTO ev_opt SELECT id, CASE WHEN extract(second FROM at) = 0 THEN NULL ELSE at END FROM ev;
VACUUM ANALYZE ev_opt;
SELECT pg_temp.plan($q$SELECT count(*) FROM ev_opt WHERE CASE WHEN at IS NULL THEN true ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev_opt WHERE CASE WHEN at IS NULL THEN true ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END$q$);
-- A NOT NULL column read through the nullable side of a LEFT JOIN is NULL for every row of ev
-- without a tag: nothing added. Through an inner join it is never NULL: the range is added.
CREATE TABLE ev_tags (id uuid PRIMARY KEY, tag text NOT NULL);
INSERT INTO ev_tags SELECT id, 'hour' FROM ev WHERE extract(minute FROM at) = 0 AND extract(second FROM at) = 0;
ANALYZE ev_tags;
SELECT pg_temp.plan($q$SELECT count(*) FROM ev LEFT JOIN ev_tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev LEFT JOIN ev_tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.plan($q$SELECT count(*) FROM ev JOIN ev_tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 23:00+00' END$q$);
SELECT pg_temp.counts($q$SELECT count(*) FROM ev JOIN ev_tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 23:00+00' END$q$);
-- The setting off: nothing added.
SET uuidx.time_predicates = off;
SELECT pg_temp.plan($q$SELECT max(at) FROM ev WHERE CASE WHEN at IS NULL THEN false ELSE uuid_extract_time(id) >= '2024-01-01 23:00+00' END$q$);
RESET uuidx.time_predicates;

-- Filters: where the plan evaluates an added range row by row instead of using it (a sequential
-- scan, a join filter), it is taken out again after planning, since the comparison beside it
-- stays and implies it; the index conditions and a bitmap scan's recheck keep it.
-- An index scan: the range is its Index Cond, the comparison its Filter.
EXPLAIN (COSTS OFF)
SELECT max(at) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
-- A bitmap heap scan: the range in the Recheck Cond and the Index Cond, not in the Filter.
EXPLAIN (COSTS OFF)
SELECT max(at) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
SET enable_bitmapscan = off;
-- Sequential scans: the Filter is the comparison alone, constant instant (the bound folded to a
-- constant), equality (both bounds), stable instant, and a parameter of a generic plan.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 01:00+00';
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 01:00+00'$q$);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) = '2024-01-01 12:00:00+00';
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE uuid_extract_time(id) = '2024-01-01 12:00:00+00'$q$);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) <= now();
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE uuid_extract_time(id) <= now()$q$);
PREPARE since_seq(timestamptz) AS SELECT count(*) FROM ev WHERE uuid_extract_time(id) > $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE since_seq('2024-01-01 01:00+00');
EXECUTE since_seq('2024-01-01 01:00+00');
RESET plan_cache_mode;
DEALLOCATE since_seq;
-- Inside an OR (the arm's AND left with one argument becomes that argument), and in a CTE.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00' OR at < '2024-01-01 00:10+00';
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00' OR at < '2024-01-01 00:10+00'$q$);
EXPLAIN (COSTS OFF)
WITH recent AS MATERIALIZED (SELECT id FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 01:00+00')
SELECT count(*) FROM recent;
-- Joins: a nested loop's Join Filter, and a hash join whose Hash Cond is the comparison.
SET enable_hashjoin = off;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) >= m.at;
SELECT pg_temp.counts($q$SELECT count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) >= m.at$q$);
RESET enable_hashjoin;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) = m.at;
SELECT pg_temp.counts($q$SELECT count(*) FROM marks m JOIN ev ON uuid_extract_time(ev.id) = m.at$q$);
RESET enable_nestloop;
RESET enable_mergejoin;
-- A condition the user wrote stays, also when it equals an added one.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 01:00+00' AND id >= uuid_v7_lower_bound('2024-01-01 01:00+00');
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1 day' AND id >= uuid_v7_lower_bound(now() - interval '1 day', true, false);
-- Arms of an OR that share a condition: PostgreSQL factors it out of the OR, keeping the added
-- copy of the first arm for the user's of the second; there it is no longer implied and stays
-- (without it the second arm would count 600 rows of 00:00-00:09 too).
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00'
  OR (at < '2024-01-01 00:10+00' AND id >= uuid_v7_lower_bound('2024-01-01 23:00+00'));
SELECT pg_temp.counts($q$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00'
  OR (at < '2024-01-01 00:10+00' AND id >= uuid_v7_lower_bound('2024-01-01 23:00+00'))$q$);
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
-- An index on the time itself: the comparison is its Index Cond, which the rows it returns
-- satisfy, so the range is not evaluated after it.
CREATE TABLE ev_by_time (id uuid_v7, at timestamptz);
INSERT INTO ev_by_time SELECT id, at FROM ev;
CREATE INDEX ev_by_time_time ON ev_by_time (uuid_extract_time(id));
VACUUM ANALYZE ev_by_time;
EXPLAIN (COSTS OFF)
SELECT max(at) FROM ev_by_time WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
SELECT pg_temp.counts($q$SELECT count(*) FROM ev_by_time WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00'$q$);
DROP TABLE ev_by_time;

-- The setting turns it off.
SET uuidx.time_predicates = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
RESET uuidx.time_predicates;

-- A plain uuid key with a validated CHECK constraint: the same rewrite.
CREATE TABLE ev_checked (id uuid PRIMARY KEY CONSTRAINT only_v7 CHECK (uuid_extract_version(id) = 7));
INSERT INTO ev_checked SELECT id FROM ev;
VACUUM ANALYZE ev_checked;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev_checked WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
-- NOT VALID: not proven, nothing added; once validated, added.
ALTER TABLE ev_checked DROP CONSTRAINT only_v7;
ALTER TABLE ev_checked ADD CONSTRAINT only_v7 CHECK (7 = uuid_extract_version(id)) NOT VALID;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev_checked WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';
ALTER TABLE ev_checked VALIDATE CONSTRAINT only_v7;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev_checked WHERE uuid_extract_time(id) >= '2024-01-01 23:00+00';

-- A plain uuid key without such a constraint may hold v1 keys whose time sorts anywhere: nothing
-- is added, and the v1 row is found.
CREATE TABLE ev_mixed (id uuid PRIMARY KEY);
INSERT INTO ev_mixed SELECT id FROM ev;
INSERT INTO ev_mixed VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846');  -- v1 of 2022-02-22, sorts after 2024's v7
VACUUM ANALYZE ev_mixed;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev_mixed WHERE uuid_extract_time(id) < '2023-01-01+00';
SELECT count(*) FROM ev_mixed WHERE uuid_extract_time(id) < '2023-01-01+00';

DROP VIEW ev_view;
DROP TABLE ev, ev_checked, ev_mixed, marks, ev_opt, ev_tags;
