#!/usr/bin/env bash
# scope: once
# server:
# packages: unzip pgxnclient postgresql-15 postgresql-server-dev-15
# The PGXN release (make dist, release/dist.sh): the zip holds one top directory NAME-VERSION/
# with every file of the commit but debian/ and no build product; Debian's pgxnclient installs it
# (`pgxn install ./NAME-VERSION.zip`) against apt's PostgreSQL 15 and tests it (`pgxn check`:
# make installcheck) on a throwaway cluster; its META.json follows the PGXN Meta Spec. The zip goes
# to the release directory (release/artefacts.sh), where `make release` and 72_release take it.
# What is archived: the working tree as it would be committed (release/worktree_commit.sh);
# UUIDX_DIST_COMMIT=HEAD: exactly what `make dist` would write now.
# pgxn install writes into /usr/lib/postgresql/15: at the end the tree's own build
# (build/pg/_usr_lib_postgresql_15_bin) is installed again, for the suites after this one.
set -u
cd "$(dirname "$0")/../.."
top=$(pwd)
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
export PGBIN=/usr/lib/postgresql/15/bin
source test/lib/cluster.sh
source test/lib/tap.sh

# The end, also of a failed step (stop): the tree's build back, then the plan (tap_done).
finish() {
  local tree_build="$top/build/pg/_usr_lib_postgresql_15_bin"
  if [ -n "${installed_zip_build:-}" ] && [ -f "$tree_build/Makefile" ]; then
    make -C "$tree_build" -s PG_CONFIG="$PG_CONFIG" install >/dev/null 2>&1
    tap_check "the tree's own build installed again" "$([ $? = 0 ] && echo t)" "$tree_build"
  fi
  [ -n "${UUIDX_KEEP_DIST:-}" ] || rm -rf "$work"
  tap_done
}
stop() { tap_check "$1" f "${2:-}"; exit 1; }
work=$(mktemp -d /tmp/uuidx-dist.XXXXXX)
chmod 755 "$work"
trap finish EXIT

# ---- the archive --------------------------------------------------------------------------
start=$(date +%s)
if [ -n "${UUIDX_DIST_COMMIT:-}" ]; then
  commit=$UUIDX_DIST_COMMIT
  tap_note "archiving $commit"
else
  commit=$(bash release/worktree_commit.sh) || stop "a commit of the working tree"
  if [ "$(git rev-parse "$commit^{tree}")" = "$(git rev-parse 'HEAD^{tree}')" ]; then
    tap_note "archiving the working tree (the same files as HEAD)"
  else
    tap_note "archiving the working tree (differs from HEAD: $(git diff --name-only HEAD "$commit" | wc -l) files)"
  fi
fi
source release/artefacts.sh
release=$(release_dir "$commit") || stop "a release directory for the commit" "$commit"
out=$(bash release/dist.sh "$commit" "$release" 2>&1) || stop "dist.sh writes the archive" "$out"
tap_check "dist.sh writes the archive" t "$(grep '^dist: wrote' <<<"$out" | sed 's/^dist: //')"
read -r name version < <(git show "$commit:META.json" | python3 -c 'import json, sys; m = json.load(sys.stdin); print(m["name"], m["version"])')
zip="$release/$name-$version.zip"
[ -f "$zip" ] || stop "the archive is named NAME-VERSION.zip (META.json name and version)" "no $name-$version.zip in $release: $(ls "$release")"
tap_check "the archive is named NAME-VERSION.zip (META.json name and version)" t "$name-$version.zip"

python3 - "$zip" "$name-$version" "$commit" >"$work/zipcheck" <<'PY'
import subprocess, sys, zipfile
zip_path, top, commit = sys.argv[1:]
names = [i.filename for i in zipfile.ZipFile(zip_path).infolist()]
files = {n[len(top) + 1:] for n in names if not n.endswith("/")}
def check(ok, what, detail=""):
    print(("t" if ok else "f") + "|" + what + "|" + detail)
outside = [n for n in names if not n.startswith(top + "/")]
check(not outside, "every entry is under NAME-VERSION/", f"not: {outside[:5]}" if outside else "")
tracked = set(subprocess.run(["git", "ls-tree", "-r", "--name-only", commit], capture_output=True,
                             text=True, check=True).stdout.split("\n")) - {""}
