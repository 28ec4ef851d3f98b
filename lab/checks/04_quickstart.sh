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
source "$(dirname "$0")/check.sh"

declare -A expected_major=([bookworm]=15 [trixie]=17 [sid]=18)
for suite in ${UUIDX_QUICKSTART_SUITES:-${UUIDX_LANE_ROOT:-trixie sid}}; do
  if ! dir=$(root_provide "$suite"); then
    tap_check "the Debian $suite root is made" f "could not be made"
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
    [ -n "$ok" ] || tap_note "$(sed -n "/^QUICKSTART as=$as /q;p" <<<"$out" | tail -n 30)"
    tap_check "test/quickstart.sh on Debian $suite with its own PostgreSQL, as $as" "$ok" "${line:-no result line}"
  done
done
tap_done
