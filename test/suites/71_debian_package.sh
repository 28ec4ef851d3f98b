#!/usr/bin/env bash
# scope: once
# packages: dpkg-dev lintian postgresql-15 postgresql-server-dev-15
# The Debian packaging (debian/): dpkg-buildpackage -us -uc -b builds postgresql-N-uuidx for each
# major debian/control lists (bookworm: 15), its build-time test (dh_pgxs_test: the pg_regress
# suite against the package's files) passing; lintian reports no error on the .deb and the
# .changes (its warnings are printed); the .deb, installed with apt-get on this machine from a
# directory without the build tree, gives a working CREATE EXTENSION uuidx in a throwaway cluster
# (a few functions, and the update from 1.0); the autopkgtest (debian/tests/installcheck:
# pg_buildext installcheck) passes against the installed package; then the package is purged.
#
# What is built: the working tree as it would be committed (test/release/worktree_commit.sh,
# git archive), copied outside the checkout, because dpkg-buildpackage writes ../*.deb next to
# the tree it builds. UUIDX_DEB_COMMIT=HEAD builds exactly the commit.
#
# Files of the installed extension: `make install` (test/lib/build.sh, and suite 70) puts
# uuidx.so, uuidx.control and the scripts into /usr/lib/postgresql/15 and /usr/share/postgresql/15
# without any package owning them. dpkg overwrites files that no package owns without asking, so
# installing the .deb silently replaces them, and purging it deletes them. At the end the tree's
# own build (build/pg/_usr_lib_postgresql_15_bin) is installed again when there is one, so the
# suites after this one find the extension. (The runner runs scope-once suites before it builds
# and installs for each major, so in a full run that build is installed again anyway.)
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
export PGBIN=/usr/lib/postgresql/15/bin
source test/lib/cluster.sh

passed=0
failed=0
ok() { echo "PASS  $1"; passed=$((passed + 1)); }
bad() { echo "FAIL  $1"; failed=$((failed + 1)); }
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@"; }

