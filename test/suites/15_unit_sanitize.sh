#!/usr/bin/env bash
# scope: once
# The core's unit tests again, under AddressSanitizer (with LeakSanitizer) and UndefinedBehavior-
# Sanitizer: `make unit-asan`, built apart in build/unit-asan, one check per test. Any sanitizer
# report aborts the run and counts as a failure, as does a binary that is not instrumented.
source "$(dirname "$0")/../lib/tap.sh"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
start=$(date +%s)
out=$(make -s -j2 unit-asan WERROR=-Werror 2>&1)
rc=$?
tap_gtest "make unit-asan builds the unit tests and they pass" "$out" "$rc" "$(($(date +%s) - start)) s"
reports=$(grep -E 'runtime error:|ERROR: (AddressSanitizer|LeakSanitizer)' <<<"$out")
tap_check "no sanitizer report" "$([ -z "$reports" ] && echo t)" "$reports"
bin=build/unit-asan/uuidx_unit
tap_check "the unit tests' binary is instrumented (ASan + UBSan)" \
  "$([ -x "$bin" ] && nm "$bin" | grep -q '__asan_init' && nm "$bin" | grep -q '__ubsan_handle' && echo t)" "$bin"
tap_done
