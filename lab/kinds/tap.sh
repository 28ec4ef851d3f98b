#!/usr/bin/env bash
# packages: faketime libfaketime pgbouncer
# The TAP tests (test/t/*.pl) on the major under test (PG_CONFIG: lab/run.sh), through PGXS's
# `make prove_installcheck` (lab/prove.sh). What some tests take from the lab, named to them in
# variables (a test whose variable is empty skips, saying why):
#   UUIDX_FAULTS_INSTALL    the tests of server-level faults: the test build (make
#                           UUIDX_FAULT_INJECTION=1) in a throwaway copy of this server's
#                           installation (lab/variant.sh), their nodes' install_path
#   UUIDX_INDEPENDENT_CLUSTERS   where the major's extras in lab/matrix name independent-clusters
#   UUIDX_EXTENSION_DIRS ...     where they name image: the extension directories and images, and a
#                           copy of the server without uuidx (lab/extension_dirs.sh)
#   UUIDX_CITUS             where they name citus-VERSION: Citus built and installed into this
#                           server (lab/citus.sh; without its tarball, a failure under CI)
# The tests across majors skip here (lab/kinds/tap_cross.sh runs them). A preparation that fails
# counts as one failed check beside the tests' own.
set -u
cd "$(dirname "$0")/../.."
source lab/prove.sh
source lab/variant.sh
source lab/matrix.sh
source lab/extension_dirs.sh
source lab/citus.sh
extras=",${UUIDX_MAJOR_EXTRAS[${UUIDX_PG_MAJOR:-}]:-},"
lab_failed=0
lab_skipped=0
if ! faults_bin=$(uuidx_variant_install "$PG_CONFIG" faults UUIDX_FAULT_INJECTION=1); then
  echo "the fault-injection build could not be made"
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
fi
trap 'uuidx_variant_remove "$faults_bin"; extension_dirs_remove' EXIT
independent=""
[[ $extras == *,independent-clusters,* ]] && independent=1

if [[ $extras == *,image,* ]] &&
  ! extension_dirs_prepare "$PG_CONFIG" "${UUIDX_BUILD_DIR:?}" "$(mktemp -d /tmp/uuidx-extdirs.XXXXXX)"; then
  echo "the extension directories and images could not be made (above)"
  EXTENSION_DIRS_ENV=()
  lab_failed=$((lab_failed + 1))
fi

citus=""
if UUIDX_CITUS_VERSION=$(citus_matrix_version "$UUIDX_PG_MAJOR"); then
  if ! citus_version_for "$UUIDX_PG_MAJOR" >/dev/null; then
    echo "no Citus $UUIDX_CITUS_VERSION tarball for PostgreSQL $UUIDX_PG_MAJOR in $UUIDX_VENDOR_DIR (lab/matrix names it)"
    [ "$(vendor_missing_status)" = failed ] && lab_failed=$((lab_failed + 1)) || lab_skipped=$((lab_skipped + 1))
  elif ! citus=$(citus_provide "$PG_CONFIG"); then
    echo "Citus could not be built and installed (above)"
    citus=""
    lab_failed=$((lab_failed + 1))
  fi
fi

tap_prove "$PG_CONFIG" 'test/t/*.pl' UUIDX_FAULTS_INSTALL="$(dirname "$faults_bin")" UUIDX_INDEPENDENT_CLUSTERS="$independent" \
  "${EXTENSION_DIRS_ENV[@]}" UUIDX_CITUS="$citus" |
  awk -v f="$lab_failed" -v s="$lab_skipped" '
    /^SUITE_RESULT / { split($3, a, "="); split($4, b, "="); printf "%s %s failed=%d skipped=%d\n", $1, $2, a[2] + f, b[2] + s; next }
    { print }'
