-- uuidx 1.0 to 1.1.
-- 1.0 created PostgreSQL 18's names only on servers older than 18, and named its functions
-- unqualified in COMMENT ON, which on 17 and 18 reached pg_catalog's functions of the same name.
-- 1.1 has the same objects on every major, each named in the extension's schema.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.1'" to load this file. \quit

-- PostgreSQL 18's names: created where 1.0 skipped them (a 1.0 install on 18), replaced by the
-- same definition where 1.0 made them. CREATE OR REPLACE refuses a function of that name in this
-- schema that is not uuidx's, so no object of the user's is taken over.
CREATE OR REPLACE FUNCTION @extschema@.uuidv4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuidv7_shift' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_timestamp_pg18' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.uuidv4() IS
  'uuidx''s uuid_generate_v4() under PostgreSQL 18''s name: a random UUIDv4 (RFC 9562 section 5.4)';
COMMENT ON FUNCTION @extschema@.uuidv7() IS
  'uuidx''s uuid_generate_v7() under PostgreSQL 18''s name: UUIDv7 with a sub-millisecond fraction, strictly increasing in uuidx''s session sequence';
COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS
  'as PostgreSQL 18''s uuidv7(shift): UUIDv7 for the current time plus the interval (timestamptz + interval rules), strictly increasing within the session for a shift of fixed length (months, or days across a DST change, are recomputed at each call); an instant outside 1970 to 10889 is an error (22008), as in PostgreSQL 18.6';
COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS
  'as PostgreSQL 18''s uuid_extract_timestamp: the instant of a UUIDv1 (microseconds) or v7 (milliseconds); NULL for every other version';
-- On 17 and 18, 1.0's comment on this one went to pg_catalog's function of the same name.
COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS
  'the version field (RFC 9562 section 4.2) of a UUID of the RFC 9562 variant; NULL for other variants';

-- 1.0's unqualified COMMENT ON FUNCTION replaced the descriptions of pg_catalog's
-- uuid_extract_version (17 and 18) and uuid_extract_timestamp (17). Where one still carries 1.0's
-- text, the server's own description (from its pg_proc.dat) is put back; nothing else is touched.
DO $repair$
DECLARE
  server_version_num integer := pg_catalog.current_setting('server_version_num')::integer;
  f record;
BEGIN
  FOR f IN
    SELECT * FROM (VALUES
      ('pg_catalog.uuid_extract_version(pg_catalog.uuid)',
       'the version field (RFC 9562 section 4.2) of a UUID of the RFC 9562 variant; NULL for other variants',
       CASE WHEN server_version_num >= 180000 THEN 'extract version from RFC 9562 UUID'
            ELSE 'extract version from RFC 4122 UUID' END),
      ('pg_catalog.uuid_extract_timestamp(pg_catalog.uuid)',
       'PostgreSQL 18''s uuid_extract_timestamp: the instant of a UUIDv1 (microseconds) or v7 (milliseconds); NULL for every other version',
       'extract timestamp from UUID')) AS v(signature, uuidx_text, server_text)
  LOOP
    IF pg_catalog.to_regprocedure(f.signature) IS NOT NULL
       AND pg_catalog.obj_description(pg_catalog.to_regprocedure(f.signature), 'pg_proc') = f.uuidx_text THEN
      EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s IS %L', f.signature, f.server_text);
    END IF;
  END LOOP;
END
$repair$;
