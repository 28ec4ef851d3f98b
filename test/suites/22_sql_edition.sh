#!/usr/bin/env bash
# server:
# The SQL edition (src/sql_edition/build.sh: LANGUAGE sql and plpgsql only) beside the C build.
# (1) Its psql script installs as a role with only USAGE and CREATE on one schema, creating no C
# function; control: not into a schema it lacks CREATE on. (2) For every function of the C build
# but the generators (the few left out say why), c.f(args) and s.f(args) give the same text or
# the same SQLSTATE and message over thousands of inputs (every version and variant nibble, RFC
# 9562 vectors, instants in and out of range, every format and malformed text, every v8_name
# algorithm, facade keys of 15 to 17 bytes, NULLs); control: a wrong function shows mismatches.
# (3) Its v7: version and variant, increasing within a statement, across transactions and after a
# ROLLBACK, never 1 ms ahead of the clock, no duplicate over 8 sessions; controls: the blog form
# inverts, uuidv7('1 hour') is ahead, the rows counted. (4) A function or operator planted in
# public for every pg_catalog name the edition's bodies use never runs under search_path = public,
# pg_catalog, results unchanged; control: an unqualified function runs them.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh
work=$(mktemp -d /tmp/uuidx-sqled.XXXXXX)
trap 'rm -rf "$work"' EXIT
seed=0.2024   # setseed() of every random input: a run is repeated by running it again

# Random inputs: UUIDs, instants and names; a quarter of each where the lab runs this major lean
# (the same checks, and every version and variant nibble, on fewer values).
sizes=(-v n_uuids=4096 -v n_instants=2000 -v n_names=2000)
[ "${UUIDX_TEST_SIZE:-}" = lean ] && sizes=(-v n_uuids=1024 -v n_instants=500 -v n_names=500)
sql() { cluster_psql -v seed="$seed" -v vectors="$vectors" "${sizes[@]}" "$@"; }
# step NAME: the SQL on stdin, a precondition: its error ends the suite.
step() {
  local out rc
  out=$(sql -q 2>&1 >/dev/null)
  rc=$?
  tap_need "$1" "$([ $rc = 0 ] && echo t)" "$out"
}
# checks QUERY: one check per row (name, holds, figures) of QUERY.
checks() {
  local name ok figures out
  out=$(sql -At -R $'\x1e' -F $'\x1f' -c "$1" 2>&1) || { tap_check "the checks' query runs" f "$out"; return; }
  while IFS=$'\x1f' read -r -d $'\x1e' name ok figures; do tap_check "$name" "$ok" "$figures"; done <<<"$out"$'\x1e'
}

# From this major's build (make wrote its install script there), not the checkout's top, which
# the lanes beside this one share.
build=${UUIDX_BUILD_DIR:-.}
build_err=$(bash "$build/src/sql_edition/build.sh" "$build/uuidx--$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx.control).sql" psql 2>&1 >"$work/uuidx-sql.sql")
build_rc=$?
tap_need "the SQL edition's psql script builds" "$([ $build_rc = 0 ] && [ -s "$work/uuidx-sql.sql" ] && echo t)" \
  "exit code $build_rc, $(wc -l <"$work/uuidx-sql.sql") lines${build_err:+; stderr: $build_err}"
chmod -R a+rX "$work"
# RFC 9562 appendix A and B values as the pg_regress suites hold them.
vectors="{$(grep -ohiE '[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}' sql/vectors.sql sql/namebased.sql | tr A-F a-f | sort -u | paste -sd,)}"

step "roles, schemas, the C build in c, pgcrypto, t.try" <<'SQL'
CREATE ROLE sqled_installer LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE sqled_planter LOGIN NOSUPERUSER;
GRANT CREATE ON SCHEMA public TO sqled_planter;
CREATE SCHEMA s;
GRANT USAGE, CREATE ON SCHEMA s TO sqled_installer;
CREATE SCHEMA c;
CREATE EXTENSION uuidx SCHEMA c;
-- pgcrypto (v5 and the hashes core lacks) in a schema of its own: the edition finds it anywhere.
CREATE SCHEMA crypto;
CREATE EXTENSION pgcrypto SCHEMA crypto;
CREATE SCHEMA t;
-- The C build's functions, each with its signature as the checks name it.
CREATE VIEW t.c_functions AS
  SELECT p.*, p.proname || '(' || oidvectortypes(p.proargtypes) || ')' AS sig
  FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
  WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e';
-- The statement's result as text, or 'ERROR sqlstate message'; with path, run under that
-- search_path. Every name qualified: under a hostile path this function runs too.
CREATE FUNCTION t.try(q text, path text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  old text := pg_catalog.current_setting('search_path');
  r text;
BEGIN
  IF path IS NOT NULL THEN PERFORM pg_catalog.set_config('search_path', path, true); END IF;
  EXECUTE q INTO r;
  PERFORM pg_catalog.set_config('search_path', old, true);
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM);
END $$;
SQL

# ---------------------------------------------------------------- 1. the unprivileged install
out=$(sql -U sqled_installer -v schema=s -f "$work/uuidx-sql.sql" 2>&1)
rc=$?
tap_check "the psql script installs as a role with only USAGE and CREATE on its schema" "$([ $rc = 0 ] && echo t)" "exit code $rc $(grep -E 'ERROR|WARNING' <<<"$out")"
[ $rc = 0 ] || tap_done
checks "
WITH f AS (SELECT p.*, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = 's'::regnamespace AND p.prokind = 'f')
SELECT 'every function it created is sql or plpgsql, with no library, owned by that role',
       count(*) > 0 AND count(*) FILTER (WHERE lanname NOT IN ('sql', 'plpgsql') OR probin IS NOT NULL
                                         OR proowner <> 'sqled_installer'::regrole) = 0,
       format('%s functions: %s', count(*), string_agg(DISTINCT lanname || ' owned by ' || proowner::regrole, ', '))
FROM f
UNION ALL
SELECT 'it created the domains uuid_v1 to uuid_v8 and the aggregates min(uuid) and max(uuid), owned by that role',
       count(*) = 9 AND bool_and(owner = 'sqled_installer'::regrole), string_agg(obj || ' ' || owner::regrole, ', ')
FROM (SELECT typname::text AS obj, typowner AS owner FROM pg_type WHERE typnamespace = 's'::regnamespace AND typtype = 'd' AND typname ~ '^uuid_v[1-8]$'
      UNION ALL SELECT p.oid::regprocedure::text, proowner FROM pg_proc p WHERE p.oid IN (to_regprocedure('s.min(uuid)'), to_regprocedure('s.max(uuid)'))
        AND p.prokind = 'a') d
UNION ALL
SELECT 'it has every function of the C build: arguments, defaults, result, volatility, strictness, and the comment but where it says how the SQL edition differs',
       count(*) > 0 AND count(*) FILTER (WHERE differs) = 0,
       format('%s functions of the C build; missing or different: %s', count(*), coalesce(string_agg(sig, ', ') FILTER (WHERE differs), 'none'))
FROM (SELECT c.sig, (pg_get_function_arguments(c.oid), c.prorettype, c.proretset, c.provolatile, c.proisstrict, c.prokind)
                    IS DISTINCT FROM (pg_get_function_arguments(s.oid), s.prorettype, s.proretset, s.provolatile, s.proisstrict, s.prokind)
                    OR (obj_description(c.oid, 'pg_proc') IS DISTINCT FROM obj_description(s.oid, 'pg_proc')
                        AND obj_description(s.oid, 'pg_proc') NOT LIKE '%SQL edition:%') AS differs
      FROM t.c_functions c LEFT JOIN pg_proc s ON s.pronamespace = 's'::regnamespace AND s.proname = c.proname AND s.proargtypes = c.proargtypes) f
UNION ALL
SELECT 'its deterministic functions are PARALLEL SAFE, as the C build''s',
       count(*) > 0 AND count(*) FILTER (WHERE proparallel <> 's') = 0,
       format('%s immutable or stable functions; not safe: %s', count(*), coalesce(string_agg(oid::regprocedure::text, ', ') FILTER (WHERE proparallel <> 's'), 'none'))
