#!/usr/bin/env bash
# scope: once
# packages: nodejs postgresql-15 postgresql-server-dev-15
# timeout: 1200
# variant: /usr/lib/postgresql/15/bin/pg_config pglite
# server:
# The SQL edition in PGlite (PostgreSQL 18 in WebAssembly, docs/pglite.md): the bundle `make pglite`
# builds, loaded by PGlite's extension loader beside PGlite's own pgcrypto, in Node.js, with the
# page's code as written. (1) CREATE EXTENSION uuidx there: its version, only sql and plpgsql, every
# function of the C build; control: none before. (2) RFC 9562 vectors of sql/vectors.sql and
# sql/namebased.sql, v3 and v5 generated from the name; control: another name. (3) uuid_encode and
# uuid_decode round trips in the five formats, and the values the README and the FAQ print;
# control: decoded as another format. (4) Some 2,900 deterministic calls give in PGlite the text or
# the error the C build gives on PostgreSQL 15 (this suite's server, the C build installed in a
# throwaway copy of it: "# variant:"); control: a wrong function. (5) v7 order in one statement
# of 10,000 and across transactions and rollbacks; control: the blog form. (6) A table keyed by
# uuid_v7: its default's keys, a v4 refused (23514), the key range read from the primary key's
# index; controls: a v7 given is taken, uuid_extract_time(id) >= t is not (no time rewrite).
# (7) Control of (2): pgcrypto dropped, v5 raises 0A000.
# Node.js is Debian's (or any 18 or later); PGlite comes from the npm registry as the lockfile of
# test/npm/pglite pins it, its sha512 checked (npm is not needed: Debian bookworm's nodejs has none,
# and Debian's npm cannot be installed beside NodeSource's nodejs, which provides npm itself).
# Under CI an npm registry that cannot be reached is a failure, elsewhere a skip.
source "$(dirname "$0")/../lib/tap.sh"
# The server's programs: the throwaway copy with the C build the lab made ("# variant:").
PGBIN=${UUIDX_VARIANT_BIN:-${PGBIN:-/usr/lib/postgresql/15/bin}}
source test/lib/cluster.sh
skip_or_fail() { [ -n "${CI:-}" ] && tap_bail "what the suite needs is here" "$1"; tap_skip_all "$1"; }
tap_need "Node.js 18 or later" \
  "$(command -v node >/dev/null && dpkg --compare-versions "$(node --version 2>/dev/null | tr -d v)" ge 18 && echo t)" "$(node --version 2>&1)"

