#!/usr/bin/env bash
# server_scope.sh: what one v7 sequence per server costs (README "One v7 sequence per server";
# not run by CI). Builds two uuidx libraries from the checkout: the shipped one (the shared
# position advanced with a compare-and-swap) and a benchmark-only variant built with
# UUIDX_BENCH_LWLOCK=1 (the same step under an LWLock). Both go into a throwaway copy of the
# PostgreSQL installation in /tmp (PostgreSQL finds its lib and share directories relative to
# its binaries), so the installed extension is never touched. One cluster, uuidx preloaded.
# For 1, 2 and 16 concurrent sessions (pgbench, one connection each, each transaction
# SELECT count(EXPR) FROM generate_series(1, N)), for count(1) (the loop alone),
# gen_random_uuid(), uuid_generate_v7() in session scope and in server scope, and server scope
# with the LWLock variant: values per second over the whole server, turned into
#   ns/value: wall-clock ns per value server-wide (1e9 / values per second), and
#   ns/call:  the ns one session waits per call (ns/value x sessions),
# the loop's cost (count(1)) of the same round subtracted, median of ROUNDS interleaved rounds.
# Usage: bench/server_scope.sh [--pg-config PATH] [--rounds R] [--seconds S] [--rows N]
#   defaults: --pg-config pg_config --rounds 5 --seconds 5 --rows 100000
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

pg_config=pg_config rounds=5 seconds=5 rows=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --pg-config) pg_config=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    --rows) rows=$2; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

