-- uuidx 1.0: RFC 9562 UUIDs for PostgreSQL.
\echo Use "CREATE EXTENSION uuidx" to load this file. \quit

-- ---------------------------------------------------------------- generate
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7() IS
  'UUIDv7 (RFC 9562 section 5.7) with a 12-bit sub-millisecond fraction; strictly increasing within the session';

CREATE FUNCTION uuid_generate_v7(at timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
  'UUIDv7 for the given instant (ms and sub-ms fraction from it, random rest), outside the session''s monotonic sequence';

CREATE FUNCTION uuid_generate_v1() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v1() IS
  'UUIDv1 (RFC 9562 section 5.1) with a random multicast node and clock sequence per session; timestamps strictly increasing within the session';

CREATE FUNCTION uuid_generate_v6() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v6' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v6() IS
  'UUIDv6 (RFC 9562 section 5.6): the v1 fields reordered to sort by time; strictly increasing within the session';

CREATE FUNCTION uuid_generate_v4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v4() IS
  'UUIDv4 (RFC 9562 section 5.4): 122 bits from a cryptographically secure random number generator';

CREATE FUNCTION uuid_nil() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_nil' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_nil() IS
  'the nil UUID 00000000-0000-0000-0000-000000000000 (RFC 9562 section 5.9)';

CREATE FUNCTION uuid_max() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_max' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_max() IS
  'the max UUID ffffffff-ffff-ffff-ffff-ffffffffffff (RFC 9562 section 5.10)';

-- ---------------------------------------------------------------- convert
CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v1_to_v6' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
  'the UUIDv6 with the same timestamp, clock sequence and node as the given UUIDv1 (RFC 9562 section 5.6); lossless';

CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v6_to_v1' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
  'the UUIDv1 with the same timestamp, clock sequence and node as the given UUIDv6 (RFC 9562 section 5.6); lossless';

-- ---------------------------------------------------------------- inspect
CREATE FUNCTION uuid_extract_time(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time(uuid) IS
  'the instant held by a UUIDv1 or v6 (to the microsecond) or v7 (to the millisecond); NULL for other versions and variants';

CREATE FUNCTION uuid_extract_version(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_version(uuid) IS
  'the version field (RFC 9562 section 4.2) of a UUID of the RFC 9562 variant; NULL for other variants';

CREATE FUNCTION uuid_extract_variant(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_variant' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_variant(uuid) IS
  'the variant (RFC 9562 section 4.1): 0 NCS, 2 RFC 9562, 6 Microsoft, 7 reserved';

CREATE FUNCTION uuid_extract_node(uuid) RETURNS macaddr
  AS 'MODULE_PATHNAME', 'uuidx_extract_node' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
  'the 48-bit node of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

CREATE FUNCTION uuid_extract_clock_seq(uuid) RETURNS integer
  AS 'MODULE_PATHNAME', 'uuidx_extract_clock_seq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_clock_seq(uuid) IS
  'the 14-bit clock sequence of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

-- ---------------------------------------------------------------- generate: name-based and custom (issue 3)
-- uuid-ossp's names and argument names, so calls written for uuid-ossp work unchanged.
CREATE FUNCTION uuid_generate_v3(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v3(uuid, text) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION uuid_generate_v3(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v3(uuid, bytea) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the given bytes';

CREATE FUNCTION uuid_generate_v5(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v5(uuid, text) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION uuid_generate_v5(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v5(uuid, bytea) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the given bytes';

CREATE FUNCTION uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8_name(uuid, text, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2): as v5 with a modern hash; algorithm sha224, sha256 (default), sha384, sha512, sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, sha3-512, shake128 or shake256, case-insensitive';

CREATE FUNCTION uuid_generate_v8_name(namespace uuid, name bytea, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8_name(uuid, bytea, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2) of the given bytes; algorithms as for the text form';

CREATE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8(bytea) IS
  'custom UUIDv8 (RFC 9562 section 5.8): exactly 16 bytes in, version and variant bits overwritten, the other 122 bits kept';

CREATE FUNCTION uuid_generate_v1mc() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1mc' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v1mc() IS
  'UUIDv1 with a fresh random multicast node for every value (uuid-ossp''s v1mc); same strictly increasing timestamps as uuid_generate_v1 and v6 in the session';

CREATE FUNCTION uuid_ns_dns() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_dns' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_ns_dns() IS
  'the DNS namespace ID 6ba7b810-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION uuid_ns_url() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_url' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_ns_url() IS
  'the URL namespace ID 6ba7b811-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION uuid_ns_oid() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_oid' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_ns_oid() IS
  'the ISO OID namespace ID 6ba7b812-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION uuid_ns_x500() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_x500' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_ns_x500() IS
  'the X.500 DN namespace ID 6ba7b814-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

-- ---------------------------------------------------------------- v7 ranges and sub-ms time (issue 3)
CREATE FUNCTION uuid_v7_floor(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_floor(timestamptz) IS
  'the smallest UUIDv7 of the millisecond holding the instant (rand_a and rand_b zero), for WHERE id BETWEEN uuid_v7_floor(t1) AND uuid_v7_ceil(t2)';

CREATE FUNCTION uuid_v7_ceil(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_ceil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_ceil(timestamptz) IS
  'the greatest UUIDv7 of the millisecond holding the instant (rand_a and rand_b all ones)';

CREATE FUNCTION uuid_extract_time(uuid, submillisecond boolean) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_time(uuid, boolean) IS
  'as uuid_extract_time(uuid); when the second argument is true, a UUIDv7''s rand_a is read as the RFC 9562 section 6.2 method 3 fraction, giving microseconds';

-- ---------------------------------------------------------------- encode (issue 3)
CREATE FUNCTION uuid_encode(uuid, format text) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_encode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_encode(uuid, text) IS
  'the UUID as text in format hex (32 digits), base32 (Crockford, 26 characters; a UUIDv7 gives a ULID), base58 (Bitcoin alphabet, 22 characters) or base64url (22 characters, unpadded)';

CREATE FUNCTION uuid_decode(text, format text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_decode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_decode(text, text) IS
  'the inverse of uuid_encode: strict, every malformed input is an error naming the position of the first bad character';

-- ---------------------------------------------------------------- compatibility: PostgreSQL 18 names (issue 3)
-- PostgreSQL 18 has uuidv4(), uuidv7(), uuidv7(interval) and uuid_extract_timestamp(uuid) built
-- in; on older servers uuidx provides them with 18's behaviour, so SQL written for 18 runs. The
-- block between the BEGIN and END lines is run by sql/compat18.sql with other version numbers.
-- BEGIN postgresql-18-names
-- Which of these four exist depends on the server version at install time (and a database
-- pg_upgraded to 18 keeps them, shadowed by pg_catalog's): an upgrade script that touches them
-- must use IF EXISTS.
DO $pg18$
DECLARE
  server_version_num integer := current_setting('server_version_num')::integer;
BEGIN
  IF server_version_num >= 180000 THEN
    RETURN;  -- the server's own functions serve
  END IF;

  CREATE FUNCTION uuidv4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;
  COMMENT ON FUNCTION uuidv4() IS
    'PostgreSQL 18''s name for uuid_generate_v4(): a random UUIDv4 (RFC 9562 section 5.4)';

  CREATE FUNCTION uuidv7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
  COMMENT ON FUNCTION uuidv7() IS
    'PostgreSQL 18''s name for uuid_generate_v7(): UUIDv7 with a sub-millisecond fraction, strictly increasing within the session';

  CREATE FUNCTION uuidv7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_uuidv7_shift' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
  COMMENT ON FUNCTION uuidv7(interval) IS
    'PostgreSQL 18''s uuidv7(shift): UUIDv7 for the current time plus the interval (timestamptz + interval rules), strictly increasing within the session for one shift of fixed length (months, or days across a DST change, are recomputed at each call); 22008 outside 1970 to 10889';

  CREATE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuidx_extract_timestamp_pg18' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
  COMMENT ON FUNCTION uuid_extract_timestamp(uuid) IS
    'PostgreSQL 18''s uuid_extract_timestamp: the instant of a UUIDv1 (microseconds) or v7 (milliseconds); NULL for every other version';
END
$pg18$;
-- END postgresql-18-names
