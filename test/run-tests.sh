#!/usr/bin/env bash
# run-tests.sh: the full test suite (the README's second command; .ci/run calls it).
# Installs what it needs, builds and installs the extension, runs every suite in test/suites/
# in name order, and ends with one line "N passed, N failed" summing them all.
#
# A suite is a bash script test/suites/NN_name.sh. It may declare Debian packages it needs in a
# line "# packages: a b c", prints what it likes, and ends with a line
#   SUITE_RESULT passed=N failed=M
# A suite that exits non-zero without reporting a failure, or reports nothing, counts one failure.
# UUIDX_SUITES="unit regress" runs only the suites whose names contain one of those words.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
source test/lib/deps.sh

suites=()
for s in test/suites/*.sh; do
  name=$(basename "$s" .sh)
  if [ -n "${UUIDX_SUITES:-}" ]; then
    keep=""
    for w in $UUIDX_SUITES; do [[ $name == *"$w"* ]] && keep=1; done
    [ -n "$keep" ] || continue
  fi
  suites+=("$s")
done

packages=("${UUIDX_BUILD_PACKAGES[@]}" "${UUIDX_TEST_PACKAGES[@]}")
for s in "${suites[@]}"; do
  read -r -a extra <<<"$(sed -n 's/^# packages: //p' "$s" | head -n 1)"
  packages+=("${extra[@]}")
done
ensure_packages "${packages[@]}" || { echo "0 passed, 1 failed"; exit 1; }

total_passed=0
total_failed=0
summary=()

log_dir=$(mktemp -d /tmp/uuidx-tests.XXXXXX)
echo "== build and install"
if make -s WERROR=-Werror >"$log_dir/build.log" 2>&1 && make -s install >>"$log_dir/build.log" 2>&1; then
  total_passed=$((total_passed + 1))
  summary+=("build: ok")
else
  cat "$log_dir/build.log"
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

for s in "${suites[@]}"; do
  name=$(basename "$s" .sh)
  echo "== suite $name"
  start=$(date +%s)
  bash "$s" 2>&1 | tee "$log_dir/$name.log"
  rc=${PIPESTATUS[0]}
  result=$(grep -E '^SUITE_RESULT passed=[0-9]+ failed=[0-9]+$' "$log_dir/$name.log" | tail -n 1)
  if [ -z "$result" ]; then
    p=0
    f=1
  else
    p=$(sed -E 's/.*passed=([0-9]+).*/\1/' <<<"$result")
    f=$(sed -E 's/.*failed=([0-9]+).*/\1/' <<<"$result")
    [ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
  fi
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
  summary+=("$name: $p passed, $f failed ($(($(date +%s) - start)) s)")
done

echo "== summary (logs in $log_dir)"
printf '  %s\n' "${summary[@]}"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" = 0 ]
