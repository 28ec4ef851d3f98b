-- Bad input matrix: every SQL function of uuidx against NULL, nil, max, every
-- version, each non-RFC variant, instants at and just past each range limit, ±infinity, bytea of
-- length 0, 15, 17 and 1 MB, empty and 1 MB names, bytes that are not UTF-8, unknown algorithm
-- and format names with case variants, and every malformed class of each encoding. Each row is
-- one call made through pg_temp.err, which prints "-> value" or "SQLSTATE: message | detail".
-- The matrices are cross joins, so adding an input or a function adds every combination.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
RESET client_min_messages;
-- Count every completed call of every function, for the coverage check at the end.
SET track_functions = 'all';
SET timezone = 'UTC';
SET DateStyle = 'ISO, YMD';
SET IntervalStyle = 'postgres';
SET extra_float_digits = 0;
-- uuidx (in public) before pg_catalog, whose functions of some of uuidx's names come first from 17 on.
SET search_path = public, pg_catalog;

-- The call's value as text ('-> NULL' for NULL), or its error.
CREATE FUNCTION pg_temp.err(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  result text;
  detail text;
BEGIN
  EXECUTE query INTO result;
  RETURN '-> ' || coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
  RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' | ' || nullif(detail, ''), '');
END $$;

-- As err, with every instant written <instant> and every shift <shift> (they depend on the clock).
CREATE FUNCTION pg_temp.err_masked(query text) RETURNS text LANGUAGE sql AS $$
  SELECT regexp_replace(regexp_replace(pg_temp.err(query),
           '-?[0-9]+ days -?[0-9:.]+', '<shift>', 'g'),
           '[0-9]{4,6}-[0-9]{2}-[0-9]{2} [0-9:.]+\+00( BC)?', '<instant>', 'g')
$$;

-- ------------------------------------------------------------------ the uuid inputs
-- Every version 0-15 of the RFC 9562 variant (RFC 9562 Appendix A.1's v1 with the version
-- nibble replaced), the three other variants with a v1, v6 and v7 nibble, nil, max, and the
-- extreme timestamps each time-based version can hold.
CREATE TEMP TABLE uuid_inputs (ord int, label text, u uuid);
INSERT INTO uuid_inputs
  SELECT 0, 'NULL', NULL::uuid UNION ALL
  SELECT 1, 'nil', '00000000-0000-0000-0000-000000000000'::uuid UNION ALL
  SELECT 2, 'max', 'ffffffff-ffff-ffff-ffff-ffffffffffff' UNION ALL
  SELECT 10 + v, 'version ' || v, overlay('c232ab00-9414-11ec-b3c8-9f6bdeced846' PLACING to_hex(v) FROM 15 FOR 1)::uuid
    FROM generate_series(0, 15) AS v UNION ALL
  SELECT 30 + 3 * k + j, variant || ' variant, version nibble ' || nib,
         overlay(overlay('c232ab00-9414-11ec-b3c8-9f6bdeced846' PLACING nib FROM 15 FOR 1) PLACING b8 FROM 20 FOR 2)::uuid
    FROM (VALUES (0, 'NCS', '33'), (1, 'Microsoft', 'd3'), (2, 'reserved', 'f3')) AS x(k, variant, b8),
         (VALUES (0, '1'), (1, '6'), (2, '7')) AS y(j, nib) UNION ALL
  SELECT 40, 'v1 timestamp 0 (1582-10-15)', '00000000-0000-1000-8000-000000000000' UNION ALL
  SELECT 41, 'v1 timestamp 2^60-1', 'ffffffff-ffff-1fff-bfff-ffffffffffff' UNION ALL
  SELECT 42, 'v6 timestamp 0 (1582-10-15)', '00000000-0000-6000-8000-000000000000' UNION ALL
  SELECT 43, 'v6 timestamp 2^60-1', 'ffffffff-ffff-6fff-bfff-ffffffffffff' UNION ALL
  SELECT 44, 'v7 unix_ts_ms 0', '00000000-0000-7000-8000-000000000000' UNION ALL
  SELECT 45, 'v7 unix_ts_ms 2^48-1, rand_a 0xfff', 'ffffffff-ffff-7fff-bfff-ffffffffffff';
SELECT ord, label, u FROM uuid_inputs ORDER BY ord;

-- What each input is, by the inspection functions (NULL in, NULL out: all are STRICT).
SELECT label,
       pg_temp.err(format('SELECT uuid_extract_version(%L::uuid)', u)) AS version,
       pg_temp.err(format('SELECT uuid_extract_variant(%L::uuid)', u)) AS variant,
       pg_temp.err(format('SELECT uuid_extract_clock_seq(%L::uuid)', u)) AS clock_seq,
       pg_temp.err(format('SELECT uuid_extract_node(%L::uuid)', u)) AS node
FROM uuid_inputs ORDER BY ord;

-- The time each holds: v1/v6 to the µs, v7 to the ms (or µs with the fraction); PostgreSQL 18's
-- uuid_extract_timestamp reads only v1 and v7; NULL for every other version and variant.
SELECT label,
       pg_temp.err(format('SELECT uuid_extract_time(%L::uuid)', u)) AS extract_time,
       pg_temp.err(format('SELECT uuid_extract_time(%L::uuid, true)', u)) AS submillisecond,
       pg_temp.err(format('SELECT uuid_extract_timestamp(%L::uuid)', u)) AS pg18_timestamp
FROM uuid_inputs ORDER BY ord;
-- A NULL flag is NULL out, whatever the uuid.
SELECT label, pg_temp.err(format('SELECT uuid_extract_time(%L::uuid, NULL)', u)) AS null_flag,
       pg_temp.err(format('SELECT uuid_extract_time(%L::uuid, false) IS NOT DISTINCT FROM uuid_extract_time(%L::uuid)', u, u)) AS false_flag_same
