-- uuidx 1.3 to 1.4: the objects 1.4 adds for keys made outside the database (TypeID and ULID
-- text, a check of client-made v7 keys, deterministic v7 keys for re-keying, a version-mix report).
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.4'" to load this file. \quit

-- ---------------------------------------------------------------- checking client-made v7 keys
-- A v7 key made by an application is refused when it is not a v7, dated more than max_ahead
-- after the server's clock (clock_timestamp(), read when the row is checked), or dated before
-- min_time; NULL for either limit is no limit. Once accepted a key stays accepted while the clock
-- moves forward (the floor is fixed), so a dump restores later; a clock set back can refuse it.
-- VOLATILE: the answer depends on the clock. Either one in a CHECK proves the key v7 for the
-- planner's time rewrites, as the uuid_v7 domain does.
CREATE FUNCTION @extschema@.uuid_v7_check(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_v7_check' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_check(uuid, interval, timestamptz) IS
  'true for a UUIDv7 dated at most max_ahead after the server''s clock (clock_timestamp()) and not before min_time (NULL: no limit); otherwise a check_violation (23514) naming the key, its time, the clock and the limit; NULL for NULL; for CHECK constraints and domains over keys made by applications';

CREATE FUNCTION @extschema@.uuid_v7_plausible(id uuid, max_ahead interval DEFAULT '1 minute', min_time timestamptz DEFAULT '2020-01-01 00:00:00+00') RETURNS boolean
  AS 'MODULE_PATHNAME', 'uuidx_v7_plausible' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_plausible(uuid, interval, timestamptz) IS
  'whether uuid_v7_check(id, max_ahead, min_time) accepts the key, false instead of its error: for queries that look for bad keys';

-- The skew of a client-made v7 key: its time (unix_ts_ms, RFC 9562 section 5.7) minus the
-- instant the row was written (a created_at column); positive when the key is ahead.
CREATE FUNCTION @extschema@.uuid_v7_skew(id uuid, at timestamptz) RETURNS interval
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
SELECT CASE WHEN @extschema@.uuid_extract_version(id) OPERATOR(pg_catalog.=) 7
            THEN @extschema@.uuid_extract_time(id) OPERATOR(pg_catalog.-) at END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_v7_skew(uuid, timestamptz) IS
  'the time of a UUIDv7 (to the millisecond) minus the given instant, such as the row''s created_at: positive when the key is ahead; NULL for other versions';

-- ---------------------------------------------------------------- a key column's version mix
-- Rows of a uuid column by what the keys are, one scan (two when it holds v7 keys), as the
-- calling role (SELECT on the table is enough). sort_above_v7 counts the keys that sort above the
-- greatest v7 key: while any do, a new v7 key is not inserted at the right end of the column's
-- btree index but inside it. index_entry_share is the share of the entries of a btree index on
-- the column (a non-partial one whose first column it is): one entry per row, NULL keys
-- included, so the row share, given only when there is such an index.
CREATE FUNCTION @extschema@.uuid_version_mix(tab regclass, col name)
  RETURNS TABLE (version integer, kind text, rows bigint, row_share numeric, sort_above_v7 bigint, index_entry_share numeric)
  LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  att pg_attribute;
  base oid;
  depth integer := 0;
  indexed boolean;
BEGIN
  SELECT a.* INTO att FROM pg_attribute a
    WHERE a.attrelid = tab AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
  IF NOT FOUND THEN
    RAISE USING ERRCODE = '42703', MESSAGE = format('column "%s" of relation %s does not exist', col, tab);
  END IF;
  -- A domain over uuid (uuid_v7, one over that) is a uuid column too.
  base := att.atttypid;
  WHILE base <> 'uuid'::regtype AND depth < 32 LOOP
    SELECT CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE 0 END INTO base FROM pg_type t WHERE t.oid = base;
    depth := depth + 1;
    EXIT WHEN base = 0;
  END LOOP;
  IF base IS DISTINCT FROM 'uuid'::regtype THEN
    RAISE USING ERRCODE = '42804', MESSAGE = format('column "%s" of relation %s is of type %s, not uuid', col, tab,
      format_type(att.atttypid, att.atttypmod)),
      HINT = 'uuid_version_mix reads a column of type uuid or of a domain over uuid.';
  END IF;
  SELECT EXISTS (SELECT FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                 WHERE i.indrelid = tab AND i.indkey[0] = att.attnum AND i.indpred IS NULL AND am.amname = 'btree')
    INTO indexed;
  RETURN QUERY EXECUTE format($q$
    WITH keys AS (
      SELECT k.id,
             CASE WHEN get_byte(uuid_send(k.id), 8) >> 6 = 2 THEN get_byte(uuid_send(k.id), 6) >> 4 END AS version
      FROM (SELECT %1$I::uuid AS id FROM %2$s) k),
    top AS (SELECT (SELECT id FROM keys WHERE version = 7 ORDER BY id DESC LIMIT 1) AS v7),
    groups AS (
      SELECT keys.version,
             CASE
               WHEN keys.id IS NULL THEN 'NULL'
               WHEN keys.id = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
               WHEN keys.id = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
               WHEN keys.version IS NULL THEN 'another variant'
               ELSE 'UUIDv' || keys.version
             END AS kind,
             count(*) AS rows,
             count(*) FILTER (WHERE keys.id > top.v7) AS above
      FROM keys CROSS JOIN top GROUP BY 1, 2)
    SELECT g.version, g.kind, g.rows, round(g.rows / sum(g.rows) OVER (), 4), g.above,
           CASE WHEN %3$L THEN round(g.rows / sum(g.rows) OVER (), 4) END
    FROM groups g ORDER BY g.version NULLS LAST, g.kind$q$, col, tab, indexed);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuid_version_mix(regclass, name) IS
  'the rows of a uuid column by version (NULL: not of the RFC 9562 variant, or NULL) and kind, with their share of the rows, how many sort above the greatest UUIDv7 (while any do, new UUIDv7 keys go inside the btree index rather than at its right end), and their share of the entries of a btree index on the column when it has one';

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

-- ---------------------------------------------------------------- re-keying to v7
-- A deterministic v7 for a backfill (docs/migrating.md, "Re-keying a table to v7"): unix_ts_ms
-- from `at`, the other 74 bits from SHA-256 of a fixed tag, the old key's type and its bytes, or
-- HMAC-SHA256 under a secret of at least 16 bytes. Same inputs, same key: a backfill can stop,
-- resume and run again.
CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, bigint) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old bigint key (whoever knows the scheme can test guesses of the old key; the keyed form prevents it)';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, uuid) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old uuid key';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, text) IS
  'deterministic UUIDv7 for re-keying: the millisecond of at, then 74 bits of SHA-256 of the old text key (its bytes in the database encoding)';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key bigint, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_bigint_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, bigint, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old bigint key; without the secret the old key cannot be tested against the new one';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key uuid, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_uuid_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, uuid, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old uuid key';

CREATE FUNCTION @extschema@.uuid_v7_from_key(at timestamptz, old_key text, secret bytea) RETURNS uuid
  AS 'MODULE_PATHNAME', 'uuidx_v7_from_text_keyed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION @extschema@.uuid_v7_from_key(timestamptz, text, bytea) IS
  'deterministic UUIDv7 for re-keying, keyed: the millisecond of at, then 74 bits of HMAC-SHA256 under the secret (at least 16 bytes) of the old text key';
