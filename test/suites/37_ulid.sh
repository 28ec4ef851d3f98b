#!/usr/bin/env bash
# major: 18
# packages: nodejs npm
# server:
# ULIDs as a ULID library makes them, read by both editions (the C build in schema c, the SQL
# edition in s): the npm package ulid 3.0.2 (test/npm/ulid, its sha512 pinned by the lockfile;
# Node.js and npm are Debian's). Its ulid() values (random, and at fixed times), its
# monotonicFactory's values, its decodeTime and ulidToUUID against uuid_from_ulid, uuid_to_ulid
# and uuid_extract_time; uuidx's own v7 values through its uuidToULID and decodeTime; strings
# with a character changed, against its isValid and decodeTime. What docs/outside.md ("TypeID and
# ULID") says: a ULID's 128 bits are the UUID's, big-endian; a v7 gives a valid ULID of the v7's
# unix ms; a library's ULID gives a UUID that is a v7 only when its version and variant bits
# happen to say so. Controls: most of the library's values are not v7; its isValid alone takes
# texts above 128 bits that uuid_from_ulid refuses. Under CI an npm registry that cannot be
# reached is a failure; elsewhere a skip saying so.
set -u
cd "$(dirname "$0")/../.."
source test/lib/packaged_suite.sh
source test/lib/npm_ci.sh
skip_or_fail() { [ -n "${CI:-}" ] && tap_bail "what the suite needs is here" "$1"; tap_skip_all "$1"; }
tap_need "Node.js 18 or later and npm, from Debian's nodejs and npm" \
  "$(command -v node >/dev/null && dpkg --compare-versions "$(node --version 2>/dev/null | tr -d v)" ge 18 && command -v npm >/dev/null && echo t)" "$(node --version 2>&1)"

work=$(mktemp -d /tmp/uuidx-ulid.XXXXXX)
trap 'rm -rf "$work"' EXIT
export npm_config_update_notifier=false
cp test/npm/ulid/package.json test/npm/ulid/package-lock.json "$work/"
npm_ci_pinned "$work" || skip_or_fail "ULID: $npm_ci_error"
version=$(cd "$work" && node -p 'require("./node_modules/ulid/package.json").version' 2>&1)
tap_need "npm package ulid installed" "$([ "$version" = 3.0.2 ] && echo t)" "ulid $version on Node.js $(node --version)"

# Both editions, in a database of their own.
build=${UUIDX_BUILD_DIR:-.}
out=$(bash "$build/src/sql_edition/build.sh" "$build/uuidx--$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx.control).sql" psql 2>&1 >"$work/uuidx-sql.sql")
rc=$?
tap_need "the SQL edition's psql script builds" "$([ $rc = 0 ] && [ -s "$work/uuidx-sql.sql" ] && echo t)" "exit code $rc${out:+; $out}"
chmod -R a+rX "$work"
cluster_psql -c "DROP DATABASE IF EXISTS uuidx_ulid" -c "CREATE DATABASE uuidx_ulid" >/dev/null 2>&1
export PGDATABASE=uuidx_ulid
out=$(cluster_psql -c "CREATE SCHEMA c; CREATE EXTENSION uuidx SCHEMA c; CREATE SCHEMA s; CREATE SCHEMA t;" 2>&1 &&
      cluster_psql -v schema=s -f "$work/uuidx-sql.sql" 2>&1 >/dev/null)
rc=$?
tap_need "both editions installed" "$([ $rc = 0 ] && echo t)" "$out"
# uuidx's v7 values for the library to turn into ULIDs: now, and at the ends of the v7 range.
cluster_psql -At -c "SELECT c.uuid_generate_v7() FROM generate_series(1, 1000)
  UNION ALL SELECT c.uuid_generate_v7(t) FROM unnest('{1970-01-01 00:00:00+00,2024-02-29 12:00:00.123456+00,10889-08-02 05:31:50.655+00}'::timestamptz[]) AS t" >"$work/v7.txt"

