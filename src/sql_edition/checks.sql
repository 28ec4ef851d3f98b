-- checks.sql: the SQL edition's check of UUIDv7 keys made by applications (uuid_v7_check,
-- uuid_v7_plausible), with the C build's answers and messages: the version first (RFC 9562
-- section 4.2, as uuid_check_version), then the time in whole ms (section 5.7) against
-- clock_timestamp() + max_ahead and min_time; NULL for either limit is no limit.

-- The verdict against a clock reading given as an argument: STABLE (timestamptz + interval reads
-- the time zone), so the PL/pgSQL runs no command of its own and the callers, which read the
-- clock, stay PARALLEL SAFE. `raise`: a refusal is an error (23514) rather than false.
CREATE FUNCTION @extschema@.uuidx_sql_v7_check_at(id uuid, clock timestamptz, max_ahead interval, min_time timestamptz, raise boolean) RETURNS boolean
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  latest timestamptz := clock + max_ahead;
  at timestamptz;
BEGIN
  IF id IS NULL THEN
    RETURN NULL;
  END IF;
  IF @extschema@.uuidx_sql_version(id) IS DISTINCT FROM 7 THEN
    IF NOT raise THEN
      RETURN false;
    END IF;
    RAISE USING ERRCODE = '23514',
      MESSAGE = format('key must be a UUIDv7, not %s',
        CASE
          WHEN id = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'  -- §5.9
          WHEN id = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'  -- §5.10
          WHEN get_byte(uuid_send(id), 8) >> 6 <> 2
            THEN 'a UUID of the ' || ('{NCS,NCS,NCS,NCS,"RFC 9562","RFC 9562",Microsoft,reserved}'::text[])[(get_byte(uuid_send(id), 8) >> 5) + 1] || ' variant'
          ELSE 'a UUIDv' || (get_byte(uuid_send(id), 6) >> 4)
        END),
      DETAIL = format('The key is "%s".', id);
  END IF;
  at := @extschema@.uuid_extract_time(id);
  IF at > latest THEN
    IF NOT raise THEN
      RETURN false;
    END IF;
    RAISE USING ERRCODE = '23514',
      MESSAGE = format('UUIDv7 key is dated more than %s ahead of the server''s clock', max_ahead),
      DETAIL = format('The key "%s" is dated %s, the server''s clock reads %s, and the latest time accepted is %s.',
                      id, at, clock, latest),
      HINT = 'The clock of the application that made the key is probably wrong.';
  END IF;
  IF at < min_time THEN
    IF NOT raise THEN
      RETURN false;
    END IF;
    -- A key of 1970 holds Unix seconds (or nothing) where unix_ts_ms belongs: said so.
    IF at < '1971-01-01 00:00:00+00' THEN
      RAISE USING ERRCODE = '23514', MESSAGE = format('UUIDv7 key is dated before %s', min_time),
        DETAIL = format('The key "%s" is dated %s.', id, at),
        HINT = 'A key dated in 1970 holds Unix seconds, or no time, where RFC 9562 section 5.7 puts Unix milliseconds.';
    END IF;
    RAISE USING ERRCODE = '23514', MESSAGE = format('UUIDv7 key is dated before %s', min_time),
      DETAIL = format('The key "%s" is dated %s.', id, at);
  END IF;
  RETURN true;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_v7_check_at(uuid, timestamptz, interval, timestamptz, boolean) IS
  'internal to the uuidx SQL edition: uuid_v7_check (raise) or uuid_v7_plausible against the given clock reading';

CREATE FUNCTION @extschema@.uuid_v7_check(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_v7_check_at(id, pg_catalog.clock_timestamp(), max_ahead, min_time, true)
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_plausible(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_v7_check_at(id, pg_catalog.clock_timestamp(), max_ahead, min_time, false)
$fn$;
