#!/usr/bin/env bash
# major: 18
# packages: python3.14 ruby3.3 nodejs npm faketime
# server:
# The v7 keys applications make, checked by uuid_v7_check (docs/outside.md, "Checking the v7 keys
# applications make"): keys made live by Python 3.14's uuid.uuid7(), Ruby 3.3's
# SecureRandom.uuid_v7 (Debian's python3.14 and ruby3.3) and the npm package uuid 14's v7()
# (installed by `npm ci` from test/npm/uuid's lockfile, its sha512 pinned), inserted into a table
# whose key is checked with the defaults (1 minute ahead, 2020 on), in the C build and in the SQL
# edition (built from this major's install script, as 22_sql_edition does). Accepted. Control:
# keys from the same libraries made 10 minutes ahead (Python and Ruby under libfaketime's
# `faketime -f +10m`, uuid's v7({msecs}) with the time pushed ahead) are refused with 23514, and
# are seen to be 10 minutes ahead (else the control proves nothing). Under CI an npm registry that
# cannot be reached is a failure, elsewhere the npm part is skipped.
set -u
cd "$(dirname "$0")/../.."
source test/lib/tap.sh
source test/lib/cluster.sh
source test/lib/npm_ci.sh
n=5  # keys per library and edition
work=$(mktemp -d /tmp/uuidx-client-v7.XXXXXX)
trap 'rm -rf "$work"' EXIT

py=python3.14 rb=ruby3.3
tap_need "Python 3.14 with uuid.uuid7(), from Debian's python3.14" \
  "$($py -c 'import uuid; assert uuid.uuid7().version == 7' 2>/dev/null && echo t)" "$($py --version 2>&1)"
tap_need "Ruby 3.3 with SecureRandom.uuid_v7, from Debian's ruby3.3" \
  "$($rb -rsecurerandom -e 'exit(SecureRandom.uuid_v7[14] == "7")' 2>/dev/null && echo t)" "$($rb --version 2>&1)"
tap_need "faketime, from Debian's faketime" "$(faketime -f '+10m' date +%s >/dev/null 2>&1 && echo t)" "$(command -v faketime)"

# The npm package, from the lockfile; a registry out of reach skips that part (fails under CI).
npm_ok=""
if command -v node >/dev/null && command -v npm >/dev/null; then
  cp test/npm/uuid/package.json test/npm/uuid/package-lock.json "$work/"
  npm_ci_pinned "$work"
  rc=$?
  version=$(cd "$work" && node -p 'require("./node_modules/uuid/package.json").version' 2>&1)
  if [ $rc = 0 ] && [[ $version == 14.* ]]; then
    npm_ok=t
    tap_note "npm: uuid $version on Node.js $(node --version)"
  else
    [ -n "${CI:-}" ] && tap_bail "npm ci installs uuid 14 from test/npm/uuid's lockfile" "${npm_ci_error:-uuid $version installed}"
    tap_note "${npm_ci_error:-uuid $version installed}; the npm part is skipped"
  fi
fi

# keys LIBRARY [ahead]: N keys made now by the library (ahead: 10 minutes ahead), one a line.
keys() {
  local fake=()
  [ "${2:-}" = ahead ] && fake=(faketime -f '+10m')
  case $1 in
    python) "${fake[@]}" $py -c "import uuid
for _ in range($n): print(uuid.uuid7())" ;;
    ruby) "${fake[@]}" $rb -rsecurerandom -e "$n.times { puts SecureRandom.uuid_v7 }" ;;
    npm) (cd "$work" && node --input-type=module -e "import { v7 } from 'uuid';
const ahead = process.argv[1] === 'ahead' ? 600000 : 0;
for (let i = 0; i < $n; i++) console.log(v7({ msecs: Date.now() + ahead }));" "${2:-now}") ;;
  esac
}

