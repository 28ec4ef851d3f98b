-- uuid_encode / uuid_decode: hex, Crockford base32 (ULID), base58, base64url, base32hex; round
-- trips, ordering, and every malformed-input class with its SQLSTATE.
\i sql/include/setup.psql

-- The A.4 vector, nil and max in every format (values computed independently with Python).
SELECT f AS format, uuid_encode('2ed6657d-e927-568b-95e1-2665a8aea6a2', f) AS a4,
       uuid_encode(uuid_nil(), f) AS nil, uuid_encode(uuid_max(), f) AS max
FROM unnest('{hex,base32,base58,base64url,base32hex}'::text[]) AS f;
-- Format names are case-insensitive.
SELECT uuid_encode(uuid_max(), 'BASE58') AS upper_format, uuid_decode('YcVfxkQb6JRzqk5kF2tNLv', 'Base58') AS mixed_case_format;

-- Round trips for 10000 random uuids and for nil and max, in every format.
CREATE TEMP TABLE samples AS
  SELECT uuid_generate_v4() AS u FROM generate_series(1, 10000)
  UNION ALL SELECT uuid_nil() UNION ALL SELECT uuid_max();
SELECT f AS format, count(*) AS n,
       count(*) FILTER (WHERE uuid_decode(uuid_encode(u, f), f) = u) AS round_trips,
       min(length(uuid_encode(u, f))) AS min_len, max(length(uuid_encode(u, f))) AS max_len
FROM samples, unnest('{hex,base32,base58,base64url,base32hex}'::text[]) AS f
GROUP BY f ORDER BY f;

-- A v7 in base32 is a ULID: it sorts (bytewise, COLLATE "C") like the uuid.
CREATE TEMP TABLE v7s AS
  SELECT uuid_generate_v7(timestamptz '2024-01-01' + (random() * 1000) * interval '1 day') AS u
  FROM generate_series(1, 10000);
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (u < next_u) = (uuid_encode(u, 'base32') COLLATE "C" < uuid_encode(next_u, 'base32') COLLATE "C")) AS same_order
FROM (SELECT u, lead(u) OVER (ORDER BY uuid_encode(u, 'base32') COLLATE "C") AS next_u FROM v7s) AS s
WHERE next_u IS NOT NULL;
-- The ULID's first ten characters are the ms: the A.6 instant.
SELECT left(uuid_encode('017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'base32'), 10) AS ulid_time;

-- Crockford's lower case and aliases (I, L → 1; O → 0); hex of either case.
SELECT uuid_decode('1etsjqvt97at5sbr96cpmax9n2', 'base32') AS lower_case,
       uuid_decode('IETSJQVT97AT5SBR96CPMAX9N2', 'base32') AS i_is_one,
       uuid_decode('LETSJQVT97AT5SBR96CPMAX9N2', 'base32') AS l_is_one,
       uuid_decode('oOoOoOoOoOoOoOoOoOoOoOoOoO', 'base32') AS o_is_zero,
       uuid_decode('2ED6657DE927568B95E12665A8AEA6A2', 'hex') AS upper_hex;

-- base32hex (RFC 4648 section 7): the text of PostgreSQL 19's encode(u::bytea, 'base32hex'),
-- 26 digits and 6 '='. RFC 9562 A.6's v7 (Python's base64.b32hexencode and 19rc1 agree):
SELECT uuid_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'base32hex') = '05VI5OJPM1UC7664RG60O1PPHS======' AS a6,
       uuid_decode('05VI5OJPM1UC7664RG60O1PPHS======', 'base32hex') = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f' AS a6_back;
-- RFC 4648 section 10's BASE32-HEX vectors as the first bytes of a uuid, the other bytes zero:
-- the RFC's text with '0' where it has '=', then zero digits.
SELECT rfc_in, rfc_out, uuid_encode(u, 'base32hex') AS encoded,
       uuid_encode(u, 'base32hex') = rpad(translate(rfc_out, '=', '0'), 26, '0') || '======' AS as_rfc,
       uuid_decode(uuid_encode(u, 'base32hex'), 'base32hex') = u AS round_trip
FROM (VALUES ('f', 'CO======'), ('fo', 'CPNG===='), ('foo', 'CPNMU==='), ('foob', 'CPNMUOG='),
             ('fooba', 'CPNMUOJ1'), ('foobar', 'CPNMUOJ1E8======')) AS v(rfc_in, rfc_out),
     LATERAL (SELECT rpad(encode(convert_to(rfc_in, 'UTF8'), 'hex'), 32, '0')::uuid AS u) AS x;
