#!/usr/bin/env bash
# scope: once
# Unit tests of the pure C++ core (GoogleTest, fake clock and fake RNG).
set -u
cd "$(dirname "$0")/../.."
out=$(make -s unit WERROR=-Werror 2>&1)
rc=$?
echo "$out" | grep -E '^\[  (FAILED|PASSED) |^\[==========\]|error' 
passed=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?.*/\1/p' <<<"$out" | tail -n 1)
failed=$(sed -nE 's/^\[  FAILED  \] ([0-9]+) tests?, listed below.*/\1/p' <<<"$out" | tail -n 1)
[ "$rc" != 0 ] && [ -z "$failed" ] && { echo "$out" | tail -n 40; failed=1; }
echo "SUITE_RESULT passed=${passed:-0} failed=${failed:-0}"
