#!/usr/bin/env bash
# release.sh: the release packagers take, made by one command (`make release`).
#   bash release/release.sh [OUTDIR]     default build/release/NAME-VERSION
# From the commit UUIDX_RELEASE_COMMIT (default HEAD; NAME and VERSION from its META.json) it
# writes into OUTDIR:
#   NAME-VERSION.tar.gz    the source archive: git archive under NAME-VERSION/, debian/ included
#   NAME-VERSION.zip       the PGXN archive (release/dist.sh: no debian/)
#   postgresql-N-uuidx_VERSION-1_ARCH.deb   built where each major is packaged
#                          (release/debs.sh): 15 on the machine (bookworm), 17 in the
#                          Debian trixie root, 18 and 19 in the sid root (lab/root.sh)
#   NAME-VERSION-pgN-image.tar, .digest, .json   the CloudNativePG extension image of 18 and of
#                          19, an OCI archive (skopeo copy oci-archive:FILE docker://...), its
#                          manifest digest and what CloudNativePG's extension catalogue records of
#                          it, built in the sid root (release/extension_image.sh)
#   NAME-VERSION-sql.sql, NAME-VERSION-pgtle.sql   the SQL edition, for psql -f and for pg_tle
#                          (src/sql_edition/build.sh, docs/managed.md)
#   NAME-VERSION-pglite.tar.gz   the SQL edition as an extension bundle for PGlite
#                          (src/sql_edition/pglite.sh, docs/pglite.md)
#   RELEASE_NOTES.md       CHANGELOG.md's section for VERSION, and the artefacts
#   SHA256SUMS             of all the above (sha256sum -c SHA256SUMS)
# The archives are written into OUTDIR directly (cheap, made every time). The .debs and images are
# built into build/release/NAME-VERSION of the checkout, which the roots
# see, and are taken from there when a record (release/artefacts.sh) says they were built
# from the same source tree: the suites that test them (71_debian_package, and lab/extension_dirs.sh for
# the TAP test 015_extension_dirs)
# write them there too, so that nothing is built twice. UUIDX_RELEASE_REUSE_ONLY=1 builds none of
# them and fails, naming what is missing (suite 72_release). Run as root or with sudo (the roots,
# apt); the machine must be Debian bookworm, where 15 is packaged.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
source lab/deps.sh
source lab/root.sh
source release/artefacts.sh
commit=$(git rev-parse --verify -q "${UUIDX_RELEASE_COMMIT:-HEAD}^{commit}") ||
  { echo "release: ${UUIDX_RELEASE_COMMIT:-HEAD} is not a commit" >&2; exit 1; }
