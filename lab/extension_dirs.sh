# extension_dirs.sh: what the TAP test of extension directories (test/t/015_extension_dirs.pl)
# takes from the lab, on the majors whose extras in lab/matrix name "image" (18 and later have
# extension_control_path). Source it, then
#   extension_dirs_prepare PG_CONFIG BUILD_DIR WORK   # makes everything below; on success
#                                                     # EXTENSION_DIRS_ENV holds the VAR=VALUE
#                                                     # words that name it to the test
#   extension_dirs_remove                             # deletes WORK and the server's copy
# WORK (made readable by the test user) then holds, for this major:
#   now/extension   the directory release/extension_image.sh lays out from BUILD_DIR's make install
#   now/oci         the release's image of this major (its OCI archive, written into the release
#                   directory for `make release` and suite 72_release to take, unpacked here)
#   now/archive.digest, now.digest   the digest the release recorded, and the one the build printed
#   next/extension, next/oci, next.digest   the same from a newer build: the same sources with
#                   another version string in the magic block (only module.cpp recompiles)
#   again.digest    the digest of the image release/image.sh builds of the same commit, as `make
#                   release` does: another directory, a build of its own (reproducibility)
#   now/metadata.json   what CloudNativePG's catalogue records of the image (the release's .json)
# and the server is a copy of the installation without uuidx (lab/variant.sh), so that nothing can
# come from $system or $libdir. Its output goes to WORK/prepare.log.

source "$(dirname "${BASH_SOURCE[0]}")/variant.sh"
source "$(dirname "${BASH_SOURCE[0]}")/deps.sh"
source "$(dirname "${BASH_SOURCE[0]}")/../release/artefacts.sh"

EXTENSION_DIRS_WORK=""
EXTENSION_DIRS_BIN=""
EXTENSION_DIRS_ENV=()

extension_dirs_prepare() {
  EXTENSION_DIRS_WORK=$3
  mkdir -p "$3" && chmod 755 "$3" || return 1
  _extension_dirs_prepare "$@" >"$3/prepare.log" 2>&1 || { cat "$3/prepare.log"; return 1; }
}

_extension_dirs_prepare() {
  local pg_config=$1 tree=$2 work=$3 top major version next_version dist_version commit release tag archive
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  ensure_packages umoci python3 || return 1
  major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
  version=$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")
  next_version="$version-rebuilt"
  dist_version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$top/META.json") || return 1
  commit=$(bash "$top/release/worktree_commit.sh") && release=$(release_dir "$commit") || return 1
  tag="$dist_version-pg$major"
  archive="$release/uuidx-$dist_version-pg$major-image.tar"

  cp -a "$tree" "$work/next-tree" && touch "$work/next-tree/src/module.cpp" || return 1
  make -C "$work/next-tree" -s -j"$(nproc)" PG_CONFIG="$pg_config" EXTVERSION="$next_version" || return 1
  PG_CONFIG=$pg_config bash "$top/release/extension_image.sh" "$work/now" "$tree" "$release" \
    "$(git -C "$top" rev-parse "$commit^{tree}")" >"$work/now.digest" || return 1
  PG_CONFIG=$pg_config bash "$top/release/extension_image.sh" "$work/next" "$work/next-tree" >"$work/next.digest" || return 1
  rm -rf "$work/next-tree"
  bash "$top/release/image.sh" "$commit" "$work/again" "$major" || return 1
  cp "$work/again/uuidx-$dist_version-pg$major-image.digest" "$work/again.digest" && rm -rf "$work/again" || return 1
  cp "${archive%.tar}.json" "$work/now/metadata.json" || return 1
  # The release's archive, not the layout it was made from, is the image the test checks.
  rm -rf "$work/now/oci" && mkdir "$work/now/oci" && tar -xf "$archive" -C "$work/now/oci" || return 1
  cp "${archive%.tar}.digest" "$work/now/archive.digest" || return 1
  EXTENSION_DIRS_BIN=$(uuidx_server_copy "$pg_config") || return 1
  chmod -R a+rX "$work"
  EXTENSION_DIRS_ENV=(
    UUIDX_EXTENSION_DIRS="$work"
    UUIDX_EXTENSION_TAG="$tag"
    UUIDX_EXTENSION_VERSION="$version"
    UUIDX_EXTENSION_NEXT_VERSION="$next_version"
    UUIDX_BARE_INSTALL="$(dirname "$EXTENSION_DIRS_BIN")"
  )
}

extension_dirs_remove() {
  [ -n "$EXTENSION_DIRS_BIN" ] && uuidx_variant_remove "$EXTENSION_DIRS_BIN"
  [ -n "$EXTENSION_DIRS_WORK" ] && rm -rf "$EXTENSION_DIRS_WORK"
  return 0
}
