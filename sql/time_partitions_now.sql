-- Time predicates from now() over range partitions of a v7 key. The rewrite adds, beside the key
-- bound computed at execution, its value in the planning transaction, so that partitions are
-- pruned when planning (and only the partitions read are locked); the plan is then valid in that
-- transaction only, and a cached plan is planned again in the next one. A key range is a time
-- range because the key begins with its Unix time in ms (RFC 9562 §5.7).
\i sql/include/setup.psql
SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;

-- The partitions of `tab` a statement's plan reads, and those it drops at executor start
-- (EXPLAIN shows "Subplans Removed"): 0 when everything was pruned at planning.
CREATE FUNCTION pg_temp.plan_reads(q text, tab text, OUT reads int, OUT removed_at_start int)
LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  reads := 0; removed_at_start := 0;
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    IF line ~ ('(Seq Scan|Bitmap Heap Scan|Index Scan using \S+|Index Only Scan using \S+) on ' || tab || '_') THEN
      reads := reads + 1;
    END IF;
    IF line ~ 'Subplans Removed: ' THEN
      removed_at_start := removed_at_start + substring(line FROM 'Subplans Removed: (\d+)')::int;
    END IF;
  END LOOP;
END $$;

-- 48 hourly partitions, from 46 hours ago to 2 hours ahead; a row every 10 minutes over the
-- last 46 hours and one an hour ahead. The counts below hold within the hour the partitions were
-- made in: less than 20 s before the next, wait for it.
DO $$
BEGIN
  IF date_trunc('hour', clock_timestamp()) + interval '1 hour' - clock_timestamp() < interval '20 seconds' THEN
    PERFORM pg_sleep_until(date_trunc('hour', clock_timestamp()) + interval '1 hour 0.1 second');
  END IF;
END $$;
CREATE TABLE recent (id uuid_v7 NOT NULL, note int) PARTITION BY RANGE (id);
SELECT count(*) AS partitions
FROM uuid_v7_partitions('recent', date_trunc('hour', now()) - interval '46 hours',
                        date_trunc('hour', now()) + interval '2 hours', interval '1 hour');
INSERT INTO recent SELECT uuid_generate_v7(now() - g * interval '10 minutes'), g FROM generate_series(0, 275) AS g;
INSERT INTO recent VALUES (uuid_generate_v7(now() + interval '1 hour'), -1);
ANALYZE recent;

-- The last hour reads 3 partitions (the previous hour, this one, the next), pruned at planning:
-- none is dropped at executor start. Without the rewrite, all 48.
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) >= now() - interval '1 hour'$$, 'recent');
SET uuidx.time_predicates = off;
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) >= now() - interval '1 hour'$$, 'recent');
RESET uuidx.time_predicates;
-- Both ends, and an upper end alone (from 46 to 40 hours ago: 7 partitions).
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent
  WHERE uuid_extract_time(id) BETWEEN now() - interval '3 hours' AND now() - interval '2 hours'$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) < now() - interval '40 hours'$$, 'recent');
-- CURRENT_TIMESTAMP and transaction_timestamp() are now(); intervals of hours, minutes, seconds.
-- (31.5 minutes back: 2 or 3 partitions, by the minute the test runs at.)
SELECT reads BETWEEN 2 AND 3 AS pruned_at_planning, removed_at_start FROM pg_temp.plan_reads($$SELECT count(*) FROM recent
  WHERE uuid_extract_time(id) > CURRENT_TIMESTAMP - interval '30 minutes' - interval '90 seconds'$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent
  WHERE uuid_extract_time(id) > interval '-24 hours' + transaction_timestamp()$$, 'recent');
