#!/usr/bin/env bash
# scope: once
# Unit tests of the pure C++ core (GoogleTest, fake clock and fake RNG): one check per test.
source "$(dirname "$0")/../lib/tap.sh"
out=$(make -s unit WERROR=-Werror 2>&1)
rc=$?
tap_gtest "make unit builds the unit tests and they pass" "$out" "$rc"
tap_done
