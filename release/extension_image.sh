#!/usr/bin/env bash
# extension_image.sh: uuidx as an extension directory (PostgreSQL 18's extension_control_path
# and dynamic_library_path) and as the OCI image CloudNativePG mounts (docs/cloudnativepg.md;
# `make image` runs it on the checkout).
#   bash release/extension_image.sh OUT [TREE [RELEASE_DIR TREE_ID]]   PG_CONFIG=... chooses the server
# TREE (default: the checkout) is a uuidx tree built for that server (make). Writes
#   OUT/extension/lib/uuidx.so
#   OUT/extension/share/extension/uuidx.control, uuidx--*.sql
#     (`make install` into a scratch DESTDIR, its files moved to that layout: Debian's PGXS
#     ignores pkglibdir= on the command line, so the layout cannot come from make variables)
#   OUT/extension/licenses/uuidx/LICENSE, copyright   (uuidx's licence; Debian's copyright file)
#   OUT/oci  an OCI image layout with the tag VERSION-pgMAJOR (VERSION: the distribution version,
#     META.json's): FROM scratch, one layer holding the directory's contents at its root and
#     nothing else (CloudNativePG's image specification), run as the user 65532:65532 (no root),
#     labelled as CloudNativePG's extension catalogue labels its images
#   OUT/metadata.json  what that catalogue records of an extension (catalogue_metadata.py)
# and prints the image's manifest digest. With RELEASE_DIR, also the release's artefacts there:
# NAME-VERSION-pgMAJOR-image.tar (the layout as an OCI archive), .digest and .json (the catalogue's
# metadata), recorded as built from the git tree TREE_ID (release/artefacts.sh, key image-MAJOR).
# Reproducible: every time in the image is SOURCE_DATE_EPOCH (default: the date of
# debian/changelog's latest entry, as for the .debs), so two builds of one commit give one digest
# (docs/install.md, "Reproducible builds"). umoci builds the image without a daemon or privilege.
# Publish it with skopeo: skopeo copy oci:OUT/oci:TAG docker://REGISTRY/uuidx:TAG
set -euo pipefail
out=${1:?usage: extension_image.sh OUT [TREE]}
checkout=$(cd "$(dirname "$0")/.." && pwd)
tree=${2:-$checkout}
release=${3:-}
tree_id=${4:-}
pg_config=${PG_CONFIG:-pg_config}
for tool in umoci python3; do
  command -v "$tool" >/dev/null || { echo "extension_image: $tool is needed (apt-get install $tool)" >&2; exit 1; }
done
major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
# A build tree of the tests holds the sources only: META.json then comes from the checkout.
meta=$tree/META.json
[ -f "$meta" ] || meta=$checkout/META.json
top=$(dirname "$meta")
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  stamp=$(sed -n 's/^ -- .*>  //p' "$top/debian/changelog" | head -n 1)
  SOURCE_DATE_EPOCH=$(date -u -d "$stamp" +%s) || { echo "extension_image: no date in $top/debian/changelog" >&2; exit 1; }
fi
created=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ)
read -r name version < <(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(m["name"], m["version"])' "$meta")
tag="$version-pg$major"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---- the extension directory
make -C "$tree" -s PG_CONFIG="$pg_config" DESTDIR="$work/stage" install >&2
ext="$out/extension"
rm -rf "$ext" "$out/oci" "$out/metadata.json"
mkdir -p "$ext/lib" "$ext/share/extension"
lib="$work/stage$("$pg_config" --pkglibdir)"
share="$work/stage$("$pg_config" --sharedir)/extension"
mv "$lib/uuidx.so" "$ext/lib/"
mv "$share"/uuidx.control "$share"/uuidx--*.sql "$ext/share/extension/"
# Whatever else make install wrote would be missing from the layout: refuse rather than drop it.
left=$(find "$work/stage" -type f)
[ -z "$left" ] || { echo "extension_image: make install wrote files the layout does not place: $left" >&2; exit 1; }
mkdir -p "$ext/licenses/uuidx"
cp "$top/LICENSE" "$top/debian/copyright" "$ext/licenses/uuidx/"
chmod -R u=rwX,go=rX "$ext"

# ---- the image: an empty one, then the directory's contents at its root as one layer
oci="$out/oci"
umoci init --layout "$oci"
umoci new --image "$oci:$tag"
umoci unpack --rootless --image "$oci:$tag" "$work/bundle" >&2
cp -a "$ext/." "$work/bundle/rootfs/"
# The layer's tar headers carry each file's time: all of them the epoch's.
find "$ext" "$work/bundle/rootfs" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
umoci repack --image "$oci:$tag" --history.created "$created" --history.created_by "release/extension_image.sh" "$work/bundle"
# The operand it is built for: the minimal image of this major on Debian trixie, whose C and C++
# runtime the library fits (test/suites/73_image_operand.sh checks it).
operand="ghcr.io/cloudnative-pg/postgresql:$major-minimal-trixie"
labels=(
  "org.opencontainers.image.title=uuidx $version $major trixie"
  "org.opencontainers.image.description=uuidx $version for PostgreSQL $major, an extension image for CloudNativePG: lib/, share/extension/, licenses/"
  "org.opencontainers.image.version=$version"
  "org.opencontainers.image.created=$created"
  "org.opencontainers.image.licenses=PostgreSQL"
  "org.opencontainers.image.base.name=scratch"
  "io.cloudnativepg.image.base.name=$operand"
  "io.cloudnativepg.image.base.pgmajor=$major"
  "io.cloudnativepg.image.base.os=trixie"
)
umoci config --image "$oci:$tag" --no-history --created "$created" --config.user 65532:65532 \
  "${labels[@]/#/--config.label=}"
umoci gc --layout "$oci"
python3 "$checkout/release/catalogue_metadata.py" "$meta" "$major" "$tag" >"$out/metadata.json"
digest=$(python3 - "$oci/index.json" "$tag" <<'PY'
import json, sys
index = json.load(open(sys.argv[1]))
print(next(m["digest"] for m in index["manifests"]
           if m.get("annotations", {}).get("org.opencontainers.image.ref.name") == sys.argv[2]))
PY
)
if [ -n "$release" ]; then
  # The same archive from the same layout: sorted names, no owner, the layout's own times.
  base="$name-$version-pg$major-image"
  mkdir -p "$release"
  tar -C "$oci" --sort=name --owner=0 --group=0 --numeric-owner -cf "$release/$base.tar.tmp" .
  mv "$release/$base.tar.tmp" "$release/$base.tar"
  echo "$digest" >"$release/$base.digest"
  cp "$out/metadata.json" "$release/$base.json"
  source "$checkout/release/artefacts.sh"
  stamp_write "$release" "image-$major" "$tree_id" "$base.tar" "$base.digest" "$base.json"
fi
echo "$digest"
