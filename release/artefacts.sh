# artefacts.sh: where the release's artefacts are written and how a later step knows one is
# current. Sourced by release/release.sh, debs.sh and the suites that build an artefact
# (70_pgxn_dist, 71_debian_package, lab/extension_dirs.sh), so that each is built once per source
# tree: the suites write into the same directory that `make release` assembles from.
#   release_dir COMMIT          build/release/NAME-VERSION of the checkout (NAME and VERSION from
#                               the commit's META.json); the Debian roots see it too, since the
#                               checkout is bound into them
#   stamp_write DIR KEY TREE FILE...   records that FILEs (in DIR) were built from the git tree
#                               TREE: DIR/.stamps/KEY, their names and sha256
#   stamp_fresh DIR KEY TREE    true when that record names TREE and every file is there unchanged
#                               (an interrupted or older build is never taken)

release_dir() {
  local top name version
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  read -r name version < <(git -C "$top" show "$1:META.json" |
    python3 -c 'import json, sys; m = json.load(sys.stdin); print(m["name"], m["version"])') || return 1
  echo "$top/build/release/$name-$version"
}

stamp_write() {
  local dir=$1 key=$2 tree=$3
  shift 3
  mkdir -p "$dir/.stamps"
  { echo "tree $tree"; (cd "$dir" && sha256sum -- "$@"); } >"$dir/.stamps/$key.tmp" &&
    mv "$dir/.stamps/$key.tmp" "$dir/.stamps/$key"
}

stamp_fresh() {
  local dir=$1 key=$2 tree=$3 stamp="$1/.stamps/$2"
  [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "tree $tree" ] || return 1
  (cd "$dir" && tail -n +2 "$stamp" | sha256sum --quiet -c -) >/dev/null 2>&1
}

# stamp_files DIR KEY: the files a record names.
stamp_files() { tail -n +2 "$1/.stamps/$2" | sed -E 's/^[0-9a-f]+ [ *]//'; }