packages=()  # the binary packages of this build, installed by this suite
finish() {
  cluster_stop
  if [ ${#packages[@]} -gt 0 ] && dpkg-query -W -f='${Status}\n' "${packages[@]}" 2>/dev/null | grep -q 'ok installed'; then
    if apt purge "${packages[@]}" >"$work/purge.log" 2>&1 &&
      ! dpkg-query -W -f='${Status}\n' "${packages[@]}" 2>/dev/null | grep -qv 'not-installed$'; then
      ok "apt-get purge ${packages[*]}: dpkg no longer knows them"
    else
      bad "apt-get purge ${packages[*]}:"; sed 's/^/      /' "$work/purge.log"
    fi
  fi
  local tree_build="$top/build/pg/_usr_lib_postgresql_15_bin"
  if [ -n "${touched_pg15:-}" ] && [ -f "$tree_build/Makefile" ]; then
    make -C "$tree_build" -s PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1 &&
      echo "      reinstalled the tree's build from $tree_build" ||
      bad "could not reinstall the tree's build from $tree_build"
  fi
  [ -n "${UUIDX_KEEP_DEB:-}" ] || rm -rf "$work"
  echo "      $(($(date +%s) - start)) s for this suite"
  echo "SUITE_RESULT passed=$passed failed=$failed skipped=$skipped"
}
start=$(date +%s)
skipped=0
preinstalled=$(dpkg-query -W -f='${Status} ${Package}\n' 'postgresql-15-uuidx' 2>/dev/null | sed -n 's/^install ok installed //p')
work=$(mktemp -d /tmp/uuidx-deb.XXXXXX)
# The build-time test's cluster runs as postgres and reads the package's files from the tree.
chmod 755 "$work"
trap finish EXIT

# ---- the source tree, outside the checkout -----------------------------------------------------
if [ -n "${UUIDX_DEB_COMMIT:-}" ]; then
  commit=$UUIDX_DEB_COMMIT
else
  commit=$(bash test/release/worktree_commit.sh) || { bad "could not make a commit of the working tree"; exit 1; }
fi
mkdir -p "$work/build/uuidx" "$work/debs"
git archive --format=tar "$commit" | tar -xf - -C "$work/build/uuidx" || { bad "git archive $commit"; exit 1; }
src="$work/build/uuidx"
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
extversion=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$src/uuidx.control")
echo "      building uuidx $version from $(git rev-parse --short "$commit")"

# Build dependencies, from apt, as debian/control states them (after apt-get update if apt's
# lists are missing or stale).
if apt build-dep --no-install-recommends "$src" >"$work/build-dep.log" 2>&1 ||
  { apt update >>"$work/build-dep.log" 2>&1 && apt build-dep --no-install-recommends "$src" >>"$work/build-dep.log" 2>&1; }; then
  ok "apt-get build-dep installed debian/control's Build-Depends"
else
  bad "apt-get build-dep:"; tail -n 20 "$work/build-dep.log" | sed 's/^/      /'; exit 1
fi

# ---- dpkg-buildpackage -------------------------------------------------------------------------
t0=$(date +%s)
if (cd "$src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
  ok "dpkg-buildpackage -us -uc -b ($(($(date +%s) - t0)) s)"
else
  bad "dpkg-buildpackage -us -uc -b:"; tail -n 60 "$work/build.log" | sed 's/^/      /'; exit 1
fi
grep -q '^### End 15 installcheck ###$' "$work/build.log" &&
  ok "build-time test (dh_pgxs_test) on 15: $(grep -E 'tests passed' "$work/build.log" | tr -s ' ' | sed 's/^ //' | head -n 1)" ||
  bad "the build log shows no passed build-time test on 15"
# One package per major in the (regenerated) debian/control, each built.
mapfile -t packages < <(sed -n 's/^Package: //p' "$src/debian/control")
arch=$(dpkg --print-architecture)
for p in "${packages[@]}"; do
  deb="$work/build/${p}_${version}_${arch}.deb"
  [ -f "$deb" ] && ok "built $(basename "$deb")" || bad "no $(basename "$deb")"
done
printf '%s\n' "${packages[@]}" | grep -qx postgresql-15-uuidx && ok "debian/control lists postgresql-15-uuidx" ||
  bad "debian/control lists no postgresql-15-uuidx: ${packages[*]}"
deb15="$work/build/postgresql-15-uuidx_${version}_${arch}.deb"
changes="$work/build/uuidx_${version}_${arch}.changes"
[ -f "$deb15" ] || { bad "no $deb15"; exit 1; }

# What the package holds and needs.
contents=$(dpkg-deb -c "$deb15" | awk '{print $6}')
missing=""
for f in ./usr/lib/postgresql/15/lib/uuidx.so ./usr/share/postgresql/15/extension/uuidx.control \
  ./usr/share/postgresql/15/extension/uuidx--1.0.sql ./usr/share/postgresql/15/extension/uuidx--1.1.sql \
  ./usr/share/postgresql/15/extension/uuidx--1.0--1.1.sql ./usr/share/doc/postgresql-15-uuidx/copyright; do
  grep -qx -- "$f" <<<"$contents" || missing="$missing $f"
done
[ -z "$missing" ] && ok "the .deb holds uuidx.so, the control file, the 1.0, 1.1 and 1.0--1.1 scripts, copyright" ||
  bad "the .deb lacks:$missing"
depends=$(dpkg-deb -f "$deb15" Depends)
[[ $depends == *"postgresql-15"* && $depends == *"libssl3"* ]] && ok "Depends: $depends" ||
  bad "Depends lacks postgresql-15 or libssl3: $depends"

# ---- lintian -----------------------------------------------------------------------------------
t0=$(date +%s)
lintian --tag-display-limit 0 -I "$work"/build/*.deb "$changes" >"$work/lintian.log" 2>&1
lintian_rc=$?
grep -v '^running with root privileges' "$work/lintian.log" | sed 's/^/      lintian: /'
errors=$(grep -c '^E: ' "$work/lintian.log")
warnings=$(grep -c '^W: ' "$work/lintian.log")
if [ "$errors" = 0 ] && [ "$lintian_rc" -le 1 ]; then
  ok "lintian ($(($(date +%s) - t0)) s): no error, $warnings warnings (printed above)"
else
  bad "lintian: $errors errors (exit code $lintian_rc)"
fi

# ---- install from a directory without the build tree -----------------------------------------
cp "$work"/build/*.deb "$work/debs/"
rm -rf "$work/build"
if [ -n "$preinstalled" ]; then
  # Someone installed the package on purpose: leave it, and skip what would replace and purge it.
  echo "SKIP  install, CREATE EXTENSION and autopkgtest: $preinstalled is installed already (not touched)"
  packages=()
  skipped=1
  exit 0
fi
touched_pg15=1
t0=$(date +%s)
if (cd "$work/debs" && apt install "./$(basename "$deb15")") >"$work/install.log" 2>&1; then
  ok "apt-get install ./$(basename "$deb15") ($(($(date +%s) - t0)) s)"
else
  bad "apt-get install:"; tail -n 20 "$work/install.log" | sed 's/^/      /'; exit 1
fi
owner=$(dpkg -S /usr/lib/postgresql/15/lib/uuidx.so 2>/dev/null | cut -d: -f1)
[ "$owner" = postgresql-15-uuidx ] && ok "uuidx.so belongs to postgresql-15-uuidx" || bad "uuidx.so belongs to '$owner'"

cluster_start || { bad "could not start a throwaway cluster"; exit 1; }
check_sql() {  # check_sql "what" "SELECT boolean, text"
  local out
  if out=$(cluster_psql -At -F '|' -c "$2" 2>&1) && [ "${out%%|*}" = t ]; then ok "$1: ${out#*|}"; else bad "$1: $out"; fi
}
cluster_psql -c "CREATE EXTENSION uuidx" && ok "CREATE EXTENSION uuidx" || bad "CREATE EXTENSION uuidx"
check_sql "the packaged version" \
  "SELECT extversion = '$extversion', extversion FROM pg_extension WHERE extname = 'uuidx'"
check_sql "uuid_generate_v5, RFC 9562 Appendix A.4" \
  "SELECT u = '2ed6657d-e927-568b-95e1-2665a8aea6a2', u::text FROM (SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com') u) s"
check_sql "uuid_generate_v7: version 7, strictly increasing" \
  "SELECT bool_and(uuid_extract_version(u) = 7) AND bool_and(u > p), count(*) || ' values'
   FROM (SELECT u, lag(u) OVER (ORDER BY n) p FROM (SELECT n, uuid_generate_v7() u FROM generate_series(1, 1000) n) a) b WHERE p IS NOT NULL"
check_sql "v1 -> v6 -> v1 round trip" \
  "SELECT uuid_v6_to_v1(uuid_v1_to_v6(u)) = u, uuid_v1_to_v6(u)::text FROM (SELECT 'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid u) s"
cluster_psql -c "CREATE DATABASE upd" && cluster_psql -d upd -c "CREATE EXTENSION uuidx VERSION '1.0'; ALTER EXTENSION uuidx UPDATE" &&
  ok "CREATE EXTENSION uuidx VERSION '1.0'; ALTER EXTENSION uuidx UPDATE" || bad "the update from 1.0"
if cluster_log_has_crash; then bad "the server log shows a crashed backend"; else ok "no crashed backend"; fi
cluster_stop

# ---- the autopkgtest, as autopkgtest runs it: the source tree (no build), the package installed
mkdir "$work/autopkgtest"
git archive --format=tar "$commit" | tar -xf - -C "$work/autopkgtest"
chmod -R a+rX "$work/autopkgtest"
t0=$(date +%s)
if (cd "$work/autopkgtest" && debian/tests/installcheck) >"$work/autopkgtest.log" 2>&1; then
  ok "autopkgtest debian/tests/installcheck ($(($(date +%s) - t0)) s): $(grep -E 'tests passed' "$work/autopkgtest.log" | tr -s ' ' | sed 's/^ //' | head -n 1)"
else
  bad "autopkgtest debian/tests/installcheck:"; tail -n 60 "$work/autopkgtest.log" | sed 's/^/      /'
fi
