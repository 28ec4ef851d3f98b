#!/usr/bin/env bash
# server: max_locks_per_transaction = 256
# The README is part of the product: every fenced sql example in it, and in docs/*.md when docs/
# exists (the same rules), runs against this major's server (test/lib/readme_sql.py), the values
# it prints after "-- →" and the errors it shows as "-- ERROR:" must be what the server gives,
# and every "`SELECT …;` → `value`" example of the reference tables is checked the same way. Blocks that need another setup (Citus, preloading)
# say so in a readme-sql comment and name the suite that runs them.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/tap.sh
files=(README.md)
if [ -d docs ]; then
  for f in docs/*.md; do [ -e "$f" ] && files+=("$f"); done
fi
# Its checks, numbered from 1, are this suite's first.
out=$(PGBIN=$PGBIN python3 test/lib/readme_sql.py "${files[@]}" 2>&1)
echo "$out"
tap_n=$(grep -cE '^(not )?ok [0-9]+ ' <<<"$out")
tap_failed=$(grep -cE '^not ok [0-9]+ ' <<<"$out")
tap_check "readme_sql.py ran every file" "$([ "$tap_n" -gt 0 ] && ! grep -q '^Traceback' <<<"$out" && echo t)" "${files[*]}"
tap_done
