-- uuid_extract_time / version / variant / node / clock_seq (RFC 9562 §4.1, §4.2, §5.1, §5.6, §5.7).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- Time of v1/v6 values with known timestamps (computed independently): 100 ns truncated to µs.
SELECT u, uuid_extract_version(u) AS version, uuid_extract_time(u) AS time
FROM (VALUES ('00000000-0000-1000-8000-000000000000'::uuid),  -- Gregorian epoch
             ('00000000-0000-6000-8000-000000000000'),
             ('13814000-1dd2-11b2-8000-000000000000'),         -- Unix epoch
             ('13814011-1dd2-11b2-8000-000000000000'),         -- + 1.7 µs, truncated to 1 µs
             ('1b21dd21-3814-6011-8000-000000000000'),
             ('04c29687-833b-11ee-8000-000000000000'),         -- 2023-11-14 22:13:20.1234567
             ('1ee833b0-4c29-6687-8000-000000000000'),
             ('ffffffff-ffff-1fff-8000-000000000000'),         -- last 60-bit timestamp
             ('ffffffff-ffff-6fff-8000-000000000000')) AS t(u);

-- v7 made from known instants: the millisecond comes back (sub-ms is not read by default).
SELECT at, uuid_extract_time(uuid_generate_v7(at)) AS time,
       uuid_extract_time(uuid_generate_v7(at)) = date_trunc('milliseconds', at) AS is_ms_of_input
FROM (VALUES ('1970-01-01 00:00:00+00'::timestamptz),
             ('2022-02-22 14:22:22.999999-05'),
             ('2024-05-06 07:08:09.123456+00'),
             ('10889-08-02 05:31:50.655999+00')) AS t(at);

-- Live values hold the time they were made.
SELECT bool_and(t BETWEEN date_trunc('milliseconds', before) AND after + interval '1 second') AS v7_now,
       bool_and(t1 BETWEEN before - interval '1 microsecond' AND after + interval '1 second') AS v1_now,
       bool_and(t6 BETWEEN before - interval '1 microsecond' AND after + interval '1 second') AS v6_now
FROM (SELECT clock_timestamp() AS before,
             uuid_extract_time(uuid_generate_v7()) AS t,
             uuid_extract_time(uuid_generate_v1()) AS t1,
             uuid_extract_time(uuid_generate_v6()) AS t6,
             clock_timestamp() AS after
      FROM generate_series(1, 1000)) s;

-- Versions and variants: every version nibble of the RFC variant, each variant of Table 1,
-- nil and max. Only v1/v6/v7 have a time; only v1/v6 a node and clock sequence.
SELECT u, uuid_extract_variant(u) AS variant, uuid_extract_version(u) AS version,
       uuid_extract_time(u) AS time, uuid_extract_node(u) AS node, uuid_extract_clock_seq(u) AS clock_seq
FROM (SELECT format('c232ab00-9414-%sfec-b3c8-9f6bdeced846', to_hex(v))::uuid
      FROM generate_series(0, 15) AS v) AS t(u);

SELECT u, uuid_extract_variant(u) AS variant, uuid_extract_version(u) AS version,
       uuid_extract_time(u) AS time, uuid_extract_node(u) AS node, uuid_extract_clock_seq(u) AS clock_seq
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('c232ab00-9414-11ec-03c8-9f6bdeced846'),  -- NCS 0xxx
             ('c232ab00-9414-11ec-73c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-83c8-9f6bdeced846'),  -- RFC 9562 10xx
             ('c232ab00-9414-11ec-b3c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-c3c8-9f6bdeced846'),  -- Microsoft 110x
             ('c232ab00-9414-11ec-d3c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-e3c8-9f6bdeced846'),  -- reserved 111x
             ('017f22e2-79b0-7cc3-f8c4-dc0c0c07398f')) AS t(u);

-- Clock sequence spans 14 bits.
SELECT uuid_extract_clock_seq('c232ab00-9414-11ec-8000-9f6bdeced846') AS min_seq,
       uuid_extract_clock_seq('c232ab00-9414-11ec-bfff-9f6bdeced846') AS max_seq;

-- NULL in, NULL out.
SELECT uuid_extract_time(NULL) IS NULL AS t, uuid_extract_version(NULL) IS NULL AS v,
       uuid_extract_variant(NULL) IS NULL AS var, uuid_extract_node(NULL) IS NULL AS n,
       uuid_extract_clock_seq(NULL) IS NULL AS c;

-- Same contract as PostgreSQL 18's uuid_extract_version: gen_random_uuid() is version 4.
SELECT uuid_extract_version(gen_random_uuid()) AS v4, uuid_extract_variant(gen_random_uuid()) AS rfc;
