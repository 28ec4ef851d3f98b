#!/usr/bin/env bash
# packages: gnuplot-nox
# bench/bench.sh in smoke mode (tiny sizes, under a minute): it runs end to end, and what it prints
# and writes has the promised structure, with numbers that parse. No timing is asserted: thresholds
# belong to the benchmark's report (the core's own benchmark is suite 12_core_bench).
source "$(dirname "$0")/../lib/tap.sh"
set -o pipefail
check() {  # check "what" command...
  tap_check "$1" "$("${@:2}" && echo t)"
}

out=$(mktemp -d /tmp/uuidx-bench-smoke.XXXXXX)
log=$out/bench.log
bash bench/bench.sh --smoke --out "$out" >"$log" 2>&1
rc=$?
tap_check "bench.sh --smoke exits 0" "$([ "$rc" = 0 ] && echo t)" "exit code $rc"
[ "$rc" = 0 ] || tap_note "$(tail -n 40 "$log")"

num='-?[0-9]+(\.[0-9]+)?'
# A markdown row "| `EXPR` | <ns> | <ratio> |" with both numbers present.
has_call_row() { grep -Eq "^\| \`$(sed 's/[][()*.^$]/\\&/g' <<<"$2")\` \| $num \| $num \|$" "$1"; }

gens=$(grep -Eo '^\| `public\.uuid_generate_[a-z0-9_]+\(\)`' "$log" | sort -u | wc -l)
tap_check "per-call table lists the uuidx generators" "$([ "$gens" -ge 4 ] && echo t)" "$gens found"
for g in public.uuid_generate_v1 public.uuid_generate_v4 public.uuid_generate_v6 public.uuid_generate_v7 \
  gen_random_uuid ossp.uuid_generate_v1 ossp.uuid_generate_v4; do
  check "per-call row for $g() with ns/call and ratio" has_call_row "$log" "$g()"
done
if [ "$(psql --version | grep -oE '[0-9]+' | head -n 1)" -ge 18 ]; then
  # 18's own generators beside ours, and its uuidv7() as an insert key.
  for g in pg_catalog.uuidv7 pg_catalog.uuidv4; do check "per-call row for $g() on 18" has_call_row "$log" "$g()"; done
  check "insert row for PostgreSQL's uuidv7() on 18" grep -qF "| \`uuidv7()\` (PostgreSQL's) | " "$log"
fi
check "gen_random_uuid() is its own reference (ratio 1.000)" grep -Eq '^\| `gen_random_uuid\(\)` \| [0-9.]+ \| 1\.000 \|$' "$log"
check "the count(1) loop is reported" grep -Eq '^\| \(loop: `count\(1\)`, subtracted above\) \| [0-9.]+ \| \|$' "$log"

for e in 'uuid_hash(v7)' 'public.uuid_extract_time(v7)' 'public.uuid_extract_version(v7)' 'public.uuid_v1_to_v6(v1)'; do
  check "inspection row for $e" has_call_row "$log" "$e"
done
check "uuid_hash(id) is the inspection reference (ratio 1.000)" grep -Eq '^\| `uuid_hash\(v7\)` \| [0-9.]+ \| 1\.000 \|$' "$log"

# Every ratio in the printed tables parses as a number.
bad=$(grep -E '^\| `' "$log" | awk -F'|' '$4 !~ /^ *-?[0-9]+(\.[0-9]+)? *$/' | wc -l)
tap_check "every printed ratio parses as a number" "$([ "$bad" = 0 ] && echo t)" "$bad that do not"

for k in '`uuid_generate_v7()`' '`gen_random_uuid()`' '`bigint` identity'; do
  check "insert row for $k: rows/s, ratios, seconds, sizes, WAL" \
    grep -Eq "^\| $(sed 's/[][()*.^$]/\\&/g' <<<"$k") \| [0-9]+ \| $num \| $num \| $num \| [0-9]+ MB \| [0-9]+ MB \| [0-9]+ MB \|$" "$log"
done
# Three keys, and PostgreSQL's own uuidv7() as a fourth on 18 and later.
tenths=$(grep -Ec '^\| ([1-9]|10)( \| [0-9]+){3,4} \|$' "$log")
tap_check "ten per-tenth rows with a rate per key" "$([ "$tenths" = 10 ] && echo t)" "$tenths found"

check "results: README.md, machine.md, generators.md, inspection.md, inserts.md" \
  test -s "$out/README.md" -a -s "$out/machine.md" -a -s "$out/generators.md" -a -s "$out/inspection.md" -a -s "$out/inserts.md"
check "results: inserts.png is a PNG" bash -c "head -c 8 '$out/inserts.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
check "results: raw CSVs" test -s "$out/calls_raw.csv" -a -s "$out/inserts_progress.csv"

