# extension_dirs.sh: the lab's part of test/t/015_extension_dirs.pl (majors whose lab/matrix extras
# name "image"). extension_dirs_prepare PG_CONFIG BUILD_DIR WORK sets EXTENSION_DIRS_ENV (VAR=VALUE
# words for the test); extension_dirs_remove deletes it all. WORK holds now/{extension,oci} (the
# layout from BUILD_DIR and the release's image, unpacked), now/archive.digest and now.digest (as
# recorded and as built), next/* and next.digest (the same sources, another version string),
# again.digest (release/image.sh's own build: reproducibility), now/metadata.json (the release's
# .json). The server is a copy without uuidx (lab/variant.sh): nothing comes from $system or
# $libdir. Output goes to WORK/prepare.log.

source "$(dirname "${BASH_SOURCE[0]}")/variant.sh"
source "$(dirname "${BASH_SOURCE[0]}")/deps.sh"
source "$(dirname "${BASH_SOURCE[0]}")/../release/artefacts.sh"

EXTENSION_DIRS_WORK="" EXTENSION_DIRS_BIN="" EXTENSION_DIRS_ENV=()

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
