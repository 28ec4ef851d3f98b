-- Name-based v3/v5/v8, custom v8 and the namespace IDs (RFC 9562 §5.3, §5.5, §5.8, §6.6,
-- Appendix A.2, A.4, B.1, B.2), their errors, and a v5 generated column.
\i sql/include/setup.psql

-- §6.6 Table 3.
SELECT uuid_ns_dns() = '6ba7b810-9dad-11d1-80b4-00c04fd430c8' AS dns,
       uuid_ns_url() = '6ba7b811-9dad-11d1-80b4-00c04fd430c8' AS url,
       uuid_ns_oid() = '6ba7b812-9dad-11d1-80b4-00c04fd430c8' AS oid,
       uuid_ns_x500() = '6ba7b814-9dad-11d1-80b4-00c04fd430c8' AS x500;

-- A.2 (v3), A.4 (v5), B.2 (v8 SHA-256): DNS namespace, name "www.example.com".
SELECT uuid_generate_v3(uuid_ns_dns(), 'www.example.com') AS a2,
       uuid_generate_v3(uuid_ns_dns(), 'www.example.com') = '5df41881-3aed-3515-88a7-2f4a814cf09e' AS a2_is_rfc,
       uuid_generate_v5(uuid_ns_dns(), 'www.example.com') AS a4,
       uuid_generate_v5(uuid_ns_dns(), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS a4_is_rfc;
SELECT uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com') AS b2,
       uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com') = '5c146b14-3c52-8afd-938a-375d0df1fbf6' AS b2_is_rfc;

-- B.1: the 128 custom bits with zeros where version and variant go.
SELECT uuid_generate_v8('\x2489e9ad2ee20e000ec932d5f69181c0') AS b1,
       uuid_generate_v8('\x2489e9ad2ee20e000ec932d5f69181c0') = '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0' AS b1_is_rfc;
-- 122 bits kept, 6 overwritten: all ones and all zeros.
SELECT uuid_generate_v8('\xffffffffffffffffffffffffffffffff') AS ones,
       uuid_generate_v8('\x00000000000000000000000000000000') AS zeros;

-- text and bytea give the same value for the same bytes (UTF-8 database).
SELECT uuid_generate_v3(uuid_ns_url(), 'https://example.com/é') = uuid_generate_v3(uuid_ns_url(), convert_to('https://example.com/é', 'UTF8')) AS v3_text_is_bytes,
       uuid_generate_v5(uuid_ns_url(), 'https://example.com/é') = uuid_generate_v5(uuid_ns_url(), convert_to('https://example.com/é', 'UTF8')) AS v5_text_is_bytes,
       uuid_generate_v8_name(uuid_ns_url(), 'x', 'sha512') = uuid_generate_v8_name(uuid_ns_url(), '\x78'::bytea, 'sha512') AS v8_text_is_bytes;
-- Empty names are names too; named arguments as uuid-ossp spells them.
SELECT uuid_generate_v3(uuid_ns_oid(), '') AS v3_empty, uuid_generate_v5(uuid_ns_oid(), ''::bytea) AS v5_empty,
       uuid_generate_v5(namespace => uuid_ns_x500(), name => 'CN=uuidx') AS v5_named;

-- Every v8_name algorithm on the B.2 input, against values computed independently with Python's
-- hashlib; names are case-insensitive, and the default is sha256.
SELECT algorithm, uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com', algorithm) AS v8,
       uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com', upper(algorithm)) = uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com', algorithm) AS case_insensitive,
       uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com', algorithm) = expected AS is_expected
