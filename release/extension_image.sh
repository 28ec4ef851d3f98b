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
#   OUT/oci  an OCI image layout with the tag VERSION-pgMAJOR (VERSION: the distribution version,
#     META.json's): FROM scratch, one layer holding lib/ and share/ at its root and nothing else
#     (CloudNativePG's image specification)
# and prints the image's manifest digest. With RELEASE_DIR, also the release's artefacts there:
# NAME-VERSION-pgMAJOR-image.tar (the layout as an OCI archive) and .digest, recorded as built from
# the git tree TREE_ID (release/artefacts.sh, key image-MAJOR). umoci builds the image without a daemon or privilege.
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
read -r name version < <(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(m["name"], m["version"])' "$meta")
tag="$version-pg$major"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---- the extension directory
make -C "$tree" -s PG_CONFIG="$pg_config" DESTDIR="$work/stage" install >&2
ext="$out/extension"
rm -rf "$ext" "$out/oci"
mkdir -p "$ext/lib" "$ext/share/extension"
lib="$work/stage$("$pg_config" --pkglibdir)"
share="$work/stage$("$pg_config" --sharedir)/extension"
mv "$lib/uuidx.so" "$ext/lib/"
mv "$share"/uuidx.control "$share"/uuidx--*.sql "$ext/share/extension/"
# Whatever else make install wrote would be missing from the layout: refuse rather than drop it.
left=$(find "$work/stage" -type f)
[ -z "$left" ] || { echo "extension_image: make install wrote files the layout does not place: $left" >&2; exit 1; }
chmod -R u=rwX,go=rX "$ext"

# ---- the image: an empty one, then the directory's contents at its root as one layer
oci="$out/oci"
umoci init --layout "$oci"
umoci new --image "$oci:$tag"
umoci unpack --rootless --image "$oci:$tag" "$work/bundle" >&2
cp -a "$ext/." "$work/bundle/rootfs/"
umoci repack --image "$oci:$tag" --history.created_by "release/extension_image.sh" "$work/bundle"
umoci config --image "$oci:$tag" --no-history \
  --config.label "org.opencontainers.image.title=uuidx" \
  --config.label "org.opencontainers.image.version=$version" \
  --config.label "org.opencontainers.image.description=uuidx $version for PostgreSQL $major: lib/ and share/extension/"
umoci gc --layout "$oci"
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
  source "$checkout/release/artefacts.sh"
  stamp_write "$release" "image-$major" "$tree_id" "$base.tar" "$base.digest"
fi
echo "$digest"
