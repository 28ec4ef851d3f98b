#!/usr/bin/env bash
# The README is part of the product: every fenced sql example in it, and in docs/*.md when docs/
# exists (the same rules), runs against this major's server (test/lib/readme_sql.py), the values
# it prints after "-- →" and the errors it shows as "-- ERROR:" must be what the server gives,
# and every "`SELECT …;` → `value`" example of the reference tables is checked the same way. Blocks that need another setup (Citus, preloading)
# say so in a readme-sql comment and name the suite that runs them.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
cluster_start "max_locks_per_transaction = 256" || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
files=(README.md)
if [ -d docs ]; then
  for f in docs/*.md; do [ -e "$f" ] && files+=("$f"); done
fi
PGBIN=$PGBIN python3 test/lib/readme_sql.py "${files[@]}"
rc=$?
if cluster_log_has_crash; then echo "FAIL  the server log shows a crashed backend"; rc=1; fi
cluster_stop
exit $rc
