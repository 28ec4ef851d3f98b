-- The UUIDv47 facade: a v7 inside, a v4-looking value outside (only the 48-bit unix_ts_ms of
-- RFC 9562 section 5.7 is masked, with SipHash-2-4 of the other 74 bits under a 128-bit key).
\i sql/include/setup.psql

-- The reference's example key k0 = 0x0706050403020100, k1 = 0x0f0e0d0c0b0a0908 is these 16 bytes.
-- Both values below are what the reference (uuidv47.h) prints for them.
SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057', '\x000102030405060708090a0b0c0d0e0f')
         = 'bb555eb6-1d51-474b-bcce-b302099a8057' AS rfc_example_as_reference,
       uuid_v7_to_facade('00000000-0000-7000-8000-000000000000', '\x000102030405060708090a0b0c0d0e0f')
         = 'd2d1776f-12b1-4000-8000-000000000000' AS zero_time_as_reference;

-- 10^4 (v7, key, facade) rows made by the reference (test/facade/vectors.csv, checked against it
-- by test/suites/17_facade_reference.sh): the same facade, and the inverse, through SQL.
CREATE TEMP TABLE reference_vectors (v7 uuid, key bytea, facade uuid);
\copy reference_vectors FROM 'test/facade/vectors.csv' WITH (FORMAT csv)
SELECT count(*) AS vectors,
       count(*) FILTER (WHERE uuid_v7_to_facade(v7, key) <> facade) AS encode_mismatches,
       count(*) FILTER (WHERE uuid_facade_to_v7(facade, key) <> v7) AS decode_mismatches
FROM reference_vectors;

-- Every value of one statement of 10^6 uuid_generate_v7() comes back, through a v4 of the RFC
-- 9562 variant that keeps the v7's 74 random bits: octet 6's low nibble and octets 7-15
-- (sections 4.1, 4.2, 5.4, 5.7).
SELECT count(*) AS generated,
       count(*) FILTER (WHERE uuid_facade_to_v7(f, k) <> id) AS not_round_trip,
       count(*) FILTER (WHERE uuid_extract_version(f) <> 4 OR uuid_extract_variant(f) <> 2) AS not_rfc_v4,
       count(*) FILTER (WHERE substr(uuid_send(f), 8) <> substr(uuid_send(id), 8)
                         OR get_byte(uuid_send(f), 6) & 15 <> get_byte(uuid_send(id), 6) & 15) AS random_bits_changed,
       count(DISTINCT f) AS distinct_facades
FROM (SELECT id, uuid_v7_to_facade(id, k) AS f, k
      FROM (SELECT uuid_generate_v7() AS id, '\xfedcba98765432100123456789abcdef'::bytea AS k
            FROM generate_series(1, 1000000)) g) t;

