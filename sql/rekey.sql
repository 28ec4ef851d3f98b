-- Deterministic v7 keys for re-keying (uuid_v7_from_key): unix_ts_ms of the instant (RFC 9562
-- section 5.7), then the first 10 octets of SHA-256 (or HMAC-SHA256 under a secret) of a tag, the
-- old key's type and its bytes, version and variant stamped. The values are the unit tests'
-- vectors (test/unit/rekey_test.cpp), computed with Python's hashlib and hmac.
\i sql/include/setup.psql

-- 2022-02-22 19:22:22 UTC is unix_ts_ms 0x017F22E279B0 (RFC 9562 appendix A.6).
SELECT uuid_v7_from_key('2022-02-22 19:22:22+00', 0::bigint) = '017f22e2-79b0-769c-af88-4942a5b90cc2' AS bigint_0,
       uuid_v7_from_key('2022-02-22 19:22:22+00', -1::bigint) = '017f22e2-79b0-7920-b011-a2dac4bce52e' AS bigint_minus_1,
       uuid_v7_from_key('2022-02-22 19:22:22+00', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'::uuid) = '017f22e2-79b0-7dda-b509-300d5c1c8006' AS uuid_key,
       uuid_v7_from_key('2022-02-22 19:22:22+00', '1'::text) = '017f22e2-79b0-79ed-8a8f-44acf37c4282' AS text_1,
       uuid_v7_from_key('2022-02-22 19:22:22+00', ''::text) = '017f22e2-79b0-7515-9675-f7a113ef9cf5' AS text_empty;
SELECT uuid_v7_from_key('2022-02-22 19:22:22+00', 1::bigint, '0123456789abcdef'::bytea) = '017f22e2-79b0-7eef-b16d-cbe6e8239fb9' AS keyed_16,
       uuid_v7_from_key('2022-02-22 19:22:22+00', 1::bigint, (SELECT string_agg(set_byte('\x00'::bytea, 0, i), '' ORDER BY i) FROM generate_series(0, 99) AS i))
         = '017f22e2-79b0-79b2-a563-8c6045174c4c' AS keyed_100_bytes,
       uuid_v7_from_key('2022-02-22 19:22:22+00', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'::uuid, '0123456789abcdef'::bytea) = '017f22e2-79b0-7d36-9e7e-901616649375' AS keyed_uuid,
       uuid_v7_from_key('2022-02-22 19:22:22+00', '1'::text, '0123456789abcdef'::bytea) = '017f22e2-79b0-753d-93d9-7b6cc42e095d' AS keyed_text;

-- Only the millisecond of the instant counts; the old key's type is part of what is hashed.
SELECT uuid_v7_from_key('2022-02-22 19:22:22.123999+00', 42::bigint) = uuid_v7_from_key('2022-02-22 19:22:22.123+00', 42::bigint) AS same_ms,
       uuid_v7_from_key('2022-02-22 19:22:22.123999+00', 42::bigint) = '017f22e2-7a2b-7c60-a0cc-02da1b40447b' AS ms_vector,
       uuid_v7_from_key('2022-02-22 19:22:22+00', 1::bigint) <> uuid_v7_from_key('2022-02-22 19:22:22+00', '1'::text) AS types_differ,
       uuid_v7_from_key('1970-01-01 00:00:00+00', 42::bigint) = '00000000-0000-7c60-a0cc-02da1b40447b' AS first_ms,
       uuid_v7_from_key('10889-08-02 05:31:50.655999+00', 42::bigint) = 'ffffffff-ffff-7c60-a0cc-02da1b40447b' AS last_ms;

-- 10^5 old keys in one millisecond: all distinct, all v7 of the RFC 9562 variant, the same
-- again on a second computation (a backfill run twice gives the same keys); keyed, distinct from
-- the unkeyed keys and from another secret's.
SELECT count(*) AS keys, count(DISTINCT u) AS distinct_keys,
       count(*) FILTER (WHERE uuid_extract_version(u) <> 7 OR uuid_extract_variant(u) <> 2) AS not_v7,
       count(*) FILTER (WHERE u <> uuid_v7_from_key('2024-05-01 12:00:00+00', k)) AS not_repeated,
       count(*) FILTER (WHERE uuid_extract_time(u) <> '2024-05-01 12:00:00+00') AS other_time,
       count(*) FILTER (WHERE kd = u OR kd = uuid_v7_from_key('2024-05-01 12:00:00+00', k, '\x00112233445566778899aabbccddeefe'::bytea)) AS keyed_equal
FROM (SELECT k, uuid_v7_from_key('2024-05-01 12:00:00+00', k) AS u,
             uuid_v7_from_key('2024-05-01 12:00:00+00', k, '\x00112233445566778899aabbccddeeff'::bytea) AS kd
      FROM generate_series(1::bigint, 100000) AS k) s;

-- NULL in, NULL out; the catalog labels.
SELECT uuid_v7_from_key(NULL, 1::bigint) IS NULL AS null_at, uuid_v7_from_key(now(), NULL::uuid) IS NULL AS null_key,
       uuid_v7_from_key(now(), 1::bigint, NULL) IS NULL AS null_secret;
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel FROM pg_proc p
WHERE proname = 'uuid_v7_from_key' ORDER BY 1::text;

-- Errors: an instant no v7 holds (22008), a secret shorter than 16 bytes (22023), the instant
-- checked first.
SELECT pg_temp.err($$SELECT uuid_v7_from_key('1969-12-31 23:59:59.999999+00', 1::bigint)$$) AS before_1970;
SELECT pg_temp.err($$SELECT uuid_v7_from_key('10889-08-02 05:31:50.656+00', 1::bigint)$$) AS after_10889;
SELECT pg_temp.err($$SELECT uuid_v7_from_key('infinity', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'::uuid)$$) AS infinity;
SELECT pg_temp.err($$SELECT uuid_v7_from_key('-infinity', 'x'::text, '\x00'::bytea)$$) AS instant_before_secret;
SELECT pg_temp.err($$SELECT uuid_v7_from_key('2024-01-01', 1::bigint, '0123456789abcde'::bytea)$$) AS secret_15_bytes;
SELECT pg_temp.err($$SELECT uuid_v7_from_key('2024-01-01', 'x'::text, ''::bytea)$$) AS secret_empty;