-- The alphabet is in ASCII order: the text sorts (bytewise) like the uuid.
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (u < next_u) = (uuid_encode(u, 'base32hex') COLLATE "C" < uuid_encode(next_u, 'base32hex') COLLATE "C")) AS same_order
FROM (SELECT u, lead(u) OVER (ORDER BY uuid_encode(u, 'base32hex') COLLATE "C") AS next_u FROM samples) AS s
WHERE next_u IS NOT NULL;
-- uuid_decode takes what 19's decode(t, 'base32hex') turns into 16 bytes (each tried on 19rc1):
-- either case, '=' padding optional and of any length, space, tab, CR and LF anywhere, the
-- unused low 2 bits of the 26th digit set (T and V end the same value as S; O does not), a 27th
-- digit (19 drops it).
SELECT label, input, uuid_decode(input, 'base32hex') AS decoded,
       uuid_decode(input, 'base32hex') = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f' AS is_a6
FROM (VALUES ('canonical', '05VI5OJPM1UC7664RG60O1PPHS======'),
             ('lower case', '05vi5ojpm1uc7664rg60o1pphs======'),
             ('mixed case, unpadded', '05Vi5oJpM1uC7664Rg60o1PpHs'),
             ('unpadded', '05VI5OJPM1UC7664RG60O1PPHS'),
             ('one "="', '05VI5OJPM1UC7664RG60O1PPHS='),
             ('ten "="', '05VI5OJPM1UC7664RG60O1PPHS=========='),
             ('spaces', ' 05VI5OJPM1 UC7664RG60O1PPHS = = = '),
             ('tab, CR, LF', E'\t05VI5OJPM1UC7664RG60O1PPHS======\r\n'),
             ('unused bits 01', '05VI5OJPM1UC7664RG60O1PPHT'),
             ('unused bits 11', '05VI5OJPM1UC7664RG60O1PPHV======'),
             ('last used bit clear', '05VI5OJPM1UC7664RG60O1PPHO'),
             ('27 digits', '05VI5OJPM1UC7664RG60O1PPHSV'),
             ('max, all V', 'VVVVVVVVVVVVVVVVVVVVVVVVVV'),
             ('nil', '00000000000000000000000000======')) AS t(label, input);

-- STRICT.
SELECT uuid_encode(NULL, 'hex') IS NULL AS enc_null, uuid_decode(NULL, 'hex') IS NULL AS dec_null,
       uuid_decode('x', NULL) IS NULL AS fmt_null;

-- Unknown formats: 22023, listing the formats.
SELECT pg_temp.err($$SELECT uuid_encode(uuid_nil(), 'base64')$$) AS encode_unknown;
SELECT pg_temp.err($$SELECT uuid_decode('x', 'ulid')$$) AS decode_unknown;