tree=$(git rev-parse "$commit^{tree}")
build=$(release_dir "$commit")
name_version=$(basename "$build")
version=${name_version##*-}
outdir=${1:-$build}
mkdir -p "$outdir" "$build"
outdir=$(cd "$outdir" && pwd)
# Where each major is packaged: "PLACE:MAJORS" (PLACE: the machine, or a Debian root).
places=("machine:15" "trixie:17" "sid:18 19")
image_majors=(18 19)
image_root=sid
[ "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" = bookworm ] ||
  { echo "release: the machine must be Debian bookworm (it packages 15)" >&2; exit 1; }
echo "release: $name_version from $(git rev-parse --short "$commit") into $outdir"

# ---- the archives (cheap: made every time)
ensure_packages dpkg-dev umoci >/dev/null || exit 1
bash release/dist.sh "$commit" "$outdir" | sed 's/^/release: /'
git archive --format=tar.gz --prefix="$name_version/" -o "$outdir/$name_version.tar.gz" "$commit"
echo "release: wrote $outdir/$name_version.tar.gz"

# ---- the SQL edition for managed services (docs/managed.md): its psql script and its pg_tle
# registration, made from the commit's sources
src=$(mktemp -d)
git archive "$commit" | tar -x -C "$src"
sql_version=$(sed -nE 's/^EXTVERSION *= *//p' "$src/Makefile")
# As the Makefile makes it (no server needed here): the source with its version.
sed "1s/@SQL_VERSION@/$sql_version/" "$src/src/uuidx.sql" >"$src/uuidx--$sql_version.sql"
for form in sql pgtle; do
  bash "$src/src/sql_edition/build.sh" "$src/uuidx--$sql_version.sql" "${form/#sql/psql}" >"$outdir/$name_version-$form.sql" ||
    { rm -rf "$src"; echo "release: the SQL edition ($form) could not be built" >&2; exit 1; }
  echo "release: wrote $outdir/$name_version-$form.sql"
done
# and the same edition as an extension bundle for PGlite (docs/pglite.md)
bash "$src/src/sql_edition/pglite.sh" "$src/uuidx--$sql_version.sql" "$outdir/$name_version-pglite.tar.gz" ||
  { rm -rf "$src"; echo "release: the SQL edition's PGlite bundle could not be built" >&2; exit 1; }
echo "release: wrote $outdir/$name_version-pglite.tar.gz"
rm -rf "$src"

# ---- the packages and images: taken when current, built otherwise
missing=()
# in_place PLACE CMD...: CMD on the machine, or in the Debian root PLACE with the checkout at
# /uuidx/repo (paths under the checkout given relative to it).
in_place() {
  local place=$1
  shift
  if [ "$place" = machine ]; then
    (cd "$top" && "$@")
  else
    root_run "$place" bash -c 'cd /uuidx/repo && "$@"' _ "$@"
  fi
}
rel=${build#"$top/"}
# take_or_build KEY WHAT BUILD...: KEY's artefacts when a record says they were built from this
# tree; else BUILD, or, under UUIDX_RELEASE_REUSE_ONLY, WHAT counted as missing.
take_or_build() {
  local key=$1 what=$2
  shift 2
  if stamp_fresh "$build" "$key" "$tree"; then
    echo "release: $what: built from this tree already, taken"
  elif [ -n "${UUIDX_RELEASE_REUSE_ONLY:-}" ]; then
    missing+=("$what")
  else
    echo "release: building $what"
    "$@"
  fi
}
# build_debs KEY PLACE MAJOR...: the packages of those majors, built in PLACE (its log kept).
build_debs() {
  local key=$1 place=$2
  shift 2
  mkdir -p "$build/.logs"
  in_place "$place" bash -c 'w=$(mktemp -d); chmod 755 "$w"; bash release/debs.sh "$1" "$2" "$w" "${@:3}"; rc=$?; rm -rf "$w"; exit $rc' _ \
    "$commit" "$rel" "$@" >"$build/.logs/$key.log" 2>&1 || true
  grep '^debs: wrote' "$build/.logs/$key.log" | sed 's/^debs: /release: /'
  stamp_fresh "$build" "$key" "$tree" ||
    { tail -n 40 "$build/.logs/$key.log" >&2; echo "release: could not build the packages of $* ($place)" >&2; exit 1; }
}
for p in "${places[@]}"; do
  place=${p%%:*}
  read -r -a majors <<<"${p#*:}"
  key="debs-$(IFS=-; echo "${majors[*]}")"
  take_or_build "$key" "the packages of ${majors[*]} ($place)" build_debs "$key" "$place" "${majors[@]}"
done
for m in "${image_majors[@]}"; do
  take_or_build "image-$m" "the image of $m ($image_root)" in_place "$image_root" bash release/image.sh "$commit" "$rel" "$m" || exit 1
done
if [ ${#missing[@]} -gt 0 ]; then
  printf 'release: not built from this tree: %s\n' "${missing[@]}" >&2
  exit 1
fi

# ---- into OUTDIR, with the notes and the sums
built=()
for p in "${places[@]}"; do mapfile -t -O "${#built[@]}" built < <(stamp_files "$build" "debs-$(tr ' ' - <<<"${p#*:}")"); done
for m in "${image_majors[@]}"; do mapfile -t -O "${#built[@]}" built < <(stamp_files "$build" "image-$m"); done
if [ "$outdir" != "$build" ]; then
  for f in "${built[@]}"; do cp "$build/$f" "$outdir/"; done
fi
files=("$name_version.tar.gz" "$name_version.zip" "$name_version-sql.sql" "$name_version-pgtle.sql" "$name_version-pglite.tar.gz" "${built[@]}")
# The notes: CHANGELOG.md's section "## VERSION ..." as it stands, then the artefacts. (awk reads
# to the end: exiting early would end git show with SIGPIPE, a failure under pipefail.)
section=$(git show "$commit:CHANGELOG.md" | awk -v v="$version" '
  index($0, "## ") == 1 { p = !done && ($0 == "## " v || index($0, "## " v " ") == 1); if (p) done = 1 }
  p')
[ -n "$section" ] || { echo "release: CHANGELOG.md has no section ## $version" >&2; exit 1; }
{
  first=$(head -n 1 <<<"$section")
  echo "# ${name_version%-*} ${first#"## "}"
  tail -n +2 <<<"$section"
  echo
  echo "## Artefacts"
  echo "| file | bytes |"
  echo "|---|---|"
  for f in "${files[@]}"; do echo "| \`$f\` | $(wc -c <"$outdir/$f") |"; done
  echo
  echo "Check them with \`sha256sum -c SHA256SUMS\`."
} >"$outdir/RELEASE_NOTES.md"
files+=(RELEASE_NOTES.md)
(cd "$outdir" && sha256sum -- "${files[@]}" >SHA256SUMS && sha256sum --quiet -c SHA256SUMS)
echo "release: wrote into $outdir:"
(cd "$outdir" && for f in "${files[@]}" SHA256SUMS; do printf '  %-44s %9s bytes\n' "$f" "$(wc -c <"$f")"; done)
