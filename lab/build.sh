# build.sh: builds and installs uuidx for one PostgreSQL install. Source it, then
#   uuidx_build_install /path/to/pg_config    # prints the build directory
#   uuidx_build_dir /path/to/pg_config [SUFFIX]   # the build directory, sources copied in
# Each server gets its own build directory, build/pg/<bindir>, filled with a copy of the sources
# (tar keeps their times, so a rebuild recompiles only what changed): builds for several majors
# live side by side and the checkout itself stays free of objects. Build output goes to
# <build dir>.log; on failure it is printed to stderr.

uuidx_build_path() {  # PG_CONFIG [SUFFIX]: that directory's path only
  local top
  top=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  # Inside a Debian root (lab/root.sh) the same bindir is another server, built by another
  # compiler: its builds go to build/pg-<root>.
  echo "$top/build/pg${UUIDX_ROOT:+-$UUIDX_ROOT}/$("$1" --bindir | tr -c 'A-Za-z0-9.\n' '_')${2:+-$2}"
}

# uuidx_build_dir PG_CONFIG [SUFFIX]: prints build/pg/<bindir>[-SUFFIX] after copying the tree's
# sources into it. Only the files a release holds come along, no objects or results of another
# build; sources from an earlier copy go first, so a file removed from the tree is not built from
# a stale copy, and its object goes after the copy.
uuidx_build_dir() {
  local pg_config=$1 top dir
  top=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  dir=$(uuidx_build_path "$@")
  mkdir -p "$dir"
  [ -d "$dir/src" ] && find "$dir/src" "$dir/sql" -type f ! -name '*.o' ! -name '*.d' ! -name '*.list' -delete
  rm -rf "$dir"/uuidx--*.sql "$dir/test" "$dir/expected"
  # With the sources, the tests PGXS's targets run from the build directory (pg_regress, TAP,
  # isolation), as a source archive holds them.
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
