-- The planner hook, on orders and min/max: over a key proven to hold v7 values only (type
-- uuid_v7, a domain or table CHECK calling uuid_check_version(key, 7, ...)), an ORDER BY whose
-- last key is uuid_extract_time(key) is planned as an order by the key, and
-- min/max(uuid_extract_time(key)) as uuid_extract_time(min/max(key)), so the key's btree answers
-- "the latest N" and "the newest time" from its end. Rows of one instant may come in any order
-- under an order by time; key order is one of those orders.
\i sql/include/setup.psql
SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;

-- Plans with what differs between majors taken out: the InitPlan's label, the text of filters
-- (the sort keys are kept), 19's "Replaces:" lines, and index conditions (the min/max path's
-- `key IS NOT NULL`, which 17 and later drop on a NOT NULL column).
CREATE FUNCTION pg_temp.plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    CONTINUE WHEN line ~ '^\s*(Replaces|Index Cond): ';
    line := regexp_replace(line, '(InitPlan).*', '\1');
    RETURN NEXT regexp_replace(line, '(Filter: ).*', '\1...');
  END LOOP;
END $$;
-- Whether the hook changed a query's plan (the plan with the setting on differs from off).
CREATE FUNCTION pg_temp.rewritten(q text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE on_p text; off_p text;
BEGIN
  SET LOCAL uuidx.time_predicates = on;
  SELECT string_agg(l, E'\n') INTO on_p FROM pg_temp.plan(q) AS l;
  SET LOCAL uuidx.time_predicates = off;
  SELECT string_agg(l, E'\n') INTO off_p FROM pg_temp.plan(q) AS l;
  RETURN on_p IS DISTINCT FROM off_p;
END $$;
-- The values a query returns (its first column, in its order) with the setting on and off, and
-- whether they are the same.
CREATE FUNCTION pg_temp.same(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE on_v text; off_v text;
BEGIN
  SET LOCAL uuidx.time_predicates = on;
  EXECUTE format('SELECT array_agg(v)::text FROM (%s) AS s(v)', q) INTO on_v;
  SET LOCAL uuidx.time_predicates = off;
  EXECUTE format('SELECT array_agg(v)::text FROM (%s) AS s(v)', q) INTO off_v;
  RETURN CASE WHEN on_v IS NOT DISTINCT FROM off_v THEN 'same: ' || coalesce(on_v, 'NULL')
              ELSE 'DIFFERENT: on ' || coalesce(on_v, 'NULL') || ', off ' || coalesce(off_v, 'NULL') END;
END $$;

-- A v7 key: one row per minute of 2024-01-01 (1440), and 50 keys written in one µs of its last
-- minute, so that one ms (and one µs) holds many keys.
CREATE TABLE ev (id uuid_v7 PRIMARY KEY, n int NOT NULL);
INSERT INTO ev SELECT uuid_generate_v7(t), extract(epoch FROM t)::int / 60 % 7
FROM generate_series(timestamptz '2024-01-01', timestamptz '2024-01-01 23:59', interval '1 minute') AS t;
INSERT INTO ev SELECT uuid_generate_v7(timestamptz '2024-01-01 23:59:30.000500+00'), 100 FROM generate_series(1, 50);
VACUUM ANALYZE ev;

-- "The latest N": the key's index read backwards, no sort.
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 10$q$);
SELECT pg_temp.same($q$SELECT uuid_extract_time(id) FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 3$q$);
-- The 50 keys of one ms: any 5 of them are an answer; they are of that ms.
SELECT count(*) AS rows, count(DISTINCT id) AS keys, min(uuid_extract_time(id)) = max(uuid_extract_time(id)) AS one_instant
FROM (SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 5) AS s;
-- ASC, the time as an output column, the other forms of the time.
SELECT pg_temp.plan($q$SELECT uuid_extract_time(id) AS at, n FROM ev ORDER BY at LIMIT 3$q$);
SELECT pg_temp.same($q$SELECT uuid_extract_time(id) AS at FROM ev ORDER BY at LIMIT 3$q$);
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id, true) DESC LIMIT 3$q$);
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id, submillisecond => false) LIMIT 3$q$);
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY public.uuid_extract_timestamp(id) DESC LIMIT 3$q$);
-- After other keys: the last one becomes the key.
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY n, uuid_extract_time(id) DESC$q$);
SELECT pg_temp.same($q$SELECT n::text || ' ' || uuid_extract_time(id) FROM ev ORDER BY n DESC, uuid_extract_time(id) DESC LIMIT 4$q$);
-- Through a subquery, a view, a join, UNION arms, OFFSET.
CREATE VIEW ev_view AS SELECT id AS key, n FROM ev;
SELECT pg_temp.plan($q$SELECT * FROM (SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 3) AS s$q$);
SELECT pg_temp.plan($q$SELECT key FROM ev_view ORDER BY uuid_extract_time(key) DESC LIMIT 3 OFFSET 10$q$);
SELECT pg_temp.same($q$SELECT uuid_extract_time(key) FROM ev_view ORDER BY uuid_extract_time(key) DESC LIMIT 3 OFFSET 10$q$);
SELECT pg_temp.rewritten($q$SELECT e.n FROM ev e JOIN ev_view v ON v.key = e.id ORDER BY uuid_extract_time(v.key) DESC LIMIT 3$q$) AS join_rewritten;
SELECT pg_temp.same($q$SELECT uuid_extract_time(e.id) FROM ev e JOIN ev_view v ON v.key = e.id WHERE e.n < 100 ORDER BY uuid_extract_time(v.key) DESC LIMIT 3$q$);
SELECT line FROM pg_temp.plan($q$(SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 2) UNION ALL (SELECT id FROM ev ORDER BY uuid_extract_time(id) LIMIT 2)$q$) AS line
WHERE line LIKE '%Index%' OR line LIKE '%Sort%';
SELECT pg_temp.same($q$SELECT uuid_extract_time(id) FROM ((SELECT id FROM ev WHERE n < 100 ORDER BY uuid_extract_time(id) DESC LIMIT 2) UNION (SELECT id FROM ev ORDER BY uuid_extract_time(id) LIMIT 2)) AS u ORDER BY 1$q$);
-- A cursor scrolling backwards.
BEGIN;
DECLARE c SCROLL CURSOR FOR SELECT uuid_extract_time(id) FROM ev ORDER BY uuid_extract_time(id);
FETCH LAST FROM c;
FETCH BACKWARD 2 FROM c;
FETCH ABSOLUTE 2 FROM c;
COMMIT;