# The library's values, one per line: kind, n, text, decodeTime (or empty), uuid (or empty), and
# for the mutated strings whether the library takes them (isValid, and decodeTime does not throw)
# and whether isValid alone does.
cat >"$work/make.mjs" <<'JS'
import { readFileSync } from "node:fs";
import { ulid, decodeTime, isValid, monotonicFactory, ulidToUUID, uuidToULID, TIME_MAX } from "ulid";
const rows = [];
const row = (...cols) => rows.push(cols.join("\t"));
const time = (t) => { try { return String(decodeTime(t)); } catch { return ""; } };
const made = [];
for (let n = 0; n < 1000; n++) made.push(ulid());
for (const t of [0, 1, 1469918176385, Date.now(), TIME_MAX]) made.push(ulid(t));
made.forEach((t, n) => row("ulid", n, t, time(t), ulidToUUID(t).toLowerCase(), "", ""));
// One millisecond, 1000 values: the factory increments the random part.
const mono = monotonicFactory();
for (let n = 0; n < 1000; n++) { const t = mono(1700000000000); row("monotonic", n, t, time(t), ulidToUUID(t).toLowerCase(), "", ""); }
readFileSync(process.argv[2], "utf8").trim().split("\n").forEach((u, n) => {
  const t = uuidToULID(u);
  row("v7", n, t, time(t), u, "", "");
});
// Strings the library may or may not take: lower case, a character replaced, deleted, inserted;
// a first character above 7 (isValid takes it, decodeTime refuses it).
const swaps = ["I", "L", "O", "U", "i", "l", "o", "u", "-", "8", "Z", "z", "#", " ", "é", "0"];
made.slice(0, 400).forEach((t, n) => {
  const at = n % 26, ch = swaps[n % swaps.length];
  const m = [t.toLowerCase(), t.slice(0, at) + ch + t.slice(at + 1), t.slice(0, at) + t.slice(at + 1), t.slice(0, at) + ch + t.slice(at),
             "89AZz"[n % 5] + t.slice(1)][n % 5];
  row("mutated", n, m, time(m), "", isValid(m) && time(m) !== "" ? "t" : "f", isValid(m) ? "t" : "f");
});
console.log(rows.join("\n"));
JS
out=$(cd "$work" && node make.mjs "$work/v7.txt" 2>&1 >"$work/ulid.tsv")
rc=$?
tap_need "the library made its values" "$([ $rc = 0 ] && [ -s "$work/ulid.tsv" ] && echo t)" "exit code $rc, $(wc -l <"$work/ulid.tsv") rows${out:+; $out}"
out=$(cluster_psql -c "CREATE TABLE t.lib (kind text, n int, txt text, ms bigint, uuid uuid, lib_takes boolean, lib_is_valid boolean)" \
        -c "\\copy t.lib FROM '$work/ulid.tsv' WITH (FORMAT text, NULL '')" 2>&1)
