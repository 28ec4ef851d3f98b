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