-- Every malformed class: 22P02 naming the format and the position of the first bad character.
SELECT format, input, pg_temp.err(format('SELECT uuid_decode(%L, %L)', input, format)) AS error
FROM (VALUES
  ('hex', ''), ('base32', ''), ('base58', ''), ('base64url', ''),                          -- empty
  ('hex', '2ed6657d-e927-568b-95e1-2665a8aea6a2'),                                          -- hyphenated form
  ('hex', '2ed6657de927568b95e12665a8aea6ag'),                                              -- bad character
  ('base32', '1ETSJQVT97AT5SBR96CPMAX9NU'), ('base32', ' 1ETSJQVT97AT5SBR96CPMAX9N2'),
  ('base32', '1ETSJéQVT97AT5SBR96CPMAX9N'),                                                 -- non-ASCII
  ('base58', '6nTLogGvw2vmQjtATLqvL0'), ('base58', '6nTLOgGvw2vmQjtATLqvLq'),
  ('base64url', 'LtZlfeknVouV4SZlqK6mo+'), ('base64url', 'LtZlfeknVouV4SZlqK6m/g'),
  ('hex', '2ed6657de927568b95e12665a8aea6a'),                                               -- too short
  ('base32', '1ETSJQVT97AT5SBR96CPMAX9N'), ('base58', '6nTLogGvw2vmQjtATLqvL'), ('base64url', 'L'),
  ('hex', '2ed6657de927568b95e12665a8aea6a20'),                                             -- too long
  ('base32', '1ETSJQVT97AT5SBR96CPMAX9N2Z'), ('base58', '6nTLogGvw2vmQjtATLqvLq1'), ('base64url', 'LtZlfeknVouV4SZlqK6mog=='),
  ('base32', '80000000000000000000000000'), ('base32', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'),   -- above 128 bits
  ('base58', 'YcVfxkQb6JRzqk5kF2tNLw'), ('base58', 'YcVfxkQb6JRzqk61111111'),
  ('base64url', 'LtZlfeknVouV4SZlqK6moh'), ('base64url', '______________________'),      -- unused bits set
  -- base32hex: what 19rc1's decode rejects (22023 there), and what it decodes to other than 16 bytes.
  ('base32hex', ''), ('base32hex', '   '), ('base32hex', '05VI5OJPM1UC7664RG60O1PPH'),  -- too short
  ('base32hex', '05VI5OJPM1UC7664RG60O1PPH='), ('base32hex', '05VI5OJPM1=C7664RG60O1PPHS======'),
  ('base32hex', '=05VI5OJPM1UC7664RG60O1PPHS'), ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS0='),  -- misplaced "="
  ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS00'), ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS000000'),  -- too long
  ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS======0'), ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS====== V'),  -- after "="
  ('base32hex', '05VI5OJPM1UC7664RG60O1PPHS======W'), ('base32hex', '05VI5OJPM1wC7664RG60O1PPHS'),
  ('base32hex', '05VI5OJPM1éC7664RG60O1PPHS'), ('base32hex', chr(11) || '05VI5OJPM1UC7664RG60O1PPHS'),
  ('base32hex', E'05VI5OJPM1UC7664RG60O1PPHS\f'), ('base32hex', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
  ('base32hex', '1ETSJQVT97AT5SBR96CPMAX9N2')                                                -- Crockford's W, X
) AS t(format, input);

-- A long input is read whole only while its first 128 bytes can still begin a decodable text:
-- base32hex padding or spaces of any length are read as 19 reads them.
SELECT uuid_decode('05VI5OJPM1UC7664RG60O1PPHS' || repeat('=', 100000), 'base32hex') AS long_padding,
       uuid_decode(repeat(' ', 100000) || '05VI5OJPM1UC7664RG60O1PPHS', 'base32hex') AS long_spaces;
SELECT pg_temp.err($$SELECT uuid_decode('05VI5OJPM1UC7664RG60O1PPHS' || repeat('=', 100000) || 'X', 'base32hex')$$) AS error_far_away;
SELECT pg_temp.err($$SELECT uuid_decode(repeat('=', 1000000), 'base32hex')$$) AS error_in_the_prefix;

-- On PostgreSQL 19 and later: the same text as the server's encode(u::bytea, 'base32hex'), and
-- uuid_decode(t, 'base32hex') = decode(t, 'base32hex')::uuid wherever the server gives 16 bytes
-- and an error wherever it does not. Older servers have neither: 'ok' without a check.
CREATE FUNCTION pg_temp.same_as_server() RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  t text;
  ours text;
  server text;
  n bigint;
BEGIN
  IF current_setting('server_version_num')::int < 190000 THEN
    RETURN 'ok';
  END IF;
  EXECUTE $q$SELECT count(*) FROM samples WHERE uuid_encode(u, 'base32hex') <> encode(u::bytea, 'base32hex')$q$ INTO n;
  IF n > 0 THEN
    RETURN n || ' uuids encode otherwise';
  END IF;
  -- Each prefix of A.6's text followed by each of a few characters.
  FOR t IN SELECT left('05VI5OJPM1UC7664RG60O1PPHS======', k) || x FROM generate_series(0, 33) AS k,
             unnest(ARRAY['', '=', ' ', 'V', 'v', 'W', '0=', E'\t', chr(11), '==', 'é']) AS x LOOP
    BEGIN
      ours := uuid_decode(t, 'base32hex')::text;
    EXCEPTION WHEN invalid_text_representation THEN
      ours := 'error';
    END;
    BEGIN
      EXECUTE 'SELECT decode($1, ''base32hex'')::uuid' INTO server USING t;
    EXCEPTION WHEN invalid_parameter_value OR invalid_binary_representation THEN
      server := 'error';
    END;
    IF ours IS DISTINCT FROM server THEN
      RETURN format('%L: uuid_decode %s, decode %s', t, ours, server);
    END IF;
  END LOOP;
  RETURN 'ok';
END $fn$;
SELECT pg_temp.same_as_server() AS same_as_19;