-- The time twice: PostgreSQL drops the repeated key, so the last key is n and nothing changes.
SELECT pg_temp.rewritten($q$SELECT id FROM ev ORDER BY uuid_extract_time(id), n, uuid_extract_time(id) DESC LIMIT 3$q$) AS repeated_rewritten;
SELECT pg_temp.same($q$SELECT uuid_extract_time(id)::text || ' ' || n FROM ev ORDER BY uuid_extract_time(id) DESC, n, uuid_extract_time(id) LIMIT 3$q$);
-- ORDER BY ... USING > is DESC.
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) USING > LIMIT 3$q$);
-- Left alone: a key after the time (it breaks the ties of one ms), FETCH ... WITH TIES (its
-- ties are the sort keys'), DISTINCT, GROUP BY, window functions (also their own ORDER BY).
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC, n LIMIT 3$q$);
SELECT pg_temp.rewritten($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC FETCH FIRST 1 ROW WITH TIES$q$) AS with_ties_rewritten;
SELECT count(*) AS with_ties FROM (SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC FETCH FIRST 1 ROW WITH TIES) AS s;
SELECT pg_temp.rewritten($q$SELECT DISTINCT uuid_extract_time(id) FROM ev ORDER BY 1 DESC LIMIT 3$q$) AS distinct_rewritten;
SELECT pg_temp.rewritten($q$SELECT uuid_extract_time(id), count(*) FROM ev GROUP BY 1 ORDER BY 1 DESC LIMIT 3$q$) AS group_by_rewritten;
SELECT pg_temp.rewritten($q$SELECT id, row_number() OVER (ORDER BY uuid_extract_time(id)) FROM ev ORDER BY uuid_extract_time(id) LIMIT 3$q$) AS window_rewritten;
SELECT pg_temp.rewritten($q$SELECT id, row_number() OVER (ORDER BY uuid_extract_time(id)) FROM ev$q$) AS window_order_rewritten;
-- Off.
SET uuidx.time_predicates = off;
SELECT pg_temp.plan($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 10$q$);
RESET uuidx.time_predicates;

