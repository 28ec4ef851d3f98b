#!/usr/bin/env bash
# scope: once
# The UUIDv47 façade (src/core/facade.hpp) against its reference, uuidv47.h in ../shared/vendor,
# compiled into a test program only (test/facade/reference_oracle.cpp): 10^6 random (v7, key)
# pairs and the edge values give the same façade and the same inverse bit for bit, and the
# committed vectors that sql/facade.sql checks through SQL are exactly what the reference makes.
source "$(dirname "$0")/../lib/tap.sh"

# The vendored sources' folder: the lab names it (UUIDX_VENDOR_DIR).
reference=${UUIDX_VENDOR_DIR:-}/uuidv47-81ba63f/uuidv47.h
if [ ! -f "$reference" ]; then
  [ -n "${CI:-}" ] && tap_bail "the reference uuidv47.h is vendored" "${UUIDX_VENDOR_DIR:-UUIDX_VENDOR_DIR unset}"
  tap_skip_all "no uuidv47-81ba63f/uuidv47.h in ${UUIDX_VENDOR_DIR:-UUIDX_VENDOR_DIR (unset)}"
fi
bin=build/facade/reference_oracle
mkdir -p "$(dirname "$bin")"
out=$(${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Werror -Isrc/core -isystem "$(dirname "$reference")" \
  test/facade/reference_oracle.cpp src/core/facade.cpp src/core/siphash.cpp src/core/layout.cpp src/core/uuid.cpp \
  src/core/timeutil.cpp -o "$bin" 2>&1)
tap_check "the reference oracle builds with uuidv47.h" "$([ $? = 0 ] && echo t)" "$(tail -c 400 <<<"$out")"

seed=$RANDOM$RANDOM
out=$("$bin" check 1000000 "$seed" 2>&1)
rc=$?
tap_check "10^6 random (v7, key) pairs and the edge values: uuidx's facade and inverse equal the reference's" \
  "$([ $rc = 0 ] && grep -q ' 0 mismatches$' <<<"$out" && echo t)" \
  "exit code $rc; seed $seed ($bin check 1000000 $seed repeats them)
$(tail -n 6 <<<"$out")"

# The committed vectors file: 10^4 rows made by the reference (seed 9562); made again, it must be
# the same file.
"$bin" vectors 10000 9562 >"build/facade/vectors.csv"
tap_check "test/facade/vectors.csv is what the reference makes (10^4 rows, seed 9562)" \
  "$(cmp -s build/facade/vectors.csv test/facade/vectors.csv && [ "$(wc -l <test/facade/vectors.csv)" = 10000 ] && echo t)" \
  "$(diff build/facade/vectors.csv test/facade/vectors.csv | head -3)"

# The façades the docs and sql/facade.sql show as the reference's are the reference's.
for pair in "01890a5d-ac96-774b-bcce-b302099a8057 bb555eb6-1d51-474b-bcce-b302099a8057" \
  "00000000-0000-7000-8000-000000000000 d2d1776f-12b1-4000-8000-000000000000"; do
  read -r v7 shown <<<"$pair"
  made=$("$bin" encode "$v7" 000102030405060708090a0b0c0d0e0f)
  tap_check "the reference makes the facade README.md and sql/facade.sql show of $v7 under the key 00..0f" \
    "$([ "$made" = "$shown" ] && grep -q "$shown" README.md && grep -q "$shown" sql/facade.sql && echo t)" "shown $shown, made $made"
done

tap_done
