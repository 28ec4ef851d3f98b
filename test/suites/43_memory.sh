#!/usr/bin/env bash
# Memory per call is constant (issue 4 item 6): one backend generates 10^7 values of v7, v1, v4
# and v6, each in one statement, and its resident memory is read from /proc/<pid>/status before
# and after (this script runs as root; psql's \! runs it between statements of the same session).
# The peak is VmHWM, reset before each statement through /proc/<pid>/clear_refs. RssAnon is the
# backend's private memory (VmRSS also counts the shared buffers it touches).
# The statement form feeds the generator from a ProjectSet, so no tuplestore of the series
# (work_mem) is held while it runs: what grows is what the generator keeps.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

n=${UUIDX_MEMORY_VALUES:-10000000}
max_growth_kb=${UUIDX_MEMORY_MAX_GROWTH_KB:-4096}  # "a few MB"

cluster_start || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx"

mem() {  # label -> one line "label VmRSS VmHWM RssAnon" (kB), from inside the session
  echo "\\! awk -v l=$1 '/^(VmRSS|VmHWM|RssAnon):/ {v[\$1] = \$2} END {print l, v[\"VmRSS:\"], v[\"VmHWM:\"], v[\"RssAnon:\"]}' /proc/\$UUIDX_PID/status"
}
script=$(mktemp /tmp/uuidx-memory.XXXXXX.sql)
{
  # JIT would load LLVM (~60 MB, RssFile + RssAnon) on the first statement costly enough: that
  # is PostgreSQL's memory, not uuidx's, and it shows up once whatever the function. Off.
  echo "SET jit = off;"
  echo "SELECT pg_backend_pid() AS pid \\gset"
  echo "\\setenv UUIDX_PID :pid"
  echo "\\timing on"
  for v in 7 1 4 6; do
    # Warm-up in the same form: library, random buffer, executor memory all in place before.
    echo "SELECT count(uuid_generate_v$v()) FROM (SELECT generate_series(1, 100000)) s;"
    echo "\\! echo 5 > /proc/\$UUIDX_PID/clear_refs"
    mem "before_v$v"
    echo "SELECT 'count_v$v', count(uuid_generate_v$v()) FROM (SELECT generate_series(1, $n)) s;"
    mem "after_v$v"
  done
  echo "EXPLAIN (COSTS OFF) SELECT count(uuid_generate_v7()) FROM (SELECT generate_series(1, $n)) s;"
} >"$script"
out=$(cluster_psql -At -F '|' -f "$script" 2>&1)
rc=$?
rm -f "$script"
echo "$out" | grep -E '^(Aggregate|  ->|    ->)' | sed 's/^/      plan: /'
check_true "session ran" "$([ $rc = 0 ] && echo t)" "psql exit code $rc"
[ $rc = 0 ] || echo "$out"

for v in 7 1 4 6; do
  read -r _ rss0 hwm0 anon0 < <(grep "^before_v$v " <<<"$out")
  read -r _ rss1 hwm1 anon1 < <(grep "^after_v$v " <<<"$out")
  count=$(sed -n "s/^count_v$v|//p" <<<"$out")
  ms=$(awk -v v="$v" '$1 == "before_v" v {f = 1} f && /^Time:/ {print $2; exit}' <<<"$out")
  if [ -z "${rss0:-}" ] || [ -z "${rss1:-}" ] || [ -z "${anon1:-}" ]; then
    check_true "v$v memory" f "could not read /proc/<pid>/status"
    continue
  fi
  anon_growth=$((anon1 - anon0))
  peak_growth=$((hwm1 - rss0))
  ok=f
  [ "$count" = "$n" ] && [ $anon_growth -lt $max_growth_kb ] && [ $peak_growth -lt $max_growth_kb ] && ok=t
  check_true "v$v backend memory over $n values in one statement" "$ok" \
    "values = ${count:-?} in ${ms:-?} ms; RssAnon $anon0 -> $anon1 kB (growth $anon_growth kB); VmRSS $rss0 -> $rss1 kB; peak VmHWM $hwm1 kB (peak - before = $peak_growth kB; limit $max_growth_kb kB)"
done
suite_end
