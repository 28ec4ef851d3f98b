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
