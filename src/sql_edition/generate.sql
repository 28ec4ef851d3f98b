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

-- §5.7 v7, in the session's sequence: unix_ts_ms and rand_a (12 bits, 0 unless a READ ONLY
-- transaction raised it) are the setting uuidx_sql.v7_hi, the value's first 8 bytes as an int8:
-- the clock's millisecond with rand_a 0 when that is above it, written only then (set_config
-- costs more than reading it), else kept (a clock stepped back, or a READ ONLY value above);
-- rand_b is the variant, the next value of uuidx_sql_v7_order (§6.2 method 1: a counter, 46 bits,
-- above every earlier one of the session, rolled back or not), then 16 bits of random(), the
-- session's generator, seeded from the strong random source (§6.9: the counter, not these bits,
-- keeps the values unique; a CSPRNG call would cost more than the rest of the expression). So
-- each value is above the session's previous one, and its time is the clock's, never ahead. In a
-- READ ONLY transaction (a hot standby's are), where nextval cannot run,
-- uuidx_sql_v7_read_only() makes the value. One expression, every name qualified, no SET
-- clause: the planner inlines it into the calling query. Its text is two int8 in hex, hi then lo.
-- PARALLEL UNSAFE: set_config and nextval cannot run in a parallel operation.
CREATE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
  LANGUAGE sql PARALLEL UNSAFE
AS $fn$
SELECT CASE WHEN pg_catalog.current_setting('transaction_read_only') OPERATOR(pg_catalog.=) 'on'
  THEN @extschema@.uuidx_sql_v7_read_only()
  ELSE (pg_catalog.lpad(pg_catalog.to_hex(
    CASE WHEN pg_catalog.int8or(pg_catalog.int8shl(pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
                                                   OPERATOR(pg_catalog.*) 1000::pg_catalog.float8)::pg_catalog.int8, 16), 28672)
              -- concat: '0' when unset, and no operator looked up through the caller's search_path
              OPERATOR(pg_catalog.>) pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7_hi', true))::pg_catalog.int8
    THEN pg_catalog.set_config('uuidx_sql.v7_hi', pg_catalog.int8larger(
           pg_catalog.int8or(pg_catalog.int8shl(pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
                                                OPERATOR(pg_catalog.*) 1000::pg_catalog.float8)::pg_catalog.int8, 16), 28672),
           pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7_hi', true))::pg_catalog.int8)::pg_catalog.text,
         false)::pg_catalog.int8
    ELSE pg_catalog.concat('0', pg_catalog.current_setting('uuidx_sql.v7_hi', true))::pg_catalog.int8 END), 16, '0')
  OPERATOR(pg_catalog.||) pg_catalog.to_hex(pg_catalog.int8or(pg_catalog.int8or(
    pg_catalog.int8shl(pg_catalog.nextval('@extschema@.uuidx_sql_v7_order'::pg_catalog.regclass), 16),
    (-9223372036854775808)::pg_catalog.int8),
    pg_catalog.floor(pg_catalog.random() OPERATOR(pg_catalog.*) 65536::pg_catalog.float8)::pg_catalog.int8)))::pg_catalog.uuid END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7() IS
  'UUIDv7 (RFC 9562 section 5.7), strictly increasing within the session; SQL edition: before PostgreSQL 18 a 46-bit counter orders a millisecond (no sub-millisecond fraction, but in READ ONLY transactions), from 18 the server''s uuidv7()';

-- A v7 where nextval cannot run (a READ ONLY transaction, a hot standby): §6.2 method 3, the
-- clock's µs as a 12-bit fraction in rand_a (rounded down), at least one step above
-- uuidx_sql.v7_hi, which it then sets one step above itself, so that the read-write values that
-- follow in that step sort above it too; rand_b random. The setting is undone by a ROLLBACK, but
-- the clock has moved on by then: only a clock stepped back, or a read-write value in the same
-- millisecond as a rolled-back READ ONLY one, can sort below what was made before.
CREATE FUNCTION @extschema@.uuidx_sql_v7_read_only() RETURNS uuid
  LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  us bigint := floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
  kept bigint := concat('0', current_setting('uuidx_sql.v7_hi', true))::bigint;
  -- steps of 1/4096 ms since the epoch
  step bigint := greatest(div(us, 1000) * 4096 + mod(us, 1000) * 4096 / 1000, (kept >> 16) * 4096 + (kept & 4095) + 1);
