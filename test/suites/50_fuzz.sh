#!/usr/bin/env bash
# scope: once
# packages: clang-14 libclang-rt-14-dev
# libFuzzer over the core's parsers, decoders and round trips: `make fuzz` builds
# test/fuzz/fuzz_*.cpp with clang-14 and ASan + UBSan into build/fuzz, then each target runs for
# UUIDX_FUZZ_SECONDS (default 20, within the test command's CPU time; longer for searching) from
# its committed seed corpus test/fuzz/corpus/<target> (earlier crash inputs replayed first). New
# inputs go to a scratch directory. A target fails on any crash, sanitizer report, leak, timeout or
# FUZZ_CHECK, and when it records no execution; each run's executions are printed.
seconds=${UUIDX_FUZZ_SECONDS:-20}
source "$(dirname "$0")/../lib/tap.sh"

out=$(make -s -j2 fuzz 2>&1)
tap_check "make fuzz" "$([ $? = 0 ] && echo t)" "$(tail -n 40 <<<"$out")"
[ "$tap_failed" = 0 ] || tap_done

# The targets are the committed sources; each must have been built (a stale binary of a removed
# source, or none at all, must not pass).
targets=$(ls test/fuzz/fuzz_*.cpp 2>/dev/null | xargs -n1 basename | sed 's/\.cpp$//')
stale=$(for b in $(ls build/fuzz/fuzz_* 2>/dev/null | xargs -rn1 basename); do [ -f "test/fuzz/$b.cpp" ] || echo "$b"; done)
tap_check "fuzz targets in test/fuzz/fuzz_*.cpp, and no binary in build/fuzz without its source" \
  "$([ -n "$targets" ] && [ -z "$stale" ] && echo t)" "$(wc -w <<<"$targets") targets${stale:+; stale: $stale}"
scratch=$(mktemp -d /tmp/uuidx-fuzz.XXXXXX)
total=0
for t in $targets; do
  seeds=test/fuzz/corpus/${t#fuzz_}
  if [ ! -d "$seeds" ] || [ -z "$(ls -A "$seeds")" ]; then
    tap_check "$t runs clean from its seed corpus" f "no committed seed corpus in $seeds"
    continue
  fi
  if [ ! -x "build/fuzz/$t" ] || [ "build/fuzz/$t" -ot "test/fuzz/$t.cpp" ]; then
    tap_check "$t runs clean from its seed corpus" f "make fuzz did not build build/fuzz/$t from test/fuzz/$t.cpp"
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
  tap_check "$t runs clean from its seed corpus" \
    "$([ "$execs" -gt 0 ] && [ "$rc" = 0 ] && ! grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:|FUZZ_CHECK failed' "$log" && echo t)" \
    "exit $rc, $execs executions in $seconds s from $(ls "$seeds" | wc -l) seeds, $(ls "$scratch/$t/new" | wc -l) new corpus inputs
$(grep -E 'ERROR:|runtime error:|FUZZ_CHECK failed|SUMMARY|Test unit written' "$log" | head -n 20)"
done
tap_note "fuzz executions in total: $total ($(echo "$targets" | wc -w) targets x $seconds s)"
[ "$tap_failed" = 0 ] && rm -rf "$scratch" || tap_note "crash inputs and logs kept in $scratch"
tap_done