FROM uuid_inputs WHERE ord IN (0, 1, 11, 16, 17) ORDER BY ord;

-- v1 <-> v6: only a v1 (resp. v6) of the RFC 9562 variant converts; everything else is 22023
-- naming what it is.
SELECT f.fn, i.label, pg_temp.err(format('SELECT %s(%L::uuid)', f.fn, i.u)) AS result
FROM uuid_inputs AS i, (VALUES (1, 'uuid_v1_to_v6'), (2, 'uuid_v6_to_v1')) AS f(ford, fn)
ORDER BY f.ford, i.ord;

-- uuid_encode takes every uuid; each encoding decodes back to the input.
SELECT i.label, fmt,
       pg_temp.err(format('SELECT uuid_encode(%L::uuid, %L)', i.u, fmt)) AS encoded,
       pg_temp.err(format('SELECT uuid_decode(uuid_encode(%L::uuid, %L), %L) = %L::uuid', i.u, fmt, fmt, i.u)) AS round_trip
FROM uuid_inputs AS i, unnest('{hex,base32,base58,base64url,base32hex}'::text[]) WITH ORDINALITY AS f(fmt, ford)
WHERE i.ord IN (0, 1, 2, 10, 17, 34) ORDER BY i.ord, f.ford;
SELECT count(*) AS calls,
       count(*) FILTER (WHERE pg_temp.err(format('SELECT uuid_decode(uuid_encode(%L::uuid, %L), %L) = %L::uuid', i.u, fmt, fmt, i.u)) = '-> true') AS round_trips
FROM uuid_inputs AS i, unnest('{hex,base32,base58,base64url,base32hex}'::text[]) AS fmt WHERE i.u IS NOT NULL;

-- Any uuid is a namespace for v3, v5 and v8_name: every input gives a value of the right version
-- (NULL for NULL), all different.
SELECT f.fn, count(*) AS namespaces,
       count(*) FILTER (WHERE r = '-> NULL') AS null_results,
       count(*) FILTER (WHERE r LIKE '-> %' AND r <> '-> NULL'
                        AND uuid_extract_version(substr(r, 4)::uuid) = f.version) AS right_version,
       count(DISTINCT r) FILTER (WHERE r <> '-> NULL') AS distinct_values,
       count(*) FILTER (WHERE r NOT LIKE '-> %') AS errors
FROM (VALUES (1, 'uuid_generate_v3', 3), (2, 'uuid_generate_v5', 5), (3, 'uuid_generate_v8_name', 8)) AS f(ford, fn, version),
     uuid_inputs AS i,
     LATERAL (SELECT pg_temp.err(format('SELECT %s(%L::uuid, %L::text)', f.fn, i.u, 'www.example.com'))) AS x(r)
