-- The time-predicate rewrite never changes an answer and never runs another role's code: what the
-- planner hook must refuse to use, and when it must plan again. Each case compares the rows with
-- the setting on and off, and shows the plan.
\i sql/include/setup.psql
SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;

-- 1. Functions of another role named like the bound functions, in a schema it may write, in a
-- database whose uuidx is 1.0 (the state between installing the 1.1 library and ALTER EXTENSION
-- uuidx UPDATE): a superuser's query must neither call them nor change its answer. The planted
-- functions say when they run and would hide every row.
CREATE ROLE regress_uuidx_planter;
SELECT current_database() AS regress_db \gset
CREATE DATABASE regress_uuidx_10;
\c regress_uuidx_10
SET client_min_messages = warning;
CREATE EXTENSION uuidx VERSION '1.0';
RESET client_min_messages;
SET timezone = 'UTC';
GRANT CREATE ON SCHEMA public TO regress_uuidx_planter;
SET ROLE regress_uuidx_planter;
CREATE FUNCTION public.uuid_v7_lower_bound(at timestamptz, inclusive boolean, submillisecond boolean)
  RETURNS uuid LANGUAGE plpgsql AS $$
BEGIN RAISE WARNING 'planted uuid_v7_lower_bound ran as %', current_user; RETURN 'ffffffff-ffff-ffff-ffff-ffffffffffff'; END $$;
CREATE FUNCTION public.uuid_v7_upper_bound(at timestamptz, inclusive boolean, submillisecond boolean)
  RETURNS uuid LANGUAGE plpgsql AS $$
BEGIN RAISE WARNING 'planted uuid_v7_upper_bound ran as %', current_user; RETURN '00000000-0000-0000-0000-000000000000'; END $$;
-- A domain of that name, with no constraint at all.
CREATE DOMAIN public.uuid_v7 AS uuid;
RESET ROLE;
CREATE TABLE t (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7));
INSERT INTO t SELECT public.uuid_generate_v7(timestamptz '2024-01-01 00:00+00' + i * interval '1 minute') FROM generate_series(0, 119) AS i;
CREATE TABLE d (id public.uuid_v7 PRIMARY KEY);
INSERT INTO d VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846');
ANALYZE t, d;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM t WHERE public.uuid_extract_time(id) >= timestamptz '2024-01-01 01:00+00';
SELECT count(*) FROM t WHERE public.uuid_extract_time(id) >= timestamptz '2024-01-01 01:00+00';
SELECT count(*) FROM t WHERE public.uuid_extract_time(id) < timestamptz '2024-01-01 01:00+00';
-- The planted domain proves nothing: the v1 key of 2022 is found.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM d WHERE public.uuid_extract_time(id) < timestamptz '2023-01-01+00';
SELECT count(*) FROM d WHERE public.uuid_extract_time(id) < timestamptz '2023-01-01+00';
\c :regress_db
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET search_path = public, pg_catalog;
DROP DATABASE regress_uuidx_10;
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


-- A v7 key with 4 keys of 2022 and 10000 of 2024.
CREATE TABLE ev (id uuid_v7 PRIMARY KEY);
INSERT INTO ev SELECT uuid_generate_v7(timestamptz '2022-06-01+00' + i * interval '1 day') FROM generate_series(0, 3) AS i;
INSERT INTO ev SELECT uuid_generate_v7(timestamptz '2024-01-01+00' + i * interval '1 second') FROM generate_series(0, 9999) AS i;
VACUUM ANALYZE ev;

