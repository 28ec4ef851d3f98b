#!/usr/bin/env bash
# scope: release
# packages: unzip dpkg-dev umoci
# The release as a whole (make release, release/release.sh), made from what this run's
# suites built from the same sources: the zip (70_pgxn_dist), the packages (71_debian_package, on
# the machine and in the trixie and sid roots) and the images (the TAP test
# 015_extension_dirs on 18 and 19, lab/extension_dirs.sh),
# none built again (UUIDX_RELEASE_REUSE_ONLY=1; each suite tests its artefact where it belongs).
# A record whose file changed is not taken (release/artefacts.sh).
# A run that left out a major the release packages (UUIDX_PG_VERSIONS) has not built everything:
# then the suite is skipped with a line saying what is missing.
set -u
cd "$(dirname "$0")/../.."
source test/lib/tap.sh
source release/artefacts.sh
work=$(mktemp -d /tmp/uuidx-release.XXXXXX)
trap 'rm -rf "$work"' EXIT
commit=$(bash release/worktree_commit.sh) || tap_bail "a commit of the working tree"
release=$(release_dir "$commit")
read -r name version < <(git show "$commit:META.json" | python3 -c 'import json, sys; m = json.load(sys.stdin); print(m["name"], m["version"])')
nv="$name-$version"
debver=$(git show "$commit:debian/changelog" | sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p')
arch=$(dpkg --print-architecture)

start=$(date +%s)
UUIDX_RELEASE_COMMIT=$commit UUIDX_RELEASE_REUSE_ONLY=1 bash release/release.sh "$work/out" >"$work/release.log" 2>&1
rc=$?
tap_note "$(cat "$work/release.log")"
if [ "$rc" != 0 ] && grep -q '^release: not built from this tree' "$work/release.log"; then
  all=1
  for m in 15 17 18 19; do [[ " ${UUIDX_PG_VERSIONS:-} " == *" $m "* ]] || all=""; done
  [ -n "$all" ] || tap_skip_all "the whole release: this run (majors ${UUIDX_PG_VERSIONS:-none}) did not build all of it: $(grep -m1 '^release: not built from this tree' "$work/release.log")"
fi
tap_check "release.sh made the release from this run's artefacts" \
  "$([ "$rc" = 0 ] && [ "$(grep -c 'built from this tree already, taken' "$work/release.log")" = 5 ] && echo t)" \
  "exit $rc; $(grep -c 'built from this tree already, taken' "$work/release.log") of 5 package and image builds taken; $(($(date +%s) - start)) s"
[ "$rc" = 0 ] || tap_done

out=$work/out
want=("$nv.tar.gz" "$nv.zip" "$nv-sql.sql" "$nv-pgtle.sql" "$nv-pglite.tar.gz" RELEASE_NOTES.md SHA256SUMS)
for m in 15 17 18 19; do want+=("postgresql-$m-uuidx_${debver}_$arch.deb"); done
for m in 18 19; do want+=("$nv-pg$m-image.tar" "$nv-pg$m-image.digest" "$nv-pg$m-image.json"); done
have=$(cd "$out" && find . -mindepth 1 | sed 's|^\./||' | sort | tr '\n' ' ')
tap_check "the artefacts, and nothing else" \
  "$([ "$have" = "$(printf '%s\n' "${want[@]}" | sort | tr '\n' ' ')" ] && echo t)" "$have"
sums=$(cd "$out" && sha256sum -c SHA256SUMS 2>&1)
tap_check "sha256sum -c SHA256SUMS: every artefact but the list itself, each OK" \
  "$([ $? = 0 ] && [ "$(grep -c ': OK$' <<<"$sums")" = $((${#want[@]} - 1)) ] && echo t)" "$(grep -c ': OK$' <<<"$sums") OK"
# Reproducible: made again, the release is the same, byte for byte (the archives are made anew,
# the packages and images taken again).
UUIDX_RELEASE_COMMIT=$commit UUIDX_RELEASE_REUSE_ONLY=1 bash release/release.sh "$work/again" >"$work/again.log" 2>&1
again=$(cd "$work/again" 2>/dev/null && sha256sum -c "$out/SHA256SUMS" 2>&1)
tap_check "release.sh again, into another directory: the same artefacts, byte for byte (the source archive and the zip made anew)" \
  "$([ $? = 0 ] && [ "$(grep -c ': OK$' <<<"$again")" = $((${#want[@]} - 1)) ] && echo t)" "$(grep -v ': OK$' <<<"$again" | head -n 3 | tr '\n' ' ')"
cp -a "$out" "$work/changed"
printf 'x' >>"$work/changed/$nv.zip"
tap_check "... and it fails on a changed file" \
  "$( (cd "$work/changed" && ! sha256sum --quiet -c SHA256SUMS >/dev/null 2>&1) && echo t)" "$nv.zip with one byte more"

# The archives: the source archive is the commit, the zip that without debian/.
python3 - "$out" "$nv" "$commit" >"$work/archives" <<'PY'
import subprocess, sys, tarfile, zipfile
out, top, commit = sys.argv[1:]
tracked = set(subprocess.run(["git", "ls-tree", "-r", "--name-only", commit], capture_output=True,
                             text=True, check=True).stdout.split("\n")) - {""}
tar_names = [m.name for m in tarfile.open(f"{out}/{top}.tar.gz").getmembers() if m.isfile() or m.issym()]
zip_names = [i.filename for i in zipfile.ZipFile(f"{out}/{top}.zip").infolist() if not i.is_dir()]
for kind, names, expected in (("tar.gz", tar_names, tracked),
                              ("zip", zip_names, {f for f in tracked if not f.startswith("debian/")})):
    under = all(n.startswith(top + "/") for n in names)
    files = {n[len(top) + 1:] for n in names}
    needed = {"LICENSE", "META.json", "CHANGELOG.md"} | ({"debian/control", "debian/changelog"} if kind == "tar.gz" else set())
    ok = under and files == expected and needed <= files
    print(f"{'t' if ok else 'f'}|{kind}: the files of the commit{'' if kind == 'tar.gz' else ' but debian/'}"
          f" under NAME-VERSION/, with {', '.join(sorted(needed))}"
          f"|{len(files)} files under {top}/; missing {sorted(expected - files)[:5]} extra {sorted(files - expected)[:5]} all under {under}")
PY
while IFS='|' read -r res what why; do
  tap_check "$what" "$res" "$why"
done <"$work/archives"

for m in 15 17 18 19; do
  deb="$out/postgresql-$m-uuidx_${debver}_$arch.deb"
  f=$(dpkg-deb -f "$deb" Package Version 2>&1 | tr '\n' ' ')
  tap_check "the .deb of $m: postgresql-$m-uuidx of the Debian version" \
    "$([ "$f" = "Package: postgresql-$m-uuidx Version: $debver " ] && echo t)" "$f"
done
for m in 18 19; do
  mkdir "$work/oci$m"
  tar -xf "$out/$nv-pg$m-image.tar" -C "$work/oci$m"
  d=$(cat "$out/$nv-pg$m-image.digest")
  tap_check "the image archive of $m: an OCI layout whose tag VERSION-pg$m is the manifest of its .digest file" \
    "$(python3 -c 'import json, sys; sys.exit(0 if [m["digest"] for m in json.load(open(sys.argv[1]))["manifests"] if m["annotations"]["org.opencontainers.image.ref.name"] == sys.argv[3]] == [sys.argv[2]] else 1)' \
       "$work/oci$m/index.json" "$d" "$version-pg$m" && [ -f "$work/oci$m/blobs/${d/://}" ] && echo t)" \
    "$nv-pg$m-image.tar: $(wc -c <"$out/$nv-pg$m-image.tar") bytes, tag $version-pg$m, manifest $d"
done

# The notes: the CHANGELOG section, read here with Python, as it stands in the notes.
section=$(git show "$commit:CHANGELOG.md" | python3 -c '
import re, sys
text = sys.stdin.read()
m = re.search(r"^## " + re.escape(sys.argv[1]) + r"( [^\n]*)?$.*?(?=^## |\Z)", text, re.M | re.S)
print(m.group(0).rstrip("\n") if m else "")' "$version")
notes=$(cat "$out/RELEASE_NOTES.md")
first=${section%%$'\n'*}
tap_check "RELEASE_NOTES.md: '# NAME' and CHANGELOG.md's section for the version, whole" \
  "$([ -n "$section" ] && [ "$(head -n 1 <<<"$notes")" = "# $name ${first#"## "}" ] &&
     [ "$(sed -n "2,$(wc -l <<<"$section")p" <<<"$notes")" = "$(tail -n +2 <<<"$section")" ] && echo t)" \
  "$(head -n 1 <<<"$notes"); $(wc -l <<<"$section") lines of the section"

# A record is taken only while its files are unchanged.
cp -a "$release" "$work/stale"
tree=$(git rev-parse "$commit^{tree}")
printf 'x' >>"$work/stale/postgresql-15-uuidx_${debver}_$arch.deb"
tap_check "a record whose .deb changed is not taken" \
  "$(stamp_fresh "$release" debs-15 "$tree" && ! stamp_fresh "$work/stale" debs-15 "$tree" && echo t)" "debs-15"
tap_done
