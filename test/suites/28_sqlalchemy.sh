#!/usr/bin/env bash
# server: log_statement = 'all'
# packages: python3-sqlalchemy python3-psycopg2
# The ORM example of docs/faq.md ("ORMs and drivers") run as written with Debian's SQLAlchemy and
# psycopg2 (bookworm: SQLAlchemy 1.4.46; sid: 2.0.52): a table keyed `id uuid_v7 PRIMARY KEY
# DEFAULT uuid_generate_v7()`, reflected (2.x: a DOMAIN uuid_v7 over UUID; 1.4: UUID; the default
# naming uuid_generate_v7), then 100 rows inserted through Core without an id, each key read back
# from RETURNING. Checks: it prints what its comments say; the server log shows the INSERTs
# carrying RETURNING; psycopg2 sees the column as uuid (OID 2950); 100 v7 keys, increasing.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh

py=/usr/bin/python3  # Debian's, which has the packages above
tap_need "python3-sqlalchemy and python3-psycopg2 importable by Debian's python3" \
  "$("$py" -c 'import sqlalchemy, psycopg2' 2>/dev/null && echo t)" "$py"
version=$("$py" -c 'import sqlalchemy; print(sqlalchemy.__version__)')

example=$(mktemp /tmp/uuidx-sqlalchemy.XXXXXX.py)
trap 'rm -f "$example"' EXIT
"$py" - docs/faq.md >"$example" <<'PY'
import re, sys
blocks = re.findall(r"```python\n(.*?)```", open(sys.argv[1], encoding="utf-8").read(), re.S)
print(next(b for b in blocks if "uuid_generate_v7" in b), end="")
PY
tap_need "docs/faq.md has the SQLAlchemy example" "$([ -s "$example" ] && echo t)" "$(wc -l <"$example") lines"
# The values the example's comments say its print() calls give, in order.
expected=$(sed -nE 's/^print\(.*# (.*)$/\1/p' "$example")

cluster_psql -c "CREATE EXTENSION uuidx"
chmod 644 "$example"
out=$("$py" "$example" 2>&1)
rc=$?
tap_check "the example runs" "$([ $rc = 0 ] && echo t)" "SQLAlchemy $version, exit code $rc"
tap_check "it prints what its comments say (reflection: UUID with default uuid_generate_v7(); keys: v7, increasing, 100 distinct)" \
  "$([ "$out" = "$expected" ] && [ -n "$expected" ] && echo t)" "$(tr '\n' '/' <<<"$out") against $(tr '\n' '/' <<<"$expected")"
tap_check "the inserts asked the server for the key (RETURNING in the server log)" \
  "$([ "$(grep -c 'statement: INSERT INTO orders .*RETURNING orders.id' "$UUIDX_SERVER_LOG")" = 100 ] && echo t)" \
  "$(grep -c 'statement: INSERT INTO orders .*RETURNING orders.id' "$UUIDX_SERVER_LOG") of 100 INSERTs with RETURNING orders.id"
kind=$("$py" - <<'PY2' 2>&1
import sqlalchemy as sa
engine = sa.create_engine("postgresql+psycopg2://")
t = next(c for c in sa.inspect(engine).get_columns("orders") if c["name"] == "id")["type"]
if sa.__version__.startswith("1."):
    print("ok" if type(t).__name__ == "UUID" else "1.x: %r" % t)
else:
    print("ok" if type(t).__name__ == "DOMAIN" and t.name == "uuid_v7" and type(t.data_type).__name__ == "UUID" else "2.x: %r" % t)
PY2
)
tap_check "reflected type as docs/faq.md says (2.x: DOMAIN uuid_v7 over UUID; 1.4: UUID)" "$([ "$kind" = ok ] && echo t)" "SQLAlchemy $version: $kind"
oid=$("$py" -c 'import psycopg2
cur = psycopg2.connect("").cursor()
cur.execute("SELECT id FROM orders LIMIT 1")
print(cur.description[0].type_code)' 2>&1)
tap_check "a driver sees the uuid_v7 column as uuid (psycopg2: type OID 2950)" "$([ "$oid" = 2950 ] && echo t)" "type OID $oid"
tap_sql "the table: 100 v7 keys from the default, increasing in insertion order" "
  SELECT count(*) = 100 AND bool_and(uuid_extract_version(id) = 7) AND bool_and(prev IS NULL OR id > prev),
         count(*) || ' rows'
  FROM (SELECT id, lag(id) OVER (ORDER BY total) AS prev FROM orders) s"
tap_done