FROM pg_proc WHERE pronamespace = 's'::regnamespace AND provolatile <> 'v' AND prokind = 'f'"
# A label is a promise about the body (parallel.sgml, "Parallel Labeling"): a body that sets a
# setting, calls nextval or setval, runs PL/pgSQL statements of a volatile function (each starts a
# command) or calls a function of the schema so labelled is PARALLEL UNSAFE. t.mislabelled(schema)
# lists the functions labelled safe or restricted that are not.
step "the label check" <<'SQL'
CREATE FUNCTION t.mislabelled(nsp regnamespace) RETURNS TABLE (f regprocedure, why text) LANGUAGE sql AS $$
  WITH RECURSIVE p AS (
    SELECT p.oid, p.proname, p.pronargs, p.proparallel, p.prosrc,
           CASE WHEN p.prosrc ~* '\m(set_config|nextval|setval)\s*\(' THEN 'sets a setting or calls nextval'
                WHEN l.lanname = 'plpgsql' AND p.provolatile = 'v' THEN 'runs statements of a volatile PL/pgSQL body'
                WHEN p.provolatile = 'v' AND p.proconfig IS NOT NULL THEN 'a volatile body with a SET clause (never inlined)' END AS own
    FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = nsp AND p.prokind = 'f'),
  unsafe (oid, why) AS (
    SELECT oid, own FROM p WHERE own IS NOT NULL
    UNION
    -- a call names the schema; overloads told apart by whether the call passes arguments
    SELECT c.oid, 'calls ' || u.oid::regprocedure::text FROM p c, unsafe u, p callee
    WHERE callee.oid = u.oid AND c.oid <> u.oid
      AND c.prosrc ~ ('(^|[^.\w])' || nsp::text || '\.' || callee.proname || '\s*\(\s*' || CASE WHEN callee.pronargs = 0 THEN '\)' ELSE '[^)\s]' END))
  SELECT p.oid::regprocedure, min(u.why) FROM p JOIN unsafe u USING (oid) WHERE p.proparallel <> 'u' GROUP BY p.oid $$;
SQL
checks "
SELECT 'every function the label check finds unsafe in its body is labelled PARALLEL UNSAFE',
       count(*) = 0, format('%s mislabelled: %s', count(*), string_agg(f || ' (' || why || ')', ', '))
FROM t.mislabelled('s')"
# Control: a function labelled as the C build's copy would be, planted beside them, is found.
step "the planted mislabelled function" <<'SQL'
CREATE SCHEMA planted_label;
CREATE FUNCTION planted_label.v7_as_labelled_in_c() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT pg_catalog.set_config('x.y', '1', false)::uuid $$;
CREATE FUNCTION planted_label.calls_it() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT planted_label.v7_as_labelled_in_c() $$;
SQL
checks "
SELECT 'control: the label check finds a planted PARALLEL SAFE body that calls set_config, and its caller',
       count(*) = 2, format('%s found: %s', count(*), string_agg(f || ' (' || why || ')', ', '))
