#!/usr/bin/env bash
# scope: once
# packages: clang-14 libc++-dev libc++abi-dev postgresql-server-dev-15
# variant: /usr/lib/postgresql/15/bin/pg_config libcxx CXX=clang++-14 -stdlib=libc++
# server:
# The builds with clang 14 (docs/install.md names this suite) against PostgreSQL 15, each in a copy
# of the sources, warnings as errors: `make CXX=clang++-14` (libstdc++), the core's unit tests, and
# `make CXX="clang++-14 -stdlib=libc++"` (macOS's and FreeBSD's runtime), which the lab installs into
# a throwaway copy of the server ("# variant:", "# server:"), where the whole regression schedule
# runs (test/suites/20_regress.sh with that copy's programs).
source "$(dirname "$0")/../lib/tap.sh"
cxx=clang++-14
pg_config=${UUIDX_CLANG_PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
by_clang() {  # FILE...: each file's .comment section names clang 14
  local f
  for f in "$@"; do readelf -p .comment "$f" 2>/dev/null | grep -q 'clang version 14\.' || return 1; done
}

# 1. The extension.
dir=$(mktemp -d /tmp/uuidx-clang.XXXXXX)
log="$dir.log"
trap 'rm -rf "$dir" "$log"' EXIT
git ls-files -co --exclude-standard -- Makefile uuidx.control 'uuidx--*.sql' src sql | tar -cf - -T - | tar -xf - -C "$dir" ||
  tap_bail "a copy of the sources for the clang build" "$dir"
make -C "$dir" -j"$(nproc)" PG_CONFIG="$pg_config" CXX="$cxx" WERROR=-Werror >"$log" 2>&1
rc=$?
[ "$rc" = 0 ] || tap_note "$(tail -n 40 "$log")"
tap_check "make CXX=clang++-14 against the server's pg_config" "$([ "$rc" = 0 ] && [ -f "$dir/uuidx.so" ] && echo t)" \
  "$("$pg_config" --version): exit $rc, $(grep -c "^$cxx " "$log") compiler runs in this build (log: $log)"
mapfile -t objs < <(find "$dir/src" -name '*.o' | sort)
nsrc=$(find "$dir/src" -name '*.cpp' | wc -l)
tap_check "every object of the extension compiled by clang 14" \
  "$([ "${#objs[@]}" -gt 0 ] && [ "${#objs[@]}" = "$nsrc" ] && by_clang "${objs[@]}" && echo t)" \
  "${#objs[@]} objects for $nsrc sources"
tap_check "uuidx.so exports the module's entry points" \
  "$(nm -D --defined-only "$dir/uuidx.so" 2>/dev/null | grep -qw Pg_magic_func &&
     nm -D --defined-only "$dir/uuidx.so" | grep -qw _PG_init && echo t)" \
  "$(nm -D --defined-only "$dir/uuidx.so" 2>/dev/null | grep -c ' T ') functions exported"

# 2. The core's unit tests, built with clang.
out=$(make -s -j"$(nproc)" unit CXX="$cxx" UNIT_DIR=build/unit-clang WERROR=-Werror 2>&1)
rc=$?
n=$(sed -nE 's/^\[  PASSED  \] ([0-9]+) tests?.*/\1/p' <<<"$out" | tail -n 1)
tap_check "make unit CXX=clang++-14: every unit test passes" \
  "$([ "$rc" = 0 ] && [ "${n:-0}" -gt 0 ] && ! grep -q '^\[  FAILED  \]' <<<"$out" && echo t)" \
  "exit $rc, ${n:-0} tests passed$(grep -E '^\[  FAILED  \]|error' <<<"$out" | head -n 20 | sed 's/^/; /')"
tap_check "the unit tests' binary and core objects compiled by clang 14" \
  "$(by_clang build/unit-clang/uuidx_unit build/unit-clang/core/*.o && echo t)" \
  "$(find build/unit-clang -name '*.o' | wc -l) objects"
# 3. libc++: the lab's build, in the copy of the server's installation it runs.
variant_bin=${UUIDX_VARIANT_BIN:-}
if [ -n "$variant_bin" ]; then
  # The copy mirrors the server's absolute paths under its own root.
  variant_so=${variant_bin%"$("$pg_config" --bindir)"}$("$pg_config" --pkglibdir)/uuidx.so
  needed=$(readelf -d "$variant_so" 2>/dev/null | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')
  tap_check "make CXX=\"clang++-14 -stdlib=libc++\": uuidx.so needs libc++ and not libstdc++" \
    "$([[ " $needed" == *" libc++.so."* ]] && [[ " $needed" != *" libstdc++"* ]] && echo t)" "NEEDED: $needed"
  mapfile -t objs < <(find "$UUIDX_VARIANT_BUILD/src" -name '*.o' | sort)
  tap_check "make CXX=\"clang++-14 -stdlib=libc++\": every object compiled by clang 14" \
    "$([ "${#objs[@]}" = "$nsrc" ] && by_clang "${objs[@]}" && echo t)" "${#objs[@]} objects for $nsrc sources"
  unresolved=$(ldd -r "$variant_so" 2>&1 | grep -c 'undefined symbol: _Z')
  tap_check "the libc++ build leaves no C++ symbol unresolved" "$([ "$unresolved" = 0 ] && echo t)" "$unresolved undefined"
  out=$(PGBIN=$variant_bin PATH="$variant_bin:$PATH" bash test/suites/20_regress.sh 2>&1)
  rc=$?
  p=$(grep -c '^ok ' <<<"$out")
  f=$(grep -c '^not ok ' <<<"$out")
  tap_check "the regression schedule against the libc++ build, loaded by the server" \
    "$([ "$rc" = 0 ] && [ "$f" = 0 ] && [ "$p" -gt 1 ] && echo t)" \
    "$("$pg_config" --version): 20_regress.sh exit $rc, $p checks passed, $f failed"
  [ "$rc" = 0 ] || tap_note "$(tail -n 60 <<<"$out")"
else
  tap_check "make CXX=\"clang++-14 -stdlib=libc++\" and install into a copy of the server" f "UUIDX_VARIANT_BIN: the lab names no such build"
fi
tap_done
