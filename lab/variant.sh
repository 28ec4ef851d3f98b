# variant.sh: a test build of uuidx (make VAR=1 ...) in a throwaway copy of one server's install,
# never replacing the server's own: `bindir=$(uuidx_variant_install PG_CONFIG NAME VAR=1 ...)`, then
# PGBIN=$bindir, then `uuidx_variant_remove "$bindir"`; uuidx_server_copy PG_CONFIG: the copy alone.
# The copy mirrors the server's absolute paths in a temporary root: real copies of the programs
# (PostgreSQL finds its files from where the executable really is), symlinks for the rest.
# The build is kept in build/pg/<bindir>-NAME, its output in that directory's .log.

source "$(dirname "${BASH_SOURCE[0]}")/build.sh"  # uuidx_build_dir

# Each argument after NAME is one make argument (empty ones left out): values may hold spaces.
uuidx_variant_install() {
  local pg_config=$1 name=$2 dir log root bindir make_args=() arg
  for arg in "${@:3}"; do [ -n "$arg" ] && make_args+=("$arg"); done
  dir=$(uuidx_build_dir "$pg_config" "$name") || return 1
  log="$dir.log"
  make -C "$dir" -s -j"$(nproc)" PG_CONFIG="$pg_config" WERROR=-Werror "${make_args[@]}" >"$log" 2>&1 ||
    { cat "$log" >&2; echo "uuidx: variant build $name failed (log: $log)" >&2; return 1; }

  bindir=$(uuidx_server_copy "$pg_config") || return 1
  root=${bindir%"$("$pg_config" --bindir)"}
  make -C "$dir" -s PG_CONFIG="$pg_config" "${make_args[@]}" DESTDIR="$root" install >>"$log" 2>&1 ||
    { cat "$log" >&2; rm -rf "$root"; return 1; }
  echo "$bindir"
}

uuidx_server_copy() {
  local pg_config=$1 root bindir pkglibdir sharedir incdir
  bindir=$("$pg_config" --bindir)
  pkglibdir=$("$pg_config" --pkglibdir)
  sharedir=$("$pg_config" --sharedir)
  incdir=$("$pg_config" --includedir-server)  # for what a caller compiles against the copy
  root=$(mktemp -d /tmp/uuidx-variant.XXXXXX) || return 1
  chmod 755 "$root"
  mkdir -p "$root$bindir" "$root$pkglibdir" "$root$sharedir" "$root$incdir"
  cp -a "$bindir/." "$root$bindir/"
  cp -as "$pkglibdir/." "$root$pkglibdir/"
  cp -as "$sharedir/." "$root$sharedir/"
  cp -as "$incdir/." "$root$incdir/"
  # So that make install does not write through a link into the real installation.
  rm -f "$root$pkglibdir"/uuidx.so "$root$sharedir"/extension/uuidx.control "$root$sharedir"/extension/uuidx--*.sql
  chmod -R a+rX "$root"
  echo "$root$bindir"
}

uuidx_variant_remove() {
  local root
  root=$(sed -E 's|^(/tmp/uuidx-variant\.[A-Za-z0-9]+)/.*|\1|' <<<"$1")
  [[ $root == /tmp/uuidx-variant.* ]] && rm -rf "$root"
}
