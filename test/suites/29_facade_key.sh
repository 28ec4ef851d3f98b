#!/usr/bin/env bash
# uuidx.facade_key stays a secret where only a server test can look: with log_statement = 'all',
# the one-argument façade functions used by a plain role (successes and errors, EXPLAIN VERBOSE
# too) leave the key in no server log line, no pg_stat_statements text and no output the role
# sees. And a key stored in pg_db_role_setting (ALTER ROLE ... SET accepted as a placeholder in a
# session where uuidx was not loaded) is never used: refused with a WARNING that does not quote it,
# whether uuidx is loaded later in the session or preloaded.
set -u
cd "$(dirname "$0")/../.."
source test/lib/cluster.sh
source test/lib/generation.sh

k0=a1b2c3d4e5f60718
k1=293a4b5c6d7e8f90
libdir=$(${PG_CONFIG:-pg_config} --pkglibdir)
preload=
[ -f "$libdir/pg_stat_statements.so" ] && preload=pg_stat_statements
cluster_start "log_statement = 'all'" "log_min_messages = info" "log_min_error_statement = error" \
  "shared_preload_libraries = '$preload'" "uuidx.facade_key = '$k0:$k1'" ||
  { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
cluster_psql -c "CREATE EXTENSION uuidx" -c "CREATE ROLE app LOGIN" \
  -c "CREATE TABLE ev (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7())" -c "GRANT SELECT ON ev TO app" \
  -c "INSERT INTO ev SELECT FROM generate_series(1, 100)"
[ -n "$preload" ] && cluster_psql -c "CREATE EXTENSION pg_stat_statements"

out=$(PGUSER=app cluster_psql -At 2>&1 <<'SQL'
SELECT count(*) FILTER (WHERE uuid_facade_to_v7(uuid_v7_to_facade(id)) = id) FROM ev;
SELECT uuid_v7_to_facade(id) FROM ev ORDER BY id LIMIT 3;
EXPLAIN VERBOSE SELECT uuid_v7_to_facade(id) FROM ev WHERE id = uuid_facade_to_v7('bb555eb6-1d51-474b-bcce-b302099a8057');
PREPARE by_facade(uuid) AS SELECT id FROM ev WHERE id = uuid_facade_to_v7($1);
EXECUTE by_facade('bb555eb6-1d51-474b-bcce-b302099a8057');
\set ON_ERROR_STOP 0
SELECT uuid_v7_to_facade('f81d4fae-7dec-41d0-a765-00a0c91e6bf6');
SELECT uuid_facade_to_v7(id) FROM ev LIMIT 1;
SHOW uuidx.facade_key;
SELECT current_setting('uuidx.facade_key');
SELECT setting FROM pg_settings WHERE name = 'uuidx.facade_key';
SELECT unnest(setconfig) FROM pg_db_role_setting;
SQL
)
check_true "a plain role makes and reads facades with the key of postgresql.conf" \
  "$(head -1 <<<"$out" | grep -qx 100 && echo t)" "$(head -1 <<<"$out")"
check_true "a plain role's errors are the version errors (22023) and permission errors (42501)" \
  "$(grep -q 'is version 4, not version 7' <<<"$out" && grep -q 'is version 7, not version 4' <<<"$out" &&
     [ "$(grep -c 'uuidx.facade_key' <<<"$out")" -ge 2 ] && echo t)" "$(grep -c ERROR <<<"$out") errors"
leaks() { grep -ciE "$k0|$k1|$(echo "$k0$k1")" "$@"; }
check_true "the role's output never shows the key" "$([ "$(leaks <<<"$out")" = 0 ] && echo t)" \
  "$(leaks <<<"$out") lines"
