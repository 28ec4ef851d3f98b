# order_oracle.sh: `order_oracle_check WORK SEED N VARIANT "NEVER" COUNT` (uuidx in database oracle)
# for suite 51: ~3*N queries per table agree with uuidx.time_predicates on and off; the plan changes
# for a quarter of them, never on the NEVER tables; COUNT tables checked. Mismatches keep the queries.
order_oracle_check() {
  local work=$1 seed=$2 n=$3 variant=$4 never=$5 count=$6 start rc table tried mismatched fired
  start=$(date +%s%N)
  python3 test/lib/order_oracle.py gen "$seed" "$n" "$work/order.sql" $variant
  PGDATABASE=oracle cluster_psql -At -f "$work/order.sql" >"$work/order.out" 2>"$work/order.err"
  rc=$?
  python3 test/lib/order_oracle.py rows_sql $variant | PGDATABASE=oracle cluster_psql -At -F $'\t' >"$work/rows.tsv" 2>>"$work/order.err"
  tap_check "the order oracle ran" "$([ $rc = 0 ] && [ ! -s "$work/order.err" ] && echo t)" \
    "exit code $rc, $((($(date +%s%N) - start) / 1000000)) ms$( [ -s "$work/order.err" ] && echo "; $(head -c 400 "$work/order.err")")"
  python3 test/lib/order_oracle.py check "$work/order.out" "$work/order.sql.flags" "$work/rows.tsv" >"$work/order.stats"
  while read -r table tried mismatched fired; do
    [ "$table" = "mismatched" ] && continue
    tap_check "$table: orders and min/max of time agree with the setting on and off" \
      "$([ "$mismatched" = 0 ] && [ "$tried" -ge $((3 * n)) ] && echo t)" "$tried queries, $mismatched mismatches (seed $seed)"
    if [[ " $never " == *" $table "* ]]; then
      tap_check "$table: never rewritten (not provably v7 with a NULL time only for a NULL key)" \
        "$([ "$fired" = 0 ] && echo t)" "plan changed for $fired of $tried"
    else
      tap_check "$table: rewritten for many queries" "$([ $((fired * 100)) -ge $((tried * 25)) ] && echo t)" \
        "plan changed for $fired of $tried"
    fi
  done <"$work/order.stats"
  grep -q '^mismatched' "$work/order.stats" && { tap_note "$(grep '^mismatched' "$work/order.stats")
queries: $work/order.sql.queries"; UUIDX_KEEP_CLUSTER=1; }
  tap_check "every table checked (orders)" "$([ "$(grep -vc '^mismatched' "$work/order.stats")" = "$count" ] && echo t)" \
    "$(tr '\n' ';' <"$work/order.stats")"
}
