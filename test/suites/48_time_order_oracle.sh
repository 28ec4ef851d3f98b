#!/usr/bin/env bash
# The oracle of the planner hook over orders by time and min/max of time (uuidx.time_predicates).
# test/lib/order_oracle.py builds tables with keys made bit by bit outside uuidx: v7 only by the
# uuid_v7 domain (with NULL keys), by a table CHECK calling uuid_check_version, and an empty one,
# each with many keys in one ms and in one µs; and two where nothing may change: a CHECK
# (uuid_extract_version(id) = 7), which admits nil, max and other variants whose time is NULL, and
# a table of mixed versions. Then thousands of random queries: ORDER BY [g,] time (every form of
# the time, ASC/DESC, NULLS FIRST/LAST) with WHERE, LIMIT and OFFSET (also as parameters of a
# prepared statement's generic plan), a key after the time,
# DISTINCT, limited subqueries, UNION of limited arms, cursors scrolling backwards, window ranks,
# min/max with WHERE, FILTER, GROUP BY, HAVING, correlated subqueries and empty tables; each run
# with the setting on, then off. Rows of one instant may come in any order, so what must agree is
# compared (order_oracle.py): the sequence of sort keys, each instant's rows, and at a LIMIT or
# OFFSET boundary rows of that instant. Checks: no mismatch; the plan changed for many queries on
# the v7 tables and never on the others. UUIDX_ORACLE_SEED; about 3 * UUIDX_ORACLE_N queries per
# table.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

seed=${UUIDX_ORACLE_SEED:-20261124}
n=${UUIDX_ORACLE_N:-300}
if ! command -v python3 >/dev/null; then
  echo "SKIP  the oracle needs python3, which is not installed"
  echo "SUITE_RESULT passed=0 failed=0 skipped=1"
  exit 0
fi

cluster_start "shared_preload_libraries = 'uuidx'" || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
work=$(mktemp -d /tmp/uuidx-order-oracle.XXXXXX)
chmod 755 "$work"
cluster_psql -c "CREATE DATABASE oracle"
PGDATABASE=oracle cluster_psql -c "CREATE EXTENSION uuidx"

start=$(date +%s%N)
python3 test/lib/order_oracle.py gen "$seed" "$n" "$work/oracle.sql"
PGDATABASE=oracle cluster_psql -At -f "$work/oracle.sql" >"$work/oracle.out" 2>"$work/oracle.err"
rc=$?
python3 test/lib/order_oracle.py rows_sql | PGDATABASE=oracle cluster_psql -At -F $'\t' >"$work/rows.tsv" 2>>"$work/oracle.err"
end=$(date +%s%N)
check_true "oracle script ran" "$([ $rc = 0 ] && [ ! -s "$work/oracle.err" ] && echo t)" \
  "exit code $rc, $(( (end - start) / 1000000 )) ms$( [ -s "$work/oracle.err" ] && echo "; $(head -c 400 "$work/oracle.err")")"
python3 test/lib/order_oracle.py check "$work/oracle.out" "$work/oracle.sql.flags" "$work/rows.tsv" >"$work/stats"
while read -r table tried mismatched fired; do
  [ "$table" = "mismatched" ] && continue
  check_true "$table: the answers agree with the setting on and off" \
    "$([ "$mismatched" = 0 ] && [ "$tried" -ge $((3 * n)) ] && echo t)" "$tried queries, $mismatched mismatches (seed $seed)"
  if [[ " o_ver o_mix " == *" $table "* ]]; then
    check_true "$table: never rewritten (not provably v7 with a NULL time only for a NULL key)" \
      "$([ "$fired" = 0 ] && echo t)" "plan changed for $fired of $tried"
  else
    check_true "$table: rewritten for many queries" "$([ $((fired * 100)) -ge $((tried * 25)) ] && echo t)" \
      "plan changed for $fired of $tried"
  fi
done <"$work/stats"
grep '^mismatched' "$work/stats" && { echo "queries: $work/oracle.sql.queries"; UUIDX_KEEP_CLUSTER=1; }
check_true "every table checked" "$([ "$(grep -c '^o_' "$work/stats")" = 5 ] && echo t)" "$(tr '\n' ';' <"$work/stats")"

[ -z "${UUIDX_KEEP_CLUSTER:-}" ] && rm -rf "$work"
suite_end
