#!/usr/bin/env bash
# quickstart.sh: the README's first command. On Debian, as root or with sudo: installs the build's
# needs and the distribution's own PostgreSQL (UUIDX_QUICKSTART_MAJOR=N: another apt has), builds
# and installs uuidx, and tours it in a throwaway cluster (pg_virtualenv). Lab checks 03 and 04 run it.
#   --keep   a cluster of pg_createcluster instead, left running; prints how to connect to it
set -euo pipefail
cd "$(dirname "$0")/.."
keep=""
[ "${1:-}" = "--keep" ] && keep=1

sudo=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "uuidx: run this as root, or install sudo" >&2; exit 1; }
  sudo=sudo
fi
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -qq -o DPkg::Lock::Timeout=600 "$@"; }
# DPkg::Lock::Timeout does not cover update's lock of the lists (another apt-get, unattended
# upgrades): it is tried again every 5 s, for 600 s at most.
apt_update() {
  local err
  for _ in $(seq 120); do
    err=$(apt update 2>&1 >/dev/null) && return 0
    grep -q 'Could not get lock' <<<"$err" || break
    sleep 5
  done
  echo "$err" >&2
  return 1
}
# The postgresql-N that postgresql depends on (none before the first apt-get update).
pg_major() { apt-cache depends postgresql 2>/dev/null | sed -nE 's/^ *Depends: postgresql-([0-9]+)$/\1/p' | head -n 1 || true; }
major=${UUIDX_QUICKSTART_MAJOR:-$(pg_major)}
[ -n "$major" ] || { apt_update; major=$(pg_major); }
[ -n "$major" ] || { echo "uuidx: apt offers no PostgreSQL here (apt-cache depends postgresql names no postgresql-N)" >&2; exit 1; }
echo "== PostgreSQL $major, as apt offers it here"
# What the build needs, and the server with its build files (pg_virtualenv: postgresql-common).
want=(ca-certificates make g++ libssl-dev "postgresql-$major" "postgresql-server-dev-$major")
missing=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${want[@]}" 2>&1 | awk '$1 != "ii" { print $NF }' || true)
[ -z "$missing" ] || { apt_update && apt install --no-install-recommends "${want[@]}" >/dev/null; }
export PG_CONFIG=/usr/lib/postgresql/$major/bin/pg_config

echo "== build and install"
make -s
$sudo make -s install

# A port where nothing answers (Debian's tools see only their own clusters): from 5432 when kept,
# else from a random point, so tours started at once in several roots do not collide.
port=5432
[ -n "$keep" ] || port=$((15432 + RANDOM % 10000))
first=$port
while [ "$port" -lt $((first + 100)) ] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
if [ -n "$keep" ]; then
  $sudo pg_createcluster --start -p "$port" "$major" uuidx >/dev/null
  tour() { $sudo runuser -u postgres -- psql --cluster "$major/uuidx" -X -v ON_ERROR_STOP=1 -e "$@"; }
  echo "== a cluster of pg_createcluster: $major/uuidx"
else
  tour() { PGPORT=$port pg_virtualenv -v "$major" psql -X -v ON_ERROR_STOP=1 -e "$@"; }
  echo "== a throwaway cluster (pg_virtualenv)"
fi

tour <<'SQL'
CREATE EXTENSION uuidx;
SELECT extversion FROM pg_extension WHERE extname = 'uuidx';

-- A table keyed by time-ordered UUIDv7 values: uuid_v7 is a uuid that can only hold a v7.
CREATE TABLE orders (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), item text NOT NULL);
INSERT INTO orders (item) VALUES ('tea'), ('coffee'), ('cake');
SELECT id, item, uuid_extract_time(id) AS created FROM orders ORDER BY id;

-- Every generator, and what each value says about itself.
SELECT kind, u, uuid_extract_version(u) AS version, uuid_extract_variant(u) AS variant,
       uuid_extract_time(u) AS time
FROM (VALUES ('v1', uuid_generate_v1()), ('v4', uuid_generate_v4()), ('v6', uuid_generate_v6()),
             ('v7', uuid_generate_v7()), ('v7 at', uuid_generate_v7('2024-01-01 12:00:00+00')),
             ('nil', uuid_nil()), ('max', uuid_max())) AS t(kind, u);

-- v1 to v6 and back (RFC 9562 Appendix A.1 and A.5), and the fields of a v1.
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v6,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v1,
       uuid_extract_node('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS node,
       uuid_extract_clock_seq('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS clock_seq;

-- 100,000 v7 values in one statement: all distinct and strictly increasing.
SELECT count(*) AS generated, count(DISTINCT u) AS distinct_values,
       count(*) FILTER (WHERE u <= prev) AS not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
      FROM (SELECT i, uuid_generate_v7() AS u FROM generate_series(1, 100000) AS i) g) s;
SQL

[ -z "$keep" ] || echo "== the cluster is still running: sudo -u postgres psql --cluster $major/uuidx; drop it with: sudo pg_dropcluster --stop $major uuidx"
echo "== uuidx works"
