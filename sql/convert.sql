-- uuid_v1_to_v6 / uuid_v6_to_v1 (RFC 9562 §5.6): lossless, and every other input is an error.
\i sql/include/setup.psql

-- Vectors computed independently (1582-10-15, 1970-01-01, 60-bit maximum).
SELECT v1, uuid_v1_to_v6(v1) AS v6, uuid_v6_to_v1(uuid_v1_to_v6(v1)) = v1 AS round_trip
FROM (VALUES ('00000000-0000-1000-8000-000000000000'::uuid),
             ('13814000-1dd2-11b2-8000-000000000000'),
             ('04c29687-833b-11ee-8000-000000000000'),
             ('ffffffff-ffff-1fff-bfff-ffffffffffff')) AS t(v1);

-- Round trip bit for bit, fields kept, for generated values of both kinds.
CREATE TEMP TABLE gen AS
  SELECT uuid_generate_v1() AS v1, uuid_generate_v6() AS v6 FROM generate_series(1, 10000);
SELECT count(*) AS n,
       count(*) FILTER (WHERE uuid_v6_to_v1(uuid_v1_to_v6(v1)) = v1) AS v1_round_trips,
       count(*) FILTER (WHERE uuid_v1_to_v6(uuid_v6_to_v1(v6)) = v6) AS v6_round_trips,
       count(*) FILTER (WHERE uuid_extract_time(uuid_v1_to_v6(v1)) = uuid_extract_time(v1)
                          AND uuid_extract_node(uuid_v1_to_v6(v1)) = uuid_extract_node(v1)
                          AND uuid_extract_clock_seq(uuid_v1_to_v6(v1)) = uuid_extract_clock_seq(v1)) AS fields_kept,
       count(*) FILTER (WHERE uuid_extract_version(uuid_v1_to_v6(v1)) = 6
                          AND uuid_extract_version(uuid_v6_to_v1(v6)) = 1) AS versions_right
FROM gen;

-- Converted to v6, values sort by time.
SELECT count(*) FILTER (WHERE t < prev_t) AS out_of_time_order
FROM (SELECT uuid_extract_time(v6) AS t, lag(uuid_extract_time(v6)) OVER (ORDER BY v6) AS prev_t
      FROM (SELECT uuid_v1_to_v6(v1) AS v6 FROM gen) s) s;

-- NULL in, NULL out (STRICT).
SELECT uuid_v1_to_v6(NULL) IS NULL AS v1_to_v6_null, uuid_v6_to_v1(NULL) IS NULL AS v6_to_v1_null;

-- Everything that is not a v1 (resp. v6) is rejected with 22023, naming what it is.
SELECT input, pg_temp.err(format('SELECT uuid_v1_to_v6(%L)', input)) AS v1_to_v6
FROM (VALUES ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('5df41881-3aed-3515-88a7-2f4a814cf09e'),
             ('919108f7-52d1-4320-9bac-f847db4148a8'),
             ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
             ('c232ab00-9414-01ec-b3c8-9f6bdeced846'),
             ('c232ab00-9414-f1ec-b3c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-33c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-c3c8-9f6bdeced846'),
             ('c232ab00-9414-11ec-e3c8-9f6bdeced846')) AS t(input);

SELECT input, pg_temp.err(format('SELECT uuid_v6_to_v1(%L)', input)) AS v6_to_v1
FROM (VALUES ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('c232ab00-9414-11ec-b3c8-9f6bdeced846'),
             ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
             ('1ec9414c-232a-6b00-d3c8-9f6bdeced846')) AS t(input);

-- What a user sees.
SELECT uuid_v1_to_v6('919108f7-52d1-4320-9bac-f847db4148a8');
