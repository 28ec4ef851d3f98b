#!/usr/bin/env bash
# image.sh: the CloudNativePG extension image of a commit for one PostgreSQL major, the step of
# `make release` (release/release.sh runs it in the Debian sid root, for 18 and 19).
#   bash release/image.sh COMMIT OUTDIR MAJOR
# Installs MAJOR's server and -dev package from apt (lab/pgserver.sh), builds the commit
# (git archive) against its pg_config, and lets release/extension_image.sh write the image
# and its archive into OUTDIR. The lab (lab/extension_dirs.sh, for the TAP test
# 015_extension_dirs) writes the same archive from the test command's build instead of building again.
# Not -e nor pipefail: the libraries' `cmd | grep -q` checks would count grep's early exit (the
# writer's SIGPIPE) as a failure, as in lab/pgserver.sh's test of what apt offers.
set -u
cd "$(dirname "$0")/.."
commit=${1:?usage: image.sh COMMIT OUTDIR MAJOR}
outdir=$2
major=$3
source lab/deps.sh
source lab/pgserver.sh
ensure_packages umoci python3 >/dev/null || exit 1
pg_config=$(pg_server_config "$major") || { echo "image: could not install PostgreSQL $major" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tree"
git archive --format=tar "$commit" | tar -xf - -C "$work/tree" || exit 1
make -C "$work/tree" -s -j"$(nproc)" PG_CONFIG="$pg_config" >"$work/make.log" 2>&1 || { tail -n 30 "$work/make.log" >&2; exit 1; }
PG_CONFIG=$pg_config bash release/extension_image.sh "$work/out" "$work/tree" "$outdir" "$(git rev-parse "$commit^{tree}")" >/dev/null || exit 1
echo "image: wrote $(ls "$outdir"/*-pg"$major"-image.tar)"