-- A day, a month, a year and date_trunc depend on the session's time zone (a day is 23 or 25
-- hours at a change of offset), which may be set again within the transaction;
-- statement_timestamp() changes with the statement: these are pruned at executor start, as
-- PostgreSQL prunes by a stable expression: every partition planned, those left out removed at
-- start (the last day reads 26; none is older than a month or a year ahead; this hour and the
-- next from the hour's start).
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) > now() - interval '1 day'$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) < now() - interval '1 month'$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) > now() + interval '1 year'$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) >= date_trunc('hour', now())$$, 'recent');
SELECT * FROM pg_temp.plan_reads($$SELECT count(*) FROM recent WHERE uuid_extract_time(id) > statement_timestamp() - interval '1 hour'$$, 'recent');

-- The same rows as without the rewrite, in one transaction (one now()).
BEGIN;
SELECT count(*) AS last_hour FROM recent WHERE uuid_extract_time(id) >= now() - interval '1 hour' \gset
SELECT count(*) AS two_to_three FROM recent WHERE uuid_extract_time(id) BETWEEN now() - interval '3 hours' AND now() - interval '2 hours' \gset
SELECT count(*) AS before_40 FROM recent WHERE uuid_extract_time(id) < now() - interval '40 hours' \gset
SELECT count(*) AS ahead FROM recent WHERE uuid_extract_time(id) > now() \gset
SET LOCAL uuidx.time_predicates = off;
SELECT :last_hour = count(*) FILTER (WHERE uuid_extract_time(id) >= now() - interval '1 hour') AS last_hour_same,
       :two_to_three = count(*) FILTER (WHERE uuid_extract_time(id) BETWEEN now() - interval '3 hours' AND now() - interval '2 hours') AS two_to_three_same,
       :before_40 = count(*) FILTER (WHERE uuid_extract_time(id) < now() - interval '40 hours') AS before_40_same,
       :ahead = count(*) FILTER (WHERE uuid_extract_time(id) > now()) AS ahead_same,
       :last_hour BETWEEN 6 AND 8 AND :ahead = 1 AS plausible
FROM recent;
COMMIT;

-- Only the partitions read are locked: the statement's relation locks on recent's partitions.
BEGIN;
SELECT count(*) >= 6 AS some_rows FROM recent WHERE uuid_extract_time(id) >= now() - interval '1 hour';
SELECT count(*) AS partitions_locked FROM pg_locks l JOIN pg_inherits i ON i.inhrelid = l.relation
WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation' AND i.inhparent = 'recent'::regclass;
COMMIT;
BEGIN;
SET LOCAL uuidx.time_predicates = off;
SELECT count(*) >= 6 AS some_rows FROM recent WHERE uuid_extract_time(id) >= now() - interval '1 hour';
SELECT count(*) AS partitions_locked FROM pg_locks l JOIN pg_inherits i ON i.inhrelid = l.relation
WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation' AND i.inhparent = 'recent'::regclass;
COMMIT;

