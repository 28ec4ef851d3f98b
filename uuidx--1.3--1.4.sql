-- uuidx 1.3 to 1.4: the objects 1.4 adds for keys made outside the database (TypeID and ULID
-- text, a check of client-made v7 keys, deterministic v7 keys for re-keying, a version-mix report).
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------- TypeID and ULID text
-- TypeID (jetify's spec 0.3.0: a prefix of a-z and "_", "_", then the UUID's 128 bits in 26
-- lower-case Crockford base32 characters) and ULID (the same 26 characters in upper case). The
-- readers refuse every text their spec refuses (22P02); uuid_from_typeid also the typeids of
-- another prefix (22023).
CREATE FUNCTION @extschema@.uuid_to_typeid(prefix text, id uuid) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_to_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_to_typeid(text, uuid) IS
  'the TypeID (spec 0.3.0) of a UUID: prefix, "_", the 26-character lower-case base32 suffix; an empty prefix gives the suffix alone';

CREATE FUNCTION @extschema@.uuid_from_typeid(typeid text, prefix text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_from_typeid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_from_typeid(text, text) IS
  'the UUID of a TypeID checked by every rule of spec 0.3.0 (22P02 naming the fault) and of the given prefix (22023 naming both)';

CREATE FUNCTION @extschema@.typeid_prefix(typeid text) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_typeid_prefix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.typeid_prefix(text) IS
  'the prefix of a TypeID checked by every rule of spec 0.3.0 (22P02 naming the fault); empty for a bare suffix';

CREATE FUNCTION @extschema@.uuid_to_ulid(id uuid) RETURNS text
  AS 'MODULE_PATHNAME', 'uuidx_to_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_to_ulid(uuid) IS
  'the ULID of a UUID: its 128 bits big-endian in 26 upper-case Crockford base32 characters, as uuid_encode(id, ''base32'')';

CREATE FUNCTION @extschema@.uuid_from_ulid(ulid text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_from_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_from_ulid(text) IS
  'the UUID with the 128 bits of a ULID: 26 Crockford base32 characters of either case without aliases, the first at most 7 (22P02 naming the fault); a v7 only if its version and variant bits say so';
