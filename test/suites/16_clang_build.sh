#!/usr/bin/env bash
# scope: once
# packages: clang-14 postgresql-server-dev-15
# The build with clang 14 (docs/install.md: "tested: g++ 12, …
# clang 14"): the extension, `make CXX=clang++-14` against PostgreSQL 15's pg_config in a copy of
# the sources (build/pg/<bindir>-clang), and the core's unit tests, `make unit CXX=clang++-14` in
# build/unit-clang, which must pass. Warnings are errors, as in every build of the test command,
# except two that PostgreSQL's own headers and flags draw from clang (the server was configured
# for gcc): -Wunknown-warning-option (-Wimplicit-fallthrough=3 in its CXXFLAGS) and
# -Wignored-attributes (format(gnu_printf) in its headers). Every object must be clang's.
set -u
cd "$(dirname "$0")/../.."
source test/lib/build.sh
passed=0
failed=0
check() {  # what ok details
  if [ "$2" = t ]; then echo "PASS  $1: $3"; passed=$((passed + 1)); else echo "FAIL  $1: $3"; failed=$((failed + 1)); fi
}
cxx=clang++-14
pg_config=${UUIDX_CLANG_PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
by_clang() {  # FILE...: each file's .comment section names clang 14
  local f
  for f in "$@"; do readelf -p .comment "$f" 2>/dev/null | grep -q 'clang version 14\.' || return 1; done
}

# 1. The extension.
if ! dir=$(uuidx_build_dir "$pg_config" clang); then
  check "copy of the sources for the clang build" f "$pg_config"
  echo "SUITE_RESULT passed=$passed failed=$failed"
  exit 1
fi
log="$dir.log"
make -C "$dir" -j"$(nproc)" PG_CONFIG="$pg_config" CXX="$cxx" \
  WERROR="-Werror -Wno-unknown-warning-option -Wno-ignored-attributes" >"$log" 2>&1
rc=$?
[ "$rc" = 0 ] || tail -n 40 "$log"
check "make CXX=$cxx against $("$pg_config" --version)" "$([ "$rc" = 0 ] && [ -f "$dir/uuidx.so" ] && echo t)" \
  "exit $rc, $(grep -c "^$cxx " "$log") compiler runs in this build (log: $log)"
mapfile -t objs < <(find "$dir/src" -name '*.o' | sort)
nsrc=$(find "$dir/src" -name '*.cpp' | wc -l)
check "every object of the extension compiled by clang 14" \
  "$([ "${#objs[@]}" -gt 0 ] && [ "${#objs[@]}" = "$nsrc" ] && by_clang "${objs[@]}" && echo t)" \
  "${#objs[@]} objects for $nsrc sources"
check "uuidx.so exports the module's entry points" \
  "$(nm -D --defined-only "$dir/uuidx.so" 2>/dev/null | grep -qw Pg_magic_func &&
     nm -D --defined-only "$dir/uuidx.so" | grep -qw _PG_init && echo t)" \
  "$(nm -D --defined-only "$dir/uuidx.so" 2>/dev/null | grep -c ' T ') functions exported"

# 2. The core's unit tests, built with clang.
out=$(make -s -j"$(nproc)" unit CXX="$cxx" UNIT_DIR=build/unit-clang WERROR=-Werror 2>&1)
rc=$?
echo "$out" | grep -E '^\[  (FAILED|PASSED) |error' | head -n 20
n=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?.*/\1/p' <<<"$out" | tail -n 1)
check "make unit CXX=$cxx: every unit test passes" \
  "$([ "$rc" = 0 ] && [ "${n:-0}" -gt 0 ] && ! grep -q '^\[  FAILED  \]' <<<"$out" && echo t)" "exit $rc, ${n:-0} tests passed"
check "the unit tests' binary and core objects compiled by clang 14" \
  "$(by_clang build/unit-clang/uuidx_unit build/unit-clang/core/*.o && echo t)" \
  "$(find build/unit-clang -name '*.o' | wc -l) objects"
echo "SUITE_RESULT passed=$passed failed=$failed"
