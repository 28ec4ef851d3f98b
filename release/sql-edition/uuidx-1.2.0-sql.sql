-- uuidx 1.2, SQL edition: RFC 9562 UUIDs in SQL and PL/pgSQL only, for servers where no C
-- extension can be installed. Install: psql -v schema=NAME -f uuidx-sql.sql (default schema uuidx).
-- Every object is created in that schema, in one transaction, as the user who runs it.
\set ON_ERROR_STOP on
\if :{?schema}
\else
\set schema uuidx
\endif
BEGIN;
SELECT pg_catalog.set_config('uuidx_sql.install_schema', :'schema', true) IS NOT NULL AS installing;
DO $uuidx_install$
DECLARE
  target name := pg_catalog.current_setting('uuidx_sql.install_schema');
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_namespace WHERE nspname = target) THEN
    EXECUTE pg_catalog.format('CREATE SCHEMA %I', target);
  END IF;
  EXECUTE pg_catalog.replace($uuidx_script$
SET LOCAL check_function_bodies = off;
-- Hashes core PostgreSQL lacks (SHA-1 for v5; SHA-3, SHAKE and SHA-512/t for v8_name) come from
-- pgcrypto, which nearly every managed service offers. It may be in any schema, or absent: it is
-- found through pg_extension at each call, so that installing it later needs no reinstall, and
-- its function is called schema-qualified, never through the caller's search_path.
CREATE FUNCTION @extschema@.uuidx_sql_digest(data bytea, algorithm text) RETURNS bytea
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  pgcrypto_schema name;
  result bytea;
BEGIN
  SELECT n.nspname INTO pgcrypto_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pgcrypto';
  IF pgcrypto_schema IS NULL THEN
    RAISE EXCEPTION 'the uuidx SQL edition needs the extension pgcrypto for the hash %', algorithm
      USING ERRCODE = 'feature_not_supported',
            DETAIL = 'PostgreSQL itself has MD5 and SHA-224 to SHA-512, not this hash.',
            HINT = 'Run CREATE EXTENSION pgcrypto in this database.';
  END IF;
  EXECUTE format('SELECT %I.digest($1, $2)', pgcrypto_schema) INTO result USING data, algorithm;
  RETURN result;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_digest(bytea, text) IS
  'internal to the uuidx SQL edition: pgcrypto''s digest(data, algorithm), wherever pgcrypto is installed';
-- inspect.sql: the SQL edition of the nil and max UUIDs, v1 <-> v6, field extraction, the version
-- check of the domains, v7 floor/ceil and time bounds, pg_partman's encoder/decoder, and
-- uuid_smaller/uuid_larger. Results and errors as the C build's.
--
-- Why the SQL bodies look the way they do: the planner inlines a `LANGUAGE sql` IMMUTABLE
-- function into the calling query only when its body is one SELECT of an expression, every name
-- is resolved without search_path (hence pg_catalog. and OPERATOR(pg_catalog.x) everywhere), and,
-- the functions being STRICT, the expression holds only strict constructs: no CASE, COALESCE,
-- NULLIF, AND/OR. So a field that only some versions have is made NULL by an array subscript
-- that reads a NULL element ('{...}'::int4[])[version + 1], and branches become arithmetic on
-- 0/1 flags. A parameter used several times is inlined only when its argument is cheap, which is
-- why the helpers take the uuid itself, never a derived value. Anything that must raise an error
-- is PL/pgSQL with a pinned search_path (the SET clause rules out inlining).

-- ---------------------------------------------------------------- private helpers
CREATE FUNCTION @extschema@.uuidx_sql_octet(u uuid, n integer) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.get_byte(pg_catalog.uuid_send(u), n)
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_octet(uuid, integer) IS
  'internal to the uuidx SQL edition: octet n (0-15, RFC 9562 section 4 order) of a UUID';

-- RFC 9562 §4.2: the version nibble means something only for the variant 10x of §4.1.
CREATE FUNCTION @extschema@.uuidx_sql_version(u uuid) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT (@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4)
  OPERATOR(pg_catalog.+) ('{NULL,NULL,0,NULL}'::pg_catalog.int4[])[
    (@extschema@.uuidx_sql_octet(u, 8) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.+) 1]
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_version(uuid) IS
  'internal to the uuidx SQL edition: the version of a UUID of the RFC 9562 variant, NULL for other variants';

-- The 60-bit count of 100-ns intervals since 1582-10-15 that a v1 (§5.1: time_low, time_mid,
-- time_high) or a v6 (§5.6: the same fields, most significant first) holds, read as a v1 unless
-- the version nibble is 6. The three fields: octets 0-3, 4-5, and the 12 bits after the version.
CREATE FUNCTION @extschema@.uuidx_sql_gregorian(u uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT (((@extschema@.uuidx_sql_octet(u, 0)::pg_catalog.int8 OPERATOR(pg_catalog.<<) 24)
         OPERATOR(pg_catalog.|) (@extschema@.uuidx_sql_octet(u, 1) OPERATOR(pg_catalog.<<) 16)
         OPERATOR(pg_catalog.|) (@extschema@.uuidx_sql_octet(u, 2) OPERATOR(pg_catalog.<<) 8)
         OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 3))
        -- v1: bits 0-31; v6: bits 28-59
        OPERATOR(pg_catalog.<<) (28 OPERATOR(pg_catalog.*) ((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.=) 6)::pg_catalog.int4))
  OPERATOR(pg_catalog.|)
       (((@extschema@.uuidx_sql_octet(u, 4) OPERATOR(pg_catalog.<<) 8)
         OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 5))::pg_catalog.int8
        -- v1: bits 32-47; v6: bits 12-27
        OPERATOR(pg_catalog.<<) (32 OPERATOR(pg_catalog.-) (20 OPERATOR(pg_catalog.*) ((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.=) 6)::pg_catalog.int4)))
  OPERATOR(pg_catalog.|)
       ((((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.<<) 8)
         OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 7))::pg_catalog.int8
        -- v1: bits 48-59; v6: bits 0-11
        OPERATOR(pg_catalog.<<) (48 OPERATOR(pg_catalog.*) ((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.<>) 6)::pg_catalog.int4))
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_gregorian(uuid) IS
  'internal to the uuidx SQL edition: the 60-bit timestamp of a UUIDv1 or v6 (v6 layout when the version is 6)';

-- `w` (0 or 1) times the time of a v7 since 1970, as an interval: unix_ts_ms (§5.7, octets
-- 0-5) and, when `sub` is 1, rand_a read as the §6.2 method 3 fraction to the nearest µs
-- (fraction * 1000 / 4096 rounded half up, at most 999). interval * float8 is exact only while
-- the product stays below 2^53 µs, which 48 bits of ms are not: unix_ts_ms goes in as two
-- 24-bit halves, and `w` multiplies the counts, never an interval already made.
CREATE FUNCTION @extschema@.uuidx_sql_v7_offset(u uuid, sub integer, w integer) RETURNS interval
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT ('16777216 milliseconds'::pg_catalog.interval OPERATOR(pg_catalog.*)
          (w OPERATOR(pg_catalog.*) ((@extschema@.uuidx_sql_octet(u, 0) OPERATOR(pg_catalog.<<) 16)
           OPERATOR(pg_catalog.|) (@extschema@.uuidx_sql_octet(u, 1) OPERATOR(pg_catalog.<<) 8)
           OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 2)))::pg_catalog.float8)
  OPERATOR(pg_catalog.+)
       ('1 millisecond'::pg_catalog.interval OPERATOR(pg_catalog.*)
          (w OPERATOR(pg_catalog.*) ((@extschema@.uuidx_sql_octet(u, 3) OPERATOR(pg_catalog.<<) 16)
           OPERATOR(pg_catalog.|) (@extschema@.uuidx_sql_octet(u, 4) OPERATOR(pg_catalog.<<) 8)
           OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 5)))::pg_catalog.float8)
  OPERATOR(pg_catalog.+)
       ('1 microsecond'::pg_catalog.interval OPERATOR(pg_catalog.*)
          ((w OPERATOR(pg_catalog.*) sub) OPERATOR(pg_catalog.*) pg_catalog.int4smaller(
             ((((((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.<<) 8)
                  OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet(u, 7)) OPERATOR(pg_catalog.*) 1000)
               OPERATOR(pg_catalog.+) 2048) OPERATOR(pg_catalog.>>) 12), 999))::pg_catalog.float8)
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_offset(uuid, integer, integer) IS
  'internal to the uuidx SQL edition: the time of a UUIDv7 since 1970 as an interval (with the sub-millisecond fraction when sub is 1), times w';

