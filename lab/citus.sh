# citus.sh: Citus for the TAP test test/t/016_citus.pl, built from the unmodified upstream
# tarballs in $UUIDX_VENDOR_DIR (lab/vendor.sh: ../shared/vendor; Citus is not packaged for
# bookworm) and installed into the server under test. Source it after deps.sh, then:
#   citus_matrix_version MAJOR     # the VERSION of citus-VERSION in MAJOR's extras (lab/matrix),
#                                  # or fails: the majors Citus is tested on
#   citus_version_for MAJOR        # prints the Citus version whose tarball fits MAJOR (or fails)
#   citus_provide PG_CONFIG        # builds (once, cached) and installs Citus into that server
# Messages go to stderr; the build log is <cache>.build.log.

source "$(dirname "${BASH_SOURCE[0]}")/vendor.sh"
UUIDX_CITUS_CACHE=${UUIDX_CITUS_CACHE:-${UUIDX_PG_CACHE:-/var/cache/uuidx}}
# What building Citus needs on bookworm and in the roots (no libcurl: see citus_provide); the
# server headers of 18 include ICU's (utils/pg_locale.h), which sid's postgresql-server-dev-18
# does not pull in.
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

# Builds Citus for the server of PG_CONFIG into a cache outside the checkout (keyed by version,
# major and that pg_config's path, since Citus installs into that server's directories) and
# installs it. A stamp records the md5 of the citus.so installed; a rerun whose installed
# citus.so still matches does nothing, one whose server lost it reinstalls from the cache.
# Callers wait for one another (the harness builds ahead in the background, lab/ahead.sh).
citus_provide() {
  local pg_config=$1 major version cache
  major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
  version=$(citus_version_for "$major") || { echo "no Citus tarball for PostgreSQL $major in $UUIDX_VENDOR_DIR" >&2; return 1; }
  cache="$UUIDX_CITUS_CACHE/citus-$version-pg$major-$(echo "$pg_config" | md5sum | cut -c1-8)"
  # (In the sid root nothing else has made the cache: its majors are packaged, none is built.)
  mkdir -p "$UUIDX_CITUS_CACHE" || return 1
  with_lock "$cache.lock" _citus_provide_locked "$pg_config" "$major" "$version" "$cache"
}
_citus_provide_locked() {
  local pg_config=$1 major=$2 version=$3 cache=$4 stamp so log start
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
  fi
  start=$(date +%s)
  (
    set -e
    if [ ! -f "$cache/.uuidx-built" ]; then
      rm -rf "$cache" && mkdir -p "$cache"
      tar xzf "$UUIDX_VENDOR_DIR/citus-$version.tar.gz" -C "$cache" --strip-components=1
      cd "$cache"
      # PostgreSQL 15.20 exports have_createdb_privilege() from commands/dbcommands.h, and
      # Citus 13's pg_version_compat.h defines a static inline copy of it for servers before 16
      # ("static declaration follows non-static declaration"): give Citus's copy another name
      # (only in this unpacked tree; a no-op on servers whose headers do not declare it).
      if [ "$major" -lt 16 ] && grep -q have_createdb_privilege "$("$pg_config" --includedir-server)/commands/dbcommands.h" &&
         grep -q '^have_createdb_privilege(void)' src/include/pg_version_compat.h; then
        sed -i '/^have_createdb_privilege(void)/i #define have_createdb_privilege citus_have_createdb_privilege' \
          src/include/pg_version_compat.h
        echo "renamed Citus's have_createdb_privilege for $("$pg_config" --version)"
      fi
      # --without-libcurl: with it Citus compiles in usage statistics that try to reach its servers
      # (the tests connect to 127.0.0.1 only). A server built with libcurl (Debian's 18: OAuth)
      # defines HAVE_LIBCURL in its pg_config.h, which Citus's sources read whatever configure
      # says: there Citus links libcurl (-lcurl after the objects) and the statistics stay off (their
      # default). -O0 and no JIT bitcode: the tests time nothing of Citus and never JIT-inline it.
      if grep -q '^#define HAVE_LIBCURL 1' "$("$pg_config" --includedir-server)/pg_config.h"; then
        ./configure PG_CONFIG="$pg_config" CFLAGS="$UUIDX_CITUS_CFLAGS"
        make -j"$(($(nproc) + 1))" with_llvm=no LDFLAGS_SL=-lcurl
      else
        ./configure PG_CONFIG="$pg_config" CFLAGS="$UUIDX_CITUS_CFLAGS" --without-libcurl
        make -j"$(($(nproc) + 1))" with_llvm=no
      fi
      touch .uuidx-built
    fi
    cd "$cache"
    make install with_llvm=no
    md5sum <"$so" >"$stamp"
  ) >"$log" 2>&1 || { tail -n 30 "$log" >&2; echo "Citus $version: build or install against $("$pg_config" --version) failed (log: $log)" >&2; return 1; }
  echo "Citus $version built/installed for $("$pg_config" --version) in $(($(date +%s) - start)) s (cache $cache)" >&2
  echo "$version"
}
