#!/usr/bin/env bash
# The isolation specs on the major under test, through PGXS's own target: a throwaway cluster
# with uuidx preloaded, `make installcheck-isolation` in session scope, then, once
# uuidx.v7_scope = 'server' has reached new sessions, `make installcheck-isolation-server`. One
# check per spec (pg_isolation_regress judges a spec whole: all its permutations' output).
# Runs from the build directory of this major (UUIDX_BUILD_DIR, PG_CONFIG: lab/run.sh).
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
passed=0 failed=0

# run_target TARGET: pg_isolation_regress through make; counts its "ok" and "FAILED" lines.
run_target() {
  local log ok bad rc
  log=$(mktemp /tmp/uuidx-isolation.XXXXXX)
  make -C "$UUIDX_BUILD_DIR" -s --no-print-directory PG_CONFIG="$PG_CONFIG" ISOLATION_OUT="$CLUSTER_DIR/output_iso" "$1" \
    >"$log" 2>&1
  rc=$?
  cat "$log"
  [ -f "$CLUSTER_DIR/output_iso/regression.diffs" ] && head -n 100 "$CLUSTER_DIR/output_iso/regression.diffs"
  rm -f "$CLUSTER_DIR/output_iso/regression.diffs"
  read -r ok bad < <(regress_counts "$log" "$rc")
  passed=$((passed + ok)) failed=$((failed + bad))
  rm -f "$log"
}

cluster_start "shared_preload_libraries = 'uuidx'" "max_connections = 40" ||
  { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
run_target installcheck-isolation

cluster_psql -c "ALTER SYSTEM SET uuidx.v7_scope = 'server'" -c "SELECT pg_reload_conf()" >/dev/null
scope=""
for _ in $(seq 1 100); do
  scope=$(cluster_psql -At -c "SHOW uuidx.v7_scope" 2>/dev/null)
  [ "$scope" = server ] && break
  sleep 0.1
done
if [ "$scope" = server ]; then
  run_target installcheck-isolation-server
else
  echo "uuidx.v7_scope did not become 'server' in new sessions within 10 s (it is '$scope')"
  failed=$((failed + 1))
fi
failed=$((failed + $(cluster_crash_failures)))
cluster_stop
echo "SUITE_RESULT passed=$passed failed=$failed"
