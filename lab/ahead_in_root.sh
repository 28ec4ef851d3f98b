#!/usr/bin/env bash
# ahead_in_root.sh "CROSS MAJORS" "ROOT'S MAJORS" (inside a root, from lab/ahead.sh): provides
# the servers the suites across majors will use, and Citus where lab/matrix extras name it.
# uuidx is not built here: the tests build it when they run.
set -u
cd "$(dirname "$0")/.."
source lab/matrix.sh
source lab/crossmajor.sh
source lab/citus.sh
for m in $1; do
  pg_server_config "$m" $(cross_server_how "$m") >/dev/null || echo "ahead: PostgreSQL $m was not provided"
done
for m in $2; do
  UUIDX_CITUS_VERSION=$(citus_matrix_version "$m") || continue
  citus_version_for "$m" >/dev/null || continue
  citus_provide "$(pg_server_config "$m")" >/dev/null || echo "ahead: Citus for $m was not provided"
done
exit 0
