#!/usr/bin/env bash
# scope: cross-pairs
# runs: prove
# The TAP tests that move a database between majors (test/t/011_cross_major_dump.pl,
# 012_pg_upgrade.pl) along an upgrade path of the matrix, in the root where its servers run
# (lab/run.sh gives the path's majors in UUIDX_PG_VERSIONS). The lab provides each major's
# server with uuidx built and installed (lab/crossmajor.sh: 15 is bookworm's packages, unpacked)
# and names the installations, in the path's order, in UUIDX_CROSS_INSTALLS ("15=/prefix ...");
# the tests take them as their nodes' install_path, as PostgreSQL's own pg_upgrade test takes
# oldinstall. PGXS's target runs from the newest major's installation (lab/prove.sh).
set -u
cd "$(dirname "$0")/../.."
source lab/crossmajor.sh
source lab/prove.sh

cross_provide_majors
installs="" libs=""
newest=""
for m in $UUIDX_PG_VERSIONS; do
  installs="$installs $m=$(dirname "${bin[$m]}")"
  lib=$(pg_server_libs "${bin[$m]}/pg_config") && [ -n "$lib" ] && libs="$libs:$lib"
  newest=$m
done
echo "installations:$installs${libs:+ (LD_LIBRARY_PATH=${libs#:})}"
tap_prove "${bin[$newest]}/pg_config" "$CROSS_TAP_TESTS" \
  UUIDX_CROSS_INSTALLS="${installs# }" ${libs:+LD_LIBRARY_PATH="${libs#:}"}
