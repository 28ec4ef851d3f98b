#!/usr/bin/env bash
# scope: root
# timeout: 1800
# The README's first command, test/quickstart.sh, on the Debian suites users run, each with its
# own PostgreSQL (what `apt-get install postgresql` gives there): trixie (17) and sid (18), in the
# harness's roots (lab/root.sh), as root and as a user through sudo
# (lab/quickstart_runs.sh). Each run starts from the repository's files as a clone has them
# and must end with "== uuidx works" after its 100,000 values checked. Bookworm (15) is suite
# 03_minimal_machine's, on a bare root. It runs first in each root's lane (UUIDX_LANE_ROOT), or
# in the suites UUIDX_QUICKSTART_SUITES names.
set -u
cd "$(dirname "$0")/../.."
source lab/deps.sh
source lab/root.sh
source test/lib/generation.sh  # check_true

declare -A expected_major=([bookworm]=15 [trixie]=17 [sid]=18)
for suite in ${UUIDX_QUICKSTART_SUITES:-${UUIDX_LANE_ROOT:-trixie sid}}; do
  if ! dir=$(root_provide "$suite"); then
    check_true "the Debian $suite root" f "could not be made"
    continue
  fi
  tarball=var/tmp/uuidx-quickstart-tree.tar
  git ls-files -co --exclude-standard | tar -cf "$dir/$tarball" -T -
  out=$(root_run "$suite" bash /uuidx/repo/lab/quickstart_runs.sh "/$tarball" 2>&1)
  rm -f "$dir/$tarball"
  for as in root sudo; do
    line=$(grep -E "^QUICKSTART as=$as " <<<"$out" | tail -n 1)
    ok=""
    [[ $line == *" rc=0 "*" major=${expected_major[$suite]:-?} works=yes" ]] && ok=t
    [ -n "$ok" ] || { echo "$out" | sed -n "/^QUICKSTART as=$as /q;p" | tail -n 30; }
    check_true "test/quickstart.sh on Debian $suite with its PostgreSQL ${expected_major[$suite]:-?}, as $as" "$ok" \
      "${line:-no result line}"
  done
done
echo "SUITE_RESULT passed=$passed failed=$failed"