GROUP BY f.ford, f.fn ORDER BY f.ford;
-- The nil and max namespaces (values from Python's uuid module and hashlib).
SELECT ns, pg_temp.err(format('SELECT uuid_generate_v3(%L::uuid, %L)', ns, 'www.example.com')) AS v3,
       pg_temp.err(format('SELECT uuid_generate_v5(%L::uuid, %L)', ns, 'www.example.com')) AS v5
FROM unnest('{00000000-0000-0000-0000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff}'::uuid[]) AS ns;

-- ------------------------------------------------------------------ instants
-- uuid_generate_v7(timestamptz), uuid_v7_floor and uuid_v7_ceil at and just past each end of
-- what a v7 holds (1970-01-01 .. 10889-08-02 05:31:50.655999 UTC), at PostgreSQL's own limits,
-- and at ±infinity: 22008 outside. A v7 for an instant is shown as the instant it reads back.
CREATE TEMP TABLE instants (ord int, label text, t timestamptz);
INSERT INTO instants VALUES
  (0, 'NULL', NULL),
  (1, '-infinity', '-infinity'),
  (2, 'PostgreSQL minimum', '4714-11-24 00:00:00+00 BC'),
  (3, '1 µs before 1970', '1969-12-31 23:59:59.999999+00'),
  (4, '1970-01-01', '1970-01-01 00:00:00+00'),
  (5, '2024-02-29 12:34:56.789012', '2024-02-29 12:34:56.789012+00'),
  (6, 'v7 last µs', '10889-08-02 05:31:50.655999+00'),
  (7, '1 µs past v7', '10889-08-02 05:31:50.656+00'),
  (8, 'v1/v6 last 100 ns (5236-03-31 21:21:00.684697)', '5236-03-31 21:21:00.684697+00'),
  (9, 'PostgreSQL maximum', '294276-12-31 23:59:59.999999+00'),
  (10, 'infinity', 'infinity');
SELECT i.label, f.fn, pg_temp.err(format(f.q, i.t)) AS result
FROM instants AS i,
     (VALUES (1, 'uuid_generate_v7', 'SELECT uuid_extract_time(uuid_generate_v7(%L::timestamptz), true)'),
             (2, 'uuid_v7_floor', 'SELECT uuid_v7_floor(%L::timestamptz)'),
             (3, 'uuid_v7_ceil', 'SELECT uuid_v7_ceil(%L::timestamptz)')) AS f(ford, fn, q)
ORDER BY f.ford, i.ord;

-- uuidv7(shift interval): shifts that land just inside and just outside each end (1 s margin
-- around the limit computed from the current time), and shifts PostgreSQL itself cannot add.
-- The message names the shifted instant and the current time: those are masked.
SELECT label, pg_temp.err_masked(q) AS result
FROM (VALUES
  (1, 'NULL shift', 'SELECT uuidv7(NULL::interval)'),
  (2, 'no shift', 'SELECT uuid_extract_version(uuidv7(interval ''0''))'),
  (3, 'to 1970-01-01 + 1 s', 'SELECT uuid_extract_time(uuidv7(timestamptz ''1970-01-01 00:00:01+00'' - clock_timestamp())) < ''1970-01-01 00:00:02+00'''),
  (4, 'to 1970-01-01 - 1 s', 'SELECT uuidv7(timestamptz ''1970-01-01 00:00:00+00'' - clock_timestamp() - interval ''1 s'')'),
  (5, 'to the last v7 ms - 1 s', 'SELECT uuid_extract_time(uuidv7(timestamptz ''10889-08-02 05:31:49.655+00'' - clock_timestamp())) > ''10889-08-02 05:31:48+00'''),
  (6, 'to the last v7 ms + 1 s', 'SELECT uuidv7(timestamptz ''10889-08-02 05:31:50.655999+00'' - clock_timestamp() + interval ''1 s'')'),
  (7, '-100 years', 'SELECT uuidv7(interval ''-100 years'')'),
  (8, '+9000 years', 'SELECT uuidv7(interval ''9000 years'')'),
  (9, '+300000 years (past PostgreSQL''s range)', 'SELECT uuidv7(interval ''300000 years'')'),
  (10, '-300000 years (past PostgreSQL''s range)', 'SELECT uuidv7(interval ''-300000 years'')'),
  (11, '+2147483647 days', 'SELECT uuidv7(interval ''2147483647 days'')'),
  (12, '-2147483648 months', 'SELECT uuidv7(interval ''-2147483648 months'')'),
  (13, '+9223372036854 s', 'SELECT uuidv7(interval ''9223372036854 s'')')) AS c(ord, label, q)
ORDER BY ord;

-- ------------------------------------------------------------------ bytes and names
-- uuid_generate_v8(custom bytea): exactly 16 bytes; other lengths 22023 naming the length.
CREATE TEMP TABLE byte_inputs (ord int, label text, b bytea);
INSERT INTO byte_inputs VALUES
  (0, 'NULL', NULL),
  (1, '0 bytes', ''),
  (2, '15 bytes', '\x2489e9ad2ee20e000ec932d5f69181'),
  (3, '16 bytes (RFC 9562 B.1)', '\x2489e9ad2ee20e000ec932d5f69181c0'),
  (4, '16 bytes 0xff', '\xffffffffffffffffffffffffffffffff'),
  (5, '17 bytes', '\x2489e9ad2ee20e000ec932d5f69181c000'),
  (6, '1 MB', convert_to(repeat('x', 1048576), 'UTF8')),
  (7, 'not UTF-8 (ff fe 80 00 c3 28)', '\xfffe8000c328');
SELECT label, length(b) AS bytes, pg_temp.err(format('SELECT uuid_generate_v8(%L::bytea)', b)) AS v8
FROM byte_inputs ORDER BY ord;

-- Names for v3, v5 and v8_name as text and as bytea: NULL, empty, 1 MB, bytes that are not
-- UTF-8 (bytea only: text cannot hold them). Text and bytea of the same bytes give the same value.
CREATE TEMP TABLE names (ord int, label text, b bytea);
INSERT INTO names VALUES
  (0, 'NULL', NULL),
  (1, 'empty', ''),
  (2, 'www.example.com', convert_to('www.example.com', 'UTF8')),
  (3, 'non-ASCII UTF-8 "é☃"', convert_to('é☃', 'UTF8')),
  (4, '1 MB of x', convert_to(repeat('x', 1048576), 'UTF8')),
  (5, 'not UTF-8 (ff fe 80 00 c3 28)', '\xfffe8000c328');
SELECT n.label, f.fn, pg_temp.err(format('SELECT %s(uuid_ns_dns(), %L::bytea)', f.fn, n.b)) AS bytea_name,
       CASE WHEN n.ord = 5 THEN 'not valid text'
            ELSE pg_temp.err(format('SELECT %s(uuid_ns_dns(), convert_from(%L::bytea, ''UTF8'')) = %s(uuid_ns_dns(), %L::bytea)',
                                    f.fn, n.b, f.fn, n.b)) END AS text_name_same
FROM names AS n, (VALUES (1, 'uuid_generate_v3'), (2, 'uuid_generate_v5'), (3, 'uuid_generate_v8_name')) AS f(ford, fn)
ORDER BY f.ford, n.ord;
-- A NULL namespace is NULL out for every name-based function.
SELECT fn, pg_temp.err(format('SELECT %s(NULL::uuid, ''x''::text)', fn)) AS text_name,
       pg_temp.err(format('SELECT %s(NULL::uuid, ''x''::bytea)', fn)) AS bytea_name
FROM unnest('{uuid_generate_v3,uuid_generate_v5,uuid_generate_v8_name}'::text[]) AS fn;
-- Text that holds the bytes c3 a9 is hashed as those bytes (the database encoding is UTF8).
SELECT pg_temp.err('SELECT uuid_generate_v5(uuid_ns_dns(), ''é''::text) = uuid_generate_v5(uuid_ns_dns(), ''\xc3a9''::bytea)') AS utf8_bytes;

-- The same names read from a table: short values stored with a 1-byte header, 1 MB values
-- compressed in line or moved out of line (TOAST, STORAGE EXTERNAL: not compressed). Each gives
-- the value of the literal.
CREATE TEMP TABLE stored (ord int, t_main text, t_ext text, b_main bytea, b_ext bytea);
ALTER TABLE stored ALTER COLUMN t_ext SET STORAGE EXTERNAL, ALTER COLUMN b_ext SET STORAGE EXTERNAL;
INSERT INTO stored SELECT ord, convert_from(b, 'UTF8'), convert_from(b, 'UTF8'), b, b FROM names WHERE ord BETWEEN 1 AND 4;
INSERT INTO stored SELECT ord, NULL, NULL, b, b FROM names WHERE ord = 5;
SELECT n.label, f.fn,
       CASE WHEN n.ord = 5 THEN 'not valid text' ELSE
       pg_temp.err(format('SELECT %1$s(uuid_ns_dns(), t_main) = %1$s(uuid_ns_dns(), %2$L::bytea) AND %1$s(uuid_ns_dns(), t_ext) = %1$s(uuid_ns_dns(), %2$L::bytea) FROM stored WHERE ord = %3$s', f.fn, n.b, n.ord)) END AS text_columns_same,
       pg_temp.err(format('SELECT %1$s(uuid_ns_dns(), b_main) = %1$s(uuid_ns_dns(), %2$L::bytea) AND %1$s(uuid_ns_dns(), b_ext) = %1$s(uuid_ns_dns(), %2$L::bytea) FROM stored WHERE ord = %3$s', f.fn, n.b, n.ord)) AS bytea_columns_same
FROM names AS n, (VALUES (1, 'uuid_generate_v3'), (2, 'uuid_generate_v5'), (3, 'uuid_generate_v8_name')) AS f(ford, fn)
WHERE n.ord BETWEEN 1 AND 5 ORDER BY f.ford, n.ord;
SELECT ord, pg_column_size(t_main) < 1048576 AS t_main_compressed, pg_column_size(t_ext) >= 1048576 AS t_ext_uncompressed
FROM stored WHERE ord = 4;
-- Custom v8 bytes and encoded text from a table (short values: 1-byte headers).
CREATE TEMP TABLE stored_v8 AS
  SELECT b, uuid_encode(uuid_generate_v8(b), 'base58') AS t FROM byte_inputs WHERE length(b) = 16;
SELECT pg_temp.err(format('SELECT uuid_generate_v8(%L::bytea)', b)) AS v8,
       pg_temp.err(format('SELECT uuid_decode(%L, ''base58'') = uuid_generate_v8(%L::bytea)', t, b)) AS decoded_same,
       uuid_decode(t, 'base58') = uuid_generate_v8(b) AS from_columns_same
FROM stored_v8 ORDER BY b;

-- Algorithm names for uuid_generate_v8_name, text and bytea forms: every supported name in
-- upper case works; anything else is 22023 listing the supported names.
CREATE TEMP TABLE algorithms (ord int, name text);
INSERT INTO algorithms VALUES
  (0, NULL), (1, 'sha256'), (2, 'SHA256'), (3, 'Sha3-256'), (4, 'SHAKE128'), (5, 'sha512-224'),
  (6, ''), (7, 'md5'), (8, 'sha1'), (9, 'sha-256'), (10, 'sha512/256'), (11, ' sha256'), (12, 'sha256 '),
  (13, 'sha3_256'), (14, 'shake-128'), (15, 'sha256' || chr(8239)), (16, repeat('a', 100)),
  (17, repeat('a', 63) || 'é');  -- a 2-byte character across the 64-byte cut of the message
SELECT coalesce(quote_literal(a.name), 'NULL') AS algorithm,
       pg_temp.err(format('SELECT uuid_generate_v8_name(uuid_ns_dns(), ''www.example.com''::text, %L)', a.name)) AS text_name,
       pg_temp.err(format('SELECT uuid_generate_v8_name(uuid_ns_dns(), ''www.example.com''::text, %L)', a.name)) =
       pg_temp.err(format('SELECT uuid_generate_v8_name(uuid_ns_dns(), ''www.example.com''::bytea, %L)', a.name)) AS bytea_same
FROM algorithms AS a ORDER BY a.ord;
SELECT upper(a) AS algorithm,
       pg_temp.err(format('SELECT uuid_generate_v8_name(uuid_ns_url(), ''https://example.com'', %L) = uuid_generate_v8_name(uuid_ns_url(), ''https://example.com'', %L)', upper(a), a)) AS same_as_lower
FROM unnest('{sha224,sha256,sha384,sha512,sha512-224,sha512-256,sha3-224,sha3-256,sha3-384,sha3-512,shake128,shake256}'::text[]) AS a;

-- Format names for uuid_encode and uuid_decode: case-insensitive; anything else 22023.
CREATE TEMP TABLE formats (ord int, name text);
INSERT INTO formats VALUES
  (0, NULL), (1, 'hex'), (2, 'HEX'), (3, 'Base32'), (4, 'bAsE58'), (5, 'BASE64URL'), (6, ''),
  (7, 'base64'), (8, 'BASE64'), (9, 'base16'), (10, 'ulid'), (11, 'crockford'), (12, 'hex '), (13, ' hex'),
  (14, 'base-32'), (15, 'base64_url'), (16, 'base64url' || chr(304)), (17, repeat('b', 100)),
  (18, repeat('b', 79) || 'é'),  -- a 2-byte character across the 80-byte cut of the message
  (19, 'BASE32HEX'), (20, 'base32hexpad');
SELECT coalesce(quote_literal(f.name), 'NULL') AS format,
       pg_temp.err(format('SELECT uuid_encode(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', %L)', f.name)) AS encode,
       pg_temp.err(format('SELECT uuid_decode(uuid_encode(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', %L), %L)', f.name, f.name)) AS decode
FROM formats AS f ORDER BY f.ord;

-- ------------------------------------------------------------------ malformed encodings
-- uuid_decode: every malformed class in every format is 22P02 naming the format and the position
-- of the first bad character; the accepted spellings (hex in either case, base32 in lower case
-- and with Crockford's aliases, base32hex with what PostgreSQL 19's decode also takes: spaces,
-- more '=', unused bits) decode to the same value. The good inputs are RFC 9562 A.6's v7.
CREATE TEMP TABLE good (fmt text PRIMARY KEY, ford int, txt text);
INSERT INTO good SELECT fmt, ford, uuid_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', fmt)
FROM unnest('{hex,base32,base58,base64url,base32hex}'::text[]) WITH ORDINALITY AS f(fmt, ford);
-- make: SQL over g (the good text) and f (the format); NULL where a class has no meaning.
CREATE TEMP TABLE malformed (ord int, label text, make text);
INSERT INTO malformed VALUES
  (0, 'NULL', 'NULL'),
  (1, 'the good text', 'g'),
  (2, 'empty', ''''''),
  (3, 'one character', 'left(g, 1)'),
  (4, 'one character short', 'left(g, -1)'),
  (5, 'one character long', 'g || right(g, 1)'),
  (6, '1 MB', 'repeat(g, 1048576 / length(g))'),
  (7, 'leading space', ''' '' || g'),
  (8, 'trailing space', 'g || '' '''),
  (9, 'trailing newline', 'g || E''\n'''),
  (10, 'tab inside', 'overlay(g PLACING E''\t'' FROM 5 FOR 1)'),
  (11, 'control character 0x01 inside', 'overlay(g PLACING chr(1) FROM 5 FOR 1)'),
  (12, 'non-ASCII "é" inside', 'overlay(g PLACING ''é'' FROM 5 FOR 1)'),
  (13, 'non-ASCII "☃" first', 'overlay(g PLACING ''☃'' FROM 1 FOR 1)'),
  (14, '"!" last', 'overlay(g PLACING ''!'' FROM length(g) FOR 1)'),
  (15, 'hyphenated uuid', '''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'''),
  (16, '"0x" prefix', '''0x'' || g'),
  (17, 'braces', '''{'' || g || ''}'''),
  (18, 'padding "=="', 'g || ''=='''),
  (19, 'upper case', 'upper(g)'),
  (20, 'lower case', 'lower(g)'),
  (21, 'all zeros digit', 'repeat(left(uuid_encode(uuid_nil(), f), 1), length(g))'),
  (22, 'all greatest digit', 'repeat(CASE f WHEN ''hex'' THEN ''f'' WHEN ''base32'' THEN ''Z'' WHEN ''base58'' THEN ''z'' WHEN ''base32hex'' THEN ''V'' ELSE ''_'' END, length(g))'),
  (23, 'max uuid', 'uuid_encode(uuid_max(), f)'),
  (24, 'max uuid + 1', 'CASE f WHEN ''base32'' THEN ''80000000000000000000000000'' WHEN ''base58'' THEN ''YcVfxkQb6JRzqk5kF2tNLw'' WHEN ''base64url'' THEN ''_____________________x'' END'),
  (25, 'Crockford aliases I L O', 'CASE f WHEN ''base32'' THEN ''OIFWHE4YDGFKLSHH6WIG6OEECF'' END'),
  (26, 'letters outside the alphabet', 'CASE f WHEN ''hex'' THEN overlay(g PLACING ''g'' FROM 2 FOR 1) WHEN ''base32'' THEN overlay(g PLACING ''U'' FROM 2 FOR 1) WHEN ''base58'' THEN overlay(g PLACING ''0'' FROM 2 FOR 1) WHEN ''base32hex'' THEN overlay(g PLACING ''W'' FROM 2 FOR 1) ELSE overlay(g PLACING ''+'' FROM 2 FOR 1) END'),
  (27, 'the other alphabet''s letters', 'CASE f WHEN ''hex'' THEN overlay(g PLACING ''G'' FROM 3 FOR 1) WHEN ''base32'' THEN overlay(g PLACING ''u'' FROM 3 FOR 1) WHEN ''base58'' THEN overlay(g PLACING ''l'' FROM 3 FOR 1) WHEN ''base32hex'' THEN overlay(g PLACING ''Y'' FROM 3 FOR 1) ELSE overlay(g PLACING ''/'' FROM 3 FOR 1) END'),
  -- base32hex ignores them, as PostgreSQL 19's decode does.
  (28, 'unused low bits set', 'CASE f WHEN ''base64url'' THEN overlay(g PLACING ''h'' FROM 22 FOR 1) WHEN ''base32hex'' THEN overlay(g PLACING ''V'' FROM 26 FOR 1) END'),
  (29, 'unpadded', 'CASE f WHEN ''base32hex'' THEN left(g, 26) END'),
  (30, 'padding "=" one digit early', 'CASE f WHEN ''base32hex'' THEN overlay(g PLACING ''='' FROM 26 FOR 1) END');
-- Build each input once; 1 MB inputs are shown by length and md5, never in full.
CREATE TEMP TABLE cases AS
  SELECT m.ord, m.label, g.fmt, g.ford, x.input
  FROM malformed AS m, good AS g,
       LATERAL (SELECT pg_temp.err(format('SELECT %s FROM (SELECT %L::text AS g, %L::text AS f) AS s', m.make, g.txt, g.fmt))) AS r(res),
       LATERAL (SELECT CASE WHEN r.res = '-> NULL' THEN NULL ELSE substr(r.res, 4) END) AS x(input)
  WHERE x.input IS NOT NULL OR m.ord = 0;
SELECT c.fmt, c.label,
       CASE WHEN length(c.input) > 80 THEN length(c.input) || ' chars, md5 ' || md5(c.input)
            ELSE coalesce(quote_literal(c.input), 'NULL') END AS input,
       pg_temp.err(format('SELECT uuid_decode(%L, %L)', c.input, c.fmt)) AS result
FROM cases AS c ORDER BY c.ford, c.ord;
-- The messages of 1 MB inputs quote at most 80 bytes of them.
SELECT c.fmt, length(pg_temp.err(format('SELECT uuid_decode(%L, %L)', c.input, c.fmt))) < 600 AS short_message
FROM cases AS c WHERE c.ord = 6 ORDER BY c.ford;

-- ------------------------------------------------------------------ time on v7 keys
-- The domains' check: every uuid input against versions 1 and 7, and versions no UUID has.
SELECT i.label, pg_temp.err(format('SELECT uuid_check_version(%L::uuid, 7, ''uuid_v7'')', i.u)) AS as_v7,
       pg_temp.err(format('SELECT uuid_check_version(%L::uuid, 1, ''uuid_v1'')', i.u)) AS as_v1
FROM uuid_inputs AS i ORDER BY i.ord;
SELECT v, pg_temp.err(format('SELECT uuid_check_version(%L::uuid, %s, ''x'')', 'C232AB00-9414-11EC-B3C8-9F6BDECED846', v)) AS result
FROM unnest(ARRAY['NULL', '-1', '0', '16', '2147483647']) AS v;
-- The key-range bounds at every instant, inclusive or not, to the ms or the µs: never an error.
SELECT i.label, f.fn, b.inclusive, b.sub_ms,
       pg_temp.err(format('SELECT %s(%L::timestamptz, %L, %L)', f.fn, i.t, b.inclusive, b.sub_ms)) AS result
FROM instants AS i,
     (VALUES (1, 'uuid_v7_lower_bound'), (2, 'uuid_v7_upper_bound')) AS f(ford, fn),
     (VALUES (true, false), (false, false), (true, true), (false, true)) AS b(inclusive, sub_ms)
WHERE i.ord IN (0, 1, 3, 4, 5, 6, 7, 10) ORDER BY f.ford, i.ord, b.inclusive DESC, b.sub_ms;
-- uuidx's min(uuid) and max(uuid) and their transition functions: every pair of uuid inputs
-- (NULL included) agrees with uuid's <= and >=; never an error.
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE uuid_smaller(a.u, b.u) IS NOT DISTINCT FROM CASE WHEN a.u <= b.u THEN a.u WHEN a.u > b.u THEN b.u END) AS smaller_ok,
       count(*) FILTER (WHERE uuid_larger(a.u, b.u) IS NOT DISTINCT FROM CASE WHEN a.u >= b.u THEN a.u WHEN a.u < b.u THEN b.u END) AS larger_ok
FROM uuid_inputs AS a, uuid_inputs AS b;
SELECT min(u) = (SELECT u FROM uuid_inputs WHERE u IS NOT NULL ORDER BY u LIMIT 1) AS min_ok,
       max(u) = (SELECT u FROM uuid_inputs WHERE u IS NOT NULL ORDER BY u DESC LIMIT 1) AS max_ok,
       min(u) FILTER (WHERE u IS NULL) IS NULL AND max(u) FILTER (WHERE false) IS NULL AS null_when_no_value
FROM uuid_inputs;
-- pg_partman's encoder (an instant to the v7 floor of its ms) and decoder (text to the time).
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_time_encoder(%L::timestamptz)', i.t)) AS encoder
FROM instants AS i ORDER BY i.ord;
SELECT coalesce(quote_literal(t), 'NULL') AS input, pg_temp.err(format('SELECT uuid_v7_time_decoder(%L)', t)) AS decoder
FROM unnest(ARRAY[NULL, '', 'not a uuid', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', '919108f7-52d1-4320-9bac-f847db4148a8',
                  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) AS t;
-- uuid_v7_partitions: a table that is not range-partitioned on one uuid column, an empty or
-- backwards span, a step that is not positive or has no fixed length, instants outside v7.
CREATE TABLE bad_plain (id uuid);
CREATE TABLE bad_by_int (id int) PARTITION BY RANGE (id);
CREATE TABLE bad_by_list (id uuid) PARTITION BY LIST (id);
CREATE TABLE good_parent (id uuid) PARTITION BY RANGE (id);
SELECT label, pg_temp.err(format('SELECT count(*) FROM uuid_v7_partitions(%s)', args)) AS result
FROM (VALUES
  ('not partitioned', $$'bad_plain', '2024-01-01', '2024-01-02', '1 day'$$),
  ('partitioned by int', $$'bad_by_int', '2024-01-01', '2024-01-02', '1 day'$$),
  ('partitioned by list', $$'bad_by_list', '2024-01-01', '2024-01-02', '1 day'$$),
  ('no such table', $$'no_such_table', '2024-01-01', '2024-01-02', '1 day'$$),
  ('NULL step', $$'good_parent', '2024-01-01', '2024-01-02', NULL$$),
  ('zero step', $$'good_parent', '2024-01-01', '2024-01-02', '0'$$),
  ('negative step', $$'good_parent', '2024-01-01', '2024-01-02', '-1 day'$$),
  ('empty span', $$'good_parent', '2024-01-02', '2024-01-02', '1 day'$$),
  ('backwards span', $$'good_parent', '2024-01-03', '2024-01-02', '1 day'$$),
  ('before 1970', $$'good_parent', '1969-12-31', '1970-01-02', '1 day'$$),
  ('to infinity', $$'good_parent', '2024-01-01', 'infinity', '1 day'$$),
  ('past the last v7 time', $$'good_parent', '2024-01-01', '10889-08-03', '1 day'$$),
  ('more than 10000', $$'good_parent', '2024-01-01', '2054-01-01', '1 day'$$),
  ('one day', $$'good_parent', '2024-01-01', '2024-01-02', '1 day'$$),
  ('the same day again', $$'good_parent', '2024-01-01', '2024-01-02', '1 day'$$)) AS c(label, args);
DROP TABLE bad_plain, bad_by_int, bad_by_list, good_parent;
-- The check of client-made v7 keys on every uuid input, with no limit on the clock's side (a
-- refusal there names the clock's reading); uuid_v7_plausible with its defaults (no input is near
-- today, so its answer does not move); uuid_v7_skew against one instant.
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_check(%L::uuid, NULL)', i.u)) AS checked,
       pg_temp.err(format('SELECT uuid_v7_plausible(%L::uuid)', i.u)) AS plausible,
       pg_temp.err(format('SELECT uuid_v7_skew(%L::uuid, %L::timestamptz)', i.u, '2024-01-01 00:00:00+00')) AS skew
FROM uuid_inputs AS i ORDER BY i.ord;
-- Every instant as the floor and (but ±infinity) as the instant of the skew, for the greatest v7; tolerances
-- that accept the v7 of 1970, or that no timestamptz can hold (22008).
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_check(%L::uuid, NULL, %L::timestamptz)', 'ffffffff-ffff-7fff-bfff-ffffffffffff', i.t)) AS as_floor,
       CASE WHEN i.t NOT IN ('infinity', '-infinity') THEN  -- (17 subtracts them, giving infinite intervals)
         pg_temp.err(format('SELECT uuid_v7_skew(%L::uuid, %L::timestamptz)', 'ffffffff-ffff-7fff-bfff-ffffffffffff', i.t)) END AS as_skew_instant
FROM instants AS i ORDER BY i.ord;
SELECT iv, pg_temp.err(format('SELECT uuid_v7_check(%L::uuid, %s::interval, NULL)', '00000000-0000-7000-8000-000000000000', iv)) AS checked,
       pg_temp.err(format('SELECT uuid_v7_plausible(%L::uuid, %s::interval, NULL)', '00000000-0000-7000-8000-000000000000', iv)) AS plausible
FROM unnest(ARRAY['NULL', '''0''', '''1 mon 2 days''', '''100000 years''', '''1000000 years''']) AS iv;
-- uuid_version_mix: NULL (no rows), no table, no column, a column of another type.
CREATE TABLE mix_target (id uuid, n int);
INSERT INTO mix_target VALUES ('00000000-0000-7000-8000-000000000000', 1), (NULL, 2);
SELECT label, pg_temp.err(format('SELECT string_agg(m::text, '','') FROM uuid_version_mix(%s) AS m', args)) AS result
FROM (VALUES ('NULL table', $$NULL, 'id'$$), ('NULL column', $$'mix_target', NULL$$), ('no such table', $$'no_such_table', 'id'$$),
             ('no such column', $$'mix_target', 'nope'$$), ('int column', $$'mix_target', 'n'$$), ('system column', $$'mix_target', 'xmin'$$),
             ('uuid column', $$'mix_target', 'id'$$)) AS c(label, args);
DROP TABLE mix_target;

-- ------------------------------------------------------------------ the UUIDv47 facade
-- Every uuid input both ways with a 16-byte key: only a v7 goes out and only a v4 comes back
-- (22023 naming what the value is); every byte input as the key: 16 bytes, or 22023 naming the
-- length. The one-argument forms: 55000 without uuidx.facade_key, then as the two-argument ones.
SELECT i.label,
       pg_temp.err(format('SELECT uuid_v7_to_facade(%L::uuid, %L::bytea)', i.u, '\x000102030405060708090a0b0c0d0e0f')) AS to_facade,
       pg_temp.err(format('SELECT uuid_facade_to_v7(%L::uuid, %L::bytea)', i.u, '\x000102030405060708090a0b0c0d0e0f')) AS from_facade
FROM uuid_inputs AS i ORDER BY i.ord;
SELECT b.label,
       pg_temp.err(format('SELECT uuid_v7_to_facade(%L::uuid, %L::bytea)', '01890a5d-ac96-774b-bcce-b302099a8057', b.b)) AS to_facade,
       pg_temp.err(format('SELECT uuid_facade_to_v7(%L::uuid, %L::bytea)', 'bb555eb6-1d51-474b-bcce-b302099a8057', b.b)) AS from_facade
FROM byte_inputs AS b ORDER BY b.ord;
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_to_facade(%L::uuid)', i.u)) AS to_facade_unset,
       pg_temp.err(format('SELECT uuid_facade_to_v7(%L::uuid)', i.u)) AS from_facade_unset
FROM uuid_inputs AS i WHERE i.ord IN (0, 1, 14, 17) ORDER BY i.ord;
SET uuidx.facade_key = '0001020304050607:08090a0b0c0d0e0f';
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_to_facade(%L::uuid)', i.u)) AS to_facade_set,
       pg_temp.err(format('SELECT uuid_facade_to_v7(%L::uuid)', i.u)) AS from_facade_set
FROM uuid_inputs AS i WHERE i.ord IN (0, 1, 14, 17) ORDER BY i.ord;
RESET uuidx.facade_key;
SELECT pg_temp.err('SELECT uuid_extract_version(uuid_generate_v7_fresh())') AS v7_fresh;

-- ------------------------------------------------------------------ TypeID and ULID
-- Every uuid input as a typeid of 'user' and as a ULID, and back; NULL gives NULL.
SELECT i.label, pg_temp.err(format('SELECT uuid_to_typeid(''user'', %L::uuid)', i.u)) AS typeid,
       pg_temp.err(format('SELECT uuid_from_typeid(uuid_to_typeid(''user'', %L::uuid), ''user'') = %L::uuid', i.u, i.u)) AS typeid_back,
       pg_temp.err(format('SELECT typeid_prefix(uuid_to_typeid(''user'', %L::uuid))', i.u)) AS prefix_read,
       pg_temp.err(format('SELECT uuid_to_ulid(%L::uuid)', i.u)) AS ulid,
       pg_temp.err(format('SELECT uuid_from_ulid(uuid_to_ulid(%L::uuid)) = %L::uuid', i.u, i.u)) AS ulid_back
FROM uuid_inputs AS i ORDER BY i.ord;
-- The names as text (NULL, empty, ASCII, non-ASCII, 1 MB): as a prefix, as a typeid (of 'user',
-- and what prefix it has), as a typeid's suffix after 'user_', as a ULID. Every one an error
-- naming its first fault, quoted to 80 bytes, or NULL for NULL.
SELECT n.label, pg_temp.err(format('SELECT uuid_to_typeid(convert_from(%L::bytea, ''UTF8''), uuid_nil())', n.b)) AS as_prefix,
       pg_temp.err(format('SELECT uuid_from_typeid(convert_from(%L::bytea, ''UTF8''), ''user'')', n.b)) AS as_typeid,
       pg_temp.err(format('SELECT typeid_prefix(convert_from(%L::bytea, ''UTF8''))', n.b)) AS its_prefix,
       pg_temp.err(format('SELECT uuid_from_typeid(''user_'' || convert_from(%L::bytea, ''UTF8''), ''user'')', n.b)) AS as_suffix,
       pg_temp.err(format('SELECT uuid_from_ulid(convert_from(%L::bytea, ''UTF8''))', n.b)) AS as_ulid
FROM names AS n WHERE n.ord <> 5 ORDER BY n.ord;
-- ------------------------------------------------------------------ re-keying to v7
-- uuid_v7_from_key, unkeyed and keyed: every instant (22008 outside 1970 .. 10889, ±infinity
-- included; the instant is checked before the secret); every uuid input and the extreme bigints
-- as old keys; the names as text keys (1 MB, non-ASCII); every byte input as the secret (16 bytes
-- and more, else 22023 naming the length; 16 bytes and the same with a zero byte appended are one
-- HMAC key, as RFC 2104 pads a key with zeros). NULL anywhere is NULL out.
SELECT i.label, f.fn, pg_temp.err(format(f.q, i.t)) AS result
FROM instants AS i,
     (VALUES (1, 'bigint', 'SELECT uuid_v7_from_key(%L::timestamptz, 42::bigint)'),
             (2, 'uuid', 'SELECT uuid_v7_from_key(%L::timestamptz, ''f81d4fae-7dec-11d0-a765-00a0c91e6bf6''::uuid)'),
             (3, 'text', 'SELECT uuid_v7_from_key(%L::timestamptz, ''x''::text)'),
             (4, 'bigint, keyed', 'SELECT uuid_v7_from_key(%L::timestamptz, 42::bigint, ''\x000102030405060708090a0b0c0d0e0f''::bytea)'),
             (5, 'uuid, short secret', 'SELECT uuid_v7_from_key(%L::timestamptz, uuid_nil(), ''\x00''::bytea)'),
             (6, 'text, keyed', 'SELECT uuid_v7_from_key(%L::timestamptz, ''x''::text, ''\x000102030405060708090a0b0c0d0e0f''::bytea)')) AS f(ford, fn, q)
ORDER BY f.ford, i.ord;
SELECT i.label, pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', %L::uuid)', i.u)) AS unkeyed,
       pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', %L::uuid, ''\x000102030405060708090a0b0c0d0e0f''::bytea)', i.u)) AS keyed