tap_need "the library's values loaded" "$([ $? = 0 ] && echo t)" "$out"
cluster_psql <<'SQL'
-- The statement's result as text, or 'ERROR sqlstate message'.
CREATE FUNCTION t.try(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  EXECUTE q INTO r;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN pg_catalog.concat('ERROR ', SQLSTATE, ' ', SQLERRM);
END $$;
CREATE TABLE t.runs AS
  SELECT e, l.*,
         t.try(format('SELECT %I.uuid_from_ulid(%L)', e, l.txt)) AS from_ulid,
         CASE WHEN l.uuid IS NOT NULL THEN t.try(format('SELECT %I.uuid_to_ulid(%L::uuid)', e, l.uuid)) END AS to_ulid,
         CASE WHEN l.uuid IS NOT NULL THEN t.try(format('SELECT floor(extract(epoch FROM %I.uuid_extract_time(%L::uuid)) * 1000)::bigint', e, l.uuid)) END AS extract_ms,
         CASE WHEN l.uuid IS NOT NULL THEN t.try(format('SELECT %I.uuid_extract_version(%L::uuid)', e, l.uuid)) END AS version
  FROM t.lib l, (VALUES ('c'), ('s')) AS ed(e);
SQL
checks() {
  local name ok figures out
  out=$(cluster_psql -At -R $'\x1e' -F $'\x1f' -c "$1" 2>&1) || { tap_check "the checks' query runs" f "$out"; return; }
  while IFS=$'\x1f' read -r -d $'\x1e' name ok figures; do tap_check "$name" "$ok" "$figures"; done <<<"$out"$'\x1e'
}
# (in the order of their names: two runs list them alike)
checks "
WITH r AS (SELECT *, CASE e WHEN 'c' THEN 'C build' ELSE 'SQL edition' END AS ed FROM t.runs)
SELECT * FROM (
SELECT ed || ': uuid_from_ulid gives ulidToUUID''s uuid for each of the library''s ulid() and monotonicFactory values, and uuid_to_ulid the text back',
       count(*) > 0 AND count(*) FILTER (WHERE from_ulid IS DISTINCT FROM uuid::text OR to_ulid IS DISTINCT FROM txt) = 0,
       format('%s values, %s differ', count(*), count(*) FILTER (WHERE from_ulid IS DISTINCT FROM uuid::text OR to_ulid IS DISTINCT FROM txt))
       || coalesce(E'\n' || (array_agg(format('%s: %s, %s', txt, from_ulid, to_ulid)) FILTER (WHERE from_ulid IS DISTINCT FROM uuid::text OR to_ulid IS DISTINCT FROM txt))[1], '')
FROM r WHERE kind IN ('ulid', 'monotonic') GROUP BY ed
UNION ALL
SELECT ed || ': each value''s decodeTime is the unix ms in the first 48 bits of its uuid',
       count(*) > 0 AND count(*) FILTER (WHERE ms IS DISTINCT FROM ('x' || left(replace(from_ulid, '-', ''), 12))::bit(48)::bigint) = 0,
       format('%s values, %s differ', count(*), count(*) FILTER (WHERE ms IS DISTINCT FROM ('x' || left(replace(from_ulid, '-', ''), 12))::bit(48)::bigint))
FROM r WHERE kind IN ('ulid', 'monotonic', 'v7') GROUP BY ed
UNION ALL
SELECT ed || ': a library ULID''s uuid gives uuid_extract_time its decodeTime when its bits say v7, and no time when they say no version',
       count(*) FILTER (WHERE version = '7' AND extract_ms IS DISTINCT FROM ms::text) = 0
       AND count(*) FILTER (WHERE version IS NULL AND extract_ms IS NOT NULL) = 0,
       format('%s random values: %s v7 by chance (time as decodeTime: %s), %s v1 or v6 (a Gregorian time), %s of another version, %s of no RFC 9562 variant (no time)',
              count(*), count(*) FILTER (WHERE version = '7'), count(*) FILTER (WHERE version = '7' AND extract_ms = ms::text),
              count(*) FILTER (WHERE version IN ('1', '6')), count(*) FILTER (WHERE version NOT IN ('1', '6', '7')), count(*) FILTER (WHERE version IS NULL))
FROM r WHERE kind = 'ulid' AND n < 1000 GROUP BY ed
UNION ALL
SELECT ed || ': the monotonic factory''s values in one millisecond read as uuids in the order made',
       count(*) = 999 AND count(*) FILTER (WHERE u <= prev) = 0,
       format('%s pairs, %s out of order', count(*), count(*) FILTER (WHERE u <= prev))
FROM (SELECT ed, from_ulid::uuid AS u, lag(from_ulid::uuid) OVER (PARTITION BY ed ORDER BY n) AS prev FROM r WHERE kind = 'monotonic') m
WHERE prev IS NOT NULL GROUP BY ed
UNION ALL
SELECT ed || ': uuidx''s v7 values: uuid_to_ulid is the library''s uuidToULID, whose decodeTime is uuid_extract_time''s ms',
       count(*) > 0 AND count(*) FILTER (WHERE to_ulid IS DISTINCT FROM txt OR extract_ms IS DISTINCT FROM ms::text OR version IS DISTINCT FROM '7') = 0,
       format('%s values, %s differ', count(*), count(*) FILTER (WHERE to_ulid IS DISTINCT FROM txt OR extract_ms IS DISTINCT FROM ms::text OR version IS DISTINCT FROM '7'))
       || coalesce(E'\n' || (array_agg(format('%s: %s %s, %s %s', uuid, to_ulid, txt, extract_ms, ms)) FILTER (WHERE to_ulid IS DISTINCT FROM txt OR extract_ms IS DISTINCT FROM ms::text))[1], '')
FROM r WHERE kind = 'v7' GROUP BY ed
UNION ALL
SELECT ed || ': uuid_from_ulid takes exactly the strings the library takes (isValid, and decodeTime within 48 bits), others with 22P02',
       count(*) > 0 AND count(*) FILTER (WHERE lib_takes <> (from_ulid NOT LIKE 'ERROR %') OR (from_ulid LIKE 'ERROR %' AND from_ulid NOT LIKE 'ERROR 22P02 %')) = 0,
       format('%s strings: the library takes %s, uuid_from_ulid %s (%s in lower case); %s differ', count(*), count(*) FILTER (WHERE lib_takes),
              count(*) FILTER (WHERE from_ulid NOT LIKE 'ERROR %'), count(*) FILTER (WHERE from_ulid NOT LIKE 'ERROR %' AND txt ~ '[a-z]'),
              count(*) FILTER (WHERE lib_takes <> (from_ulid NOT LIKE 'ERROR %')))
       || coalesce(E'\n' || (array_agg(format('%s: library %s, %s', txt, lib_takes, from_ulid)) FILTER (WHERE lib_takes <> (from_ulid NOT LIKE 'ERROR %')))[1], '')
FROM r WHERE kind = 'mutated' GROUP BY ed
UNION ALL
SELECT 'control: most of the library''s random ULIDs are not v7 (their version bits are random)',
       count(*) FILTER (WHERE version IS DISTINCT FROM '7') > count(*) / 2, format('%s of %s not v7', count(*) FILTER (WHERE version IS DISTINCT FROM '7'), count(*))
FROM r WHERE e = 'c' AND kind = 'ulid' AND n < 1000
UNION ALL
SELECT 'control: the library''s isValid alone takes texts above 128 bits that uuid_from_ulid refuses',
       count(*) > 0, format('%s such texts, e.g. %s', count(*), min(txt))
FROM r WHERE e = 'c' AND kind = 'mutated' AND lib_is_valid AND from_ulid LIKE 'ERROR 22P02 %') AS c(name, ok, figures) ORDER BY name COLLATE \"C\""
cluster_psql -d postgres -c "DROP DATABASE uuidx_ulid" >/dev/null 2>&1
tap_done
