#!/usr/bin/env bash
# major: 18
# packages: postgresql-18-pg-uuidv7
# server:
# The move from pg_uuidv7 of docs/coming-from.md ("Coming from pg_uuidv7"), against Debian's package of it
# (sid's 18 alone: pg_uuidv7 1.7.0), installed with apt as its users do. The steps as docs/coming-from.md
# gives them: an application on pg_uuidv7 (a v7 default, a view over uuid_v7_to_timestamptz);
# uuidx beside it in a schema of its own; the defaults pointed at uuidx's function of the same name
# (docs/coming-from.md's DO block); DROP EXTENSION pg_uuidv7 refused while the view uses it; the view
# rewritten; then the drop goes through. docs/coming-from.md's table of equivalents compared row by row.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh

package=postgresql-18-pg-uuidv7
tap_need "apt-get install postgresql-N-pg-uuidv7" "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' && echo t)" \
  "$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null)"

cluster_psql -q <<'SQL'
CREATE EXTENSION pg_uuidv7;
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), note text);
INSERT INTO orders (note) SELECT 'before ' || g FROM generate_series(1, 1000) AS g;
CREATE VIEW order_times AS SELECT id, uuid_v7_to_timestamptz(id) AS created FROM orders;
CREATE TABLE before_move AS SELECT * FROM orders;
SQL
tap_sql "an application on pg_uuidv7: 1000 rows, v7 keys from its default" "
  SELECT count(*) = 1000 AND bool_and(uuid_extract_version(id) = 7), count(*) || ' rows'
  FROM orders"

# 1. uuidx beside it, in its own schema: both define uuid_generate_v7().
cluster_psql -q -c "CREATE SCHEMA uuidx" -c "CREATE EXTENSION uuidx SCHEMA uuidx"
# docs/coming-from.md's table of equivalents, row by row, while both are installed: it names every function
# pg_uuidv7 defines, and each row's two expressions (the first code span of each cell, run as
# written with uuidx's schema first on the search path) agree on sample values: 1000 keys (half
# the table's, half made by pg_uuidv7 for instants from 1970 to 2100), 1000 timestamptz and 1000
# timestamp instants, in a session whose time zone is not UTC (Asia/Kolkata, +05:30). A value
# with random bits (pg_uuidv7 called without `true`) agrees in its millisecond, and both are v7;
# any other value is equal. The row of uuid_generate_v7() itself is the default moved below.
table=$(python3 - docs/coming-from.md <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
part = text.split("## Coming from pg_uuidv7", 1)[1]
rows = re.findall(r"^\| `([^`]+)`[^|]*\| `([^`]+)`", part.split("\n\n| pg_uuidv7 | uuidx |", 1)[1].split("\n\n", 1)[0], re.M)
for a, b in rows:
    print(a + "\t" + b)
PY
)
readme_names=$(cut -f1 <<<"$table" | sed -E 's/\(.*//' | LC_ALL=C sort -u | tr '\n' ' ')
package_names=$(cluster_psql -At -c "
  SELECT string_agg(DISTINCT p.proname, ' ' ORDER BY p.proname) || ' '
  FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
  WHERE d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_uuidv7')")
tap_check "docs/coming-from.md's table names every function of pg_uuidv7, and no other" \
  "$([ -n "$readme_names" ] && [ "$readme_names" = "$package_names" ] && echo t)" \
  "docs/coming-from.md: ${readme_names}; pg_uuidv7: $package_names"
cluster_psql -q -c "ALTER DATABASE postgres SET timezone = 'Asia/Kolkata'"
cluster_psql -q <<'SQL'
CREATE TABLE samples AS
  SELECT CASE WHEN g % 2 = 0 THEN o.id
              ELSE uuid_timestamptz_to_v7(timestamptz '1970-01-01 00:00:00.001+00' + g * interval '48 days 3 hours 7.013 s')
         END AS u,
         timestamptz '2024-02-29 12:34:56.789+00' + (g - 500) * interval '7 hours 3.0011 s' AS t,
         timestamp '2024-02-29 23:45:01.234' + (g - 500) * interval '5 days 1 hour 1.0007 s' AS ts
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS g FROM orders) o;
SQL
rows=0
while IFS=$'\t' read -r theirs ours; do
  [ -n "$theirs" ] || continue
  [ "$theirs" = "uuid_generate_v7()" ] && continue
  rows=$((rows + 1))
  type=$(cluster_psql -At -c "SET search_path = uuidx, public; SELECT pg_typeof($theirs) FROM samples LIMIT 1")
  if [ "$type" = uuid ] && [[ $theirs != *", true)" ]]; then
    agree="uuidx.uuid_extract_time(a) = uuidx.uuid_extract_time(b) AND uuidx.uuid_extract_version(a) = 7 AND uuidx.uuid_extract_version(b) = 7"
  else
    agree="a = b"
  fi
  tap_sql "docs/coming-from.md: $theirs ↔ $ours" "
    SET search_path = uuidx, public;
    SELECT bool_and($agree) AND bool_and(ta = tb) AND count(*) = 1000,
           count(*) || ' samples, ' || min(ta) || ' and ' || min(tb) || ', time zone ' || current_setting('TimeZone')
    FROM (SELECT a, b, pg_typeof(a)::text AS ta, pg_typeof(b)::text AS tb
          FROM (SELECT $theirs AS a, $ours AS b FROM samples) s0) s"
