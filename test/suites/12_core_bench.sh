#!/usr/bin/env bash
# scope: once
# packages: libbenchmark-dev
# The core's Google Benchmark (test/bench/core_bench.cpp, make bench-core) builds and runs
# briefly, so that it cannot rot unnoticed. No server is involved: once per run, not per major.
set -u
cd "$(dirname "$0")/../.."
passed=0
failed=0
check() {  # check "what" command...
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $what"
  else
    failed=$((failed + 1))
    echo "FAILED: $what"
  fi
}

check "make build/bench/core_bench builds the core benchmark" make -s build/bench/core_bench
# The whole output first, then the match: a crash after the line must fail the check.
check "core_bench runs and reports v7 generation (10 ms per case)" \
  bash -c "out=\$(build/bench/core_bench --benchmark_filter=GenerateV7 --benchmark_min_time=0.01 2>&1) && grep -q '^BM_GenerateV7<OpenSslRng>' <<<\"\$out\""

echo "SUITE_RESULT passed=$passed failed=$failed"
[ "$failed" = 0 ]
