#!/usr/bin/env bash
# scope: once
# packages: clang-14 libclang-rt-14-dev
# libFuzzer over the core's parsers, decoders and round trips: `make fuzz` builds
# test/fuzz/fuzz_*.cpp with clang-14 and ASan + UBSan into build/fuzz, then each target runs for
# UUIDX_FUZZ_SECONDS (default 20; 60, 45, then 30 before the test command, whose length its CPU
# time sets, had to make room for the tests of server faults and of lock waits; `make fuzz` and a
# longer UUIDX_FUZZ_SECONDS are for searching) starting from its committed seed corpus test/fuzz/corpus/<target>
# (crash inputs found earlier included, so they are replayed first). New inputs go to a scratch
# directory; the committed corpus is never written. A target fails on any crash, sanitizer report,
# leak, timeout or FUZZ_CHECK, and when it records no execution; the executions of each run are
# printed.
set -u
cd "$(dirname "$0")/../.."
seconds=${UUIDX_FUZZ_SECONDS:-20}
passed=0
failed=0

if ! out=$(make -s -j2 fuzz 2>&1); then
  echo "$out" | tail -n 40
  echo "FAIL  make fuzz"
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
fi
passed=$((passed + 1))
echo "PASS  make fuzz"

# The targets are the committed sources; each must have been built (a stale binary of a removed
# source, or none at all, must not pass).
targets=$(ls test/fuzz/fuzz_*.cpp 2>/dev/null | xargs -n1 basename | sed 's/\.cpp$//')
if [ -z "$targets" ]; then
  echo "FAIL  no fuzz targets in test/fuzz/fuzz_*.cpp"
  failed=$((failed + 1))
fi
for b in $(ls build/fuzz/fuzz_* 2>/dev/null | xargs -rn1 basename); do
  [ -f "test/fuzz/$b.cpp" ] || { echo "FAIL  build/fuzz/$b has no source test/fuzz/$b.cpp (stale)"; failed=$((failed + 1)); }
done
scratch=$(mktemp -d /tmp/uuidx-fuzz.XXXXXX)
total=0
for t in $targets; do
  seeds=test/fuzz/corpus/${t#fuzz_}
  if [ ! -d "$seeds" ] || [ -z "$(ls -A "$seeds")" ]; then
    echo "FAIL  $t: no committed seed corpus in $seeds"
    failed=$((failed + 1))
    continue
  fi
  if [ ! -x "build/fuzz/$t" ] || [ "build/fuzz/$t" -ot "test/fuzz/$t.cpp" ]; then
    echo "FAIL  $t: make fuzz did not build build/fuzz/$t from test/fuzz/$t.cpp"
    failed=$((failed + 1))
    continue
  fi
  mkdir -p "$scratch/$t/new" "$scratch/$t/artifacts"
  log=$scratch/$t/log
  (cd "$scratch/$t/artifacts" && "$OLDPWD/build/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$scratch/$t/new" "$OLDPWD/$seeds") >"$log" 2>&1
  rc=$?
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
  execs=${execs:-0}
  total=$((total + execs))
  if [ "$execs" -le 0 ]; then
    echo "FAIL  $t: no executions recorded (exit $rc)"
    tail -n 5 "$log"
    failed=$((failed + 1))
  elif [ "$rc" = 0 ] && ! grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:|FUZZ_CHECK failed' "$log"; then
    echo "PASS  $t: $execs executions in $seconds s from $(ls "$seeds" | wc -l) seeds, $(ls "$scratch/$t/new" | wc -l) new corpus inputs"
    passed=$((passed + 1))
  else
    echo "FAIL  $t (exit $rc) after $execs executions; crash input in $scratch/$t/artifacts:"
    grep -E 'ERROR:|runtime error:|FUZZ_CHECK failed|SUMMARY|Test unit written' "$log" | head -n 20
    failed=$((failed + 1))
  fi
done
echo "fuzz executions in total: $total ($(echo "$targets" | wc -w) targets x $seconds s)"
[ "$failed" = 0 ] && rm -rf "$scratch"
echo "SUITE_RESULT passed=$passed failed=$failed"
