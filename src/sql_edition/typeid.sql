-- typeid.sql: TypeID (jetify's spec 0.3.0) and ULID text in SQL and PL/pgSQL, with the C build's
-- results and errors (SQLSTATE, message, detail and hint). The 26 characters are uuid_encode's
-- and uuid_decode's base32, once the text is checked by the stricter rule of each spec. Inputs
-- are read with COLLATE "C", so that [a-z] and comparisons are by code point whatever the caller's
-- collation.

-- The first fault of a TypeID prefix, or NULL; pos_offset is the prefix's place in what the
-- message quotes. Characters first: once they are all ASCII, the C build's bytes are characters.
CREATE FUNCTION @extschema@.uuidx_sql_typeid_prefix_fault(p text, pos_offset int) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
  SELECT CASE
    WHEN ok < char_length(p) THEN @extschema@.uuidx_sql_describe_char(substr(p, ok + 1, 1)) || ' at position '
      || (pos_offset + ok + 1) || ' is not allowed in a typeid prefix, which takes only a-z and "_".'
    WHEN char_length(p) > 63 THEN 'The prefix has ' || char_length(p) || ' characters; a typeid prefix has at most 63.'
    WHEN left(p, 1) = '_' THEN 'The prefix begins with "_"; a typeid prefix begins and ends with a letter.'
    WHEN right(p, 1) = '_' THEN 'The prefix ends with "_"; a typeid prefix begins and ends with a letter.'
  END
  FROM (SELECT char_length(substring(p COLLATE "C" FROM '^[a-z_]*')) AS ok) AS x
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_typeid_prefix_fault(text, int) IS
  'internal to the SQL edition of uuidx: the first fault of a typeid prefix, or NULL';

CREATE FUNCTION @extschema@.uuidx_sql_check_typeid_prefix(p text) RETURNS void
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fault constant text := @extschema@.uuidx_sql_typeid_prefix_fault(p, 0);
BEGIN
  IF fault IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'invalid typeid prefix: ' || @extschema@.uuidx_sql_quote(p),
      DETAIL = fault,
      HINT = 'A typeid prefix is empty or at most 63 characters of a-z and "_", beginning and ending with a letter.';
  END IF;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_check_typeid_prefix(text) IS
  'internal to the SQL edition of uuidx: the error for an invalid typeid prefix given as an argument';

-- The first fault of 26 base32 characters (a typeid suffix at pos_offset, or a ULID), or NULL:
-- a character outside the class among the first 26, then the length, then a first one above 7.
-- what names the text in details ('typeid suffix' or 'ULID').
CREATE FUNCTION @extschema@.uuidx_sql_base32_26_fault(s text, class text, pos_offset int, what text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
  SELECT CASE
    WHEN ok < least(char_length(head), 26) THEN @extschema@.uuidx_sql_describe_char(substr(head, ok + 1, 1)) || ' at position '
      || (pos_offset + ok + 1) || CASE what WHEN 'ULID' THEN ' is not a ULID character (0-9 and A-Z without I, L, O, U, in either case).'
                                             ELSE ' is not a typeid suffix character (0-9 and a-z without i, l, o, u).' END
    WHEN ok < 26 THEN CASE
      WHEN what = 'ULID' AND ok = 0 THEN 'The input is empty; a ULID has 26 characters.'
      WHEN what = 'ULID' THEN 'The input has only ' || ok || CASE WHEN ok = 1 THEN ' character' ELSE ' characters' END || '; a ULID has 26.'
      WHEN ok = 0 THEN 'The suffix is empty; a typeid suffix has 26 characters.'
      ELSE 'The suffix has only ' || ok || CASE WHEN ok = 1 THEN ' character' ELSE ' characters' END || '; a typeid suffix has 26.' END
    WHEN char_length(head) > 26 THEN CASE what WHEN 'ULID' THEN 'The input is longer than the 26 characters of a ULID.'
                                               ELSE 'The suffix is longer than the 26 characters of a typeid suffix.' END
    WHEN left(head, 1) > '7' THEN CASE what WHEN 'ULID' THEN 'The ULID' ELSE 'The suffix' END || ' begins with "' || left(head, 1)
      || '", above "7": it would hold more than 128 bits.'
  END
  FROM (SELECT left(s, 27) COLLATE "C" AS head) AS h,
       LATERAL (SELECT char_length(substring(head FROM '^' || class || '*')) AS ok) AS x
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_base32_26_fault(text, text, int, text) IS
  'internal to the SQL edition of uuidx: the first fault of a typeid suffix or a ULID, or NULL';

-- A TypeID checked by every rule of the spec: {prefix, suffix}, or the C build's 22P02.
CREATE FUNCTION @extschema@.uuidx_sql_typeid_parse(t text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  -- The separator is the last "_": the prefix may hold others, the suffix none.
  from_end constant int := strpos(reverse(t), '_');
  sep constant int := CASE WHEN from_end = 0 THEN 0 ELSE char_length(t) - from_end + 1 END;
  prefix constant text COLLATE "C" := CASE WHEN sep = 0 THEN '' ELSE left(t, sep - 1) END;
  suffix constant text COLLATE "C" := substr(t, sep + 1);
  fault text;
BEGIN
  IF t = '' THEN
    fault := 'The input is empty.';
  ELSIF sep = 1 THEN
    fault := 'The separator "_" comes first: a typeid with an empty prefix has no separator.';
  ELSE
    fault := coalesce(@extschema@.uuidx_sql_typeid_prefix_fault(prefix, 0),
                      @extschema@.uuidx_sql_base32_26_fault(suffix, '[0-9a-hjkmnp-tv-z]', sep, 'typeid suffix'));
  END IF;
  IF fault IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22P02',
      MESSAGE = 'invalid typeid: ' || @extschema@.uuidx_sql_quote(t),
      DETAIL = fault,
      HINT = 'A typeid is a prefix of at most 63 characters of a-z and "_", beginning and ending with a letter, then "_" '
        || 'and 26 characters of 0-9 and a-z without i, l, o, u; with an empty prefix, the 26 characters alone.';
  END IF;
  RETURN ARRAY[prefix, suffix];
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_typeid_parse(text) IS
  'internal to the SQL edition of uuidx: a typeid checked and split into {prefix, suffix}';

CREATE FUNCTION @extschema@.uuid_to_typeid(prefix text, id uuid) RETURNS text
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
  PERFORM @extschema@.uuidx_sql_check_typeid_prefix(prefix);
  -- The separator only after a prefix; the suffix is base32 in lower case (ASCII only: COLLATE "C").
  RETURN CASE WHEN prefix = '' THEN '' ELSE prefix || '_' END
    || lower(@extschema@.uuid_encode(id, 'base32') COLLATE "C");
END
$fn$;

CREATE FUNCTION @extschema@.uuid_from_typeid(typeid text, prefix text) RETURNS uuid
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  parts text[];
BEGIN
  PERFORM @extschema@.uuidx_sql_check_typeid_prefix(prefix);
  parts := @extschema@.uuidx_sql_typeid_parse(typeid);
  IF parts[1] COLLATE "C" <> prefix COLLATE "C" THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'typeid prefix ' || @extschema@.uuidx_sql_quote(parts[1]) || ' does not match the expected prefix '
        || @extschema@.uuidx_sql_quote(prefix),
      DETAIL = 'The typeid is ' || @extschema@.uuidx_sql_quote(typeid) || '.',
      HINT = 'uuid_from_typeid reads only typeids of the prefix given as its second argument; typeid_prefix(text) '
        || 'returns the prefix of any valid typeid.';
  END IF;
  RETURN @extschema@.uuid_decode(parts[2], 'base32');
END
$fn$;

CREATE FUNCTION @extschema@.typeid_prefix(typeid text) RETURNS text
  LANGUAGE sql
  SET search_path = pg_catalog, pg_temp
AS $fn$
  SELECT (@extschema@.uuidx_sql_typeid_parse(typeid))[1]
$fn$;

CREATE FUNCTION @extschema@.uuid_to_ulid(id uuid) RETURNS text
  LANGUAGE sql
AS $fn$
  SELECT @extschema@.uuid_encode(id, 'base32')
$fn$;

CREATE FUNCTION @extschema@.uuid_from_ulid(ulid text) RETURNS uuid
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fault text;
BEGIN
  IF ulid = '' THEN
    fault := 'The input is empty; a ULID has 26 characters.';
  ELSE
    fault := @extschema@.uuidx_sql_base32_26_fault(ulid, '[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]', 0, 'ULID');
  END IF;
  IF fault IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22P02', MESSAGE = 'invalid ULID: ' || @extschema@.uuidx_sql_quote(ulid), DETAIL = fault;
  END IF;
  RETURN @extschema@.uuid_decode(ulid, 'base32');
END
$fn$;
