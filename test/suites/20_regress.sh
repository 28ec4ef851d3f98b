#!/usr/bin/env bash
# server:
# pg_regress suites (sql/*.sql -> expected/*.out) against the lab's throwaway cluster, through PGXS's
# make installcheck: one check per test of the schedule. (That every sql/*.sql is in REGRESS is
# checked once, by 19_regress_schedule.)
source "$(dirname "$0")/../lib/tap.sh"

outdir=$(mktemp -d /tmp/uuidx-regress.XXXXXX)
# PGXS's own target, from this major's build directory (UUIDX_BUILD_DIR; the checkout when run by
# hand), against the cluster of PGHOST/PGPORT: the schedule and options are the Makefile's.
builddir=${UUIDX_BUILD_DIR:-.}
rm -rf "$builddir/results" "$builddir/regression.diffs" "$builddir/regression.out"
make -C "$builddir" -s --no-print-directory PG_CONFIG="${PG_CONFIG:-pg_config}" installcheck >"$outdir/pg_regress.log" 2>&1
rc=$?
# Each test's line, as pg_regress writes it before 16 ("test NAME ... ok") and from 16 on (TAP).
results=$(awk '/^(ok|not ok) [0-9]+ +[-+] / { r = $1 == "ok" ? "t" : "f"; sub(/^(ok|not ok) [0-9]+ +[-+] +/, ""); print r, $1; next }
  / \.\.\. / { r = / \.\.\. ok/ ? "t" : "f"; sub(/^(test)? +/, ""); print r, $1 }' "$outdir/pg_regress.log")
tap_check "make installcheck runs the schedule and exits 0" "$([ $rc = 0 ] && [ -n "$results" ] && echo t)" \
  "exit code $rc, $(grep -c . <<<"$results") tests run"
[ $rc = 0 ] || tap_note "$(cat "$outdir/pg_regress.log"; head -n 200 "$builddir/regression.diffs" 2>/dev/null)"
while read -r ok name; do
  [ -n "$name" ] && tap_check "pg_regress: $name" "$ok"
done <<<"$results"
rm -rf "$outdir"
tap_done
