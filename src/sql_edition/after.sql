
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
    -- What calls only uuidv7() (inlined: no statement of its own) is as parallel safe as it is.
    ALTER FUNCTION @extschema@.uuidv7() PARALLEL SAFE;
    ALTER FUNCTION @extschema@.uuid_generate_v7_fresh() PARALLEL SAFE;
  END IF;
END
$uuidx_v18$;
