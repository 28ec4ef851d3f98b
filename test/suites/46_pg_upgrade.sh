#!/usr/bin/env bash
# scope: cross-pairs
# pg_upgrade along each upgrade path of the run (lab/crossmajor.sh: 15 -> 16, 16 -> 17,
# 17 -> 18 in the trixie root; 18 -> 19 in the sid root, both servers sid's and experimental's
# packages, as a Debian user upgrades) with uuidx installed and in use: the sample databases of
# lab/crossmajor.sh (uuidx 1.1 in public; uuidx 1.0 in a schema of its own) on the older
# major, and the steps docs/upgrading.md gives: uuidx built and installed for the new major first, then
# pg_upgrade --check, pg_upgrade, start. Checks: both pass, data identical (md5 per table, view
# and function results), defaults keep generating, ALTER EXTENSION uuidx UPDATE brings the 1.0
# database to 1.1, and its uuidx objects then equal a fresh 1.1 install's on the new major.
# A pair whose upgrade fails is upgraded once more with a cluster without uuidx: when that fails
# too, the servers cannot upgrade any table (17.12 -> 18.6: "unrecognized parameter pg_attver"),
# the pair is skipped with that reason, and the major before the old one is upgraded to the
# target instead (16 -> 18).
set -u
cd "$(dirname "$0")/../.."
source lab/crossmajor.sh

cross_provide_majors
skipped=0