FROM (VALUES ('sha224', '8e18fffc-a698-89f4-8c42-207c38ad0500'::uuid), ('sha256', '5c146b14-3c52-8afd-938a-375d0df1fbf6'),
             ('sha384', '3df00ae4-42a7-8066-88ad-1f925b8b8e54'), ('sha512', '94ee4ddb-9f36-8018-9ccf-86a4441691e0'),
             ('sha512-224', '46dd4220-8334-8103-9234-f400899c5328'), ('sha512-256', '062a235a-8c0b-8746-af8c-91804052a16a'),
             ('sha3-224', 'a8c34b94-7182-8ad1-a84f-36a373df13d5'), ('sha3-256', 'fc506eca-a1f4-8315-87c8-c71449dfd324'),
             ('sha3-384', 'ab4f9412-4e4c-87a5-be26-dc72f9adf6ed'), ('sha3-512', '83120d41-2935-8110-964c-6bd77c735fbc'),
             ('shake128', '54e7e64f-0dba-8913-8b69-cd3dbf220c7a'), ('shake256', '10e1aa77-4f8c-8a0f-be35-354cc01a76ac')) AS a(algorithm, expected);

-- Properties over many names: right version and variant, deterministic, distinct per name.
SELECT count(*) AS n,
       count(*) FILTER (WHERE uuid_extract_version(uuid_generate_v3(uuid_ns_url(), 'n' || i)) = 3) AS v3,
       count(*) FILTER (WHERE uuid_extract_version(uuid_generate_v5(uuid_ns_url(), 'n' || i)) = 5) AS v5,
       count(*) FILTER (WHERE uuid_extract_version(uuid_generate_v8_name(uuid_ns_url(), 'n' || i, 'sha3-256')) = 8) AS v8,
       count(*) FILTER (WHERE uuid_extract_variant(uuid_generate_v8_name(uuid_ns_url(), 'n' || i, 'shake256')) = 2) AS rfc_variant,
       count(DISTINCT uuid_generate_v5(uuid_ns_url(), 'n' || i)) AS distinct_v5
FROM generate_series(1, 10000) AS i;

-- STRICT: NULL in, NULL out.
SELECT uuid_generate_v3(NULL, 'x') IS NULL AS v3_null, uuid_generate_v5(uuid_ns_dns(), NULL::text) IS NULL AS v5_null,
       uuid_generate_v8(NULL) IS NULL AS v8_null, uuid_generate_v8_name(uuid_ns_dns(), 'x', NULL) IS NULL AS v8_name_null;

-- Errors, each with its SQLSTATE.
SELECT pg_temp.err($$SELECT uuid_generate_v8('\x00112233445566778899aabbccddee')$$) AS v8_15_bytes;
SELECT pg_temp.err($$SELECT uuid_generate_v8('\x00112233445566778899aabbccddeeff00')$$) AS v8_17_bytes;
SELECT pg_temp.err($$SELECT uuid_generate_v8('')$$) AS v8_empty;
SELECT pg_temp.err($$SELECT uuid_generate_v8_name(uuid_ns_dns(), 'x', 'md5')$$) AS unknown_algorithm;
SELECT pg_temp.err($$SELECT uuid_generate_v8_name(uuid_ns_dns(), 'x', 'sha-256')$$) AS misspelt_algorithm;

-- A v5 key computed by the database from the row: GENERATED ALWAYS AS (...) STORED works because
-- uuid_generate_v5 and uuid_ns_url are IMMUTABLE.
CREATE TABLE accounts (
  email text NOT NULL,
  id uuid GENERATED ALWAYS AS (uuid_generate_v5(uuid_ns_url(), 'mailto:' || lower(email))) STORED PRIMARY KEY
);
INSERT INTO accounts (email) VALUES ('Ada@example.com'), ('grace@example.com');
SELECT email, id, id = uuid_generate_v5(uuid_ns_url(), 'mailto:ada@example.com') AS ada_is_v5 FROM accounts ORDER BY email;
UPDATE accounts SET email = 'ada.lovelace@example.com' WHERE email = 'Ada@example.com';
SELECT email, id FROM accounts ORDER BY email;
SELECT pg_temp.err($$INSERT INTO accounts VALUES ('x@example.com', uuid_nil())$$) AS explicit_id;
SELECT pg_temp.err($$INSERT INTO accounts (email) VALUES ('GRACE@example.com')$$) AS same_key;
DROP TABLE accounts;