cluster_psql -c "SELECT 1" >/dev/null  # the log is written
statements=$(grep -c 'LOG:  statement:' "$CLUSTER_DIR/server.log")
check_true "log_statement = 'all' logged the role's statements, and no log line holds the key" \
  "$([ "$statements" -ge 10 ] && [ "$(leaks "$CLUSTER_DIR/server.log")" = 0 ] && echo t)" \
  "$statements statements logged; $(leaks "$CLUSTER_DIR/server.log") lines with the key"
if [ -n "$preload" ]; then
  texts=$(cluster_psql -At -c "SELECT query FROM pg_stat_statements")
  check_true "pg_stat_statements has the role's facade queries and no text with the key" \
    "$([ "$(grep -c facade <<<"$texts")" -ge 3 ] && [ "$(leaks <<<"$texts")" = 0 ] && echo t)" \
    "$(grep -c facade <<<"$texts") facade queries, $(leaks <<<"$texts") with the key"
fi

# A key in pg_db_role_setting: stored only where uuidx was not loaded (a placeholder; the server's
# own rule for superusers), and never used.
sed -i '/uuidx.facade_key/d' "$CLUSTER_DIR/data/postgresql.conf"
cluster_psql -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
cluster_psql -c "ALTER ROLE app SET uuidx.facade_key = '$k1:$k0'" 2>&1
stored=$(cluster_psql -At -c "SELECT count(*) FROM pg_db_role_setting, unnest(setconfig) c WHERE c LIKE 'uuidx.facade_key=%'")
out=$(PGUSER=app cluster_psql -At -c "SELECT uuid_v7_to_facade(id) FROM ev LIMIT 1" 2>&1)
check_true "a key stored by ALTER ROLE while uuidx was not loaded is refused when uuidx loads (WARNING, then 55000)" \
  "$([ "$stored" = 1 ] && grep -q 'WARNING:  uuidx.facade_key cannot be set with ALTER DATABASE' <<<"$out" &&
     grep -q 'ERROR:  uuidx.facade_key is not set' <<<"$out" && [ "$(leaks <<<"$out")" = 0 ] && echo t)" \
  "stored: $stored; $(tr '\n' ' ' <<<"$out" | cut -c1-220)"
echo "shared_preload_libraries = 'uuidx${preload:+,$preload}'" >>"$CLUSTER_DIR/data/postgresql.conf"
cluster_restart
out=$(PGUSER=app cluster_psql -At -c "SELECT uuid_v7_to_facade(id) FROM ev LIMIT 1" 2>&1)
check_true "preloaded: refused at login (WARNING), then 55000" \
  "$(grep -q 'WARNING:  uuidx.facade_key cannot be set with ALTER DATABASE' <<<"$out" &&
     grep -q 'ERROR:  uuidx.facade_key is not set' <<<"$out" && [ "$(leaks <<<"$out")" = 0 ] && echo t)" \
  "$(tr '\n' ' ' <<<"$out" | cut -c1-220)"
out=$(cluster_psql -c "ALTER ROLE app SET uuidx.facade_key = '$k1:$k0'" 2>&1)
check_true "preloaded: ALTER ROLE ... SET is refused (55P02) without quoting the key" \
  "$(grep -q 'ERROR:  uuidx.facade_key cannot be set with ALTER DATABASE' <<<"$out" && [ "$(leaks <<<"$out")" = 0 ] && echo t)" \
  "$(tr '\n' ' ' <<<"$out" | cut -c1-160)"
check_true "no log line holds the key, apart from the superuser's own ALTER ROLE statements" \
  "$([ "$(grep -iE "$k0|$k1" "$CLUSTER_DIR/server.log" | grep -vc 'ALTER ROLE app SET')" = 0 ] && echo t)" \
  "$(grep -iE "$k0|$k1" "$CLUSTER_DIR/server.log" | grep -vc 'ALTER ROLE app SET') other lines"
if cluster_log_has_crash; then check_true "no backend crashed" f "see the server log"; fi
cluster_stop
echo "SUITE_RESULT passed=$passed failed=$failed"
[ "$failed" = 0 ]