-- Another key decodes a facade into a valid v7 of another time: nothing says the key was wrong.
SELECT uuid_extract_version(w) AS version, w <> '01890a5d-ac96-774b-bcce-b302099a8057' AS other_value
FROM (SELECT uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057', '\xffffffffffffffffffffffffffffffff') AS w) x;

-- Bad input: 22023 naming what was found. NULL in, NULL out (STRICT).
SELECT pg_temp.err($$SELECT uuid_v7_to_facade('f81d4fae-7dec-41d0-a765-00a0c91e6bf6', '\x000102030405060708090a0b0c0d0e0f')$$) AS v4_in;
SELECT pg_temp.err($$SELECT uuid_v7_to_facade(uuid_nil(), '\x000102030405060708090a0b0c0d0e0f')$$) AS nil_in;
SELECT pg_temp.err($$SELECT uuid_v7_to_facade('01890a5d-ac96-774b-ccce-b302099a8057', '\x000102030405060708090a0b0c0d0e0f')$$) AS microsoft_variant_in;
SELECT pg_temp.err($$SELECT uuid_facade_to_v7('01890a5d-ac96-774b-bcce-b302099a8057', '\x000102030405060708090a0b0c0d0e0f')$$) AS v7_decoded;
SELECT pg_temp.err($$SELECT uuid_facade_to_v7(uuid_max(), '\x000102030405060708090a0b0c0d0e0f')$$) AS max_decoded;
SELECT pg_temp.err($$SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057', '\x0001020304050607')$$) AS short_key;
SELECT pg_temp.err($$SELECT uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057', ''::bytea)$$) AS empty_key;
SELECT uuid_v7_to_facade(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS null_id,
       uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057', NULL) IS NULL AS null_key;

-- ---------------------------------------------------------------- the key in uuidx.facade_key
-- Unset: the one-argument forms say so (55000).
SELECT pg_temp.err($$SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057')$$) AS unset_encode;
SELECT pg_temp.err($$SELECT uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057')$$) AS unset_decode;

-- The reference extension's text form, and 32 hex digits, are the same key as the bytes.
SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f';
SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057') AS facade,
       uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057') AS v7;
SET uuidx.facade_key = '\x000102030405060708090a0b0c0d0e0f';
SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057') = 'bb555eb6-1d51-474b-bcce-b302099a8057' AS bytea_text_form;

-- An invalid key is refused without repeating it; the setting keeps its value.
SELECT pg_temp.err($$SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e'$$) AS short_text_key;
SELECT pg_temp.err($$SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0eXY'$$) AS not_hex;
SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057') = 'bb555eb6-1d51-474b-bcce-b302099a8057' AS key_kept;

-- ALTER DATABASE/ROLE ... SET and a function's SET clause would store the key in catalogs every
-- role reads (pg_db_role_setting, pg_proc.proconfig): refused.
SELECT current_database() AS regress_db \gset
SELECT pg_temp.err(format($$ALTER DATABASE %I SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'$$, :'regress_db')) AS alter_database;
SELECT pg_temp.err($$ALTER ROLE CURRENT_USER SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'$$) AS alter_role;
SELECT pg_temp.err($$ALTER ROLE ALL SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'$$) AS alter_role_all;
SELECT pg_temp.err($$CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f' AS 'SELECT 1'$$) AS function_set_clause;
SELECT count(*) AS stored_anywhere FROM pg_db_role_setting s, unnest(s.setconfig) c WHERE c LIKE 'uuidx.facade_key%';

-- Not in SHOW ALL, and so not in pg_settings either, even for a superuser.
SELECT count(*) AS superuser_sees_in_pg_settings FROM pg_settings WHERE name = 'uuidx.facade_key';

-- A role that is not a superuser uses the key but can neither read nor set it.
SET client_min_messages = warning;
DROP ROLE IF EXISTS regress_uuidx_app;
RESET client_min_messages;
CREATE ROLE regress_uuidx_app;
SET ROLE regress_uuidx_app;
SELECT uuid_v7_to_facade('01890a5d-ac96-774b-bcce-b302099a8057') = 'bb555eb6-1d51-474b-bcce-b302099a8057' AS app_encodes,
       uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057') = '01890a5d-ac96-774b-bcce-b302099a8057' AS app_decodes;
-- (PostgreSQL's own message for these changed in 16: the SQLSTATE only, 42501.)
SELECT split_part(pg_temp.err('SHOW uuidx.facade_key'), ':', 1) AS app_show,
       split_part(pg_temp.err($$SELECT current_setting('uuidx.facade_key')$$), ':', 1) AS app_current_setting,
       pg_temp.err('SHOW uuidx.facade_key') NOT LIKE '%0001020304050607%' AS app_sees_no_key;
SELECT count(*) AS app_sees_in_pg_settings FROM pg_settings WHERE name = 'uuidx.facade_key';
SELECT pg_temp.err($$SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'$$) AS app_set;
SELECT pg_temp.err($$SELECT set_config('uuidx.facade_key', '', false)$$) AS app_set_config;
SELECT pg_temp.err($$ALTER ROLE regress_uuidx_app SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f'$$) AS app_alter_role;
RESET ROLE;
DROP ROLE regress_uuidx_app;
RESET uuidx.facade_key;

-- ---------------------------------------------------------------- uuid_generate_v7_fresh
-- Strictly increasing with the session's uuid_generate_v7 values, every one a v7, and no two
-- consecutive values share the top 30 bits of rand_b (with uuid_generate_v7 in a burst, most do).
WITH g AS (
  SELECT n, CASE WHEN n % 3 = 0 THEN uuid_generate_v7() ELSE uuid_generate_v7_fresh() END AS id
  FROM generate_series(1, 100000) n
), l AS (SELECT n, id, lag(id) OVER (ORDER BY n) AS prev FROM g)
SELECT count(*) AS generated,
       count(*) FILTER (WHERE prev >= id) AS not_increasing,
       count(*) FILTER (WHERE uuid_extract_version(id) <> 7) AS not_v7
FROM l;
WITH g AS (SELECT n, uuid_generate_v7_fresh() AS id FROM generate_series(1, 100000) n),
     b AS (SELECT n, substr(uuid_send(id), 9, 4) AS top, lag(substr(uuid_send(id), 9, 4)) OVER (ORDER BY n) AS prev_top FROM g)
SELECT count(*) FILTER (WHERE top = prev_top) < 10 AS fresh_top_bits_rarely_equal FROM b;