BEGIN
  PERFORM set_config('uuidx_sql.v7_hi', ((((step + 1) >> 12) << 16) | 28672 | ((step + 1) & 4095))::text, false);
  RETURN encode(int8send(((step >> 12) << 16) | 28672 | (step & 4095)) || substring(uuid_send(gen_random_uuid()) FROM 9), 'hex')::uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_read_only() IS
  'internal to the uuidx SQL edition: the session''s next v7 where nextval cannot run (READ ONLY, hot standby)';

CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
  LANGUAGE sql PARALLEL UNSAFE
AS $fn$ SELECT @extschema@.uuid_generate_v7() $fn$;

COMMENT ON FUNCTION @extschema@.uuidv7() IS
  'uuidx''s uuid_generate_v7() under PostgreSQL 18''s name: UUIDv7 strictly increasing in uuidx''s session sequence; SQL edition: before PostgreSQL 18 with no sub-millisecond fraction (a counter orders a millisecond)';

-- Before 18 this is uuid_generate_v7(): its rand_b holds the counter and 16 random bits.
CREATE FUNCTION @extschema@.uuid_generate_v7_fresh() RETURNS uuid
  LANGUAGE sql PARALLEL UNSAFE
AS $fn$ SELECT @extschema@.uuid_generate_v7() $fn$;
COMMENT ON FUNCTION @extschema@.uuid_generate_v7_fresh() IS
  'UUIDv7 in the session''s sequence (strictly increasing with uuid_generate_v7); SQL edition: before PostgreSQL 18 the same value as uuid_generate_v7() (a counter and 16 random bits in rand_b), from 18 the server''s uuidv7()';

-- A v7 for the instant: its ms, its sub-ms fraction (§6.2 method 3, rounded down as the C build
-- does), random rand_b. uuid_v7_floor checks the range, with the C build's error.
CREATE FUNCTION @extschema@.uuid_generate_v7(at timestamptz) RETURNS uuid
  LANGUAGE plpgsql PARALLEL UNSAFE
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

-- uuidv7(shift): the session's next v7, moved by the interval as timestamptz + interval moves the
-- current time (months and days in the session's time zone), as PostgreSQL 18 does.
CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
  LANGUAGE plpgsql PARALLEL UNSAFE
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

CREATE FUNCTION @extschema@.uuid_generate_v4() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT pg_catalog.gen_random_uuid() $fn$;

CREATE FUNCTION @extschema@.uuidv4() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT pg_catalog.gen_random_uuid() $fn$;

-- The PL/pgSQL generators are PARALLEL UNSAFE: a volatile PL/pgSQL body starts a command for
-- each statement and sets settings, and neither may happen in a parallel operation.

-- §5.1 and §5.6: the session's next 60-bit Gregorian timestamp (100 ns since 1582-10-15, strictly
-- increasing in the session, shared by v1, v1mc and v6), with its clock sequence and node: 14 and
-- 48 random bits drawn once per session, the node's multicast bit set (§6.10).
CREATE FUNCTION @extschema@.uuidx_sql_gregorian_next(OUT ts bigint, OUT clock_seq_node bigint)
  LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
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

CREATE FUNCTION @extschema@.uuid_generate_v1() RETURNS uuid
  LANGUAGE plpgsql PARALLEL UNSAFE
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

CREATE FUNCTION @extschema@.uuid_generate_v6() RETURNS uuid
  LANGUAGE plpgsql PARALLEL UNSAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  g record := @extschema@.uuidx_sql_gregorian_next();
BEGIN
  -- the 60-bit timestamp from its top down, the version above its last 12 bits
  RETURN encode(int8send(((g.ts >> 12) << 16) | 24576 | (g.ts & 4095)) || int8send(g.clock_seq_node), 'hex')::uuid;
END
$fn$;

-- As v1 (the session's next timestamp and its clock sequence), with a fresh random node for
-- every value, its multicast and local bits set (as uuid-ossp's v1mc).
CREATE FUNCTION @extschema@.uuid_generate_v1mc() RETURNS uuid
  LANGUAGE plpgsql PARALLEL UNSAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  node bytea := substring(uuid_send(gen_random_uuid()) FROM 11);
BEGIN
  RETURN encode(substring(uuid_send(@extschema@.uuid_generate_v1()) FROM 1 FOR 10) || set_byte(node, 0, get_byte(node, 0) | 3),
                'hex')::uuid;
END
$fn$;
