# variant.sh: a test build of uuidx (make VAR=1 ...) in a throwaway copy of one server's
# installation, so that the server's own install of uuidx is never replaced. Source it, then
#   bindir=$(uuidx_variant_install /path/to/pg_config NAME UUIDX_FAULT_INJECTION=1 ...)
#   PGBIN=$bindir ... cluster_start ...      # that copy's initdb, pg_ctl, postgres and psql
#   uuidx_variant_remove "$bindir"           # when done
#   bindir=$(uuidx_server_copy /path/to/pg_config)   # the copy alone, without uuidx in it
# The copy, in a temporary root, mirrors the absolute paths of the server's bindir, pkglibdir,
# sharedir and includedir-server: real copies of the programs (PostgreSQL finds its libraries and
# share files from where the executable really is), symlinks to the server's other files but
# uuidx's own, which `make install DESTDIR=<root>` writes. The build is kept in
# build/pg/<bindir>-NAME (rebuilt only where a source changed), its output in that directory's .log.

source "$(dirname "${BASH_SOURCE[0]}")/build.sh"  # uuidx_build_dir

# Every argument after NAME is one make argument (empty ones are left out), so a value may hold
# spaces: CXX="clang++-14 -stdlib=libc++".
uuidx_variant_install() {
  local pg_config=$1 name=$2 dir log root bindir make_args=() arg
  for arg in "${@:3}"; do [ -n "$arg" ] && make_args+=("$arg"); done
  dir=$(uuidx_build_dir "$pg_config" "$name") || return 1
  log="$dir.log"
  make -C "$dir" -s -j"$(nproc)" PG_CONFIG="$pg_config" WERROR=-Werror "${make_args[@]}" >"$log" 2>&1 ||
    { cat "$log" >&2; echo "uuidx: variant build $name failed (log: $log)" >&2; return 1; }

  bindir=$(uuidx_server_copy "$pg_config") || return 1
  root=${bindir%"$("$pg_config" --bindir)"}
  if ! make -C "$dir" -s PG_CONFIG="$pg_config" "${make_args[@]}" DESTDIR="$root" install >>"$log" 2>&1; then
    cat "$log" >&2
    rm -rf "$root"
    return 1
  fi
  echo "$bindir"
}

# A throwaway copy of the server's installation without uuidx's files (see above); prints its
# bindir. uuidx_variant_remove deletes it.
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
  # The server's uuidx files are symlinks in the copy: remove them, so that make install writes
  # new files instead of writing through a link into the real installation.
  rm -f "$root$pkglibdir"/uuidx.so "$root$sharedir"/extension/uuidx.control "$root$sharedir"/extension/uuidx--*.sql
  chmod -R a+rX "$root"
  echo "$root$bindir"
}

# Deletes the copy made by uuidx_variant_install (given its bindir).
uuidx_variant_remove() {
  local root
  root=$(sed -E 's|^(/tmp/uuidx-variant\.[A-Za-z0-9]+)/.*|\1|' <<<"$1")
  [[ $root == /tmp/uuidx-variant.* ]] && rm -rf "$root"
}
