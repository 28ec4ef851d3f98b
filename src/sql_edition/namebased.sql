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

-- §5.3: MD5 is in core, so v3 needs no pgcrypto.
CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name text) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.decode(pg_catalog.md5(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) @extschema@.uuidx_sql_name_bytes($2)), 'hex'), 3)
$fn$;

CREATE FUNCTION @extschema@.uuid_generate_v3(namespace uuid, name bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(pg_catalog.decode(pg_catalog.md5(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) $2), 'hex'), 3)
$fn$;

-- §5.5: SHA-1 is not in core; it comes from pgcrypto.
CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name text) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(@extschema@.uuidx_sql_digest(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) @extschema@.uuidx_sql_name_bytes($2), 'sha1'), 5)
$fn$;

CREATE FUNCTION @extschema@.uuid_generate_v5(namespace uuid, name bytea) RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_stamp(@extschema@.uuidx_sql_digest(
         pg_catalog.uuid_send($1) OPERATOR(pg_catalog.||) $2, 'sha1'), 5)
$fn$;

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_v8_name($1, @extschema@.uuidx_sql_name_bytes($2), $3)
$fn$;

CREATE FUNCTION @extschema@.uuid_generate_v8_name(namespace uuid, name bytea, algorithm text DEFAULT 'sha256') RETURNS uuid
  LANGUAGE sql
AS $fn$
SELECT @extschema@.uuidx_sql_v8_name($1, $2, $3)
$fn$;

-- §5.8: custom_a, custom_b and custom_c are the caller's; only version and variant are set.
CREATE FUNCTION @extschema@.uuid_generate_v8(custom bytea) RETURNS uuid
  LANGUAGE plpgsql
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

-- §6.6 Table 3.
CREATE FUNCTION @extschema@.uuid_ns_dns() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

CREATE FUNCTION @extschema@.uuid_ns_url() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

CREATE FUNCTION @extschema@.uuid_ns_oid() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;

CREATE FUNCTION @extschema@.uuid_ns_x500() RETURNS uuid
  LANGUAGE sql
AS $fn$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $fn$;
