#!/usr/bin/env bash
# scope: cross
# Independent clusters whose rows meet later. Four clusters on 127.0.0.1 generate at once:
# UUIDX_CLUSTERS_SESSIONS sessions each (default 8), every session UUIDX_CLUSTERS_PER_SESSION
# values of each of v1, v4, v6 and v7 (CI default 25,000; the full size, 250,000, takes several
# minutes on 2 cores). Every value is copied into one merged table on a fifth cluster; there:
# no duplicate over the merged set, every v1/v6 session with a node of its own, and the merged
# v7 order agrees with the time of generation to the millisecond. Then logical replication of a
# v7-keyed table from one cluster to another: the defaults are evaluated on the publisher only,
# and the rows are identical on both sides (initial copy and streamed changes).
# One major is enough (this tests uuidx, not the server): the first of 17, 18, 16, 15 that the run
# tests (17 is packaged where the suites across majors run, the trixie root: no server build),
# UUIDX_CLUSTERS_PG_MAJOR chooses.
set -u
cd "$(dirname "$0")/../.."
source lab/crossmajor.sh
source test/lib/multicluster.sh

sessions=${UUIDX_CLUSTERS_SESSIONS:-8}
per_session=${UUIDX_CLUSTERS_PER_SESSION:-25000}
clusters=(c1 c2 c3 c4)
suite_start=$(date +%s)

finish() {
  mc_nodes_stop
  [ -n "${work:-}" ] && rm -rf "$work"
  echo "      suite took $(($(date +%s) - suite_start)) s"
  echo "SUITE_RESULT passed=$passed failed=$failed"
  exit 0
}
trap 'mc_nodes_stop' EXIT

majors=()
for m in ${UUIDX_CLUSTERS_PG_MAJOR:-17 18 16 15}; do
  [[ " ${UUIDX_PG_VERSIONS:-$m} " == *" $m "* ]] && majors+=("$m")
