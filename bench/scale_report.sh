#!/usr/bin/env bash
# scale_report.sh DIR: the report of bench/scale.sh from its own CSV files in DIR: report.md (the
# figures at 10^6, 10^7 and the largest size per key, each with its ratio to bigint at the same
# size; the clients table with ratios to bigint and server scope against session scope; planning
# and execution over partitions, the rewrite on and off) and, when
# gnuplot is installed, rows_per_s.png, wal_per_row.png, clients.png and planning.png.
set -euo pipefail
dir=$1
report=$dir/report.md
: >"$report"

if [ -s "$dir/rows.csv" ]; then
  {
    echo "## Rows past memory"
    echo
    echo "Per 10^6 rows inserted at that size; ratios to bigint identity at the same size."
    echo
    echo "| key | rows | rows/s | × bigint | WAL bytes/row | × bigint | FPI per 1,000 rows | index MB | leaf density % | index reads/row |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    awk -F, 'NR > 1 { last[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
      NR > 1 { rate[$1, $2] = $3; wal[$1, $2] = $4; fpi[$1, $2] = $5; mb[$1, $2] = $6; fill[$1, $2] = $7; reads[$1, $2] = $9 }
      END {
        for (i = 1; i <= n; i++) {
          k = order[i]
          split("1000000 10000000 " last[k], sizes, " ")
          shown = ""
          for (j = 1; j <= 3; j++) {
            s = sizes[j]
            if (!((k, s) in rate) || index(shown, " " s " ")) continue
            shown = shown " " s " "
            rr = ("bigint", s) in rate ? sprintf("%.2f", rate[k, s] / rate["bigint", s]) : ""
            wr = ("bigint", s) in wal && wal["bigint", s] > 0 ? sprintf("%.2f", wal[k, s] / wal["bigint", s]) : ""
            printf "| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", k, s, rate[k, s], rr, wal[k, s], wr, fpi[k, s], mb[k, s], fill[k, s], reads[k, s]
          }
        }
      }' "$dir/rows.csv"
    echo
    echo "Over the whole run (every step weighs its rows alike): rows/s as all the rows over all the"
    echo "time, WAL and full-page images per row as their means; ratios to bigint identity."
    echo
    echo "| key | rows | rows/s | × bigint | WAL bytes/row | × bigint | FPI per 1,000 rows | steps with FPIs |"
    echo "|---|---|---|---|---|---|---|---|"
    awk -F, 'NR > 1 { if (!($1 in n)) order[++nk] = $1; n[$1]++; rows[$1] = $2
        secs[$1] += 1 / $3; wal[$1] += $4; fpi[$1] += $5; withfpi[$1] += ($5 > 0.05) }
      END {
        for (i = 1; i <= nk; i++) {
          k = order[i]
          r = n[k] / secs[k]; w = wal[k] / n[k]
          rb = n["bigint"] > 0 ? n["bigint"] / secs["bigint"] : 0; wb = n["bigint"] > 0 ? wal["bigint"] / n["bigint"] : 0
          printf "| %s | %d | %d | %s | %.1f | %s | %.2f | %d of %d |\n", k, rows[k], r, rb ? sprintf("%.2f", r / rb) : "", w,
            wb ? sprintf("%.2f", w / wb) : "", fpi[k] / n[k], withfpi[k], n[k]
        }
      }' "$dir/rows.csv"
    echo
  } >>"$report"
fi

if [ -s "$dir/clients.csv" ]; then
  {
    echo "## Clients past cores"
    echo
    echo "rows/s (mean latency ms), all clients together; the last columns: uuidx in server scope"
    echo "against session scope, and uuidx (session) against bigint."
    echo
    awk -F, 'NR > 1 { if (!($1 in seen)) { seen[$1] = 1; keys[++nk] = $1 } if (!($2 in cs)) { cs[$2] = 1; cl[++nc] = $2 }
        rate[$1, $2] = $3; lat[$1, $2] = $4 }
      END {
        head = "| clients |"; sep = "|---|"
        for (i = 1; i <= nk; i++) { head = head " " keys[i] " |"; sep = sep "---|" }
        print head " server ÷ session | session ÷ bigint |"; print sep "---|---|"
        for (j = 1; j <= nc; j++) {
          c = cl[j]; line = "| " c " |"
          for (i = 1; i <= nk; i++) line = line sprintf(" %d (%.2f) |", rate[keys[i], c], lat[keys[i], c])
          ss = rate["uuidx_session", c] > 0 ? sprintf("%.2f", rate["uuidx_server", c] / rate["uuidx_session", c]) : ""
          sb = rate["bigint", c] > 0 ? sprintf("%.2f", rate["uuidx_session", c] / rate["bigint", c]) : ""
          print line " " ss " | " sb " |"
        }
      }' "$dir/clients.csv"
    echo
  } >>"$report"
