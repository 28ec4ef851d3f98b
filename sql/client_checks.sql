-- Keys made outside the database (docs/outside.md): uuid_v7_check in a CHECK or a domain refuses
-- a non-v7, a v7 dated more than max_ahead after the server's clock, or before min_time, each with
-- 23514 and a DETAIL; uuid_v7_plausible answers the same without an error; the planner's time
-- rewrite still takes a key so checked; uuid_v7_skew and uuid_version_mix report on a column.
\i sql/include/setup.psql
-- The clock's reading and what follows from it vary from run to run: masked.
CREATE FUNCTION pg_temp.masked(query text) RETURNS text LANGUAGE sql AS $$
  SELECT regexp_replace(pg_temp.err(query),
    'the server''s clock reads [^,]+, and the latest time accepted is [0-9: .+-]+\.',
    'the server''s clock reads <clock>, and the latest time accepted is <clock + max_ahead>.') $$;

-- ---------------------------------------------------------------- what the check refuses
-- The declaration: the defaults, VOLATILE (it reads the clock when called), PARALLEL SAFE, not
-- strict (a NULL limit is no limit).
SELECT p.oid::regprocedure AS function, pg_get_function_arguments(p.oid) AS arguments, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p WHERE p.proname IN ('uuid_v7_check', 'uuid_v7_plausible') ORDER BY 1;