FROM uuid_inputs AS i ORDER BY i.ord;
SELECT k AS old_key, pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', %L::bigint)', k)) AS unkeyed,
       pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', %L::bigint, ''\x000102030405060708090a0b0c0d0e0f''::bytea)', k)) AS keyed
FROM unnest(ARRAY[NULL, -9223372036854775808, -1, 0, 9223372036854775807]::bigint[]) WITH ORDINALITY AS x(k, n) ORDER BY n;
SELECT n.label, pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', convert_from(%L::bytea, ''UTF8''))', n.b)) AS unkeyed,
       pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', convert_from(%L::bytea, ''UTF8''), ''\x000102030405060708090a0b0c0d0e0f''::bytea)', n.b)) AS keyed
FROM names AS n WHERE n.ord <> 5 ORDER BY n.ord;
SELECT b.label, pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', 42::bigint, %L::bytea)', b.b)) AS bigint_key,
       pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', uuid_nil(), %L::bytea)', b.b)) AS uuid_key,
       pg_temp.err(format('SELECT uuid_v7_from_key(''2024-02-29 12:34:56+00'', ''x''::text, %L::bytea)', b.b)) AS text_key
FROM byte_inputs AS b ORDER BY b.ord;

-- ------------------------------------------------------------------ functions without arguments
-- Nothing to give them but the wrong arity: 42883, no uuidx code runs. From PostgreSQL 19 on
-- the error has a DETAIL saying why no function matched (expected/bad_input_3.out).
SELECT fn, pg_temp.err(format('SELECT uuid_extract_version(%s())', fn)) AS version,
       pg_temp.err(format('SELECT %s(1)', fn)) AS with_an_argument
