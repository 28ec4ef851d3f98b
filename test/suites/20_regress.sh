#!/usr/bin/env bash
# pg_regress suites (sql/*.sql -> expected/*.out) against a throwaway cluster, through PGXS's
# make installcheck. (That every sql/*.sql is in REGRESS is checked once, by 19_regress_schedule.)
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh

passed=0
failed=0

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
