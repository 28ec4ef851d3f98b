-- uuidx @SQL_VERSION@: RFC 9562 UUIDs for PostgreSQL.
-- Every object is created and named in the extension's schema (@extschema@): from PostgreSQL 17 on,
-- pg_catalog holds functions with some of these names and is searched first, so an unqualified
-- name here could reach the server's object instead of ours. The same objects are created on
-- every major, so a dump restores and pg_upgrade carries them anywhere.
\echo Use "CREATE EXTENSION uuidx" to load this file. \quit

-- ---------------------------------------------------------------- generate
CREATE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
  'UUIDv7 (RFC 9562 section 5.7) with a 12-bit sub-millisecond fraction; strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v7(at timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7(timestamptz) IS
  'UUIDv7 for the given instant (ms and sub-ms fraction from it, random rest), outside the session''s monotonic sequence';

CREATE FUNCTION @extschema@.uuid_generate_v1() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v1() IS
  'UUIDv1 (RFC 9562 section 5.1) with a random multicast node and clock sequence per session; timestamps strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v6() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v6' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v6() IS
  'UUIDv6 (RFC 9562 section 5.6): the v1 fields reordered to sort by time; strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v4() IS
  'UUIDv4 (RFC 9562 section 5.4): 122 bits from a cryptographically secure random number generator';

CREATE FUNCTION @extschema@.uuid_nil() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_nil' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_nil() IS
  'the nil UUID 00000000-0000-0000-0000-000000000000 (RFC 9562 section 5.9)';

CREATE FUNCTION @extschema@.uuid_max() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_max' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_max() IS
  'the max UUID ffffffff-ffff-ffff-ffff-ffffffffffff (RFC 9562 section 5.10)';

