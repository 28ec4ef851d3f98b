#!/usr/bin/env bash
# packages: libfaketime
# The isolation specs on the major under test through PGXS's targets, on a throwaway cluster with
# uuidx preloaded: `make installcheck-isolation` in session scope, `make installcheck-isolation-server`
# in server scope, again with the server's clock stopped (libfaketime: every session's values in
# one tick), and, the control, in session scope with the clock stopped, where each of its specs
# must fail by its column below_any_earlier alone (keys below one formed earlier in any session):
# that column counting keys, the rest as expected. TAP: one check per spec and run
# (pg_isolation_regress judges a spec whole), its report and diffs as `# ` lines.
# Runs from the build directory of this major (UUIDX_BUILD_DIR, PG_CONFIG, PGBIN: lab/run.sh).
set -u
n=0 failed=0
check() {  # STATUS NAME: ok when STATUS is 0
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}
finish() { echo "1..$n"; [ "$failed" = 0 ]; exit; }
specs() { sed -n "s/^$1 *= *//p" "$UUIDX_BUILD_DIR/Makefile"; }

cd "$(dirname "$0")/../.."
source lab/cluster.sh
cluster_start "shared_preload_libraries = 'uuidx'" "max_connections = 40" || { check 1 "the cluster started"; finish; }
trap cluster_stop EXIT
dir=$CLUSTER_DIR

scope() {  # VALUE: uuidx.v7_scope, once new sessions see it (a failed check when they do not)
  cluster_psql -c "ALTER SYSTEM SET uuidx.v7_scope = '$1'" -c "SELECT pg_reload_conf()" >/dev/null
  for _ in $(seq 100); do [ "$(cluster_psql -At -c 'SHOW uuidx.v7_scope')" = "$1" ] && return 0; sleep 0.1; done
  check 1 "uuidx.v7_scope reached new sessions within 10 s"
  return 1
}
run() {  # TARGET: pg_isolation_regress through make; its report and diffs as comments
  rm -rf "$dir/out"
  make -C "$UUIDX_BUILD_DIR" -s --no-print-directory PG_CONFIG="$PG_CONFIG" ISOLATION_OUT="$dir/out" "$1" >"$dir/make.log" 2>&1
  cat "$dir/make.log" "$dir/out/regression.diffs" 2>/dev/null | head -n 300 | sed 's/^/# /'
}
verdict() {  # SPEC: ok or failed, as the last run's report says ("test S ... ok" before 16, "ok N - S")
  grep -E "^(ok|not ok|test) (.*[- ])?$1( |$)" "$dir/make.log" | sed -E 's/^not ok.*|.* FAILED.*/failed/; s/^(ok|test) .*/ok/'
}
positive() {  # TARGET VARIABLE LABEL: each spec of VARIABLE passes
  run "$1"
  for s in $(specs "$2"); do [ "$(verdict "$s")" = ok ]; check $? "$s ($3)"; done
}
below_any_earlier() {  # FILE [values]: FILE with that column's values as *, or (values) the values
  awk -F'|' -v OFS='|' -v values="${2:-}" '
    /^\(/ { c = 0 }
    c && NF > 1 && !/^-/ { v = v " " ($c + 0); $c = "*" }
    NF > 1 { for (i = 1; i <= NF; i++) if ($i ~ /^ *below_any_earlier *$/) c = i }
    !values { print }
    END { if (values) print v }' "$1"
}

positive installcheck-isolation ISOLATION_SESSION "session scope"
scope server && positive installcheck-isolation-server ISOLATION_SERVER "server scope"
libfaketime=$(compgen -G '/usr/lib/*/faketime/libfaketime.so.1' | head -n 1)
if [ -z "$libfaketime" ]; then
  # The lab installs it (the packages line above): under CI a missing one is a failure.
  [ -z "${CI:-}" ] && echo "ok $((n += 1)) - the runs with the clock stopped # SKIP libfaketime.so.1 is not installed (Debian: libfaketime)" ||
    check 1 "libfaketime.so.1 is installed (Debian: libfaketime)"
elif ! CLUSTER_SERVER_ENV="LD_PRELOAD=$libfaketime FAKETIME_FMT=%s FAKETIME=$(date +%s) FAKETIME_DONT_FAKE_MONOTONIC=1 \
  NO_FAKE_STAT=1" cluster_restart; then
  check 1 "the server restarted with its clock stopped"
else
  positive installcheck-isolation-server ISOLATION_SERVER "server scope, clock stopped"
  scope session && run installcheck-isolation-server
  for s in $(specs ISOLATION_SERVER); do
    got=$dir/out/results/$s.out
    values=$(below_any_earlier "$got" values)
    differs=$(diff <(below_any_earlier "$UUIDX_BUILD_DIR/test/isolation/expected/$s.out") <(below_any_earlier "$got"))
    [ "$(verdict "$s")" = failed ] && [[ $values == *[1-9]* ]] && [ -z "$differs" ]
    check $? "$s fails in session scope (control)"
    echo "# pg_isolation_regress: $(verdict "$s"); below_any_earlier in each permutation:$values"
    [ -z "$differs" ] || sed 's/^/# /' <<<"other than below_any_earlier:"$'\n'"$differs"
  done
fi

! cluster_log_has_crash
check $? "the server log shows no crashed backend"
cluster_log_has_crash && grep -E "terminated by signal|server process" "$dir/server.log" | sed 's/^/# /' 
finish
