#!/usr/bin/env bash
# scope: once
# C++ formatting: every C/C++ file under src/, test/ and bench/ is as clang-format (.clang-format)
# writes it.
# packages: clang-format
source "$(dirname "$0")/../lib/tap.sh"
while IFS= read -r f; do
  if clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then tap_check "$f is formatted" t
  else tap_check "$f is formatted" f "run: clang-format -i $f"; fi
done < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'test/*.cpp' 'test/*.hpp' 'test/*.c' 'bench/*.cpp' 'bench/*.c' 2>/dev/null ||
         find src test bench -name '*.cpp' -o -name '*.hpp' -o -name '*.c')
tap_done
