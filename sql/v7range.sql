-- uuid_v7_floor / uuid_v7_ceil as btree range bounds over a v7 key, uuid_extract_time(uuid,
-- boolean) and uuid_generate_v1mc.
\i sql/include/setup.psql

-- The bounds of the A.6 millisecond (unix_ts_ms 0x017F22E279B0); the A.6 vector lies between.
SELECT uuid_v7_floor('2022-02-22 19:22:22.000999+00') AS floor, uuid_v7_ceil('2022-02-22 19:22:22+00') AS ceil,
       '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid BETWEEN uuid_v7_floor('2022-02-22 19:22:22+00')
                                                      AND uuid_v7_ceil('2022-02-22 19:22:22+00') AS a6_inside;
-- The ends of the 48-bit range.
SELECT uuid_v7_floor('1970-01-01 00:00:00+00') AS first, uuid_v7_ceil('10889-08-02 05:31:50.655999+00') AS last;
-- Out of range or infinite: 22008.
SELECT pg_temp.err($$SELECT uuid_v7_floor('1969-12-31 23:59:59.9999+00')$$) AS before_1970;
SELECT pg_temp.err($$SELECT uuid_v7_ceil('10889-08-02 05:31:50.656+00')$$) AS past_48_bits;
SELECT pg_temp.err($$SELECT uuid_v7_floor('infinity')$$) AS infinity;
SELECT pg_temp.err($$SELECT uuid_v7_ceil('-infinity')$$) AS minus_infinity;
SELECT uuid_v7_floor(NULL) IS NULL AS strict;

-- A v7 key, one value per second of 2024-01-01 .. 2024-01-02 (86400 rows).
CREATE TABLE events (id uuid PRIMARY KEY, at timestamptz NOT NULL);
INSERT INTO events SELECT uuid_generate_v7(t), t
FROM generate_series(timestamptz '2024-01-01', timestamptz '2024-01-01 23:59:59', interval '1 second') AS t;
VACUUM ANALYZE events;

-- One hour of it through the primary key: an index (only) scan with constant bounds.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE id BETWEEN uuid_v7_floor('2024-01-01 10:00:00+00') AND uuid_v7_ceil('2024-01-01 10:59:59.999+00');
SELECT count(*) AS by_index FROM events
WHERE id BETWEEN uuid_v7_floor('2024-01-01 10:00:00+00') AND uuid_v7_ceil('2024-01-01 10:59:59.999+00');
-- The same count from a sequential scan, and from the time column.
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE id BETWEEN uuid_v7_floor('2024-01-01 10:00:00+00') AND uuid_v7_ceil('2024-01-01 10:59:59.999+00');
SELECT count(*) AS by_seq_scan FROM events
WHERE id BETWEEN uuid_v7_floor('2024-01-01 10:00:00+00') AND uuid_v7_ceil('2024-01-01 10:59:59.999+00');
SELECT count(*) AS by_time_column FROM events WHERE at >= '2024-01-01 10:00:00+00' AND at < '2024-01-01 11:00:00+00';
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
-- Bounds are inclusive at the ms: a 1 ms range finds exactly the row of that second.
SELECT count(*) AS one_ms FROM events
WHERE id BETWEEN uuid_v7_floor('2024-01-01 12:34:56.0004+00') AND uuid_v7_ceil('2024-01-01 12:34:56.0004+00');
-- Every row lies within the bounds of its own millisecond.
SELECT count(*) AS n, count(*) FILTER (WHERE id BETWEEN uuid_v7_floor(at) AND uuid_v7_ceil(at)) AS inside_own_ms
FROM events;
DROP TABLE events;

-- uuid_extract_time(uuid, submillisecond): a v7 written for a whole-µs instant gives it back
-- exactly with true, and the ms with false (as the one-argument form).
SELECT at, uuid_extract_time(u, true) AS with_sub_ms, uuid_extract_time(u, false) AS without,
       uuid_extract_time(u, true) = at AS exact, uuid_extract_time(u, false) = uuid_extract_time(u) AS false_is_default
FROM (SELECT at, uuid_generate_v7(at) AS u
      FROM (VALUES (timestamptz '2022-02-22 19:22:22.123456+00'), ('1970-01-01 00:00:00.000999+00'),
                   ('2024-02-29 23:59:59.999999+00')) AS a(at)) AS s;
SELECT count(*) AS n, count(*) FILTER (WHERE uuid_extract_time(uuid_generate_v7(at), true) = at) AS exact_us
FROM (SELECT timestamptz '2024-01-01' + (random() * 1e9)::bigint * interval '1 microsecond' AS at
      FROM generate_series(1, 10000)) AS s;
-- The A.6 rand_a 0xCC3 read as a fraction: 3267/4096 ms, i.e. 797.607 µs, rounded to 798 µs.
SELECT uuid_extract_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F', true) AS a6_sub_ms;
-- For other versions the flag changes nothing; with no time, NULL.
SELECT uuid_extract_time('C232AB00-9414-11EC-B3C8-9F6BDECED846', true) AS a1,
       uuid_extract_time('919108f7-52d1-4320-9bac-f847db4148a8', true) AS a3_v4,
       uuid_extract_time(uuid_nil(), NULL) IS NULL AS strict;

-- uuid_generate_v1mc: v1, multicast node fresh each call, timestamps strictly increasing with
-- the session's v1 and v6.
CREATE TEMP TABLE mc AS
  SELECT i, CASE i % 3 WHEN 0 THEN uuid_generate_v1mc() WHEN 1 THEN uuid_generate_v1() ELSE uuid_v6_to_v1(uuid_generate_v6()) END AS u
  FROM generate_series(1, 30000) AS i;
SELECT count(*) FILTER (WHERE i % 3 = 0) AS v1mc,
       count(*) FILTER (WHERE i % 3 = 0 AND uuid_extract_version(u) = 1) AS version_1,
       count(*) FILTER (WHERE i % 3 = 0 AND get_byte(macaddr_send(uuid_extract_node(u)), 0) & 1 = 1) AS multicast,
       count(DISTINCT uuid_extract_node(u)) FILTER (WHERE i % 3 = 0) AS distinct_nodes,
       count(DISTINCT u) AS distinct_all
FROM mc;
-- v6 order is timestamp order: strictly increasing in generation order.
SELECT count(*) AS pairs, count(*) FILTER (WHERE ts > prev_ts) AS gregorian_increasing
FROM (SELECT uuid_v1_to_v6(u) AS ts, lag(uuid_v1_to_v6(u)) OVER (ORDER BY i) AS prev_ts FROM mc) AS s
WHERE prev_ts IS NOT NULL;