-- uuid_extract_time: v1/v6: 1582-10-15 plus the 100-ns count truncated to µs (the count is never
-- negative, so the truncation is toward the past, also before 1970), as whole seconds and µs.
-- v7: 1970 (1582-10-15 + 12219292800 s) plus uuidx_sql_v7_offset. The version picks a term by
-- 1/0 factors on the counts (on an interval, * float8 would round it to 53 bits); the v1/v6
-- factor is NULL for the versions and variants that hold no time, which gives NULL.
CREATE FUNCTION @extschema@.uuidx_sql_time(u uuid, sub integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.timezone('00:00'::pg_catalog.interval, '1582-10-15 00:00:00'::pg_catalog.timestamp
  OPERATOR(pg_catalog.+) ('1 second'::pg_catalog.interval OPERATOR(pg_catalog.*)
    ((@extschema@.uuidx_sql_gregorian(u) OPERATOR(pg_catalog.*) ('{NULL,1,NULL,NULL,NULL,NULL,1,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.int8[])[
       @extschema@.uuidx_sql_version(u) OPERATOR(pg_catalog.+) 1]) OPERATOR(pg_catalog./) 10000000)::pg_catalog.float8)
  OPERATOR(pg_catalog.+) ('1 microsecond'::pg_catalog.interval OPERATOR(pg_catalog.*)
    (((@extschema@.uuidx_sql_gregorian(u) OPERATOR(pg_catalog.*) ('{NULL,1,NULL,NULL,NULL,NULL,1,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.int8[])[
       @extschema@.uuidx_sql_version(u) OPERATOR(pg_catalog.+) 1]) OPERATOR(pg_catalog.%) 10000000) OPERATOR(pg_catalog./) 10)::pg_catalog.float8)
  OPERATOR(pg_catalog.+) ('12219292800 seconds'::pg_catalog.interval OPERATOR(pg_catalog.*)
    ((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.=) 7)::pg_catalog.int4::pg_catalog.float8)
  OPERATOR(pg_catalog.+) @extschema@.uuidx_sql_v7_offset(u, sub,
    ((@extschema@.uuidx_sql_octet(u, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.=) 7)::pg_catalog.int4))
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_time(uuid, integer) IS
  'internal to the uuidx SQL edition: uuid_extract_time, with the sub-millisecond fraction when the second argument is 1';

-- An instant in µs since 1970 as the C build reads it for the v7 bounds, clamped to one µs
-- before 1970 and one past the 48-bit ms (what the bounds do is the same for every instant
-- beyond either end, ±infinity included).
CREATE FUNCTION @extschema@.uuidx_sql_v7_clamped_micros(at timestamptz) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT (pg_catalog.extract('epoch', pg_catalog.timezone('00:00'::pg_catalog.interval,
          pg_catalog.timestamptz_smaller(pg_catalog.timestamptz_larger(at, '1969-12-31 23:59:59.999999+00'),
                                         '10889-08-02 05:31:50.656+00')))
        OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_clamped_micros(timestamptz) IS
  'internal to the uuidx SQL edition: µs since 1970, clamped to -1 .. 2^48 * 1000';

-- A UUID from its two 64-bit halves, as the v7 bounds build them (§5.7).
CREATE FUNCTION @extschema@.uuidx_sql_from_halves(hi bigint, lo bigint) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.encode(pg_catalog.int8send(hi) OPERATOR(pg_catalog.||) pg_catalog.int8send(lo), 'hex')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_from_halves(bigint, bigint) IS
  'internal to the uuidx SQL edition: the UUID whose octets 0-7 and 8-15 are the two integers, big-endian';

-- The C build's 22023 for v1 <-> v6 on anything else, naming what the input is.
CREATE FUNCTION @extschema@.uuidx_sql_raise_not_version(u uuid, expected integer, function_name text) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  RAISE USING ERRCODE = '22023',
    MESSAGE = format('uuid "%s" is %s, not version %s', u,
      CASE
        WHEN u = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'  -- §5.9
        WHEN u = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'  -- §5.10
        WHEN get_byte(uuid_send(u), 8) >> 6 <> 2
          THEN 'of the ' || ('{NCS,NCS,NCS,NCS,"RFC 9562","RFC 9562",Microsoft,reserved}'::text[])[(get_byte(uuid_send(u), 8) >> 5) + 1] || ' variant'
        ELSE 'version ' || (get_byte(uuid_send(u), 6) >> 4)
      END, expected),
    DETAIL = format('%s accepts only version %s UUIDs of the RFC 9562 variant.', function_name, expected);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_raise_not_version(uuid, integer, text) IS
  'internal to the uuidx SQL edition: raises the error of uuid_v1_to_v6 and uuid_v6_to_v1 for another input';

-- The C build's 22008 for an instant no v7 holds, the instant written as it writes it: UTC, six
-- fractional digits, "+00", " BC"; past int64 µs since 1970 (PostgreSQL's last 29 years) as
-- "later than" the last instant that fits.
CREATE FUNCTION @extschema@.uuidx_sql_raise_v7_range(at timestamptz) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  RAISE USING ERRCODE = '22008',
    MESSAGE = format('timestamp out of range for UUIDv7: "%s"',
      CASE
        WHEN NOT isfinite(at) THEN at::text
        WHEN at >= '294247-01-10 04:00:54.775806+00' THEN 'later than 294247-01-10 04:00:54.775805+00'
        ELSE to_char(timezone('UTC', at), 'YYYY-MM-DD HH24:MI:SS.US') || '+00'
             || CASE WHEN at < '0001-01-01 00:00:00+00' THEN ' BC' ELSE '' END
      END),
    DETAIL = 'UUIDv7 holds instants from 1970-01-01 00:00:00.000000+00 to 10889-08-02 05:31:50.655999+00 (RFC 9562 section 5.7).';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_raise_v7_range(timestamptz) IS
  'internal to the uuidx SQL edition: raises the error of uuid_v7_floor and uuid_v7_ceil for an instant outside 1970 .. 10889';

-- uuid_v7_lower_bound: instants are whole µs, so "> t" is ">= t + 1 µs"; x is that µs, 0 for
-- every instant before 1970 (which gives the first v7). The bound is the first v7 of x rounded up
-- to a v7 time: the next whole ms, or (submillisecond) the smallest fraction f whose µs
-- (f * 1000 + 2048) >> 12 reaches x's µs r in its ms: ceil((r * 4096 - 2048) / 1000), written
-- (r * 4096 - 1049) / 1000, and 0 for r = 0. Past the last v7 time (the last ms, or its last µs
-- with the fraction) it is the max UUID: both halves OR -1.
CREATE FUNCTION @extschema@.uuidx_sql_v7_lower_micros(at timestamptz, inclusive boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.int8larger(@extschema@.uuidx_sql_v7_clamped_micros(at) OPERATOR(pg_catalog.+) (NOT inclusive)::pg_catalog.int4, 0)
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_lower_micros(timestamptz, boolean) IS
  'internal to the uuidx SQL edition: the µs uuid_v7_lower_bound rounds up';

-- uuid_v7_upper_bound, the mirror: "< t" is "<= t - 1 µs"; y is that µs, clamped to 0 .. the
-- last v7 time. The bound is the last v7 of y rounded down: the whole ms (rand_a all ones), or
-- the greatest fraction whose µs is <= r: one less than the smallest that reaches r + 1, and 4095
-- for r = 999 (every fraction from 4090 on reads as 999), hence + 2 * (r / 999). When t - 1 µs
-- (or t) is before 1970 it is the nil UUID: both halves AND 0.
CREATE FUNCTION @extschema@.uuidx_sql_v7_upper_micros(at timestamptz, inclusive boolean, submillisecond boolean) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.int8smaller(
  pg_catalog.int8larger(@extschema@.uuidx_sql_v7_clamped_micros(at) OPERATOR(pg_catalog.-) (NOT inclusive)::pg_catalog.int4, 0),
  281474976710655000 OPERATOR(pg_catalog.+) (999 OPERATOR(pg_catalog.*) submillisecond::pg_catalog.int4))
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_upper_micros(timestamptz, boolean, boolean) IS
  'internal to the uuidx SQL edition: the µs uuid_v7_upper_bound rounds down, clamped to 0 .. the last v7 time';
-- namebased.sql: the SQL edition of the name-based generators (RFC 9562 §5.3 v3, §5.5 v5,
-- Appendix B.2 name-based v8), custom v8 (§5.8) and the namespace IDs (§6.6).
--
-- The generators run in bulk (INSERT ... SELECT, generated columns), so those that need no
-- variables are LANGUAGE sql single SELECTs that the planner inlines: no SET clause (it would stop
-- inlining and cost a setting save/restore per call), every function, operator and type
-- schema-qualified instead. The build emits the helpers first, then the functions in the C
-- script's order (text forms before bytea forms): no function here calls another public one.

-- §4.1, §4.2: the first 16 octets of a digest (or custom data) with the version in the top four
-- bits of octet 6 and the variant 0b10 in the top two bits of octet 8; the other bits are kept.
-- set_bit writes constants without reading the octets, so the digest is referenced once and an
-- inlined caller computes it once (get_byte on it would repeat the hash for every reference).
-- set_bit numbers bit k of octet i (k = 0 the lowest) as i * 8 + k.
CREATE FUNCTION @extschema@.uuidx_sql_stamp(digest bytea, version integer) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.encode(
         pg_catalog.set_bit(pg_catalog.set_bit(
           pg_catalog.set_bit(pg_catalog.set_bit(pg_catalog.set_bit(pg_catalog.set_bit(
             pg_catalog.substr($1, 1, 16),
             55, ($2 OPERATOR(pg_catalog.>>) 3) OPERATOR(pg_catalog.&) 1),
             54, ($2 OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 1),
             53, ($2 OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 1),
             52, $2 OPERATOR(pg_catalog.&) 1),
           71, 1), 70, 0),
         'hex')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_stamp(bytea, integer) IS
  'internal to the SQL edition of uuidx: the first 16 bytes with version and variant bits stamped';

-- A text name is hashed as its bytes in the database encoding, as the C build does. decode(...,
-- 'escape') copies every byte but a backslash, which is doubled first. Unlike convert_to() it is
-- IMMUTABLE, so the text forms inline; textsend() would give the client encoding's bytes and
-- text::bytea would read backslashes as escapes. E'' strings mean the same under any
-- standard_conforming_strings, which the body is parsed with at each use; "C" because replace()
-- refuses the caller's collation when it is nondeterministic.
CREATE FUNCTION @extschema@.uuidx_sql_name_bytes(name text) RETURNS bytea
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.decode(pg_catalog.replace($1 COLLATE pg_catalog."C", E'\\', E'\\\\'), 'escape')
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_name_bytes(text) IS
  'internal to the SQL edition of uuidx: the bytes of a text in the database encoding';

-- Appendix B.2 for both forms of uuid_generate_v8_name. The algorithm is checked before anything
-- is hashed, so a bad name raises the C build's error even where pgcrypto is absent. Names match
-- ignoring ASCII case only (lower() could fold KELVIN SIGN to k), in the "C" collation declared
-- on the variable: plpgsql variables otherwise take the caller's collation, and a
-- nondeterministic one could equate other strings (so could the hidden variable of a simple
-- CASE, hence the searched CASE). SHA-2 comes from core, the rest from pgcrypto under the same
-- lower-case names. Each digest's first 16 octets are kept: SHA-512/224 and SHA-512/256 are
-- functions of their own (own initial values), not cut SHA-512, in pgcrypto as in the C build.
-- IMMUTABLE like the C functions it serves, so that their one-line SQL bodies inline to it.
CREATE FUNCTION @extschema@.uuidx_sql_v8_name(namespace uuid, name bytea, algorithm text) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  folded text COLLATE pg_catalog."C" :=
    translate(algorithm, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  data bytea := uuid_send(namespace) || name;
  hash bytea;
  keep integer;
BEGIN
  CASE
    WHEN folded = 'sha224' THEN hash := sha224(data);
    WHEN folded = 'sha256' THEN hash := sha256(data);
    WHEN folded = 'sha384' THEN hash := sha384(data);
    WHEN folded = 'sha512' THEN hash := sha512(data);
    WHEN folded IN ('sha512-224', 'sha512-256', 'sha3-224', 'sha3-256', 'sha3-384', 'sha3-512') THEN
      hash := @extschema@.uuidx_sql_digest(data, folded);
    WHEN folded IN ('shake128', 'shake256') THEN
      -- Left out (docs/managed.md): pgcrypto's digest() asks OpenSSL for SHAKE's default output
      -- length, which OpenSSL 3.4 and later no longer have; one error everywhere rather than a
      -- result on some servers and an internal error on others.
      RAISE EXCEPTION USING ERRCODE = 'feature_not_supported',
        MESSAGE = format('the uuidx SQL edition has no %s', folded),
        DETAIL = 'pgcrypto''s digest() gives SHAKE no output length with OpenSSL 3.4 and later.',
        HINT = 'Use sha3-256 or another algorithm; the C build of uuidx has shake128 and shake256.';
    ELSE
      -- As the C build: the input quoted, cut to at most 64 bytes at a character boundary.
      keep := 64;
      WHILE octet_length(left(algorithm, keep)) > 64 LOOP
        keep := keep - 1;
      END LOOP;
      RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
        MESSAGE = format('unsupported hash algorithm for name-based UUIDv8: "%s%s"', left(algorithm, keep),
                         CASE WHEN octet_length(algorithm) > 64 THEN '...' ELSE '' END),
        DETAIL = 'Supported algorithms are sha224, sha256, sha384, sha512, sha512-224, sha512-256, sha3-224, '
                 'sha3-256, sha3-384, sha3-512, shake128, shake256 (case-insensitive).';
  END CASE;
  RETURN @extschema@.uuidx_sql_stamp(hash, 8);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v8_name(uuid, bytea, text) IS
  'internal to the SQL edition of uuidx: name-based UUIDv8 of the given bytes';
-- encode.sql: uuid_encode and uuid_decode in PL/pgSQL, with the C build's results and errors
-- (SQLSTATE, message, detail and hint). Inputs are read with COLLATE "C": a caller's
-- nondeterministic collation would otherwise break the regular expressions and comparisons.

CREATE FUNCTION @extschema@.uuidx_sql_quote(t text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  head constant text := left(t, 81);  -- 81 characters are more than 80 bytes
  k int := 80;
BEGIN
  IF octet_length(head) <= 80 THEN
    RETURN '"' || head || '"';
  END IF;
  -- Cut at a character boundary, as the C build's pg_mbcliplen, so the message stays valid.
  WHILE octet_length(left(head, k)) > 80 LOOP
    k := k - 1;
  END LOOP;
  RETURN '"' || left(head, k) || '..."';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_quote(text) IS
  'internal to the SQL edition of uuidx: an input quoted for a message, cut past 80 bytes';

CREATE FUNCTION @extschema@.uuidx_sql_describe_char(c text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
  -- octet_length first: ascii() fails on a multibyte character outside UTF-8.
  SELECT CASE
    WHEN a > 127 THEN 'A non-ASCII character'
    WHEN a < 32 OR a = 127 THEN 'Control character 0x' || translate(lpad(to_hex(a), 2, '0'), 'abcdef', 'ABCDEF')
    ELSE 'Character "' || c || '"'
  END
  FROM (SELECT CASE WHEN octet_length(c) > 1 THEN 128 ELSE ascii(c) END) AS x(a)
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_describe_char(text) IS
  'internal to the SQL edition of uuidx: a character as decode errors name it';

CREATE FUNCTION @extschema@.uuidx_sql_encoding(format text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  -- ASCII case folding only (lower() follows the locale: Turkish would fold 'I' to dotless i).
  lowered constant text COLLATE "C" := translate(format, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
BEGIN
  IF lowered IN ('hex', 'base32', 'base58', 'base64url', 'base32hex') THEN
    RETURN lowered;
  END IF;
  RAISE EXCEPTION USING ERRCODE = '22023',
    MESSAGE = 'unsupported uuid encoding: ' || @extschema@.uuidx_sql_quote(format),
    DETAIL = 'Supported encodings are hex, base32, base32hex, base58 and base64url (case-insensitive).';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_encoding(text) IS
  'internal to the SQL edition of uuidx: the format name in lower case, or the error for an unknown one';
-- facade.sql: the SQL edition of the UUIDv47 facade. A v7 (RFC 9562 §5.7) goes out as a
-- v4-looking value (§5.4): only its 48-bit unix_ts_ms changes, XORed with the low 48 bits of
-- SipHash-2-4, under a 128-bit key, of the 74 bits both forms share (rand_a, and rand_b without
-- the variant). Bit for bit the C build's mapping, errors included.

-- The whole mapping, both ways: `to_version` 4 makes a facade of a v7, 7 undoes it; the input
-- must be the other one. SipHash-2-4 works on 64-bit words modulo 2^64, held here in bigint:
-- bigint << drops the bits shifted out and # ignores signs, so XOR and rotations take the 64
-- bits as they are, but + raises on overflow, so additions go by 32-bit halves.
CREATE FUNCTION @extschema@.uuidx_sql_facade(u uuid, key bytea, to_version integer, function_name text)
  RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  lo constant bigint := 4294967295;  -- the low 32-bit half
  from_version constant integer := CASE to_version WHEN 4 THEN 7 ELSE 4 END;
  b bytea := uuid_send(u);
  v0 bigint; v1 bigint; v2 bigint; v3 bigint;
  m0 bigint; m1 bigint;
BEGIN
  -- The key is checked before the UUID, as in the C build.
  IF length(key) <> 16 THEN
    RAISE USING ERRCODE = '22023',
      MESSAGE = format('a facade key must be 16 bytes, not %s', length(key)),
      DETAIL = 'The key is SipHash-2-4''s 128-bit key: k0 is its first 8 bytes read little-endian, k1 the next 8.';
  END IF;
  -- §4.1: variant 10x; §4.2: the version nibble means something only for that variant.
  IF (get_byte(b, 8) & 192) <> 128 OR (get_byte(b, 6) >> 4) <> from_version THEN
    RAISE USING ERRCODE = '22023',
      MESSAGE = format('uuid "%s" is %s, not version %s', u,
        CASE
          WHEN u = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'          -- §5.9
          WHEN u = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'          -- §5.10
          WHEN get_byte(b, 8) < 128 THEN 'of the NCS variant'
          WHEN get_byte(b, 8) >= 224 THEN 'of the reserved variant'
          WHEN get_byte(b, 8) >= 192 THEN 'of the Microsoft variant'
          ELSE 'version ' || (get_byte(b, 6) >> 4)
        END, from_version),
      DETAIL = format('%s accepts only version %s UUIDs of the RFC 9562 variant.', function_name, from_version);
  END IF;

  -- k0 = key bytes 0-7 and k1 = bytes 8-15, little-endian, XORed into the paper's constants
  -- ("somepseudorandomlygeneratedbytes" as four big-endian words).
  v0 := get_byte(key, 0)::bigint | (get_byte(key, 1)::bigint << 8) | (get_byte(key, 2)::bigint << 16)
        | (get_byte(key, 3)::bigint << 24) | (get_byte(key, 4)::bigint << 32) | (get_byte(key, 5)::bigint << 40)
        | (get_byte(key, 6)::bigint << 48) | (get_byte(key, 7)::bigint << 56);
  v1 := get_byte(key, 8)::bigint | (get_byte(key, 9)::bigint << 8) | (get_byte(key, 10)::bigint << 16)
        | (get_byte(key, 11)::bigint << 24) | (get_byte(key, 12)::bigint << 32) | (get_byte(key, 13)::bigint << 40)
        | (get_byte(key, 14)::bigint << 48) | (get_byte(key, 15)::bigint << 56);
  v2 := v0 # 7816392313619706465;  -- 0x6c7967656e657261
  v0 := v0 # 8317987319222330741;  -- 0x736f6d6570736575
  v3 := v1 # 8387220255154660723;  -- 0x7465646279746573
  v1 := v1 # 7237128888997146477;  -- 0x646f72616e646f6d

  -- The message: 10 bytes, the low nibble of octet 6, octet 7, octet 8 without the variant,
  -- octets 9-15. Word 0 is its first 8 bytes little-endian; word 1 its last 2, with the length
  -- (10) in the top byte.
  m0 := (get_byte(b, 6) & 15)::bigint | (get_byte(b, 7)::bigint << 8) | ((get_byte(b, 8) & 63)::bigint << 16)
        | (get_byte(b, 9)::bigint << 24) | (get_byte(b, 10)::bigint << 32) | (get_byte(b, 11)::bigint << 40)
        | (get_byte(b, 12)::bigint << 48) | (get_byte(b, 13)::bigint << 56);
  m1 := get_byte(b, 14)::bigint | (get_byte(b, 15)::bigint << 8) | (10::bigint << 56);

  -- Two compression rounds per word, then four finalization rounds.
  FOR i IN 1..8 LOOP
    IF i = 1 THEN
      v3 := v3 # m0;
    ELSIF i = 3 THEN
      v0 := v0 # m0;  v3 := v3 # m1;
    ELSIF i = 5 THEN
      v0 := v0 # m1;  v2 := v2 # 255;
    END IF;
    -- SipRound. x + y: high halves plus the carry out of the low halves, shifted back up.
    -- rotl(x, n): x << n, then the top n bits brought down (>> copies the sign, hence the mask).
    v0 := (((v0 >> 32) + (v1 >> 32) + (((v0 & lo) + (v1 & lo)) >> 32)) << 32) | (((v0 & lo) + (v1 & lo)) & lo);
    v1 := ((v1 << 13) | ((v1 >> 51) & 8191)) # v0;
    v0 := (v0 << 32) | ((v0 >> 32) & lo);
    v2 := (((v2 >> 32) + (v3 >> 32) + (((v2 & lo) + (v3 & lo)) >> 32)) << 32) | (((v2 & lo) + (v3 & lo)) & lo);
    v3 := ((v3 << 16) | ((v3 >> 48) & 65535)) # v2;
    v0 := (((v0 >> 32) + (v3 >> 32) + (((v0 & lo) + (v3 & lo)) >> 32)) << 32) | (((v0 & lo) + (v3 & lo)) & lo);
    v3 := ((v3 << 21) | ((v3 >> 43) & 2097151)) # v0;
    v2 := (((v2 >> 32) + (v1 >> 32) + (((v2 & lo) + (v1 & lo)) >> 32)) << 32) | (((v2 & lo) + (v1 & lo)) & lo);
    v1 := ((v1 << 17) | ((v1 >> 47) & 131071)) # v2;
    v2 := (v2 << 32) | ((v2 >> 32) & lo);
  END LOOP;

  -- The hash is v0 ^ v1 ^ v2 ^ v3; its low 48 bits mask unix_ts_ms, octets 0-5 big-endian (§5.7).
  b := overlay(b PLACING decode(lpad(to_hex(
         ('x' || encode(substr(b, 1, 6), 'hex'))::bit(48)::bigint # ((v0 # v1 # v2 # v3) & 281474976710655)),
         12, '0'), 'hex') FROM 1);
  -- §4.2 version nibble; §4.1 variant bits 10.
  b := set_byte(b, 6, (get_byte(b, 6) & 15) | (to_version << 4));
  b := set_byte(b, 8, (get_byte(b, 8) & 63) | 128);
  RETURN encode(b, 'hex')::uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_facade(uuid, bytea, integer, text) IS
  'internal to the SQL edition of uuidx: the UUIDv47 facade mapping of uuid_v7_to_facade and uuid_facade_to_v7';

-- The 16-byte key uuidx.facade_key names, read when used, and parsed as the C build parses it:
-- white space ignored; "k0hex:k1hex" (16 hex digits each side, each an optional 0x), or 32 hex
-- digits after an optional 0x or \x. No message quotes the text: it is a secret. Where the C
-- build refuses a bad value when it is set, this refuses it when it is used, with the same
-- SQLSTATE and texts. STRICT (vacuous without arguments) keeps the one-argument forms inlinable.
CREATE FUNCTION @extschema@.uuidx_sql_facade_setting_key() RETURNS bytea
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  setting constant text := current_setting('uuidx.facade_key', true);
  s text := translate(setting, E' \t\n\r', '');
  colon integer := strpos(s, ':');
  k0 text;
  k1 text;
  why text;
BEGIN
  IF setting IS NULL OR setting = '' THEN  -- never set (no such setting), or set empty
    RAISE USING ERRCODE = '55000', MESSAGE = 'uuidx.facade_key is not set',
      HINT = 'Pass the key as the second argument; in the SQL edition any role can set and read this setting (docs/managed.md).';
  END IF;
  IF colon > 0 THEN
    k0 := substr(s, 1, colon - 1);
    k1 := substr(s, colon + 1);
    IF left(k0, 2) IN ('0x', '0X') THEN k0 := substr(k0, 3); END IF;
    IF left(k1, 2) IN ('0x', '0X') THEN k1 := substr(k1, 3); END IF;
    -- Counted in bytes, as the C build counts.
    IF octet_length(k0) <> 16 OR octet_length(k1) <> 16 THEN
      why := format('The text has %s and %s characters around its colon.', octet_length(k0), octet_length(k1));
    END IF;
    s := k0 || k1;
  ELSE
    IF left(s, 2) IN (E'\\x', E'\\X', '0x', '0X') THEN s := substr(s, 3); END IF;
    IF octet_length(s) <> 32 THEN
      why := format('The text has %s characters besides white space and a prefix.', octet_length(s));
    END IF;
  END IF;
  IF why IS NULL AND ltrim(s, '0123456789abcdefABCDEF') <> '' THEN
    why := 'The text holds a character that is not a hexadecimal digit.';
  END IF;
  IF why IS NOT NULL THEN
    RAISE USING ERRCODE = '22023', MESSAGE = 'uuidx.facade_key is not a valid key', DETAIL = why,
      HINT = 'Write the key as "k0hex:k1hex" (16 hexadecimal digits each) or as 32 hexadecimal digits.';
  END IF;
  RETURN decode(s, 'hex');
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_facade_setting_key() IS
  'internal to the SQL edition of uuidx: the key the setting uuidx.facade_key names';
-- The SQL edition's generators. Session state lives in settings of the prefix uuidx_sql. (the C
-- build reserves uuidx. when loaded): set_config(..., false) lasts for the session, but a
-- rolled-back transaction takes its changes back with it.

-- What orders a session's v7 values within a millisecond: a sequence, because it is not
-- transactional (a setting is: a ROLLBACK takes it back) and each session's values of it
-- increase. Its 46 bits end in an error, never in a wrap (at 10^6 values a second, in 2 years).
CREATE SEQUENCE @extschema@.uuidx_sql_v7_order MAXVALUE 70368744177663 CACHE 100;
GRANT USAGE ON SEQUENCE @extschema@.uuidx_sql_v7_order TO PUBLIC;
COMMENT ON SEQUENCE @extschema@.uuidx_sql_v7_order IS
  'internal to the uuidx SQL edition: orders a session''s v7 values within a millisecond';

-- §5.1 and §5.6: the session's next 60-bit Gregorian timestamp (100 ns since 1582-10-15, strictly
-- increasing in the session, shared by v1, v1mc and v6), with its clock sequence and node: 14 and
-- 48 random bits drawn once per session, the node's multicast bit set (§6.10).
CREATE FUNCTION @extschema@.uuidx_sql_gregorian_next(OUT ts bigint, OUT clock_seq_node bigint)
  LANGUAGE plpgsql VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  now_ts bigint := (extract(epoch FROM clock_timestamp()) * 10000000)::bigint + 122192928000000000;
  last text := current_setting('uuidx_sql.gregorian', true);
  r bytea;
BEGIN
  IF last IS NULL OR last = '' THEN
    r := uuid_send(gen_random_uuid());
    -- variant 10, 14 random bits of clock sequence, then the node with its multicast bit
    clock_seq_node := ('x' || encode(substring(r FROM 9), 'hex'))::bit(64)::bigint & x'3fffffffffffffff'::bigint
                      | x'8000010000000000'::bigint;
    ts := now_ts;
  ELSE
    clock_seq_node := split_part(last, ' ', 2)::bigint;
    ts := greatest(now_ts, split_part(last, ' ', 1)::bigint + 1);
  END IF;
  IF ts >= 1152921504606846976 THEN
    RAISE EXCEPTION 'timestamp out of range for UUIDv1 and UUIDv6: "%"', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'
      USING ERRCODE = 'datetime_field_overflow',
            DETAIL = 'The 60-bit timestamp of RFC 9562 section 5.1 ends at 5236-03-31 21:21:00.684697+00.';
  END IF;
  PERFORM set_config('uuidx_sql.gregorian', ts || ' ' || clock_seq_node, false);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_gregorian_next() IS
  'internal to the uuidx SQL edition: the session''s next v1/v6 timestamp, clock sequence and node';
-- uuidx 1.2: RFC 9562 UUIDs for PostgreSQL.
-- Every object is created and named in the extension's schema (@extschema@): from PostgreSQL 17 on,
-- pg_catalog holds functions with some of these names and is searched first, so an unqualified
-- name here could reach the server's object instead of ours. The same objects are created on
-- every major, so a dump restores and pg_upgrade carries them anywhere.

-- ---------------------------------------------------------------- generate
CREATE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.int8or(pg_catalog.int8shl(
    CASE WHEN pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
                               OPERATOR(pg_catalog.*) 1000::pg_catalog.float8)::pg_catalog.int8
              -- concat: '0' when unset, and no operator looked up through the caller's search_path
              OPERATOR(pg_catalog.>) pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7', true))::pg_catalog.int8
    THEN pg_catalog.set_config('uuidx_sql.v7', pg_catalog.int8larger(
           pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
                            OPERATOR(pg_catalog.*) 1000::pg_catalog.float8)::pg_catalog.int8,
           pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7', true))::pg_catalog.int8)::pg_catalog.text,
         false)::pg_catalog.int8
    ELSE pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7', true))::pg_catalog.int8 END,
    16), 28672)), 16, '0')
  OPERATOR(pg_catalog.||) pg_catalog.to_hex(pg_catalog.int8or(pg_catalog.int8or(
    pg_catalog.int8shl(pg_catalog.nextval('@extschema@.uuidx_sql_v7_order'::pg_catalog.regclass), 16),
    (-9223372036854775808)::pg_catalog.int8),
    pg_catalog.floor(pg_catalog.random() OPERATOR(pg_catalog.*) 65536::pg_catalog.float8)::pg_catalog.int8)))::pg_catalog.uuid
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
  'UUIDv7 (RFC 9562 section 5.7) with a 12-bit sub-millisecond fraction; strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v7(at timestamptz) RETURNS uuid
  LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  us_in_ms bigint := mod(extract(microseconds FROM at)::bigint, 1000);
BEGIN
  RETURN encode(substring(uuid_send(@extschema@.uuid_v7_floor(at)) FROM 1 FOR 6)
                || substring(int8send(28672 | (us_in_ms * 1000 * 4096 / 1000000)) FROM 7 FOR 2)
                || substring(uuid_send(gen_random_uuid()) FROM 9), 'hex')::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v7(timestamptz) IS
  'UUIDv7 for the given instant (ms and sub-ms fraction from it, random rest), outside the session''s monotonic sequence';

CREATE FUNCTION @extschema@.uuid_generate_v1() RETURNS uuid
  LANGUAGE plpgsql VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  g record := @extschema@.uuidx_sql_gregorian_next();
BEGIN
  -- time_low, time_mid, version and time_high, then clock sequence and node
  RETURN encode(int8send(((g.ts & 4294967295) << 32) | (((g.ts >> 32) & 65535) << 16) | 4096 | ((g.ts >> 48) & 4095))
                || int8send(g.clock_seq_node), 'hex')::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v1() IS
  'UUIDv1 (RFC 9562 section 5.1) with a random multicast node and clock sequence per session; timestamps strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v6() RETURNS uuid
  LANGUAGE plpgsql VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  g record := @extschema@.uuidx_sql_gregorian_next();
BEGIN
  -- the 60-bit timestamp from its top down, the version above its last 12 bits
  RETURN encode(int8send(((g.ts >> 12) << 16) | 24576 | (g.ts & 4095)) || int8send(g.clock_seq_node), 'hex')::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v6() IS
  'UUIDv6 (RFC 9562 section 5.6): the v1 fields reordered to sort by time; strictly increasing within the session';

CREATE FUNCTION @extschema@.uuid_generate_v4() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
AS $fn$ SELECT pg_catalog.gen_random_uuid() $fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v4() IS
  'UUIDv4 (RFC 9562 section 5.4): 122 bits from a cryptographically secure random number generator';

CREATE FUNCTION @extschema@.uuid_nil() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
SELECT '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_nil() IS
  'the nil UUID 00000000-0000-0000-0000-000000000000 (RFC 9562 section 5.9)';

CREATE FUNCTION @extschema@.uuid_max() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$
SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_max() IS
  'the max UUID ffffffff-ffff-ffff-ffff-ffffffffffff (RFC 9562 section 5.10)';

-- ---------------------------------------------------------------- convert
CREATE FUNCTION @extschema@.uuid_v1_to_v6(uuid) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  h text := encode(uuid_send($1), 'hex');
BEGIN
  IF @extschema@.uuidx_sql_version($1) IS DISTINCT FROM 1 THEN
    RETURN @extschema@.uuidx_sql_raise_not_version($1, 1, 'uuid_v1_to_v6');
  END IF;
  RETURN (substr(h, 14, 3) || substr(h, 9, 4) || substr(h, 1, 5) || '6' || substr(h, 6, 3) || substr(h, 17))::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v1_to_v6(uuid) IS
  'the UUIDv6 with the same timestamp, clock sequence and node as the given UUIDv1 (RFC 9562 section 5.6); lossless';

CREATE FUNCTION @extschema@.uuid_v6_to_v1(uuid) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  h text := encode(uuid_send($1), 'hex');
BEGIN
  IF @extschema@.uuidx_sql_version($1) IS DISTINCT FROM 6 THEN
    RETURN @extschema@.uuidx_sql_raise_not_version($1, 6, 'uuid_v6_to_v1');
  END IF;
  RETURN (substr(h, 8, 5) || substr(h, 14, 3) || substr(h, 4, 4) || '1' || substr(h, 1, 3) || substr(h, 17))::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v6_to_v1(uuid) IS
  'the UUIDv1 with the same timestamp, clock sequence and node as the given UUIDv6 (RFC 9562 section 5.6); lossless';

-- ---------------------------------------------------------------- inspect
CREATE FUNCTION @extschema@.uuid_extract_time(uuid) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, 0)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid) IS
  'the instant held by a UUIDv1 or v6 (to the microsecond) or v7 (to the millisecond); NULL for other versions and variants';

CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_version($1)::pg_catalog.int2
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS
  'the version field (RFC 9562 section 4.2) of a UUID of the RFC 9562 variant; NULL for other variants';

CREATE FUNCTION @extschema@.uuid_extract_variant(uuid) RETURNS smallint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT ('{0,0,0,0,2,2,6,7}'::pg_catalog.int2[])[(@extschema@.uuidx_sql_octet($1, 8) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.+) 1]
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_variant(uuid) IS
  'the variant (RFC 9562 section 4.1): 0 NCS, 2 RFC 9562, 6 Microsoft, 7 reserved';

CREATE FUNCTION @extschema@.uuid_extract_node(uuid) RETURNS macaddr
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT (pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send($1), 11, 6), 'hex')
  OPERATOR(pg_catalog.||) ('{NULL,"",NULL,NULL,NULL,NULL,"",NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.text[])[
    @extschema@.uuidx_sql_version($1) OPERATOR(pg_catalog.+) 1])::pg_catalog.macaddr
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_node(uuid) IS
  'the 48-bit node of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

CREATE FUNCTION @extschema@.uuid_extract_clock_seq(uuid) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT (((@extschema@.uuidx_sql_octet($1, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.<<) 8)
        OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet($1, 9))
  OPERATOR(pg_catalog.+) ('{NULL,0,NULL,NULL,NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.int4[])[
    @extschema@.uuidx_sql_version($1) OPERATOR(pg_catalog.+) 1]
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_clock_seq(uuid) IS
  'the 14-bit clock sequence of a UUIDv1 or v6 (RFC 9562 section 5.1); NULL for other versions';

-- ---------------------------------------------------------------- generate: name-based and custom
-- uuid-ossp's names and argument names, so calls written for uuid-ossp work unchanged.
CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name text) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.decode(pg_catalog.md5(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) @extschema@.uuidx_sql_name_bytes($2)), 'hex'), 3)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v3(uuid, text) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name bytea) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.decode(pg_catalog.md5(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) $2), 'hex'), 3)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v3(uuid, bytea) IS
  'name-based UUIDv3 (RFC 9562 section 5.3): MD5 of the namespace then the given bytes';

CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name text) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(@extschema@.uuidx_sql_digest(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) @extschema@.uuidx_sql_name_bytes($2), 'sha1'), 5)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v5(uuid, text) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the name''s bytes in the database encoding; identical to uuid-ossp';

CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name bytea) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(@extschema@.uuidx_sql_digest(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) $2, 'sha1'), 5)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v5(uuid, bytea) IS
  'name-based UUIDv5 (RFC 9562 section 5.5): SHA-1 of the namespace then the given bytes';

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_v8_name($1, @extschema@.uuidx_sql_name_bytes($2), $3)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v8_name(uuid, text, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2): as v5 with a modern hash; algorithm sha224, sha256 (default), sha384, sha512, sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, sha3-512, shake128 or shake256, case-insensitive';

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name bytea, algorithm text DEFAULT 'sha256') RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_v8_name($1, $2, $3)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v8_name(uuid, bytea, text) IS
  'name-based UUIDv8 (RFC 9562 appendix B.2) of the given bytes; algorithms as for the text form';

CREATE FUNCTION @extschema@.uuid_generate_v8(custom bytea) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  IF octet_length(custom) <> 16 THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = format('invalid length for UUIDv8 custom data: %s bytes', octet_length(custom)),
      DETAIL = 'uuid_generate_v8 takes exactly 16 bytes (128 bits); the version and variant bits are overwritten.';
  END IF;
  RETURN @extschema@.uuidx_sql_stamp(custom, 8);
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v8(bytea) IS
  'custom UUIDv8 (RFC 9562 section 5.8): exactly 16 bytes in, version and variant bits overwritten, the other 122 bits kept';

