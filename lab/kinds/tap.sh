#!/usr/bin/env bash
# packages: faketime libfaketime pgbouncer flex libkrb5-dev
# runs: prove
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
#   UUIDX_SQL_EDITION       the SQL edition's scripts (make sql-edition), on every major
#   UUIDX_PGTLE_INSTALL, UUIDX_PGTLE_C_INSTALL   where pg_tle builds: copies of this server with
#                           pg_tle and without uuidx, and with both (lab/pgtle.sh)
# The tests across majors run along the upgrade paths instead (lab/kinds/tap_cross.sh). A
# preparation that fails prints a lab-failed line (lab/count.sh: one failure beside the tests').
set -u
cd "$(dirname "$0")/../.."
source lab/prove.sh
source lab/variant.sh
source lab/matrix.sh
source lab/extension_dirs.sh
source lab/citus.sh
source lab/pgtle.sh
extras=",${UUIDX_MAJOR_EXTRAS[${UUIDX_PG_MAJOR:-}]:-},"
if ! faults_bin=$(uuidx_variant_install "$PG_CONFIG" faults UUIDX_FAULT_INJECTION=1); then
  echo "lab-failed: the fault-injection build could not be made"
  exit 1
fi
pgtle_bin="" pgtle_c_bin=""
trap 'uuidx_variant_remove "$faults_bin"; extension_dirs_remove; for b in $pgtle_bin $pgtle_c_bin; do uuidx_variant_remove "$b"; done; rm -rf "$sql_edition" "${template_dir:-}"' EXIT
sql_edition=$(mktemp -d /tmp/uuidx-sql-edition.XXXXXX)
make -s -C "$UUIDX_BUILD_DIR" sql-edition >/dev/null && cp "$UUIDX_BUILD_DIR"/build/sql-edition/*.sql "$sql_edition/" &&
  cp release/sql-edition/*.sql "$sql_edition/" &&
  chmod -R a+rX "$sql_edition" || echo "lab-failed: make sql-edition"
if pgtle_bin=$(pgtle_server_copy "$PG_CONFIG") && pgtle_c_bin=$(pgtle_server_copy "$PG_CONFIG" "$UUIDX_BUILD_DIR"); then
  pgtle_env=(UUIDX_PGTLE_INSTALL="$(dirname "$pgtle_bin")" UUIDX_PGTLE_C_INSTALL="$(dirname "$pgtle_c_bin")")
else
  echo "lab-failed: pg_tle could not be built and installed for PostgreSQL $UUIDX_PG_MAJOR (above)"
  pgtle_env=()
fi
independent=""
[[ $extras == *,independent-clusters,* ]] && independent=1

if [[ $extras == *,image,* ]] &&
  ! extension_dirs_prepare "$PG_CONFIG" "${UUIDX_BUILD_DIR:?}" "$(mktemp -d /tmp/uuidx-extdirs.XXXXXX)"; then
  echo "lab-failed: the extension directories and images could not be made (above)"
  EXTENSION_DIRS_ENV=()
fi

citus=""
if UUIDX_CITUS_VERSION=$(citus_matrix_version "$UUIDX_PG_MAJOR"); then
  if ! citus_version_for "$UUIDX_PG_MAJOR" >/dev/null; then
    echo "lab-$(vendor_missing_status): no Citus $UUIDX_CITUS_VERSION tarball for PostgreSQL $UUIDX_PG_MAJOR in $UUIDX_VENDOR_DIR (lab/matrix names it)"
  elif ! citus=$(citus_provide "$PG_CONFIG"); then
    echo "lab-failed: Citus could not be built and installed (above)"
    citus=""
  fi
fi

template_dir=$(mktemp -d /tmp/uuidx-initdb.XXXXXX)
template=$(tap_initdb_template "$PG_CONFIG" "$template_dir") || { echo "$template"; echo "lab-failed: initdb of the nodes' template"; template=""; }

tests=""
# UUIDX_TAP_ONLY=PATTERN: only the files whose name holds it (a contributor's loop; never under CI).
for t in test/t/*.pl; do
  [[ " $CROSS_TAP_TESTS " == *" $t "* || $t != *"${UUIDX_TAP_ONLY:-}"* ]] || tests="$tests $t"
done
tap_prove "$PG_CONFIG" "${tests# }" UUIDX_FAULTS_INSTALL="$(dirname "$faults_bin")" UUIDX_INDEPENDENT_CLUSTERS="$independent" \
  "${EXTENSION_DIRS_ENV[@]}" UUIDX_CITUS="$citus" UUIDX_SQL_EDITION="$sql_edition" "${pgtle_env[@]}" $template