work=$(mktemp -d /tmp/uuidx-pglite.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

# ---- PGlite, exactly the lockfile's packages, each checked against its sha512
cp test/npm/pglite/package.json test/npm/pglite/package-lock.json "$work/"
out=$(timeout 300 python3 - "$work" 2>&1 <<'PY'
import base64, hashlib, io, json, os, ssl, sys, tarfile, urllib.error, urllib.request
work = sys.argv[1]
lock = json.load(open(os.path.join(work, "package-lock.json")))
insecure = None
def fetch(url):
    global insecure
    try:
        return urllib.request.urlopen(url, timeout=120, context=insecure).read()
    except urllib.error.URLError as e:
        if insecure is None and isinstance(e.reason, ssl.SSLCertVerificationError):
            # A TLS proxy this system does not trust: the sha512 below still holds the bytes.
            print(f"note: the registry's certificate is not trusted here ({e.reason.verify_message}): fetched unverified, checked against the lockfile's sha512")
            insecure = ssl._create_unverified_context()
            return urllib.request.urlopen(url, timeout=120, context=insecure).read()
        raise
for path, p in lock["packages"].items():
    if not path:
        continue
    try:
        data = fetch(p["resolved"])
    except Exception as e:
        print(f"unreachable: {p['resolved']}: {e}")
        sys.exit(2)
    algorithm, want = p["integrity"].split("-", 1)
    got = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if got != want:
        sys.exit(f"{path}: {algorithm} {got}, not the lockfile's {want}")
    dest = os.path.join(work, path)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for m in tar.getmembers():
            parts = m.name.split("/")[1:]  # an npm tarball's files are under package/
            if not m.isfile() or not parts or ".." in parts:
                continue
            os.makedirs(os.path.join(dest, *parts[:-1]), exist_ok=True)
            with open(os.path.join(dest, *parts), "wb") as f:
                f.write(tar.extractfile(m).read())
    print(f"installed {path} {p['version']} ({len(data)} bytes, {algorithm} as the lockfile's)")
PY
)
rc=$?
[ $rc = 2 ] && skip_or_fail "PGlite: the npm registry cannot be reached: $(grep -m1 '^unreachable' <<<"$out" | cut -c1-200)"
version=$(node -p 'require(process.argv[1]).version' "$work/node_modules/@electric-sql/pglite/package.json" 2>&1)
tap_need "PGlite from the npm registry, as test/npm/pglite/package-lock.json pins it" \
  "$([ $rc = 0 ] && [ "$version" = "$(node -p 'require(process.argv[1]).dependencies["@electric-sql/pglite"]' "$work/package.json")" ] && echo t)" \
  "$(tr '\n' ' ' <<<"$out")on Node.js $(node --version)"

# ---- the bundle, as `make pglite` builds it
sql_version=$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" uuidx.control)
out=$(make -s --no-print-directory PG_CONFIG="${UUIDX_VARIANT_BIN:-$PGBIN}/pg_config" pglite 2>&1)
rc=$?
bundle=build/pglite/uuidx-pglite.tar.gz
listed=$(tar -tzf "$bundle" 2>&1 | grep -v '/$' | sort | tr '\n' ' ')
tap_need "make pglite builds $bundle: the control file and uuidx--$sql_version-sql.sql (uuidx.control's version)" \
  "$([ $rc = 0 ] && [ "$listed" = "share/postgresql/extension/uuidx--$sql_version-sql.sql share/postgresql/extension/uuidx.control " ] && echo t)" \
  "exit code $rc: $listed$(wc -c <"$bundle") bytes $out"
cp "$bundle" "$work/uuidx-pglite.tar.gz"

# ---- the C build on this suite's server, and the calls both editions make
cluster_psql -q <<'SQL' || tap_bail "the C build, a schema t and t.try on the server"
CREATE EXTENSION uuidx;
CREATE EXTENSION pgcrypto;
CREATE SCHEMA t;
SQL
# t.try: a statement's text result, or 'ERROR sqlstate message'. The same in PGlite.
try_function=$(cat <<'SQL'
CREATE FUNCTION t.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r text;
BEGIN
  EXECUTE q INTO r;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM);
END $$;
SQL
)
cluster_psql -c "$try_function" || tap_bail "t.try on the server"
# RFC 9562 appendix A and B values as the pg_regress suites hold them (as suite 22 takes them).
vectors="{$(grep -ohiE '[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}' sql/vectors.sql sql/namebased.sql | tr A-F a-f | sort -u | paste -sd,)}"
# Each call names its function in public (PostgreSQL 18, PGlite's, has some of these names in
# pg_catalog, searched first); inputs from md5 of fixed text, so each run makes the same calls.
out=$(cluster_psql -v vectors="$vectors" -v cases_file="$work/cases.json" 2>&1 <<'SQL'
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
-- Every version nibble under four variant nibbles (NCS, RFC 9562 twice, Microsoft); the vectors; nil, max.
CREATE TABLE t.uuids AS
  SELECT i, encode(set_byte(set_byte(b, 6, i % 16 * 16 + get_byte(b, 6) % 16), 8,
                            (ARRAY[0, 8, 11, 14])[1 + i / 16 % 4] * 16 + get_byte(b, 8) % 16), 'hex')::uuid AS u
  FROM (SELECT i, decode(md5('uuidx pglite ' || i), 'hex') AS b FROM generate_series(0, 63) AS i) r
  UNION ALL
  SELECT (63 + n)::int, v::uuid FROM unnest(:'vectors'::text[] || '{00000000-0000-0000-0000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff}'::text[])
    WITH ORDINALITY AS x(v, n);
-- 1582 to 2099 in uneven steps, sub-microsecond digits; then the edges of the v7 range and of timestamptz.
CREATE TABLE t.instants AS
  SELECT i, timestamptz '1582-10-15 00:00:00+00' + i * interval '3547 days 05:06:07.123457' AS at FROM generate_series(0, 53) AS i
  UNION ALL
  SELECT (53 + n)::int, v::timestamptz FROM unnest('{infinity,-infinity,1970-01-01 00:00:00+00,1969-12-31 23:59:59.999999+00,
    10889-08-02 05:31:50.655+00,10889-08-02 05:31:50.655999+00,10889-08-02 05:31:50.656+00,2022-02-22 14:22:22-05,2024-01-01 00:00:00.000999+00}'::text[])
    WITH ORDINALITY AS x(v, n);
CREATE TABLE t.names AS
  SELECT i, CASE i % 4 WHEN 0 THEN 'name ' || i WHEN 1 THEN repeat('é€𝄞' || i, i % 7) WHEN 2 THEN md5(i::text) ELSE '' END AS name,
         decode(md5('key ' || i), 'hex') AS key
  FROM generate_series(0, 31) AS i;
CREATE TABLE t.cases (id serial, fn text, q text);
INSERT INTO t.cases (fn, q)
SELECT f, format('SELECT public.%s()::text', f) FROM unnest('{uuid_nil,uuid_max,uuid_ns_dns,uuid_ns_url,uuid_ns_oid,uuid_ns_x500}'::text[]) AS f
UNION ALL
SELECT f, format('SELECT public.%s(%L::uuid)::text', f, u) FROM t.uuids,
  unnest('{uuid_extract_version,uuid_extract_variant,uuid_extract_node,uuid_extract_clock_seq,uuid_extract_time,uuid_extract_timestamp,uuid_v1_to_v6,uuid_v6_to_v1}'::text[]) AS f
UNION ALL
SELECT 'uuid_extract_time', format('SELECT public.uuid_extract_time(%L::uuid, %s)::text', u, (i % 2 = 0)::text) FROM t.uuids
UNION ALL
SELECT 'uuid_check_version', format('SELECT public.uuid_check_version(%L::uuid, %s, %L)::text', u, i % 10 - 1, 'uuid_v' || i % 10) FROM t.uuids
UNION ALL
SELECT f, format('SELECT public.%s(%L::uuid, %L::uuid)::text', f, a.u, b.u) FROM t.uuids a JOIN t.uuids b ON b.i = a.i + 1, unnest('{uuid_smaller,uuid_larger}'::text[]) AS f
UNION ALL
SELECT 'uuid_v7_time_decoder', format('SELECT public.uuid_v7_time_decoder(%L)::text', CASE i % 3 WHEN 0 THEN u::text WHEN 1 THEN upper(u::text) ELSE left(u::text, i % 37) END) FROM t.uuids
UNION ALL
SELECT 'uuid_encode', format('SELECT public.uuid_encode(%L::uuid, %L)', u, f) FROM t.uuids, unnest('{hex,base32,base58,base64url,base32hex,Base58,bogus}'::text[]) AS f
UNION ALL
-- Valid text of each format, then a character replaced, deleted or inserted, upper case, cut short.
SELECT 'uuid_decode', format('SELECT public.uuid_decode(%L, %L)::text', CASE i % 6 WHEN 0 THEN e WHEN 1 THEN overlay(e PLACING ch FROM p FOR 1)
         WHEN 2 THEN overlay(e PLACING '' FROM p FOR 1) WHEN 3 THEN overlay(e PLACING ch FROM p FOR 0) WHEN 4 THEN upper(e) ELSE left(e, p) END, f)
FROM (SELECT i, f, public.uuid_encode(u, f) AS e, 1 + i % 21 AS p, substr('IiLlOo0189AZaz=-_+/{} é', 1 + i % 24, 1) AS ch
      FROM t.uuids, unnest('{hex,base32,base58,base64url,base32hex}'::text[]) AS f) d
UNION ALL
-- TypeID and ULID: every uuid both ways; valid text, a character replaced, deleted, upper case, cut short.
SELECT 'uuid_to_typeid', format('SELECT public.uuid_to_typeid(%L, %L::uuid)', (ARRAY['', 'user', 'a_b', 'User', 'x_', 'é'])[1 + i % 6], u) FROM t.uuids
UNION ALL
SELECT 'uuid_to_ulid', format('SELECT public.uuid_to_ulid(%L::uuid)', u) FROM t.uuids
UNION ALL
SELECT f, format('SELECT public.%s(%L%s)::text', f, CASE i % 5 WHEN 0 THEN e WHEN 1 THEN overlay(e PLACING ch FROM p FOR 1)
         WHEN 2 THEN overlay(e PLACING '' FROM p FOR 1) WHEN 3 THEN upper(e) ELSE left(e, p) END,
         CASE WHEN f = 'uuid_from_typeid' THEN CASE WHEN i % 7 = 6 THEN ', ''post''' ELSE format(', %L', pfx) END ELSE '' END)
FROM (SELECT i, f, pfx, CASE WHEN f = 'uuid_from_ulid' THEN public.uuid_to_ulid(u) ELSE public.uuid_to_typeid(pfx, u) END AS e, 1 + i % 31 AS p,
             substr('IiLlOoUu0189AZaz_-8 é', 1 + i % 21, 1) AS ch
      FROM t.uuids, unnest('{uuid_from_typeid,typeid_prefix,uuid_from_ulid}'::text[]) AS f,
           LATERAL (SELECT (ARRAY['', 'user', 'a_b'])[1 + i % 3] AS pfx) x) d
UNION ALL
SELECT f, format('SELECT public.%s(%L::uuid, %L::%s)::text', f, u, CASE ty WHEN 'text' THEN name ELSE convert_to(name, 'UTF8')::text END, ty)
FROM t.names JOIN t.uuids USING (i), unnest('{uuid_generate_v3,uuid_generate_v5}'::text[]) AS f, unnest('{text,bytea}'::text[]) AS ty
UNION ALL
-- Every algorithm but shake128 and shake256, which the SQL edition refuses (docs/managed.md); and two it does not know.
SELECT 'uuid_generate_v8_name', format('SELECT public.uuid_generate_v8_name(%L::uuid, %L, %L)::text', u, name,
         ('{sha224,SHA256,Sha384,sha512,SHA512-224,sha512-256,sha3-224,SHA3-256,sha3-384,Sha3-512,md5,sha-256}'::text[])[1 + i % 12])
FROM t.names JOIN t.uuids USING (i)
UNION ALL
SELECT 'uuid_generate_v8', format('SELECT public.uuid_generate_v8(%L::bytea)::text', CASE WHEN i % 5 = 0 THEN substr(key, 1, 15) ELSE key END) FROM t.names
UNION ALL
-- The facade: mostly values of the version it takes (7 one way, 4 the other), every other one too; keys of 16 bytes and 15.
SELECT f, format('SELECT public.%s(%L::uuid, %L::bytea)::text', f, CASE WHEN i % 4 = 0 THEN u
         ELSE encode(set_byte(set_byte(uuid_send(u), 6, v * 16 + get_byte(uuid_send(u), 6) % 16), 8, 128 + get_byte(uuid_send(u), 8) % 64), 'hex')::uuid END,
         CASE WHEN i % 7 = 0 THEN substr(key, 1, 15) ELSE key END)
FROM t.names JOIN t.uuids USING (i), (VALUES ('uuid_v7_to_facade', 7), ('uuid_facade_to_v7', 4)) AS x(f, v)
UNION ALL
SELECT f, format('SELECT public.%s(%L::timestamptz)::text', f, at) FROM t.instants, unnest('{uuid_v7_floor,uuid_v7_ceil,uuid_v7_time_encoder}'::text[]) AS f
UNION ALL
SELECT f, format('SELECT public.%s(%L::timestamptz, %s, %s)::text', f, at, (i % 2 = 0)::text, (i % 4 < 2)::text)
FROM t.instants, unnest('{uuid_v7_lower_bound,uuid_v7_upper_bound}'::text[]) AS f
UNION ALL
-- A v7 for an instant: its first 8 bytes (time and fraction; the rest is random).
SELECT 'uuid_generate_v7', format('SELECT left(public.uuid_generate_v7(%L::timestamptz)::text, 18)', at) FROM t.instants;
SELECT count(*) AS cases FROM t.cases \gset
\o :cases_file
\pset tuples_only on
\pset format unaligned
SELECT json_agg(json_build_object('id', id, 'fn', fn, 'q', q) ORDER BY id) FROM t.cases;
\o
CREATE TABLE t.c_out AS SELECT id, t.try(q) AS out FROM t.cases;
SQL
)
rc=$?
tap_need "the calls both editions make, and the C build's results" "$([ $rc = 0 ] && [ -s "$work/cases.json" ] && echo t)" \
  "$out$(cluster_psql -At -c "SELECT format('%s calls; the C build''s functions: %s', (SELECT count(*) FROM t.cases), string_agg(n || ' ' || lanname, ', '))
    FROM (SELECT l.lanname, count(*) AS n FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid JOIN pg_language l ON l.oid = p.prolang
          WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e' AND p.prokind = 'f'
          GROUP BY l.lanname) x" 2>&1)"
