# pgtle.sh: `bindir=$(pgtle_server_copy PG_CONFIG [BUILD_DIR])`: a copy of the server without
# uuidx (lab/variant.sh) with vendored pg_tle, so a TLE named uuidx can be registered (pg_tle refuses
# a name with a control file); BUILD_DIR's C build installed too when given. Build kept in
# build/pg/<bindir>-pg_tle.
source "$(dirname "${BASH_SOURCE[0]}")/vendor.sh"
source "$(dirname "${BASH_SOURCE[0]}")/variant.sh"

pgtle_server_copy() {
  local pg_config=$1 uuidx_build=${2:-} tarball sum dir bindir root
  tarball=$(cd "$UUIDX_VENDOR_DIR" 2>/dev/null && ls pg_tle-*.tar.gz 2>/dev/null | tail -n 1)
  tarball=$(vendor_file "${tarball:-pg_tle-*.tar.gz}") || return 1
  dir=$(uuidx_build_path "$pg_config" pg_tle)
  sum=$(sha256sum "$tarball" | cut -d' ' -f1)  # the build's source, by content (no path of this machine)
  if [ ! -f "$dir/pg_tle.so" ] || [ "$(cat "$dir/.tarball" 2>/dev/null)" != "$sum" ]; then
    rm -rf "$dir" && mkdir -p "$dir" &&
      tar -xzf "$tarball" -C "$dir" --strip-components=1 && echo "$sum" >"$dir/.tarball" || return 1
    make -C "$dir" -s -j"$(nproc)" PG_CONFIG="$pg_config" >"$dir.log" 2>&1 ||
      { tail -n 20 "$dir.log" >&2; echo "uuidx: pg_tle did not build for $("$pg_config" --version) (log: $dir.log)" >&2; return 1; }
  fi
  bindir=$(uuidx_server_copy "$pg_config") || return 1
  root=${bindir%"$("$pg_config" --bindir)"}
  make -C "$dir" -s PG_CONFIG="$pg_config" DESTDIR="$root" install >>"$dir.log" 2>&1 ||
    { uuidx_variant_remove "$bindir"; echo "uuidx: pg_tle did not install (log: $dir.log)" >&2; return 1; }
  [ -z "$uuidx_build" ] || make -C "$uuidx_build" -s PG_CONFIG="$pg_config" DESTDIR="$root" install >>"$dir.log" 2>&1 ||
    { uuidx_variant_remove "$bindir"; echo "uuidx: the C build did not install beside pg_tle (log: $dir.log)" >&2; return 1; }
  chmod -R a+rX "$root"
  echo "$bindir"
}
