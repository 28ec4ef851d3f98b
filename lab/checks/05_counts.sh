#!/usr/bin/env bash
# scope: once
# What the runner counts: a failing TAP file's own failures only (its regress_log, printed after,
# repeats them), a suite of a scope the runner does not know, the skips lab/skips expects.
source "$(dirname "$0")/check.sh"
source lab/count.sh
source lab/matrix.sh
source lab/pgserver.sh
source lab/prove.sh

# A TAP file with 1 passing and 2 failing checks, run as lab/kinds/tap.sh runs them, on the
# machine's major; a command it runs writes TAP-like lines into its regress_log (as pg_regress,
# from 16 on), which prove.sh prints after: the control counts them as the lines were printed before.
for v in "${UUIDX_DOCUMENTED_MAJORS[@]}"; do [ -z "${UUIDX_MAJOR_ROOT[$v]:-}" ] && break; done
dir=$(mktemp -d) && chmod 755 "$dir"
printf '%s\n' 'use PostgreSQL::Test::Utils;' 'use Test::More;' 'ok(1, "a"); ok(0, "b"); ok(0, "c");' \
  'system("echo ok 1 - logged; echo not ok 2 - logged");' 'done_testing();' >"$dir/099_planted.pl"
tap_prove "$(pg_server_config "$v")" "$dir/099_planted.pl" >"$dir/out" 2>&1
counts=$(count_log "$dir/out" planted | tail -n 1 | cut -f2- | tr '\t' ' ')
before=$(sed 's/^  | /  /' "$dir/out" >"$dir/before" && count_log "$dir/before" planted | tail -n 1 | cut -f2- | tr '\t' ' ')
tap_check "a TAP file's failures are counted once, also with its regress_log printed after" \
  "$([ "$counts" = "1 2 0" ] && [ "$before" = "2 3 0" ] && echo t)" \
  "counted (passed, failed, skipped): $counts; the log's lines not set off (the control): $before"
rm -rf "$dir"

# A planted suite of an unknown scope, in a copy of the lab: the run ends before it installs anything.
dir=$(mktemp -d)
cp -r lab "$dir/" && mkdir -p "$dir/test/suites" && printf '# scope: bogus\n' >"$dir/test/suites/99_planted.sh"
out=$(bash "$dir/lab/run.sh" 2>&1)
rc=$?
tap_check "a suite of a scope the runner does not know fails the run, named" \
  "$([ $rc != 0 ] && [[ $out == *'test/suites/99_planted.sh says "# scope: bogus"'* ]] && [[ $out == *'0 passed, 1 failed' ]] && echo t)" "exit $rc: $out"
rm -rf "$dir"

# 012's skip of a pair pg_upgrade cannot pass: expected for the pg_attver error of 15 -> 16 and
# 17 -> 18 only (docs/upgrading.md).
e='pg_restore: error: could not execute query: ERROR:  unrecognized parameter "pg_attver"'
why() { echo "cross 012_pg_upgrade: $1: pg_upgrade fails for a cluster without uuidx as well (a table of one bigint and one text column), so no extension can pass it between these servers: $2; uuidx cluster: $3"; }
seen=""
for c in "15 -> 16|$e|$e" "17 -> 18|$e|$e" "15 -> 16|${e/pg_attver/pg_other}|$e" "17 -> 18|$e|pg_restore: error: could not execute query: ERROR:  function uuidx.uuid_v7() does not exist" \
  "16 -> 17|$e|$e"; do
  IFS='|' read -r pair plain own <<<"$c"
  skip_expected "$(why "$pair" "$plain" "$own")" && seen+=y || seen+=n
done
tap_check "lab/skips expects 012's skip for the pg_attver error of 15 -> 16 and 17 -> 18, not another error or pair" \
  "$([ "$seen" = yynnn ] && echo t)" "expected (y/n) for the pg_attver pairs, another error of the plain cluster, of the uuidx cluster, another pair: $seen"
tap_done
