#!/usr/bin/env bash
# worktree_commit.sh: prints the id of a commit object holding the working tree as it would be
# committed (tracked files as they are now, untracked ones that .gitignore does not exclude,
# deleted ones left out), parent HEAD. Built in a private index (GIT_INDEX_FILE in a temp dir):
# the real index, HEAD, the branches and the working tree are not touched; the object is
# referenced by nothing and goes with the next git gc. The release suites archive it so that they
# test the same sources as the other suites (lab/build.sh copies the working tree too).
# The commit names its own author and committer: a machine with no git identity (a new one, or
# HOME without a .gitconfig) must work as well as a developer's.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The file list comes from the real index: every tracked file, also those .gitignore matches (such
# as committed benchmark results), and the untracked ones it does not. Listed from the empty
# private index, the tracked-but-ignored files were left out, so the commit's tree was never
# HEAD's even in a clean checkout.
{ git ls-files -z -c && git ls-files -z -o --exclude-standard; } >"$tmp/files"
export GIT_INDEX_FILE="$tmp/index"
git update-index -z --add --remove --stdin <"$tmp/files"
tree=$(git write-tree)
unset GIT_INDEX_FILE
GIT_AUTHOR_NAME="uuidx tests" GIT_AUTHOR_EMAIL=tests@uuidx.invalid \
  GIT_COMMITTER_NAME="uuidx tests" GIT_COMMITTER_EMAIL=tests@uuidx.invalid \
  git commit-tree "$tree" -p HEAD -m "uuidx tests: the working tree"
