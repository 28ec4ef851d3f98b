#!/usr/bin/env bash
# extra: citus
# packages: liblz4-dev libzstd-dev libkrb5-dev
# uuidx on Citus: a coordinator and two workers on 127.0.0.1, citus.shard_count = 4, uuidx
# installed on every node. Citus is not packaged for bookworm: it is built from the unmodified
# upstream tarball of $UUIDX_VENDOR_DIR (lab/citus.sh; cached in /var/cache/uuidx, reused),
# and without a tarball that fits and no Citus installed the suite fails under CI (skipped
# elsewhere).
# One major per Debian root is enough (the suite tests uuidx under Citus, not the server): it runs
# on the majors whose extras in lab/matrix name citus (Citus 13.2.2 on 17 in the trixie root,
# Citus 14.0.1 on 18 in the sid root, which the Citus users of 18 run), each build cached. Run
# by hand without a major (no UUIDX_PG_MAJOR), it takes the first of 17, 18, 16 and 15 among
# UUIDX_PG_VERSIONS (UUIDX_CITUS_PG_MAJOR chooses).
# Checks: CREATE EXTENSION uuidx on the coordinator reaches the workers; v7 keys in a table
# distributed by tenant_id and in one distributed by id, filled by multi-row INSERT, COPY and
# INSERT .. SELECT (co-located, from the coordinator, repartitioned); router and multi-shard
# queries; per-shard counts under a v7 key; time-range queries (uuid_extract_time,
# uuid_v7_floor/ceil) compared row for row with a single server holding the same rows; the
# statements Citus refuses with a volatile function, and what to write instead; sessions on all
# three nodes generating at once (UUIDX_CITUS_GEN_SESSIONS per node, default 2, each
# UUIDX_CITUS_GEN_PER_SESSION values of v1, v4, v6 and v7, default 10^6 on 17: about 90 s for the
# whole suite on 2 cores; 2.5·10^5 on 18, where the same checks repeat on Citus 14), merged in a
# table distributed by the value: no duplicate, every v1/v6 session with a node of its own.
# UUIDX_CITUS_ROWS sizes the tables of the query checks.
set -u
cd "$(dirname "$0")/../.."
source lab/crossmajor.sh
source test/lib/multicluster.sh
source lab/citus.sh

gen_sessions=${UUIDX_CITUS_GEN_SESSIONS:-2}
rows=${UUIDX_CITUS_ROWS:-20000}
suite_start=$(date +%s)

finish() {
  citus_nodes_stop
  cluster_stop
  echo "      suite took $(($(date +%s) - suite_start)) s"
  echo "SUITE_RESULT passed=$passed failed=$failed${1:+ skipped=$1}"
  exit 0
}

# ---- the server and Citus
if [ -n "${UUIDX_PG_MAJOR:-}" ]; then
  major=$UUIDX_PG_MAJOR
elif ! major=$(citus_pg_major); then
  echo "SKIP  Citus: none of the majors it runs on (17, 18, 16, 15) is under test (UUIDX_PG_VERSIONS=${UUIDX_PG_VERSIONS:-})"
  finish 1
fi
bin=$(cross_provide "$major") || { check_true "PostgreSQL $major with uuidx" f "could not provide it"; finish; }
PGBIN=$bin
pg_config=$bin/pg_config
if citus_version_for "$major" >/dev/null; then
  citus_version=$(citus_provide "$pg_config") || { check_true "Citus built and installed" f "see the log above"; finish; }
elif [ -f "$("$pg_config" --pkglibdir)/citus.so" ]; then
  citus_version="(installed)"
else
  echo "SKIP  Citus: no Citus tarball for PostgreSQL $major in $UUIDX_VENDOR_DIR and no Citus installed in $("$pg_config" --pkglibdir)"
  [ "$(vendor_missing_status)" = failed ] && { failed=$((failed + 1)); finish; }
  finish 1
fi
echo "      $("$pg_config" --version), Citus $citus_version"
gen_per_session=${UUIDX_CITUS_GEN_PER_SESSION:-$([ "$major" = 17 ] && echo 1000000 || echo 250000)}

