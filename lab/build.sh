# build.sh: `uuidx_build_install PG_CONFIG` builds and installs uuidx, printing the build directory,
# build/pg/<bindir>: a copy of the sources per server (tar keeps times, so rebuilds are
# incremental), keeping the checkout free of objects. Output goes to <dir>.log, to stderr on failure.

uuidx_build_path() {  # PG_CONFIG [SUFFIX]: that directory's path only
  local top
  top=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  # In a root (lab/root.sh) the same bindir is another server: build/pg-<root>.
  echo "$top/build/pg${UUIDX_ROOT:+-$UUIDX_ROOT}/$("$1" --bindir | tr -c 'A-Za-z0-9.\n' '_')${2:+-$2}"
}

# uuidx_build_dir PG_CONFIG [SUFFIX]: prints the directory after copying the release's files in;
# an earlier copy's sources go first, so a file removed from the tree is not built stale.
uuidx_build_dir() {
  local pg_config=$1 top dir
  top=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  dir=$(uuidx_build_path "$@")
  mkdir -p "$dir"
  [ -d "$dir/src" ] && find "$dir/src" "$dir/sql" -type f ! -name '*.o' ! -name '*.d' ! -name '*.list' -delete
  rm -rf "$dir"/uuidx--*.sql "$dir/test" "$dir/expected"
  # With the tests PGXS's targets run from there, as a source archive holds them.
  (cd "$top" && git ls-files -co --exclude-standard -- Makefile uuidx.control 'uuidx--*.sql' src sql expected test |
    tar -cf - -T -) |
    (cd "$dir" && tar -xf -) || return 1
  # The object of a source that was removed or moved is linked by nothing, but suite 16 counts it.
  local o
  while IFS= read -r o; do [ -f "${o%.o}.cpp" ] || rm -f "$o" "${o%.o}.d"; done < <(find "$dir/src" -name '*.o')
  echo "$dir"
}

uuidx_build_install() {
  local pg_config=$1 dir log
  dir=$(uuidx_build_dir "$pg_config") || return 1
  log="$dir.log"
  if make -C "$dir" -s -j"$(nproc)" PG_CONFIG="$pg_config" WERROR=-Werror >"$log" 2>&1 &&
     make -C "$dir" -s PG_CONFIG="$pg_config" install >>"$log" 2>&1; then
    echo "$dir"
  else
    cat "$log" >&2
    echo "uuidx: build or install against $("$pg_config" --version) failed (log: $log)" >&2
    return 1
  fi
}

# uuidx_remove_stale_scripts [EXTENSION_DIR...]: from those directories (by default every server's
# here: Debian's, the lab's builds), the uuidx scripts this tree does not install. An install of
# another version left them (the SQL edition's are named by the version), and
# pg_available_extension_versions would offer them, as no package upgrade would. The tree's own
# are left in place, for a lane running beside. Checked by lab/checks/08_roots.
uuidx_remove_stale_scripts() {
  local top version d f name dirs=("$@")
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  version=$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" "$top/uuidx.control")
  [ $# -gt 0 ] || dirs=(/usr/share/postgresql/*/extension "${UUIDX_PG_CACHE:-/var/cache/uuidx}"/*/share/postgresql/extension)
  for d in "${dirs[@]}"; do
    for f in "$d"/uuidx--*.sql; do
      [ -e "$f" ] || continue
      name=${f##*/}
      # In the tree, or made by the Makefile for the control file's version.
      [[ -e "$top/$name" || $name == "uuidx--$version.sql" || $name == "uuidx--$version-sql.sql" ||
         $name == "uuidx--$version-sql--$version.sql" ]] && continue
      rm -f "$f" && echo "lab: removed $f, a script this tree does not install" >&2
    done
  done
  return 0
}
