#!/usr/bin/env bash
# One version literal: EXTVERSION in the Makefile; the control file, META.json, the install
# script and the CHANGELOG must agree with it.
set -u
cd "$(dirname "$0")/../.."
passed=0
failed=0
check() {  # check "what" command...
  if "${@:2}" >/dev/null 2>&1; then passed=$((passed + 1)); else echo "FAILED: $1"; failed=$((failed + 1)); fi
}
ver=$(sed -n 's/^EXTVERSION *= *//p' Makefile)
echo "EXTVERSION = $ver"
check "uuidx.control default_version is '$ver'" grep -qx "default_version = '$ver'" uuidx.control
check "sql/uuidx--$ver.sql exists" test -f "sql/uuidx--$ver.sql"
check "META.json version is $ver.0" python3 -c "
import json, sys
m = json.load(open('META.json'))
sys.exit(0 if m['version'] == '$ver.0' and m['provides']['uuidx']['version'] == '$ver.0'
         and m['provides']['uuidx']['file'] == 'sql/uuidx--$ver.sql' else 1)"
check "CHANGELOG.md mentions $ver" grep -q "$ver" CHANGELOG.md
check "control file is trusted and relocatable" bash -c "grep -qx 'trusted = true' uuidx.control && grep -qx 'relocatable = true' uuidx.control"
echo "SUITE_RESULT passed=$passed failed=$failed"