# The editions: the C build (the lab's server has it installed) and the SQL edition.
build=${UUIDX_BUILD_DIR:-.}
cluster_psql -c "CREATE DATABASE client_c" -c "CREATE DATABASE client_sql"
PGDATABASE=client_c cluster_psql -c "CREATE SCHEMA uuidx; CREATE EXTENSION uuidx SCHEMA uuidx"
out=$(bash "$build/src/sql_edition/build.sh" "$build/uuidx--$(sed -n "s/^default_version = '\(.*\)'/\1/p" uuidx.control).sql" psql 2>&1 >"$work/uuidx-sql.sql" &&
  PGDATABASE=client_sql cluster_psql -v schema=uuidx_sql -f "$work/uuidx-sql.sql" 2>&1)
rc=$?
tap_need "the SQL edition installs" "$([ $rc = 0 ] && echo t)" "$out"

libraries=(python ruby)
[ -n "$npm_ok" ] && libraries+=(npm)
for edition in "C build:client_c:uuidx" "SQL edition:client_sql:uuidx_sql"; do
  IFS=: read -r what db schema <<<"$edition"
  export PGDATABASE=$db
  cluster_psql -c "CREATE TABLE client_keys (id uuid PRIMARY KEY CHECK ($schema.uuid_v7_check(id)), library text NOT NULL)"
  for lib in "${libraries[@]}"; do
    made=$(keys "$lib")
    values=$(sed "s/.*/('&', '$lib')/" <<<"$made" | paste -sd,)
    out=$(cluster_psql -c "INSERT INTO client_keys VALUES $values" 2>&1)
    tap_check "$what: $n v7 keys made now by $lib are accepted by uuid_v7_check" "$([ -z "$out" ] && echo t)" "$(head -n 2 <<<"$made" | paste -sd' ')… $out"
    tap_sql "$what: $lib's keys are v7 keys dated within 10 s of the server's clock" "
      SELECT count(*) = $n AND bool_and($schema.uuid_extract_version(id) = 7)
             AND bool_and(abs(extract(epoch FROM $schema.uuid_extract_time(id) - clock_timestamp())) < 10),
             format('%s keys, skew from the clock %s to %s', count(*), min($schema.uuid_extract_time(id) - clock_timestamp()),
                    max($schema.uuid_extract_time(id) - clock_timestamp()))
      FROM client_keys WHERE library = '$lib'"
    # Control: the same library 10 minutes ahead, each key refused on its own.
    ahead=$(keys "$lib" ahead)
    refused=0 seen=""
    while read -r k; do
      out=$(cluster_psql -v VERBOSITY=verbose -c "INSERT INTO client_keys VALUES ('$k', '$lib ahead')" 2>&1)
      grep -q "ERROR:  23514: UUIDv7 key is dated more than 00:01:00 ahead of the server's clock" <<<"$out" && refused=$((refused + 1))
      seen=$out
    done <<<"$ahead"
    far=$(cluster_psql -At -c "SELECT count(*) FROM unnest('{$(paste -sd, <<<"$ahead")}'::uuid[]) AS k
      WHERE $schema.uuid_extract_time(k) - clock_timestamp() BETWEEN interval '9 minutes' AND interval '11 minutes'")
    tap_check "$what: control: $lib's keys made 10 minutes ahead are 10 minutes ahead, and each is refused with 23514" \
      "$([ "$refused" = $n ] && [ "$far" = $n ] && echo t)" "$refused of $n refused, $far of $n dated 9 to 11 minutes ahead; $(grep -m1 ERROR <<<"$seen")"
  done
  tap_sql "$what: only the keys made now are stored" "
    SELECT count(*) = $n * ${#libraries[@]} AND count(*) FILTER (WHERE library LIKE '% ahead') = 0, count(*) || ' rows' FROM client_keys"
done
[ -n "$npm_ok" ] || tap_skip "npm's uuid 14: keys made now accepted, 10 minutes ahead refused" "npm ci could not install it"
tap_done