# ---- the cluster: coordinator + 2 workers on 127.0.0.1
trap 'citus_nodes_stop' EXIT
for n in coord w1 w2; do
  citus_node_start "$n" "citus.shard_count = 4" "max_prepared_transactions = 20" ||
    { check_true "node $n started" f "see its log above"; finish; }
  citus_psql "$n" -c "CREATE EXTENSION citus" >/dev/null || { check_true "CREATE EXTENSION citus on $n" f ""; finish; }
done
out=$(citus_psql coord -At -c "SELECT citus_set_coordinator_host('127.0.0.1', ${NODE_PORT[coord]})" \
  -c "SELECT citus_add_node('127.0.0.1', ${NODE_PORT[w1]})" -c "SELECT citus_add_node('127.0.0.1', ${NODE_PORT[w2]})" \
  -c "SELECT count(*) FROM citus_get_active_worker_nodes()" 2>&1)
check_true "3-node Citus cluster on 127.0.0.1" "$([ "$(tail -n1 <<<"$out")" = 2 ] && echo t)" \
  "coordinator :${NODE_PORT[coord]}, workers :${NODE_PORT[w1]} :${NODE_PORT[w2]}; active workers: $(tail -n1 <<<"$out")"
export PGHOST=127.0.0.1 PGPORT=${NODE_PORT[coord]} PGUSER=postgres PGDATABASE=postgres

# ---- CREATE EXTENSION on the coordinator reaches the workers
cluster_psql -c "CREATE EXTENSION uuidx"
check_sql "CREATE EXTENSION uuidx on the coordinator reaches both workers" "
  SELECT count(*) = 2 AND bool_and(success AND result = (SELECT extversion FROM pg_extension WHERE extname = 'uuidx')),
         string_agg(format('%s:%s uuidx %s', nodename, nodeport, result), ', ' ORDER BY nodeport)
  FROM run_command_on_workers(\$\$SELECT extversion FROM pg_extension WHERE extname = 'uuidx'\$\$)"
for n in w1 w2; do
  got=$(citus_psql "$n" -At -c "SELECT uuid_extract_version(uuid_generate_v7())" 2>&1)
  check_true "uuidx callable in a session on worker $n" "$([ "$got" = 7 ] && echo t)" "uuid_extract_version(uuid_generate_v7()) = $got"
done

# ---- distributed tables with v7 keys
out=$(cluster_psql -At 2>&1 <<'SQL'
SET client_min_messages = warning;
CREATE TABLE by_tenant (tenant_id bigint NOT NULL, id uuid NOT NULL DEFAULT uuid_generate_v7(), payload text,
                        PRIMARY KEY (tenant_id, id));
SELECT create_distributed_table('by_tenant', 'tenant_id');
CREATE TABLE by_tenant_copy (tenant_id bigint NOT NULL, id uuid NOT NULL DEFAULT uuid_generate_v7(), payload text,
                             PRIMARY KEY (tenant_id, id));
SELECT create_distributed_table('by_tenant_copy', 'tenant_id', colocate_with => 'by_tenant');
-- made_by: a v1 from the session that evaluated the defaults; its node (RFC 9562 §6.10, random
-- per session) tells how many sessions did.
CREATE TABLE by_id (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), tenant_id bigint, payload text,
                    made_by uuid DEFAULT uuid_generate_v1());
SELECT create_distributed_table('by_id', 'id');
CREATE TABLE probe (tenant_id bigint, made_by uuid DEFAULT uuid_generate_v1());
SELECT create_distributed_table('probe', 'tenant_id', colocate_with => 'by_tenant');
SELECT string_agg(format('%s %s shards', table_name, shard_count), ', ' ORDER BY table_name::text) FROM citus_tables;
SQL
)
check_true "distributed tables created" "$(grep -q 'by_id 4 shards' <<<"$out" && echo t)" "$(tail -n1 <<<"$out")"