c_sigs=$(cluster_psql -At -c "SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ')' FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
  WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e' ORDER BY 1")

# ---- PGlite: everything in one instance, the page's code first, as docs/pglite.md gives it
grep -ohE "SELECT uuid_(en|de)code\('[^']*', '[^']*'\);( *-- → |\` → \`)[^ \`|]+" README.md docs/faq.md |
  sed -E "s/\` → \`/ -- → /; s/ +-- → /\t/" | sort -u >"$work/known.tsv"
grep -ohE "uuid_[a-z0-9_]+\(uuid_ns_[a-z0-9]+\(\), '[^']*'(, '[^']*')?\) = '[0-9a-fA-F-]{36}' AS [a-z0-9_]+|uuid_v[16]_to_v[16]\('[0-9A-Fa-f-]{36}'\) = '[0-9A-Fa-f-]{36}' AS [a-z0-9_]+|uuid_ns_[a-z0-9]+\(\) = '[0-9a-f-]{36}' AS [a-z0-9]+|uuid_generate_v8\('[^']*'\) = '[0-9A-Fa-f-]{36}' AS [a-z0-9_]+" \
  sql/vectors.sql sql/namebased.sql | sed -E "s/ = '([0-9A-Fa-f-]{36})' AS ([a-z0-9_]+)$/\t\1\t\2/" | sort -u >"$work/vectors.tsv"
# The v8_name table of sql/namebased.sql: every algorithm on the B.2 input, but shake128 and shake256.
grep -oE "\('(sha[0-9a-z-]+)', '[0-9a-f-]{36}'" sql/namebased.sql | grep -v shake |
  sed -E "s/\('([^']*)', '([^']*)'/uuid_generate_v8_name(uuid_ns_dns(), 'www.example.com', '\1')\t\2\tb2_\1/" >>"$work/vectors.tsv"
tap_note "$(wc -l <"$work/vectors.tsv") RFC 9562 vectors from sql/vectors.sql and sql/namebased.sql, $(wc -l <"$work/known.tsv") encodings from README.md and docs/faq.md, $(node -p 'require(process.argv[1]).length' "$work/cases.json") calls"
cat >"$work/run.mjs" <<'EOF'
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";

const uuidx = {
  name: "uuidx",
  setup: async () => ({ bundlePath: new URL("./uuidx-pglite.tar.gz", import.meta.url) }),
};
const db = await PGlite.create({ extensions: { pgcrypto, uuidx } });
// (Above: docs/pglite.md's first block, as written; its second is the CREATE EXTENSION line below.)
import { readFileSync, writeFileSync } from "node:fs";
const work = process.argv[2];
const check = (name, ok, figures) => console.log(["CHECK", name, ok ? "t" : "f", String(figures).replace(/\s+/g, " ")].join("\t"));
const tsv = (file) => readFileSync(`${work}/${file}`, "utf8").split("\n").filter((l) => l).map((l) => l.split("\t"));
const esc = (s) => (s === null ? "\\N" : s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r"));
const one = async (db, sql, params) => Object.values((await db.query(sql, params)).rows[0] ?? {})[0];
const error = async (db, sql) => { try { await db.query(sql); return "none"; } catch (e) { return `${e.code} ${e.message}`; } };

const before = await one(db, "SELECT to_regprocedure('public.uuid_generate_v7()') IS NULL");
await db.exec("CREATE EXTENSION pgcrypto; CREATE EXTENSION uuidx;");

// (1) The extension.
const ext = (await db.query(`SELECT version() AS server, e.extversion, count(*) AS functions,
    string_agg(DISTINCT l.lanname, ' ' ORDER BY l.lanname) FILTER (WHERE p.prokind = 'f') AS languages,
    count(*) FILTER (WHERE p.prokind = 'a') AS aggregates,
    (SELECT prosrc FROM pg_proc WHERE oid = 'public.uuid_generate_v7()'::regprocedure) AS v7
  FROM pg_extension e JOIN pg_depend d ON d.refobjid = e.oid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
  JOIN pg_proc p ON p.oid = d.objid JOIN pg_language l ON l.oid = p.prolang WHERE e.extname = 'uuidx' GROUP BY e.extversion`)).rows[0];
check("CREATE EXTENSION uuidx in PGlite: the bundle's version, every function sql or plpgsql",
  ext.extversion === process.argv[3] && ext.functions > 0 && ext.languages === "plpgsql sql",
  `${ext.server.replace(/ on .*/, "")}; uuidx ${ext.extversion}, ${ext.functions - ext.aggregates} functions in ${ext.languages} and ${ext.aggregates} aggregates; uuid_generate_v7() is ${ext.v7.trim()}`);
check("control: before CREATE EXTENSION uuidx, PGlite has no public.uuid_generate_v7()", before === true, `to_regprocedure(...) IS NULL: ${before}`);
writeFileSync(`${work}/pglite_sigs.txt`, (await db.query(`SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ')' AS sig FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
  WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
  AND p.proname NOT LIKE 'uuidx\\_sql\\_%' ORDER BY 1`)).rows.map((r) => r.sig).join("\n") + "\n");

// (2) RFC 9562 vectors.
const vectors = tsv("vectors.tsv");
const run = async (expr) => { try { return String(await one(db, `SELECT (${expr})::text`)); } catch (e) { return `ERROR ${e.code}`; } };
const wrong = [];
for (const [expr, want, name] of vectors) {
  const got = await run(expr);
  if (got !== want.toLowerCase()) wrong.push(`${name}: ${expr} gave ${got}, not ${want}`);
}
check("RFC 9562 vectors of sql/vectors.sql and sql/namebased.sql: each gives the RFC's value in PGlite",
  vectors.length > 0 && wrong.length === 0, `${vectors.length} vectors (${vectors.map((v) => v[2]).join(" ")}), ${wrong.length} wrong ${wrong.slice(0, 3).join("; ")}`);
const named = vectors.filter(([expr]) => /^uuid_generate_v[35]\(uuid_ns_dns\(\), 'www\.example\.com'\)$/.test(expr));
const namedGot = [];
let namedSame = 0;
for (const [expr, want] of named) {
  const got = await run(expr);
  if (got === want.toLowerCase()) namedSame++;
  namedGot.push(`${expr.slice(0, 16)} ${got} (RFC: ${want})`);
}
check("v3 (A.2) and v5 (A.4) generated from the DNS namespace and www.example.com are the RFC's",
  named.length === 2 && namedSame === 2, namedGot.join(", "));
let other = 0, renamed = 0;
for (const [expr, want] of vectors.filter(([expr]) => expr.includes("www.example.com"))) {
  renamed++;
  if ((await run(expr.replace("www.example.com", "www.example.org"))) === want.toLowerCase()) other++;
}
check("control: the name-based vectors with www.example.org for the name: none gives the RFC's value",
  renamed > 0 && other === 0, `${renamed} vectors renamed, ${other} still the RFC's`);

// (3) Encodings.
await db.exec(`CREATE TABLE enc AS SELECT i, md5('enc ' || i)::uuid AS u FROM generate_series(1, 200) AS i;
  CREATE FUNCTION try_decode(t text, f text) RETURNS uuid LANGUAGE plpgsql AS $$
  BEGIN RETURN public.uuid_decode(t, f); EXCEPTION WHEN OTHERS THEN RETURN NULL; END $$;`);
const trip = (await db.query(`SELECT count(*) AS n, count(*) FILTER (WHERE try_decode(public.uuid_encode(u, f), f) = u) AS back,
    string_agg(DISTINCT f || ' ' || length(public.uuid_encode(u, f)), ', ') AS lengths
  FROM enc, unnest('{hex,base32,base58,base64url,base32hex}'::text[]) AS f`)).rows[0];
check("uuid_decode(uuid_encode(u, f), f) = u for 200 values in each of hex, base32, base58, base64url, base32hex",
  trip.n === 1000 && trip.back === 1000, `${trip.back} of ${trip.n} back; characters: ${trip.lengths}`);
const crossed = (await db.query(`SELECT count(*) AS n, count(*) FILTER (WHERE try_decode(public.uuid_encode(u, f), g) = u) AS back
  FROM enc, (VALUES ('base32', 'base32hex'), ('base32hex', 'base32'), ('base58', 'base64url'), ('base64url', 'base58')) AS x(f, g)`)).rows[0];
check("control: each format's text decoded as another format does not give the value back", crossed.n === 800 && crossed.back === 0,
  `${crossed.back} of ${crossed.n} back`);
const known = tsv("known.tsv");
const knownWrong = [];
for (const [sql, want] of known) { const got = await run(sql.replace(/;$/, "").replace(/^SELECT /, "SELECT public.")); if (got !== want) knownWrong.push(`${sql} gave ${got}, not ${want}`); }
check("the encodings README.md and docs/faq.md print, in PGlite", known.length > 0 && knownWrong.length === 0,
  `${known.length} values (${known.map((k) => k[1]).join(" ")}), ${knownWrong.length} different ${knownWrong.join("; ")}`);

// (4) The calls of the C build's comparison, and the control's.
const cases = JSON.parse(readFileSync(`${work}/cases.json`, "utf8"));
await db.exec(`SET timezone = 'UTC'; SET datestyle = 'ISO, YMD'; CREATE SCHEMA t; ${readFileSync(`${work}/try.sql`, "utf8")}
  CREATE TABLE t.cases (id int, fn text, q text);`);
await db.query("INSERT INTO t.cases SELECT * FROM json_to_recordset($1::json) AS x(id int, fn text, q text)", [JSON.stringify(cases)]);
const t0 = Date.now();
const outs = (await db.query("SELECT id, t.try(q) AS out FROM t.cases ORDER BY id")).rows;
const ms = Date.now() - t0;
const ctl = (await db.query(`SELECT id, t.try(replace(q, 'public.uuid_extract_version(', 'public.uuid_extract_variant(')) AS out
  FROM t.cases WHERE fn = 'uuid_extract_version' ORDER BY id`)).rows;
writeFileSync(`${work}/pglite_out.tsv`, outs.map((r) => `${r.id}\t${esc(r.out)}\n`).join(""));
writeFileSync(`${work}/pglite_ctl.tsv`, ctl.map((r) => `${r.id}\t${esc(r.out)}\n`).join(""));
console.log(`NOTE\t${outs.length} calls in PGlite in ${ms} ms`);
await db.exec("RESET timezone; RESET datestyle;");

// (5) v7 order.
await db.exec(`CREATE TABLE burst AS SELECT g, public.uuid_generate_v7() AS u FROM generate_series(1, 10000) AS g;
  CREATE FUNCTION blog_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
             PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid $$;
  CREATE TABLE blog AS SELECT g, blog_v7() AS u FROM generate_series(1, 10000) AS g;
  CREATE TABLE series (n serial, u uuid);`);
const order = async (table, key) => (await db.query(`SELECT count(*) AS n, count(*) FILTER (WHERE u <= prev) AS inversions,
    count(*) FILTER (WHERE public.uuid_extract_version(u) = 7) AS v7, count(DISTINCT substring(u::text, 1, 13)) AS ms
  FROM (SELECT u, lag(u) OVER (ORDER BY ${key}) AS prev FROM ${table}) x`)).rows[0];
const burst = await order("burst", "g");
check("one statement of 10000 uuid_generate_v7(): each value above the one before", burst.n === 10000 && burst.inversions === 0 && burst.v7 === 10000,
  `${burst.n} values (${burst.v7} v7) over ${burst.ms} milliseconds, ${burst.inversions} not above the one before`);
const blog = await order("blog", "g");
check("control: the blog form's values in one statement of 10000 are not all above the one before", blog.n === 10000 && blog.inversions > 0,
  `${blog.n} values over ${blog.ms} milliseconds, ${blog.inversions} not above the one before`);
for (let k = 0; k < 200; k++) await db.transaction(async (tx) => { await tx.query("INSERT INTO series (u) VALUES (public.uuid_generate_v7())"); });
for (let k = 0; k < 20; k++) {
  let last;
  try {
    await db.transaction(async (tx) => {
      last = await one(tx, "SELECT max(u)::text FROM (SELECT public.uuid_generate_v7() AS u FROM generate_series(1, 100)) x");
      throw new Error("rollback");
    });
  } catch (e) { if (e.message !== "rollback") throw e; }
  await db.query("INSERT INTO series (u) VALUES ($1::uuid), (public.uuid_generate_v7())", [last]);
}
const series = await order("series", "n");
check("200 transactions, then 20 rollbacks each followed by its last value and the next: each value above the one before",
  series.n === 240 && series.inversions === 0, `${series.n} values over ${series.ms} milliseconds, ${series.inversions} not above the one before`);

// (6) A table keyed by uuid_v7.
await db.exec(`CREATE TABLE orders (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), n serial, item text);
  INSERT INTO orders (item) SELECT 'item ' || g FROM generate_series(1, 1000) AS g;`);
const keys = (await db.query(`SELECT count(*) AS n, count(*) FILTER (WHERE public.uuid_extract_version(id) = 7) AS v7,
    count(*) FILTER (WHERE id <= prev) AS inversions FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM orders) x`)).rows[0];
check("a table keyed by uuid_v7 DEFAULT uuid_generate_v7(): 1000 rows inserted, each key a v7, in insert order",
  keys.n === 1000 && keys.v7 === 1000 && keys.inversions === 0, `${keys.n} rows, ${keys.v7} v7 keys, ${keys.inversions} not above the one before`);
const v4 = await error(db, "INSERT INTO orders (id, item) VALUES (public.uuid_generate_v4(), 'v4')");
const v7 = await error(db, "INSERT INTO orders (id, item) VALUES (public.uuid_generate_v7(), 'v7')");
check("control: a v4 key is refused there with 23514, a v7 given is taken", v4.startsWith("23514 ") && v7 === "none", `v4: ${v4}; v7: ${v7}`);
// The plan's nodes, each condition cut short (the edition's functions are inlined into them).
const plan = async (where) => (await db.query(`EXPLAIN (COSTS OFF) SELECT count(*) FROM orders WHERE ${where}`)).rows
  .map((r) => r["QUERY PLAN"].trim().replace(/^(.{60}).+$/, "$1…")).join("; ");
const count = async (where) => one(db, `SELECT count(*) FROM orders WHERE ${where}`);
await db.exec("SET enable_seqscan = off");
const range = "id >= uuid_v7_lower_bound(now() - interval '1 hour')", time = "uuid_extract_time(id) >= now() - interval '1 hour'";
const rangePlan = await plan(range), timePlan = await plan(time);
const rangeN = await count(range), timeN = await count(time);
check("the key range id >= uuid_v7_lower_bound(t) finds the last hour's rows from the primary key's index",
  rangeN === 1001 && /Index (Only )?Scan using orders_pkey on orders; Index Cond: \(id >= /.test(rangePlan), `${rangeN} rows; ${rangePlan}`);
check("control: uuid_extract_time(id) >= t finds them without the index (no time rewrite in the SQL edition)",
  timeN === 1001 && !/Index Cond/.test(timePlan) && /Filter: /.test(timePlan), `${timeN} rows; ${timePlan}`);

// (7) pgcrypto.
await db.exec("DROP EXTENSION pgcrypto");
const v5 = await error(db, "SELECT public.uuid_generate_v5(uuid_ns_dns(), 'www.example.com')");
const v3 = await run("uuid_generate_v3(uuid_ns_dns(), 'www.example.com')");
check("control: with PGlite's pgcrypto dropped, uuid_generate_v5 raises 0A000 naming pgcrypto, and v3 still gives A.2",
  /^0A000 .*pgcrypto/.test(v5) && v3 === named.find(([expr]) => expr.startsWith("uuid_generate_v3"))?.[1], `v5: ${v5}; v3: ${v3}`);
await db.close();
EOF
printf '%s\n' "$try_function" >"$work/try.sql"
out=$(cd "$work" && timeout 900 node run.mjs "$work" "$sql_version-sql" 2>&1)
rc=$?
while IFS=$'\t' read -r _ name ok figures; do tap_check "$name" "$ok" "$figures"; done < <(grep $'^CHECK\t' <<<"$out")
tap_note "$(sed -n $'s/^NOTE\t//p' <<<"$out")"
tap_check "the Node.js program ran to its end" "$([ $rc = 0 ] && echo t)" "exit code $rc $(grep -v -E $'^(CHECK|NOTE)\t' <<<"$out" | tail -n 20)"

# ---- the comparison with the C build
tap_check "PGlite's uuidx has every function of the C build, by name and argument types, and no other but its helpers" \
  "$([ -n "$c_sigs" ] && [ "$c_sigs" = "$(cat "$work/pglite_sigs.txt" 2>/dev/null)" ] && echo t)" \
  "$(wc -l <<<"$c_sigs") in the C build; differing: $(diff <(echo "$c_sigs") "$work/pglite_sigs.txt" 2>&1 | grep '^[<>]' | tr '\n' ' ')"
checks() {
  local name ok figures out
  out=$(cluster_psql -At -R $'\x1e' -F $'\x1f' -c "$1" 2>&1) || { tap_check "the comparison's query runs" f "$out"; return; }
  while IFS=$'\x1f' read -r -d $'\x1e' name ok figures; do tap_check "$name" "$ok" "$figures"; done <<<"$out"$'\x1e'
}
cluster_psql -q -c "CREATE TABLE t.pglite_out (id int, out text)" -c "CREATE TABLE t.pglite_ctl (id int, out text)" \
  -c "\\copy t.pglite_out FROM '$work/pglite_out.tsv'" -c "\\copy t.pglite_ctl FROM '$work/pglite_ctl.tsv'" 2>&1
checks "
SELECT 'each deterministic call gives in PGlite the text or the error (SQLSTATE and message) the C build gives on PostgreSQL 15',
       count(*) > 0 AND count(p.id) = count(*) AND count(*) FILTER (WHERE p.out IS DISTINCT FROM c.out) = 0,
       format('%s calls of %s functions, %s answered in PGlite, %s errors alike; %s differ', count(*), count(DISTINCT k.fn), count(p.id),
              count(*) FILTER (WHERE c.out LIKE 'ERROR %' AND p.out = c.out), count(*) FILTER (WHERE p.out IS DISTINCT FROM c.out))
       || coalesce(E'\n' || string_agg(left(format('%s: C %s; PGlite %s', k.q, c.out, p.out), 400), E'\n') FILTER (WHERE p.out IS DISTINCT FROM c.out), '')
FROM t.cases k JOIN t.c_out c USING (id) LEFT JOIN t.pglite_out p USING (id)
UNION ALL
SELECT 'control: PGlite''s uuid_extract_variant against the C build''s uuid_extract_version over the same inputs differs',
       count(*) > 0 AND count(*) FILTER (WHERE p.out IS DISTINCT FROM c.out) > 0,
       format('%s inputs, %s differ', count(*), count(*) FILTER (WHERE p.out IS DISTINCT FROM c.out))
FROM t.pglite_ctl p JOIN t.c_out c USING (id)"
tap_done