work=$(mktemp -d /tmp/uuidx-bench-scope.XXXXXX)
chmod 755 "$work"
cleanup() { cluster_stop 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The throwaway installation: bindir, pkglibdir and sharedir copied under $work with their paths.
bindir=$("$pg_config" --bindir) libdir=$("$pg_config" --pkglibdir) sharedir=$("$pg_config" --sharedir)
for d in "$bindir" "$libdir" "$sharedir"; do mkdir -p "$work/inst$(dirname "$d")" && cp -a "$d" "$work/inst$d"; done
tbin="$work/inst$bindir"
[ "$("$tbin/pg_config" --pkglibdir)" = "$work/inst$libdir" ] || { echo "the copied PostgreSQL does not relocate" >&2; exit 1; }

# The two libraries, each built in a copy of the sources (against the original installation,
# whose headers the copy does not have).
for variant in lockfree lwlock; do
  mkdir -p "$work/$variant"
  git ls-files -co --exclude-standard -- Makefile uuidx.control 'uuidx--*.sql' src sql | tar -cf - -T - | (cd "$work/$variant" && tar -xf -)
  flag=""
  [ $variant = lwlock ] && flag="UUIDX_BENCH_LWLOCK=1"
  make -C "$work/$variant" -s -j"$(nproc)" PG_CONFIG="$pg_config" $flag >"$work/$variant.log" 2>&1 ||
    { cat "$work/$variant.log"; exit 1; }
done
cp "$root/uuidx.control" "$work/inst$sharedir/extension/"
cp "$root"/uuidx--*.sql "$work/inst$sharedir/extension/"
use_variant() {
  # A new file renamed into place: the running server has the old one mapped, and writing over
  # it would change the code under the postmaster's feet.
  cp "$work/$1/uuidx.so" "$work/inst$libdir/uuidx.so.new"
  mv -f "$work/inst$libdir/uuidx.so.new" "$work/inst$libdir/uuidx.so"
  if [ -n "${CLUSTER_DIR:-}" ]; then cluster_restart; fi
}

export PGBIN=$tbin
source lab/cluster.sh
chown -R "$UUIDX_TEST_USER" "$work" 2>/dev/null || true
use_variant lockfree
cluster_start "shared_preload_libraries = 'uuidx'" "max_connections = 40"
q() { cluster_psql -At -c "$@"; }
q "CREATE EXTENSION uuidx"
echo "PostgreSQL $(q 'SHOW server_version'); uuidx $(git rev-parse --short HEAD); $(nproc) cores ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)); $rounds rounds of $seconds s, $rows values per statement"

scope() { q "ALTER SYSTEM SET uuidx.v7_scope = '$1'" >/dev/null; q "SELECT pg_reload_conf()" >/dev/null; sleep 0.5; }
# Values per second of EXPR with C sessions.
rate() {
  local expr=$1 c=$2 script tps
  script="$work/bench.pgbench"
  echo "SELECT count($expr) FROM generate_series(1, $rows);" >"$script"
  tps=$("$PGBIN/pgbench" -n -c "$c" -j "$((c < 2 ? c : 2))" -T "$seconds" -f "$script" 2>/dev/null |
    sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p')
  awk -v t="$tps" -v n="$rows" 'BEGIN {printf "%.1f\n", t * n}'
}

results="$work/results.txt"  # lines: round name sessions values_per_second
: >"$results"
for r in $(seq 1 "$rounds"); do
  use_variant lockfree
  for c in 1 2 16; do
    echo "$r loop $c $(rate 1 $c)" >>"$results"
    echo "$r gen_random_uuid $c $(rate 'gen_random_uuid()' $c)" >>"$results"
    scope session
    echo "$r session $c $(rate 'uuid_generate_v7()' $c)" >>"$results"
    scope server
    echo "$r server $c $(rate 'uuid_generate_v7()' $c)" >>"$results"
  done
  use_variant lwlock
  scope server
  for c in 1 2 16; do echo "$r server_lwlock $c $(rate 'uuid_generate_v7()' $c)" >>"$results"; done
  echo "round $r done" >&2
done
scope session

# Per round: ns per value of each function minus the loop's in that round, and the ratios of
# that round; then the median over the rounds of each figure.
awk -v cores="$(nproc)" '
  function median(key,   m, i, j, t, a) {
    m = cnt[key]; for (i = 1; i <= m; i++) a[i] = val[key, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return a[int((m + 1) / 2)]
  }
  function add(key, x) { cnt[key]++; val[key, cnt[key]] = x }
  { rate[$1, $2, $3] = $4; rounds[$1] = 1 }
  END {
    split("gen_random_uuid session server server_lwlock", names, " ")
    label["gen_random_uuid"] = "`gen_random_uuid()` (core)"
    label["session"] = "`uuid_generate_v7()`, session scope"
    label["server"] = "`uuid_generate_v7()`, server scope (compare-and-swap)"
    label["server_lwlock"] = "`uuid_generate_v7()`, server scope, LWLock variant (benchmark only)"
    split("1 2 16", cs, " ")
    for (r in rounds) for (ci = 1; ci <= 3; ci++) {
      c = cs[ci]; loop = 1e9 / rate[r, "loop", c]; add("loop " c, loop)
      for (ni = 1; ni <= 4; ni++) { nm = names[ni]; ns[nm] = 1e9 / rate[r, nm, c] - loop; add("ns " nm " " c, ns[nm]) }
      for (ni = 1; ni <= 4; ni++) {
        nm = names[ni]
        add("vs_session " nm " " c, ns[nm] / ns["session"]); add("vs_random " nm " " c, ns[nm] / ns["gen_random_uuid"])
      }
      add("vs_lwlock " c, ns["server"] / ns["server_lwlock"])
    }
    printf "| function | sessions | ns/value (server-wide) | ns/call (per session) | vs session scope | vs `gen_random_uuid()` | vs LWLock variant |\n"
    printf "|---|---:|---:|---:|---:|---:|---:|\n"
    for (ci = 1; ci <= 3; ci++) {
      c = cs[ci]
      for (ni = 1; ni <= 4; ni++) {
        nm = names[ni]; x = median("ns " nm " " c)
        printf "| %s | %d | %.0f | %.0f | %.2f | %.3f | %s |\n", label[nm], c, x, x * c, median("vs_session " nm " " c),
               median("vs_random " nm " " c), nm == "server" ? sprintf("%.2f", median("vs_lwlock " c)) : ""
      }
      printf "| (the loop alone, subtracted above) | %d | %.0f | | | | |\n", c, median("loop " c)
    }
    printf "\n%d cores: with more sessions than cores the sessions share the CPUs, so ns/call grows with the sessions while ns/value is what a value costs the server. Ratios: median over the rounds of each round'"'"'s ratio.\n", cores
  }' "$results"
