#!/usr/bin/env bash
# scope: cross-pairs
# Dump and restore across majors, along each upgrade path of the run (lab/crossmajor.sh:
# 15 -> 16, 16 -> 17, 17 -> 18 in the trixie root, 18 -> 19 in the sid root). On the older major:
# a database with uuidx in public (1.1, calls unqualified) and one with uuidx 1.0 in a schema of
# its own (calls qualified), each with defaults on uuid_generate_v7(), uuidv7() and
# uuid_generate_v1mc(), a generated v5 column, a view and a BEGIN ATOMIC function calling uuidx,
# and an index over v7 keys, dumped with its pg_dump -Fc and restored with the newer major's
# pg_restore: no error, data identical (md5 per table, view and function results), every default,
# the view and the function still work, uuidx at 1.1 in the schema it had.
# Back from the newest major to the oldest (plain SQL: a custom archive of a newer pg_dump is
# unreadable to an older pg_restore): a database that calls uuidx's names restores, apart from SET
# lines of settings the older major does not have; one whose default calls 18's own uuidv7()
# cannot restore into a major before 18, as docs/upgrading.md says, and does into 18.
set -u
cd "$(dirname "$0")/../.."
source lab/crossmajor.sh

cross_provide_majors
work=$(mktemp -d /tmp/uuidx-crossdump.XXXXXX)
chmod 777 "$work"
declare -A digest

