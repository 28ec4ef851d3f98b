#!/usr/bin/env bash
# scope: once
# Every pg_regress input is scheduled (in the Makefile's REGRESS), so none is skipped silently;
# every expected output has its input; sql/ holds the regression inputs only (the install scripts
# are beside the Makefile). A property of the tree, the same whatever the server: it runs once,
# before 20_regress runs the schedule on every major.
source "$(dirname "$0")/../lib/tap.sh"
regress=" $(make -s --no-print-directory print-regress 2>/dev/null) "
for f in sql/*.sql; do
  t=$(basename "$f" .sql)
  tap_check "$f is a regression input in REGRESS" "$([[ $t != uuidx--* && $regress == *" $t "* ]] && echo t)" \
    "$([[ $t == uuidx--* ]] && echo "an install script among the regression inputs")"
done
for f in expected/*.out; do
  t=$(basename "$f" .out)
  t=${t%_[0-9]}
  tap_check "$f has its input" "$([ -f "sql/$t.sql" ] && echo t)"
done
tap_done
