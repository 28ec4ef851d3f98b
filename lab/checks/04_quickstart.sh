#!/usr/bin/env bash
# scope: root
# timeout: 1800
# test/quickstart.sh on trixie (17) and sid (18) with their own PostgreSQL, in lab/root.sh's roots,
# as root and through sudo, from the files a clone has; each must end "== uuidx works" after its
# 100,000 values. Bookworm is 03_minimal_machine's. Suites: UUIDX_QUICKSTART_SUITES, else the lane's.
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
