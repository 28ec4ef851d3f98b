-- Error messages that quote an input cut it at a character boundary of the database encoding
-- (pg_mbcliplen), not of UTF-8: in EUC_JP the second byte of a character such as 'ン' (A5 F3)
-- does not look like a UTF-8 continuation byte, so a UTF-8 cut at 80 bytes would keep A5 alone
-- and the message could not be sent (22021). Each input puts a two-byte character across the
-- cut (80 bytes for uuid_decode and formats, 64 for hash names), or just before it.
SELECT current_database() AS regress_db \gset
SET client_min_messages = warning;
DROP DATABASE IF EXISTS regression_uuidx_euc;
RESET client_min_messages;
CREATE DATABASE regression_uuidx_euc ENCODING 'EUC_JP' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c regression_uuidx_euc
SET client_encoding = 'UTF8';
CREATE EXTENSION uuidx;
\i sql/include/err.psql
SELECT current_setting('server_encoding') AS server_encoding;

SELECT ord, what, octet_length(convert_to(input, 'EUC_JP')) AS euc_bytes, pg_temp.err(query) AS error
FROM (VALUES
  (1, 'uuid_decode: split at 80', repeat('b', 79) || 'ンx', 'SELECT uuid_decode(%L, ''base32'')'),
  (2, 'uuid_decode: kept whole', repeat('b', 78) || 'ンx', 'SELECT uuid_decode(%L, ''base32'')'),
  (3, 'format name: split at 80', repeat('b', 79) || 'ン', 'SELECT uuid_encode(uuid_nil(), %L)'),
  (4, 'hash name: split at 64', repeat('a', 63) || 'ン', 'SELECT uuid_generate_v8_name(uuid_nil(), ''x''::text, %L)'),
  (5, 'hash name: kept whole', repeat('a', 62) || 'ンン', 'SELECT uuid_generate_v8_name(uuid_nil(), ''x''::text, %L)')
) AS c(ord, what, input, query_format),
LATERAL (SELECT format(query_format, input) AS query) q
ORDER BY ord;

-- The same errors as a client receives them.
\set VERBOSITY terse
SELECT uuid_decode(repeat('b', 79) || 'ンx', 'base32');
SELECT uuid_generate_v8_name(uuid_nil(), 'x'::text, repeat('a', 63) || 'ン');
\set VERBOSITY default

\c :regress_db
DROP DATABASE regression_uuidx_euc;