# Multi-row INSERT: the defaults are evaluated on the coordinator, once per row, in the order of
# the VALUES list (RETURNING gives the rows shard by shard: they are put back in that order).
out=$(cluster_psql -At -F ' ' -c "
  INSERT INTO by_tenant (tenant_id, payload) VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (1, 'f'), (2, 'g'), (3, 'h')
  RETURNING payload, id" 2>&1)
ids=$(sort <<<"$out" | cut -d' ' -f2)
check_true "multi-row INSERT: v7 defaults, one per row, increasing in VALUES order" \
  "$([ "$(wc -l <<<"$ids")" = 8 ] && [ "$(sort -u <<<"$ids" | wc -l)" = 8 ] && [ "$(cut -c15 <<<"$ids" | sort -u)" = 7 ] &&
      [ "$ids" = "$(sort <<<"$ids")" ] && echo t)" "$(wc -l <<<"$ids") ids, first (a) $(head -n1 <<<"$ids"), last (h) $(tail -n1 <<<"$ids")"

# COPY: $rows rows into each table, the key from the default; a spread of instants in the past
# (uuid_generate_v7(at)) for the time-range checks below, written by COPY too.
work=$(mktemp -d /tmp/uuidx-citus.XXXXXX)
chmod 755 "$work"
seq 1 "$rows" | awk '{ printf "%d\tcopy %d\n", $1 % 50, $1 }' >"$work/tenant.tsv"
cluster_psql -c "\\copy by_tenant (tenant_id, payload) FROM '$work/tenant.tsv'" \
  -c "\\copy by_id (tenant_id, payload) FROM '$work/tenant.tsv'" 2>&1
cluster_psql -At -c "COPY (SELECT uuid_generate_v7(timestamptz '2025-03-01 00:00:00+00' + g * interval '17 minutes 3.217 seconds'),
                             g % 50, 'past ' || g FROM generate_series(1, $rows) g) TO STDOUT" >"$work/past.tsv"
cluster_psql -c "\\copy by_id (id, tenant_id, payload) FROM '$work/past.tsv'" 2>&1
sessions_of() { cluster_psql -At -c "SELECT count(DISTINCT uuid_extract_node(made_by)) FROM $1"; }
echo "      defaults of the COPY into by_id evaluated by $(sessions_of "by_id WHERE payload LIKE 'copy %'") session(s)"
check_sql "COPY into both tables" "
  SELECT (SELECT count(*) FROM by_tenant) = $rows + 8 AND (SELECT count(*) FROM by_id) = 2 * $rows
         AND (SELECT count(DISTINCT id) FROM by_id) = 2 * $rows
         AND (SELECT bool_and(uuid_extract_version(id) = 7) FROM by_id),
         format('by_tenant %s rows, by_id %s rows (%s distinct ids, all v7)', (SELECT count(*) FROM by_tenant),
                (SELECT count(*) FROM by_id), (SELECT count(DISTINCT id) FROM by_id))"

# Rows by a v7 key spread evenly over the shards: the key is hashed (uuid's hash), not ranged,
# so time-ordered keys do not pile onto one shard. Each shard within 5 % of an even share
# (about 6 standard deviations at the default $rows).
out=$(cluster_psql -At -F ' ' -c "
  SELECT shardid, result::bigint FROM run_command_on_shards('by_id', 'SELECT count(*) FROM %s') ORDER BY shardid" 2>&1)
echo "$out" | sed 's/^/      by_id shard /'
counts=$(awk '{ print $2 }' <<<"$out" | tr '\n' ' ')
even=$(awk -v total=$((2 * rows)) '{ n++; s += $2; d = $2 - total / 4; if (d < 0) d = -d; if (d > m) m = d }
  END { print (n == 4 && s == total && m <= 0.05 * total / 4) ? "t" : "f" }' <<<"$out")
check_true "rows distributed by a v7 id land evenly across the 4 shards" "$even" "per-shard counts: $counts(of $((2 * rows)))"

# Router and multi-shard queries, uuidx functions evaluated on the workers.
plan=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) SELECT id, uuid_extract_time(id) FROM by_tenant WHERE tenant_id = 3 ORDER BY id" 2>&1)
got=$(cluster_psql -At -c "SELECT count(*) FILTER (WHERE uuid_extract_version(id) = 7) || '/' || count(*) FROM by_tenant WHERE tenant_id = 3")
check_true "router query (tenant_id = 3): one task" "$(grep -q 'Task Count: 1' <<<"$plan" && echo t)" \
  "$(grep -o 'Custom Scan (Citus [A-Za-z]*)' <<<"$plan"), $(grep -o 'Task Count: [0-9]*' <<<"$plan"), $got rows v7"
plan=$(cluster_psql -At -c "EXPLAIN (COSTS OFF, VERBOSE) SELECT uuid_extract_version(id), count(*), min(uuid_extract_time(id)) FROM by_id GROUP BY 1" 2>&1)
check_true "multi-shard query: uuid_extract_time / uuid_extract_version pushed down to the 4 shards" \
  "$(grep -q 'Task Count: 4' <<<"$plan" && grep -q 'uuid_extract_time' <<<"$(grep -A3 'Task Count' <<<"$plan"; grep 'Query:' <<<"$plan")" && echo t)" \
  "$(grep -o 'Task Count: [0-9]*' <<<"$plan"); $(grep -m1 -o 'SELECT .*uuid_extract_time[^,]*' <<<"$plan" | cut -c1-120)"

# INSERT .. SELECT between co-located tables, the key carried over: pushed down to the shards.
out=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) INSERT INTO by_tenant_copy (tenant_id, id, payload) SELECT tenant_id, id, payload FROM by_tenant" \
  -c "INSERT INTO by_tenant_copy (tenant_id, id, payload) SELECT tenant_id, id, payload FROM by_tenant" \
  -c "SELECT count(*) FROM by_tenant_copy JOIN by_tenant USING (tenant_id, id)" 2>&1)
