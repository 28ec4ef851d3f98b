-- rekey.sql: the SQL edition of uuid_v7_from_key (docs/migrating.md, "Re-keying a table to v7"),
-- with core's sha256() and HMAC (RFC 2104) written in SQL: the same bits as the C build's
-- (src/core/rekey.hpp). The forms are single SELECTs of strict functions, which the planner
-- inlines into a backfill's UPDATE; every function, operator and type schema-qualified.

-- unix_ts_ms of `at` as 6 bytes big-endian (RFC 9562 §5.7), or the C build's 22008 outside
-- 1970 .. 10889 (±infinity included). PL/pgSQL for the IF: a CASE would keep the strict
-- functions that call it from being inlined.
CREATE FUNCTION @extschema@.uuidx_sql_v7_ms_bytes(at timestamptz) RETURNS bytea
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  IF at < '1970-01-01 00:00:00+00' OR at > '10889-08-02 05:31:50.655999+00' THEN
    PERFORM @extschema@.uuidx_sql_raise_v7_range(at);
  END IF;
  RETURN substr(int8send(@extschema@.uuidx_sql_v7_clamped_micros(at) / 1000), 3, 6);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_ms_bytes(timestamptz) IS
  'internal to the uuidx SQL edition: unix_ts_ms of a v7 as 6 bytes, the range checked';

-- HMAC-SHA256 (RFC 2104) of the message under the secret, after the C build's check of its
-- length (22023). A secret longer than SHA-256's 64-byte block is hashed first; the key, padded
-- with zeros to 64 bytes, is XORed with the pads 0x36 and 0x5c eight bytes at a time as int8.
CREATE FUNCTION @extschema@.uuidx_sql_rekey_hmac(secret bytea, message bytea) RETURNS bytea
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  k bytea := CASE WHEN length(secret) > 64 THEN sha256(secret) ELSE secret END;
  ipad bytea;
  opad bytea;
BEGIN
  IF length(secret) < 16 THEN
    RAISE USING ERRCODE = '22023',
      MESSAGE = format('secret too short for uuid_v7_from_key: %s bytes', length(secret)),
      DETAIL = 'The keyed form takes a secret of at least 16 bytes.',
      HINT = 'Use 32 random bytes kept outside the database, such as the output of openssl rand -hex 32 given to decode(..., ''hex'').';
  END IF;
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  SELECT string_agg(int8send(w # 3906369333256140342), ''::bytea ORDER BY i),   -- 0x3636363636363636
         string_agg(int8send(w # 6655295901103053916), ''::bytea ORDER BY i)    -- 0x5c5c5c5c5c5c5c5c
    INTO ipad, opad
    FROM (SELECT i, ('x' || encode(substr(k, 1 + 8 * i, 8), 'hex'))::bit(64)::bigint AS w
          FROM generate_series(0, 7) AS i) AS words;
  RETURN sha256(opad || sha256(ipad || message));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_rekey_hmac(bytea, bytea) IS
  'internal to the uuidx SQL edition: HMAC-SHA256 of uuid_v7_from_key''s keyed form, the secret''s length checked';

-- Each form: unix_ts_ms, then the first 10 octets of the digest of the message, version 7 and
-- variant 10 stamped over them (uuidx_sql_stamp). The message: 'uuidx uuid_v7_from_key 1', NUL,
-- the type's name, NUL (the hex constants), then the old key's bytes: a bigint big-endian
-- (int8send), a uuid its 16 octets, a text its bytes in the database encoding
-- (uuidx_sql_name_bytes, as the name-based generators). The instant is checked first (its bytes
-- are the first argument), then, in the keyed forms, the secret.
CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(pg_catalog.sha256(pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b6579203100626967696e7400', 'hex'),
    pg_catalog.int8send(old_key))), 1, 10)), 7)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(pg_catalog.sha256(pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b65792031007575696400', 'hex'),
    pg_catalog.uuid_send(old_key))), 1, 10)), 7)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(pg_catalog.sha256(pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b65792031007465787400', 'hex'),
    @extschema@.uuidx_sql_name_bytes(old_key))), 1, 10)), 7)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint, secret bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(@extschema@.uuidx_sql_rekey_hmac(secret, pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b6579203100626967696e7400', 'hex'),
    pg_catalog.int8send(old_key))), 1, 10)), 7)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid, secret bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(@extschema@.uuidx_sql_rekey_hmac(secret, pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b65792031007575696400', 'hex'),
    pg_catalog.uuid_send(old_key))), 1, 10)), 7)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text, secret bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.byteacat(@extschema@.uuidx_sql_v7_ms_bytes(at),
  pg_catalog.substr(@extschema@.uuidx_sql_rekey_hmac(secret, pg_catalog.byteacat(
    pg_catalog.decode('757569647820757569645f76375f66726f6d5f6b65792031007465787400', 'hex'),
    @extschema@.uuidx_sql_name_bytes(old_key))), 1, 10)), 7)
$fn$;
