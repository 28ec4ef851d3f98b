-- Which function a name reaches, on each major. pg_catalog is searched before every schema of the
-- search_path, so from PostgreSQL 17 on an unqualified uuid_extract_timestamp or
-- uuid_extract_version, and from 18 on an unqualified uuidv4 or uuidv7, reaches the server's own
-- function; uuidx's, installed here in public, is reached schema-qualified. The output differs by
-- major for that reason: expected/shadowing.out is 15's and 16's, shadowing_1.out 17's,
-- shadowing_2.out 18's, shadowing_3.out 19's (README.md, "Names PostgreSQL also has", shows the
-- same table).
\i sql/include/setup.psql
RESET search_path;  -- the default, "$user", public: what a new database has

SELECT CASE WHEN v < 170000 THEN '15 and 16' WHEN v < 180000 THEN '17' WHEN v < 190000 THEN '18' ELSE '19'
       END AS majors_of_this_output
FROM (SELECT current_setting('server_version_num')::int AS v) AS s;
SELECT sig AS name,
       (SELECT n.nspname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE p.oid = to_regprocedure(sig)) AS unqualified_call_reaches,
       to_regprocedure('public.' || sig) IS NOT NULL AS uuidx_has_it
FROM unnest(ARRAY['uuid_extract_timestamp(uuid)', 'uuid_extract_version(uuid)', 'uuidv4()', 'uuidv7()',
                  'uuidv7(interval)', 'uuid_generate_v7()', 'uuid_extract_time(uuid)',
                  'min(uuid)', 'max(uuid)']) AS sig
ORDER BY sig COLLATE "C";

-- What that changes: the server's uuid_extract_timestamp knows v1 on 17, v1 and v7 on 18, and
-- never v6; uuidx's reads v1 and v7 as 18 does, and uuid_extract_time reads v6 and sub-ms too.
SELECT name, uuid_extract_timestamp(u) AS unqualified,
       public.uuid_extract_timestamp(u) AS uuidx_pg18_meaning,
       public.uuid_extract_time(u, true) AS uuidx_extract_time
FROM (VALUES ('A.1 v1', 'C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
             ('A.5 v6', '1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
             ('A.6 v7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
             ('A.3 v4', '919108f7-52d1-4320-9bac-f847db4148a8')) AS v(name, u);
SELECT name, uuid_extract_version(u) AS unqualified, public.uuid_extract_version(u) AS uuidx
FROM (VALUES ('A.6 v7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid),
             ('NCS variant', '017F22E2-79B0-7CC3-18C4-DC0C0C07398F'),
             ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff')) AS v(name, u);

-- PostgreSQL 19 adds explicit casts between uuid and bytea (functions uuid(bytea) and
-- bytea(uuid)) and the base32hex form of encode/decode. uuidx creates no cast (pg_upgrade from 18
-- to 19 would try to create one 19 already has, and fail) and no function of those names, so
-- those names reach only 19's; uuid_encode(u, 'base32hex') is the same text as 19's
-- encode(u::bytea, 'base32hex') on every major, and uuid_decode reads it back.
SELECT sig AS name, to_regprocedure(sig) IS NOT NULL AS server_has_it,
       EXISTS (SELECT FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
               WHERE d.classid = 'pg_proc'::regclass AND d.objid = to_regprocedure(sig)
                 AND d.refclassid = 'pg_extension'::regclass AND e.extname = 'uuidx') AS uuidx_has_it
FROM unnest(ARRAY['uuid(bytea)', 'bytea(uuid)']) AS sig;
SELECT count(*) AS casts_uuidx_creates
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
WHERE d.classid = 'pg_cast'::regclass AND d.refclassid = 'pg_extension'::regclass AND e.extname = 'uuidx';
-- On 19 only (the cast and the format do not exist before): 19's own encode and decode against
-- uuidx's, over RFC 9562's examples, nil and max.
CREATE FUNCTION pg_temp.on_19(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  result text;
BEGIN
  IF current_setting('server_version_num')::int < 190000 THEN
    RETURN 'not before 19';
  END IF;
  EXECUTE query INTO result;
  RETURN result;
END $$;
SELECT pg_temp.on_19($q$
  SELECT format('%s of %s equal both ways', count(*) FILTER (
           WHERE encode(u::bytea, 'base32hex') = uuid_encode(u, 'base32hex')
             AND uuid_decode(encode(u::bytea, 'base32hex'), 'base32hex') = u
             AND decode(uuid_encode(u, 'base32hex'), 'base32hex')::uuid = u), count(*))
  FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid), ('5df41881-3aed-3515-88a7-2f4a814cf09e'),
               ('919108f7-52d1-4320-9bac-f847db4148a8'), ('2ed6657d-e927-568b-95e1-2665a8aea6a2'),
               ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'), ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
               ('2489E9AD-2EE2-8E00-8EC9-32D5F69181C0'), ('00000000-0000-0000-0000-000000000000'),
               ('ffffffff-ffff-ffff-ffff-ffffffffffff')) AS v(u)
$q$) AS encode_base32hex_19_vs_uuidx;