# bench/scale.sh, tiny, once (on 18, where every key exists; pgstattuple is a contrib module):
# every key's rows past memory and clients rows, 10 partitions, the report and the plots. Its
# hypertable section where TimescaleDB 2.23 or later is packaged for the server (sid's for 18,
# which 51_timescaledb installs too), installed here first; elsewhere a skip saying why (CI: a failure).
if [ "$(psql --version | grep -oE '[0-9]+' | head -n 1)" = 18 ]; then
  package=postgresql-18-timescaledb
  candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p')
  no_timescaledb="apt offers no $package 2.23 or later here (${candidate:-none})"
  if [ -n "$candidate" ] && [ "$candidate" != "(none)" ] && dpkg --compare-versions "$candidate" ge 2.23; then
    no_timescaledb="installing $package failed"
    # (apt's own lock wait: the lab may be installing into this system too)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$package" >/dev/null
  fi
  scale=$out/scale
  bash bench/scale.sh --rows 3000 --step 1000 --batch 500 --clients 2 --seconds 1 --client-rows 10 --partitions 10 --chunks 10 --out "$scale" \
    >"$out/scale.log" 2>&1
  rc=$?
  tap_check "scale.sh exits 0" "$([ "$rc" = 0 ] && echo t)" "exit code $rc"
  [ "$rc" = 0 ] || tap_note "$(tail -n 40 "$out/scale.log")"
  rows_ok=$(grep -Ec "^[a-z0-9_]+,[123]000,[0-9]+,$num,$num,$num,($num)?,$num,$num\$" "$scale/rows.csv" 2>/dev/null)
  tap_check "scale.sh rows.csv: 3 steps of each of the 6 keys, every figure a number" "$([ "$rows_ok" = 18 ] && echo t)" "$rows_ok rows found"
  clients_ok=$(grep -Ec "^[a-z0-9_]+,2,[0-9]+,$num\$" "$scale/clients.csv" 2>/dev/null)
  tap_check "scale.sh clients.csv: the 6 keys with 2 clients" "$([ "$clients_ok" = 6 ] && echo t)" "$clients_ok rows found"
  check "scale.sh report.md: both tables, pg18_uuidv7 in them" \
    bash -c "grep -q '^## Rows past memory' '$scale/report.md' && grep -q '^## Clients past cores' '$scale/report.md' && test \$(grep -c pg18_uuidv7 '$scale/report.md') -ge 2"
  parts_ok=$(grep -Ec "^10,(last_hour|last_24h|one_day|latest_10|max_time|floor_hour|latest_10_key|max_key),(on|off),$num,$num,[0-9]+,[0-9]+\$" "$scale/partitions.csv" 2>/dev/null)
  tap_check "scale.sh partitions.csv: 8 queries, rewrite on and off, over 10 partitions" "$([ "$parts_ok" = 16 ] && echo t)" "$parts_ok rows found"
  check "scale.sh partitions: the last hour plans 2 of 10 partitions with the rewrite (none left to remove at executor start), all 10 without" \
    bash -c "grep -q '^10,last_hour,on,.*,2,0\$' '$scale/partitions.csv' && grep -q '^10,last_hour,off,.*,10,0\$' '$scale/partitions.csv'"
  # (10 hours of rows up to now: 9 or 10 chunks, as the hour of now has rows yet or not; the last
  # hour lies in 1 or 2 of them.)
  hyper=("scale.sh hypertable: 8 queries, rewrite on and off, over 9 or 10 chunks"
    "scale.sh hypertable: the last hour plans 1 or 2 chunks with the rewrite, none removed at executor start, all without")
  if [ -f "$(pg_config --sharedir)/extension/timescaledb.control" ]; then
    hyper_ok=$(grep -Ec "^hypertable:(9|10),(last_hour|last_24h|one_day|latest_10|max_time|floor_hour|latest_10_key|max_key),(on|off),$num,$num,[0-9]+,[0-9]+\$" "$scale/partitions.csv" 2>/dev/null)
    tap_check "${hyper[0]}" "$([ "$hyper_ok" = 16 ] && echo t)" "$hyper_ok rows found"
    check "${hyper[1]}" \
      bash -c "grep -Eq '^hypertable:(9|10),last_hour,on,.*,[12],0\$' '$scale/partitions.csv' && grep -Eq '^hypertable:(9|10),last_hour,off,.*,(9|10),0\$' '$scale/partitions.csv'"
  elif [ -n "${CI:-}" ]; then
    tap_check "${hyper[0]}" f "TimescaleDB is not installed for this server: $no_timescaledb"
  else
    for h in "${hyper[@]}"; do tap_skip "$h" "TimescaleDB is not installed for this server: $no_timescaledb"; done
  fi
  for png in rows_per_s wal_per_row clients planning; do
    check "scale.sh: $png.png is a PNG" bash -c "head -c 8 '$scale/$png.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
  done
fi

[ "$tap_failed" = 0 ] && rm -rf "$out" || tap_note "kept $out"
tap_done
