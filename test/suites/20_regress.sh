#!/usr/bin/env bash
# pg_regress suites (sql/*.sql -> expected/*.out) against a throwaway cluster, through PGXS's
# make installcheck, plus a check that every sql/*.sql is in REGRESS so none is skipped silently.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh

passed=0
failed=0

# Every pg_regress input must be scheduled, and every expected output must have an input.
regress=" $(make -s --no-print-directory print-regress 2>/dev/null) "
for f in sql/*.sql; do
  t=$(basename "$f" .sql)
  # sql/ holds the regression inputs only; the install scripts are beside the Makefile.
  case "$t" in uuidx--*) echo "an install script among the regression inputs: $f"; failed=$((failed + 1)); continue ;; esac
  if [[ "$regress" == *" $t "* ]]; then passed=$((passed + 1)); else echo "not in REGRESS: $f"; failed=$((failed + 1)); fi
done
for f in expected/*.out; do
  t=$(basename "$f" .out)
  t=${t%_[0-9]}
  [ -f "sql/$t.sql" ] || { echo "expected output without input: $f"; failed=$((failed + 1)); }
done

cluster_start || { echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
outdir=$(mktemp -d /tmp/uuidx-regress.XXXXXX)
# PGXS's own target, from this major's build directory (UUIDX_BUILD_DIR; the checkout when run by
# hand), against the cluster of PGHOST/PGPORT: the schedule and options are the Makefile's.
builddir=${UUIDX_BUILD_DIR:-.}
rm -rf "$builddir/results" "$builddir/regression.diffs" "$builddir/regression.out"
make -C "$builddir" -s --no-print-directory PG_CONFIG="${PG_CONFIG:-pg_config}" installcheck >"$outdir/pg_regress.log" 2>&1
regress_rc=$?
cat "$outdir/pg_regress.log"
[ -f "$builddir/regression.diffs" ] && head -n 200 "$builddir/regression.diffs"
read -r ok bad < <(regress_counts "$outdir/pg_regress.log" "$regress_rc")
passed=$((passed + ok))
failed=$((failed + bad + $(cluster_crash_failures)))
cluster_stop
echo "SUITE_RESULT passed=$passed failed=$failed"
