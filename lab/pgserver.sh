# pgserver.sh (source after deps.sh): `pg_server_config MAJOR [source]` prints the pg_config of a
# PostgreSQL MAJOR install, providing one (on the machine or in a root of lab/root.sh; lab/matrix):
# apt's packages (from experimental when only it has them); else ../shared/vendor's tree (16, which
# Debian neither packages nor serves as source), with assertions on; else Debian's source package,
# built once into $UUIDX_PG_CACHE/pgN. 'source' forces the source build; 'bookworm' takes bookworm's
# binary packages in a root of a later suite (the 15 bookworm's users move from: its security
# update, whose source is not served). Messages go to stderr; build logs to
# $UUIDX_PG_CACHE/pgN.build.log.

source "$(dirname "${BASH_SOURCE[0]}")/vendor.sh"
UUIDX_PG_CACHE=${UUIDX_PG_CACHE:-/var/cache/uuidx}
UUIDX_PG_SOURCES_LIST=/etc/apt/sources.list.d/uuidx-postgresql-sources.sources
# What building a server from source needs on Debian bookworm.
UUIDX_PG_SOURCE_BUILD_PACKAGES=(dpkg-dev gcc make bison flex perl pkg-config libreadline-dev zlib1g-dev
  libssl-dev uuid-dev libicu-dev xz-utils bzip2 libipc-run-perl)

# deb-src only (binaries keep coming from the system's suite). Check-Valid-Until off for sid alone:
# its Release file is valid for a week and the mirror may serve an older one (still signed).
_pg_ensure_source_list() {
  local sudo="" want
  [ "$(id -u)" = 0 ] || sudo=sudo
  want='# Added by uuidx'"'"'s tests: Debian'"'"'s PostgreSQL source packages, built into /var/cache/uuidx.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian
Suites: sid
Components: main
Check-Valid-Until: no
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg'
  [ -f "$UUIDX_PG_SOURCES_LIST" ] && [ "$(cat "$UUIDX_PG_SOURCES_LIST")" = "$want" ] && return 0
  printf '%s\n' "$want" | $sudo tee "$UUIDX_PG_SOURCES_LIST" >/dev/null
  apt_get update -qq >&2
}

# True when apt offers postgresql-server-dev-N as a binary package.
_pg_apt_has() {
  apt-cache policy "postgresql-server-dev-$1" 2>/dev/null | grep -q 'Candidate: [0-9]'
}

# Prints "experimental" when only experimental has postgresql-N (then installed with -t experimental).
_pg_apt_release() {
  local archives
  archives=$(apt-cache madison "postgresql-server-dev-$1" 2>/dev/null | awk -F'|' '{print $3}')
  [ -n "$archives" ] && ! grep -qv 'experimental/' <<<"$archives" && echo experimental
}

_pg_source_prefix() { echo "$UUIDX_PG_CACHE/pg$1"; }