-- NULL keys: their time is NULL too, so NULLS FIRST / LAST keep their place.
CREATE TABLE ev_null (id uuid_v7);
CREATE INDEX ON ev_null (id);
INSERT INTO ev_null SELECT CASE WHEN g % 3 = 0 THEN NULL ELSE uuid_generate_v7(timestamptz '2024-01-01' + g * interval '1 s') END
FROM generate_series(1, 12) AS g;
ANALYZE ev_null;
SELECT pg_temp.plan($q$SELECT id FROM ev_null ORDER BY uuid_extract_time(id) NULLS FIRST$q$);
SELECT pg_temp.same($q$SELECT coalesce(uuid_extract_time(id)::text, 'null') FROM ev_null ORDER BY uuid_extract_time(id) NULLS FIRST$q$);
SELECT pg_temp.same($q$SELECT coalesce(uuid_extract_time(id)::text, 'null') FROM ev_null ORDER BY uuid_extract_time(id) DESC NULLS LAST LIMIT 5$q$);

-- Keys that are not provably v7 are left alone. A CHECK (uuid_extract_version(id) = 7) lets in
-- values of other variants, whose version and time are NULL: the nil and the max UUID sort first
-- and last by key, but last by time. (The comparisons of time predicates use that CHECK; orders
-- cannot.)
CREATE TABLE ev_check (id uuid PRIMARY KEY CHECK (uuid_extract_version(id) = 7));
INSERT INTO ev_check SELECT id FROM ev;
INSERT INTO ev_check VALUES (uuid_nil()), (uuid_max());
ANALYZE ev_check;
SELECT pg_temp.plan($q$SELECT id FROM ev_check ORDER BY uuid_extract_time(id) LIMIT 1$q$);
SELECT (SELECT id FROM ev_check ORDER BY uuid_extract_time(id) LIMIT 1) = (SELECT min(id) FROM ev) AS first_by_time_is_a_v7,
       (SELECT id FROM ev_check ORDER BY id LIMIT 1) AS first_by_key;
-- A table CHECK calling uuid_check_version does prove it.
CREATE TABLE ev_strict (id uuid PRIMARY KEY CHECK (uuid_check_version(id, 7, 'ev_strict.id')));
INSERT INTO ev_strict SELECT id FROM ev;
ANALYZE ev_strict;
SELECT pg_temp.plan($q$SELECT id FROM ev_strict ORDER BY uuid_extract_time(id) DESC LIMIT 1$q$);
-- A plain uuid key of mixed versions.
CREATE TABLE ev_mixed (id uuid PRIMARY KEY);
INSERT INTO ev_mixed SELECT id FROM ev;
INSERT INTO ev_mixed VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'), ('1EC9414C-232A-6B00-B3C8-9F6BDECED846');
ANALYZE ev_mixed;
SELECT pg_temp.rewritten($q$SELECT id FROM ev_mixed ORDER BY uuid_extract_time(id) DESC LIMIT 1$q$) AS mixed_rewritten;

