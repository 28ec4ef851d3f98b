-- uuid_encode / uuid_decode: hex, Crockford base32 (ULID), base58, base64url; round trips,
-- ordering, and every malformed-input class with its SQLSTATE.
\i sql/include/setup.psql

-- The A.4 vector, nil and max in every format (values computed independently with Python).
SELECT f AS format, uuid_encode('2ed6657d-e927-568b-95e1-2665a8aea6a2', f) AS a4,
       uuid_encode(uuid_nil(), f) AS nil, uuid_encode(uuid_max(), f) AS max
FROM unnest('{hex,base32,base58,base64url}'::text[]) AS f;
-- Format names are case-insensitive.
SELECT uuid_encode(uuid_max(), 'BASE58') AS upper_format, uuid_decode('YcVfxkQb6JRzqk5kF2tNLv', 'Base58') AS mixed_case_format;

-- Round trips for 10000 random uuids and for nil and max, in every format.
CREATE TEMP TABLE samples AS
  SELECT uuid_generate_v4() AS u FROM generate_series(1, 10000)
  UNION ALL SELECT uuid_nil() UNION ALL SELECT uuid_max();
SELECT f AS format, count(*) AS n,
       count(*) FILTER (WHERE uuid_decode(uuid_encode(u, f), f) = u) AS round_trips,
       min(length(uuid_encode(u, f))) AS min_len, max(length(uuid_encode(u, f))) AS max_len
FROM samples, unnest('{hex,base32,base58,base64url}'::text[]) AS f
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
  ('base64url', 'LtZlfeknVouV4SZlqK6moh'), ('base64url', '______________________')       -- unused bits set
) AS t(format, input);
