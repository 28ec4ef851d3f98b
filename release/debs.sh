#!/usr/bin/env bash
# debs.sh: builds the Debian packages postgresql-N-uuidx of a commit where it runs, the step of
# `make release` (release/release.sh) on the machine and in each Debian root, and of suite
# 71_debian_package, which installs what it wrote.
#   bash release/debs.sh COMMIT OUTDIR WORK MAJOR...
# Each MAJOR's server and -dev package are installed from apt first (lab/pgserver.sh);
# debian/rules builds one package for every major whose -dev package is installed. The commit is
# unpacked into WORK/build/uuidx, a directory the postgres user cannot read (0700, as a clone
# under /root is), since debian/rules must cope with that; dpkg-buildpackage -us -uc -b writes the
# .debs, .changes and .buildinfo into WORK/build. WORK keeps them and the logs (build-dep.log,
# build.log) for the caller to check. The .debs are copied into OUTDIR, with a record
# (release/artefacts.sh, key debs-MAJORS) of the tree they were built from.
# Exit status: 2 when a server or the build dependencies could not be installed, 3 when
# dpkg-buildpackage failed, 4 when a MAJOR's package is missing.
set -u
cd "$(dirname "$0")/.."
commit=${1:?usage: debs.sh COMMIT OUTDIR WORK MAJOR...}
outdir=${2:?}
work=${3:?}
shift 3
source lab/deps.sh
source lab/pgserver.sh
source release/artefacts.sh
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@"; }

for m in "$@"; do
  pg_server_config "$m" >/dev/null || { echo "debs: could not install PostgreSQL $m" >&2; exit 2; }
done
tree=$(git rev-parse "$commit^{tree}") || exit 1
rm -rf "$work/build"
mkdir -p "$work/build/uuidx" "$outdir"
chmod 700 "$work/build"
git archive --format=tar "$commit" | tar -xf - -C "$work/build/uuidx" || exit 1
src="$work/build/uuidx"
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
echo "debs: building uuidx $version from $(git rev-parse --short "$commit") for PostgreSQL $*"

# Build dependencies as debian/control states them (after apt-get update if apt's lists are
# missing or stale).
if ! { apt build-dep --no-install-recommends "$src" >"$work/build-dep.log" 2>&1 ||
  { apt update >>"$work/build-dep.log" 2>&1 && apt build-dep --no-install-recommends "$src" >>"$work/build-dep.log" 2>&1; }; }; then
  tail -n 20 "$work/build-dep.log" >&2
  exit 2
fi
t0=$(date +%s)
if ! (cd "$src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
  tail -n 60 "$work/build.log" >&2
  exit 3
fi
echo "debs: dpkg-buildpackage -us -uc -b took $(($(date +%s) - t0)) s"
arch=$(dpkg --print-architecture)
debs=()
for m in "$@"; do
  deb="postgresql-$m-uuidx_${version}_$arch.deb"
  [ -f "$work/build/$deb" ] || { echo "debs: no $deb" >&2; exit 4; }
  debs+=("$deb")
done
for deb in "${debs[@]}"; do cp "$work/build/$deb" "$outdir/"; done
stamp_write "$outdir" "debs-$(IFS=-; echo "$*")" "$tree" "${debs[@]}"
printf 'debs: wrote %s\n' "${debs[@]/#/$outdir/}"
