#!/usr/bin/env bash
# scope: once
# The core's unit tests again, under AddressSanitizer (with LeakSanitizer) and UndefinedBehavior-
# Sanitizer: `make unit-asan`, built apart in build/unit-asan. Any sanitizer
# report aborts the run and counts as a failure, as does a binary that is not instrumented.
set -u
cd "$(dirname "$0")/../.."
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
start=$(date +%s)
out=$(make -s -j2 unit-asan WERROR=-Werror 2>&1)
rc=$?
echo "$out" | grep -E '^\[  (FAILED|PASSED) |^\[==========\]|error|Sanitizer|runtime error'
passed=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?.*/\1/p' <<<"$out" | tail -n 1)
failed=$(sed -nE 's/^\[  FAILED  \] ([0-9]+) tests?, listed below.*/\1/p' <<<"$out" | tail -n 1)
passed=${passed:-0}
failed=${failed:-0}
reports=$(grep -cE 'runtime error:|ERROR: (AddressSanitizer|LeakSanitizer)' <<<"$out")
if [ "$reports" != 0 ]; then
  echo "FAIL  sanitizer reports: $reports"
  failed=$((failed + 1))
elif [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
  echo "$out" | tail -n 40
  failed=1
fi
bin=build/unit-asan/uuidx_unit
if [ -x "$bin" ] && nm "$bin" | grep -q '__asan_init' && nm "$bin" | grep -q '__ubsan_handle'; then
  echo "PASS  $bin is instrumented (ASan + UBSan); $passed tests, sanitizer reports = $reports, $(($(date +%s) - start)) s"
  passed=$((passed + 1))
else
  echo "FAIL  $bin missing or not instrumented with ASan and UBSan"
  failed=$((failed + 1))
fi
echo "SUITE_RESULT passed=$passed failed=$failed"
