#!/usr/bin/env bash
# dist.sh: writes the PGXN release archive NAME-VERSION.zip (make dist runs it).
#   bash release/dist.sh [COMMIT [OUTDIR]]      defaults: HEAD, the top directory
# The archive is `git archive` of the commit, never the working tree: build products (*.o,
# uuidx.so, build/, results/), local edits and untracked files stay out. Every path sits under one
# top directory NAME-VERSION/, as PGXN expects, NAME and VERSION read from META.json.
# debian/ is left out: PGXN users build with `make`; the Debian packaging is built from the
# repository (README, Installing). Before anything is written, the commit's files must pass
# release/versions.py (the SQL and distribution versions agree, debian/changelog included) and
# release/pgxn_meta.py (META.json valid against the PGXN Meta Spec, with the files it names
# present in the archive).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
commit=${1:-HEAD}
outdir=${2:-.}
exclude=(debian)

rev=$(git rev-parse --verify -q "$commit^{commit}") || { echo "dist: $commit is not a commit" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The commit's files, to check what will ship.
mkdir "$tmp/tree"
git archive --format=tar "$rev" | tar -xf - -C "$tmp/tree"
if ! python3 release/versions.py "$tmp/tree" >"$tmp/versions.log"; then
  cat "$tmp/versions.log" >&2
  echo "dist: the versions in $commit disagree; nothing written" >&2
  exit 1
fi
for path in "${exclude[@]}"; do rm -rf "${tmp:?}/tree/$path"; done
if ! python3 release/pgxn_meta.py --root "$tmp/tree" "$tmp/tree/META.json" >"$tmp/meta.log"; then
  sed "s|$tmp/tree/||" "$tmp/meta.log" >&2
  echo "dist: META.json in $commit does not follow the PGXN Meta Spec; nothing written" >&2
  exit 1
fi
read -r name version < <(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(m["name"], m["version"])' \
  "$tmp/tree/META.json")

pathspec=(.)
for path in "${exclude[@]}"; do pathspec+=(":(exclude)$path"); done
git archive --format=zip --prefix="$name-$version/" -o "$tmp/out.zip" "$rev" -- "${pathspec[@]}"
mkdir -p "$outdir"
zip="$outdir/$name-$version.zip"
mv "$tmp/out.zip" "$zip"

files=$(python3 -c 'import sys, zipfile; print(sum(1 for i in zipfile.ZipFile(sys.argv[1]).infolist() if not i.is_dir()))' "$zip")
echo "dist: wrote $zip ($files files, $(wc -c <"$zip") bytes) from $(git rev-parse --short "$rev")"
if [ "$commit" = HEAD ] && [ -n "$(cd "$top" && git status --porcelain --untracked-files=no)" ]; then
  echo "dist: note: the working tree has uncommitted changes; the archive holds HEAD without them"
fi