while read -r old new <&3; do
  # ---- old -> new
  PGBIN=${bin[$old]}
  cluster_start || { failed=$((failed + 1)); continue; }
  echo "source: $("$PGBIN/postgres" --version)"
  sample_create public 1.1 && sample_create ext 1.0 || failed=$((failed + 1))
  for db in app_public app_ext; do
    digest[$db]=$(sample_digest "$db")
    "$PGBIN/pg_dump" -Fc -d "$db" -f "$work/$db.$old.dump" 2>"$work/$db.pg_dump.err"
    check_true "$old: pg_dump -Fc $db" "$([ $? = 0 ] && [ ! -s "$work/$db.pg_dump.err" ] && echo t)" \
      "$(stat -c %s "$work/$db.$old.dump") bytes $(head -c 300 "$work/$db.pg_dump.err")"
  done
  # The case that broke with 1.0 (which did not create uuidv7() on 18): before 18 the dump names
  # uuidx's uuidv7() schema-qualified, and it must exist on the newer major.
  if [ "$old" -lt 18 ]; then
    check_true "$old: the dump of app_public has DEFAULT public.uuidv7()" \
      "$("$PGBIN/pg_restore" -f - "$work/app_public.$old.dump" | grep -q 'DEFAULT public.uuidv7()' && echo t)" \
      "$("$PGBIN/pg_restore" -f - "$work/app_public.$old.dump" | grep -o 'DEFAULT [a-z_.]*uuid[a-z0-9_]*()' | sort | uniq -c | tr -s ' \n' ' ')"
  fi
  cluster_stop

  PGBIN=${bin[$new]}
  cluster_start || { failed=$((failed + 1)); continue; }
  echo "target: $("$PGBIN/postgres" --version)"
  for db in app_public app_ext; do
    schema=${db#app_}
    cluster_psql -c "CREATE DATABASE $db"
    "$PGBIN/pg_restore" --exit-on-error -d "$db" "$work/$db.$old.dump" >"$work/$db.$new.log" 2>&1
    rc=$?
    check_true "$old -> $new: pg_restore $db" "$([ $rc = 0 ] && [ ! -s "$work/$db.$new.log" ] && echo t)" \
      "exit code $rc $(head -c 500 "$work/$db.$new.log")"
    got=$(sample_digest "$db")
    check_true "$old -> $new: $db data identical" "$([ "$got" = "${digest[$db]}" ] && echo t)" \
      "$old: ${digest[$db]}; $new: $got"
    out=$(sample_check_defaults "$db" "$schema")
    check_true "$old -> $new: $db defaults, view and function work" "${out%%|*}" "${out#*|}"
    # The restored extension is the target's default version, in the schema it had.
    PGDATABASE=$db check_sql "$old -> $new: $db has uuidx 1.1 in $schema" \
      "SELECT extversion = '1.1' AND extnamespace::regnamespace::text = '$schema', extversion || ' in ' || extnamespace::regnamespace::text
       FROM pg_extension WHERE extname = 'uuidx'"
  done
  cluster_stop
done 3< <(cross_pairs)

# ---- newest -> oldest
read -r -a majors <<<"$UUIDX_PG_VERSIONS"
newest=${majors[${#majors[@]} - 1]}
oldest=${majors[0]}
PGBIN=${bin[$newest]}
cluster_start || { echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
sample_create ext 1.1 || failed=$((failed + 1))
# A default on the built-in uuidv7() of 18 and later (unqualified, uuidx in public: pg_catalog's).
cluster_psql -c "CREATE DATABASE app_builtin"
PGDATABASE=app_builtin cluster_psql -c "CREATE EXTENSION uuidx" \
  -c "CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuidv7(), note text)" -c "INSERT INTO t (note) VALUES ('a')"
digest_newest=$(sample_digest app_ext)
"$PGBIN/pg_dump" -Fp -d app_ext -f "$work/app_ext.$newest.sql" 2>"$work/app_ext.$newest.err"
"$PGBIN/pg_dump" -Fp -d app_builtin -f "$work/app_builtin.$newest.sql" 2>>"$work/app_ext.$newest.err"
check_true "$newest: pg_dump -Fp" "$([ ! -s "$work/app_ext.$newest.err" ] && echo t)" "$(head -c 300 "$work/app_ext.$newest.err")"
cluster_stop

PGBIN=${bin[$oldest]}
cluster_start || { echo "SUITE_RESULT passed=$passed failed=$((failed + 1))"; exit 1; }
back="$newest -> $oldest"
cluster_psql -c "CREATE DATABASE app_ext" -c "CREATE DATABASE app_builtin"
PGDATABASE=app_ext cluster_psql -v ON_ERROR_STOP=0 -f "$work/app_ext.$newest.sql" >"$work/app_ext.back.log" 2>&1
errors=$(grep -c 'ERROR:' "$work/app_ext.back.log")
other=$(grep 'ERROR:' "$work/app_ext.back.log" | grep -vc 'unrecognized configuration parameter')
check_true "$back: plain dump replayed; the only errors are settings $oldest does not have" "$([ "$other" = 0 ] && echo t)" \
  "$errors errors: $(grep -o 'ERROR: .*' "$work/app_ext.back.log" | sort | uniq -c | tr '\n' ';')"
got=$(sample_digest app_ext)
check_true "$back: data identical" "$([ "$got" = "$digest_newest" ] && echo t)" "$newest: $digest_newest; $oldest: $got"
out=$(sample_check_defaults app_ext ext)
check_true "$back: defaults, view and function work" "${out%%|*}" "${out#*|}"
PGDATABASE=app_builtin cluster_psql -v ON_ERROR_STOP=0 -f "$work/app_builtin.$newest.sql" >"$work/app_builtin.back.log" 2>&1
builtin_errors=$(grep -o 'ERROR: .*' "$work/app_builtin.back.log" | grep -v 'unrecognized configuration' | head -n 2 | tr '\n' ';')
if [ "$newest" -ge 18 ] && [ "$oldest" -lt 18 ]; then
  check_true "$back: a default on 18's own uuidv7() does not restore (documented)" \
    "$(grep -q 'function uuidv7() does not exist' "$work/app_builtin.back.log" && echo t)" "$builtin_errors"
elif [ "$newest" -ge 18 ]; then
  check_true "$back: a default on the built-in uuidv7() restores, both majors have it" \
    "$([ -z "$builtin_errors" ] && echo t)" "${builtin_errors:-no error}"
fi
cluster_stop

rm -rf "$work"
echo "SUITE_RESULT passed=$passed failed=$failed"