-- Accepted: a v7 of now, RFC 9562 appendix A.6's vector (2022: after the default floor of 2020),
-- one of 2024, NULL; a key dated 50 s ahead is within the minute.
SELECT uuid_v7_check(uuid_generate_v7()) AS now,
       uuid_v7_check('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS rfc_vector_2022,
       uuid_v7_check(uuid_v7_floor('2024-06-01')) AS in_2024,
       uuid_v7_check(uuid_generate_v7(clock_timestamp() + interval '50 seconds')) AS ahead_50s,
       uuid_v7_check(NULL) IS NULL AS null_key;
-- Refused, one statement each, with its SQLSTATE: far future (a client clock in 2031 or 2038).
SELECT pg_temp.masked($$SELECT uuid_v7_check(uuid_v7_floor('2031-03-14 15:09:26+00'))$$) AS year_2031;
SELECT pg_temp.masked($$SELECT uuid_v7_check(uuid_v7_floor('2038-01-19 03:14:08+00'))$$) AS year_2038;
-- A client clock 5 minutes ahead: refused by the default tolerance of 1 minute, taken by 10.
SELECT regexp_replace(pg_temp.masked($$SELECT uuid_v7_check(uuid_generate_v7(clock_timestamp() + interval '5 minutes'))$$),
                      'The key "[^"]+" is dated [^,]+,', 'The key "<key>" is dated <clock + 5 min>,') AS client_5_min_ahead;
SELECT uuid_v7_check(uuid_generate_v7(clock_timestamp() + interval '5 minutes'), interval '10 minutes') AS ahead_5_min_taken_with_10;
-- Epoch 0: the v7 of a client that wrote no time.
SELECT pg_temp.masked($$SELECT uuid_v7_check('00000000-0000-7000-8000-000000000000')$$) AS epoch_0;
-- Truncated times. Unix seconds written where RFC 9562 section 5.7 puts ms (1764400000 s read as
-- ms is 1970-01-21): before the floor. Unix µs cut to 48 bits: the year 4364, refused as ahead.
-- Seconds times 1000 is a time rounded to the second, which the check cannot tell from a real one:
-- accepted.
SELECT pg_temp.masked($$SELECT uuid_v7_check(encode(substr(int8send(1764400000), 3) || '\x70008000000000000000'::bytea, 'hex')::uuid)$$) AS seconds_in_ms_field;
SELECT pg_temp.masked($$SELECT uuid_v7_check(encode(substr(int8send(1764400000123456 & 281474976710655), 3) || '\x70008000000000000000'::bytea, 'hex')::uuid)$$) AS micros_cut_to_48_bits;
SELECT uuid_v7_check(encode(substr(int8send(1764400000 * 1000::bigint), 3) || '\x70008000000000000000'::bytea, 'hex')::uuid) AS seconds_times_1000;
-- Not a v7: a v4, nil, max, another variant; the version is read before the time.
SELECT pg_temp.err($$SELECT uuid_v7_check('919108f7-52d1-4320-9bac-f847db4148a8')$$) AS v4;
SELECT pg_temp.err($$SELECT uuid_v7_check('00000000-0000-0000-0000-000000000000', NULL, NULL)$$) AS nil_no_limits;
SELECT pg_temp.err($$SELECT uuid_v7_check('ffffffff-ffff-ffff-ffff-ffffffffffff')$$) AS max;
SELECT pg_temp.err($$SELECT uuid_v7_check('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f')$$) AS microsoft_variant;
-- NULL limits: no limit on that side.
SELECT uuid_v7_check('00000000-0000-7000-8000-000000000000', interval '1 minute', NULL) AS epoch_0_without_floor,
       uuid_v7_check(uuid_v7_floor('2038-01-19 03:14:08+00'), NULL) AS year_2038_without_tolerance;
-- A floor of one's own: the domain of the brief, 2024 on.
SELECT pg_temp.err($$SELECT uuid_v7_check(uuid_v7_floor('2023-12-31 23:59:59.999+00'), interval '1 minute', '2024-01-01 00:00:00+00')$$) AS before_own_floor,
       uuid_v7_check(uuid_v7_floor('2024-01-01 00:00:00+00'), interval '1 minute', '2024-01-01 00:00:00+00') AS at_own_floor;

-- uuid_v7_plausible: the same verdicts as values, for queries that look for bad rows.
SELECT label, uuid_v7_plausible(k) AS plausible
FROM (VALUES ('now', uuid_generate_v7()), ('2031', uuid_v7_floor('2031-03-14')), ('epoch 0', '00000000-0000-7000-8000-000000000000'),
             ('5 min ahead', uuid_generate_v7(clock_timestamp() + interval '5 minutes')), ('v4', '919108f7-52d1-4320-9bac-f847db4148a8'),
             ('NULL', NULL)) AS v(label, k);

-- ---------------------------------------------------------------- in a table and in a domain
CREATE TABLE client_orders (id uuid PRIMARY KEY CHECK (uuid_v7_check(id)), made_at timestamptz NOT NULL DEFAULT now());
INSERT INTO client_orders (id) VALUES (uuid_generate_v7()), (uuid_generate_v7(clock_timestamp() + interval '50 seconds'));
SELECT pg_temp.masked($$INSERT INTO client_orders (id) VALUES (uuid_v7_floor('2038-01-19 03:14:08+00'))$$) AS table_refuses_2038;
SELECT pg_temp.err($$INSERT INTO client_orders (id) VALUES ('919108f7-52d1-4320-9bac-f847db4148a8')$$) AS table_refuses_v4;
SELECT pg_temp.err($$UPDATE client_orders SET id = '00000000-0000-7000-8000-000000000000'$$) AS update_checked_too;
SELECT count(*) AS rows_kept FROM client_orders;
-- The non-raising form in a CHECK: PostgreSQL's own message, naming the constraint.
CREATE TABLE client_orders_plain (id uuid PRIMARY KEY CONSTRAINT id_is_a_plausible_v7 CHECK (uuid_v7_plausible(id)));
SELECT pg_temp.err($$INSERT INTO client_orders_plain VALUES (uuid_v7_floor('2038-01-19 03:14:08+00'))$$) AS plausible_in_check;
-- A domain, with a floor of 2024.
CREATE DOMAIN client_v7 AS uuid CHECK (uuid_v7_check(VALUE, interval '1 minute', '2024-01-01'));
SELECT uuid_v7_floor('2024-01-01 00:00:00+00')::client_v7 AS domain_takes_its_floor;
SELECT pg_temp.err($$SELECT uuid_v7_floor('2023-06-01 00:00:00+00')::client_v7$$) AS domain_refuses_2023;
SELECT pg_temp.err($$SELECT '919108f7-52d1-4320-9bac-f847db4148a8'::client_v7$$) AS domain_refuses_v4;

-- Once accepted, a key stays accepted: the clock moved forward, every row still passes (the
-- same test a restore makes; test/t/026_client_checks.pl restores a dump, and shows the clock
-- set back refusing it). Control: a check that is not monotone in the clock, a key at most 0.2 s
-- behind it, held at insert and fails a second later.
SELECT pg_sleep(1.2);
SELECT count(*) FILTER (WHERE uuid_v7_check(id)) AS still_accepted, count(*) AS rows FROM client_orders;
ALTER TABLE client_orders ADD CONSTRAINT checked_again CHECK (uuid_v7_check(id));
CREATE TABLE recent_only (id uuid CHECK (uuid_extract_time(id) > clock_timestamp() - interval '0.2 seconds'));
INSERT INTO recent_only VALUES (uuid_generate_v7());
SELECT pg_sleep(0.5);
SELECT pg_temp.err($$ALTER TABLE recent_only ADD CONSTRAINT checked_again CHECK (uuid_extract_time(id) > clock_timestamp() - interval '0.2 seconds')$$) AS control_not_monotone;

-- ---------------------------------------------------------------- the planner's time rewrite
-- A key checked by uuid_v7_check (in the table, in a domain) holds v7 keys only: the comparison
-- of its time gets the key range it implies. Control: the same table without the check (a key
-- that may hold any version: nothing added), and a check on another column.
CREATE TABLE checked_ev (id uuid PRIMARY KEY CHECK (uuid_v7_check(id, interval '1 minute', '2024-01-01')), n int);
CREATE TABLE domain_ev (id client_v7 PRIMARY KEY, n int);
CREATE TABLE plausible_ev (id uuid PRIMARY KEY CHECK (uuid_v7_plausible(id)), n int);
CREATE TABLE plain_ev (id uuid PRIMARY KEY, n int);
CREATE TABLE other_ev (id uuid PRIMARY KEY, other uuid CHECK (uuid_v7_check(other)), n int);
INSERT INTO checked_ev SELECT uuid_v7_floor(t), 1 FROM generate_series(timestamptz '2024-01-01', '2024-01-02', '1 minute') AS t;
INSERT INTO domain_ev SELECT id, n FROM checked_ev;
INSERT INTO plausible_ev SELECT id, n FROM checked_ev;
INSERT INTO plain_ev SELECT id, n FROM checked_ev;
INSERT INTO other_ev SELECT id, id, n FROM checked_ev;
ANALYZE checked_ev, domain_ev, plausible_ev, plain_ev, other_ev;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM checked_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM domain_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM plausible_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM plain_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM other_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00';
-- The same answers (60 keys: 10:00 to 10:59), with and without the rewrite.
SELECT (SELECT count(*) FROM checked_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00') AS checked,
       (SELECT count(*) FROM domain_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00') AS domain,
       (SELECT count(*) FROM plain_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00' AND uuid_extract_time(id) < '2024-01-01 11:00+00') AS plain;
-- A NOT VALID check proves nothing; once validated it does.
CREATE TABLE later_ev (id uuid PRIMARY KEY, n int);
INSERT INTO later_ev SELECT id, n FROM checked_ev;
ALTER TABLE later_ev ADD CONSTRAINT id_v7 CHECK (uuid_v7_check(id)) NOT VALID;
ANALYZE later_ev;
EXPLAIN (COSTS OFF) SELECT count(*) FROM later_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00';
ALTER TABLE later_ev VALIDATE CONSTRAINT id_v7;
EXPLAIN (COSTS OFF) SELECT count(*) FROM later_ev WHERE uuid_extract_time(id) >= '2024-01-01 10:00+00';
RESET enable_seqscan;

-- ---------------------------------------------------------------- the skew of client-made keys
-- Keys made by clients whose clocks are off by -200 ms to +799 ms from the row's created_at:
-- uuid_v7_skew(id, created_at) and its percentiles (exact to the ms, the key's precision).
CREATE TABLE client_events (id uuid PRIMARY KEY, created_at timestamptz NOT NULL);
INSERT INTO client_events
SELECT uuid_v7_floor(at + make_interval(secs => (i % 1000 - 200) / 1000.0)), at
FROM generate_series(1, 10000) AS i, LATERAL (SELECT timestamptz '2026-01-01' + i * interval '1 second' AS at) a;
SELECT uuid_v7_skew(uuid_v7_floor('2026-01-01 00:00:01.25+00'), '2026-01-01 00:00:01+00') AS ahead_250ms,
       uuid_v7_skew(uuid_v7_floor('2026-01-01 00:00:00+00'), '2026-01-01 00:00:01+00') AS behind_1s,
       uuid_v7_skew('919108f7-52d1-4320-9bac-f847db4148a8', '2026-01-01') AS v4_has_none;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY uuid_v7_skew(id, created_at)) AS p50,
       percentile_cont(0.99) WITHIN GROUP (ORDER BY uuid_v7_skew(id, created_at)) AS p99,
       max(uuid_v7_skew(id, created_at)) AS max_ahead,
       min(uuid_v7_skew(id, created_at)) AS max_behind
FROM client_events;

-- ---------------------------------------------------------------- a key column's version mix
-- 600 v4 keys (fixed: from md5), then 400 v7 keys, 3 NULL and the nil UUID: a table in the middle
-- of its move from v4 to v7.
CREATE TABLE mixed (id uuid, note text);
INSERT INTO mixed SELECT encode(set_byte(set_byte(decode(md5(i::text), 'hex'), 6, 64 + get_byte(decode(md5(i::text), 'hex'), 6) % 16),
                                8, 128 + get_byte(decode(md5(i::text), 'hex'), 8) % 64), 'hex')::uuid, 'v4'
FROM generate_series(1, 600) AS i;
INSERT INTO mixed SELECT uuid_v7_floor(timestamptz '2026-01-01' + i * interval '1 minute'), 'v7' FROM generate_series(1, 400) AS i;
INSERT INTO mixed VALUES (NULL, 'null'), (NULL, 'null'), (NULL, 'null'), ('00000000-0000-0000-0000-000000000000', 'nil');
-- No index on the column: no index share.
SELECT * FROM uuid_version_mix('mixed', 'id');
CREATE INDEX mixed_id ON mixed (id);
SELECT * FROM uuid_version_mix('mixed', 'id');
-- Only v7 keys: none sorts above the greatest.
SELECT * FROM uuid_version_mix('checked_ev', 'id');
-- A domain over uuid, and a name that needs quoting, in a schema that does too.
CREATE SCHEMA "Mixed Schema";
CREATE TABLE "Mixed Schema"."Key Table" ("Key Column" client_v7);
INSERT INTO "Mixed Schema"."Key Table" SELECT uuid_v7_floor('2025-01-01') UNION ALL SELECT NULL;
SELECT * FROM uuid_version_mix('"Mixed Schema"."Key Table"', 'Key Column');
-- Errors: no such column, a dropped one, a column of another type, no such table.
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('mixed', 'nope')$$) AS no_column;
ALTER TABLE mixed ADD COLUMN gone uuid;
ALTER TABLE mixed DROP COLUMN gone;
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('mixed', 'gone')$$) AS dropped_column;
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('mixed', 'note')$$) AS text_column;
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('mixed', 'ctid')$$) AS system_column;
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('no_such_table', 'id')$$) AS no_table;
-- A role with SELECT on the table reads it; one without is refused by the table's privileges.
CREATE ROLE regress_mix_reader;
CREATE ROLE regress_mix_stranger;
GRANT SELECT ON mixed TO regress_mix_reader;
SET ROLE regress_mix_reader;
SELECT version, kind, rows FROM uuid_version_mix('mixed', 'id');
SET ROLE regress_mix_stranger;
SELECT pg_temp.err($$SELECT * FROM uuid_version_mix('mixed', 'id')$$) AS without_select;
RESET ROLE;
DROP TABLE mixed;
DROP ROLE regress_mix_reader, regress_mix_stranger;
