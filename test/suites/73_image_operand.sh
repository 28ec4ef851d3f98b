#!/usr/bin/env bash
# scope: release
# packages: binutils python3
# root: trixie 17
# root: sid 18
# The CloudNativePG images fit the operand they name (io.cloudnativepg.image.base.name:
# postgresql:N-minimal-trixie), though built in the sid root: the library of each image of this run
# (the release's archive, from lab/extension_dirs.sh) is checked against the trixie root the lab
# hands (UUIDX_ROOT_DIRS), whose 17 links the runtime trixie's minimal image ships. For every
# library uuidx.so needs: it is in trixie, trixie's server loads it too, and it defines every symbol
# version uuidx.so asks of it (test/lib/elf_fit.py; the newest printed). Control: sid's own server
# binary does not fit trixie. An image this run did not build is skipped, saying so.
# (UUIDX_OPERAND_ANY_IMAGE=1 takes whatever archive the release directory holds: a development aid.)
source "$(dirname "$0")/../lib/tap.sh"
source release/artefacts.sh
work=$(mktemp -d /tmp/uuidx-operand.XXXXXX)
trap 'rm -rf "$work"' EXIT
commit=$(bash release/worktree_commit.sh) || tap_bail "a commit of the working tree"
release=$(release_dir "$commit")
version=$(git show "$commit:META.json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
operand_server=usr/lib/postgresql/17/bin/postgres

# The roots, with their servers, from the lab: trixie (17) and sid (18).
for r in ${UUIDX_ROOT_DIRS:-}; do declare "${r%%=*}=${r#*=}"; done
trixie=${trixie:-} sid=${sid:-}
tap_check "trixie's server, whose runtime the operand ships, in the trixie root" \
  "$([ -x "$trixie/$operand_server" ] && echo t)" "$operand_server; Debian $(cat "$trixie/etc/debian_version" 2>/dev/null)"

# the library of the image archive's one layer
image_library() {
  python3 - "$1" "$2" <<'PY'
import io, json, sys, tarfile
archive = tarfile.open(sys.argv[1])
blob = lambda digest: archive.extractfile("./blobs/" + digest.replace(":", "/")).read()
index = json.loads(archive.extractfile("./index.json").read())
manifest = json.loads(blob(index["manifests"][0]["digest"]))
layer = tarfile.open(fileobj=io.BytesIO(blob(manifest["layers"][0]["digest"])))
member = next(m for m in layer.getmembers() if m.name.lstrip("./") == "lib/uuidx.so")
open(sys.argv[2], "wb").write(layer.extractfile(member).read())
PY
}

# fit LIB LABEL: one check per needed library (some there must be), and the newest versions
fit() {
  python3 test/lib/elf_fit.py "$1" "$trixie" "$operand_server" >"$work/fit" 2>&1
  local rc=$? n
  n=$(grep -cv '^newest|' "$work/fit")
  tap_check "$2: elf_fit.py reads its needed libraries" "$([ $rc = 0 ] && [ "$n" -gt 0 ] && echo t)" \
    "exit code $rc, $n libraries$([ $rc = 0 ] || tail -n 3 "$work/fit" | sed 's/^/; /')"
  [ $rc = 0 ] || return
  while IFS='|' read -r name path loaded wanted missing; do
    [ "$name" = newest ] && continue
    tap_check "$2 needs $name: in trixie, loaded by its server, every version defined" \
      "$([ "$path" != missing ] && [ "$loaded" = yes ] && [ -z "$missing" ] && echo t)" \
      "$path; server loads it: $loaded; asks ${wanted:-no version}; missing: ${missing:-none}"
  done <"$work/fit"
  tap_note "newest versions asked: $(sed -n 's/^newest|//p' "$work/fit")"
}

for m in 18 19; do
  archive="$release/uuidx-$version-pg$m-image.tar"
  if [ ! -f "$archive" ] || { [ -z "${UUIDX_OPERAND_ANY_IMAGE:-}" ] && ! stamp_fresh "$release" "image-$m" "$(git rev-parse "$commit^{tree}")"; }; then
    if [[ " ${UUIDX_PG_VERSIONS:-} " == *" $m "* ]]; then
      tap_check "the image of $m holds lib/uuidx.so" f "no current $(basename "$archive"), built by this run from this tree"
    else
      tap_skip "the image of $m holds lib/uuidx.so" "this run left out $m (majors ${UUIDX_PG_VERSIONS:-none})"
    fi
    continue
  fi
  image_library "$archive" "$work/uuidx-$m.so"
  tap_check "the image of $m holds lib/uuidx.so" "$([ -s "$work/uuidx-$m.so" ] && echo t)" \
    "$(basename "$archive"): $(wc -c <"$work/uuidx-$m.so" 2>/dev/null) bytes"
  [ -s "$work/uuidx-$m.so" ] && fit "$work/uuidx-$m.so" "uuidx.so of the image of $m"
done

# The check can tell: sid's own server binary asks for more than trixie has.
if [ -x "$sid/usr/lib/postgresql/18/bin/postgres" ]; then
  python3 test/lib/elf_fit.py "$sid/usr/lib/postgresql/18/bin/postgres" "$trixie" "$operand_server" >"$work/sid" 2>&1
  refused=$(awk -F'|' '$1 != "newest" && ($2 == "missing" || $5 != "") { print $1 ": " ($5 == "" ? "missing" : $5) }' "$work/sid" | tr '\n' ';')
  tap_check "the same check refuses sid's own PostgreSQL 18 server on trixie" "$([ -n "$refused" ] && echo t)" "${refused:-everything fits}"
else
  tap_skip "the same check refuses sid's own PostgreSQL 18 server on trixie" "no PostgreSQL 18 in the sid root ($sid)"
fi
tap_done
