-- encode.sql: uuid_encode and uuid_decode in PL/pgSQL, with the C build's results and errors
-- (SQLSTATE, message, detail and hint). Inputs are read with COLLATE "C": a caller's
-- nondeterministic collation would otherwise break the regular expressions and comparisons.

CREATE FUNCTION @extschema@.uuidx_sql_quote(t text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  head constant text := left(t, 81);  -- 81 characters are more than 80 bytes
  k int := 80;
BEGIN
  IF octet_length(head) <= 80 THEN
    RETURN '"' || head || '"';
  END IF;
  -- Cut at a character boundary, as the C build's pg_mbcliplen, so the message stays valid.
  WHILE octet_length(left(head, k)) > 80 LOOP
    k := k - 1;
  END LOOP;
  RETURN '"' || left(head, k) || '..."';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_quote(text) IS
  'internal to the SQL edition of uuidx: an input quoted for a message, cut past 80 bytes';

CREATE FUNCTION @extschema@.uuidx_sql_describe_char(c text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
  -- octet_length first: ascii() fails on a multibyte character outside UTF-8.
  SELECT CASE
    WHEN a > 127 THEN 'A non-ASCII character'
    WHEN a < 32 OR a = 127 THEN 'Control character 0x' || translate(lpad(to_hex(a), 2, '0'), 'abcdef', 'ABCDEF')
    ELSE 'Character "' || c || '"'
  END
  FROM (SELECT CASE WHEN octet_length(c) > 1 THEN 128 ELSE ascii(c) END) AS x(a)
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_describe_char(text) IS
  'internal to the SQL edition of uuidx: a character as decode errors name it';

CREATE FUNCTION @extschema@.uuidx_sql_encoding(format text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  -- ASCII case folding only (lower() follows the locale: Turkish would fold 'I' to dotless i).
  lowered constant text COLLATE "C" := translate(format, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
BEGIN
  IF lowered IN ('hex', 'base32', 'base58', 'base64url', 'base32hex') THEN
    RETURN lowered;
  END IF;
  RAISE EXCEPTION USING ERRCODE = '22023',
    MESSAGE = 'unsupported uuid encoding: ' || @extschema@.uuidx_sql_quote(format),
    DETAIL = 'Supported encodings are hex, base32, base32hex, base58 and base64url (case-insensitive).';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uuidx_sql_encoding(text) IS
  'internal to the SQL edition of uuidx: the format name in lower case, or the error for an unknown one';

CREATE FUNCTION @extschema@.uuid_encode(uuid, format text) RETURNS text
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fmt constant text COLLATE "C" := @extschema@.uuidx_sql_encoding(format);
  hex constant text := replace($1::text, '-', '');
  v numeric := 0;  -- the 128 bits as a number
  base int := 32;
  len int := 26;
  alphabet text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';  -- Crockford: no I, L, O, U
  out text := '';
BEGIN
  IF fmt = 'hex' THEN
    RETURN hex;
  ELSIF fmt = 'base64url' THEN  -- RFC 4648 section 5: base64's alphabet with - and _, unpadded
    RETURN translate(rtrim(encode(uuid_send($1), 'base64'), '='), '+/', '-_');
  END IF;
  FOR i IN 0..3 LOOP  -- 32 bits at a time, from the high end
    v := v * 4294967296 + ('x' || substr(hex, 8 * i + 1, 8))::bit(32)::int8;
  END LOOP;
  IF fmt = 'base58' THEN  -- Bitcoin alphabet: no 0, O, I, l; 58^22 > 2^128, leading zeros are '1'
    base := 58;
    len := 22;
    alphabet := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  ELSIF fmt = 'base32hex' THEN  -- RFC 4648 section 7: the 128 bits, then two zero bits
    alphabet := '0123456789ABCDEFGHIJKLMNOPQRSTUV';
    v := v * 4;
  END IF;
  -- base32 (Crockford) is 130 bits: two zero bits, then the 128, so a UUIDv7 gives a ULID.
  FOR i IN 1..len LOOP
    out := substr(alphabet, mod(v, base)::int + 1, 1) || out;
    v := div(v, base);
  END LOOP;
  RETURN CASE WHEN fmt = 'base32hex' THEN out || '======' ELSE out END;  -- '=' to 32, as section 7
END
$fn$;

CREATE FUNCTION @extschema@.uuid_decode(text, format text) RETURNS uuid
  LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fmt constant text COLLATE "C" := @extschema@.uuidx_sql_encoding(format);
  t constant text COLLATE "C" := $1;
  n int;               -- characters uuid_encode writes
  class text COLLATE "C";  -- a regular expression for one valid character
  alphabet text COLLATE "C";
  alphabet_name text;  -- for "is not a ..." details
  max_text text COLLATE "C";  -- the Max UUID's (RFC 9562 section 5.10) text, for base32 and base58
  head text COLLATE "C";  -- the characters read
  stop text COLLATE "C";  -- the character that ends a base32hex scan
  ok int;              -- how many leading characters are valid
  digits text COLLATE "C";
  padded boolean;
  pos int;             -- the fault: its position (1-based) and detail
  detail text;
  v numeric := 0;      -- the value read
  hex text := '';
BEGIN
  CASE fmt
  WHEN 'hex' THEN
    n := 32; class := '[0-9A-Fa-f]'; alphabet_name := 'hexadecimal digit';
  WHEN 'base32' THEN
    n := 26; class := '[0-9A-TV-Za-tv-z]'; alphabet := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    max_text := '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
    alphabet_name := 'Crockford base32 digit (0-9, A-Z without I, L, O, U; I and L read as 1, O as 0)';
  WHEN 'base58' THEN
    n := 22; class := '[1-9A-HJ-NP-Za-km-z]';
    alphabet := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    max_text := 'YcVfxkQb6JRzqk5kF2tNLv';
    alphabet_name := 'base58 digit (Bitcoin alphabet: 1-9, A-Z without I and O, a-z without l)';
  WHEN 'base64url' THEN
    n := 22; class := '[A-Za-z0-9_-]'; alphabet_name := 'base64url digit (A-Z, a-z, 0-9, - and _)';
  ELSE
    n := 32; class := '[0-9A-Va-v]'; alphabet := '0123456789ABCDEFGHIJKLMNOPQRSTUV';
    alphabet_name := 'base32hex digit (RFC 4648 section 7: 0-9 and A-V, either case)';
  END CASE;

  <<check>>
  BEGIN
    IF t = '' THEN
      pos := 1;
      detail := 'The input is empty; ' || fmt || ' takes ' || CASE WHEN fmt = 'base32hex' THEN '26 digits.' ELSE n || ' characters.' END;
      EXIT check;
    END IF;

    IF fmt = 'base32hex' THEN
      -- As PostgreSQL 19's decode(t, 'base32hex') where it gives 16 bytes: either case; space,
      -- tab, LF and CR anywhere; after 26 digits any number of '=' or a 27th digit (dropped).
      -- The longest prefix read so far (the whole RE is greedy: POSIX longest match):
      head := substring(t FROM '^[ \t\n\r]*(?:(?:[0-9A-Va-v][ \t\n\r]*){26}=[= \t\n\r]*|(?:[0-9A-Va-v][ \t\n\r]*){0,27})');
      digits := regexp_replace(head, '[^0-9A-Va-v]', '', 'g');
      padded := strpos(head, '=') > 0;
      pos := char_length(head) + 1;
      IF pos <= char_length(t) THEN
        stop := substr(t, pos, 1);
        detail := CASE
          WHEN stop = '=' AND digits = '' THEN 'The padding "=" comes before any digit; it may only follow the 26 digits of a uuid.'
          WHEN stop = '=' THEN 'The padding "=" follows ' || char_length(digits)
            || CASE WHEN char_length(digits) = 1 THEN ' digit' ELSE ' digits' END || '; it may only follow the 26 digits of a uuid.'
          WHEN stop !~ class THEN @extschema@.uuidx_sql_describe_char(stop) || ' is not a ' || alphabet_name || '.'
          WHEN padded THEN @extschema@.uuidx_sql_describe_char(stop) || ' follows the padding "=".'
          ELSE 'The input has more than 27 digits; base32hex takes 26 (a 27th is ignored, as by PostgreSQL''s decode).'
        END;
      ELSIF char_length(digits) < 26 THEN
        detail := 'The input ends after ' || char_length(digits)
          || CASE WHEN char_length(digits) = 1 THEN ' digit' ELSE ' digits' END || '; base32hex takes 26.';
      END IF;
      digits := translate(left(digits, 26), 'abcdefghijklmnopqrstuv', 'ABCDEFGHIJKLMNOPQRSTUV');
      EXIT check;
    END IF;

    -- Fixed length: the first bad character among the first n, then the length (the C build
    -- counts bytes, the same here: every character before the fault is ASCII).
    head := left(t, n + 1);
    ok := char_length(substring(head FROM '^' || class || '*'));
    IF ok < least(char_length(head), n) THEN
      pos := ok + 1;
      detail := @extschema@.uuidx_sql_describe_char(substr(head, pos, 1)) || ' is not a ' || alphabet_name || '.';
    ELSIF ok < n THEN
      pos := ok + 1;
      detail := 'The input ends after ' || ok || CASE WHEN ok = 1 THEN ' character; ' ELSE ' characters; ' END
        || fmt || ' takes ' || n || '.';
    ELSIF char_length(head) > n THEN
      pos := n + 1;
      detail := 'The input is longer than the ' || n || ' characters ' || fmt || ' takes.';
    END IF;
    EXIT check WHEN detail IS NOT NULL;

    digits := t;
    IF fmt = 'base32' THEN  -- lower case, and Crockford's aliases I, L for 1 and O for 0
      digits := translate(t, 'abcdefghjkmnpqrstvwxyzIiLlOo', 'ABCDEFGHJKMNPQRSTVWXYZ111100');
    END IF;
    -- Above 128 bits: the alphabets are in ASCII order, so compare the text with the max uuid's;
    -- the first digit above it is the position named.
    IF digits > max_text THEN
      pos := 1;
      WHILE substr(digits, pos, 1) = substr(max_text, pos, 1) LOOP
        pos := pos + 1;
      END LOOP;
      detail := 'The value exceeds 128 bits: the greatest ' || fmt || ' uuid is ' || max_text || '.';
    ELSIF fmt = 'base64url' AND right(t, 1) NOT IN ('A', 'Q', 'g', 'w') THEN
      -- The last digit's low 4 bits lie past the 128.
      pos := n;
      detail := @extschema@.uuidx_sql_describe_char(right(t, 1))
        || ' sets bits beyond the 128 of a uuid: the last character carries two bits, so it must be one of A, Q, g, w.';
    END IF;
  END;

  IF detail IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22P02',
      MESSAGE = 'invalid ' || fmt || ' input for type uuid at position ' || pos || ': ' || @extschema@.uuidx_sql_quote(t),
      DETAIL = detail,
      HINT = 'uuid_encode(uuid, ''' || fmt || ''') writes ' || n || ' characters in this format.';
  ELSIF fmt = 'hex' THEN
    RETURN t::uuid;
  ELSIF fmt = 'base64url' THEN
    RETURN encode(decode(translate(t, '-_', '+/') || '==', 'base64'), 'hex')::uuid;
  END IF;
  FOR i IN 1..char_length(digits) LOOP
    v := v * char_length(alphabet) + (strpos(alphabet, substr(digits, i, 1)) - 1);
  END LOOP;
  IF fmt = 'base32hex' THEN  -- 130 bits: the low two are not the uuid's (19 ignores them too)
    v := div(v, 4);
  END IF;
  FOR i IN 1..4 LOOP  -- 32 bits at a time, from the low end
    hex := lpad(to_hex(mod(v, 4294967296)::int8), 8, '0') || hex;
    v := div(v, 4294967296);
  END LOOP;
  RETURN hex::uuid;
END
$fn$;