FROM t.mislabelled('planted_label')"
out=$(sql -U sqled_installer -v VERBOSITY=verbose -v schema=c -f "$work/uuidx-sql.sql" 2>&1)
rc=$?
none=$(sql -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'c'::regnamespace AND proowner = 'sqled_installer'::regrole")
tap_check "control: that role cannot install into a schema it lacks CREATE on (42501), and creates nothing there" \
  "$([ $rc != 0 ] && grep -q 'ERROR:  42501' <<<"$out" && [ "$none" = 0 ] && echo t)" "exit code $rc, $none functions of the role in c: $(grep ERROR <<<"$out")"

# ---------------------------------------------------------------- 2. the same results and errors
# Each case: the function's signature, its name, its arguments as SQL (every type qualified, for
# part 4), and wrap, an expression around the call (a projection, a FROM, a setting).
t0=$SECONDS
step "the cases of part 2, run on both editions" <<'SQL'
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SELECT setseed(:seed);
-- Every version nibble with every variant nibble, the RFC 9562 variant in 5 of 8; the vectors; the edges.
CREATE TABLE t.uuids AS
  SELECT i, encode(set_byte(set_byte(b, 6, i % 16 * 16 + get_byte(b, 6) % 16), 8,
                            CASE WHEN i / 16 % 2 = 0 THEN 8 + i / 32 % 4 ELSE i / 32 % 16 END * 16 + get_byte(b, 8) % 16), 'hex')::uuid AS u
  FROM (SELECT i, decode(md5(random()::text), 'hex') AS b FROM generate_series(0, :n_uuids - 1) AS i) r
  UNION ALL
  SELECT (:n_uuids - 1 + n)::int, v::uuid FROM unnest(:'vectors'::text[] || '{00000000-0000-0000-0000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff,
    00000000-0000-7000-8000-000000000000,ffffffff-ffff-7fff-bfff-ffffffffffff,00000000-0000-1000-8000-000000000000,
    ffffffff-ffff-1fff-bfff-ffffffffffff,00000000-0000-6000-8000-000000000000,ffffffff-ffff-6fff-bfff-ffffffffffff}'::text[]) WITH ORDINALITY AS x(v, n);
-- Half anywhere a timestamptz goes (4601 BC to 11552), half 1990 to 2099; then the edges.
CREATE TABLE t.instants AS
  SELECT i, CASE WHEN i % 2 = 0 THEN timestamptz 'epoch' + make_interval(days => (random() * 5900000)::int - 2400000)
                 ELSE timestamptz '1990-01-01' + make_interval(days => (random() * 40000)::int) END
            + make_interval(secs => round((random() * 86400)::numeric, 6)::float8) AS at
  FROM generate_series(1, :n_instants) AS i
  UNION ALL
  SELECT (:n_instants + n)::int, v::timestamptz FROM unnest('{infinity,-infinity,1970-01-01 00:00:00+00,1969-12-31 23:59:59.999999+00,
    10889-08-02 05:31:50.655+00,10889-08-02 05:31:50.655999+00,10889-08-02 05:31:50.656+00,1582-10-15 00:00:00+00,
    1582-10-14 23:59:59.999999+00,5236-03-31 21:21:00.684697+00,2022-02-22 14:22:22-05,2024-01-01 00:00:00.000999+00}'::text[])
    WITH ORDINALITY AS x(v, n);
-- Names of 0 to 300 characters (some not ASCII) and bytes; 16-byte keys mostly, 15 and 17 too.
CREATE TABLE t.names AS
  SELECT i, left(repeat(md5(random()::text) || 'é€𝄞', 20), (random() * 300)::int) AS name,
         substring(decode(repeat(md5(random()::text), 10), 'hex') FROM 1 FOR (random() * 160)::int) AS bin,
         substring(decode(md5(random()::text) || md5(random()::text), 'hex') FROM 1 FOR CASE i % 8 WHEN 0 THEN 15 WHEN 1 THEN 17 ELSE 16 END) AS key
  FROM generate_series(0, :n_names - 1) AS i;
CREATE TABLE t.cases (id serial, sig text, fn text, args text, wrap text DEFAULT '%s', c_out text, s_out text);
INSERT INTO t.cases (sig, fn, args)
SELECT f || '()', f, '' FROM unnest('{uuid_nil,uuid_max,uuid_ns_dns,uuid_ns_url,uuid_ns_oid,uuid_ns_x500}'::text[]) f
UNION ALL
SELECT f || '(uuid)', f, format('%L::pg_catalog.uuid', u) FROM t.uuids,
  unnest('{uuid_extract_version,uuid_extract_variant,uuid_extract_node,uuid_extract_clock_seq,uuid_extract_time,uuid_extract_timestamp,uuid_v1_to_v6,uuid_v6_to_v1}'::text[]) f
UNION ALL
SELECT 'uuid_extract_time(uuid, boolean)', 'uuid_extract_time', format('%L::pg_catalog.uuid, %s', u, (i % 2 = 0)::text) FROM t.uuids
UNION ALL
SELECT 'uuid_check_version(uuid, integer, text)', 'uuid_check_version',
       format('%L::pg_catalog.uuid, %s, %L::pg_catalog.text', u, v, CASE WHEN i % 5 = 0 THEN 'my "domain"' ELSE 'uuid_v' || v END)
FROM t.uuids, LATERAL (SELECT CASE WHEN i % 3 = 0 THEN i % 16 ELSE i % 12 - 1 END AS v) x
UNION ALL
SELECT f || '(uuid, uuid)', f, format('%L::pg_catalog.uuid, %L::pg_catalog.uuid', a.u, CASE WHEN a.i % 10 = 0 THEN a.u ELSE b.u END)
FROM t.uuids a JOIN t.uuids b ON b.i = a.i + 1, unnest('{uuid_smaller,uuid_larger}'::text[]) f
UNION ALL
SELECT 'uuid_v7_time_decoder(text)', 'uuid_v7_time_decoder', format('%L::pg_catalog.text', CASE i % 4 WHEN 0 THEN u::text WHEN 1 THEN upper(u::text)
         WHEN 2 THEN '{' || replace(u::text, '-', '') || '}' ELSE left(u::text, i % 37) END) FROM t.uuids
UNION ALL
SELECT 'uuid_encode(uuid, text)', 'uuid_encode', format('%L::pg_catalog.uuid, %L::pg_catalog.text', u,
         (ARRAY['hex', 'base32', 'base58', 'base64url', 'base32hex', 'HEX', 'Base58', 'BASE32HEX', 'base64', '', ' hex'])[1 + i % 11]) FROM t.uuids
UNION ALL
-- Valid text of every format, then with a character replaced, deleted or inserted, its case changed, cut short.
SELECT 'uuid_decode(text, text)', 'uuid_decode', format('%L::pg_catalog.text, %L::pg_catalog.text', CASE i / 5 % 6
         WHEN 0 THEN e WHEN 1 THEN overlay(e PLACING ch FROM p FOR 1) WHEN 2 THEN overlay(e PLACING '' FROM p FOR 1)
         WHEN 3 THEN overlay(e PLACING ch FROM p FOR 0) WHEN 4 THEN CASE WHEN i % 2 = 0 THEN upper(e) ELSE lower(e) END
         ELSE left(e, p) END, CASE WHEN i % 23 = 0 THEN (ARRAY['base58', 'Base32', 'base64', ''])[1 + i % 4] ELSE f END)
FROM (SELECT i, f, c.uuid_encode(u, f) AS e, 1 + (random() * 32)::int AS p,
             substr(E'IiLlOoUu0189AZaz=-_+/{} é€\t\n\x7f', 1 + (random() * 28)::int, 1) AS ch
      FROM t.uuids, LATERAL (SELECT (ARRAY['hex', 'base32', 'base58', 'base64url', 'base32hex'])[1 + i % 5] AS f) x) d
UNION ALL
SELECT f || '(uuid, ' || type || ')', f, format('%L::pg_catalog.uuid, %L::pg_catalog.%s', u, CASE type WHEN 'text' THEN name ELSE bin::text END, type)
FROM t.names JOIN t.uuids USING (i), unnest('{uuid_generate_v3,uuid_generate_v5}'::text[]) f, unnest('{text,bytea}'::text[]) type
UNION ALL
SELECT 'uuid_generate_v8_name(uuid, ' || type || ', text)', 'uuid_generate_v8_name',
       format('%L::pg_catalog.uuid, %L::pg_catalog.%s', u, CASE type WHEN 'text' THEN name ELSE bin::text END, type)
       || coalesce(format(', %L::pg_catalog.text', ('{sha224,SHA256,Sha384,sha512,SHA512-224,sha512-256,sha3-224,SHA3-256,sha3-384,Sha3-512,shake128,SHAKE256,md5,sha-256,"",sha1}'::text[])[1 + i % 17]), '')
FROM t.names JOIN t.uuids USING (i), unnest('{text,bytea}'::text[]) type
UNION ALL
SELECT 'uuid_generate_v8(bytea)', 'uuid_generate_v8', format('%L::pg_catalog.bytea', CASE i % 5 WHEN 0 THEN key WHEN 1 THEN substr(bin, 1, i % 20) ELSE substr(key || key, 1, 16) END) FROM t.names
UNION ALL
-- The facade: mostly values of the version it takes (7 one way, 4 the other), every other one too.
SELECT f || '(uuid, bytea)', f, format('%L::pg_catalog.uuid, %L::pg_catalog.bytea', CASE WHEN i % 4 = 0 THEN u
         ELSE encode(set_byte(set_byte(uuid_send(u), 6, v * 16 + get_byte(uuid_send(u), 6) % 16), 8, 128 + get_byte(uuid_send(u), 8) % 64), 'hex')::uuid END, key)
FROM t.names JOIN t.uuids USING (i), (VALUES ('uuid_v7_to_facade', 7), ('uuid_facade_to_v7', 4)) AS x(f, v)
UNION ALL
SELECT f || '(timestamp with time zone)', f, format('%L::pg_catalog.timestamptz', at) FROM t.instants, unnest('{uuid_v7_floor,uuid_v7_ceil,uuid_v7_time_encoder}'::text[]) f
UNION ALL
SELECT f || '(timestamp with time zone, boolean, boolean)', f, format('%L::pg_catalog.timestamptz', at)
       || CASE i % 6 WHEN 0 THEN '' WHEN 1 THEN ', false' ELSE format(', %s, %s', (i % 2 = 0)::text, (i % 4 < 2)::text) END
FROM t.instants, unnest('{uuid_v7_lower_bound,uuid_v7_upper_bound}'::text[]) f
UNION ALL
-- TypeID and ULID: every uuid both ways under valid and invalid prefixes; then valid text with a
-- character replaced, deleted or inserted, its case changed, cut short, read as of its own
-- prefix, of another, or of an invalid one.
SELECT 'uuid_to_typeid(text, uuid)', 'uuid_to_typeid', format('%L::pg_catalog.text, %L::pg_catalog.uuid',
         (ARRAY['', 'user', 'a_b', 'my__type', repeat('z', 63), 'User', '_x', 'x_', repeat('a', 64), 'ab1', 'é', 'a b'])[1 + i % 12], u) FROM t.uuids
UNION ALL
SELECT 'uuid_to_ulid(uuid)', 'uuid_to_ulid', format('%L::pg_catalog.uuid', u) FROM t.uuids
UNION ALL
SELECT sig, fn, format('%L::pg_catalog.text', CASE i / 3 % 6
         WHEN 0 THEN e WHEN 1 THEN overlay(e PLACING ch FROM p FOR 1) WHEN 2 THEN overlay(e PLACING '' FROM p FOR 1)
         WHEN 3 THEN overlay(e PLACING ch FROM p FOR 0) WHEN 4 THEN CASE WHEN i % 2 = 0 THEN upper(e) ELSE lower(e) END
         ELSE left(e, p) END)
       || CASE WHEN fn = 'uuid_from_typeid' THEN format(', %L::pg_catalog.text', CASE i % 7 WHEN 5 THEN 'post' WHEN 6 THEN 'Post' ELSE pfx END) ELSE '' END
FROM (SELECT i, pfx, CASE WHEN fn = 'uuid_from_ulid' THEN c.uuid_to_ulid(u) ELSE c.uuid_to_typeid(pfx, u) END AS e, sig, fn,
             1 + (random() * 40)::int AS p, substr(E'IiLlOoUu0189AZaz_=-_+/{} é€\t\n\x7f', 1 + (random() * 28)::int, 1) AS ch
      FROM t.uuids, (VALUES ('uuid_from_typeid(text, text)', 'uuid_from_typeid'), ('typeid_prefix(text)', 'typeid_prefix'),
                            ('uuid_from_ulid(text)', 'uuid_from_ulid')) AS f(sig, fn),
           LATERAL (SELECT (ARRAY['', 'user', 'a_b', repeat('q', 63)])[1 + i % 4] AS pfx) x) d
UNION ALL
-- A v7 for an instant: its first 8 bytes (time and fraction; the rest is random).
SELECT 'uuid_generate_v7(timestamp with time zone)', 'uuid_generate_v7', format('%L::pg_catalog.timestamptz', at) FROM t.instants
UNION ALL
-- The check of client-made v7 keys: keys of every version and time, limits far enough from the
-- clock that both editions read it the same way (the messages name the limit, not the clock).
SELECT f || '(uuid, interval, timestamp with time zone)', f, format('%L::pg_catalog.uuid', u) || CASE i % 5 WHEN 0 THEN ''
         WHEN 1 THEN format(', %L::pg_catalog.interval', iv) WHEN 2 THEN format(', NULL::pg_catalog.interval, %L::pg_catalog.timestamptz', at)
         ELSE format(', %L::pg_catalog.interval, %L::pg_catalog.timestamptz', iv, at) END
FROM t.uuids JOIN t.instants USING (i), unnest('{uuid_v7_check,uuid_v7_plausible}'::text[]) f,
     LATERAL (SELECT (ARRAY['1 minute', '100 years', '-30 years', '1 mon 2 days', '10000 years'])[1 + i % 5] AS iv) x
UNION ALL
SELECT 'uuid_v7_skew(uuid, timestamp with time zone)', 'uuid_v7_skew', format('%L::pg_catalog.uuid, %L::pg_catalog.timestamptz', u, at)
FROM t.uuids JOIN t.instants USING (i)
UNION ALL
-- Deterministic v7 for re-keying: every instant (in range and out) with an old key of each type
-- (bigints small, negative and of 64 bits; the uuids; the names), unkeyed and keyed, secrets of 0
-- to 160 bytes (15, 16 and 17 among them, and longer than SHA-256's 64-byte block).
SELECT 'uuid_v7_from_key(timestamp with time zone, ' || type || coalesce(', ' || secret, '') || ')', 'uuid_v7_from_key',
       format('%L::pg_catalog.timestamptz, ', at) || CASE type
         WHEN 'bigint' THEN format('%L::pg_catalog.int8', CASE x.i % 3 WHEN 0 THEN x.i::bigint WHEN 1 THEN -x.i::bigint
                                                          ELSE ('x' || left(md5(u::text), 16))::bit(64)::bigint END)
         WHEN 'uuid' THEN format('%L::pg_catalog.uuid', u)
         ELSE format('%L::pg_catalog.text', name) END
       || coalesce(format(', %L::pg_catalog.bytea', CASE WHEN x.i % 4 = 0 THEN bin ELSE key END::text) || left(secret, 0), '')
FROM t.instants x JOIN t.names n ON n.i = x.i % :n_names JOIN t.uuids w ON w.i = x.i % :n_uuids,
     unnest('{bigint,uuid,text}'::text[]) type, unnest(ARRAY[NULL, 'bytea']) secret
;
INSERT INTO t.cases (sig, fn, args, wrap)
-- The one-argument forms under uuidx.facade_key: unset, and each way of writing a key.
SELECT f || '(uuid)', f, format('%L::pg_catalog.uuid', CASE WHEN i % 4 = 0 THEN u
         ELSE encode(set_byte(set_byte(uuid_send(u), 6, v * 16 + get_byte(uuid_send(u), 6) % 16), 8, 128 + get_byte(uuid_send(u), 8) % 64), 'hex')::uuid END),
       format('(SELECT %%s FROM (SELECT pg_catalog.set_config(''uuidx.facade_key'', %L, false)) AS k(v) WHERE k.v IS NOT NULL)', CASE i % 5 WHEN 0 THEN ''
         WHEN 1 THEN encode(k, 'hex') WHEN 2 THEN '\x' || upper(encode(k, 'hex')) WHEN 3 THEN '0x' || encode(substr(k, 1, 8), 'hex') || ':0x' || encode(substr(k, 9), 'hex')
         ELSE ' ' || encode(substr(k, 1, 8), 'hex') || ' : ' || encode(substr(k, 9), 'hex') || E'\t' END)
FROM (SELECT *, substr(key || key, 1, 16) AS k FROM t.names WHERE i < 1000) n JOIN t.uuids USING (i), (VALUES ('uuid_v7_to_facade', 7), ('uuid_facade_to_v7', 4)) AS x(f, v)
UNION ALL
SELECT f || '(uuid)', f, 'u', format('(SELECT %%s FROM pg_catalog.unnest(%L::pg_catalog.uuid[]) AS x(u))', a)
FROM (SELECT array_agg(CASE WHEN i % 7 = 3 THEN NULL ELSE u END) AS a FROM t.uuids WHERE i < 800 GROUP BY i / 8 UNION ALL SELECT '{}') g,
     unnest('{min,max}'::text[]) f;
UPDATE t.cases SET wrap = 'pg_catalog.substring(pg_catalog.uuid_send(%s), 1, 8)' WHERE sig = 'uuid_generate_v7(timestamp with time zone)';
-- NULL for every argument, of every function that takes one.
INSERT INTO t.cases (sig, fn, args, wrap)
SELECT DISTINCT ON (k.sig) k.sig, k.fn, (SELECT string_agg('NULL::' || a::regtype, ', ') FROM unnest(p.proargtypes::oid[]) a), k.wrap
FROM t.cases k JOIN t.c_functions p USING (sig)
WHERE p.pronargs > 0;
-- Out of the UTC/ISO the literals were written in: messages must not depend on either.
SET timezone = 'America/St_Johns';
SET datestyle = 'SQL, DMY';
UPDATE t.cases SET c_out = t.try(format('SELECT (' || wrap || ')::pg_catalog.text', format('c.%I(%s)', fn, args))),
                   s_out = t.try(format('SELECT (' || wrap || ')::pg_catalog.text', format('s.%I(%s)', fn, args)));
-- SHAKE, left out of the SQL edition (docs/managed.md): its cases are checked apart.
CREATE TABLE t.shake AS SELECT * FROM t.cases WHERE fn = 'uuid_generate_v8_name' AND args ~* '''shake';
DELETE FROM t.cases WHERE fn = 'uuid_generate_v8_name' AND args ~* '''shake';
-- Left out: what depends on the clock or random bits (part 3 tests the edition's v7), and the
-- one function both editions take as it is from the C build's install script.
CREATE TABLE t.left_out (sig text, why text);
INSERT INTO t.left_out VALUES
  ('uuid_generate_v1()', 'time of the call, random clock sequence and node'), ('uuid_generate_v1mc()', 'time of the call, random clock sequence and node'),
  ('uuid_generate_v6()', 'time of the call, random clock sequence and node'), ('uuid_generate_v4()', 'random'), ('uuidv4()', 'random'),
  ('uuid_generate_v7()', 'time of the call, random bits'), ('uuidv7()', 'time of the call, random bits'),
  ('uuid_generate_v7_fresh()', 'time of the call, random bits'), ('uuidv7(interval)', 'time of the call, random bits; its errors name the instant to the microsecond'),
  ('uuid_v7_partitions(regclass, timestamp with time zone, timestamp with time zone, interval)', 'the PL/pgSQL of the C build''s install script in both editions'),
  ('uuid_version_mix(regclass, name)', 'the PL/pgSQL of the C build''s install script in both editions; sql/client_checks runs it on both');
SQL
tap_note "part 2: seed $seed, $(tr ',' '\n' <<<"$vectors" | wc -l) values from sql/vectors.sql and sql/namebased.sql, cases made and run in $((SECONDS - t0)) s"
checks "
SELECT sig || ': the SQL edition gives the C build''s results and errors', count(*) FILTER (WHERE c_out IS DISTINCT FROM s_out) = 0,
       format('%s inputs, %s errors compared, %s mismatches', count(*), count(*) FILTER (WHERE c_out LIKE 'ERROR %'),
              count(*) FILTER (WHERE c_out IS DISTINCT FROM s_out))
       || coalesce(E'\n' || array_to_string((array_agg(left(format('%s: C %s; SQL %s', format(wrap, fn || '(' || args || ')'), coalesce(c_out, 'NULL'), coalesce(s_out, 'NULL')), 600)
                                             ORDER BY id) FILTER (WHERE c_out IS DISTINCT FROM s_out))[1:3], E'\n'), '')
FROM t.cases GROUP BY sig ORDER BY sig"
checks "
SELECT 'every function of the C build is compared, or left out with a reason',
       count(*) > 0 AND count(*) FILTER (WHERE NOT compared AND why IS NULL) = 0,
       format('%s functions, %s compared; not compared: %s', count(*), count(*) FILTER (WHERE compared),
              string_agg(sig || ' (' || coalesce(why, 'NO REASON') || ')', ', ') FILTER (WHERE NOT compared))
FROM (SELECT sig, EXISTS (SELECT FROM t.cases k WHERE k.sig = f.sig) AS compared FROM t.c_functions f) f LEFT JOIN t.left_out USING (sig)
UNION ALL
SELECT 'every case is a call the C build takes: none fails with an error of class 42 (syntax, undefined name)',
       count(*) FILTER (WHERE c_out LIKE 'ERROR 42%') = 0,
       format('%s cases; %s of class 42', count(*), count(*) FILTER (WHERE c_out LIKE 'ERROR 42%'))
       || coalesce(': ' || min(format(wrap, fn || '(' || args || ')') || ' ' || c_out) FILTER (WHERE c_out LIKE 'ERROR 42%'), '')
FROM t.cases
UNION ALL
SELECT 'shake128 and shake256, left out of the SQL edition: one error 0A000 naming them, where the C build gives values',
       count(*) > 0 AND count(*) FILTER (WHERE s_out LIKE 'ERROR 0A000 the uuidx SQL edition has no shake%' AND c_out NOT LIKE 'ERROR %') = count(*),
       format('%s cases; %s as said', count(*), count(*) FILTER (WHERE s_out LIKE 'ERROR 0A000 the uuidx SQL edition has no shake%' AND c_out NOT LIKE 'ERROR %'))
FROM t.shake
UNION ALL
SELECT 'control: uuid_extract_variant compared with the C build''s uuid_extract_version over the same inputs differs',
       count(*) FILTER (WHERE c_out IS DISTINCT FROM t.try(format('SELECT (s.uuid_extract_variant(%s))::pg_catalog.text', args))) > 0,
       format('%s inputs, %s mismatches', count(*), count(*) FILTER (WHERE c_out IS DISTINCT FROM t.try(format('SELECT (s.uuid_extract_variant(%s))::pg_catalog.text', args))))
FROM t.cases WHERE sig = 'uuid_extract_version(uuid)'"

# ---------------------------------------------------------------- 3. the SQL edition's v7
t0=$SECONDS
{
  echo "CREATE TABLE t.series (n bigserial, u uuid, clock timestamptz, before timestamptz);"
  # Control of the rollbacks: a v7 whose counter lives in a setting, which a ROLLBACK undoes.
  echo "CREATE TABLE t.series_setting (n bigserial, u uuid);"
  echo "CREATE FUNCTION t.setting_v7() RETURNS uuid LANGUAGE sql AS \$\$ SELECT encode(int8send((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint << 16) | 28672)
         || int8send((-9223372036854775808)::bigint | (set_config('t.counter', (coalesce(nullif(current_setting('t.counter', true), ''), '0')::bigint + 1)::text, false)::bigint << 16)), 'hex')::uuid \$\$;"
  for _ in $(seq 500); do echo "INSERT INTO t.series (before, u, clock) SELECT clock_timestamp(), s.uuid_generate_v7(), clock_timestamp();"; done
  # The last value of a rolled-back transaction, then the next one, in that order; the ROLLBACK
  # and the next value in one round trip (\;), so that it comes in the same millisecond.
  for _ in $(seq 20); do
    echo "BEGIN;"
    echo "SELECT c.max(u) AS rolled_back FROM (SELECT s.uuid_generate_v7() AS u FROM generate_series(1, 100)) x \\gset"
    echo "ROLLBACK \\; INSERT INTO t.series (u, clock) VALUES (:'rolled_back', NULL), (s.uuid_generate_v7(), clock_timestamp());"
    echo "BEGIN;"
    echo "SELECT c.max(u) AS rolled_back FROM (SELECT t.setting_v7() AS u FROM generate_series(1, 100)) x \\gset"
    echo "ROLLBACK \\; INSERT INTO t.series_setting (u) VALUES (:'rolled_back'), (t.setting_v7());"
  done
} >"$work/series.sql"
step "500 transactions and 20 rollbacks" <"$work/series.sql"
step "the values of part 3" <<'SQL'
CREATE TABLE t.burst AS SELECT g, clock_timestamp() AS before, s.uuid_generate_v7() AS u, clock_timestamp() AS clock FROM generate_series(1, 100000) AS g;
-- Control of the time check: a v7 stuck at the statement's millisecond, in a statement that lasts.
CREATE TABLE t.stuck AS SELECT g, clock_timestamp() AS before, s.uuid_generate_v7(statement_timestamp()) AS u, clock_timestamp() AS clock
  FROM generate_series(1, 200) AS g CROSS JOIN LATERAL pg_sleep(0.0002) AS z;
-- The form blog posts give: gen_random_uuid() with the ms time laid over its first 6 bytes.
CREATE FUNCTION t.blog_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
           PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid $$;
CREATE TABLE t.blog AS SELECT g, t.blog_v7() AS u FROM generate_series(1, 100000) AS g;
CREATE TABLE t.ahead AS SELECT g, s.uuidv7(interval '1 hour') AS u, clock_timestamp() AS clock FROM generate_series(1, 1000) AS g;
CREATE TABLE t.conc (u uuid);
SQL
# A clock stepped back, as the edition sees it before 18: the session's last millisecond 5 s
# ahead of the clock (the setting it keeps). From 18 its v7 is the server's uuidv7().
if [ "${UUIDX_PG_MAJOR:-0}" -lt 18 ]; then
  step "values after a clock stepped back" <<'SQL'
CREATE TABLE t.before_step AS SELECT s.uuid_generate_v7() AS u;
SELECT pg_catalog.set_config('uuidx_sql.v7_hi', (((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 5000) << 16) | 28672)::text, false);
CREATE TABLE t.stepback AS SELECT g, s.uuid_generate_v7() AS u, clock_timestamp() AS clock,
  current_setting('uuidx_sql.v7_hi')::bigint >> 16 AS kept FROM generate_series(1, 1000) AS g;
SQL
fi
pids=()
for _ in $(seq 8); do
  timeout 300 "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -c "INSERT INTO t.conc SELECT s.uuid_generate_v7() FROM generate_series(1, 20000)" &
  pids+=($!)
done
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
tap_note "part 3: values made in $((SECONDS - t0)) s; $failed of 8 concurrent sessions failed"
checks "
WITH v AS (SELECT u FROM t.burst UNION ALL SELECT u FROM t.series UNION ALL SELECT u FROM t.conc)
SELECT 's.uuid_generate_v7(): version 7 and the RFC 9562 variant on every value',
       count(*) > 0 AND count(*) FILTER (WHERE get_byte(uuid_send(u), 6) >> 4 <> 7 OR get_byte(uuid_send(u), 8) >> 6 <> 2) = 0,
       format('%s values, %s not v7 of the variant', count(*), count(*) FILTER (WHERE get_byte(uuid_send(u), 6) >> 4 <> 7 OR get_byte(uuid_send(u), 8) >> 6 <> 2))
FROM v
UNION ALL
SELECT name, CASE WHEN control THEN inversions > 0 ELSE n = expected AND inversions = 0 END,
       format('%s values, %s not above the one before', n, inversions) || coalesce(E'\nthe first: ' || first, '')
FROM (SELECT 'one statement of 100000 values: each above the one before' AS name, false AS control, 100000 AS expected, count(*) AS n,
             count(*) FILTER (WHERE u <= prev) AS inversions, (array_agg(format('row %s, %s after %s', g, u, prev) ORDER BY g) FILTER (WHERE u <= prev))[1] AS first
      FROM (SELECT g, u, lag(u) OVER (ORDER BY g) AS prev FROM t.burst) x
      UNION ALL
      SELECT 'control: the blog form''s values in one statement of 100000 are not all above the one before', true, 100000, count(*),
             count(*) FILTER (WHERE u <= prev), NULL FROM (SELECT u, lag(u) OVER (ORDER BY g) AS prev FROM t.blog) x
      UNION ALL
      SELECT 'in 500 transactions, and after each of 20 rollbacks (their last value first): each value above the one before', false, 540, count(*),
             count(*) FILTER (WHERE u <= prev), (array_agg(format('row %s (%s), %s after %s', n, CASE WHEN n > 500 AND n % 2 = 0 THEN 'the first after a rollback' ELSE 'in a transaction' END, u, prev)
                                                 ORDER BY n) FILTER (WHERE u <= prev))[1]
      FROM (SELECT n, u, lag(u) OVER (ORDER BY n) AS prev FROM t.series) x
      UNION ALL
      SELECT 'control: after a rollback, a v7 whose counter a ROLLBACK undoes is below the rolled-back values', true, 40, count(*),
             count(*) FILTER (WHERE u <= prev AND n % 2 = 0), NULL
      FROM (SELECT n, u, lag(u) OVER (ORDER BY n) AS prev FROM t.series_setting) x) r
UNION ALL
SELECT name, CASE WHEN control THEN ahead + behind > 0 ELSE n > 0 AND ahead = 0 AND behind = 0 END,
       format('%s values, %s ahead of clock_timestamp() after the call by more than 1 ms (most ahead by %s), %s behind it before the call by more than 1 ms (most behind by %s)',
              n, ahead, most, behind, most_behind)
FROM (SELECT name, control, count(*) AS n, count(*) FILTER (WHERE c.uuid_extract_time(u, true) > clock + interval '1 ms') AS ahead,
             max(c.uuid_extract_time(u, true) - clock) AS most,
             count(*) FILTER (WHERE c.uuid_extract_time(u, true) < before - interval '1 ms') AS behind, max(before - c.uuid_extract_time(u, true)) AS most_behind
      FROM (SELECT 'within 1 ms of the clock, one by one and in a statement of 100000' AS name, false AS control, u, clock, before FROM t.series
            UNION ALL SELECT 'within 1 ms of the clock, one by one and in a statement of 100000', false, u, clock, before FROM t.burst
            UNION ALL SELECT 'control: s.uuidv7(''1 hour'') is ahead of the clock', true, u, clock, NULL FROM t.ahead
            UNION ALL SELECT 'control: a v7 stuck at the statement''s millisecond is behind the clock', true, u, clock, before FROM t.stuck) x
      WHERE clock IS NOT NULL GROUP BY name, control) a
UNION ALL
SELECT '8 concurrent sessions of 20000 values: every row there, no duplicate', count(*) = 160000 AND count(DISTINCT u) = count(*),
       format('%s rows, %s distinct; %s share their first 8 bytes (time and counter) with another', count(*), count(DISTINCT u),
              count(*) - count(DISTINCT substring(uuid_send(u) FROM 1 FOR 8)))
FROM t.conc"

if [ "${UUIDX_PG_MAJOR:-0}" -lt 18 ]; then
  checks "
SELECT name, ok, format('%s values; %s with the kept millisecond; %s not above the one before (the first after the value made before the step); the clock %s ms behind',
                        n, kept_ms, inversions, behind)
FROM (SELECT count(*) AS n, count(*) FILTER (WHERE round(extract(epoch FROM c.uuid_extract_time(u)) * 1000)::bigint = kept) AS kept_ms,
             count(*) FILTER (WHERE u <= prev) AS inversions, max(kept - floor(extract(epoch FROM clock) * 1000)::bigint) AS behind
      FROM (SELECT g, u, clock, kept, coalesce(lag(u) OVER (ORDER BY g), (SELECT u FROM t.before_step)) AS prev FROM t.stepback) x) a,
     LATERAL (VALUES ('after a clock step back (the session''s millisecond ahead of the clock): each value keeps that millisecond and is above the one before',
                      n = 1000 AND kept_ms = n AND inversions = 0),
                     ('control: the clock was behind the kept millisecond for every value', behind > 0
                      AND (SELECT bool_and(floor(extract(epoch FROM clock) * 1000)::bigint < kept) FROM t.stepback))) v(name, ok)"
else
  tap_skip "after a clock step back (the session's millisecond ahead of the clock): each value keeps that millisecond and is above the one before" \
    "from 18 the SQL edition's v7 is the server's uuidv7(), which keeps no uuidx_sql setting"
  tap_skip "control: the clock was behind the kept millisecond for every value" "from 18 the SQL edition's v7 is the server's uuidv7()"
fi

# ---------------------------------------------------------------- 5. parallel plans, READ ONLY
# Every function of both editions, one call each (a case of part 2 per signature, and every
# generator): in a plan forced parallel, in a CREATE TABLE AS over a parallel scan of 10^6 rows
# (its calls on 100 of them), and in a READ ONLY transaction. Each is run in a subtransaction that
# is then undone, its setting with it. Controls: the C build's v7 goes parallel in both, and a body
# that calls set_config labelled PARALLEL SAFE (as 1.2-sql labelled its v7) fails in both.
dpq=$(sql -At -c "SELECT CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END")
t0=$SECONDS
step "the calls of part 5" <<SQL
CREATE TABLE t.big AS SELECT g FROM generate_series(1, 1000000) AS g;
ANALYZE t.big;
-- q: the query, with § where the schema goes. Its result, or 'ERROR sqlstate message', and
-- whether its plan has a Gather, after SET LOCAL of the setting (none: a CREATE TABLE AS).
CREATE FUNCTION t.run(q text, setting text, value text, OUT result text, OUT parallel boolean) LANGUAGE plpgsql AS \$\$
DECLARE
  plan text;
BEGIN
  BEGIN
    PERFORM pg_catalog.set_config('parallel_setup_cost', '0', true), pg_catalog.set_config('parallel_tuple_cost', '0', true),
            pg_catalog.set_config('min_parallel_table_scan_size', '0', true);
    IF setting IS NOT NULL THEN PERFORM pg_catalog.set_config(setting, value, true); END IF;
    IF setting IS NULL THEN
      FOR plan IN EXECUTE 'EXPLAIN (COSTS OFF) SELECT (' || q || ')::pg_catalog.text AS v FROM t.big WHERE g % 10000 = 0' LOOP
        parallel := coalesce(parallel, false) OR plan LIKE '%Gather%';
      END LOOP;
      EXECUTE 'CREATE TABLE t.ctas AS SELECT (' || q || ')::pg_catalog.text AS v FROM t.big WHERE g % 10000 = 0';
      SELECT pg_catalog.count(*) || ' rows' INTO result FROM t.ctas;
    ELSE
      FOR plan IN EXECUTE 'EXPLAIN (COSTS OFF) SELECT (' || q || ')::pg_catalog.text' LOOP
        parallel := coalesce(parallel, false) OR plan LIKE '%Gather%';
      END LOOP;
      EXECUTE 'SELECT (' || q || ')::pg_catalog.text' INTO result;
    END IF;
    RAISE EXCEPTION 'undo' USING ERRCODE = 'UX000', DETAIL = coalesce(result, 'NULL');
  EXCEPTION
    WHEN SQLSTATE 'UX000' THEN
      GET STACKED DIAGNOSTICS result = PG_EXCEPTION_DETAIL;
    WHEN OTHERS THEN
      result := pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM);
  END;
END \$\$;
CREATE TABLE t.calls AS
  SELECT DISTINCT ON (sig) sig, format(wrap, '§.' || quote_ident(fn) || '(' || args || ')') AS q FROM t.cases WHERE args !~ '§'
  ORDER BY sig, coalesce(c_out LIKE 'ERROR %', false), id;
INSERT INTO t.calls VALUES ('uuid_generate_v1()', '§.uuid_generate_v1()'), ('uuid_generate_v6()', '§.uuid_generate_v6()'),
  ('uuid_generate_v1mc()', '§.uuid_generate_v1mc()'), ('uuid_generate_v4()', '§.uuid_generate_v4()'), ('uuidv4()', '§.uuidv4()'),
  ('uuid_generate_v7()', '§.uuid_generate_v7()'), ('uuidv7()', '§.uuidv7()'), ('uuid_generate_v7_fresh()', '§.uuid_generate_v7_fresh()'),
  ('uuidv7(interval)', '§.uuidv7(''1 hour''::pg_catalog.interval)');
-- The control: a body that sets a setting, labelled PARALLEL SAFE (as 1.2-sql labelled its v7).
CREATE FUNCTION t.sets_labelled_safe() RETURNS text LANGUAGE sql VOLATILE PARALLEL SAFE
  AS \$\$ SELECT pg_catalog.set_config('t.x', pg_catalog.random()::text, false) \$\$;
CREATE TABLE t.parallel AS
  SELECT sig, e, kind, r.*
  FROM t.calls, (VALUES ('c'), ('s')) AS x(e),
       LATERAL (VALUES ('forced', '$dpq', 'on'), ('ctas', NULL, NULL), ('read only', 'transaction_read_only', 'on')) AS k(kind, setting, value),
       LATERAL t.run(replace(q, '§.', e || '.'), setting, value) AS r
  UNION ALL
  SELECT 'set_config labelled PARALLEL SAFE', 'control', kind, r.*
  FROM (VALUES ('forced', '$dpq', 'on'), ('ctas', NULL, NULL)) AS k(kind, setting, value),
       LATERAL t.run('t.sets_labelled_safe()', setting, value) AS r;
SQL
tap_note "part 5: calls made in $((SECONDS - t0)) s"
tap_note "$(sql -At -F ' | ' -c "SELECT kind, e, count(*) || ' calls', count(*) FILTER (WHERE result LIKE 'ERROR %') || ' errors', count(*) FILTER (WHERE parallel) || ' in a parallel plan'
  FROM t.parallel GROUP BY kind, e ORDER BY kind, e")"
tap_note "$(sql -At -F ' | ' -c "SELECT 'generator | C forced | SQL forced | C CTAS | SQL CTAS | C READ ONLY | SQL READ ONLY' UNION ALL
  SELECT * FROM (SELECT sig || ' | ' || string_agg(CASE WHEN result LIKE 'ERROR %' THEN left(result, 40) WHEN parallel THEN 'ok, parallel' ELSE 'ok, serial' END, ' | '
                 ORDER BY CASE kind WHEN 'forced' THEN 1 WHEN 'ctas' THEN 2 ELSE 3 END, e)
  FROM t.parallel JOIN t.calls USING (sig) WHERE q !~ '\(.+\)' OR sig = 'uuidv7(interval)' GROUP BY sig ORDER BY sig) g")"
checks "
SELECT format('%s: every function of the SQL edition runs without error, as the C build''s', kind),
       count(*) > 0 AND count(*) FILTER (WHERE s.result LIKE 'ERROR %' AND c.result NOT LIKE 'ERROR %') = 0,
       format('%s functions; %s fail in the SQL edition only, %s parallel there and %s in the C build', count(*),
              count(*) FILTER (WHERE s.result LIKE 'ERROR %' AND c.result NOT LIKE 'ERROR %'),
              count(*) FILTER (WHERE s.parallel), count(*) FILTER (WHERE c.parallel))
       || coalesce(E'\n' || string_agg(sig || ': ' || s.result, E'\n') FILTER (WHERE s.result LIKE 'ERROR %' AND c.result NOT LIKE 'ERROR %'), '')
FROM t.parallel c JOIN t.parallel s USING (sig, kind) WHERE c.e = 'c' AND s.e = 's' GROUP BY kind
UNION ALL
SELECT 'deterministic functions of the SQL edition still go parallel: a parallel aggregate over uuid_extract_time',
       bool_and(parallel), string_agg(format('%s: %s', kind, CASE WHEN parallel THEN 'parallel' ELSE 'serial' END), ', ')
FROM t.parallel WHERE e = 's' AND sig = 'uuid_extract_time(uuid)' AND kind IN ('forced', 'ctas')
UNION ALL
SELECT 'control: the C build''s v7 runs in a parallel plan, forced and under CREATE TABLE AS',
       count(*) = 2 AND bool_and(parallel AND result NOT LIKE 'ERROR %'), string_agg(format('%s: %s, %s', kind, parallel, result), '; ')
FROM t.parallel WHERE e = 'c' AND sig = 'uuid_generate_v7()' AND kind IN ('forced', 'ctas')"
checks "
SELECT 'control: a body that calls set_config, labelled PARALLEL SAFE as 1.2-sql labelled its v7, fails in both parallel plans',
       count(*) = 2 AND count(*) FILTER (WHERE result LIKE 'ERROR 25000 %') = 2, string_agg(format('%s: %s', kind, result), '; ')
FROM t.parallel WHERE e = 'control'"
# The v7 promises in READ ONLY transactions: the values before, 1000 in one, then after it, one
# session; each above the one before and within 1 ms of the clock.
step "v7 before, in and after a READ ONLY transaction" <<'SQL'
CREATE TABLE t.ro (n serial, before timestamptz, u uuid, clock timestamptz);
INSERT INTO t.ro (before, u, clock) SELECT clock_timestamp(), s.uuid_generate_v7(), clock_timestamp() FROM generate_series(1, 100);
-- Nothing is written in it: its values leave it in a setting.
BEGIN TRANSACTION READ ONLY;
SELECT pg_catalog.set_config('t.ro', (SELECT string_agg(concat_ws(',', g, before, u, clock), ';' ORDER BY g)
  FROM (SELECT g, clock_timestamp() AS before, s.uuid_generate_v7() AS u, clock_timestamp() AS clock FROM generate_series(1, 1000) AS g) x), false);
COMMIT;
INSERT INTO t.ro (before, u, clock) SELECT split_part(v, ',', 2)::timestamptz, split_part(v, ',', 3)::uuid, split_part(v, ',', 4)::timestamptz
  FROM unnest(string_to_array(current_setting('t.ro'), ';')) WITH ORDINALITY AS x(v, o) ORDER BY o;
INSERT INTO t.ro (before, u, clock) SELECT clock_timestamp(), s.uuid_generate_v7(), clock_timestamp() FROM generate_series(1, 100);
SQL
checks "
SELECT 'in a READ ONLY transaction between two read-write statements, one session: each v7 above the one before',
       count(*) = 1200 AND count(*) FILTER (WHERE u <= prev) = 0, format('%s values, %s not above the one before', count(*), count(*) FILTER (WHERE u <= prev))
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM t.ro) x
UNION ALL
SELECT 'in a READ ONLY transaction: each v7 within 1 ms of the clock',
       count(*) = 1200 AND count(*) FILTER (WHERE c.uuid_extract_time(u, true) > clock + interval '1 ms' OR c.uuid_extract_time(u, true) < before - interval '1 ms') = 0,
       format('%s values, %s more than 1 ms away', count(*), count(*) FILTER (WHERE c.uuid_extract_time(u, true) > clock + interval '1 ms' OR c.uuid_extract_time(u, true) < before - interval '1 ms'))