FROM unnest('{uuid_generate_v1,uuid_generate_v1mc,uuid_generate_v4,uuid_generate_v6,uuid_generate_v7,uuidv4,uuidv7,uuid_nil,uuid_max,uuid_ns_dns,uuid_ns_url,uuid_ns_oid,uuid_ns_x500}'::text[]) AS fn;

-- ------------------------------------------------------------------ what the client sees
-- With a client encoding other than UTF8, a message cut inside a multibyte character could not
-- be converted, and the client got 22021 instead of the 22023 (fixed in the core: names are cut
-- on a character boundary).
SET client_encoding = 'LATIN1';
SELECT uuid_generate_v8_name(uuid_nil(), 'x', repeat('a', 63) || convert_from('\xc3a9', 'UTF8'));
SELECT uuid_encode(uuid_nil(), repeat('b', 79) || convert_from('\xc3a9', 'UTF8'));
RESET client_encoding;

-- ------------------------------------------------------------------ every function was called
-- Every function of the extension completed at least one call in this file (track_functions,
-- set at the top, counts them): a new function shows here as NOT CALLED until the matrix above
-- covers it. Aggregates are not counted (their transition functions are).
SELECT pg_stat_force_next_flush();
SELECT p.oid::regprocedure AS function,
       CASE WHEN coalesce(s.calls, 0) > 0 THEN 'called' ELSE 'NOT CALLED' END AS status
FROM pg_proc AS p
JOIN pg_depend AS d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
LEFT JOIN pg_stat_user_functions AS s ON s.funcid = p.oid
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND p.prokind <> 'a'
ORDER BY status, p.oid::regprocedure::text COLLATE "C";
