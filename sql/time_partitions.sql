-- Range partitions of a v7 key by time: uuid_v7_partitions creates them with bounds from
-- uuid_v7_floor (exact to the ms), idempotently; pruning works for key ranges and, through the
-- planner hook, for uuid_extract_time(id) comparisons.
\i sql/include/setup.psql
SELECT uuid_extract_version(uuid_nil()) IS NULL AS library_loaded;

CREATE TABLE events (id uuid_v7 NOT NULL, payload text) PARTITION BY RANGE (id);
SELECT uuid_v7_partitions('events', '2024-01-01+00', '2024-01-04+00', interval '1 day')::text AS created;
-- Again, and over a longer span: only the missing partition is created.
SELECT uuid_v7_partitions('events', '2024-01-01+00', '2024-01-05+00', interval '1 day')::text AS created_again;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass ORDER BY 2;
-- The bounds meet exactly at midnight: the last v7 of 23:59:59.999 goes left, the first of 00:00 right.
INSERT INTO events VALUES (uuid_v7_ceil('2024-01-01 23:59:59.999+00'), 'last of day 1'),
                          (uuid_v7_floor('2024-01-02 00:00:00+00'), 'first of day 2');
SELECT tableoid::regclass AS partition, payload FROM events ORDER BY id;
INSERT INTO events SELECT uuid_generate_v7(t), 'row' FROM generate_series(timestamptz '2024-01-01', timestamptz '2024-01-04 23:00', interval '1 hour') AS t;
ANALYZE events;
SELECT pg_temp.err($$INSERT INTO events VALUES (uuid_v7_floor('2024-01-06+00'), 'outside')$$) AS outside;

-- Pruning by a key range ...
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE id BETWEEN uuid_v7_floor('2024-01-02 06:00+00') AND uuid_v7_ceil('2024-01-02 18:00+00');
-- ... and by the time of the key (planner hook): the same single partition.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE uuid_extract_time(id) >= '2024-01-02 06:00+00' AND uuid_extract_time(id) <= '2024-01-02 18:00+00';
SELECT count(*) FROM events WHERE uuid_extract_time(id) >= '2024-01-02 06:00+00' AND uuid_extract_time(id) <= '2024-01-02 18:00+00';
-- A parameter (or a stable instant such as now()) prunes at executor start.
PREPARE since(timestamptz) AS SELECT count(*) FROM events WHERE uuid_extract_time(id) >= $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE since('2024-01-04 12:00+00');
EXECUTE since('2024-01-04 12:00+00');
RESET plan_cache_mode;
DEALLOCATE since;
-- Without the hook, every partition is scanned.
SET uuidx.time_predicates = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE uuid_extract_time(id) >= '2024-01-04 12:00+00';
RESET uuidx.time_predicates;

-- Steps across the ms edge and partial spans: bounds are the floors of each step's start.
CREATE TABLE ticks (id uuid NOT NULL CHECK (uuid_extract_version(id) = 7)) PARTITION BY RANGE (id);
SELECT uuid_v7_partitions('ticks', '2024-01-01 00:00:00.0004+00', '2024-01-01 00:00:00.0035+00', interval '1 millisecond')::text AS created;
SELECT pg_get_expr(c.relpartbound, c.oid) AS bound
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'ticks'::regclass ORDER BY 1;
EXPLAIN (COSTS OFF)
SELECT * FROM ticks WHERE uuid_extract_time(id) = '2024-01-01 00:00:00.001+00';

-- Errors.
CREATE TABLE not_uuid (k int) PARTITION BY RANGE (k);
SELECT pg_temp.err($$SELECT uuid_v7_partitions('not_uuid', now(), now() + interval '1 day', interval '1 hour')$$) AS not_uuid;
SELECT pg_temp.err($$SELECT uuid_v7_partitions('events', '2024-01-01+00', '2024-01-02+00', interval '0')$$) AS zero_step;
SELECT pg_temp.err($$SELECT uuid_v7_partitions('events', '2024-01-01+00', '2024-01-02+00', interval '100 microseconds')$$) AS sub_ms_step;
SELECT pg_temp.err($$SELECT uuid_v7_partitions('events', '2024-01-01 12:00+00', '2024-01-02+00', interval '1 day')$$) AS overlap;

DROP TABLE events, ticks, not_uuid;