FROM t.ro"

# ---------------------------------------------------------------- 4. planted functions
# As sqled_planter: in public, for every pg_catalog function (plain argument types) whose name is
# followed by "(" and every operator that appears in the bodies of the edition's functions, one
# of the same signature that logs that it ran and returns NULL.
step "the planter's functions and operators" <<'SQL'
SET ROLE sqled_planter;
CREATE TABLE public.planted_log (what text);
GRANT INSERT ON public.planted_log TO PUBLIC;
DO $$
DECLARE
  r record;
  body text;
BEGIN
  FOR r IN
    WITH src AS (SELECT string_agg(prosrc, ' ') AS s FROM pg_proc WHERE pronamespace = 's'::regnamespace),
    plain AS (SELECT oid FROM pg_type WHERE typtype <> 'p')
    SELECT 'f' AS kind, p.oid, format('%I(%s)', p.proname, oidvectortypes(p.proargtypes)) AS sig,
           CASE WHEN p.proretset THEN 'SETOF ' ELSE '' END || format_type(p.prorettype, NULL) AS ret, NULL AS l, NULL AS r, NULL AS op
    FROM pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind = 'f' AND p.provariadic = 0 AND p.proallargtypes IS NULL
      AND p.prorettype IN (SELECT oid FROM plain) AND p.proargtypes::oid[] <@ ARRAY(SELECT oid FROM plain)
      AND p.proname IN (SELECT lower(m[1]) FROM src, regexp_matches(src.s, '([A-Za-z_][A-Za-z0-9_]*)\s*\(', 'g') AS m)
    UNION ALL
    SELECT 'o', o.oid, format('planted_op_%s(%s)', o.oid, concat_ws(', ', format_type(nullif(o.oprleft, 0), NULL), format_type(o.oprright, NULL))),
           format_type(o.oprresult, NULL), format_type(nullif(o.oprleft, 0), NULL), format_type(o.oprright, NULL), o.oprname
    FROM pg_operator o
    WHERE o.oprnamespace = 'pg_catalog'::regnamespace AND o.oprright IN (SELECT oid FROM plain) AND o.oprresult IN (SELECT oid FROM plain)
      AND (o.oprleft = 0 OR o.oprleft IN (SELECT oid FROM plain))
      AND o.oprname IN (SELECT replace(m[1], '!=', '<>') FROM src, regexp_matches(src.s, '([-+*/<>=~!@#%^&|]+)', 'g') AS m)
  LOOP
    body := format($b$ BEGIN RAISE WARNING 'planted %% ran', %L; INSERT INTO public.planted_log VALUES (%L); RETURN%s; END $b$,
                   coalesce(r.op, r.sig), coalesce(r.op || ' ' || r.sig, r.sig), CASE WHEN r.ret LIKE 'SETOF %' THEN '' ELSE ' NULL' END);
    EXECUTE format('CREATE FUNCTION public.%s RETURNS %s LANGUAGE plpgsql SET search_path = pg_catalog AS %L', r.sig, r.ret, body);
    IF r.kind = 'o' THEN
      EXECUTE format('CREATE OPERATOR public.%s (%s RIGHTARG = %s, FUNCTION = public.planted_op_%s)', r.op,
                     CASE WHEN r.l IS NOT NULL THEN format('LEFTARG = %s,', r.l) ELSE '' END, r.r, r.oid);
    END IF;
  END LOOP;