-- 2. A foreign table in the tree: its rows are never checked against the parent's CHECK
-- constraint, so the constraint proves nothing for the scan (file_fdw; a v1 and a v6 key of
-- 2022).
CREATE EXTENSION file_fdw;
CREATE SERVER regress_uuidx_files FOREIGN DATA WRAPPER file_fdw;
-- (COPY TO needs an absolute path; file_fdw reads it relative to the data directory.)
DO $$ BEGIN
  EXECUTE format($q$COPY (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846')) TO %L$q$,
                 current_setting('data_directory') || '/uuidx_foreign_keys.csv');
END $$;
CREATE TABLE pev (id uuid NOT NULL CHECK (uuid_extract_version(id) = 7)) PARTITION BY RANGE (id);
CREATE TABLE pev_v7 PARTITION OF pev FOR VALUES FROM (MINVALUE) TO ('10000000-0000-0000-0000-000000000000');
CREATE FOREIGN TABLE pev_old PARTITION OF pev FOR VALUES FROM ('10000000-0000-0000-0000-000000000000') TO (MAXVALUE)
  SERVER regress_uuidx_files OPTIONS (filename 'uuidx_foreign_keys.csv');
INSERT INTO pev_v7 SELECT id FROM ev;
CREATE TABLE iev (id uuid NOT NULL CHECK (uuid_extract_version(id) = 7));
CREATE FOREIGN TABLE iev_old () INHERITS (iev) SERVER regress_uuidx_files OPTIONS (filename 'uuidx_foreign_keys.csv');
INSERT INTO iev SELECT id FROM ev;
ANALYZE pev_v7, iev;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pev WHERE uuid_extract_time(id) < '2023-01-01+00';
SELECT pg_temp.counts($$SELECT count(*) FROM pev WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS partitioned;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM iev WHERE uuid_extract_time(id) < '2023-01-01+00';
SELECT pg_temp.counts($$SELECT count(*) FROM iev WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS inheritance;
-- Without the foreign table (ONLY, or the v7 partition itself) the rewrite applies.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ONLY iev WHERE uuid_extract_time(id) < '2023-01-01+00';
SELECT pg_temp.counts($$SELECT count(*) FROM ONLY iev WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS only_parent;
DROP TABLE pev, iev CASCADE;
DROP SERVER regress_uuidx_files;
DROP EXTENSION file_fdw;

-- 3. A cached plan made by a role that may execute the bound functions, run by one that may
-- not: planned again for that role, without the added condition, same rows (a generic plan of a
-- prepared statement, and a PL/pgSQL function's).
CREATE ROLE regress_uuidx_reader;
GRANT SELECT ON ev TO regress_uuidx_reader;
REVOKE EXECUTE ON FUNCTION uuid_v7_lower_bound(timestamptz, boolean, boolean),
  uuid_v7_upper_bound(timestamptz, boolean, boolean) FROM PUBLIC;
CREATE FUNCTION count_since(t timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN RETURN (SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= t); END $$;
SET plan_cache_mode = force_generic_plan;
PREPARE since(timestamptz) AS SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= $1;
EXPLAIN (COSTS OFF) EXECUTE since('2024-01-01 02:00+00');
EXECUTE since('2024-01-01 02:00+00');
SELECT count_since('2024-01-01 02:00+00');
SET ROLE regress_uuidx_reader;
EXPLAIN (COSTS OFF) EXECUTE since('2024-01-01 02:00+00');
EXECUTE since('2024-01-01 02:00+00');
SELECT count_since('2024-01-01 02:00+00');
RESET ROLE;
-- And back: planned again for the superuser, with the condition.
EXPLAIN (COSTS OFF) EXECUTE since('2024-01-01 02:00+00');
DEALLOCATE since;
RESET plan_cache_mode;
GRANT EXECUTE ON FUNCTION uuid_v7_lower_bound(timestamptz, boolean, boolean),
  uuid_v7_upper_bound(timestamptz, boolean, boolean) TO PUBLIC;
DROP FUNCTION count_since(timestamptz);
REVOKE ALL ON ev FROM regress_uuidx_reader;
DROP ROLE regress_uuidx_reader;

-- 4. The uuid_v7 domain without its constraint holds a v1 key: the type's name proves nothing,
-- nor a constraint added back NOT VALID; a cached plan made while the constraint stood is
-- planned again. At the end the domain has its constraint again, validated (VALIDATE sends no
-- invalidation: the cached plan stays without the condition, a new one has it).
SET plan_cache_mode = force_generic_plan;
PREPARE before_2023 AS SELECT count(*) FROM ev WHERE uuid_extract_time(id) < '2023-01-01+00';
EXPLAIN (COSTS OFF) EXECUTE before_2023;
ALTER DOMAIN uuid_v7 DROP CONSTRAINT uuid_v7_check;
INSERT INTO ev VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846');
EXPLAIN (COSTS OFF) EXECUTE before_2023;
EXECUTE before_2023;
SELECT pg_temp.counts($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS dropped;
ALTER DOMAIN uuid_v7 ADD CONSTRAINT uuid_v7_check CHECK (uuid_check_version(VALUE, 7, 'uuid_v7')) NOT VALID;
EXPLAIN (COSTS OFF) EXECUTE before_2023;
EXECUTE before_2023;
SELECT pg_temp.counts($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS not_valid;
DELETE FROM ev WHERE uuid_extract_version(id) <> 7;
ALTER DOMAIN uuid_v7 VALIDATE CONSTRAINT uuid_v7_check;
EXECUTE before_2023;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE uuid_extract_time(id) < '2023-01-01+00';
DEALLOCATE before_2023;
RESET plan_cache_mode;
-- Any domain whose validated constraint is uuidx's version check with 7 proves its column.
CREATE DOMAIN regress_my_v7 AS uuid CONSTRAINT only_v7 CHECK (uuid_check_version(VALUE, 7, 'regress_my_v7'));
CREATE TABLE mv (id regress_my_v7 PRIMARY KEY);
INSERT INTO mv SELECT id FROM ev;
ANALYZE mv;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM mv WHERE uuid_extract_time(id) < '2023-01-01+00';
SELECT pg_temp.counts($$SELECT count(*) FROM mv WHERE uuid_extract_time(id) < '2023-01-01+00'$$) AS my_domain;
-- Through a view and a join the key is still a column of that table.
CREATE VIEW mv_view AS SELECT id FROM mv;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM mv_view WHERE uuid_extract_time(id) < '2023-01-01+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM mv JOIN ev USING (id) WHERE uuid_extract_time(mv.id) < '2023-01-01+00';
DROP VIEW mv_view;
DROP TABLE mv;
DROP DOMAIN regress_my_v7;

-- Whether the plan of a statement compares the key with a bound (the text of plans differs
-- between majors, so it is not compared). Planned without sequential scans: a plan that reads the
-- whole table has the added range taken out of its filter again.
CREATE FUNCTION pg_temp.uses_key_range(q text) RETURNS boolean LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE line text; found boolean := false;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    found := found OR line ~ 'id [<>]= (''[0-9a-f-]{36}''::uuid|uuid_v7_(lower|upper)_bound)';
  END LOOP;
  RETURN found;
END $$;

-- 5. The added condition never raises an error the original would not: its instant is evaluated
-- once per scan even when no row reaches the original qual, so only instants that cannot fail
-- get one. Here no row has note = -1: with $1 = 300000 years the instant overflows, but the
-- original never evaluates it.
ALTER TABLE ev ADD COLUMN note int NOT NULL DEFAULT 0;
SET plan_cache_mode = force_generic_plan;
PREPARE years_ago(int) AS SELECT count(*) FROM ev WHERE note = -1 AND uuid_extract_time(id) >= now() - $1 * interval '1 year';
SELECT pg_temp.uses_key_range($$EXECUTE years_ago(1)$$) AS param_arithmetic_rewritten;
EXECUTE years_ago(300000);
EXECUTE years_ago(-300000);
DEALLOCATE years_ago;
-- A parameter alone cannot fail: rewritten, and any value is fine, also past both ends of what
-- a v7 holds and of timestamptz (the bound is clamped: everything, or nothing).
PREPARE since(timestamptz) AS SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= $1;
SELECT pg_temp.uses_key_range($$EXECUTE since('2024-01-01')$$) AS param_rewritten;
CREATE FUNCTION pg_temp.execute_count(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  EXECUTE q INTO n;
  RETURN n::text;
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT at, pg_temp.execute_count(format('EXECUTE since(%L)', at)) AS generic_plan,
       pg_temp.counts(format('SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= %L', at)) AS constant
FROM (VALUES ('-infinity'::timestamptz), ('4713-01-01 00:00:00+00 BC'), ('1969-12-31 23:59:59.999999+00'),
             ('1970-01-01+00'), ('2024-01-01 02:00+00'), ('10889-08-02 05:31:50.655+00'),
             ('10889-08-02 05:31:50.656+00'), ('294276-12-31 23:59:59.999999+00'), ('infinity')) AS v(at);
DEALLOCATE since;
-- now() moved by a constant of at most 1000 years, or truncated: rewritten; further: not.
SELECT pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1 hour'$$) AS now_minus_hour,
       pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= date_trunc('day', now()) - interval '1 day'$$) AS day_trunc,
       pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1000 years'$$) AS thousand_years,
       pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id) >= now() - interval '1001 years'$$) AS more_than_thousand;
RESET plan_cache_mode;
ALTER TABLE ev DROP COLUMN note;

-- 6. Named arguments and MERGE (whose ON condition 17 keeps apart from the join tree): the
-- same key range as the positional form and a join's ON, on every major.
SELECT pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id, submillisecond => true) >= '2024-01-01 02:00:00.0005+00'$$) AS named,
       pg_temp.uses_key_range($$SELECT count(*) FROM ev WHERE uuid_extract_time(id, true) >= '2024-01-01 02:00:00.0005+00'$$) AS positional;
SELECT pg_temp.counts($$SELECT count(*) FROM ev WHERE uuid_extract_time(id, submillisecond => true) >= '2024-01-01 02:00:00.0005+00'$$) AS named;
CREATE TABLE incoming (n int);
INSERT INTO incoming VALUES (1), (2);
SELECT pg_temp.uses_key_range($$MERGE INTO ev USING incoming ON uuid_extract_time(ev.id) >= '2024-01-01 02:46+00' AND incoming.n < 0
                                 WHEN MATCHED THEN DO NOTHING$$) AS merge_on;
SET uuidx.time_predicates = off;
SELECT pg_temp.uses_key_range($$MERGE INTO ev USING incoming ON uuid_extract_time(ev.id) >= '2024-01-01 02:46+00' AND incoming.n < 0
                                 WHEN MATCHED THEN DO NOTHING$$) AS merge_on_setting_off;
RESET uuidx.time_predicates;
DROP TABLE incoming;

-- 7. Quals read in the shape constant folding gives them (qual_folding.cpp):
-- `CASE WHEN g.tag IS NULL THEN true ELSE <time comparison> END` is the comparison, and gets its
-- key range, only where g.tag is never NULL: a NOT NULL column whose constraint holds for every
-- row the scan reads. Where it may be NULL the CASE is true for rows the range would exclude:
-- a foreign table in the column's table's tree (its rows are never checked: its tags here are
-- NULL), an inheritance child without the NOT NULL, a NOT NULL constraint not validated (18 and
-- later; before 18 the column is simply nullable here), and a cached plan made before DROP NOT
-- NULL. There nothing is added and the rows are the same (51 with the 4 untagged keys of 2022,
-- where a range would give 47).
CREATE FUNCTION pg_temp.adds_range(q text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE line text; found boolean := false;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    found := found OR line ~ '[<>]= (''[0-9a-f-]{36}''::uuid|uuid_v7_(lower|upper)_bound)';
  END LOOP;
  RETURN found;
END $$;
-- Tags of the keys at each full minute (167, 47 of them from 02:00 on); the 4 keys of 2022 are
-- the untagged ones.
CREATE TABLE tags (id uuid, tag text NOT NULL);
INSERT INTO tags SELECT id, 'minute' FROM ev
WHERE uuid_extract_time(id) >= '2024-01-01+00' AND extract(second FROM uuid_extract_time(id)) = 0;
CREATE EXTENSION file_fdw;
CREATE SERVER regress_uuidx_tag_files FOREIGN DATA WRAPPER file_fdw;
DO $$ BEGIN
  EXECUTE format($q$COPY (SELECT id, NULL FROM ev WHERE uuid_extract_time(id) < '2024-01-01+00') TO %L$q$,
                 current_setting('data_directory') || '/uuidx_null_tags.csv');
END $$;
CREATE FOREIGN TABLE tags_old () INHERITS (tags) SERVER regress_uuidx_tag_files OPTIONS (filename 'uuidx_null_tags.csv');
ANALYZE tags;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS foreign_child,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS foreign_child;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN ONLY tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS only_parent,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN ONLY tags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS only_parent;
DROP TABLE tags CASCADE;
DROP SERVER regress_uuidx_tag_files;
DROP EXTENSION file_fdw;
-- A child that does not hold its parent's NOT NULL (before 18 a child may drop it; from 18 on a
-- NO INHERIT constraint stays on the parent).
DO $$ BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    EXECUTE 'CREATE TABLE ltags (id uuid, tag text NOT NULL NO INHERIT)';
    EXECUTE 'CREATE TABLE ltags_child () INHERITS (ltags)';
  ELSE
    EXECUTE 'CREATE TABLE ltags (id uuid, tag text NOT NULL)';
    EXECUTE 'CREATE TABLE ltags_child () INHERITS (ltags)';
    EXECUTE 'ALTER TABLE ltags_child ALTER COLUMN tag DROP NOT NULL';
  END IF;
END $$;
INSERT INTO ltags SELECT id, 'minute' FROM ev
WHERE uuid_extract_time(id) >= '2024-01-01+00' AND extract(second FROM uuid_extract_time(id)) = 0;
INSERT INTO ltags_child SELECT id, NULL FROM ev WHERE uuid_extract_time(id) < '2024-01-01+00';
ANALYZE ltags, ltags_child;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN ltags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS nullable_child,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN ltags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS nullable_child;
DROP TABLE ltags CASCADE;
-- Partitions hold the partitioned table's NOT NULL: the range is added.
CREATE TABLE ptags (id uuid, tag text NOT NULL) PARTITION BY HASH (id);
CREATE TABLE ptags_0 PARTITION OF ptags FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE ptags_1 PARTITION OF ptags FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO ptags SELECT id, 'minute' FROM ev
WHERE uuid_extract_time(id) >= '2024-01-01+00' AND extract(second FROM uuid_extract_time(id)) = 0;
ANALYZE ptags;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN ptags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS partitioned,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN ptags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS partitioned;
DROP TABLE ptags;
-- A NOT NULL constraint added NOT VALID over NULL tags (18 and later; before 18 the column stays
-- nullable): nothing added. Validated (or, before 18, set) once the NULL tags are gone: added.
CREATE TABLE vtags (id uuid, tag text);
INSERT INTO vtags SELECT id, 'minute' FROM ev
WHERE uuid_extract_time(id) >= '2024-01-01+00' AND extract(second FROM uuid_extract_time(id)) = 0;
INSERT INTO vtags SELECT id, NULL FROM ev WHERE uuid_extract_time(id) < '2024-01-01+00';
ANALYZE vtags;
DO $$ BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    EXECUTE 'ALTER TABLE vtags ADD CONSTRAINT vtags_tag_not_null NOT NULL tag NOT VALID';
  END IF;
END $$;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN vtags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS not_valid,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN vtags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS not_valid;
DELETE FROM vtags WHERE tag IS NULL;
DO $$ BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    EXECUTE 'ALTER TABLE vtags VALIDATE CONSTRAINT vtags_tag_not_null';
  ELSE
    EXECUTE 'ALTER TABLE vtags ALTER COLUMN tag SET NOT NULL';
  END IF;
END $$;
SELECT pg_temp.adds_range($$SELECT count(*) FROM ev JOIN vtags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS validated,
       pg_temp.counts($$SELECT count(*) FROM ev JOIN vtags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END$$) AS validated;
-- A cached generic plan made while the NOT NULL stood is planned again after DROP NOT NULL (the
-- plan depends on the table, whose relcache entry the change invalidates).
SET plan_cache_mode = force_generic_plan;
PREPARE tagged AS SELECT count(*) FROM ev JOIN vtags g ON g.id = ev.id WHERE CASE WHEN g.tag IS NULL THEN true ELSE uuid_extract_time(ev.id) >= '2024-01-01 02:00+00' END;
SELECT pg_temp.adds_range('EXECUTE tagged') AS cached_not_null;
EXECUTE tagged;
ALTER TABLE vtags ALTER COLUMN tag DROP NOT NULL;
INSERT INTO vtags SELECT id, NULL FROM ev WHERE uuid_extract_time(id) < '2024-01-01+00';
SELECT pg_temp.adds_range('EXECUTE tagged') AS cached_after_drop_not_null;
EXECUTE tagged;
DEALLOCATE tagged;
RESET plan_cache_mode;
DROP TABLE vtags;

DROP TABLE ev;
DROP ROLE regress_uuidx_planter;