CREATE FUNCTION @extschema@.uuid_generate_v1mc() RETURNS uuid
  LANGUAGE plpgsql VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  node bytea := substring(uuid_send(gen_random_uuid()) FROM 11);
BEGIN
  RETURN encode(substring(uuid_send(@extschema@.uuid_generate_v1()) FROM 1 FOR 10) || set_byte(node, 0, get_byte(node, 0) | 3),
                'hex')::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v1mc() IS
  'UUIDv1 with a fresh random multicast node for every value (uuid-ossp''s v1mc); same strictly increasing timestamps as uuid_generate_v1 and v6 in the session';

CREATE FUNCTION @extschema@.uuid_ns_dns() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

COMMENT ON FUNCTION @extschema@.uuid_ns_dns() IS
  'the DNS namespace ID 6ba7b810-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_url() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

COMMENT ON FUNCTION @extschema@.uuid_ns_url() IS
  'the URL namespace ID 6ba7b811-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_oid() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

COMMENT ON FUNCTION @extschema@.uuid_ns_oid() IS
  'the ISO OID namespace ID 6ba7b812-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

CREATE FUNCTION @extschema@.uuid_ns_x500() RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $fn$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

COMMENT ON FUNCTION @extschema@.uuid_ns_x500() IS
  'the X.500 DN namespace ID 6ba7b814-9dad-11d1-80b4-00c04fd430c8 (RFC 9562 section 6.6)';