# The versions of source package PKG that apt lists, newest first (Debian's version order).
_pg_source_versions() {
  local v sorted=() i
  while read -r v; do
    i=${#sorted[@]}
    sorted+=("$v")
    while [ "$i" -gt 0 ] && dpkg --compare-versions "${sorted[i - 1]}" lt "$v"; do
      sorted[i]=${sorted[i - 1]}
      i=$((i - 1))
    done
    sorted[i]=$v
  done < <(apt-cache showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -u)
  printf '%s\n' "${sorted[@]}"
}

# Downloads source package PKG here: the newest listed version whose files download (a replaced
# point release can stay listed yet answer 404). Prints the version.
_pg_fetch_source() {
  local pkg=$1 v versions=()
  mapfile -t versions < <(_pg_source_versions "$pkg")
  [ ${#versions[@]} -gt 0 ] && [ -n "${versions[0]}" ] || { echo "apt lists no source package $pkg" >&2; return 1; }
  case $PWD in "$UUIDX_PG_CACHE"/src.*) ;; *) echo "_pg_fetch_source: not in a work directory" >&2; return 1 ;; esac
  for v in "${versions[@]}"; do
    find . -mindepth 1 -delete
    apt-get source -qq "$pkg=$v" >&2 && { echo "$v"; return 0; }
    echo "uuidx: $pkg $v is listed but its files do not download; trying an older version" >&2
  done
  echo "uuidx: no listed version of $pkg downloads (${versions[*]})" >&2
  return 1
}

# _pg_build_once PREFIX WHAT UNPACK [ARG...]: builds into PREFIX once, under a lock (lab/ahead.sh
# builds in the background). UNPACK ARG... runs in an empty work directory and prints the tree's
# path and where it came from. The stamp names the recipe, so older builds (before tap tests or
# pg_stat_statements, whose planner hook the oracles chain behind) are made again.
UUIDX_PG_BUILD_STAMP=.uuidx-built-tap-pgss
_pg_build_once() {
  [ -f "$1/$UUIDX_PG_BUILD_STAMP" ] && return 0
  mkdir -p "$UUIDX_PG_CACHE" || return 1
  with_lock "$1.lock" _pg_build_once_locked "$@"
}
_pg_build_once_locked() {
  local prefix=$1 what=$2 stamp="$1/$UUIDX_PG_BUILD_STAMP" log="$1.build.log" work start rc
  shift 2
  [ -f "$stamp" ] && return 0
  ensure_packages "${UUIDX_PG_SOURCE_BUILD_PACKAGES[@]}" >&2 || return 1
  work=$(mktemp -d "$UUIDX_PG_CACHE/src.XXXXXX")
  start=$(date +%s)
  echo "uuidx: building $what into $prefix (log: $log)" >&2
  (
    set -e
    cd "$work"
    "$@" >"$work.unpacked"
    { read -r tree; read -r origin; } <"$work.unpacked"
    [ -d "$tree" ] && [ -n "$origin" ] || { echo "could not unpack $what"; exit 1; }
    cd "$tree"
    _pg_configure_make_install "$prefix"
    echo "$("$prefix/bin/pg_config" --version) from $origin" >"$stamp"
  ) >"$log" 2>&1
  rc=$?
  rm -rf "$work" "$work.unpacked"
  if [ $rc != 0 ]; then
    tail -n 40 "$log" >&2
    echo "uuidx: building $what failed (log: $log)" >&2
    return 1
  fi
  echo "uuidx: built $(cat "$stamp") in $(($(date +%s) - start)) s" >&2
}

# Unpackers for _pg_build_once: Debian's source package postgresql-MAJOR,
_pg_unpack_source_package() {
  local version
  version=$(_pg_fetch_source "postgresql-$1") || return 1
  echo "source package postgresql-$1 $version" >&2
  find "$PWD" -maxdepth 1 -type d -name "postgresql-$1*" | head -n 1
  basename "$(ls ./*.dsc | head -n 1)"
}
# or a vendored upstream tarball (a git tree: bison and flex make its parser).
_pg_unpack_tarball() {
  tar -xzf "$1" -C "$PWD" || return 1
  echo "$PWD/$(basename "$1" .tar.gz)"
  basename "$1"
}

# -O0: these servers only carry databases along upgrade paths, and nothing times them.
_pg_build_from_source() {
  _pg_ensure_source_list || return 1
  UUIDX_PG_BUILD_CFLAGS="-O0 -g0" _pg_build_once "$(_pg_source_prefix "$1")" \
    "postgresql-$1 from Debian's source package" _pg_unpack_source_package "$1"
}

# The vendored PostgreSQL tree of MAJOR (postgresql-MAJOR.x.tar.gz), if there is one.
_pg_vendor_tarball() {
  local f
  f=$(ls "$UUIDX_VENDOR_DIR"/postgresql-"$1".*.tar.gz 2>/dev/null | sort -V | tail -n 1)
  [ -n "$f" ] && echo "$f"
}

# Prints the prefix of the vendored TARBALL, built once as PostgreSQL's CI builds test servers
# (assertions, plan trees copied and read back); -O1: it is on the run's longest path.
_pg_build_from_vendor() {
  local name prefix
  name=$(basename "$1" .tar.gz)
  prefix="$UUIDX_PG_CACHE/pg${name#postgresql-}-cassert"
  UUIDX_PG_BUILD_CFLAGS="-O1 -g0" UUIDX_PG_BUILD_CHECKS=1 _pg_build_once "$prefix" "$name from $1" _pg_unpack_tarball "$1" || return 1
  echo "$prefix"
}

# In a source tree: build and install into PREFIX, with the contrib modules the tests use and
# PostgreSQL::Test::Cluster (--enable-tap-tests) for make prove_installcheck.
_pg_configure_make_install() {
  local prefix=$1
  # Debian's patch puts libraries in /usr/lib/postgresql/N/lib, where apt's packages live.
  sed -i 's|^override pkglibdir := /usr/lib/postgresql/@PG_MAJORVERSION@/lib|override pkglibdir := $(libdir)/postgresql/@PG_MAJORVERSION@/lib|' \
    src/Makefile.global.in
  ./configure --prefix="$prefix" --with-openssl --with-uuid=e2fs --with-icu \
    --with-system-tzdata=/usr/share/zoneinfo --disable-nls --without-llvm --enable-tap-tests \
    CFLAGS="${UUIDX_PG_BUILD_CFLAGS:--O2 -g0}" ${UUIDX_PG_BUILD_CHECKS:+--enable-cassert \
    "CPPFLAGS=-DRELCACHE_FORCE_RELEASE -DCOPY_PARSE_PLAN_TREES -DWRITE_READ_PARSE_PLAN_TREES -DRAW_EXPRESSION_COVERAGE_TEST"}
  make -s -j"$(($(nproc) + 1))"
  case $(src/bin/pg_config/pg_config --pkglibdir) in "$prefix"/*) ;; *) echo "pkglibdir outside $prefix"; return 1 ;; esac
  make -s install
  for c in uuid-ossp pgcrypto file_fdw pg_stat_statements; do make -s -C "contrib/$c" -j"$(($(nproc) + 1))" install; done
}

# Bookworm's packages of MAJOR as bookworm's users have them (security updates too), unpacked
# into $UUIDX_PG_CACHE/pgMAJOR-bookworm; the two libraries the later suite lacks (ICU 72, OpenLDAP
# 2.5) go to its bookworm-libs, which pg_server_libs names. JIT is left out (LLVM 14 is missing
# too). apt runs on lists of its own, so the root's apt never sees bookworm. Prints the prefix.
_pg_unpack_bookworm() {
  local prefix="$UUIDX_PG_CACHE/pg$1-bookworm"
  mkdir -p "$UUIDX_PG_CACHE" || return 1
  [ -f "$prefix/.uuidx-unpacked" ] || with_lock "$prefix.lock" _pg_unpack_bookworm_locked "$1" "$prefix" || return 1
  echo "$prefix"
}
_pg_unpack_bookworm_locked() {
  local major=$1 prefix=$2 work f apt
  [ -f "$prefix/.uuidx-unpacked" ] && return 0
  work=$(mktemp -d "$UUIDX_PG_CACHE/bookworm.XXXXXX")
  mkdir -p "$work/sources" "$work/lists/partial" "$work/cache/archives/partial" "$work/debs" "$work/tree/bookworm-libs"
  printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n' \
    "${UUIDX_DEBIAN_MIRROR:-http://deb.debian.org/debian}" bookworm http://deb.debian.org/debian-security bookworm-security \
    >"$work/sources/bookworm.sources"
  apt=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/sources" -o Dir::State::Lists="$work/lists"
    -o Dir::Cache="$work/cache" -o Dir::State::Status=/dev/null -o Debug::NoLocking=1)
  if apt-get "${apt[@]}" update -qq >"$prefix.log" 2>&1 &&
    (cd "$work/debs" && apt-get "${apt[@]}" download "postgresql-$major" "postgresql-client-$major" \
      "postgresql-server-dev-$major" libicu72 libldap-2.5-0) >>"$prefix.log" 2>&1; then
    for f in "$work"/debs/*.deb; do dpkg-deb -x "$f" "$work/tree" || break; done &&
      mv "$work"/tree/usr/lib/x86_64-linux-gnu/lib{icu,ldap,lber}* "$work/tree/bookworm-libs/" &&
      rm -f "$work/tree/usr/lib/postgresql/$major/lib/llvmjit"* &&
      ls "$work/debs" >"$work/tree/.uuidx-unpacked" && rm -rf "$prefix" && mv "$work/tree" "$prefix"
  fi
  rm -rf "$work"
  [ -f "$prefix/.uuidx-unpacked" ] || { tail -n 20 "$prefix.log" >&2; echo "uuidx: bookworm's PostgreSQL $major packages could not be unpacked (log: $prefix.log)" >&2; return 1; }
}

# pg_server_libs PG_CONFIG: the directory of libraries its programs need beside this suite's
# (LD_LIBRARY_PATH), for an install of bookworm's packages in a later suite; nothing otherwise.
pg_server_libs() {
  local d
  d=$(cd "$("$1" --bindir)/../../../../.." && pwd)/bookworm-libs
  [ -d "$d" ] && echo "$d"
  return 0
}

# Prints the pg_config of a PostgreSQL install of that major, providing one when needed.
pg_server_config() {
  local major=$1 how=${2:-}
  if [ "$how" = bookworm ]; then
    local unpacked
    unpacked=$(_pg_unpack_bookworm "$major") || return 1
    echo "$unpacked/usr/lib/postgresql/$major/bin/pg_config"
    return 0
  fi
  if [ "$how" != source ] && _pg_apt_has "$major"; then
    if [ "$(_pg_apt_release "$major")" = experimental ]; then
      UUIDX_APT_RELEASE=experimental ensure_packages "postgresql-$major" "postgresql-client-$major" \
        "postgresql-server-dev-$major" >&2 || return 1
    else
      # postgresql-N holds contrib (postgresql-contrib is a virtual name dpkg never reports installed).
      ensure_packages "postgresql-$major" "postgresql-server-dev-$major" >&2 || return 1
    fi
    echo "/usr/lib/postgresql/$major/bin/pg_config"
    return 0
  fi
  local tarball prefix
  if [ "$how" != source ] && tarball=$(_pg_vendor_tarball "$major"); then
    prefix=$(_pg_build_from_vendor "$tarball") || return 1
    echo "$prefix/bin/pg_config"
    return 0
  fi
  _pg_build_from_source "$major" || return 1
  echo "$(_pg_source_prefix "$major")/bin/pg_config"
}
