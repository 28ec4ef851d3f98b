#!/usr/bin/env bash
# scope: once
# Unit tests of the pure C++ core (GoogleTest, fake clock and fake RNG): one check per test.
set -u
cd "$(dirname "$0")/../.."
source test/lib/tap.sh
out=$(make -s unit WERROR=-Werror 2>&1)
rc=$?
tap_check "make unit builds the unit tests and they pass" "$([ $rc = 0 ] && echo t)" \
  "exit code $rc; $(grep -E '^\[  (PASSED|FAILED)  \] [0-9]+ tests?' <<<"$out" | tr '\n' ' ')"
[ $rc = 0 ] || tap_note "$(tail -n 40 <<<"$out")"
while read -r result name; do
  tap_check "$name" "$([ "$result" = OK ] && echo t)"
done < <(sed -nE 's/^\[ +(OK|FAILED) +\] ([^ ]+) \([0-9]+ ms\)$/\1 \2/p' <<<"$out")
tap_done