-- ---------------------------------------------------------------- v7 ranges and sub-ms time
CREATE FUNCTION @extschema@.uuid_v7_floor(timestamptz) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  IF $1 < '1970-01-01 00:00:00+00' OR $1 > '10889-08-02 05:31:50.655999+00' THEN
    RETURN @extschema@.uuidx_sql_raise_v7_range($1);
  END IF;
  RETURN @extschema@.uuidx_sql_from_halves(
    ((@extschema@.uuidx_sql_v7_clamped_micros($1) / 1000) << 16) | 28672,  -- 0x7000: version 7
    -9223372036854775808);                                                -- 0x8000...: variant 10
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_floor(timestamptz) IS
  'the smallest UUIDv7 of the millisecond holding the instant (rand_a and rand_b zero), for WHERE id BETWEEN uuid_v7_floor(t1) AND uuid_v7_ceil(t2)';

CREATE FUNCTION @extschema@.uuid_v7_ceil(timestamptz) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  IF $1 < '1970-01-01 00:00:00+00' OR $1 > '10889-08-02 05:31:50.655999+00' THEN
    RETURN @extschema@.uuidx_sql_raise_v7_range($1);
  END IF;
  RETURN @extschema@.uuidx_sql_from_halves(
    ((@extschema@.uuidx_sql_v7_clamped_micros($1) / 1000) << 16) | 32767,  -- 0x7fff
    -4611686018427387905);                                                -- 0xbfff...
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_ceil(timestamptz) IS
  'the greatest UUIDv7 of the millisecond holding the instant (rand_a and rand_b all ones)';