check_true "INSERT .. SELECT between co-located tables, keys carried: pushed down" \
  "$(grep -q 'Task Count: 4' <<<"$out" && ! grep -q 'INSERT/SELECT method' <<<"$out" && [ "$(tail -n1 <<<"$out")" = $((rows + 8)) ] && echo t)" \
  "$(grep -o 'Task Count: [0-9]*' <<<"$out"), $(tail -n1 <<<"$out") rows copied, each equal to its source row"
cluster_psql -c "TRUNCATE by_tenant_copy"

# The same with a new v7 key from the default (a volatile function): Citus does not push that
# down; it runs the SELECT, evaluates the default on the coordinator and routes the rows.
out=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) INSERT INTO by_tenant_copy (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant" 2>&1)
echo "$out" | grep -E "INSERT/SELECT method|Custom Scan|ERROR|Task Count" | sed 's/^/      plan: /'
ins=$(cluster_psql -At -c "INSERT INTO by_tenant_copy (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant" \
  -c "SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || count(*) FILTER (WHERE uuid_extract_version(id) = 7) FROM by_tenant_copy" 2>&1)
check_true "INSERT .. SELECT with a new v7 key from the default (co-located)" \
  "$([ "$(tail -n1 <<<"$ins")" = "$((rows + 8)) $((rows + 8)) $((rows + 8))" ] && echo t)" \
  "rows, distinct ids, v7: $(tail -n1 <<<"$ins"); method: $(grep -o 'INSERT/SELECT method: [a-z ]*' <<<"$out" | head -n1)"

cluster_psql -c "INSERT INTO probe (tenant_id) SELECT tenant_id FROM by_tenant"
echo "      defaults of an INSERT .. SELECT between co-located tables evaluated by $(sessions_of probe) session(s)"

# INSERT .. SELECT into a table distributed by another column (by_id, by id): repartitioned.
cluster_psql -At -c "EXPLAIN (COSTS OFF) INSERT INTO by_id (tenant_id, payload) SELECT tenant_id, payload FROM by_tenant" 2>&1 |
  grep -E "INSERT/SELECT method|ERROR" | sed 's/^/      plan: /'
out=$(cluster_psql -At -c "INSERT INTO by_id (tenant_id, payload) SELECT tenant_id, 'again ' || payload FROM by_tenant" \
  -c "SELECT count(*) || ' ' || count(DISTINCT id) FROM by_id" 2>&1)
check_true "INSERT .. SELECT into a table distributed by its v7 id, the id from the default" \
  "$([ "$(tail -n1 <<<"$out")" = "$((3 * rows + 8)) $((3 * rows + 8))" ] && echo t)" \
  "rows, distinct ids: $(tail -n1 <<<"$out"); defaults evaluated by $(sessions_of "by_id WHERE payload LIKE 'again %'") session(s)"
cluster_psql -c "DELETE FROM by_id WHERE payload LIKE 'again %'"

# What Citus refuses: a volatile function in an UPDATE of a distributed table. The error is
# printed; what to write instead (docs/scale-out.md, Citus) is checked to work.
for stmt in "UPDATE by_tenant SET id = uuid_generate_v7() WHERE tenant_id = 3" \
            "UPDATE by_tenant SET payload = uuid_generate_v4()::text"; do
  out=$(cluster_psql -c "$stmt" 2>&1)
  echo "      $stmt"
  echo "$out" | sed 's/^/        -> /'
done
# ... instead: the new values made in a statement of their own, then joined back.
out=$(cluster_psql -At 2>&1 <<'SQL'
CREATE TEMP TABLE new_ids AS SELECT tenant_id, id AS old_id, uuid_generate_v7() AS new_id FROM by_tenant WHERE tenant_id = 3;
UPDATE by_tenant t SET id = n.new_id FROM new_ids n WHERE t.tenant_id = 3 AND n.tenant_id = 3 AND t.id = n.old_id;
SELECT count(*) || ' ' || count(*) FILTER (WHERE t.id = n.new_id) FROM by_tenant t JOIN new_ids n ON n.tenant_id = t.tenant_id AND n.new_id = t.id;
SQL
)
check_true "instead: new values made first, then UPDATE .. FROM (router)" \
  "$(set -- $(tail -n1 <<<"$out"); [ "${1:-0}" -gt 0 ] && [ "$1" = "${2:-}" ] && echo t)" "rows updated to their new v7: $(tail -n1 <<<"$out")"

# A v7 time range: over the table distributed by id, every shard (hash distribution keeps no
# order), each through its own btree; with the tenant too, one shard.
for q in "SELECT count(*) FROM by_id WHERE id BETWEEN uuid_v7_floor('2025-03-20 00:00+00') AND uuid_v7_ceil('2025-03-21 00:00+00')" \
         "SELECT count(*) FROM by_tenant WHERE tenant_id = 3 AND id >= uuid_v7_floor(now() - interval '1 hour')"; do
  plan=$(cluster_psql -At -c "EXPLAIN (COSTS OFF) $q" 2>&1)
  echo "      $q"
  echo "        -> $(grep -o 'Task Count: [0-9]*' <<<"$plan"), $(grep -m1 -o -E '(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) [a-z ]*on [a-z_0-9]*' <<<"$plan")"
done

# ---- ORDER BY time and min/max(time) on a uuid_v7 column: with the rewrite (an order by the key,
# uuidx's min/max(uuid) aggregates) Citus gives what it gives without it.
cluster_psql -c "SET client_min_messages = warning; CREATE TABLE by_tenant_v7 (tenant_id bigint NOT NULL, id uuid_v7 NOT NULL DEFAULT uuid_generate_v7(), PRIMARY KEY (tenant_id, id))" \
  -c "SELECT create_distributed_table('by_tenant_v7', 'tenant_id')" \
  -c "INSERT INTO by_tenant_v7 (tenant_id, id) SELECT g % 7, uuid_generate_v7(timestamptz '2025-03-01 00:00+00' + g * interval '1 minute') FROM generate_series(1, 5000) g" >/dev/null 2>&1
order_same=0 order_details=""
order_queries=(
  "SELECT max(uuid_extract_time(id)), min(uuid_extract_time(id, true)) FROM by_tenant_v7"
  "SELECT max(uuid_extract_time(id)) FROM by_tenant_v7 WHERE tenant_id = 3"
  "SELECT uuid_extract_time(id) FROM by_tenant_v7 ORDER BY uuid_extract_time(id) DESC LIMIT 5"
  "SELECT id FROM by_tenant_v7 WHERE tenant_id = 2 ORDER BY uuid_extract_time(id) LIMIT 5"
)
for q in "${order_queries[@]}"; do
  on=$(cluster_psql -At -c "$q" 2>&1)
  off=$(cluster_psql -At -c "SET uuidx.time_predicates = off" -c "$q" 2>&1)
  [ "$on" = "$off" ] && [ -n "$on" ] && ! grep -q ERROR <<<"$on" && order_same=$((order_same + 1))
  order_details+="$(wc -l <<<"$on") rows$([ "$on" = "$off" ] || echo " (on: $(head -c 120 <<<"$on"); off: $(head -c 120 <<<"$off"))"), "
done
check_true "ORDER BY time / min and max of time on a uuid_v7 column: the same with the rewrite on and off" \
  "$([ $order_same = ${#order_queries[@]} ] && echo t)" "$order_same of ${#order_queries[@]} the same; ${order_details%, }"

# ---- the same rows on a single server: time-range queries return the same rows
cluster_psql -c "\\copy (SELECT id, tenant_id, payload FROM by_id) TO '$work/by_id.tsv'"
saved_port=$PGPORT
unset PGHOST PGPORT
cluster_start || { check_true "single server started" f ""; finish; }
cluster_psql -c "CREATE EXTENSION uuidx" \
  -c "CREATE TABLE by_id (id uuid PRIMARY KEY, tenant_id bigint, payload text)" \
  -c "\\copy by_id FROM '$work/by_id.tsv'" -c "ANALYZE by_id"
single_env=("PGHOST=$PGHOST" "PGPORT=$PGPORT")
citus_env=(PGHOST=127.0.0.1 "PGPORT=$saved_port")
# Each query's whole result, ordered, as count + md5.
queries=(
  "SELECT id FROM by_id WHERE id BETWEEN uuid_v7_floor('2025-03-20 00:00+00') AND uuid_v7_ceil('2025-04-02 13:37:00.123+00') ORDER BY id"
  "SELECT id FROM by_id WHERE uuid_extract_time(id) >= '2025-03-20 00:00+00' AND uuid_extract_time(id) < '2025-04-02 13:37:00.123+00' ORDER BY id"
  "SELECT id FROM by_id WHERE id >= uuid_v7_floor('2025-04-10 08:00+00') AND id < uuid_v7_floor('2025-04-10 09:00+00') ORDER BY id"
  "SELECT tenant_id, count(*), min(uuid_extract_time(id)), max(uuid_extract_time(id, true)) FROM by_id WHERE id < uuid_v7_floor(now() - interval '1 day') GROUP BY tenant_id ORDER BY tenant_id"
  "SELECT date_trunc('day', uuid_extract_time(id)) d, count(*) FROM by_id GROUP BY d ORDER BY d"
  "SELECT id FROM by_id WHERE id > uuid_v7_ceil(now() - interval '1 hour') ORDER BY id"
)
same=0 nonempty=0 details=""
for q in "${queries[@]}"; do
  a=$(env "${citus_env[@]}" "$PGBIN/psql" -X -At -v ON_ERROR_STOP=1 -c "$q" 2>&1 | tee "$work/citus.out" | md5sum | cut -c1-12)
  b=$(env "${single_env[@]}" "$PGBIN/psql" -X -At -v ON_ERROR_STOP=1 -c "$q" 2>&1 | tee "$work/single.out" | md5sum | cut -c1-12)
  a="$(grep -vc ERROR "$work/citus.out") $a"
  b="$(grep -vc ERROR "$work/single.out") $b"
  [ "$a" = "$b" ] && ! grep -q ERROR "$work/citus.out" && same=$((same + 1))
  [ "${a%% *}" != 0 ] && nonempty=$((nonempty + 1))
  details+="${a%% *}$([ "$a" = "$b" ] || echo " (single server: $b; Citus: $(head -c 200 "$work/citus.out"))"), "
done
check_true "time-range queries: the same rows on Citus as on a single server" \
  "$([ $same = ${#queries[@]} ] && [ $nonempty = ${#queries[@]} ] && echo t)" \
  "$same of ${#queries[@]} queries identical (count + md5 of the ordered rows); rows per query: ${details%, }"
cluster_stop
export PGHOST=127.0.0.1 PGPORT=$saved_port

# ---- sessions on all three nodes generate at once
cluster_psql -c "SET client_min_messages = warning; CREATE TABLE gen (node text NOT NULL, sid int NOT NULL, v smallint NOT NULL, seq bigint NOT NULL, u uuid NOT NULL)" \
  -c "SELECT create_distributed_table('gen', 'u')" >/dev/null
chunk=$((gen_per_session < 50000 ? gen_per_session : 50000))
cat >"$work/gen.pgbench" <<'EOF'
-- One chunk of every version, interleaved; seq (a session-private sequence, in the generator's
-- target list) is the call order within the session.
CREATE TEMP SEQUENCE IF NOT EXISTS gen_seq CACHE 10000;
INSERT INTO gen SELECT :node, :client_id, 1, nextval('gen_seq'), uuid_generate_v1() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 4, nextval('gen_seq'), uuid_generate_v4() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 6, nextval('gen_seq'), uuid_generate_v6() FROM generate_series(1, :chunk);
INSERT INTO gen SELECT :node, :client_id, 7, nextval('gen_seq'), uuid_generate_v7() FROM generate_series(1, :chunk);
EOF
start=$(date +%s%3N)
pids=()
for n in coord w1 w2; do
  PGOPTIONS="-c client_min_messages=warning" "$PGBIN/pgbench" -n -h 127.0.0.1 -p "${NODE_PORT[$n]}" -U postgres -c "$gen_sessions" -j 1 \
    -t $((gen_per_session / chunk)) -D chunk="$chunk" -D node="'$n'" -f "$work/gen.pgbench" postgres >"$work/pgbench.$n.log" 2>&1 &
  pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
secs=$(ms_to_s $(($(date +%s%3N) - start)))
total=$((3 * gen_sessions * gen_per_session * 4))
check_true "pgbench on the coordinator and both workers at once" "$([ $rc = 0 ] && echo t)" \
  "3 nodes x $gen_sessions sessions x $gen_per_session values x 4 versions = $total values in $secs s"
[ $rc = 0 ] || tail -n 5 "$work"/pgbench.*.log
check_sql "every session's values are there, with their version" "
  SELECT count(*) = $((3 * gen_sessions * 4)) AND bool_and(n = $gen_per_session AND ok = n),
         format('%s (node, session, version) groups of %s..%s values', count(*), min(n), max(n))
  FROM (SELECT node, sid, v, count(*) n,
               count(*) FILTER (WHERE substr(u::text, 15, 1) = v::text AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b')) ok
        FROM gen GROUP BY node, sid, v) s"
# gen is distributed by u, so equal values share a shard and count(DISTINCT u) is exact.
check_sql "no duplicate over all nodes, sessions and versions" "
  SELECT count(*) = $total AND count(*) - count(DISTINCT u) = 0,
         format('%s values, %s distinct, duplicates = %s', count(*), count(DISTINCT u), count(*) - count(DISTINCT u))
  FROM gen"
# Generated at once: some instant lies within every node's span of v7 times.
check_sql "the three nodes generated at the same time" "
  SELECT max(first_ms) < min(last_ms), format('%s nodes; the last to start began %s ms before the first to finish ended',
                                              count(*), round(min(last_ms) - max(first_ms)))
  FROM (SELECT node, extract(epoch FROM min(uuid_extract_time(u))) * 1000 first_ms,
               extract(epoch FROM max(uuid_extract_time(u))) * 1000 last_ms
        FROM gen WHERE v = 7 GROUP BY node) s"
# RFC 9562 §6.10: each session draws its own random node; v1 and v6 of a session share it.
check_sql "v1/v6: one node per session, distinct across all sessions of all nodes" "
  SELECT count(*) = $((3 * gen_sessions)) AND bool_and(nodes = 1) AND count(DISTINCT node_id) = count(*),
         format('%s sessions, %s distinct nodes (%s)', count(*), count(DISTINCT node_id), string_agg(node || '/' || sid || ' ' || node_id, ', ' ORDER BY node, sid))
  FROM (SELECT node, sid, min(uuid_extract_node(u)::text) node_id, count(DISTINCT uuid_extract_node(u)) nodes
        FROM gen WHERE v IN (1, 6) GROUP BY node, sid) s"

crashed=""
for n in coord w1 w2; do citus_node_crashed "$n" && crashed+="$n "; done
check_true "server logs" "$([ -z "$crashed" ] && echo t)" "${crashed:-no crashed backend on any node}"
rm -rf "$work"
finish
