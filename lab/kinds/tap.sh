#!/usr/bin/env bash
# packages: faketime libfaketime
# The TAP tests (test/t/*.pl) on the major under test (PG_CONFIG: lab/run.sh), through PGXS's
# `make prove_installcheck` (lab/prove.sh). The tests of server-level faults take the test build
# (make UUIDX_FAULT_INJECTION=1) from a throwaway copy of this server's installation
# (lab/variant.sh) as their nodes' install_path: the lab names it in UUIDX_FAULTS_INSTALL. The
# tests across majors skip here (lab/kinds/tap_cross.sh runs them). The independent clusters run
# on the major whose extras in lab/matrix name "independent-clusters" (UUIDX_INDEPENDENT_CLUSTERS).
set -u
cd "$(dirname "$0")/../.."
source lab/prove.sh
source lab/variant.sh
source lab/matrix.sh
if ! faults_bin=$(uuidx_variant_install "$PG_CONFIG" faults UUIDX_FAULT_INJECTION=1); then
  echo "the fault-injection build could not be made"
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
fi
trap 'uuidx_variant_remove "$faults_bin"' EXIT
independent=""
[[ ,${UUIDX_MAJOR_EXTRAS[${UUIDX_PG_MAJOR:-}]:-}, == *,independent-clusters,* ]] && independent=1
tap_prove "$PG_CONFIG" 'test/t/*.pl' UUIDX_FAULTS_INSTALL="$(dirname "$faults_bin")" UUIDX_INDEPENDENT_CLUSTERS="$independent"
