-- uuidx 1.3 to 1.4: the objects 1.4 adds for keys made outside the database (TypeID and ULID
-- text, a check of client-made v7 keys, deterministic v7 keys for re-keying, a version-mix report).
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------- re-keying to v7
-- A deterministic v7 for a backfill (docs/migrating.md, "Re-keying a table to v7"): unix_ts_ms
-- from `at`, the other 74 bits from SHA-256 of a fixed tag, the old key's type and its bytes, or
-- HMAC-SHA256 under a secret of at least 16 bytes. Same inputs, same key: a backfill can stop,
-- resume and run again.
CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, bigint) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old bigint key (whoever knows the scheme can test guesses of the old key; the keyed form prevents it)';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, uuid) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old uuid key';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, text) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old text key (its bytes in the database encoding)';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_bigint_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, bigint, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old bigint key; without the secret the old key cannot be tested against the new one';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_uuid_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, uuid, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old uuid key';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_text_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, text, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old text key';