CREATE FUNCTION @extschema@.uuid_extract_time(uuid, submillisecond boolean) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, $2::pg_catalog.int4)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_time(uuid, boolean) IS
  'as uuid_extract_time(uuid); when the second argument is true, a UUIDv7''s rand_a is read as the RFC 9562 section 6.2 method 3 fraction, giving microseconds';

-- ---------------------------------------------------------------- encode
CREATE FUNCTION @extschema@.uuid_encode(uuid, format text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fmt constant text COLLATE "C" := @extschema@.uuidx_sql_encoding(format);
  hex constant text := replace($1::text, '-', '');
  v numeric := 0;  -- the 128 bits as a number
  base int := 32;
  len int := 26;
  alphabet text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';  -- Crockford: no I, L, O, U
  out text := '';
BEGIN
  IF fmt = 'hex' THEN
    RETURN hex;
  ELSIF fmt = 'base64url' THEN  -- RFC 4648 section 5: base64's alphabet with - and _, unpadded
    RETURN translate(rtrim(encode(uuid_send($1), 'base64'), '='), '+/', '-_');
  END IF;
  FOR i IN 0..3 LOOP  -- 32 bits at a time, from the high end
    v := v * 4294967296 + ('x' || substr(hex, 8 * i + 1, 8))::bit(32)::int8;
  END LOOP;
  IF fmt = 'base58' THEN  -- Bitcoin alphabet: no 0, O, I, l; 58^22 > 2^128, leading zeros are '1'
    base := 58;
    len := 22;
    alphabet := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  ELSIF fmt = 'base32hex' THEN  -- RFC 4648 section 7: the 128 bits, then two zero bits
    alphabet := '0123456789ABCDEFGHIJKLMNOPQRSTUV';
    v := v * 4;
  END IF;
  -- base32 (Crockford) is 130 bits: two zero bits, then the 128, so a UUIDv7 gives a ULID.
  FOR i IN 1..len LOOP
    out := substr(alphabet, mod(v, base)::int + 1, 1) || out;
    v := div(v, base);
  END LOOP;
  RETURN CASE WHEN fmt = 'base32hex' THEN out || '======' ELSE out END;  -- '=' to 32, as section 7
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_encode(uuid, text) IS
  'the UUID as text in format hex (32 digits), base32 (Crockford, 26 characters; a UUIDv7 gives a ULID), base58 (Bitcoin alphabet, 22 characters), base64url (22 characters, unpadded) or base32hex (RFC 4648 section 7: 26 characters and 6 "=", as PostgreSQL 19''s encode(bytea, ''base32hex''))';

CREATE FUNCTION @extschema@.uuid_decode(text, format text) RETURNS uuid
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fmt constant text COLLATE "C" := @extschema@.uuidx_sql_encoding(format);
  t constant text COLLATE "C" := $1;
  n int;               -- characters uuid_encode writes
  class text COLLATE "C";  -- a regular expression for one valid character
  alphabet text COLLATE "C";
  alphabet_name text;  -- for "is not a ..." details
  max_text text COLLATE "C";  -- the Max UUID's (RFC 9562 section 5.10) text, for base32 and base58
  head text COLLATE "C";  -- the characters read
  stop text COLLATE "C";  -- the character that ends a base32hex scan
  ok int;              -- how many leading characters are valid
  digits text COLLATE "C";
  padded boolean;
  pos int;             -- the fault: its position (1-based) and detail
  detail text;
  v numeric := 0;      -- the value read
  hex text := '';
BEGIN
  CASE fmt
  WHEN 'hex' THEN
    n := 32; class := '[0-9A-Fa-f]'; alphabet_name := 'hexadecimal digit';
  WHEN 'base32' THEN
    n := 26; class := '[0-9A-TV-Za-tv-z]'; alphabet := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    max_text := '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
    alphabet_name := 'Crockford base32 digit (0-9, A-Z without I, L, O, U; I and L read as 1, O as 0)';
  WHEN 'base58' THEN
    n := 22; class := '[1-9A-HJ-NP-Za-km-z]';
    alphabet := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    max_text := 'YcVfxkQb6JRzqk5kF2tNLv';
    alphabet_name := 'base58 digit (Bitcoin alphabet: 1-9, A-Z without I and O, a-z without l)';
  WHEN 'base64url' THEN
    n := 22; class := '[A-Za-z0-9_-]'; alphabet_name := 'base64url digit (A-Z, a-z, 0-9, - and _)';
  ELSE
    n := 32; class := '[0-9A-Va-v]'; alphabet := '0123456789ABCDEFGHIJKLMNOPQRSTUV';
    alphabet_name := 'base32hex digit (RFC 4648 section 7: 0-9 and A-V, either case)';
  END CASE;

  <<check>>
  BEGIN
    IF t = '' THEN
      pos := 1;
      detail := 'The input is empty; ' || fmt || ' takes ' || CASE WHEN fmt = 'base32hex' THEN '26 digits.' ELSE n || ' characters.' END;
      EXIT check;
    END IF;

    IF fmt = 'base32hex' THEN
      -- As PostgreSQL 19's decode(t, 'base32hex') where it gives 16 bytes: either case; space,
      -- tab, LF and CR anywhere; after 26 digits any number of '=' or a 27th digit (dropped).
      -- The longest prefix read so far (the whole RE is greedy: POSIX longest match):
      head := substring(t FROM '^[ \t\n\r]*(?:(?:[0-9A-Va-v][ \t\n\r]*){26}=[= \t\n\r]*|(?:[0-9A-Va-v][ \t\n\r]*){0,27})');
      digits := regexp_replace(head, '[^0-9A-Va-v]', '', 'g');
      padded := strpos(head, '=') > 0;
      pos := char_length(head) + 1;
      IF pos <= char_length(t) THEN
        stop := substr(t, pos, 1);
        detail := CASE
          WHEN stop = '=' AND digits = '' THEN 'The padding "=" comes before any digit; it may only follow the 26 digits of a uuid.'
          WHEN stop = '=' THEN 'The padding "=" follows ' || char_length(digits)
            || CASE WHEN char_length(digits) = 1 THEN ' digit' ELSE ' digits' END || '; it may only follow the 26 digits of a uuid.'
          WHEN stop !~ class THEN @extschema@.uuidx_sql_describe_char(stop) || ' is not a ' || alphabet_name || '.'
          WHEN padded THEN @extschema@.uuidx_sql_describe_char(stop) || ' follows the padding "=".'
          ELSE 'The input has more than 27 digits; base32hex takes 26 (a 27th is ignored, as by PostgreSQL''s decode).'
        END;
      ELSIF char_length(digits) < 26 THEN
        detail := 'The input ends after ' || char_length(digits)
          || CASE WHEN char_length(digits) = 1 THEN ' digit' ELSE ' digits' END || '; base32hex takes 26.';
      END IF;
      digits := translate(left(digits, 26), 'abcdefghijklmnopqrstuv', 'ABCDEFGHIJKLMNOPQRSTUV');
      EXIT check;
    END IF;

    -- Fixed length: the first bad character among the first n, then the length (the C build
    -- counts bytes, the same here: every character before the fault is ASCII).
    head := left(t, n + 1);
    ok := char_length(substring(head FROM '^' || class || '*'));
    IF ok < least(char_length(head), n) THEN
      pos := ok + 1;
      detail := @extschema@.uuidx_sql_describe_char(substr(head, pos, 1)) || ' is not a ' || alphabet_name || '.';
    ELSIF ok < n THEN
      pos := ok + 1;
      detail := 'The input ends after ' || ok || CASE WHEN ok = 1 THEN ' character; ' ELSE ' characters; ' END
        || fmt || ' takes ' || n || '.';
    ELSIF char_length(head) > n THEN
      pos := n + 1;
      detail := 'The input is longer than the ' || n || ' characters ' || fmt || ' takes.';
    END IF;
    EXIT check WHEN detail IS NOT NULL;

    digits := t;
    IF fmt = 'base32' THEN  -- lower case, and Crockford's aliases I, L for 1 and O for 0
      digits := translate(t, 'abcdefghjkmnpqrstvwxyzIiLlOo', 'ABCDEFGHJKMNPQRSTVWXYZ111100');
    END IF;
    -- Above 128 bits: the alphabets are in ASCII order, so compare the text with the max uuid's;
    -- the first digit above it is the position named.
    IF digits > max_text THEN
      pos := 1;
      WHILE substr(digits, pos, 1) = substr(max_text, pos, 1) LOOP
        pos := pos + 1;
      END LOOP;
      detail := 'The value exceeds 128 bits: the greatest ' || fmt || ' uuid is ' || max_text || '.';
    ELSIF fmt = 'base64url' AND right(t, 1) NOT IN ('A', 'Q', 'g', 'w') THEN
      -- The last digit's low 4 bits lie past the 128.
      pos := n;
      detail := @extschema@.uuidx_sql_describe_char(right(t, 1))
        || ' sets bits beyond the 128 of a uuid: the last character carries two bits, so it must be one of A, Q, g, w.';
    END IF;
  END;

  IF detail IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22P02',
      MESSAGE = 'invalid ' || fmt || ' input for type uuid at position ' || pos || ': ' || @extschema@.uuidx_sql_quote(t),
      DETAIL = detail,
      HINT = 'uuid_encode(uuid, ''' || fmt || ''') writes ' || n || ' characters in this format.';
  ELSIF fmt = 'hex' THEN
    RETURN t::uuid;
  ELSIF fmt = 'base64url' THEN
    RETURN encode(decode(translate(t, '-_', '+/') || '==', 'base64'), 'hex')::uuid;
  END IF;
  FOR i IN 1..char_length(digits) LOOP
    v := v * char_length(alphabet) + (strpos(alphabet, substr(digits, i, 1)) - 1);
  END LOOP;
  IF fmt = 'base32hex' THEN  -- 130 bits: the low two are not the uuid's (19 ignores them too)
    v := div(v, 4);
  END IF;
  FOR i IN 1..4 LOOP  -- 32 bits at a time, from the low end
    hex := lpad(to_hex(mod(v, 4294967296)::int8), 8, '0') || hex;
    v := div(v, 4294967296);
  END LOOP;
  RETURN hex::uuid;
END
$fn$;

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
  LANGUAGE sql VOLATILE PARALLEL SAFE
AS $fn$ SELECT pg_catalog.gen_random_uuid() $fn$;

COMMENT ON FUNCTION @extschema@.uuidv4() IS
  'uuidx''s uuid_generate_v4() under PostgreSQL 18''s name: a random UUIDv4 (RFC 9562 section 5.4)';

CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
AS $fn$ SELECT @extschema@.uuid_generate_v7() $fn$;

COMMENT ON FUNCTION @extschema@.uuidv7() IS
  'uuidx''s uuid_generate_v7() under PostgreSQL 18''s name: UUIDv7 with a sub-millisecond fraction, strictly increasing in uuidx''s session sequence';

CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
  LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  now_ts timestamptz := clock_timestamp();
  shifted timestamptz := now_ts + shift;
  next bytea;
  shift_us numeric;
  shift_ms numeric;
  tick numeric;
BEGIN
  IF NOT isfinite(shifted) THEN
    RAISE EXCEPTION 'UUID version 7 does not support infinite intervals' USING ERRCODE = 'datetime_field_overflow';
  END IF;
  next := uuid_send(@extschema@.uuid_generate_v7());
  -- The shift in 1/4096 ms steps, its µs rounded to the nearest step (as the C build).
  shift_us := extract(epoch FROM shifted - now_ts) * 1000000;
  shift_ms := floor(shift_us / 1000);
  tick := ((('x' || encode(substring(next FROM 1 FOR 6), 'hex'))::bit(48)::bigint) << 12)
          | (('x' || encode(substring(next FROM 7 FOR 2), 'hex'))::bit(16)::bigint & 4095);
  tick := tick + shift_ms * 4096 + div((shift_us - shift_ms * 1000) * 4096 + 500, 1000);
  IF tick < 0 OR tick >= 1152921504606846976 THEN
    RAISE EXCEPTION 'timestamp out of range for UUIDv7: "%"',
      CASE WHEN shifted < '1970-01-01 00:00:00+00' OR shifted > '10889-08-02 05:31:50.655999+00'
           THEN to_char(shifted AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' END
      USING ERRCODE = 'datetime_field_overflow',
            DETAIL = 'A shift of ' || shift || ' moves the current time outside what UUIDv7 holds (RFC 9562 section 5.7).';
  END IF;
  RETURN encode(int8send((div(tick, 4096)::bigint << 16) | 28672 | mod(tick, 4096)::bigint)
                || substring(next FROM 9), 'hex')::uuid;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS
  'as PostgreSQL 18''s uuidv7(shift): UUIDv7 for the current time plus the interval (timestamptz + interval rules), strictly increasing within the session for a shift of fixed length (months, or days across a DST change, are recomputed at each call); an instant outside 1970 to 10889 is an error (22008), as in PostgreSQL 18.6';

CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, ('{0,0,0,0,0,0,NULL,0,0,0,0,0,0,0,0,0}'::pg_catalog.int4[])[
  (@extschema@.uuidx_sql_octet($1, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.+) 1])
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS
  'as PostgreSQL 18''s uuid_extract_timestamp: the instant of a UUIDv1 (microseconds) or v7 (milliseconds); NULL for every other version';

-- ---------------------------------------------------------------- time on v7 keys
-- UUID types: one domain per version over uuid (RFC variant, that version; NULL allowed). The
-- check raises 23514 naming what the value is, which a plain CHECK failure would not.
CREATE FUNCTION @extschema@.uuid_check_version(value uuid, version integer, domain text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  -- One test on the path every insert takes (a version outside 0-15 never matches).
  IF @extschema@.uuidx_sql_version(value) = version THEN
    RETURN true;
  END IF;
  IF version < 0 OR version > 15 THEN
    RAISE USING ERRCODE = '22023', MESSAGE = format('invalid UUID version: %s', version),
      DETAIL = 'The version field of RFC 9562 section 4.2 holds 0 to 15.';
  END IF;
  RAISE USING ERRCODE = '23514',
    MESSAGE = format('value for domain %s must be a UUIDv%s, not %s', domain, version,
      CASE
        WHEN value = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'  -- §5.9
        WHEN value = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'  -- §5.10
        WHEN get_byte(uuid_send(value), 8) >> 6 <> 2
          THEN 'a UUID of the ' || ('{NCS,NCS,NCS,NCS,"RFC 9562","RFC 9562",Microsoft,reserved}'::text[])[(get_byte(uuid_send(value), 8) >> 5) + 1] || ' variant'
        ELSE 'a UUIDv' || (get_byte(uuid_send(value), 6) >> 4)
      END),
    DETAIL = format('The value is "%s".', value);
END
$fn$;

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
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_from_halves(
  -- unix_ts_ms << 16 | 0x7000 | rand_a
  (((@extschema@.uuidx_sql_v7_lower_micros(at, inclusive) OPERATOR(pg_catalog.+) (999 OPERATOR(pg_catalog.*) (NOT submillisecond)::pg_catalog.int4))
     OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16)
  OPERATOR(pg_catalog.|) 28672
  OPERATOR(pg_catalog.|) (submillisecond::pg_catalog.int4 OPERATOR(pg_catalog.*) pg_catalog.int8larger(
      (((@extschema@.uuidx_sql_v7_lower_micros(at, inclusive) OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.*) 4096)
       OPERATOR(pg_catalog.-) 1049) OPERATOR(pg_catalog./) 1000, 0))
  OPERATOR(pg_catalog.|) pg_catalog.int4um((@extschema@.uuidx_sql_v7_lower_micros(at, inclusive)
      OPERATOR(pg_catalog.>) (281474976710655000 OPERATOR(pg_catalog.+) (999 OPERATOR(pg_catalog.*) submillisecond::pg_catalog.int4)))::pg_catalog.int4),
  -- variant 10 and rand_b zero
  (-9223372036854775808) OPERATOR(pg_catalog.|) pg_catalog.int4um((@extschema@.uuidx_sql_v7_lower_micros(at, inclusive)
      OPERATOR(pg_catalog.>) (281474976710655000 OPERATOR(pg_catalog.+) (999 OPERATOR(pg_catalog.*) submillisecond::pg_catalog.int4)))::pg_catalog.int4))
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_lower_bound(timestamptz, boolean, boolean) IS
  'the smallest UUIDv7 whose uuid_extract_time(u, submillisecond) is >= at (inclusive) or > at: uuid_extract_time(id) >= t implies id >= uuid_v7_lower_bound(t) for v7 keys; the smallest v7 before 1970, the max UUID past the last v7 time';

CREATE FUNCTION @extschema@.uuid_v7_upper_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuidx_sql_from_halves(
  -- unix_ts_ms << 16 | 0x7000 | rand_a
  (((@extschema@.uuidx_sql_v7_upper_micros(at, inclusive, submillisecond) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16)
   OPERATOR(pg_catalog.|) 28672
   OPERATOR(pg_catalog.|) (4095 OPERATOR(pg_catalog.-) (submillisecond::pg_catalog.int4 OPERATOR(pg_catalog.*) (4095 OPERATOR(pg_catalog.-) (
       ((((((@extschema@.uuidx_sql_v7_upper_micros(at, inclusive, submillisecond) OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.+) 1)
           OPERATOR(pg_catalog.*) 4096) OPERATOR(pg_catalog.-) 1049) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 1)
       OPERATOR(pg_catalog.+) (2 OPERATOR(pg_catalog.*)
         ((@extschema@.uuidx_sql_v7_upper_micros(at, inclusive, submillisecond) OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog./) 999)))))))
  OPERATOR(pg_catalog.&) (((@extschema@.uuidx_sql_v7_clamped_micros(at) OPERATOR(pg_catalog.-) (NOT inclusive)::pg_catalog.int4)
                           OPERATOR(pg_catalog.<) 0)::pg_catalog.int4 OPERATOR(pg_catalog.-) 1),
  -- variant 10 and rand_b all ones
  (-4611686018427387905) OPERATOR(pg_catalog.&) (((@extschema@.uuidx_sql_v7_clamped_micros(at) OPERATOR(pg_catalog.-) (NOT inclusive)::pg_catalog.int4)
                           OPERATOR(pg_catalog.<) 0)::pg_catalog.int4 OPERATOR(pg_catalog.-) 1))
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_upper_bound(timestamptz, boolean, boolean) IS
  'the greatest UUIDv7 whose uuid_extract_time(u, submillisecond) is <= at (inclusive) or < at: uuid_extract_time(id) <= t implies id <= uuid_v7_upper_bound(t) for v7 keys; the nil UUID before 1970, the greatest v7 past the last v7 time';

-- min(uuid) and max(uuid), in the order of uuid's btree operators (the server has none). Their
-- SORTOP lets PostgreSQL answer them from one index entry; the planner hook rewrites
-- min/max(uuid_extract_time(id)) of a v7 key into uuid_extract_time(min/max(id)) with them.
CREATE FUNCTION @extschema@.uuid_smaller(uuid, uuid) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT CASE WHEN $1 OPERATOR(pg_catalog.<=) $2 THEN $1 ELSE $2 END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_smaller(uuid, uuid) IS
  'the smaller of two UUIDs in the order of uuid''s < operator; the transition function of min(uuid)';
CREATE FUNCTION @extschema@.uuid_larger(uuid, uuid) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT CASE WHEN $1 OPERATOR(pg_catalog.>=) $2 THEN $1 ELSE $2 END
$fn$;

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
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT @extschema@.uuid_v7_floor(ts)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_time_encoder(timestamptz) IS
  'pg_partman time encoder for UUIDv7 keys: uuid_v7_floor(ts), the smallest UUIDv7 of the millisecond holding ts';

CREATE FUNCTION @extschema@.uuid_v7_time_decoder(uuidv7 text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT pg_catalog.timezone('00:00'::pg_catalog.interval, '1970-01-01 00:00:00'::pg_catalog.timestamp
  OPERATOR(pg_catalog.+) @extschema@.uuidx_sql_v7_offset(uuidv7::pg_catalog.uuid, 0, 1)
  OPERATOR(pg_catalog.+) ('0'::pg_catalog.interval OPERATOR(pg_catalog.*)
    ('{NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.float8[])[
      @extschema@.uuidx_sql_version(uuidv7::pg_catalog.uuid) OPERATOR(pg_catalog.+) 1]))
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_time_decoder(text) IS
  'pg_partman time decoder for UUIDv7 keys: the millisecond (unix_ts_ms, RFC 9562 section 5.7) of a UUIDv7 given as text; NULL for other versions';

-- ---------------------------------------------------------------- UUIDv47 facade
-- A v7 inside, a v4-looking facade outside: the 48-bit timestamp XOR-masked with SipHash-2-4 of
-- the 74 random bits under a 128-bit key (16 bytes: k0 = the first 8 little-endian, k1 = the
-- next 8), bit for bit as the UUIDv47 reference. The one-argument forms read the key from the
-- superuser-only setting uuidx.facade_key, so STABLE.
CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(id, key, 4, 'uuid_v7_to_facade'::pg_catalog.text)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_to_facade(uuid, bytea) IS
  'the UUIDv47 facade of a UUIDv7: a UUIDv4-looking value whose timestamp is masked with SipHash-2-4 under the 16-byte key; uuid_facade_to_v7 inverts it';

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(facade, key, 7, 'uuid_facade_to_v7'::pg_catalog.text)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_facade_to_v7(uuid, bytea) IS
  'the UUIDv7 a UUIDv47 facade was made from under the 16-byte key; another key gives a valid UUIDv7 with a wrong time (the facade is not authenticated)';

CREATE FUNCTION @extschema@.uuid_v7_to_facade(id uuid) RETURNS uuid
  LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(id, @extschema@.uuidx_sql_facade_setting_key(), 4,
    'uuid_v7_to_facade'::pg_catalog.text)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_to_facade(uuid) IS
  'uuid_v7_to_facade(id, key) with the key of the setting uuidx.facade_key (an error, 55000, when it is not set)';

CREATE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid) RETURNS uuid
  LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT @extschema@.uuidx_sql_facade(facade, @extschema@.uuidx_sql_facade_setting_key(), 7,
    'uuid_facade_to_v7'::pg_catalog.text)
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_facade_to_v7(uuid) IS
  'uuid_facade_to_v7(facade, key) with the key of the setting uuidx.facade_key (an error, 55000, when it is not set)';

CREATE FUNCTION @extschema@.uuid_generate_v7_fresh() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
AS $fn$ SELECT @extschema@.uuid_generate_v7() $fn$;

COMMENT ON FUNCTION @extschema@.uuid_generate_v7_fresh() IS
  'UUIDv7 in the session''s sequence (strictly increasing with uuid_generate_v7) whose 62 bits of rand_b are all drawn afresh for every value: in a burst the sub-millisecond fraction advances instead, so facades of consecutive values share no counter bits; runs ahead of the clock above one value per 1/4096 ms';

-- From PostgreSQL 18 on the server's own uuidv7() keeps the promises uuid_generate_v7() makes (a
-- §6.2 method 3 fraction, each value above the backend's previous one, the time true to the
-- clock) at a C function's cost: the v7 generators of the session's sequence call it, and so share
-- its sequence with a plain uuidv7().
DO $uuidx_v18$
BEGIN
  IF pg_catalog.current_setting('server_version_num')::integer >= 180000 THEN
    CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
      LANGUAGE sql VOLATILE PARALLEL SAFE AS $b$ SELECT pg_catalog.uuidv7() $b$;
    CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
      LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS $b$ SELECT pg_catalog.uuidv7(shift) $b$;
  END IF;
END
$uuidx_v18$;
$uuidx_script$, '@extschema@', pg_catalog.quote_ident(target));
END
$uuidx_install$;
COMMIT;
