#!/usr/bin/env bash
# ahead_in_root.sh "CROSS MAJORS" "ROOT'S MAJORS": runs inside a Debian root (lab/ahead.sh).
# Provides the servers the suites across majors will use there (cross_server_how: 15 built from
# Debian's source package, a major the root does not package built from its source too) and
# Citus for those of the root's majors whose extras in lab/matrix name it (the TAP test
# 016_citus, lab/kinds/tap.sh). uuidx itself is not built here: the tests build it against each
# server when they run.
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
