# citus.sh (source after deps.sh): Citus for test/t/016_citus.pl, built from the upstream tarballs
# in $UUIDX_VENDOR_DIR (not packaged for bookworm). citus_matrix_version MAJOR: the citus-VERSION of
# MAJOR's extras in lab/matrix, or fails; citus_version_for MAJOR: the vendored version that fits;
# citus_provide PG_CONFIG: builds once and installs into that server (log: <cache>.build.log).

source "$(dirname "${BASH_SOURCE[0]}")/vendor.sh"
UUIDX_CITUS_CACHE=${UUIDX_CITUS_CACHE:-${UUIDX_PG_CACHE:-/var/cache/uuidx}}
# libicu-dev: 18's server headers include ICU's, which sid's server-dev-18 does not pull in.
UUIDX_CITUS_BUILD_PACKAGES=(make gcc liblz4-dev libzstd-dev libkrb5-dev libicu-dev)
UUIDX_CITUS_CFLAGS=${UUIDX_CITUS_CFLAGS:--O0 -g0}

citus_matrix_version() {
  local extras=",${UUIDX_MAJOR_EXTRAS[$1]:-},"
  [[ $extras == *,citus-* ]] || return 1
  extras=${extras#*,citus-}
  echo "${extras%%,*}"
}

# 13.2.2 supports 15-17, 14.0.1 16-18 (the vendor README): 13.2.2 where it fits, else 14.0.1;
# UUIDX_CITUS_VERSION chooses (the lab sets it from the matrix).
citus_version_for() {
  local major=$1 v
  for v in ${UUIDX_CITUS_VERSION:-13.2.2 14.0.1}; do
    [ -f "$UUIDX_VENDOR_DIR/citus-$v.tar.gz" ] || continue
    case $v:$major in 14.*:1[678] | 13.*:1[567]) echo "$v"; return 0 ;; esac
  done
  return 1
}

# The cache is keyed by version, major and pg_config path; a stamp holds the md5 of the citus.so
# installed, so a rerun does nothing while it matches and reinstalls from the cache otherwise.
citus_provide() {
  local pg_config=$1 major version cache
  major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
  version=$(citus_version_for "$major") || { echo "no Citus tarball for PostgreSQL $major in $UUIDX_VENDOR_DIR" >&2; return 1; }
  cache="$UUIDX_CITUS_CACHE/citus-$version-pg$major-$(echo "$pg_config" | md5sum | cut -c1-8)"
  mkdir -p "$UUIDX_CITUS_CACHE" || return 1
  with_lock "$cache.lock" _citus_provide_locked "$pg_config" "$major" "$version" "$cache"
}
_citus_provide_locked() {
  local pg_config=$1 major=$2 version=$3 cache=$4 stamp so log start conf=(--without-libcurl) link=()
  stamp="$cache/.uuidx-installed"
  so="$("$pg_config" --pkglibdir)/citus.so"
  log="$cache.build.log"
  if [ -f "$stamp" ] && [ -f "$so" ] && [ "$(md5sum <"$so")" = "$(cat "$stamp")" ]; then
    echo "$version"
    return 0
  fi
  ensure_packages "${UUIDX_CITUS_BUILD_PACKAGES[@]}" >&2 || return 1
  if grep -q '^#define HAVE_LIBCURL 1' "$("$pg_config" --includedir-server)/pg_config.h"; then
    ensure_packages libcurl4-openssl-dev >&2 || return 1
    conf=() link=(LDFLAGS_SL=-lcurl)
  fi
  start=$(date +%s)
  (
    set -e
    if [ ! -f "$cache/.uuidx-built" ]; then
      rm -rf "$cache" && mkdir -p "$cache"
      tar xzf "$UUIDX_VENDOR_DIR/citus-$version.tar.gz" -C "$cache" --strip-components=1
      cd "$cache"
      # 15.20 exports have_createdb_privilege(), of which Citus 13 defines a static copy before 16:
      # rename Citus's copy (only where the server's headers declare it).
      if [ "$major" -lt 16 ] && grep -q have_createdb_privilege "$("$pg_config" --includedir-server)/commands/dbcommands.h" &&
         grep -q '^have_createdb_privilege(void)' src/include/pg_version_compat.h; then
        sed -i '/^have_createdb_privilege(void)/i #define have_createdb_privilege citus_have_createdb_privilege' \
          src/include/pg_version_compat.h
        echo "renamed Citus's have_createdb_privilege for $("$pg_config" --version)"
      fi
      # --without-libcurl: else Citus compiles in usage statistics that reach out. A server built
      # with libcurl (Debian's 18) has HAVE_LIBCURL, which Citus's sources read whatever configure
      # says: then link -lcurl (statistics stay off by default). No JIT bitcode: never inlined.
      ./configure PG_CONFIG="$pg_config" CFLAGS="$UUIDX_CITUS_CFLAGS" "${conf[@]}"
      make -j"$(($(nproc) + 1))" with_llvm=no "${link[@]}"
      touch .uuidx-built
    fi
    cd "$cache"
    make install with_llvm=no
    md5sum <"$so" >"$stamp"
  ) >"$log" 2>&1 || { tail -n 30 "$log" >&2; echo "Citus $version: build or install against $("$pg_config" --version) failed (log: $log)" >&2; return 1; }
  echo "Citus $version built/installed for $("$pg_config" --version) in $(($(date +%s) - start)) s (cache $cache)" >&2
  echo "$version"
}
