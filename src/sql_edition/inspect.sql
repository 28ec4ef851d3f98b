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

-- ---------------------------------------------------------------- nil and max
CREATE FUNCTION @extschema@.uuid_nil() RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid
$fn$;

CREATE FUNCTION @extschema@.uuid_max() RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid
$fn$;

-- ---------------------------------------------------------------- v1 <-> v6
-- §5.6 moves only the timestamp's hex digits; octets 8-15 are kept as they are. In the 32 hex
-- digits h of a v1, the timestamp is time_high h[14..16], time_mid h[9..12], time_low h[1..8];
-- a v6 writes it most significant first with the version digit after its first 12 digits.
CREATE FUNCTION @extschema@.uuid_v1_to_v6(uuid) RETURNS uuid
  LANGUAGE plpgsql
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

-- The inverse: the v6 timestamp t = h[1..12] h[14..16]; time_low = t[8..15], time_mid = t[4..7],
-- time_high = t[1..3].
CREATE FUNCTION @extschema@.uuid_v6_to_v1(uuid) RETURNS uuid
  LANGUAGE plpgsql
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

-- ---------------------------------------------------------------- extraction
CREATE FUNCTION @extschema@.uuid_extract_time(uuid, submillisecond boolean) RETURNS timestamptz
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, $2::pg_catalog.int4)
$fn$;

CREATE FUNCTION @extschema@.uuid_extract_time(uuid) RETURNS timestamptz
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, 0)
$fn$;

-- PostgreSQL 18's meaning: v1 and v7 only. A v6 is turned into NULL through the second
-- argument, which reaches the result whatever the version.
CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_time($1, ('{0,0,0,0,0,0,NULL,0,0,0,0,0,0,0,0,0}'::pg_catalog.int4[])[
  (@extschema@.uuidx_sql_octet($1, 6) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.+) 1])
$fn$;

CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_version($1)::pg_catalog.int2
$fn$;

-- §4.1 Table 1 by the three most significant bits of octet 8: 0xx NCS, 10x RFC 9562, 110
-- Microsoft, 111 reserved.
CREATE FUNCTION @extschema@.uuid_extract_variant(uuid) RETURNS smallint
  LANGUAGE sql
AS $fn$
SELECT ('{0,0,0,0,2,2,6,7}'::pg_catalog.int2[])[(@extschema@.uuidx_sql_octet($1, 8) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.+) 1]
$fn$;

-- §5.1: octets 10-15 of a v1 or v6.
CREATE FUNCTION @extschema@.uuid_extract_node(uuid) RETURNS macaddr
  LANGUAGE sql
AS $fn$
SELECT (pg_catalog.encode(pg_catalog.substring(pg_catalog.uuid_send($1), 11, 6), 'hex')
  OPERATOR(pg_catalog.||) ('{NULL,"",NULL,NULL,NULL,NULL,"",NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.text[])[
    @extschema@.uuidx_sql_version($1) OPERATOR(pg_catalog.+) 1])::pg_catalog.macaddr
$fn$;

-- §5.1: the 14 bits after the variant in octets 8-9 of a v1 or v6.
CREATE FUNCTION @extschema@.uuid_extract_clock_seq(uuid) RETURNS integer
  LANGUAGE sql
AS $fn$
SELECT (((@extschema@.uuidx_sql_octet($1, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.<<) 8)
        OPERATOR(pg_catalog.|) @extschema@.uuidx_sql_octet($1, 9))
  OPERATOR(pg_catalog.+) ('{NULL,0,NULL,NULL,NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.int4[])[
    @extschema@.uuidx_sql_version($1) OPERATOR(pg_catalog.+) 1]
$fn$;

-- ---------------------------------------------------------------- version domains
-- The check of the uuid_v1 ... uuid_v8 domains: it must raise, so PL/pgSQL. §4.2: the version
-- is a 4-bit field; asking for another number is a wrong call (22023), not a failed check.
CREATE FUNCTION @extschema@.uuid_check_version(value uuid, version integer, domain text) RETURNS boolean
  LANGUAGE plpgsql
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

-- ---------------------------------------------------------------- v7 ranges
-- §5.7: the first (rand_a, rand_b zero) and the last (all ones) v7 of the ms holding the
-- instant; 22008 outside 1970 .. the last 48-bit ms (inside, the clamp changes nothing).
CREATE FUNCTION @extschema@.uuid_v7_floor(timestamptz) RETURNS uuid
  LANGUAGE plpgsql
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

CREATE FUNCTION @extschema@.uuid_v7_ceil(timestamptz) RETURNS uuid
  LANGUAGE plpgsql
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

CREATE FUNCTION @extschema@.uuid_v7_lower_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  LANGUAGE sql
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

CREATE FUNCTION @extschema@.uuid_v7_upper_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  LANGUAGE sql
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

-- ---------------------------------------------------------------- min/max and pg_partman
-- The order of uuid's btree operators. The transition functions of min(uuid) and max(uuid) are
-- called per row, never inlined; a plain CASE is the cheapest body there.
CREATE FUNCTION @extschema@.uuid_smaller(uuid, uuid) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT CASE WHEN $1 OPERATOR(pg_catalog.<=) $2 THEN $1 ELSE $2 END
$fn$;

CREATE FUNCTION @extschema@.uuid_larger(uuid, uuid) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT CASE WHEN $1 OPERATOR(pg_catalog.>=) $2 THEN $1 ELSE $2 END
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_time_encoder(ts timestamptz) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuid_v7_floor(ts)
$fn$;

-- unix_ts_ms of a v7 given as text (malformed text: uuid_in's own 22P02); NULL for anything else,
-- through a zero interval times a factor that is NULL unless the UUID is a v7.
CREATE FUNCTION @extschema@.uuid_v7_time_decoder(uuidv7 text) RETURNS timestamptz
  LANGUAGE sql
AS $fn$
SELECT pg_catalog.timezone('00:00'::pg_catalog.interval, '1970-01-01 00:00:00'::pg_catalog.timestamp
  OPERATOR(pg_catalog.+) @extschema@.uuidx_sql_v7_offset(uuidv7::pg_catalog.uuid, 0, 1)
  OPERATOR(pg_catalog.+) ('0'::pg_catalog.interval OPERATOR(pg_catalog.*)
    ('{NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL}'::pg_catalog.float8[])[
      @extschema@.uuidx_sql_version(uuidv7::pg_catalog.uuid) OPERATOR(pg_catalog.+) 1]))
$fn$;