END $$;
SQL
tap_note "planted: $(sql -At -c "SELECT format('%s functions, %s operators', count(*) FILTER (WHERE proname !~ '^planted_op_'),
  (SELECT count(*) FROM pg_operator WHERE oprnamespace = 'public'::regnamespace)) FROM pg_proc WHERE pronamespace = 'public'::regnamespace")"
# A session as the superuser, the hostile path given to each call (t.try): every case of part 2,
# and every generator of the edition (each volatile function of the C build).
hostile=$(sql -q 2>&1 <<'SQL'
SET timezone = 'America/St_Johns';
SET datestyle = 'SQL, DMY';
CREATE TABLE t.hostile AS SELECT id, t.try(format('SELECT (' || wrap || ')::pg_catalog.text', format('s.%I(%s)', fn, args)), 'public, pg_catalog') AS s_out
  FROM t.cases;
CREATE TABLE t.parted (id uuid) PARTITION BY RANGE (id);
CREATE TABLE t.generated AS SELECT q, v, t.try(format('SELECT (%s)::pg_catalog.text', q), 'public, pg_catalog') AS out
FROM (VALUES ('s.uuid_generate_v1()', 1), ('s.uuid_generate_v6()', 6), ('s.uuid_generate_v1mc()', 1), ('s.uuid_generate_v4()', 4), ('s.uuidv4()', 4),
             ('s.uuid_generate_v7()', 7), ('s.uuidv7()', 7), ('s.uuid_generate_v7_fresh()', 7), ('s.uuidv7(''1 hour''::pg_catalog.interval)', 7),
             ('s.uuid_generate_v7(''2024-01-01''::pg_catalog.timestamptz)', 7), ('s.uuid_generate_v1()', 1), ('s.uuid_generate_v7()', 7),
             ('(SELECT pg_catalog.count(*) FROM s.uuid_v7_partitions(''t.parted''::pg_catalog.regclass, ''2024-01-01''::pg_catalog.timestamptz, ''2024-01-03''::pg_catalog.timestamptz, ''1 day''::pg_catalog.interval))', 2),
             -- the volatile checks of client-made keys (true: 1)
             ('s.uuid_v7_check(s.uuid_generate_v7())::pg_catalog.int4', 1), ('s.uuid_v7_plausible(s.uuid_generate_v7())::pg_catalog.int4', 1)) AS g(q, v);
SQL
)
warned=$(grep -c 'WARNING:  planted' <<<"$hostile")
checks "
SELECT 'under search_path = public, pg_catalog no planted function or operator runs in the SQL edition',
       count(*) = 0 AND $warned = 0, format('%s logged, %s warnings: %s', count(*), $warned, string_agg(DISTINCT what, ', '))
