#!/usr/bin/env bash
# Memory per call is constant: one backend generates 10^7 values of v7, v1, v4
# and v6 (and 2*10^6 calls of v3/v5/v8_name and encode+decode), each in one statement, and its
# resident memory is read from /proc/<pid>/status before and after (this script runs as root; psql's \! runs it between statements of the same session).
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
# key | values | expression over i: the generators without input (10^7 each), then the
# functions that take input and go through OpenSSL's digests or the encoders (fewer values, as
# they are slower; a leak of even 8 bytes a call would still show as 16 MB).
m=${UUIDX_MEMORY_VALUES_INPUT:-2000000}
cases=(
  "v7|$n|uuid_generate_v7()"
  "v1|$n|uuid_generate_v1()"
  "v4|$n|uuid_generate_v4()"
  "v6|$n|uuid_generate_v6()"
  "v5_text|$m|uuid_generate_v5(uuid_ns_url(), 'https://example.com/' || i)"
  "v5_bytea|$m|uuid_generate_v5(uuid_ns_oid(), int4send(i))"
  "v3_text|$m|uuid_generate_v3(uuid_ns_dns(), 'host' || i || '.example.com')"
  "v8_name|$m|uuid_generate_v8_name(uuid_ns_url(), 'https://example.com/' || i)"
  "encode_decode_base58|$m|uuid_decode(uuid_encode(uuid_generate_v4(), 'base58'), 'base58')"
  "encode_decode_base32|$m|uuid_decode(uuid_encode(uuid_generate_v7(), 'base32'), 'base32')"
  "facade_both_ways|$m|uuid_facade_to_v7(uuid_v7_to_facade(uuid_generate_v7(), '\\x000102030405060708090a0b0c0d0e0f'), '\\x000102030405060708090a0b0c0d0e0f')"
)
script=$(mktemp /tmp/uuidx-memory.XXXXXX.sql)
{
  # JIT would load LLVM (~60 MB, RssFile + RssAnon) on the first statement costly enough: that
  # is PostgreSQL's memory, not uuidx's, and it shows up once whatever the function. Off.
  echo "SET jit = off;"
  echo "SELECT pg_backend_pid() AS pid \\gset"
  echo "\\setenv UUIDX_PID :pid"
  echo "\\timing on"
  for c in "${cases[@]}"; do
    IFS='|' read -r key count expr <<<"$c"
    # Warm-up in the same form: library, random buffer, executor memory all in place before.
    echo "SELECT count($expr) FROM (SELECT generate_series(1, 100000) i) s;"
    echo "\\! echo 5 > /proc/\$UUIDX_PID/clear_refs"
    mem "before_$key"
    echo "SELECT 'count_$key', count($expr) FROM (SELECT generate_series(1, $count) i) s;"
    mem "after_$key"
  done
  echo "EXPLAIN (COSTS OFF) SELECT count(uuid_generate_v7()) FROM (SELECT generate_series(1, $n) i) s;"
} >"$script"
out=$(cluster_psql -At -F '|' -f "$script" 2>&1)
rc=$?
rm -f "$script"
echo "$out" | grep -E '^(Aggregate|  ->|    ->)' | sed 's/^/      plan: /'
check_true "session ran" "$([ $rc = 0 ] && echo t)" "psql exit code $rc"
[ $rc = 0 ] || echo "$out"

for c in "${cases[@]}"; do
  IFS='|' read -r key want expr <<<"$c"
  read -r _ rss0 hwm0 anon0 < <(grep "^before_$key " <<<"$out")
  read -r _ rss1 hwm1 anon1 < <(grep "^after_$key " <<<"$out")
  count=$(sed -n "s/^count_$key|//p" <<<"$out")
  ms=$(awk -v k="before_$key" '$1 == k {f = 1} f && /^Time:/ {print $2; exit}' <<<"$out")
  if [ -z "${rss0:-}" ] || [ -z "${rss1:-}" ] || [ -z "${anon1:-}" ]; then
    check_true "$key memory" f "could not read /proc/<pid>/status"
    continue
  fi
  anon_growth=$((anon1 - anon0))
  peak_growth=$((hwm1 - rss0))
  ok=f
  [ "$count" = "$want" ] && [ $anon_growth -lt $max_growth_kb ] && [ $peak_growth -lt $max_growth_kb ] && ok=t
  check_true "$key backend memory over $want calls in one statement" "$ok" \
    "values = ${count:-?} in ${ms:-?} ms; RssAnon $anon0 -> $anon1 kB (growth $anon_growth kB); VmRSS $rss0 -> $rss1 kB; peak VmHWM $hwm1 kB (peak - before = $peak_growth kB; limit $max_growth_kb kB)"
done
suite_end
