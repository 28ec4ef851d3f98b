#!/usr/bin/env bash
# packages: umoci
# uuidx from an extension directory, PostgreSQL 18 and later: the server finds the control file
# and the scripts through extension_control_path and the library through dynamic_library_path,
# set as CloudNativePG sets them for an extension image it mounts (docs/cloudnativepg.md). The
# server is a copy of the installation without uuidx (lab/variant.sh): nothing can come from
# $system or $libdir. Two sources, each given the same checks:
#   dir    the directory release/extension_image.sh lays out from `make install`;
#   image  the OCI image it builds from that directory with umoci (FROM scratch), unpacked as an
#          image volume presents it (its root filesystem: umoci raw unpack); digest printed. It is
#          the release's image of this major: written as its OCI archive into the release
#          directory (release/artefacts.sh), for `make release` and suite 72_release to take
#          instead of building it again; the archive is unpacked and checked, not the layout.
# Checks: listed by pg_available_extensions; CREATE EXTENSION .. VERSION '1.0', ALTER EXTENSION
# .. UPDATE to 1.1; the functions' '$libdir/uuidx' (the control file's module_pathname, unchanged:
# 18 drops a leading '$libdir/' and searches dynamic_library_path) loads the directory's library;
# a minor switch without pg_upgrade: the directory replaced by a newer build (its magic block's
# version string told apart), new sessions load the new library; preloaded by name
# (shared_preload_libraries = 'uuidx', with uuidx.v7_scope = 'server', which needs it), the
# postmaster keeps the library it started with until a restart ('$libdir/uuidx' there is not
# found); then, the image mounted again, the whole regression suite (pg_regress, the Makefile's
# REGRESS) against it. Majors before 18 have no extension_control_path: skipped with a line saying
# so.
set -u
cd "$(dirname "$0")/../.."
pg_config=${PG_CONFIG:-pg_config}
major=${UUIDX_PG_MAJOR:-$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')}
if [ "$major" -lt 18 ]; then
  echo "SKIP  extension directories: PostgreSQL $major has no extension_control_path (added in 18)"
  echo "SUITE_RESULT passed=0 failed=0 skipped=1"
  exit 0
fi
source lab/deps.sh
source lab/variant.sh
ensure_packages umoci python3 || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }

