-- The version domains uuid_v1 ... uuid_v8: a column declares which version it holds. The RFC
-- 9562 variant with the right version passes, NULL passes, anything else is ERROR 23514 naming
-- the domain and what the value is.
\i sql/include/setup.psql

-- The RFC 9562 vectors (Appendix A) and a v3, v5 and v8 from uuidx: each passes its own domain.
SELECT 'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid_v1 AS v1,
       '5df41881-3aed-3515-88a7-2f4a814cf09e'::uuid_v3 AS v3,
       '919108f7-52d1-4320-9bac-f847db4148a8'::uuid_v4 AS v4,
       '2ed6657d-e927-568b-95e1-2665a8aea6a2'::uuid_v5 AS v5,
       '1ec9414c-232a-6b00-b3c8-9f6bdeced846'::uuid_v6 AS v6,
       '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid_v7 AS v7,
       '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'::uuid_v8 AS v8;
SELECT NULL::uuid_v7 IS NULL AS null_allowed;

-- Anything else: the wrong version, nil, max, other variants.
SELECT pg_temp.err($$SELECT '919108f7-52d1-4320-9bac-f847db4148a8'::uuid_v7$$) AS v4_as_v7;
SELECT pg_temp.err($$SELECT 'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid_v6$$) AS v1_as_v6;
SELECT pg_temp.err($$SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid_v4$$) AS v7_as_v4;
SELECT pg_temp.err($$SELECT '00000000-0000-0000-0000-000000000000'::uuid_v7$$) AS nil;
SELECT pg_temp.err($$SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid_v7$$) AS max;
SELECT pg_temp.err($$SELECT '017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'::uuid_v7$$) AS microsoft_variant;
SELECT pg_temp.err($$SELECT '017f22e2-79b0-7cc3-08c4-dc0c0c07398f'::uuid_v7$$) AS ncs_variant;
SELECT pg_temp.err($$SELECT '017f22e2-79b0-0cc3-98c4-dc0c0c07398f'::uuid_v7$$) AS version_0;

-- A v7 key: the default fills it; an insert of another version fails with 23514 and the row is
-- not stored.
CREATE TABLE orders (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), item text);
INSERT INTO orders (item) SELECT 'item ' || i FROM generate_series(1, 1000) AS i;
SELECT pg_temp.err($$INSERT INTO orders VALUES ('919108f7-52d1-4320-9bac-f847db4148a8', 'v4')$$) AS insert_v4;
SELECT pg_temp.err($$UPDATE orders SET id = 'c232ab00-9414-11ec-b3c8-9f6bdeced846' WHERE item = 'item 1'$$) AS update_to_v1;
SELECT pg_temp.err($$INSERT INTO orders VALUES (uuid_nil(), 'nil')$$) AS insert_nil;
SELECT count(*) AS n, count(*) FILTER (WHERE uuid_extract_version(id) = 7) AS v7 FROM orders;
-- The domain is a uuid: uuid operators, functions and indexes apply unchanged.
SELECT pg_typeof(id) AS type, uuid_extract_version(id) AS version, id = id::uuid AS same
FROM orders ORDER BY id LIMIT 1;
-- COPY goes through the same check.
COPY orders (id, item) FROM stdin;
017f22e2-79b0-7cc3-98c4-dc0c0c07398f	a6
\.
DROP TABLE orders;

-- Every domain rejects every other version's vector.
SELECT d.name AS domain,
       string_agg(v.version::text, ',' ORDER BY v.version) FILTER (WHERE pg_temp.err(format('SELECT %L::%s', v.u, d.name)) LIKE '23514:%') AS rejects
FROM (VALUES ('uuid_v1'), ('uuid_v3'), ('uuid_v4'), ('uuid_v5'), ('uuid_v6'), ('uuid_v7'), ('uuid_v8')) AS d(name),
     (VALUES (1, 'c232ab00-9414-11ec-b3c8-9f6bdeced846'), (3, '5df41881-3aed-3515-88a7-2f4a814cf09e'),
             (4, '919108f7-52d1-4320-9bac-f847db4148a8'), (5, '2ed6657d-e927-568b-95e1-2665a8aea6a2'),
             (6, '1ec9414c-232a-6b00-b3c8-9f6bdeced846'), (7, '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
             (8, '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0')) AS v(version, u)
GROUP BY d.name ORDER BY d.name;
-- uuid_check_version, the domains' check, called directly.
SELECT uuid_check_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 7, 'uuid_v7') AS ok,
       uuid_check_version(NULL, 7, 'uuid_v7') IS NULL AS strict;