# The control of a failed upgrade: the same two servers and steps, a cluster without uuidx (one
# table). When it fails too, no extension could pass this pair: the pair is skipped, saying why.
plain_upgrade_fails() {
  local control_old control_new
  export UUIDX_KEEP_CLUSTER=1
  cluster_start || return 1
  control_old=$CLUSTER_DIR
  cluster_psql -c "CREATE TABLE plain (id bigint PRIMARY KEY, note text)" -c "INSERT INTO plain VALUES (1, 'a')" >/dev/null
  cluster_stop
  unset UUIDX_KEEP_CLUSTER
  control_new="$control_old/new"
  mkdir -p "$control_new" && chown "$UUIDX_TEST_USER" "$control_new" 2>/dev/null
  _as_test_user "$newbin/initdb" -D "$control_new/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 $checksums \
    >/dev/null 2>&1 &&
    old_dir=$control_old new_dir=$control_new upgrade >"$control_new/upgrade.log" 2>&1
  local rc=$?
  plain_upgrade_error=$(grep -h -m 1 -E 'pg_restore: error|ERROR:' "$control_new"/data/pg_upgrade_output.d/*/log/*.log 2>/dev/null | head -n 1)
  rm -rf "$control_old"
  [ $rc != 0 ]
}

mapfile -t pairs < <(cross_pairs)
read -r -a majors <<<"$UUIDX_PG_VERSIONS"
for ((i = 0; i < ${#pairs[@]}; i++)); do
  read -r from target <<<"${pairs[i]}"
  # The old cluster, filled and stopped.
  PGBIN=${bin[$from]}
  export UUIDX_KEEP_CLUSTER=1
  cluster_start || { failed=$((failed + 1)); unset UUIDX_KEEP_CLUSTER; continue; }
  old_dir=$CLUSTER_DIR
  sample_create public 1.1 && sample_create ext 1.0 || failed=$((failed + 1))
  declare -A digest
  for db in app_public app_ext; do digest[$db]=$(sample_digest "$db"); done
  cluster_stop
  unset UUIDX_KEEP_CLUSTER

  newbin=${bin[$target]}
  new_dir="$old_dir/new$target"
  mkdir -p "$new_dir" && chown "$UUIDX_TEST_USER" "$new_dir" 2>/dev/null
  # The old cluster's settings: from 18 on initdb enables data checksums unless told not to.
  checksums=""
  [ "$from" -lt 18 ] && checksums=$("$newbin/initdb" --help | grep -q -- --no-data-checksums && echo --no-data-checksums)
  _as_test_user "$newbin/initdb" -D "$new_dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 $checksums \
    >"$new_dir/initdb.log" 2>&1 || { cat "$new_dir/initdb.log"; failed=$((failed + 1)); continue; }
  upgrade() {  # pg_upgrade as the cluster's owner, in a directory it may write its logs to
    _as_test_user env -C "$new_dir" "$newbin/pg_upgrade" -U postgres \
      -b "${bin[$from]}" -B "$newbin" -d "$old_dir/data" -D "$new_dir/data" \
      -p $((20000 + RANDOM % 20000)) -P $((20000 + RANDOM % 20000)) -s "$new_dir" "$@"
  }
  start=$(date +%s)
  upgrade --check >"$new_dir/check.log" 2>&1
  rc=$?
  check_true "$from -> $target: pg_upgrade --check" "$([ $rc = 0 ] && echo t)" \
    "exit code $rc, $(grep -cE '^Checking' "$new_dir/check.log") checks; $(grep -iE 'fatal|failed|could not' "$new_dir/check.log" | head -n 3 | tr '\n' ' ')"
  upgrade >"$new_dir/upgrade.log" 2>&1
  rc=$?
  if [ $rc != 0 ] && plain_upgrade_fails; then
    echo "SKIP  $from -> $target: pg_upgrade fails for a cluster without uuidx as well (a table of one bigint and"
    echo "      one text column), so no extension can pass it between these servers: ${plain_upgrade_error:-see below}"
    find "$new_dir/data/pg_upgrade_output.d" -name "*.log" -exec grep -h -m 2 -E 'pg_restore: error|ERROR:' {} + 2>&1 | sed 's/^/      uuidx cluster: /'
    skipped=$((skipped + 1))
    rm -rf "$old_dir"
    # uuidx's own upgrade into the target is still tested: from the major before (17.12 -> 18.6
    # fails as above; 16 -> 18 is a path users take too).
    for ((j = 1; j < ${#majors[@]}; j++)); do
      [ "${majors[j]}" = "$from" ] && pairs+=("${majors[j - 1]} $target") && echo "      trying ${majors[j - 1]} -> $target instead"
    done
    continue
  fi
  check_true "$from -> $target: pg_upgrade" "$([ $rc = 0 ] && echo t)" \
    "exit code $rc in $(($(date +%s) - start)) s; $(grep -iE 'fatal|failed|could not' "$new_dir/upgrade.log" | head -n 3 | tr '\n' ' ')"
  [ $rc = 0 ] || { tail -n 30 "$new_dir/upgrade.log"; find "$new_dir/data/pg_upgrade_output.d" -name "*.log" -exec tail -v -n 20 {} + 2>&1; continue; }

  # Start the upgraded cluster as a throwaway one of cluster.sh.
  CLUSTER_DIR=$new_dir PGBIN=$newbin
  export PGPORT=$((20000 + RANDOM % 20000)) PGHOST=$new_dir PGUSER=postgres PGDATABASE=postgres
  {
    echo "port = $PGPORT"
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$new_dir'"
  } >>"$new_dir/data/postgresql.conf"
  _as_test_user "$PGBIN/pg_ctl" -D "$new_dir/data" -l "$new_dir/server.log" -w -t 60 start >/dev/null ||
    { cat "$new_dir/server.log"; failed=$((failed + 1)); continue; }
  for db in app_public app_ext; do
    got=$(sample_digest "$db")
    check_true "$from -> $target: $db data identical" "$([ "$got" = "${digest[$db]}" ] && echo t)" "$from: ${digest[$db]}; $target: $got"
    out=$(sample_check_defaults "$db" "${db#app_}")
    check_true "$from -> $target: $db defaults, view and function work" "${out%%|*}" "${out#*|}"
  done
  PGDATABASE=app_ext check_sql "$from -> $target: pg_upgrade kept app_ext's uuidx at 1.0" "
    SELECT extversion = '1.0', extversion FROM pg_extension WHERE extname = 'uuidx'"
  PGDATABASE=app_ext cluster_psql -c "ALTER EXTENSION uuidx UPDATE" >/dev/null 2>"$new_dir/update.err"
  PGDATABASE=app_ext check_sql "$from -> $target: app_ext is at 1.1 after the update" "
    SELECT extversion = '1.1', extversion || '$( [ -s "$new_dir/update.err" ] && echo "; $(head -c 200 "$new_dir/update.err")")'
    FROM pg_extension WHERE extname = 'uuidx'"
  cluster_psql -c "CREATE DATABASE fresh" >/dev/null
  PGDATABASE=fresh cluster_psql -c "CREATE SCHEMA ext" -c "CREATE EXTENSION uuidx SCHEMA ext" >/dev/null
  catalog() { PGDATABASE=$1 cluster_psql -At -f sql/include/extension_catalog.psql -c '\echo :extension_catalog'; }
  updated=$(catalog app_ext)
  fresh=$(catalog fresh)
  check_true "$from -> $target: uuidx objects after pg_upgrade and UPDATE equal a fresh 1.1 install's" \
    "$([ -n "$fresh" ] && [ "$updated" = "$fresh" ] && echo t)" \
    "$(wc -l <<<"$fresh") members; differing: $(diff <(echo "$updated") <(echo "$fresh") | grep -c '^[<>]')"
  out=$(sample_check_defaults app_ext ext)
  check_true "$from -> $target: app_ext defaults work after the update" "${out%%|*}" "${out#*|}"
  cluster_log_has_crash && { echo "crash in the $target server log"; failed=$((failed + 1)); }
  _as_test_user "$PGBIN/pg_ctl" -D "$new_dir/data" -w -t 60 -m fast stop >/dev/null
  rm -rf "$old_dir"
done

echo "SUITE_RESULT passed=$passed failed=$failed skipped=$skipped"