-- A cached plan runs later, in another transaction: it is planned again there. Two partitions
-- split 3 s from now; the one row lies in the later one, 3.5 s ahead. "Before now()" is planned
-- and run (0 rows: the later partition pruned), then, once the row's time has passed, run again:
-- a plan kept from the first transaction would still leave its partition out.
CREATE TABLE soon (id uuid_v7 PRIMARY KEY, note int) PARTITION BY RANGE (id);
SELECT clock_timestamp() + interval '3 seconds' AS split_at, clock_timestamp() + interval '3.5 seconds' AS row_at \gset
SELECT uuid_v7_floor(:'split_at') AS split \gset
CREATE TABLE soon_before PARTITION OF soon FOR VALUES FROM (MINVALUE) TO (:'split');
CREATE TABLE soon_after PARTITION OF soon FOR VALUES FROM (:'split') TO (MAXVALUE);
INSERT INTO soon VALUES (uuid_generate_v7(:'row_at'), 1);
-- The same query four ways: a generic plan of a prepared statement, a custom plan (a parameter
-- that is not the instant), a PL/pgSQL function's saved plan, an SQL function's (cached from 18 on).
PREPARE before_now AS SELECT count(*) FROM soon WHERE uuid_extract_time(id) < now();
PREPARE before_now_custom(int) AS SELECT count(*) FROM soon WHERE uuid_extract_time(id) < now() AND note > $1;
CREATE FUNCTION pg_temp.before_now() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN RETURN (SELECT count(*) FROM soon WHERE uuid_extract_time(id) < now()); END $$;
CREATE FUNCTION pg_temp.before_now_sql() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM soon WHERE uuid_extract_time(id) < now() $$;
SET plan_cache_mode = force_generic_plan;
SELECT * FROM pg_temp.plan_reads('EXECUTE before_now', 'soon');
EXECUTE before_now;
SELECT pg_temp.before_now() AS in_function, pg_temp.before_now_sql() AS in_sql_function;
SET plan_cache_mode = force_custom_plan;
EXECUTE before_now_custom(0);
SELECT now() < :'split_at' AS planned_before_the_split;
SELECT pg_sleep_until(:'row_at'::timestamptz + interval '0.1 second');
SET plan_cache_mode = force_generic_plan;
SELECT * FROM pg_temp.plan_reads('EXECUTE before_now', 'soon');
EXECUTE before_now;
SELECT pg_temp.before_now() AS in_function, pg_temp.before_now_sql() AS in_sql_function;
SET plan_cache_mode = force_custom_plan;
EXECUTE before_now_custom(0);
RESET plan_cache_mode;
SET uuidx.time_predicates = off;
SELECT count(*) AS without_rewrite FROM soon WHERE uuid_extract_time(id) < now();
RESET uuidx.time_predicates;
-- Within one transaction the plan is kept (one now()), and stays right.
SET plan_cache_mode = force_generic_plan;
BEGIN;
EXECUTE before_now;
EXECUTE before_now;
COMMIT;

-- A partition attached after planning, in the same transaction: the plan is made again, and reads
-- it. Detached first (the plan no longer reads the row of soon_after), then a new partition from
-- the split to an hour ahead, with a row made now and one 10 minutes ahead.
BEGIN;
PREPARE last_hour AS SELECT count(*) FROM soon WHERE uuid_extract_time(id) >= now() - interval '1 hour';
EXECUTE last_hour;
ALTER TABLE soon DETACH PARTITION soon_after;
EXECUTE last_hour;
SELECT uuid_v7_floor(now() + interval '1 hour') AS hour_ahead \gset
CREATE TABLE soon_next (LIKE soon);
INSERT INTO soon_next VALUES (uuid_generate_v7(now()), 2), (uuid_generate_v7(now() + interval '10 minutes'), 3);
ALTER TABLE soon_after RENAME TO soon_detached;
ALTER TABLE soon ATTACH PARTITION soon_next FOR VALUES FROM (:'split') TO (:'hour_ahead');
EXECUTE last_hour;
SELECT * FROM pg_temp.plan_reads('EXECUTE last_hour', 'soon');
SET LOCAL uuidx.time_predicates = off;
SELECT count(*) AS without_rewrite FROM soon WHERE uuid_extract_time(id) >= now() - interval '1 hour';
COMMIT;
DEALLOCATE ALL;
RESET plan_cache_mode;

-- The plan shows both: the bound computed at execution, and its value at planning (its index
-- condition, the same on every partition it reads).
CREATE FUNCTION pg_temp.index_conditions(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    IF line ~ 'Index Cond: ' THEN
      RETURN NEXT regexp_replace(substring(line FROM 'Index Cond: .*'), '''[0-9a-f-]{36}''', '''<planned>''', 'g');
    END IF;
  END LOOP;
END $$;
SET enable_seqscan = off;
SELECT DISTINCT c AS index_condition
FROM pg_temp.index_conditions($$SELECT * FROM soon WHERE uuid_extract_time(id) >= now() - interval '1 hour'$$) AS c;
RESET enable_seqscan;