# ---- the builds: this major's (the test command's, or made here) and a newer one, the same
# sources with another version string in the magic block (only module.cpp recompiles).
tree=${UUIDX_BUILD_DIR:-}
if [ -z "$tree" ]; then
  tree=$(uuidx_build_dir "$pg_config") && make -C "$tree" -s -j"$(nproc)" PG_CONFIG="$pg_config" >/dev/null ||
    { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
fi
version=$(sed -n 's/^EXTVERSION *= *//p' Makefile)
next_version="$version-rebuilt"
source release/artefacts.sh
commit=$(bash release/worktree_commit.sh) && release=$(release_dir "$commit") ||
  { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
dist_version=$(python3 -c 'import json; print(json.load(open("META.json"))["version"])')
work=$(mktemp -d /tmp/uuidx-extdirs.XXXXXX)
chmod 755 "$work"
bin=""
cleanup() {
  cluster_stop 2>/dev/null
  [ -n "$bin" ] && uuidx_variant_remove "$bin"
  rm -rf "$work"
}
trap cleanup EXIT
cp -a "$tree" "$work/next-tree"
touch "$work/next-tree/src/pg/module.cpp"
make -C "$work/next-tree" -s -j"$(nproc)" PG_CONFIG="$pg_config" EXTVERSION="$next_version" >"$work/next.log" 2>&1 ||
  { cat "$work/next.log"; echo "SUITE_RESULT passed=0 failed=1"; exit 1; }

bin=$(uuidx_server_copy "$pg_config") || { echo "SUITE_RESULT passed=0 failed=1"; exit 1; }
PGBIN=$bin
source test/lib/cluster.sh
source test/lib/generation.sh
copy_root=${bin%"$("$pg_config" --bindir)"}
check_true "the server: a copy of $("$pg_config" --version) without uuidx in \$libdir or \$system" \
  "$([ ! -e "$copy_root$("$pg_config" --pkglibdir)/uuidx.so" ] && [ ! -e "$copy_root$("$pg_config" --sharedir)/extension/uuidx.control" ] && echo t)" \
  "$copy_root"

# ---- both builds as directories and images
tag="$dist_version-pg$major"
archive="$release/uuidx-$dist_version-pg$major-image.tar"
for b in now next; do
  src=$tree
  as_release=()
  [ $b = next ] && src="$work/next-tree"
  [ $b = now ] && as_release=("$release" "$(git rev-parse "$commit^{tree}")")
  PG_CONFIG=$pg_config bash release/extension_image.sh "$work/$b" "$src" "${as_release[@]}" >"$work/$b.digest" 2>"$work/$b.log" ||
    { cat "$work/$b.log"; check_true "extension_image.sh ($b build)" f "see above"; }
done
# The release's archive holds this layout: unpacked, it is the image checked below.
rm -rf "$work/now/oci"
mkdir "$work/now/oci"
tar -xf "$archive" -C "$work/now/oci"
check_true "the release's image archive $(basename "$archive"): its digest file, the manifest of tag $tag" \
  "$([ "$(cat "${archive%.tar}.digest")" = "$(tail -n 1 "$work/now.digest")" ] &&
     python3 -c 'import json, sys; sys.exit(0 if any(m["digest"] == sys.argv[2] and m["annotations"]["org.opencontainers.image.ref.name"] == sys.argv[3] for m in json.load(open(sys.argv[1]))["manifests"]) else 1)' \
       "$work/now/oci/index.json" "$(tail -n 1 "$work/now.digest")" "$tag" && echo t)" \
  "$(ls -l "$archive" 2>&1 | awk '{print $5, "bytes"}'), digest $(cat "${archive%.tar}.digest" 2>&1)"
declare -A digest=([now]=$(tail -n 1 "$work/now.digest") [next]=$(tail -n 1 "$work/next.digest"))
files=$(cd "$work/now/extension" && find . -type f | sort | tr '\n' ' ')
check_true "extension directory from make install: lib/ and share/extension/" \
  "$([ "$files" = "./lib/uuidx.so ./share/extension/uuidx--1.0--1.1.sql ./share/extension/uuidx--1.0.sql ./share/extension/uuidx--1.1.sql ./share/extension/uuidx.control " ] && echo t)" \
  "$files"
# The image's manifest: one layer, no entrypoint (nothing runs from it); its files those of the directory.
manifest=$(python3 - "$work/now/oci" "${digest[now]}" <<'PY'
import json, sys
blob = lambda d: json.load(open(f"{sys.argv[1]}/blobs/{d.replace(':', '/')}"))
m = blob(sys.argv[2])
c = blob(m["config"]["digest"])
print(len(m["layers"]), c["os"], c["architecture"], c.get("config", {}).get("Entrypoint"), c.get("config", {}).get("Cmd"))
PY
)
mkdir -p "$work/unpacked"
umoci raw unpack --rootless --image "$work/now/oci:$tag" "$work/unpacked/now" >"$work/unpack.log" 2>&1
same=$(cd "$work/now/extension" && find . -type f | sort | while read -r f; do cmp -s "$f" "$work/unpacked/now/$f" && echo "$f"; done | wc -l)
echo "      image uuidx:$tag ${digest[now]} (umoci $(umoci --version | head -n 1 | awk '{print $3}')); newer build ${digest[next]}"
check_true "OCI image FROM scratch: one layer, no entrypoint, the directory's files and only those" \
  "$([ "$manifest" = "1 linux $(dpkg --print-architecture) None None" ] &&
     [ "$same" = 5 ] && [ "$(cd "$work/unpacked/now" && find . -type f | wc -l)" = 5 ] && echo t)" \
  "layers, os, architecture, entrypoint, cmd: $manifest; $same of 5 files identical after umoci raw unpack, digest ${digest[now]}"