done
[ ${#majors[@]} -gt 0 ] || majors=(${UUIDX_PG_VERSIONS:-15})
PGBIN=$(cross_provide "${majors[0]}") || { check_true "PostgreSQL ${majors[0]} with uuidx" f "could not provide it"; finish; }
echo "      $("$PGBIN/postgres" --version)"
work=$(mktemp -d /tmp/uuidx-clusters.XXXXXX)
chmod 755 "$work"

for n in "${clusters[@]}" merge; do
  mc_node_start "$n" "wal_level = logical" "max_connections = 40" "max_wal_size = 4GB" ||
    { check_true "cluster $n started" f ""; finish; }
  mc_psql "$n" -c "CREATE EXTENSION uuidx"
done
check_true "five clusters on 127.0.0.1" t "$(for n in "${clusters[@]}" merge; do printf '%s :%s  ' "$n" "${NODE_PORT[$n]}"; done)"

# ---- four clusters generate at once
# Each v7 is bracketed by clock_timestamp() before and after it in the same target list (a
# target list is evaluated left to right): it was made within [t0, t1].
cat >"$work/gen.pgbench" <<'EOF'
CREATE TEMP SEQUENCE IF NOT EXISTS gen_seq CACHE 10000;
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 1, nextval('gen_seq'), uuid_generate_v1() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 4, nextval('gen_seq'), uuid_generate_v4() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, u) SELECT :client_id, 6, nextval('gen_seq'), uuid_generate_v6() FROM generate_series(1, :chunk);
INSERT INTO gen (sid, v, seq, t0, u, t1) SELECT :client_id, 7, nextval('gen_seq'), clock_timestamp(), uuid_generate_v7(), clock_timestamp() FROM generate_series(1, :chunk);
EOF
for n in "${clusters[@]}"; do
  mc_psql "$n" -c "CREATE UNLOGGED TABLE gen (sid int NOT NULL, v smallint NOT NULL, seq bigint NOT NULL, u uuid NOT NULL, t0 timestamptz, t1 timestamptz)"
done
chunk=$((per_session < 5000 ? per_session : 5000))
start=$(date +%s%3N)
pids=()
for n in "${clusters[@]}"; do
  PGOPTIONS="-c client_min_messages=warning" "$PGBIN/pgbench" -n -h 127.0.0.1 -p "${NODE_PORT[$n]}" -U postgres -c "$sessions" -j 1 \
    -t $((per_session / chunk)) -D chunk="$chunk" -f "$work/gen.pgbench" postgres >"$work/pgbench.$n.log" 2>&1 &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
total=$((${#clusters[@]} * sessions * per_session * 4))
check_true "four clusters generating at once (pgbench)" "$([ $rc = 0 ] && echo t)" \
  "4 clusters x $sessions sessions x $per_session values x 4 versions = $total values in $(ms_to_s $(($(date +%s%3N) - start))) s"
[ $rc = 0 ] || tail -n 5 "$work"/pgbench.*.log

# ---- merged on a fifth cluster
start=$(date +%s%3N)
mc_psql merge -c "CREATE UNLOGGED TABLE merged (cluster int NOT NULL, sid int NOT NULL, v smallint NOT NULL, seq bigint NOT NULL,
                                                u uuid NOT NULL, t0 timestamptz, t1 timestamptz)"
i=0
for n in "${clusters[@]}"; do
  i=$((i + 1))
  mc_psql "$n" -c "COPY (SELECT $i, sid, v, seq, u, t0, t1 FROM gen) TO STDOUT (FORMAT binary)" |
    mc_psql merge -c "COPY merged FROM STDIN (FORMAT binary)" || rc=1
done
mc_psql merge -c "SET maintenance_work_mem = '1GB'" -c "CREATE INDEX merged_u ON merged (u)" -c "ANALYZE merged"
echo "      merged in $(ms_to_s $(($(date +%s%3N) - start))) s"
export PGHOST=127.0.0.1 PGPORT=${NODE_PORT[merge]} PGUSER=postgres PGDATABASE=postgres
check_sql "merged: every session's values of every version, version and variant bits right" "
  SELECT count(*) = $((${#clusters[@]} * sessions * 4)) AND bool_and(n = $per_session AND ok = n AND seqs = n),
         format('%s (cluster, session, version) groups of %s..%s values, %s in all', count(*), min(n), max(n), sum(n))
  FROM (SELECT cluster, sid, v, count(*) n, count(DISTINCT seq) seqs,
               count(*) FILTER (WHERE substr(u::text, 15, 1) = v::text AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) ok
        FROM merged GROUP BY cluster, sid, v) s"
start=$(date +%s%3N)
check_sql "merged: no duplicate over all clusters, sessions and versions" "
  SELECT n = $total AND dups = 0, format('%s values, %s values more than once (merged set, all versions)', n, dups)
  FROM (SELECT count(*) n FROM merged) a, (SELECT count(*) dups FROM (SELECT u FROM merged GROUP BY u HAVING count(*) > 1) d) b"
echo "      duplicate check took $(ms_to_s $(($(date +%s%3N) - start))) s"
# The clusters really generated at the same time: some instant lies within every cluster's span.
check_sql "merged: the four clusters generated at the same time" "
  SELECT max(first_t) < min(last_t),
         format('%s clusters; the last to start began %s ms before the first to finish ended', count(*),
                round(extract(epoch FROM min(last_t) - max(first_t)) * 1000))
  FROM (SELECT cluster, min(t0) first_t, max(t1) last_t FROM merged WHERE v = 7 GROUP BY cluster) s"
# RFC 9562 §6.10: a random node per session; v1 and v6 of one session share it.
check_sql "merged: v1/v6 one node per session, distinct across all clusters" "
  SELECT count(*) = $((${#clusters[@]} * sessions)) AND bool_and(nodes = 1) AND count(DISTINCT node) = count(*),
         format('%s sessions, %s distinct nodes', count(*), count(DISTINCT node))
  FROM (SELECT cluster, sid, min(uuid_extract_node(u)::text) node, count(DISTINCT uuid_extract_node(u)) nodes
        FROM merged WHERE v IN (1, 6) GROUP BY cluster, sid) s"
# v7 order against generation time. Value a sorts before b but was certainly made after it when
# a.t0 > b.t1; the disagreement of b is how far the latest t0 of the values sorting before it
# lies past its own t1 (0 when none does). The worst must stay below 1 ms: the v7 time is the
# clock's millisecond plus a 12-bit fraction (RFC 9562 §6.2 Method 3) on one system clock.
start=$(date +%s%3N)
check_sql "merged: v7 order agrees with generation time to the millisecond" "
  SELECT max(d) < interval '1 ms',
         format('%s v7 values of %s clusters in uuid order; worst disagreement %s us; values made after one that sorts after them: %s; median bracket t1 - t0 %s us',
                count(*), count(DISTINCT cluster), round(extract(epoch FROM greatest(max(d), interval '0'))::numeric * 1e6, 1),
                count(*) FILTER (WHERE d > interval '0'),
                round(extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY t1 - t0))::numeric * 1e6, 1))
  FROM (SELECT cluster, t0, t1, max(t0) OVER (ORDER BY u ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) - t1 d
        FROM merged WHERE v = 7) s"
echo "      order check took $(ms_to_s $(($(date +%s%3N) - start))) s"
# The same against the time each value carries (uuid_extract_time(u, true): ms + fraction, in
# us): within its bracket to the ms. (clock_timestamp() truncates to the us, the generator reads
# the clock in ns: the value's own time may pass t1 by less than a us.)
check_sql "merged: each v7's own time lies within its generation bracket (to the ms)" "
  SELECT bad = 0, format('%s v7 values, own time outside [t0 - 1 ms, t1 + 1 ms] = %s; own time - t1 at most %s us, t0 - own time at most %s us',
                         n, bad, round(after_us, 1), round(before_us, 1))
  FROM (SELECT count(*) n, count(*) FILTER (WHERE ts < t0 - interval '1 ms' OR ts > t1 + interval '1 ms') bad,
               max(extract(epoch FROM ts - t1) * 1e6) after_us, max(extract(epoch FROM t0 - ts) * 1e6) before_us
        FROM (SELECT t0, t1, uuid_extract_time(u, true) ts FROM merged WHERE v = 7) a) s"
for n in "${clusters[@]}"; do mc_psql "$n" -c "DROP TABLE gen"; done
mc_psql merge -c "DROP TABLE merged"

# ---- logical replication of a v7-keyed table: c1 publishes, c2 subscribes
schema="CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int NOT NULL, note text,
                             trace uuid NOT NULL DEFAULT uuid_generate_v4())"
mc_psql c1 -c "$schema" -c "INSERT INTO orders (n, note) SELECT g, 'before the subscription ' || g FROM generate_series(1, 5000) g" \
  -c "CREATE PUBLICATION pub_orders FOR TABLE orders"
mc_psql c2 -c "$schema" -c "CREATE SUBSCRIPTION sub_orders CONNECTION 'host=127.0.0.1 port=${NODE_PORT[c1]} user=postgres dbname=postgres' PUBLICATION pub_orders" 2>&1
# Changes after the initial copy: inserts in several transactions, an update and a delete.
for i in 1 2 3 4 5; do
  mc_psql c1 -c "INSERT INTO orders (n, note) SELECT g, 'streamed $i/' || g FROM generate_series(1, 1000) g"
done
mc_psql c1 -c "UPDATE orders SET note = note || ' (updated)' WHERE n % 10 = 0" -c "DELETE FROM orders WHERE n % 7 = 0"
digest="SELECT count(*) || ' ' || md5(string_agg(o::text, ',' ORDER BY id)) FROM orders o"
pub=$(mc_psql c1 -At -c "$digest")
sub=""
for _ in $(seq 1 60); do
  sub=$(mc_psql c2 -At -c "$digest" 2>&1)
  [ "$sub" = "$pub" ] && break
  sleep 1
done
check_true "logical replication: rows identical on publisher and subscriber" "$([ -n "$pub" ] && [ "$sub" = "$pub" ] && echo t)" \
  "publisher: $pub; subscriber: $sub (count + md5 of every row in id order)"
out=$(mc_psql c2 -At -c "SELECT count(*) FILTER (WHERE uuid_extract_version(id) = 7 AND uuid_extract_version(trace) = 4) || ' of ' || count(*) FROM orders")
check_true "logical replication: the subscriber kept the publisher's v7 and v4 values (its own defaults not evaluated)" \
  "$([ "$sub" = "$pub" ] && [ "${out%% *}" -gt 0 ] && echo t)" "$out rows v7 id / v4 trace, each equal to the publisher's row"
out=$(mc_psql c2 -At -c "SELECT srsubstate, count(*) FROM pg_subscription_rel GROUP BY 1" -c "DROP SUBSCRIPTION sub_orders" 2>&1)
echo "      subscription state: $(head -n1 <<<"$out" | tr '|' ' ')"

crashed=""
for n in "${clusters[@]}" merge; do mc_node_crashed "$n" && crashed+="$n "; done
check_true "server logs" "$([ -z "$crashed" ] && echo t)" "${crashed:-no crashed backend on any cluster}"
finish
