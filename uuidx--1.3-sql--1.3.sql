-- uuidx 1.3-sql to 1.3: the SQL edition's functions become the C build's. CREATE OR REPLACE
-- keeps each function's OID, so the domains, column defaults and views that call it now call
-- the C function, and no table is rewritten.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3'" to load this file. \quit
CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7(at timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v1() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v6() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v6' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_nil() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_nil' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_max() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_max' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v1_to_v6(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v1_to_v6' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v6_to_v1(uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v6_to_v1' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_variant(uuid) RETURNS smallint
  AS 'MODULE_PATHNAME', 'uuidx_extract_variant' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_node(uuid) RETURNS macaddr
  AS 'MODULE_PATHNAME', 'uuidx_extract_node' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_clock_seq(uuid) RETURNS integer
  AS 'MODULE_PATHNAME', 'uuidx_extract_clock_seq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v3' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v5' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name bytea, algorithm text DEFAULT 'sha256') RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v8(custom bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v1mc() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v1mc' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_ns_dns() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_dns' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_ns_url() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_url' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_ns_oid() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_oid' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_ns_x500() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_ns_x500' LANGUAGE C IMMUTABLE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_floor(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_ceil(timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_ceil' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_time(uuid, submillisecond boolean) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_time' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_encode(uuid, format text) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_encode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_decode(text, format text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_decode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuidv4() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v4' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuidv7_shift' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_extract_timestamp_pg18' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_check_version(value uuid, version integer, domain text) RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_check_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_lower_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_upper_bound(at timestamptz, inclusive boolean DEFAULT true, submillisecond boolean DEFAULT false) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_upper_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_smaller(uuid, uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_larger(uuid, uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_uuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time_encoder(ts timestamptz) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_floor' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time_decoder(uuidv7 text) RETURNS timestamptz
  AS 'MODULE_PATHNAME', 'uuidx_v7_time_decoder' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_to_facade' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_facade_to_v7' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_to_facade(id uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_to_facade_setting' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_facade_to_v7(facade uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_facade_to_v7_setting' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE OR REPLACE FUNCTION @extschema@.uuid_generate_v7_fresh() RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_generate_v7_fresh' LANGUAGE C VOLATILE PARALLEL SAFE;

DROP FUNCTION @extschema@.uuidx_sql_digest(data bytea, algorithm text);
DROP FUNCTION @extschema@.uuidx_sql_octet(u uuid, n integer);
DROP FUNCTION @extschema@.uuidx_sql_version(u uuid);
DROP FUNCTION @extschema@.uuidx_sql_gregorian(u uuid);
DROP FUNCTION @extschema@.uuidx_sql_v7_offset(u uuid, sub integer, w integer);
DROP FUNCTION @extschema@.uuidx_sql_time(u uuid, sub integer);
DROP FUNCTION @extschema@.uuidx_sql_v7_clamped_micros(at timestamptz);
DROP FUNCTION @extschema@.uuidx_sql_from_halves(hi bigint, lo bigint);
DROP FUNCTION @extschema@.uuidx_sql_raise_not_version(u uuid, expected integer, function_name text);
DROP FUNCTION @extschema@.uuidx_sql_raise_v7_range(at timestamptz);
DROP FUNCTION @extschema@.uuidx_sql_v7_lower_micros(at timestamptz, inclusive boolean);
DROP FUNCTION @extschema@.uuidx_sql_v7_upper_micros(at timestamptz, inclusive boolean, submillisecond boolean);
DROP FUNCTION @extschema@.uuidx_sql_stamp(digest bytea, version integer);
DROP FUNCTION @extschema@.uuidx_sql_name_bytes(name text);
DROP FUNCTION @extschema@.uuidx_sql_v8_name(namespace uuid, name bytea, algorithm text);
DROP FUNCTION @extschema@.uuidx_sql_quote(t text);
DROP FUNCTION @extschema@.uuidx_sql_describe_char(c text);
DROP FUNCTION @extschema@.uuidx_sql_encoding(format text);
DROP FUNCTION @extschema@.uuidx_sql_facade(u uuid, key bytea, to_version integer, function_name text);
DROP FUNCTION @extschema@.uuidx_sql_facade_setting_key();
DROP SEQUENCE @extschema@.uuidx_sql_v7_order;
DROP FUNCTION @extschema@.uuidx_sql_v7_read_only();
DROP FUNCTION @extschema@.uuidx_sql_gregorian_next(OUT ts bigint, OUT clock_seq_node bigint);
DO $uuidx_c_owner$
DECLARE
  f pg_catalog.regprocedure;
BEGIN
  FOR f IN SELECT p.oid FROM pg_catalog.pg_depend d
             JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
             JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
           WHERE e.extname OPERATOR(pg_catalog.=) 'uuidx' AND d.deptype OPERATOR(pg_catalog.=) 'e'
             AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
             AND p.prolang OPERATOR(pg_catalog.=) (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname OPERATOR(pg_catalog.=) 'c')
  LOOP
    EXECUTE pg_catalog.format('ALTER FUNCTION %s OWNER TO CURRENT_USER', f);
  END LOOP;
END
$uuidx_c_owner$;
