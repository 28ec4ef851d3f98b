#!/usr/bin/env bash
# scope: once
# packages: libbenchmark-dev
# The core's Google Benchmark (bench/core_bench.cpp, make bench-core) builds and runs
# briefly, so that it cannot rot unnoticed. No server is involved: once per run, not per major.
source "$(dirname "$0")/../lib/tap.sh"

out=$(make -s build/bench/core_bench 2>&1)
tap_check "make build/bench/core_bench builds the core benchmark" "$([ $? = 0 ] && echo t)" "$(tail -c 300 <<<"$out")"
# The whole output first, then the match: a crash after the line must fail the check.
out=$(build/bench/core_bench --benchmark_filter=GenerateV7 --benchmark_min_time=0.01 2>&1)
rc=$?
tap_check "core_bench runs and reports v7 generation (10 ms per case)" \
  "$([ $rc = 0 ] && grep -q '^BM_GenerateV7<OpenSslRng>' <<<"$out" && echo t)" \
  "exit code $rc; $(grep -c '^BM_' <<<"$out") benchmark rows"

tap_done