-- ---------------------------------------------------------------- convert
CREATE FUNCTION @extschema@.uuid_v1_to_v6(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v1_to_v6' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v1_to_v6(uuid) IS
  'the UUIDv6 with the same timestamp, clock sequence and node as the given UUIDv1 (RFC 9562 section 5.6); lossless';

CREATE FUNCTION @extschema@.uuid_v6_to_v1(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v6_to_v1' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v6_to_v1(uuid) IS
  'the UUIDv1 with the same timestamp, clock sequence and node as the given UUIDv6 (RFC 9562 section 5.6); lossless';

-- ---------------------------------------------------------------- inspect
CREATE FUNCTION @extschema@.uuid_extract_time(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid) IS
  'the instant held by a UUIDv1 or v6 (to the microsecond) or v7 (to the millisecond); NULL for other versions and variants';

CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS
  'the version field (RFC 9562 section 4.2) of a UUID of the RFC 9562 variant; NULL for other variants';

CREATE FUNCTION @extschema@.uuid_extract_variant(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_variant' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_variant(uuid) IS
  'the variant (RFC 9562 section 4.1): 0 NCS, 2 RFC 9562, 6 Microsoft, 7 reserved';

CREATE FUNCTION @extschema@.uuid_extract_node(uuid) RETURNS macaddr
  AS 'MODULE_PATHNAME', 'uuidx_extract_node' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_node(uuid) IS
  'the 48-bit node of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

CREATE FUNCTION @extschema@.uuid_extract_clock_seq(uuid) RETURNS integer
  AS 'MODULE_PATHNAME', 'uuidx_extract_clock_seq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_clock_seq(uuid) IS
  'the 14-bit clock sequence of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

-- ---------------------------------------------------------------- generate: name-based and custom
-- uuid-ossp's names and argument names, so calls written for uuid-ossp work unchanged.
CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v3(uuid, text) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v3(uuid, bytea) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the given bytes';

CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v5(uuid, text) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v5(uuid, bytea) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the given bytes';

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v8_name(uuid, text, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2): as v5 with a modern hash; algorithm sha224, sha256 (default), sha384, sha512, sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, sha3-512, shake128 or shake256, case-insensitive';

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name bytea, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v8_name(uuid, bytea, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2) of the given bytes; algorithms as for the text form';

CREATE FUNCTION @extschema@.uuid_generate_v8(custom bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v8(bytea) IS
  'custom UUIDv8 (RFC 9562 section 5.8): exactly 16 bytes in, version and variant bits overwritten, the other 122 bits kept';

CREATE FUNCTION @extschema@.uuid_generate_v1mc() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1mc' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v1mc() IS
  'UUIDv1 with a fresh random multicast node for every value (uuid-ossp''s v1mc); same strictly increasing timestamps as uuid_generate_v1 and v6 in the session';

CREATE FUNCTION @extschema@.uuid_ns_dns() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_dns' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_ns_dns() IS
  'the DNS namespace ID 6ba7b810-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_url() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_url' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_ns_url() IS
  'the URL namespace ID 6ba7b811-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_oid() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_oid' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_ns_oid() IS
  'the ISO OID namespace ID 6ba7b812-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_x500() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_x500' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_ns_x500() IS
  'the X.500 DN namespace ID 6ba7b814-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

-- ---------------------------------------------------------------- v7 ranges and sub-ms time
CREATE FUNCTION @extschema@.uuid_v7_floor(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_floor(timestamptz) IS
  'the smallest UUIDv7 of the millisecond holding the instant (rand_a and rand_b zero), for WHERE id BETWEEN uuid_v7_floor(t1) AND uuid_v7_ceil(t2)';

CREATE FUNCTION @extschema@.uuid_v7_ceil(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_ceil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_ceil(timestamptz) IS
  'the greatest UUIDv7 of the millisecond holding the instant (rand_a and rand_b all ones)';

CREATE FUNCTION @extschema@.uuid_extract_time(uuid, submillisecond boolean) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid, boolean) IS
  'as uuid_extract_time(uuid); when the second argument is true, a UUIDv7''s rand_a is read as the RFC 9562 section 6.2 method 3 fraction, giving microseconds';

-- ---------------------------------------------------------------- encode
CREATE FUNCTION @extschema@.uuid_encode(uuid, format text) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_encode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_encode(uuid, text) IS
  'the UUID as text in format hex (32 digits), base32 (Crockford, 26 characters; a UUIDv7 gives a ULID), base58 (Bitcoin alphabet, 22 characters), base64url (22 characters, unpadded) or base32hex (RFC 4648 section 7: 26 characters and 6 "=", as PostgreSQL 19''s encode(bytea, ''base32hex''))';

CREATE FUNCTION @extschema@.uuid_decode(text, format text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_decode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_decode(text, text) IS
  'the inverse of uuid_encode: every malformed input is an error naming the position of the first bad character; base32hex takes what PostgreSQL 19''s decode(text, ''base32hex'') turns into 16 bytes';

-- ---------------------------------------------------------------- PostgreSQL 18 names
-- uuidv4(), uuidv7(), uuidv7(interval) and uuid_extract_timestamp(uuid) are PostgreSQL 18's names
-- (uuid_extract_timestamp also 17's). uuidx creates them on every major: on 15 and 16 they make
-- SQL written for 18 run; on 17 and 18 the server's own functions in pg_catalog are what an
-- unqualified call reaches, and these are reached schema-qualified or by a search_path that lists
-- pg_catalog after this schema. Creating them everywhere keeps dumps restorable across majors: a
-- default stored as @extschema@.uuidv7() on 15 must find that function on 18.
CREATE FUNCTION @extschema@.uuidv4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuidv4() IS
  'uuidx''s uuid_generate_v4() under PostgreSQL 18''s name: a random UUIDv4 (RFC 9562 section 5.4)';

CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuidv7() IS
  'uuidx''s uuid_generate_v7() under PostgreSQL 18''s name: UUIDv7 with a sub-millisecond fraction, strictly increasing in uuidx''s session sequence';

CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuidv7_shift' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS
  'as PostgreSQL 18''s uuidv7(shift): UUIDv7 for the current time plus the interval (timestamptz + interval rules), strictly increasing within the session for a shift of fixed length (months, or days across a DST change, are recomputed at each call); an instant outside 1970 to 10889 is an error (22008), as in PostgreSQL 18.6';

CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_timestamp_pg18' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS
  'as PostgreSQL 18''s uuid_extract_timestamp: the instant of a UUIDv1 (microseconds) or v7 (milliseconds); NULL for every other version';

-- ---------------------------------------------------------------- time on v7 keys
-- UUID types: one domain per version over uuid (RFC variant, that version; NULL allowed). The
-- check raises 23514 naming what the value is, which a plain CHECK failure would not.
CREATE FUNCTION @extschema@.uuid_check_version(value uuid, version integer, domain text) RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_check_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_check_version(uuid, integer, text) IS
  'true when the value is a UUID of the RFC 9562 variant with the given version (sections 4.1, 4.2); otherwise an error (23514) naming the domain and what the value is; the check of the uuid_v1 ... uuid_v8 domains';

CREATE DOMAIN @extschema@.uuid_v1 AS uuid CONSTRAINT uuid_v1_check CHECK (@extschema@.uuid_check_version(VALUE, 1, 'uuid_v1'));
COMMENT ON DOMAIN @extschema@.uuid_v1 IS 'a UUIDv1 (RFC 9562 section 5.1) or NULL';
CREATE DOMAIN @extschema@.uuid_v3 AS uuid CONSTRAINT uuid_v3_check CHECK (@extschema@.uuid_check_version(VALUE, 3, 'uuid_v3'));
COMMENT ON DOMAIN @extschema@.uuid_v3 IS 'a UUIDv3 (RFC 9562 section 5.3) or NULL';
CREATE DOMAIN @extschema@.uuid_v4 AS uuid CONSTRAINT uuid_v4_check CHECK (@extschema@.uuid_check_version(VALUE, 4, 'uuid_v4'));
COMMENT ON DOMAIN @extschema@.uuid_v4 IS 'a UUIDv4 (RFC 9562 section 5.4) or NULL';
CREATE DOMAIN @extschema@.uuid_v5 AS uuid CONSTRAINT uuid_v5_check CHECK (@extschema@.uuid_check_version(VALUE, 5, 'uuid_v5'));
COMMENT ON DOMAIN @extschema@.uuid_v5 IS 'a UUIDv5 (RFC 9562 section 5.5) or NULL';
CREATE DOMAIN @extschema@.uuid_v6 AS uuid CONSTRAINT uuid_v6_check CHECK (@extschema@.uuid_check_version(VALUE, 6, 'uuid_v6'));
COMMENT ON DOMAIN @extschema@.uuid_v6 IS 'a UUIDv6 (RFC 9562 section 5.6) or NULL';
CREATE DOMAIN @extschema@.uuid_v7 AS uuid CONSTRAINT uuid_v7_check CHECK (@extschema@.uuid_check_version(VALUE, 7, 'uuid_v7'));
COMMENT ON DOMAIN @extschema@.uuid_v7 IS 'a UUIDv7 (RFC 9562 section 5.7) or NULL; comparisons of uuid_extract_time() of such a column with an instant also get the implied key range (uuidx.time_predicates)';
CREATE DOMAIN @extschema@.uuid_v8 AS uuid CONSTRAINT uuid_v8_check CHECK (@extschema@.uuid_check_version(VALUE, 8, 'uuid_v8'));
COMMENT ON DOMAIN @extschema@.uuid_v8 IS 'a UUIDv8 (RFC 9562 section 5.8) or NULL';

-- The key range a time comparison implies over v7 keys: what the planner hook adds next to
-- uuid_extract_time(id) op t when id holds only v7 values. Exact to the ms (or to the µs with
-- submillisecond) and never an error: instants outside what a v7 holds give a bound below or
-- above every v7.
CREATE FUNCTION @extschema@.uuid_v7_lower_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_lower_bound(timestamptz, boolean, boolean) IS
  'the smallest UUIDv7 whose uuid_extract_time(u, submillisecond) is >= at (inclusive) or > at: uuid_extract_time(id) >= t implies id >= uuid_v7_lower_bound(t) for v7 keys; the smallest v7 before 1970, the max UUID past the last v7 time';

CREATE FUNCTION @extschema@.uuid_v7_upper_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_upper_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_upper_bound(timestamptz, boolean, boolean) IS
  'the greatest UUIDv7 whose uuid_extract_time(u, submillisecond) is <= at (inclusive) or < at: uuid_extract_time(id) <= t implies id <= uuid_v7_upper_bound(t) for v7 keys; the nil UUID before 1970, the greatest v7 past the last v7 time';

-- min(uuid) and max(uuid), in the order of uuid's btree operators (the server has none). Their
-- SORTOP lets PostgreSQL answer them from one index entry; the planner hook rewrites
-- min/max(uuid_extract_time(id)) of a v7 key into uuid_extract_time(min/max(id)) with them.
CREATE FUNCTION @extschema@.uuid_smaller(uuid, uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_smaller(uuid, uuid) IS
  'the smaller of two UUIDs in the order of uuid''s < operator; the transition function of min(uuid)';
CREATE FUNCTION @extschema@.uuid_larger(uuid, uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_larger(uuid, uuid) IS
  'the larger of two UUIDs in the order of uuid''s > operator; the transition function of max(uuid)';
CREATE AGGREGATE @extschema@.min(uuid) (
  SFUNC = @extschema@.uuid_smaller, STYPE = uuid, COMBINEFUNC = @extschema@.uuid_smaller,
  SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.min(uuid) IS
  'the smallest UUID (uuid''s < order); read from one index entry when an index on the argument exists';
CREATE AGGREGATE @extschema@.max(uuid) (
  SFUNC = @extschema@.uuid_larger, STYPE = uuid, COMBINEFUNC = @extschema@.uuid_larger,
  SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
COMMENT ON AGGREGATE @extschema@.max(uuid) IS
  'the largest UUID (uuid''s > order); read from one index entry when an index on the argument exists';

-- Range partitions of a v7 key by time: FOR VALUES FROM (uuid_v7_floor(t)) TO
-- (uuid_v7_floor(t + step)), so each partition holds exactly the v7 values of the ms [t, t + step).
CREATE FUNCTION @extschema@.uuid_v7_partitions(parent regclass, "from" timestamptz, "to" timestamptz, step interval)
  RETURNS SETOF regclass
  LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  nsp name;
  rel name;
  t timestamptz := "from";
  next_t timestamptz;
  lo uuid;
  hi uuid;
  part text;
  n integer := 0;
BEGIN
  SELECT c.relnamespace::regnamespace::name, c.relname INTO nsp, rel FROM pg_class c WHERE c.oid = parent;
  -- Range partitioned on one column of type uuid or a domain over it (uuid_v7).
  IF NOT EXISTS (WITH RECURSIVE key_type(oid) AS (
                   SELECT a.atttypid FROM pg_partitioned_table p
                   JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
                   WHERE p.partrelid = parent AND p.partstrat = 'r' AND p.partnatts = 1
                   UNION ALL
                   SELECT t.typbasetype FROM key_type k JOIN pg_type t ON t.oid = k.oid WHERE t.typtype = 'd')
                 SELECT FROM key_type WHERE oid = 'uuid'::regtype) THEN
    RAISE EXCEPTION 'table "%" is not partitioned by range on one uuid column', parent
      USING ERRCODE = 'wrong_object_type';
  END IF;
  IF step <= interval '0' THEN
    RAISE EXCEPTION 'partition step must be positive: "%"', step USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Both ends within what a v7 holds (22008 naming the instant otherwise, infinity included), and
  -- the count checked before anything is created: a span of centuries by the day must fail at
  -- once, not after thousands of CREATE TABLEs have filled the lock table.
  PERFORM @extschema@.uuid_v7_floor("from"), @extschema@.uuid_v7_floor("to");
  WHILE t < "to" LOOP
    IF @extschema@.uuid_v7_floor(t) = @extschema@.uuid_v7_floor(t + step) THEN
      RAISE EXCEPTION 'partition step is shorter than a millisecond: "%"', step
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    t := t + step;
    n := n + 1;
    IF n > 10000 THEN
      RAISE EXCEPTION 'more than 10000 partitions from "%" to "%" by "%"', "from", "to", step
        USING ERRCODE = 'program_limit_exceeded';
    END IF;
  END LOOP;
  t := "from";
  WHILE t < "to" LOOP
    next_t := t + step;
    lo := @extschema@.uuid_v7_floor(t);
    hi := @extschema@.uuid_v7_floor(next_t);
    -- Idempotent: a partition with exactly these bounds is kept as it is.
    IF NOT EXISTS (SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                   WHERE i.inhparent = parent
                     AND pg_get_expr(c.relpartbound, c.oid) = format('FOR VALUES FROM (%L) TO (%L)', lo, hi)) THEN
      part := left(rel, 40) || '_p' || to_char(t AT TIME ZONE 'UTC', 'YYYYMMDD_HH24MISS_MS');
      EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)', nsp, part, parent, lo, hi);
      RETURN NEXT format('%I.%I', nsp, part)::regclass;
    END IF;
    t := next_t;
  END LOOP;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_v7_partitions(regclass, timestamptz, timestamptz, interval) IS
  'creates the range partitions of a table partitioned by a v7 key for the instants from .. to, one per step: bounds uuid_v7_floor(t) to uuid_v7_floor(t + step), exact to the millisecond; partitions that already exist with those bounds are kept; returns the ones created';

-- pg_partman 5's time encoder and decoder for v7 keys (create_parent(..., p_time_encoder,
-- p_time_decoder)): an instant to the first v7 of its ms, and a v7 given as text to its ms.
CREATE FUNCTION @extschema@.uuid_v7_time_encoder(ts timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_time_encoder(timestamptz) IS
  'pg_partman time encoder for UUIDv7 keys: uuid_v7_floor(ts), the smallest UUIDv7 of the millisecond holding ts';

CREATE FUNCTION @extschema@.uuid_v7_time_decoder(uuidv7 text) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_v7_time_decoder' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_time_decoder(text) IS
  'pg_partman time decoder for UUIDv7 keys: the millisecond (unix_ts_ms, RFC 9562 section 5.7) of a UUIDv7 given as text; NULL for other versions';

-- ---------------------------------------------------------------- UUIDv47 facade
-- A v7 inside, a v4-looking facade outside: the 48-bit timestamp XOR-masked with SipHash-2-4 of
-- the 74 random bits under a 128-bit key (16 bytes: k0 = the first 8 little-endian, k1 = the
-- next 8), bit for bit as the UUIDv47 reference. The one-argument forms read the key from the
-- superuser-only setting uuidx.facade_key, so STABLE.
CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_to_facade' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_to_facade(uuid, bytea) IS
  'the UUIDv47 facade of a UUIDv7: a UUIDv4-looking value whose timestamp is masked with SipHash-2-4 under the 16-byte key; uuid_facade_to_v7 inverts it';

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_facade_to_v7' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_facade_to_v7(uuid, bytea) IS
  'the UUIDv7 a UUIDv47 facade was made from under the 16-byte key; another key gives a valid UUIDv7 with a wrong time (the facade is not authenticated)';

CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_to_facade_setting' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_to_facade(uuid) IS
  'uuid_v7_to_facade(id, key) with the key of the setting uuidx.facade_key (an error, 55000, when it is not set)';

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_facade_to_v7_setting' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_facade_to_v7(uuid) IS
  'uuid_facade_to_v7(facade, key) with the key of the setting uuidx.facade_key (an error, 55000, when it is not set)';

CREATE FUNCTION @extschema@.uuid_generate_v7_fresh() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7_fresh' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7_fresh() IS
  'UUIDv7 in the session''s sequence (strictly increasing with uuid_generate_v7) whose 62 bits of rand_b are all drawn afresh for every value: in a burst the sub-millisecond fraction advances instead, so facades of consecutive values share no counter bits; runs ahead of the clock above one value per 1/4096 ms';

-- ---------------------------------------------------------------- checking client-made v7 keys
-- A v7 key made by an application is refused when it is not a v7, dated more than max_ahead
-- after the server's clock (clock_timestamp(), read when the row is checked), or dated before
-- min_time; NULL for either limit is no limit. Once accepted a key stays accepted while the clock
-- moves forward (the floor is fixed), so a dump restores later; a clock set back can refuse it.
-- VOLATILE: the answer depends on the clock. Either one in a CHECK proves the key v7 for the
-- planner's time rewrites, as the uuid_v7 domain does.
CREATE FUNCTION @extschema@.uuid_v7_check(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_v7_check' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_check(uuid, interval, timestamptz) IS
  'true for a UUIDv7 dated at most max_ahead after the server''s clock (clock_timestamp()) and not before min_time (NULL: no limit); otherwise a check_violation (23514) naming the key, its time, the clock and the limit; NULL for NULL; for CHECK constraints and domains over keys made by applications';

CREATE FUNCTION @extschema@.uuid_v7_plausible(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_v7_plausible' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_plausible(uuid, interval, timestamptz) IS
  'whether uuid_v7_check(id, max_ahead, min_time) accepts the key, false instead of its error: for queries that look for bad keys';

-- The skew of a client-made v7 key: its time (unix_ts_ms, RFC 9562 section 5.7) minus the
-- instant the row was written (a created_at column); positive when the key is ahead.
CREATE FUNCTION @extschema@.uuid_v7_skew(id uuid, at timestamptz) RETURNS interval
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT CASE WHEN @extschema@.uuid_extract_version(id) OPERATOR(pg_catalog.=) 7
            THEN @extschema@.uuid_extract_time(id) OPERATOR(pg_catalog.-) at END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_v7_skew(uuid, timestamptz) IS
  'the time of a UUIDv7 (to the millisecond) minus the given instant, such as the row''s created_at: positive when the key is ahead; NULL for other versions';

-- ---------------------------------------------------------------- a key column's version mix
-- Rows of a uuid column by what the keys are, one scan (two when it holds v7 keys), as the
-- calling role (SELECT on the table is enough). sort_above_v7 counts the keys that sort above the
-- greatest v7 key: while any do, a new v7 key is not inserted at the right end of the column's
-- btree index but inside it. index_entry_share is the share of the entries of a btree index on
-- the column (a non-partial one whose first column it is): one entry per row, NULL keys
-- included, so the row share, given only when there is such an index.
CREATE FUNCTION @extschema@.uuid_version_mix(tab regclass, col name)
  RETURNS TABLE (version integer, kind text, rows bigint, row_share numeric, sort_above_v7 bigint, index_entry_share numeric)
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  att pg_attribute;
  base oid;
  depth integer := 0;
  indexed boolean;
BEGIN
  SELECT a.* INTO att FROM pg_attribute a
    WHERE a.attrelid = tab AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
  IF NOT FOUND THEN
    RAISE USING ERRCODE = '42703', MESSAGE = format('column "%s" of relation %s does not exist', col, tab);
  END IF;
  -- A domain over uuid (uuid_v7, one over that) is a uuid column too.
  base := att.atttypid;
  WHILE base <> 'uuid'::regtype AND depth < 32 LOOP
    SELECT CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE 0 END INTO base FROM pg_type t WHERE t.oid = base;
    depth := depth + 1;
    EXIT WHEN base = 0;
  END LOOP;
  IF base IS DISTINCT FROM 'uuid'::regtype THEN
    RAISE USING ERRCODE = '42804', MESSAGE = format('column "%s" of relation %s is of type %s, not uuid', col, tab,
      format_type(att.atttypid, att.atttypmod)),
      HINT = 'uuid_version_mix reads a column of type uuid or of a domain over uuid.';
  END IF;
  SELECT EXISTS (SELECT FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                 WHERE i.indrelid = tab AND i.indkey[0] = att.attnum AND i.indpred IS NULL AND am.amname = 'btree')
    INTO indexed;
  RETURN QUERY EXECUTE format($q$
    WITH keys AS (
      SELECT k.id,
             CASE WHEN get_byte(uuid_send(k.id), 8) >> 6 = 2 THEN get_byte(uuid_send(k.id), 6) >> 4 END AS version
      FROM (SELECT %1$I::uuid AS id FROM %2$s) k),
    top AS (SELECT (SELECT id FROM keys WHERE version = 7 ORDER BY id DESC LIMIT 1) AS v7),
    groups AS (
      SELECT keys.version,
             CASE
               WHEN keys.id IS NULL THEN 'NULL'
               WHEN keys.id = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
               WHEN keys.id = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
               WHEN keys.version IS NULL THEN 'another variant'
               ELSE 'UUIDv' || keys.version
             END AS kind,
             count(*) AS rows,
             count(*) FILTER (WHERE keys.id > top.v7) AS above
      FROM keys CROSS JOIN top GROUP BY 1, 2)
    SELECT g.version, g.kind, g.rows, round(g.rows / sum(g.rows) OVER (), 4), g.above,
           CASE WHEN %3$L THEN round(g.rows / sum(g.rows) OVER (), 4) END
    FROM groups g ORDER BY g.version NULLS LAST, g.kind$q$, col, tab, indexed);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_version_mix(regclass, name) IS
  'the rows of a uuid column by version (NULL: not of the RFC 9562 variant, or NULL) and kind, with their share of the rows, how many sort above the greatest UUIDv7 (while any do, new UUIDv7 keys go inside the btree index rather than at its right end), and their share of the entries of a btree index on the column when it has one';

-- ---------------------------------------------------------------- TypeID and ULID text
-- TypeID (jetify's spec 0.3.0: a prefix of a-z and "_", "_", then the UUID's 128 bits in 26
-- lower-case Crockford base32 characters) and ULID (the same 26 characters in upper case). The
-- readers refuse every text their spec refuses (22P02); uuid_from_typeid also the typeids of
-- another prefix (22023).
CREATE FUNCTION @extschema@.uuid_to_typeid(prefix text, id uuid) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_to_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_to_typeid(text, uuid) IS
  'the TypeID (spec 0.3.0) of a UUID: prefix, "_", the 26-character lower-case base32 suffix; an empty prefix gives the suffix alone';

CREATE FUNCTION @extschema@.uuid_from_typeid(typeid text, prefix text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_from_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_from_typeid(text, text) IS
  'the UUID of a TypeID checked by every rule of spec 0.3.0 (22P02 naming the fault) and of the given prefix (22023 naming both)';

CREATE FUNCTION @extschema@.typeid_prefix(typeid text) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_typeid_prefix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.typeid_prefix(text) IS
  'the prefix of a TypeID checked by every rule of spec 0.3.0 (22P02 naming the fault); empty for a bare suffix';

CREATE FUNCTION @extschema@.uuid_to_ulid(id uuid) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_to_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_to_ulid(uuid) IS
  'the ULID of a UUID: its 128 bits big-endian in 26 upper-case Crockford base32 characters, as uuid_encode(id, ''base32'')';

CREATE FUNCTION @extschema@.uuid_from_ulid(ulid text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_from_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_from_ulid(text) IS
  'the UUID with the 128 bits of a ULID: 26 Crockford base32 characters of either case without aliases, the first at most 7 (22P02 naming the fault); a v7 only if its version and variant bits say so';

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
