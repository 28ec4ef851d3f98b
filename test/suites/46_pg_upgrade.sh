#!/usr/bin/env bash
# scope: cross-pairs
# pg_upgrade along each upgrade path of the run (test/lib/crossmajor.sh: 15 -> 16, 16 -> 17,
# 17 -> 18 in the trixie root; 18 -> 19 in the sid root, both servers sid's and experimental's
# packages, as a Debian user upgrades) with uuidx installed and in use: the sample databases of
# test/lib/crossmajor.sh (uuidx 1.1 in public; uuidx 1.0 in a schema of its own) on the older
# major, and the steps README.md gives: uuidx built and installed for the new major first, then
# pg_upgrade --check, pg_upgrade, start. Checks: both pass, data identical (md5 per table, view
# and function results), defaults keep generating, ALTER EXTENSION uuidx UPDATE brings the 1.0
# database to 1.1, and its uuidx objects then equal a fresh 1.1 install's on the new major.
set -u
cd "$(dirname "$0")/../.."
source test/lib/crossmajor.sh

cross_provide_majors

while read -r from target <&3; do
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
  check_true "$from -> $target: pg_upgrade" "$([ $rc = 0 ] && echo t)" \
    "exit code $rc in $(($(date +%s) - start)) s; $(grep -iE 'fatal|failed|could not' "$new_dir/upgrade.log" | head -n 3 | tr '\n' ' ')"
  [ $rc = 0 ] || { tail -n 30 "$new_dir/upgrade.log"; find "$new_dir/data/pg_upgrade_output.d" -name '*.log' -exec tail -n 20 {} \; 2>/dev/null; continue; }

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
done 3< <(cross_pairs)

echo "SUITE_RESULT passed=$passed failed=$failed"
