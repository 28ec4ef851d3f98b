#!/usr/bin/env bash
# ahead_in_root.sh "CROSS MAJORS" "CITUS MAJORS": runs inside a Debian root (lab/ahead.sh).
# Provides the servers the suites across majors will use there (cross_server_how: 15 built from
# Debian's source package, a major the root does not package built from its source too) and
# Citus for the major suite 47_citus will choose among CITUS MAJORS. uuidx itself is not built
# here: the suites build it against each server when they run.
set -u
cd "$(dirname "$0")/.."
source lab/crossmajor.sh
source lab/citus.sh
for m in $1; do
  pg_server_config "$m" $(cross_server_how "$m") >/dev/null || echo "ahead: PostgreSQL $m was not provided"
done
if major=$(UUIDX_PG_VERSIONS=$2 citus_pg_major) && citus_version_for "$major" >/dev/null; then
  citus_provide "$(pg_server_config "$major")" >/dev/null || echo "ahead: Citus for $major was not provided"
fi
exit 0
