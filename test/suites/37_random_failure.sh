#!/usr/bin/env bash
# A failing random source, seen through SQL. The test build (make UUIDX_FAULT_INJECTION=1, in a
# throwaway copy of the server's installation: lab/variant.sh) has a setting
# uuidx.test_random_failure that makes every refill of the random buffer fail. With it on, every
# generator that draws random bits raises XX000 "could not generate random values" (the SQLSTATE
# and message of PostgreSQL's own gen_random_uuid()) with its detail, and returns no value; with
# it off again the same session generates as before, v7 and v1 still increasing. The shipped
# library has no such setting (checked on this major's normal build).
set -u
cd "$(dirname "$0")/../.."
source lab/variant.sh
passed=0
failed=0
source test/lib/generation.sh  # check_true, check_sql, suite_end (after passed/failed)

lib=${UUIDX_BUILD_DIR:-.}/uuidx.so
check_true "the shipped library has no uuidx.test_random_failure" \
  "$(grep -q test_random_failure "$lib" 2>/dev/null && echo f || echo t)" "$lib"

if ! variant_bin=$(uuidx_variant_install "${PG_CONFIG:-pg_config}" faults UUIDX_FAULT_INJECTION=1); then
  echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"
  exit 1
fi
trap 'uuidx_variant_remove "$variant_bin"' EXIT
PGBIN=$variant_bin
source test/lib/cluster.sh
cluster_start || { echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx" -c "
  CREATE FUNCTION outcome(expr text) RETURNS text LANGUAGE plpgsql AS \$\$
  DECLARE v uuid; d text;
  BEGIN
    EXECUTE 'SELECT ' || expr INTO v;
    RETURN 'value ' || v;
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ' ' || SQLERRM || ' / ' || d;
  END \$\$"

want='XX000 could not generate random values / The cryptographically secure random number generator failed.'
# v1, v6 and v1mc's clock_seq and node are drawn at a session's first use: the setting is on
# before the library loads in the session (a fresh connection), so nothing is drawn before it.
out=$(cluster_psql -At -F '|' -c "SET uuidx.test_random_failure = on" -c "
  SELECT g, outcome(g) FROM unnest(array['uuid_generate_v4()', 'uuid_generate_v7()', 'uuid_generate_v1()',
    'uuid_generate_v6()', 'uuid_generate_v1mc()', 'public.uuidv4()', 'public.uuidv7()',
    'public.uuidv7(interval ''1 day'')', 'uuid_generate_v7(now())']) g" 2>&1)
n=0
while IFS='|' read -r g got; do
  [ -n "$g" ] || continue
  n=$((n + 1))
  check_true "$g with the random source failing" "$([ "$got" = "$want" ] && echo t)" "$got"
done <<<"$out"
check_true "every generator was tried" "$([ $n = 9 ] && echo t)" "$n of 9"

# Through psql, as a client sees it: the SQLSTATE in the verbose error, and no row.
verbose=$(cluster_psql -v VERBOSITY=verbose -At -c "SET uuidx.test_random_failure = on" \
  -c "SELECT uuid_generate_v4() AS got" 2>&1)
check_true "psql shows ERROR XX000 and no value" \
  "$(grep -q '^ERROR:  XX000: could not generate random values' <<<"$verbose" &&
     ! grep -qE '[0-9a-f]{8}-[0-9a-f]{4}-' <<<"$verbose" && echo t)" "$(head -n 1 <<<"$verbose")"

# One session: failures, values once the source recovers, a failure of v7 again (v1, seeded by
# then, draws nothing more), and v7 still increasing across it.
check_sql "one session across failures" "
  SET uuidx.test_random_failure = on;
  CREATE TEMP TABLE f1 AS SELECT outcome('uuid_generate_v7()') o7, outcome('uuid_generate_v1()') o1;
  SET uuidx.test_random_failure = off;
  CREATE TEMP TABLE ok1 AS SELECT uuid_generate_v7() v7, uuid_generate_v1() v1;
  SET uuidx.test_random_failure = on;
  CREATE TEMP TABLE f2 AS SELECT outcome('uuid_generate_v7()') o7, outcome('uuid_generate_v1()') o1;
  SET uuidx.test_random_failure = off;
  SELECT f1.o7 = '$want' AND f1.o1 = '$want' AND f2.o7 = '$want' AND f2.o1 LIKE 'value %'
           AND uuid_generate_v7() > ok1.v7 AND uuid_generate_v1() <> ok1.v1,
         format('first: %s / %s; after recovery: v7 and v1 values; again: %s / %s', f1.o7, f1.o1, f2.o7, f2.o1)
  FROM f1, ok1, f2"
suite_end