fi
if [ -s "$dir/partitions.csv" ]; then
  {
    echo "## Partitions into the thousands"
    echo
    echo "Planning and execution ms (median of 3 in a warm session), then the partitions the plan"
    echo "scans and, after a slash, those it removed at executor start; the rewrite on, then off."
    echo "\`hypertable:N\`: a TimescaleDB hypertable of N chunks (chunks for partitions)."
    echo
    echo "| partitions | query | planning on | planning off | on ÷ off | execution on | execution off | scanned on | scanned off |"
    echo "|---:|---|---:|---:|---:|---:|---:|---|---|"
    awk -F, 'NR > 1 { key = $1 SUBSEP $2; if (!(key in seen)) { seen[key] = 1; order[++n] = key }
        plan[key, $3] = $4; exec[key, $3] = $5; parts[key, $3] = $6 (($7 > 0) ? " / " $7 " removed" : "") }
      END {
        for (i = 1; i <= n; i++) {
          k = order[i]; split(k, f, SUBSEP)
          ratio = plan[k, "off"] > 0 ? sprintf("%.2f", plan[k, "on"] / plan[k, "off"]) : ""
          printf "| %s | %s | %.2f | %.2f | %s | %.2f | %.2f | %s | %s |\n", f[1], f[2], plan[k, "on"], plan[k, "off"], ratio,
            exec[k, "on"], exec[k, "off"], parts[k, "on"], parts[k, "off"]
        }
      }' "$dir/partitions.csv"
    echo
  } >>"$report"
fi
cat "$report"

command -v gnuplot >/dev/null || { echo "gnuplot is not installed: no plots (Debian: gnuplot-nox)"; exit 0; }
# plot CSV XCOL YCOL FILE TITLE XLABEL YLABEL [logx]: one line per key (column 1).
plot() {
  local csv=$1 x=$2 y=$3 png=$4 title=$5 xlabel=$6 ylabel=$7 logx=${8:-}
  local keys cmd="" k
  keys=$(awk -F, 'NR > 1 && !seen[$1]++ { print $1 }' "$csv")
  for k in $keys; do
    cmd="${cmd:+$cmd, }'< grep \"^$k,\" $csv' using $x:$y with linespoints title '$k'"
  done
  gnuplot <<EOF
set terminal pngcairo size 900,540 noenhanced
set output '$png'
set datafile separator ','
set title '$title'
set xlabel '$xlabel'
set ylabel '$ylabel'
set key outside right
set grid
${logx:+set logscale x 2}
plot $cmd
EOF
}
if [ -s "$dir/rows.csv" ]; then
  plot "$dir/rows.csv" '($2/1e6)' 3 "$dir/rows_per_s.png" 'rows/s against table size' 'rows in the table (millions)' 'rows/s'
  plot "$dir/rows.csv" '($2/1e6)' 4 "$dir/wal_per_row.png" 'WAL bytes per row against table size' 'rows in the table (millions)' 'WAL bytes/row'
fi
if [ -s "$dir/clients.csv" ]; then
  plot "$dir/clients.csv" 2 3 "$dir/clients.png" 'rows/s against clients (2 cores)' 'clients' 'rows/s' logx
fi
if [ -s "$dir/partitions.csv" ]; then
  # One line per query and setting: column 1 of a derived CSV is "query rewrite".
  # (Range partitions only: a hypertable's row is labelled, not a number of partitions.)
  awk -F, 'NR > 1 && $1 ~ /^[0-9]+$/ { print $2 "_" $3 "," $1 "," $4 }' "$dir/partitions.csv" >"$dir/planning_lines.csv.tmp"
  { echo "line,partitions,planning_ms"; cat "$dir/planning_lines.csv.tmp"; } >"$dir/planning_lines.csv"
  rm -f "$dir/planning_lines.csv.tmp"
  plot "$dir/planning_lines.csv" 2 3 "$dir/planning.png" 'planning time against partitions (rewrite on / off)' 'partitions' 'planning ms' logx
  rm -f "$dir/planning_lines.csv"
fi
ls "$dir"/*.png 2>/dev/null || true