# provide SOURCE BUILD DEST: DEST made from the build's directory (dir) or image (image).
provide() {
  case $1 in
    dir) cp -a "$work/$2/extension" "$3" ;;
    image) umoci raw unpack --rootless --image "$work/$2/oci:$tag" "$3" >>"$work/unpack.log" 2>&1 ;;
  esac
  chmod -R a-w "$3"  # read-only, as mounted
}
# switch_to SOURCE BUILD MNT: the new tree put in place by renames, as a new mount replaces the
# old (the library a process has mapped stays intact; writing over it would not).
switch_to() {
  rm -rf "$3.next" "$3.old"
  provide "$1" "$2" "$3.next" && mv "$3" "$3.old" && mv "$3.next" "$3"
}
# The uuidx library a new session loads: its magic block's version and the file mapped.
loaded() {
  cluster_psql -At -F ' ' -c "SELECT uuid_generate_v7() IS NOT NULL" -c "
    SELECT (SELECT version FROM pg_get_loaded_modules() WHERE module_name = 'uuidx'),
           (SELECT string_agg(DISTINCT substring(l FROM '(/\S*uuidx\.so)'), ',')
            FROM regexp_split_to_table(pg_read_file('/proc/self/maps'), E'\n') l WHERE l ~ 'uuidx\.so')" 2>&1 | tail -n 1
}