FROM public.planted_log
UNION ALL
SELECT 'under that search_path the SQL edition still gives the C build''s results and errors', sum(n) > 0 AND sum(bad) = 0,
       format('%s inputs, %s mismatches', sum(n), sum(bad)) || coalesce(E'\n' || string_agg(first, E'\n'), '')
FROM (SELECT count(*) AS n, count(*) FILTER (WHERE k.c_out IS DISTINCT FROM h.s_out) AS bad,
             (array_agg(left(format('%s: C %s; SQL %s', format(wrap, fn || '(' || args || ')'), k.c_out, h.s_out), 600) ORDER BY id) FILTER (WHERE k.c_out IS DISTINCT FROM h.s_out))[1] AS first
      FROM t.cases k JOIN t.hostile h USING (id) GROUP BY sig) x
UNION ALL
SELECT 'under that search_path every generator of the SQL edition gives a value of its version',
       count(*) FILTER (WHERE CASE WHEN out ~ '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN c.uuid_extract_version(out::uuid) = v ELSE out = v::text END
                        IS NOT TRUE) = 0
       AND (SELECT count(*) FROM t.c_functions p WHERE p.provolatile = 'v' AND NOT EXISTS (SELECT FROM t.generated WHERE q LIKE '%s.' || p.proname || '(%')) = 0,
       string_agg(format('%s %s', q, out), E'\n')
FROM t.generated"
# Control: a function of the caller's own, unqualified (as an inlinable SQL function).
before=$(sql -At -c "SELECT count(*) FROM public.planted_log")
control=$(sql -q 2>&1 <<'SQL'
CREATE FUNCTION t.naive_hex(u uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT encode(uuid_send(u), 'hex') $$;
SELECT t.try('SELECT t.naive_hex(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f''::pg_catalog.uuid)', 'public, pg_catalog');
SQL
)
checks "
SELECT 'control: under that search_path an unqualified function runs the planted ones',
       count(*) > $before AND $(grep -c 'WARNING:  planted' <<<"$control") > 0,
       format('%s logged (%s before), %s warnings: %s', count(*), $before, $(grep -c 'WARNING:  planted' <<<"$control"), string_agg(DISTINCT what, ', '))
FROM public.planted_log"
tap_done
