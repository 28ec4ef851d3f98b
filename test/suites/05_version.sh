#!/usr/bin/env bash
# scope: once
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
check "CHANGELOG.md has a heading for $ver" grep -qE "^## ${ver//./\\.}( |$)" CHANGELOG.md
check "control file is trusted and not relocatable (its scripts use @extschema@)" \
  bash -c "grep -qx 'trusted = true' uuidx.control && grep -qx 'relocatable = false' uuidx.control"
# Released scripts stay as released; every older version has an update path to this one.
check "sql/uuidx--1.0.sql is 1.0 as released (sha256)" \
  bash -c "sha256sum sql/uuidx--1.0.sql | grep -q '^a59a9b36c51526b0daf50b998549b4e55b3d174fcfe2cadc3071f520e5316c94 '"
check "sql/uuidx--1.0--$ver.sql exists" test -f "sql/uuidx--1.0--$ver.sql"
echo "SUITE_RESULT passed=$passed failed=$failed"
