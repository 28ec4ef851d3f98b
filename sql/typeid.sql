-- TypeID (jetify's spec 0.3.0, github.com/jetify-com/typeid spec/README.md) and ULID
-- (github.com/ulid/spec) text of UUIDs: known values, round trips, every rule of the TypeID spec
-- with its SQLSTATE, the ULID's 128 bits as the UUID's (RFC 9562 section 4: octet 0 first; the
-- v7 layout of section 5.7, 48-bit unix_ts_ms first, as a ULID's 48-bit time), and lookups by
-- key through the key's index. The spec's full vector files run in both editions in
-- test/suites/23_typeid_vectors.sh.
\i sql/include/setup.psql

-- The attributes every one of them has: IMMUTABLE STRICT PARALLEL SAFE.
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel
FROM pg_proc p
WHERE p.oid IN ('uuid_to_typeid(text, uuid)'::regprocedure, 'uuid_from_typeid(text, text)'::regprocedure,
                'typeid_prefix(text)'::regprocedure, 'uuid_to_ulid(uuid)'::regprocedure, 'uuid_from_ulid(text)'::regprocedure)
ORDER BY 1::text;

-- The spec's example (valid.yml "valid-uuidv7"), under another prefix; an empty prefix gives the
-- 26 characters alone, with no separator (spec: "The separator is omitted if the prefix is empty").
SELECT uuid_to_typeid('user', '01890a5d-ac96-774b-bcce-b302099a8057') AS with_prefix,
       uuid_to_typeid('', '01890a5d-ac96-774b-bcce-b302099a8057') AS without_prefix,
       uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user') AS back,
       uuid_from_typeid('01h455vb4pex5vsknk084sn02q', '') AS back_without_prefix,
       typeid_prefix('user_01h455vb4pex5vsknk084sn02q') AS prefix,
       typeid_prefix('01h455vb4pex5vsknk084sn02q') = '' AS empty_prefix;
-- Prefixes with underscores (spec 0.3.0), the longest (63 characters), the nil and max values.
SELECT uuid_to_typeid('pre_fix', uuid_nil()) AS underscore, typeid_prefix('my__type_01h455vb4pex5vsknk084sn02q') AS doubled,
       length(uuid_to_typeid(repeat('a', 63), uuid_max())) AS longest, uuid_to_typeid('', uuid_max()) AS max;
-- The suffix is uuid_encode(u, 'base32') in lower case; 10000 random values and nil and max
-- round-trip under four prefixes.
CREATE TEMP TABLE samples AS
  SELECT uuid_generate_v4() AS u FROM generate_series(1, 10000) UNION ALL SELECT uuid_nil() UNION ALL SELECT uuid_max();
SELECT p AS prefix, count(*) AS n,
       count(*) FILTER (WHERE uuid_from_typeid(uuid_to_typeid(p, u), p) = u) AS round_trips,
       count(*) FILTER (WHERE typeid_prefix(uuid_to_typeid(p, u)) = p) AS prefixes_read,
       count(*) FILTER (WHERE right(uuid_to_typeid(p, u), 26) = lower(uuid_encode(u, 'base32'))) AS lower_base32
FROM samples, unnest(ARRAY['', 'user', 'a_b', repeat('z', 63)]) AS p
GROUP BY p ORDER BY length(p);

-- Every rule of the spec, each fault named (22P02), then the prefix argument (22023) and a
-- prefix other than the expected one (22023). Controls: what is valid next to each fault.
SELECT t AS typeid, pg_temp.err(format('SELECT uuid_from_typeid(%L, %L)', t, 'prefix')) AS error
FROM unnest(ARRAY[
  '', '_', '_01h455vb4pex5vsknk084sn02q', 'PREFIX_01h455vb4pex5vsknk084sn02q', 'pre1fix_01h455vb4pex5vsknk084sn02q',
  'préfix_01h455vb4pex5vsknk084sn02q', repeat('a', 64) || '_01h455vb4pex5vsknk084sn02q', '_prefix_01h455vb4pex5vsknk084sn02q',
  'prefix__01h455vb4pex5vsknk084sn02q', 'prefix_', 'prefix_01h455vb4pex5vsknk084sn02', 'prefix_01h455vb4pex5vsknk084sn02qq',
  'prefix_01H455VB4PEX5VSKNK084SN02Q', 'prefix_o1h455vb4pex5vsknk084sn02q', 'prefix_01h455vb4pex5vsknk084sn02u',
  'prefix_01h455vb-pex5vsknk084sn02q', 'prefix_81h455vb4pex5vsknk084sn02q', 'prefix_z1h455vb4pex5vsknk084sn02q',
  'prefix_01h455vb4pex5vsknk084sn02' || E'\n', 'prefix 01h455vb4pex5vsknk084sn02q']) AS t;
SELECT t AS valid_next_to_them, uuid_from_typeid(t, 'prefix') AS uuid
FROM unnest(ARRAY['prefix_01h455vb4pex5vsknk084sn02q', 'prefix_7zzzzzzzzzzzzzzzzzzzzzzzzz', 'prefix_00000000000000000000000000']) AS t;
SELECT uuid_from_typeid(repeat('a', 63) || '_01h455vb4pex5vsknk084sn02q', repeat('a', 63)) AS prefix_of_63;
SELECT pg_temp.err($$SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'post')$$) AS other_prefix,
       pg_temp.err($$SELECT uuid_from_typeid('01h455vb4pex5vsknk084sn02q', 'user')$$) AS bare_for_user,
       pg_temp.err($$SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', '')$$) AS user_for_bare;
SELECT p AS prefix, pg_temp.err(format('SELECT uuid_to_typeid(%L, uuid_nil())', p)) AS to_typeid,
       pg_temp.err(format('SELECT uuid_from_typeid(%L, %L)', 'user_01h455vb4pex5vsknk084sn02q', p)) AS from_typeid
FROM unnest(ARRAY['User', 'user1', '_user', 'user_', repeat('a', 64), 'us er']) AS p;
SELECT pg_temp.err($$SELECT typeid_prefix('Prefix_01h455vb4pex5vsknk084sn02q')$$) AS typeid_prefix_error;
-- NULL in, NULL out (STRICT).
SELECT uuid_to_typeid(NULL, uuid_nil()) IS NULL AS a, uuid_to_typeid('x', NULL) IS NULL AS b, uuid_from_typeid(NULL, 'x') IS NULL AS c,
       uuid_from_typeid('x_00000000000000000000000000', NULL) IS NULL AS d, typeid_prefix(NULL) IS NULL AS e,
       uuid_to_ulid(NULL) IS NULL AS f, uuid_from_ulid(NULL) IS NULL AS g;

-- ---------------------------------------------------------------- ULID
-- The ULID of a uuid is uuid_encode(u, 'base32'), which is already upper case: the same 128
-- bits, big-endian, after two zero bits.
SELECT count(*) AS n, count(*) FILTER (WHERE uuid_to_ulid(u) = uuid_encode(u, 'base32')) AS same_as_base32,
       count(*) FILTER (WHERE uuid_to_ulid(u) = upper(uuid_encode(u, 'base32'))) AS same_as_upper_base32,
       count(*) FILTER (WHERE uuid_from_ulid(uuid_to_ulid(u)) = u) AS round_trips,
       count(*) FILTER (WHERE uuid_from_ulid(lower(uuid_to_ulid(u))) = u) AS lower_case_read
FROM samples;
-- The ULID spec's example (its README: 01ARZ3NDEKTSV4RRFFQ69G5FAV) and the A.6 v7 (RFC 9562
-- appendix A.6): a v7 gives a ULID whose first 10 characters (48 bits) are its unix_ts_ms.
SELECT uuid_from_ulid('01ARZ3NDEKTSV4RRFFQ69G5FAV') AS spec_example, uuid_to_ulid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS a6_ulid;
-- Time of a ULID: its first 48 bits in ms; for the A.6 v7, uuid_extract_time gives the same
-- instant. A ULID from a ULID library is random after its time: its version nibble is whatever
-- those bits are, so it is generally not a v7 (here the variant bits are 0, not RFC 9562's: no
-- version, and uuid_extract_time gives no time although the ULID has one).
SELECT u AS from_ulid, ('x' || left(replace(u::text, '-', ''), 12))::bit(48)::bigint AS ulid_ms,
       (extract(epoch FROM uuid_extract_time(u)) * 1000)::bigint AS v7_ms, uuid_extract_version(u) AS version,
       uuid_extract_variant(u) AS variant
FROM unnest(ARRAY[uuid_from_ulid('01FWHE4YDGFK1SHH6W1G60EECF'), uuid_from_ulid('01ARZ3NDEKTSV4RRFFQ69G5FAV')]) AS u;
-- What the ULID spec refuses, each with 22P02: length, characters outside the alphabet (I, L,
-- O, U too: no Crockford alias), a first character above 7 (overflow). Controls: either case.
SELECT t AS ulid, pg_temp.err(format('SELECT uuid_from_ulid(%L)', t)) AS error
FROM unnest(ARRAY['', '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEKTSV4RRFFQ69G5FAVV', '01ARZ3NDEKTSV4RRFFQ69G5FAI',
                  'O1ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAL', '01ARZ3NDEKTSV4RRFFQ69G5FAU',
                  '01ARZ3NDEK-SV4RRFFQ69G5FAV', '81ARZ3NDEKTSV4RRFFQ69G5FAV', 'Z1ARZ3NDEKTSV4RRFFQ69G5FAV']) AS t;
SELECT uuid_from_ulid('01arz3ndektsv4rrffq69g5fav') AS lower_case, uuid_from_ulid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') AS max;
-- uuid_decode(…, 'base32') is more lenient than both: Crockford's aliases I, L (1) and O (0).
SELECT uuid_decode('O1ARZ3NDEKTSV4RRFFQ69G5FAV', 'base32') AS base32_alias;

-- ---------------------------------------------------------------- lookups by key
-- uuid_from_typeid is IMMUTABLE: with constant arguments the planner folds it to a uuid
-- constant, and the key's btree index answers (RFC 9562 section 6.12: v7 keys in index order).
-- Control: a condition on the typeid of the column cannot use that index.
CREATE TEMP TABLE users (id uuid PRIMARY KEY, name text);
INSERT INTO users SELECT uuid_generate_v7(timestamptz '2024-01-01' + g * interval '1 s'), 'u' || g FROM generate_series(1, 5000) AS g;
INSERT INTO users VALUES ('01890a5d-ac96-774b-bcce-b302099a8057', 'the spec''s');
ANALYZE users;
EXPLAIN (COSTS OFF) SELECT name FROM users WHERE id = uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user');
SELECT name FROM users WHERE id = uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user');
EXPLAIN (COSTS OFF) SELECT id FROM users WHERE id = uuid_from_ulid('01H455VB4PEX5VSKNK084SN02Q');
EXPLAIN (COSTS OFF) SELECT name FROM users WHERE uuid_to_typeid('user', id) = 'user_01h455vb4pex5vsknk084sn02q';
-- A prepared lookup: the generic plan keeps the index too (the call runs once, at execution).
PREPARE by_typeid(text) AS SELECT name FROM users WHERE id = uuid_from_typeid($1, 'user');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_typeid('user_01h455vb4pex5vsknk084sn02q');
EXECUTE by_typeid('user_01h455vb4pex5vsknk084sn02q');
RESET plan_cache_mode;
