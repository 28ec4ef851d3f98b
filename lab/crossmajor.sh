# crossmajor.sh: what the suites that provide their own servers share (moving a database between
# majors, several clusters). Sourcing it sources what it builds on: deps.sh, pgserver.sh,
# build.sh, cluster.sh and generation.sh.
#   cross_provide MAJOR [source]   # server + uuidx build of that major; prints its bindir
#   cross_provide_majors           # bin[M] for each major of UUIDX_PG_VERSIONS, or the suite fails
#   cross_server_how MAJOR         # "source" when that major's server is built from Debian's source
#   cross_pairs                    # "A B" per upgrade path: each major to the next one tested
#   sample_create SCHEMA VERSION   # the sample database (see below) in database app_<SCHEMA>
#   sample_digest DB SCHEMA        # one line: rows and md5 of every table, view and function result
#   sample_check_defaults DB SCHEMA  # defaults, the view and the SQL function still work

source lab/deps.sh
source lab/pgserver.sh
source lab/build.sh
source test/lib/cluster.sh
source test/lib/generation.sh

# How the server of MAJOR is provided for the suites across majors: "source" for 15 (see
# cross_provide_majors), else as pg_server_config provides it.
cross_server_how() { [ "$1" = 15 ] && echo source; return 0; }

# Provides a server of MAJOR (Debian's source build with 'source') and uuidx built and installed
# for it; prints its bindir.
cross_provide() {
  local pg_config
  pg_config=$(pg_server_config "$@") || return 1
  uuidx_build_install "$pg_config" >/dev/null || return 1
  "$pg_config" --bindir
}

# The sample: uuidx installed in SCHEMA (public, or a schema of its own) at VERSION, and
#   - orders: v7 primary key, defaults on uuid_generate_v7(), uuidv7(), uuid_generate_v1mc(), a
#     stored generated v5 column, an index over a second v7 column;
#   - recent_orders: a view calling uuidx;
#   - order_key(text): a BEGIN ATOMIC SQL function calling uuidx (a dependency PostgreSQL records).
# In public the calls are written unqualified, as an application would; in a schema of its own,
# qualified. Rows: $1000 x SAMPLE_ROWS / 1000.
# Sets bin[M] (an associative array) for each major of UUIDX_PG_VERSIONS, each with uuidx
# installed; 15 is Debian's source build of 15.18 (bookworm's 15.20 stamps every column with a
# pg_attver option that later majors' releases cannot read, which breaks every dump or upgrade
# into them, uuidx or not). On failure prints why and the suite's result line, and exits.
declare -A bin
cross_provide_majors() {
  local m how
  for m in ${UUIDX_PG_VERSIONS:-}; do
    how=$(cross_server_how "$m")
    bin[$m]=$(cross_provide "$m" $how) && continue
    echo "could not provide PostgreSQL $m${how:+ ($how)} with uuidx"
    echo "SUITE_RESULT passed=0 failed=1"
    exit 1
  done
  [ ${#bin[@]} -ge 2 ] && return 0
  echo "fewer than two majors to move between: UUIDX_PG_VERSIONS='${UUIDX_PG_VERSIONS:-}'"
  echo "SUITE_RESULT passed=0 failed=1"
  exit 1
}

# The upgrade paths users take: from each major to the next one tested (15 16 17 18: 15 -> 16,
# 16 -> 17, 17 -> 18).
cross_pairs() {
  local prev="" m
  for m in ${UUIDX_PG_VERSIONS:-}; do
    [ -n "$prev" ] && echo "$prev $m"
    prev=$m
  done
}

sample_create() {
  local schema=$1 version=$2 q="" db=app_$1 v7
  [ "$schema" = public ] || q="$schema."
  # uuidx 1.0 does not create uuidv7() on 18 and later: there its users call the server's.
  v7="${q}uuidv7()"
  [ "$version" = 1.0 ] && [ "$(cluster_psql -At -c 'SHOW server_version_num')" -ge 180000 ] && v7="pg_catalog.uuidv7()"
  cluster_psql -c "CREATE DATABASE $db" || return 1
  PGDATABASE=$db cluster_psql <<SQL
$([ "$schema" = public ] || echo "CREATE SCHEMA $schema;")
CREATE EXTENSION uuidx SCHEMA $schema VERSION '$version';
CREATE TABLE orders (
  id     uuid PRIMARY KEY DEFAULT ${q}uuid_generate_v7(),
  id18   uuid NOT NULL DEFAULT $v7,
  trace  uuid NOT NULL DEFAULT ${q}uuid_generate_v1mc(),
  url    text NOT NULL,
  url_id uuid GENERATED ALWAYS AS (${q}uuid_generate_v5(${q}uuid_ns_url(), url)) STORED
);
CREATE INDEX orders_id18 ON orders (id18);
CREATE VIEW recent_orders AS
  SELECT id, ${q}uuid_extract_time(id) AS created, url FROM orders
  WHERE id >= ${q}uuid_v7_floor(now() - interval '1 day');
CREATE FUNCTION order_key(u text) RETURNS uuid LANGUAGE sql IMMUTABLE
BEGIN ATOMIC
  SELECT ${q}uuid_generate_v5(${q}uuid_ns_url(), u);
END;
INSERT INTO orders (url) SELECT 'https://example.com/order/' || i FROM generate_series(1, ${SAMPLE_ROWS:-5000}) AS i;
SQL
}

sample_digest() {
  local db=$1
  PGDATABASE=$db cluster_psql -At -c "
    SELECT (SELECT count(*) || ' ' || md5(string_agg(o::text, ',' ORDER BY id)) FROM orders o) || ' / ' ||
           (SELECT count(*) || ' ' || md5(string_agg(r::text, ',' ORDER BY id)) FROM recent_orders r) || ' / ' ||
           (SELECT md5(string_agg(order_key(url)::text, ',' ORDER BY id)) FROM orders)" 2>&1
}

# New rows get every default with the right version, above every key already there; the view
# shows them; order_key agrees with the generated column.
sample_check_defaults() {
  local db=$1 schema=$2 q="" out
  [ "$schema" = public ] || q="$schema."
  # Two statements: rows a statement inserts are not visible to its own reads of the view.
  out=$(PGDATABASE=$db cluster_psql -At -F '|' -c "
    CREATE TEMP TABLE before AS SELECT id AS m FROM orders ORDER BY id DESC LIMIT 1;
    CREATE TEMP TABLE ins AS SELECT * FROM orders WHERE false;
    WITH i AS (INSERT INTO orders (url) SELECT 'https://example.com/new/' || g FROM generate_series(1, 100) AS g
               RETURNING *)
    INSERT INTO ins SELECT * FROM i;" -c "
    SELECT count(*) = 100
           AND bool_and(${q}uuid_extract_version(id) = 7 AND ${q}uuid_extract_version(id18) = 7
                        AND ${q}uuid_extract_version(trace) = 1)
           AND bool_and(id > (SELECT m FROM before))
           AND bool_and(url_id = order_key(url))
           AND (SELECT count(*) FROM recent_orders WHERE id IN (SELECT id FROM ins)) = 100,
           format('%s new rows: v7/v7/v1 defaults, keys above the existing ones, url_id = order_key(url), %s in the view',
                  count(*), (SELECT count(*) FROM recent_orders WHERE id IN (SELECT id FROM ins)))
    FROM ins" 2>&1)
  echo "$out"
}