checks() {
  local src=$1 mnt="$work/$1/extensions/uuidx" out pm
  mkdir -p "$work/$src/extensions"
  provide "$src" now "$mnt"
  cluster_start "extension_control_path = '\$system:$mnt/share'" "dynamic_library_path = '\$libdir:$mnt/lib'" ||
    { check_true "$src: server started" f ""; return; }
  echo "      $src: extension_control_path = '\$system:$mnt/share', dynamic_library_path = '\$libdir:$mnt/lib'"
  check_sql "$src: listed by pg_available_extensions, versions 1.0 and 1.1" "
    SELECT default_version = '$version' AND vs = '1.0 1.1', format('default %s, versions %s', default_version, vs)
    FROM pg_available_extensions,
         LATERAL (SELECT string_agg(version, ' ' ORDER BY version) vs FROM pg_available_extension_versions WHERE name = 'uuidx') v
    WHERE name = 'uuidx'"
  out=$(cluster_psql -At -c "CREATE EXTENSION uuidx VERSION '1.0'" -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'" \
    -c "SELECT uuid_extract_version(uuid_generate_v7())" -c "ALTER EXTENSION uuidx UPDATE" \
    -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'" -c "SELECT uuid_v7_floor(now()) <= uuid_generate_v7()" 2>&1 | tr '\n' ' ')
  check_true "$src: CREATE EXTENSION uuidx VERSION '1.0', a call, ALTER EXTENSION uuidx UPDATE, a 1.1 function" \
    "$([ "$out" = "1.0 7 $version t " ] && echo t)" "extversion, v7 call, extversion after UPDATE, uuid_v7_floor: $out"
  out=$(loaded)
  check_sql "$src: '\$libdir/uuidx' in pg_proc, resolved through dynamic_library_path" "
    SELECT count(*) > 0 AND bool_and(probin = '\$libdir/uuidx'), format('%s C functions, probin %s', count(*), min(probin))
    FROM pg_proc WHERE prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')
      AND oid IN (SELECT objid FROM pg_depend WHERE refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx') AND deptype = 'e')"
  check_true "$src: a new session loads the directory's library" "$([ "$out" = "$version $mnt/lib/uuidx.so" ] && echo t)" \
    "magic block version, file mapped: $out"

  switch_to "$src" next "$mnt"
  out=$(loaded)
  check_true "$src: directory replaced by the newer build: new sessions load it, no ALTER EXTENSION" \
    "$([ "$out" = "$next_version $mnt/lib/uuidx.so" ] &&
       [ "$(cluster_psql -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'")" = "$version" ] && echo t)" \
    "magic block version, file mapped: $out"

  printf "shared_preload_libraries = 'uuidx'\nuuidx.v7_scope = 'server'\n" >>"$CLUSTER_DIR/data/postgresql.conf"
  cluster_restart || { check_true "$src: restart with uuidx preloaded" f "$(tail -n 5 "$CLUSTER_DIR/server.log")"; cluster_stop; return; }
  pm=$(head -n 1 "$CLUSTER_DIR/data/postmaster.pid")
  out=$(cluster_psql -At -c "SHOW uuidx.v7_scope" -c "SELECT uuid_extract_version(uuid_generate_v7())" 2>&1 | tr '\n' ' ')
  check_true "$src: shared_preload_libraries = 'uuidx' found through dynamic_library_path" \
    "$(grep -q " $mnt/lib/uuidx\.so$" "/proc/$pm/maps" && [ "$out" = "server 7 " ] && echo t)" \
    "postmaster maps $(grep -m 1 -o '/[^ ]*/uuidx\.so' "/proc/$pm/maps"); v7_scope and a server-scope v7: $out"

  # A preload names the library bare: '$libdir/uuidx' there is the server's own directory only
  # (18 drops the prefix for functions' libraries, not for shared_preload_libraries).
  if [ "$src" = dir ]; then
    sed -i "s|^shared_preload_libraries = 'uuidx'|shared_preload_libraries = '\$libdir/uuidx'|" "$CLUSTER_DIR/data/postgresql.conf"
    cluster_restart 2>/dev/null && out=started || out=$(grep -m 1 -o 'could not access file "[^"]*"' "$CLUSTER_DIR/server.log")
    check_true "$src: shared_preload_libraries = '\$libdir/uuidx' is not looked up in dynamic_library_path" \
      "$([ "$out" = 'could not access file "$libdir/uuidx"' ] && echo t)" "the server: $out"
    sed -i "s|^shared_preload_libraries = .*|shared_preload_libraries = 'uuidx'|" "$CLUSTER_DIR/data/postgresql.conf"
    cluster_restart || { check_true "$src: restart with 'uuidx' preloaded again" f ""; cluster_stop; return; }
  fi

  switch_to "$src" now "$mnt"
  out=$(loaded)
  check_true "$src: preloaded: after a switch new sessions keep the postmaster's library" \
    "$([ "${out%% *}" = "$next_version" ] && echo t)" "magic block version, file mapped: $out"
  cluster_restart
  out=$(loaded)
  check_true "$src: ... and load the new one after a restart" "$([ "$out" = "$version $mnt/lib/uuidx.so" ] && echo t)" \
    "magic block version, file mapped: $out"
  check_true "$src: server log" "$(cluster_log_has_crash || echo t)" "no crashed backend"
  cluster_stop
}

# regress_image: the image mounted as in checks, the whole pg_regress suite against it.
regress_image() {
  local mnt="$work/regress/extensions/uuidx" out="$work/regress/out" pg_regress rc ok bad
  mkdir -p "$out" "$(dirname "$mnt")"
  provide image now "$mnt"
  cluster_start "extension_control_path = '\$system:$mnt/share'" "dynamic_library_path = '\$libdir:$mnt/lib'" ||
    { check_true "image: server started for the regression suite" f ""; return; }
  pg_regress="$(dirname "$("$pg_config" --pgxs)")/../test/regress/pg_regress"
  "$pg_regress" --inputdir=. --outputdir="$out" --bindir="$PGBIN" --host="$PGHOST" --port="$PGPORT" \
    --user=postgres $(make -s --no-print-directory print-regress-opts) \
    $(make -s --no-print-directory print-regress) >"$out/pg_regress.log" 2>&1
  rc=$?
  ok=$(grep -cE '^(ok|test) .* ok( |$)|^ok [0-9]+ ' "$out/pg_regress.log")
  bad=$(grep -cE ' FAILED( |$)|^not ok ' "$out/pg_regress.log")
  check_true "image: the regression suite (pg_regress, REGRESS) with uuidx from the mounted image" \
    "$([ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ok" -gt 0 ] && echo t)" "$ok passed, $bad failed"
  if [ "$rc" != 0 ]; then
    grep -E ' FAILED( |$)|^not ok ' "$out/pg_regress.log"
    [ -f "$out/regression.diffs" ] && head -n 80 "$out/regression.diffs"
  fi
  check_true "image: server log after the regression suite" "$(cluster_log_has_crash || echo t)" "no crashed backend"
  cluster_stop
}

checks dir
checks image
regress_image
echo "SUITE_RESULT passed=$passed failed=$failed"