expected = {f for f in tracked if not f.startswith("debian/")}
missing = sorted(expected - files)
extra = sorted(files - expected)
check(not missing, "it holds every file of the commit outside debian/",
      f"{len(expected)} files" + (f"; missing: {missing[:10]}" if missing else ""))
check(not extra, "it holds nothing else", f"extra: {extra[:10]}" if extra else "")
check(not any(f.startswith("debian/") for f in files), "no debian/ (PGXN users do not need it)")
products = [f for f in files if f.endswith((".o", ".so", ".bc", ".d", ".zip")) or
            f.split("/")[0] in ("build", "results", "log", "tmp_check") or f in ("regression.diffs", "regression.out")]
check(not products, "no build products (*.o, *.so, build/, results/, ...)", f"{products[:10]}" if products else "")
needed = ["Makefile", "uuidx.control", "META.json", "README.md", "CHANGELOG.md", "LICENSE", "src/pg/exports.txt",
          "sql/include/setup.psql"]
check(all(n in files for n in needed), "it holds " + ", ".join(needed))
print(f"files|{len(files)}")
PY
while IFS='|' read -r res what detail; do
  case $res in
    files) nfiles=$what ;;
    *) tap_check "zip: $what" "$res" "$detail" ;;
  esac
done <"$work/zipcheck"
tap_note "the zip's top level: $(unzip -Z1 "$zip" | cut -d/ -f2 | sort -u | grep . | tr '\n' ' ')"

# ---- unpacked by hand: one directory, its META.json valid ------------------------------------
mkdir "$work/fresh"
(cd "$work/fresh" && unzip -q "$zip") || stop "unzip unpacks the zip"
src="$work/fresh/$name-$version"
tap_check "unzip makes one directory, NAME-VERSION/" "$([ "$(ls "$work/fresh")" = "$name-$version" ] && echo t)" "$(ls "$work/fresh")"
python3 release/pgxn_meta.py --root "$src" "$src/META.json" >"$work/meta.log" 2>&1
tap_check "the unpacked META.json follows the PGXN Meta Spec and its files are there" "$([ $? = 0 ] && echo t)" "$(cat "$work/meta.log")"

# ---- pgxnclient: pgxn install, then pgxn check on a throwaway cluster ------------------------
# From a directory of its own (pgxn check leaves regression.diffs there on failure), the zip by a
# path with a '/' (a local file, not a name to look up on PGXN).
mkdir "$work/pgxn"
cp "$zip" "$work/pgxn/"
pgxn_opts=(--pg_config "$PG_CONFIG" --make make)
t0=$(date +%s)
installed_zip_build=1
(cd "$work/pgxn" && MAKEFLAGS="-j$(nproc)" pgxn install "${pgxn_opts[@]}" "./$name-$version.zip") >"$work/install.log" 2>&1 ||
  stop "pgxn install ./NAME-VERSION.zip" "$(tail -n 30 "$work/install.log")"
tap_check "pgxn install ./NAME-VERSION.zip" t "$(pgxn --version 2>&1 | head -n 1); $(($(date +%s) - t0)) s"
so=$("$PG_CONFIG" --pkglibdir)/uuidx.so
tap_check "pgxn install put a new uuidx.so (newer than the zip)" "$([ "$so" -nt "$zip" ] && echo t)" "$so"
t0=$(date +%s)
(cd "$work/pgxn" && pgxn check "${pgxn_opts[@]}" -h "$PGHOST" -p "$PGPORT" -U postgres "./$name-$version.zip") >"$work/installcheck.log" 2>&1
rc=$?
tap_check "pgxn check ./NAME-VERSION.zip" "$([ $rc = 0 ] && echo t)" \
  "exit code $rc, $(($(date +%s) - t0)) s: $(grep -E 'tests passed|tests failed' "$work/installcheck.log" | tr -s ' ' | sed 's/^ //')"
[ $rc = 0 ] || tap_note "$(tail -n 40 "$work/installcheck.log"; head -n 80 "$work/pgxn/regression.diffs" 2>/dev/null)"
tap_check "pgxn check ran the regression suite, every test passed" "$(grep -qE 'All [0-9]+ tests passed' "$work/installcheck.log" && echo t)" \
  "$(grep -oE 'All [0-9]+ tests passed' "$work/installcheck.log")"
tap_note "$nfiles files in the zip; $(($(date +%s) - start)) s for this suite"