done <<<"$table"
tap_check "docs/coming-from.md's table: six rows compared besides uuid_generate_v7()" "$([ "$rows" = 6 ] && echo t)" "$rows rows"
cluster_psql -q -c "ALTER DATABASE postgres RESET timezone" -c "DROP TABLE samples"

# 2. The defaults that call pg_uuidv7, pointed at uuidx's function of the same name: docs/coming-from.md's
# DO block of "Coming from uuid-ossp" itself, with 'uuid-ossp' replaced by 'pg_uuidv7' and its
# list of names by uuid_generate_v7, as "Coming from pg_uuidv7" says.
migrate=$(sed -n '/^DO \$migrate\$$/,/^\$migrate\$;$/p' docs/coming-from.md | sed "s/'uuid-ossp'/'pg_uuidv7'/g" |
  sed 's/(uuid_generate_v1mc|uuid_generate_v\[1345\]|uuid_nil|uuid_ns_dns|uuid_ns_url|uuid_ns_oid|uuid_ns_x500)/(uuid_generate_v7)/')
tap_check "docs/coming-from.md's DO block, adapted to pg_uuidv7" \
  "$(grep -q "extname = 'pg_uuidv7'" <<<"$migrate" && grep -qF '\.(uuid_generate_v7)\(' <<<"$migrate" && ! grep -qF "'uuid-ossp'" <<<"$migrate" && echo t)" \
  "$(wc -l <<<"$migrate") lines"
cluster_psql -q <<<"$migrate"
tap_sql "the default now calls uuidx's uuid_generate_v7()" "
  SELECT pg_get_expr(d.adbin, d.adrelid) = 'uuidx.uuid_generate_v7()', pg_get_expr(d.adbin, d.adrelid)
  FROM pg_attrdef d WHERE d.adrelid = 'orders'::regclass"

# 3. DROP EXTENSION pg_uuidv7 without CASCADE: refused while the view calls it.
out=$(cluster_psql -c "DROP EXTENSION pg_uuidv7" 2>&1)
tap_check "DROP EXTENSION pg_uuidv7 refused while the view uses it (2BP01)" \
  "$(grep -q 'cannot drop extension pg_uuidv7 because other objects depend on it' <<<"$out" && grep -q 'view order_times' <<<"$out" && echo t)" \
  "$(tr '\n' ' ' <<<"$out" | cut -c1-200)"
cluster_psql -q -c "CREATE OR REPLACE VIEW order_times AS SELECT id, uuidx.uuid_extract_time(id) AS created FROM orders"
out=$(cluster_psql -c "DROP EXTENSION pg_uuidv7" 2>&1)
rc=$?
tap_check "then DROP EXTENSION pg_uuidv7 goes through" \
  "$([ $rc = 0 ] && [ -z "$(cluster_psql -At -c "SELECT 1 FROM pg_extension WHERE extname = 'pg_uuidv7'")" ] && echo t)" \
  "exit code $rc ${out:-(no message)}"

# 4. uuidx's schema on the search path; the application goes on.
cluster_psql -q -c "ALTER DATABASE postgres SET search_path = \"\$user\", public, uuidx" \
  -c "INSERT INTO orders (note) SELECT 'after ' || g FROM generate_series(1, 1000) AS g"
tap_sql "the rows of before the move are untouched" "
  SELECT count(*) = 1000, count(*) || ' of 1000 rows equal' FROM orders o JOIN before_move b USING (id) WHERE o.note = b.note"
tap_sql "new rows: uuidx's v7, strictly increasing, above every earlier key" "
  SELECT bool_and(uuid_extract_version(id) = 7) AND bool_and(id > (SELECT id FROM before_move ORDER BY id DESC LIMIT 1))
         AND bool_and(id > prev), count(*) || ' new rows'
  FROM (SELECT id, lag(id) OVER (ORDER BY length(note), note) AS prev FROM orders WHERE note LIKE 'after %') s WHERE prev IS NOT NULL"
tap_sql "the view reads every row's time with uuidx" "
  SELECT count(*) = 2000 AND bool_and(created IS NOT NULL), count(*) || ' rows' FROM order_times"
tap_done
