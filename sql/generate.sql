-- Generators: uuid_generate_v1/v4/v6/v7, uuid_generate_v7(timestamptz), uuid_nil, uuid_max.
\i sql/include/setup.psql

-- 100k of each kind: all distinct, right version, RFC 9562 variant (§4.1, §4.2).
CREATE TEMP TABLE gen (kind int, i int, u uuid);
INSERT INTO gen SELECT 1, i, uuid_generate_v1() FROM generate_series(1, 100000) AS i;
INSERT INTO gen SELECT 4, i, uuid_generate_v4() FROM generate_series(1, 100000) AS i;
INSERT INTO gen SELECT 6, i, uuid_generate_v6() FROM generate_series(1, 100000) AS i;
SELECT clock_timestamp() AS v7_before \gset
INSERT INTO gen SELECT 7, i, uuid_generate_v7() FROM generate_series(1, 100000) AS i;
SELECT kind, count(*) AS n, count(DISTINCT u) AS distinct_values,
       count(*) FILTER (WHERE uuid_extract_version(u) = kind) AS right_version,
       count(*) FILTER (WHERE uuid_extract_variant(u) = 2) AS rfc_variant
FROM gen GROUP BY kind ORDER BY kind;
SELECT count(DISTINCT u) AS distinct_over_all_kinds FROM gen;

-- v6 and v7 strictly increase in generation order within the session (§6.2), and so do the
-- timestamps of v1.
SELECT kind, count(*) FILTER (WHERE u <= prev) AS not_increasing
FROM (SELECT kind, u, lag(u) OVER (PARTITION BY kind ORDER BY i) AS prev FROM gen WHERE kind IN (6, 7)) s
GROUP BY kind ORDER BY kind;
SELECT count(*) FILTER (WHERE uuid_v1_to_v6(u) <= uuid_v1_to_v6(prev)) AS v1_time_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev FROM gen WHERE kind = 1) s;

-- v1 and v6 of a session share one random multicast node and one clock sequence (§6.10).
SELECT count(DISTINCT uuid_extract_node(u)) AS nodes, count(DISTINCT uuid_extract_clock_seq(u)) AS clock_seqs,
       bool_and((('x' || left(uuid_extract_node(u)::text, 2))::bit(8) & b'00000001') = b'00000001') AS multicast
FROM gen WHERE kind IN (1, 6);

-- rand_b of v7 and the random bits of v4 are not constant: each of the 62 (resp. 122) random
-- bit positions takes both values over 100k values, and the version and variant bits never vary.
-- (Within one v7 tick rand_b grows by increments of at most 2^32, §6.2 Method 2: its high bits
-- vary because every new tick draws a fresh rand_b; checked on its own below.)
-- Positions are RFC 9562 bit numbers (0 = most significant bit of octet 0); get_bit counts bits
-- from the least significant of each byte, hence the mapping.
CREATE TEMP TABLE bit_counts AS
SELECT kind, r, sum(get_bit(uuid_send(u), (r / 8) * 8 + 7 - r % 8)) AS ones
FROM gen, generate_series(0, 127) AS r WHERE kind IN (4, 7) GROUP BY kind, r;
SELECT kind,
       count(*) FILTER (WHERE ones BETWEEN 1 AND 99999 AND r NOT BETWEEN 48 AND 51 AND r NOT IN (64, 65)
                          AND (kind = 4 OR r >= 66)) AS varying_random_positions,
       string_agg(CASE WHEN ones = 0 THEN '0' ELSE '1' END, '' ORDER BY r)
         FILTER (WHERE r BETWEEN 48 AND 51 OR r IN (64, 65)) AS version_and_variant_bits,
       bool_and(ones IN (0, 100000)) FILTER (WHERE r BETWEEN 48 AND 51 OR r IN (64, 65)) AS those_constant
FROM bit_counts GROUP BY kind ORDER BY kind;

-- Bursts: 100k v7 in one statement run far past 4096 per ms and still increase (checked above);
-- their times lie between the clock read before the burst (less the ms the field truncates to)
-- and a second after the clock read now.
SELECT max(uuid_extract_time(u)) - min(uuid_extract_time(u)) < interval '1 minute' AS v7_span_sane,
       min(uuid_extract_time(u)) >= :'v7_before'::timestamptz - interval '1 millisecond' AS not_behind_clock,
       max(uuid_extract_time(u)) <= clock_timestamp() + interval '1 second' AS not_ahead_of_clock
FROM gen WHERE kind = 7;

-- §6.2 Method 3 with Method 2: a value whose clock tick (ms and 12-bit fraction) has not moved
-- past the last value's keeps that tick and adds a random increment in [1, 2^32] to the 62-bit
-- rand_b; a value on a new tick draws a fresh rand_b. Four calls in one row follow each other
-- within tens of ns, so many consecutive values share a tick; they sort in call order (strictly
-- increasing, checked above). tick: the first 16 hex digits (version digit included); rand_b:
-- the last 16 without the variant bits.
CREATE TEMP TABLE v7_steps AS
SELECT tick, rand_b, lag(tick) OVER w AS prev_tick, lag(rand_b) OVER w AS prev_rand_b
FROM (SELECT u, left(h, 16) AS tick, ('x' || right(h, 16))::bit(64)::bigint & 4611686018427387903 AS rand_b
      FROM (SELECT u, replace(u::text, '-', '') AS h
            FROM (SELECT unnest(ARRAY[uuid_generate_v7(), uuid_generate_v7(), uuid_generate_v7(), uuid_generate_v7()]) AS u
                  FROM generate_series(1, 25000)) s) t) v
