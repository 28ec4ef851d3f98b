#!/usr/bin/env bash
# scope: once
# Every pg_regress input is scheduled (in the Makefile's REGRESS), so none is skipped silently;
# every expected output has its input; sql/ holds the regression inputs only (the install scripts
# are beside the Makefile). A property of the tree, the same whatever the server: it runs once,
# before 20_regress runs the schedule on every major.
set -u
cd "$(dirname "$0")/../.."
passed=0
failed=0
regress=" $(make -s --no-print-directory print-regress 2>/dev/null) "
for f in sql/*.sql; do
  t=$(basename "$f" .sql)
  case "$t" in uuidx--*) echo "an install script among the regression inputs: $f"; failed=$((failed + 1)); continue ;; esac
  if [[ "$regress" == *" $t "* ]]; then passed=$((passed + 1)); else echo "not in REGRESS: $f"; failed=$((failed + 1)); fi
done
for f in expected/*.out; do
  t=$(basename "$f" .out)
  t=${t%_[0-9]}
  [ -f "sql/$t.sql" ] || { echo "expected output without input: $f"; failed=$((failed + 1)); }
done
echo "$passed regression inputs scheduled"
echo "SUITE_RESULT passed=$passed failed=$failed"
