#!/usr/bin/env bash
# scope: packages
# packages: dpkg-dev lintian
# The Debian packaging (debian/): on the machine (bookworm: postgresql-15-uuidx), in the trixie
# root (17) and in the sid root (18 and 19: one build, pg_buildext loops over the majors), for the
# majors of the run that apt packages here, each with the lab's throwaway cluster
# (UUIDX_PG_SERVERS; the lab's rather than pg_virtualenv's, so that the crash check reads its log).
# dpkg-buildpackage -us -uc -b builds postgresql-N-uuidx for each, its build-time test
# (dh_pgxs_test) passing, from a build directory the postgres user cannot read (as a clone under
# /root is); lintian reports no error (its warnings are printed); the .debs, installed with apt-get
# away from the build tree, give a working CREATE EXTENSION uuidx (a few functions, the update from
# 1.0); the autopkgtest (debian/tests/installcheck) passes on every major; the packages are purged.
# Reproducible: a second build in another directory gives the same .debs, byte for byte.
# What is built: the working tree as it would be committed (release/worktree_commit.sh), by the
# release's step release/debs.sh (outside the checkout: dpkg-buildpackage writes ../*.deb), which
# puts the .debs into build/release/NAME-VERSION, where `make release` and 72_release take them.
# UUIDX_DEB_COMMIT=HEAD builds exactly the commit.
# dpkg overwrites and purges files no package owns, such as those `make install` put into
# /usr/lib/postgresql/N and /usr/share/postgresql/N: the lab installs its builds again after this.
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
# The majors apt packages here, and their servers: MAJOR=PG_CONFIG:SOCKET_DIR:PORT.
declare -A server
for s in ${UUIDX_PG_SERVERS:-}; do server[${s%%=*}]=${s#*=}; done
mapfile -t majors < <(printf '%s\n' "${!server[@]}" | sort -n)
source test/lib/tap.sh
[ ${#majors[@]} -gt 0 ] || tap_skip_all "no server of a major apt packages here (UUIDX_PG_SERVERS, from the lab, names none)"
tap_note "packaged majors here: ${majors[*]}"
export PGBIN=/usr/lib/postgresql/${majors[0]}/bin PGUSER=postgres PGDATABASE=postgres
source test/lib/cluster.sh

sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@"; }

packages=()  # the binary packages of this build, installed by this suite
# The end, also of a failed step (stop): the packages purged, the tree's builds back, the plan.
finish() {
  if [ ${#packages[@]} -gt 0 ] && dpkg-query -W -f='${Status}\n' "${packages[@]}" 2>/dev/null | grep -q 'ok installed'; then
    apt purge "${packages[@]}" >"$work/purge.log" 2>&1 &&
      ! dpkg-query -W -f='${Status}\n' "${packages[@]}" 2>/dev/null | grep -qv 'not-installed$'
    tap_check "apt-get purge of the packages: dpkg no longer knows them" "$([ $? = 0 ] && echo t)" \
      "${packages[*]}
$(tail -n 20 "$work/purge.log")"
  fi
  [ -n "${UUIDX_KEEP_DEB:-}" ] || rm -rf "$work"
  tap_note "$(($(date +%s) - start)) s for this suite"
  tap_done
}
stop() { tap_check "$1" f "${2:-}"; exit 1; }
start=$(date +%s)
preinstalled=$(for m in "${majors[@]}"; do dpkg-query -W -f='${Status} ${Package}\n' "postgresql-$m-uuidx" 2>/dev/null; done |
  sed -n 's/^install ok installed //p' | tr '\n' ' ')
work=$(mktemp -d /tmp/uuidx-deb.XXXXXX)
# Readable by all, but the build tree below is not (0700, as /root is): the build-time test's
# server runs as postgres, and debian/rules must cope.
chmod 755 "$work"
trap finish EXIT

# ---- the build: the release's own step, release/debs.sh, which writes the .debs into the
# release directory (release/artefacts.sh) for `make release` and suite 72_release to take
if [ -n "${UUIDX_DEB_COMMIT:-}" ]; then
  commit=$UUIDX_DEB_COMMIT
else
  commit=$(bash release/worktree_commit.sh) || stop "a commit of the working tree"
fi
source release/artefacts.sh
release=$(release_dir "$commit") || stop "a release directory for the commit" "$commit"
extversion=$(git show "$commit:uuidx.control" | sed -n "s/^default_version = '\(.*\)'/\1/p")
t0=$(date +%s)
bash release/debs.sh "$commit" "$release" "$work" "${majors[@]}" >"$work/debs.log" 2>&1
rc=$?
tap_note "$(cat "$work/debs.log")"
[ $rc = 0 ] || [ $rc = 3 ] || stop "apt-get build-dep installed debian/control's Build-Depends" "release/debs.sh exited $rc (above)"
tap_check "apt-get build-dep installed debian/control's Build-Depends" t
[ $rc = 0 ] || stop "dpkg-buildpackage -us -uc -b (release/debs.sh)" "exit code $rc (above)"
tap_check "dpkg-buildpackage -us -uc -b (release/debs.sh)" t "$(($(date +%s) - t0)) s"
src="$work/build/uuidx"
version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
# Reproducible: the same commit built again in another directory gives the same .debs, byte for
# byte (SOURCE_DATE_EPOCH from debian/changelog, the build path kept out of the library). The
# second build skips the build-time test, which the first has run.
t0=$(date +%s)
mkdir -p "$work/again" && chmod 755 "$work/again"
DEB_BUILD_OPTIONS=nocheck bash release/debs.sh "$commit" "$work/again/out" "$work/again/work-elsewhere" "${majors[@]}" >"$work/again.log" 2>&1
rc=$?
same=0
differ=""
for m in "${majors[@]}"; do
  deb="postgresql-$m-uuidx_${version}_$(dpkg --print-architecture).deb"
  if cmp -s "$work/build/$deb" "$work/again/out/$deb"; then same=$((same + 1)); else differ="$differ $deb"; fi
done
tap_check "a second build elsewhere gives the same .debs, byte for byte" "$([ "$rc" = 0 ] && [ "$same" = ${#majors[@]} ] && echo t)" \
  "exit $rc; $same of ${#majors[@]} the same: $(sha256sum "$work/build/"*.deb | grep -v dbgsym | cut -c1-16 | tr '\n' ' ')...; different:${differ:- none}; $(($(date +%s) - t0)) s"
[ "$rc" = 0 ] || tap_note "$(tail -n 5 "$work/again.log")"
rm -rf "$work/again"
for m in "${majors[@]}"; do
  tap_check "$m: the build-time test (dh_pgxs_test) passed" "$(grep -q "^### End $m installcheck ###\$" "$work/build.log" && echo t)" \
    "$(sed -n "/^### PostgreSQL $m installcheck ###/,/^### End $m installcheck ###/p" "$work/build.log" | grep -E 'tests passed' | tr -s ' ' | sed 's/^ //' | head -n 1)"
done
# One package per major in the (regenerated) debian/control, each built.
mapfile -t packages < <(sed -n 's/^Package: //p' "$src/debian/control")
arch=$(dpkg --print-architecture)
for m in "${majors[@]}"; do
  tap_check "$m: debian/control lists postgresql-$m-uuidx" "$(printf '%s\n' "${packages[@]}" | grep -qx "postgresql-$m-uuidx" && echo t)" \
    "${packages[*]}"
done
changes="$work/build/uuidx_${version}_${arch}.changes"
debs=()
for p in "${packages[@]}"; do
  deb="$work/build/${p}_${version}_${arch}.deb"
  tap_check "$p: the .deb is built" "$([ -f "$deb" ] && echo t)" "$(basename "$deb")"
  [ -f "$deb" ] || continue
  debs+=("$deb")
  m=$(sed -E 's/^postgresql-([0-9]+)-uuidx$/\1/' <<<"$p")
  # What the package holds and needs.
  contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
  missing=""
  for f in ./usr/lib/postgresql/$m/lib/uuidx.so ./usr/share/doc/$p/copyright uuidx.control uuidx--1.0.sql uuidx--1.4.sql \
    uuidx--1.0--1.1.sql uuidx--1.1--1.2.sql uuidx--1.2--1.3.sql uuidx--1.2-sql.sql uuidx--1.2-sql--1.2.sql uuidx--1.3-sql.sql uuidx--1.3-sql--1.3.sql uuidx--1.3--1.4.sql uuidx--1.4-sql.sql uuidx--1.4-sql--1.4.sql; do
    [[ $f = ./* ]] || f=./usr/share/postgresql/$m/extension/$f
    grep -qx -- "$f" <<<"$contents" || missing="$missing $f"
  done
  tap_check "$p: the .deb holds uuidx.so, the control file, every install and update script, the SQL edition's two steps, copyright" \
    "$([ -z "$missing" ] && echo t)" "${missing:+lacks:$missing}"
  depends=$(dpkg-deb -f "$deb" Depends)
  tap_check "$p: Depends names postgresql-$m and libssl3" \
    "$([[ $depends == *"postgresql-$m"* && $depends == *"libssl3"* ]] && echo t)" "Depends: $depends"
done
[ ${#debs[@]} -gt 0 ] || exit 1

# ---- lintian -----------------------------------------------------------------------------------
t0=$(date +%s)
lintian --tag-display-limit 0 -I "$work"/build/*.deb "$changes" >"$work/lintian.log" 2>&1
lintian_rc=$?
errors=$(grep -c '^E: ' "$work/lintian.log")
warnings=$(grep -c '^W: ' "$work/lintian.log")
tap_check "lintian reports no error on the .debs and the .changes" "$([ "$errors" = 0 ] && [ "$lintian_rc" -le 1 ] && echo t)" \
  "exit code $lintian_rc, $errors errors, $warnings warnings, $(($(date +%s) - t0)) s
$(grep -v '^running with root privileges' "$work/lintian.log")"

# ---- install from the release directory, without the build tree -------------------------------
rm -rf "$work/build"
if [ -n "$preinstalled" ]; then
  # Someone installed the package on purpose: leave it, and skip what would replace and purge it.
  tap_skip "install, CREATE EXTENSION and autopkgtest" "$preinstalled is installed already (not touched)"
  packages=()
  exit 0
fi
t0=$(date +%s)
local_debs=()
for deb in "${debs[@]}"; do local_debs+=("./$(basename "$deb")"); done
(cd "$release" && apt install "${local_debs[@]}") >"$work/install.log" 2>&1 ||
  stop "apt-get install of the .debs, from the release directory" "$(tail -n 20 "$work/install.log")"
tap_check "apt-get install of the .debs, from the release directory" t "${debs[*]##*/} ($(($(date +%s) - t0)) s)"
for m in "${majors[@]}"; do
  owner=$(dpkg -S "/usr/lib/postgresql/$m/lib/uuidx.so" 2>/dev/null | cut -d: -f1)
  tap_check "$m: uuidx.so belongs to postgresql-$m-uuidx" "$([ "$owner" = "postgresql-$m-uuidx" ] && echo t)" "owner: '$owner'"
  PGBIN=/usr/lib/postgresql/$m/bin
  IFS=: read -r _ PGHOST PGPORT <<<"${server[$m]}"
  export PGHOST PGPORT UUIDX_SERVER_LOG=$PGHOST/server.log
  out=$(cluster_psql -c "CREATE EXTENSION uuidx" 2>&1)
  tap_check "$m: CREATE EXTENSION uuidx" "$([ $? = 0 ] && echo t)" "$out"
  tap_sql "$m: the packaged version is the control file's" \
    "SELECT extversion = '$extversion', extversion FROM pg_extension WHERE extname = 'uuidx'"
  tap_sql "$m: uuid_generate_v5, RFC 9562 Appendix A.4" \
    "SELECT u = '2ed6657d-e927-568b-95e1-2665a8aea6a2', u::text FROM (SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com') u) s"
  tap_sql "$m: uuid_generate_v7: version 7, strictly increasing" \
    "SELECT bool_and(uuid_extract_version(u) = 7) AND bool_and(u > p), count(*) || ' values'
     FROM (SELECT u, lag(u) OVER (ORDER BY n) p FROM (SELECT n, uuid_generate_v7() u FROM generate_series(1, 1000) n) a) b WHERE p IS NOT NULL"
  tap_sql "$m: v1 -> v6 -> v1 round trip" \
    "SELECT uuid_v6_to_v1(uuid_v1_to_v6(u)) = u, uuid_v1_to_v6(u)::text FROM (SELECT 'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid u) s"
  out=$(cluster_psql -c "CREATE DATABASE upd" 2>&1 && cluster_psql -d upd -c "CREATE EXTENSION uuidx VERSION '1.0'; ALTER EXTENSION uuidx UPDATE" 2>&1)
  tap_check "$m: CREATE EXTENSION uuidx VERSION '1.0'; ALTER EXTENSION uuidx UPDATE" "$([ $? = 0 ] && echo t)" "$out"
  tap_check "$m: the server log shows no crashed backend" "$(cluster_log_has_crash || echo t)"
done
unset UUIDX_SERVER_LOG

# ---- the autopkgtest, as autopkgtest runs it: the source tree (no build), the package installed
mkdir "$work/autopkgtest"
git archive --format=tar "$commit" | tar -xf - -C "$work/autopkgtest"
chmod -R a+rX "$work/autopkgtest"
t0=$(date +%s)
(cd "$work/autopkgtest" && debian/tests/installcheck) >"$work/autopkgtest.log" 2>&1 &&
  [ "$(grep -cE 'tests passed' "$work/autopkgtest.log")" -ge ${#majors[@]} ]
rc=$?
tap_check "autopkgtest debian/tests/installcheck passes on every major" "$([ $rc = 0 ] && echo t)" \
  "${majors[*]} ($(($(date +%s) - t0)) s): $(grep -E 'tests passed' "$work/autopkgtest.log" | tr -s ' ' | sed 's/^ //' | tr '\n' ' ')"
[ $rc = 0 ] || tap_note "$(tail -n 60 "$work/autopkgtest.log")"