-- min(uuid) and max(uuid): uuidx's, in uuid's order.
SELECT min(id) = (SELECT id FROM ev ORDER BY id LIMIT 1) AS min_ok, max(id) = (SELECT id FROM ev ORDER BY id DESC LIMIT 1) AS max_ok,
       min(id::uuid) FILTER (WHERE false) IS NULL AS empty_is_null
FROM ev;
SELECT min(u), max(u) FROM (VALUES (uuid_nil()), (uuid_max()), (NULL), ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')) AS v(u);

-- "The newest time": one index entry at each end.
SELECT pg_temp.plan($q$SELECT max(uuid_extract_time(id)), min(uuid_extract_time(id)) FROM ev$q$);
SELECT pg_temp.same($q$SELECT max(uuid_extract_time(id))::text || ' ' || min(uuid_extract_time(id, true))::text FROM ev$q$);
SELECT pg_temp.same($q$SELECT max(public.uuid_extract_timestamp(id)) FROM ev$q$);
-- With quals the min/max path takes.
SELECT pg_temp.plan($q$SELECT max(uuid_extract_time(id)) FROM ev WHERE n = 3$q$);
SELECT pg_temp.same($q$SELECT max(uuid_extract_time(id)) FROM ev WHERE n = 3$q$);
SELECT pg_temp.same($q$SELECT min(uuid_extract_time(id)) FROM ev WHERE uuid_extract_time(id) > '2024-01-01 12:00+00'$q$);
-- Empty, and in HAVING, FILTER, expressions.
SELECT pg_temp.same($q$SELECT max(uuid_extract_time(id)) FROM ev WHERE n = 42$q$);
SELECT pg_temp.same($q$SELECT count(*) FROM ev HAVING max(uuid_extract_time(id)) > '2024-01-01 23:00+00'$q$);
SELECT pg_temp.same($q$SELECT max(uuid_extract_time(id)) FILTER (WHERE n = 2) - min(uuid_extract_time(id)) FROM ev$q$);
SELECT pg_temp.same($q$SELECT max(uuid_extract_time(id)) FROM ev_null$q$);
SELECT pg_temp.same($q$SELECT (SELECT max(uuid_extract_time(e.id)) FROM ev e WHERE e.n = v.n) FROM (VALUES (1), (5), (42)) AS v(n)$q$);
-- GROUP BY is left alone (each group still reads its rows; nothing to gain), so is DISTINCT.
SELECT pg_temp.rewritten($q$SELECT n, max(uuid_extract_time(id)) FROM ev GROUP BY n$q$) AS group_by_rewritten;
SELECT pg_temp.same($q$SELECT n::text || ' ' || max(uuid_extract_time(id)) FROM ev GROUP BY n ORDER BY n$q$);
SELECT pg_temp.rewritten($q$SELECT max(DISTINCT uuid_extract_time(id)) FROM ev$q$) AS distinct_rewritten;
-- Not provably v7: left alone. On ev_check, time(max(id)) would be the max UUID's NULL time.
SELECT pg_temp.rewritten($q$SELECT max(uuid_extract_time(id)) FROM ev_check$q$) AS check_rewritten;
SELECT max(uuid_extract_time(id)) = (SELECT max(uuid_extract_time(id)) FROM ev) AS check_max_ok, uuid_extract_time(max(id)) AS time_of_max_key FROM ev_check;
SELECT pg_temp.rewritten($q$SELECT max(uuid_extract_time(id)) FROM ev_mixed$q$) AS mixed_rewritten;
SELECT pg_temp.plan($q$SELECT max(uuid_extract_time(id)) FROM ev_strict$q$);

-- A role that may not execute uuidx's min/max: planned without them (no error), also when a
-- prepared statement was planned first by a role that may.
REVOKE EXECUTE ON FUNCTION min(uuid), max(uuid) FROM PUBLIC;
CREATE ROLE regress_uuidx_order;
GRANT SELECT ON ev TO regress_uuidx_order;
PREPARE newest AS SELECT max(uuid_extract_time(id)) FROM ev;
EXECUTE newest;
SET ROLE regress_uuidx_order;
SELECT pg_temp.rewritten($q$SELECT max(uuid_extract_time(id)) FROM ev$q$) AS rewritten_for_the_role;
SELECT pg_temp.plan('EXECUTE newest');
EXECUTE newest;
-- (The role may not call max(uuid) itself; PostgreSQL checks that only where an Aggregate runs.)
SELECT pg_temp.err($q$SELECT max(id) FROM ev GROUP BY n$q$);
RESET ROLE;
DEALLOCATE newest;
GRANT EXECUTE ON FUNCTION min(uuid), max(uuid) TO PUBLIC;
DROP OWNED BY regress_uuidx_order;
DROP ROLE regress_uuidx_order;

-- Only the extension's own aggregates are used, found by membership and C transition function:
-- with max(uuid) no longer a member (as if uuidx were 1.0, which has none), nothing is rewritten,
-- and an aggregate of that name and shape created by someone else is never used.
ALTER EXTENSION uuidx DROP AGGREGATE max(uuid);
SELECT pg_temp.rewritten($q$SELECT max(uuid_extract_time(id)) FROM ev$q$) AS rewritten_without_member;
SELECT pg_temp.rewritten($q$SELECT id FROM ev ORDER BY uuid_extract_time(id) DESC LIMIT 1$q$) AS order_still_rewritten;
ALTER EXTENSION uuidx ADD AGGREGATE max(uuid);
CREATE SCHEMA planted;
CREATE FUNCTION planted.larger(a uuid, b uuid) RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT AS
$$ BEGIN RAISE WARNING 'planted max(uuid) called'; RETURN CASE WHEN a > b THEN a ELSE b END; END $$;
CREATE AGGREGATE planted.max(uuid) (SFUNC = planted.larger, STYPE = uuid, SORTOP = >);
SET search_path = planted, public, pg_catalog;
-- (With FILTER the aggregate runs: the plan names uuidx's max, schema-qualified since planted's
-- comes first in the search path, and no warning is raised.)
CREATE FUNCTION pg_temp.verbose(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || q LOOP RETURN NEXT line; END LOOP;
END $$;
SELECT count(*) FILTER (WHERE line LIKE '%public.max(%') AS uuidx_max_in_plan, count(*) FILTER (WHERE line LIKE '%planted%') AS planted_in_plan
FROM pg_temp.verbose($q$SELECT max(uuid_extract_time(id)) FILTER (WHERE n = 2) FROM ev$q$) AS line;
SELECT max(uuid_extract_time(id)) FILTER (WHERE n = 2) FROM ev;
SET search_path = public, pg_catalog;
DROP SCHEMA planted CASCADE;

-- A domain's constraint proves the key as it stands: a cached plan is planned again when it is
-- dropped.
CREATE DOMAIN my_v7 AS uuid CONSTRAINT my_v7_check CHECK (uuid_check_version(VALUE, 7, 'my_v7'));
CREATE TABLE ev_dom (id my_v7 PRIMARY KEY);
INSERT INTO ev_dom SELECT id FROM ev;
ANALYZE ev_dom;
PREPARE latest AS SELECT uuid_extract_time(id) FROM ev_dom ORDER BY uuid_extract_time(id) DESC LIMIT 1;
SELECT pg_temp.plan('EXECUTE latest');
ALTER DOMAIN my_v7 DROP CONSTRAINT my_v7_check;
-- A v1 key of 2022 sorts after every v7 of 2024 by key, before them by time.
INSERT INTO ev_dom VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846');
SELECT pg_temp.plan('EXECUTE latest');
EXECUTE latest;
DEALLOCATE latest;

DROP VIEW ev_view;
DROP TABLE ev, ev_null, ev_check, ev_strict, ev_mixed, ev_dom;
DROP DOMAIN my_v7;
