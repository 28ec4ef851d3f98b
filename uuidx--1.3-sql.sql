-- uuidx 1.3-sql: the SQL edition's objects, already in this schema (a restored dump of a database
-- where psql installed uuidx-sql.sql), made this extension's, as they are, if the role that runs
-- CREATE EXTENSION owns them. Then ALTER EXTENSION uuidx UPDATE moves them to the C build
-- (uuidx--1.3-sql--1.3.sql).
\echo Use "CREATE EXTENSION uuidx VERSION '1.3-sql'" to load this file. \quit
DO $uuidx_adopt$
BEGIN
  IF pg_catalog.to_regprocedure('@extschema@.uuidx_sql_digest(bytea, text)') IS NULL THEN
    RAISE EXCEPTION 'schema @extschema@ holds no uuidx SQL edition to adopt'
      USING ERRCODE = 'undefined_object',
            HINT = 'CREATE EXTENSION uuidx SCHEMA name VERSION ''1.3-sql'' names the schema the SQL edition was installed in; a new database takes CREATE EXTENSION uuidx.';
  END IF;
END
$uuidx_adopt$;
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_digest(data bytea, algorithm text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_octet(u uuid, n integer);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_version(u uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_gregorian(u uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v7_offset(u uuid, sub integer, w integer);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_time(u uuid, sub integer);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v7_clamped_micros(at timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_from_halves(hi bigint, lo bigint);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_raise_not_version(u uuid, expected integer, function_name text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_raise_v7_range(at timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v7_lower_micros(at timestamptz, inclusive boolean);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v7_upper_micros(at timestamptz, inclusive boolean, submillisecond boolean);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_stamp(digest bytea, version integer);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_name_bytes(name text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v8_name(namespace uuid, name bytea, algorithm text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_quote(t text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_describe_char(c text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_encoding(format text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_facade(u uuid, key bytea, to_version integer, function_name text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_facade_setting_key();
ALTER EXTENSION uuidx ADD SEQUENCE @extschema@.uuidx_sql_v7_order;
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_v7_read_only();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidx_sql_gregorian_next(OUT ts bigint, OUT clock_seq_node bigint);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v7();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v7(at timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v1();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v6();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v4();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_nil();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_max();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v1_to_v6(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v6_to_v1(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_time(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_version(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_variant(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_node(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_clock_seq(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name bytea);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name bytea);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name text, algorithm text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name bytea, algorithm text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v8(custom bytea);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v1mc();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_ns_dns();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_ns_url();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_ns_oid();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_ns_x500();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_floor(timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_ceil(timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_time(uuid, submillisecond boolean);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_encode(uuid, format text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_decode(text, format text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidv4();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidv7();
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuidv7(shift interval);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_extract_timestamp(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_check_version(value uuid, version integer, domain text);
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v1;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v3;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v4;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v5;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v6;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v7;
ALTER EXTENSION uuidx ADD DOMAIN @extschema@.uuid_v8;
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_lower_bound(at timestamptz, inclusive boolean, submillisecond boolean);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_upper_bound(at timestamptz, inclusive boolean, submillisecond boolean);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_smaller(uuid, uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_larger(uuid, uuid);
ALTER EXTENSION uuidx ADD AGGREGATE @extschema@.min(uuid);
ALTER EXTENSION uuidx ADD AGGREGATE @extschema@.max(uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_partitions(parent regclass, "from" timestamptz, "to" timestamptz, step interval);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_time_encoder(ts timestamptz);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_time_decoder(uuidv7 text);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_to_facade(id uuid, key bytea);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_facade_to_v7(facade uuid, key bytea);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_v7_to_facade(id uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_facade_to_v7(facade uuid);
ALTER EXTENSION uuidx ADD FUNCTION @extschema@.uuid_generate_v7_fresh();
DO $uuidx_adopt_owner$
DECLARE
  ext pg_catalog.pg_extension%ROWTYPE;
  foreign_owned text[];
BEGIN
  SELECT * INTO ext FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'uuidx';
  SELECT pg_catalog.array_agg(pg_catalog.format('%s (owner %s)', pg_catalog.pg_describe_object(d.classid, d.objid, 0),
                                                o.owner::pg_catalog.regrole) ORDER BY d.objid)
    INTO foreign_owned
  FROM pg_catalog.pg_depend d,
       LATERAL (SELECT proowner FROM pg_catalog.pg_proc
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid
                UNION ALL SELECT typowner FROM pg_catalog.pg_type
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid
                UNION ALL SELECT relowner FROM pg_catalog.pg_class
                WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid AND oid OPERATOR(pg_catalog.=) d.objid) o(owner)
  WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
    AND d.refobjid OPERATOR(pg_catalog.=) ext.oid AND d.deptype OPERATOR(pg_catalog.=) 'e'
    AND NOT pg_catalog.pg_has_role(ext.extowner, o.owner, 'USAGE');
  IF foreign_owned IS NOT NULL THEN
    RAISE EXCEPTION 'permission denied to adopt the uuidx SQL edition of schema @extschema@'
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = pg_catalog.format('Role %s does not have the privileges of the owner of %s of its objects, such as %s.', ext.extowner::pg_catalog.regrole,
                                       pg_catalog.cardinality(foreign_owned), pg_catalog.array_to_string(foreign_owned[1:2], ' and ')),
            HINT = 'Run CREATE EXTENSION as the role that installed the SQL edition there.';
  END IF;
END
$uuidx_adopt_owner$;