WINDOW w AS (ORDER BY u);
SELECT count(*) FILTER (WHERE tick = prev_tick) > 0 AS some_share_a_tick,
       count(*) FILTER (WHERE tick = prev_tick AND rand_b - prev_rand_b NOT BETWEEN 1 AND 4294967296) AS bad_increments,
       count(*) FILTER (WHERE tick < prev_tick) AS ticks_backwards
FROM v7_steps;
SELECT count(*) AS fresh_rand_b_varying_positions
FROM (SELECT k, sum((rand_b >> k) & 1) AS ones, count(*) AS n
      FROM v7_steps, generate_series(0, 61) AS k WHERE tick <> prev_tick GROUP BY k) s
WHERE ones BETWEEN 1 AND n - 1;

-- 10^7 v7 in one statement, ~40 times more than 4096 per ms: the last value's time (ms and
-- fraction, to the nearest µs) is the clock's, not ahead of it (it used to run a tick ahead per
-- value). The burst of 9,999,999 runs to completion in an aggregate; then the clock is read
-- (before), the last value generated and the clock read again (after). Each level reads the row
-- of the one below it (OFFSET 0 keeps them apart), so they happen in that order. The value's
-- time is at most the later reading + 1 µs (the fraction is rounded to the nearest µs) and at
-- least the earlier reading - 1 ms.
SELECT n AS burst, t <= after + interval '1 microsecond' AS not_ahead_of_clock,
       t >= before - interval '1 millisecond' AS within_1ms_of_clock
FROM (SELECT n, before, uuid_extract_time(last, true) AS t, clock_timestamp() AS after
      FROM (SELECT n, before, uuid_generate_v7() AS last
            FROM (SELECT n, clock_timestamp() AS before
                  FROM (SELECT count(uuid_generate_v7()) AS n FROM (SELECT generate_series(1, 9999999)) g) burst
                  OFFSET 0) b
            OFFSET 0) l
      OFFSET 0) a;

-- uuid_generate_v7(at): the instant's ms and §6.2 Method 3 fraction, random rest; not part of
-- the session's sequence, so the same instant twice gives two different values.
SELECT left(a::text, 18) AS prefix_a, left(b::text, 18) AS prefix_b, a <> b AS differ,
       uuid_extract_version(a) AS version, uuid_extract_variant(a) AS variant
FROM (SELECT uuid_generate_v7('2024-05-06 07:08:09.5+00') AS a, uuid_generate_v7('2024-05-06 07:08:09.5+00') AS b) s;
SELECT uuid_generate_v7('1970-01-01 00:00:00+00') < uuid_generate_v7('1970-01-01 00:00:00.000001+00') AS us_ordered,
       uuid_generate_v7('2000-01-01 00:00:00.000999+00') < uuid_generate_v7('2000-01-01 00:00:00.001+00') AS ms_ordered;
SELECT uuid_generate_v7(NULL) IS NULL AS strict_null;

-- Range: 1970-01-01 to the last 48-bit millisecond; outside it and ±infinity are 22008.
SELECT at, pg_temp.err(format('SELECT uuid_generate_v7(%L::timestamptz)', at)) AS result
FROM (VALUES ('1970-01-01 00:00:00+00'),
             ('1969-12-31 23:59:59.999999+00'),
             ('0001-01-01 00:00:00+00 BC'),
             ('10889-08-02 05:31:50.655999+00'),
             ('10889-08-02 05:31:50.656+00'),
             ('294276-12-31 23:59:59.999999+00'),
             ('infinity'),
             ('-infinity')) AS t(at);

-- nil and max are constants.
SELECT uuid_nil(), uuid_max(), uuid_nil() < uuid_max() AS ordered,
       uuid_extract_variant(uuid_nil()) AS nil_variant, uuid_extract_variant(uuid_max()) AS max_variant;

-- As a column DEFAULT: keys in insertion order, all distinct, v7.
CREATE TABLE items (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), seq int GENERATED ALWAYS AS IDENTITY, name text);
INSERT INTO items (name) SELECT 'item ' || i FROM generate_series(1, 5000) AS i;
INSERT INTO items (name) VALUES ('one more');
SELECT count(*) AS n, count(DISTINCT id) AS distinct_ids, bool_and(uuid_extract_version(id) = 7) AS all_v7,
       count(*) FILTER (WHERE id <= prev) AS out_of_insert_order
FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS prev FROM items) s;
CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), v1 uuid DEFAULT uuid_generate_v1(),
                     v6 uuid DEFAULT uuid_generate_v6());
INSERT INTO events DEFAULT VALUES;
INSERT INTO events DEFAULT VALUES;
SELECT count(DISTINCT id) AS ids, count(DISTINCT v1) AS v1s, count(DISTINCT v6) AS v6s,
       bool_and(uuid_extract_version(id) = 4 AND uuid_extract_version(v1) = 1 AND uuid_extract_version(v6) = 6) AS versions
FROM events;
DROP TABLE items, events;
