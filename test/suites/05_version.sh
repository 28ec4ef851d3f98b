#!/usr/bin/env bash
# scope: once
# Two versions, each stated once: the SQL version X.Y, EXTVERSION in the Makefile (the control
# file's default_version, the install script), and the distribution version X.Y.Z, META.json's
# version (its provides entry, the CHANGELOG, debian/changelog), which extends the SQL version (a
# packaging release changes Z only). release/versions.py (which make dist and make release run
# too) checks them; META.json must follow the PGXN Meta Spec 1.0
# (release/pgxn_meta.py). Both checkers are also fed broken input that they must reject, so
# that their passing means something.
set -u
cd "$(dirname "$0")/../.."
source test/lib/tap.sh
check() {  # check "what" command...: the command's output shown when it fails
  local out
  out=$("${@:2}" 2>&1)
  tap_check "$1" "$([ $? = 0 ] && echo t)" "$out"
}
ver=$(sed -n 's/^EXTVERSION *= *//p' Makefile)
dist=$(python3 -c 'import json; print(json.load(open("META.json"))["version"])')
tap_note "EXTVERSION = $ver, distribution version $dist"

# Every file states its version: versions.py, one line per file ("ok   ..." or "FAIL ...: found ...").
check "release/versions.py: every file states the SQL and the distribution version" python3 release/versions.py .

check "control file is trusted and not relocatable (its scripts use @extschema@)" \
  bash -c "grep -qx 'trusted = true' uuidx.control && grep -qx 'relocatable = false' uuidx.control"
check "the released install and update scripts are as released (sha256sum -c names any that differs)" sha256sum -c <<'SUMS'
a59a9b36c51526b0daf50b998549b4e55b3d174fcfe2cadc3071f520e5316c94  uuidx--1.0.sql
d8513e7c934f1e587592ba1058f3af3e391c514481dcf867936963bb33691c00  uuidx--1.0--1.1.sql
f11ee6e39a524090bd1d9ddd6deedf0774de44245d5c1f925375c6adc0bf2b83  uuidx--1.1--1.2.sql
3e88e1894625f7e2fe7702dfc0b47bcd006a5c184ada2f5a23189380c5e6d76e  uuidx--1.2--1.3.sql
5c9e0b2e9edbd9cd661c3128f909f0eee8e468bcc6de749527eed3529d84897d  uuidx--1.2-sql.sql
623c0d3f6adc9c517fbee8559dd5aa964750853b9fc1e7c14cd414c10eaaef52  uuidx--1.2-sql--1.2.sql
77256c0c3ece8739267410001aee8a4d6cccb4b51723c34e0521956ba5e16365  uuidx--1.3-sql.sql
6f489ee143ecf99748b64472390aebc37e74e4352273c905a7077952c5c686d6  uuidx--1.3-sql--1.3.sql
54490644de00804cf49756315decb715db0842a29ec3f85db37d76ae94330bfd  release/sql-edition/uuidx-1.2.0-pgtle.sql
9d19cbc091b02e2f0491b231d5f05bbc3b502c358205c5afdde56feaf1d731c7  release/sql-edition/uuidx-1.2.0-sql.sql
SUMS
# One hand-edited install source: the full script of this version is made by make, never kept
# beside it, and no two full scripts in the tree are one (1.2's was 1.1's with another first line).
check "the install script of this version is made from src/uuidx.sql, not kept in the tree" \
  bash -c "[ -z \"\$(git ls-files \"uuidx--$ver.sql\")\" ] && make -s -f Makefile uuidx--$ver.sql PG_CONFIG=\${PG_CONFIG:-pg_config} >/dev/null 2>&1 && cmp -s <(tail -n +2 uuidx--$ver.sql) <(tail -n +2 src/uuidx.sql) && head -1 uuidx--$ver.sql | grep -q '^-- uuidx $ver: '"
check "no two install scripts in the tree differ only in their first line" \
  bash -c '[ -z "$(for f in $(git ls-files "uuidx--*.sql" src/uuidx.sql); do tail -n +2 "$f" | sha256sum; done | sort | uniq -d)" ]'

check "META.json follows the PGXN Meta Spec 1.0 (release/pgxn_meta.py)" \
  python3 release/pgxn_meta.py --root . META.json
check "META.json names OpenSSL only under a custom x_ key (prereqs are for PGXN and core/contrib)" \
  python3 -c "
import json, sys
m = json.load(open('META.json'))
std = [n for ph in m['prereqs'].values() for rel, names in ph.items() if not rel.startswith('x_') for n in names]
ssl = [n for ph in m['prereqs'].values() for rel, names in ph.items() if rel.startswith('x_') for n in names if n == 'OpenSSL']
sys.exit(0 if 'OpenSSL' not in std and ssl and 'PostgreSQL' in m['prereqs']['build']['requires'] else 1)"

# pgxn_meta.py must reject each of these breaks of the spec (and accept the custom keys).
tmp=$(mktemp -d /tmp/uuidx-version.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/cases" <<'CASES'
reject|no name|del m["name"]
reject|no abstract|del m["abstract"]
reject|no maintainer|del m["maintainer"]
reject|no license|del m["license"]
reject|no provides|del m["provides"]
reject|no meta-spec|del m["meta-spec"]
reject|no version|del m["version"]
reject|a version that is not SemVer|m["version"] = "1.1"
reject|a leading zero in the version|m["version"] = "1.01.0"
reject|a one-letter name|m["name"] = "u"
reject|a name with a space|m["name"] = "uu idx"
reject|an empty abstract|m["abstract"] = ""
reject|no maintainer in the list|m["maintainer"] = []
reject|a license outside the spec's list|m["license"] = "PostgreSQL License"
reject|a license map whose value is not a URI|m["license"] = {"PostgreSQL": "the PostgreSQL licence"}
reject|an empty provides|m["provides"] = {}
reject|a provides entry without file|del m["provides"]["uuidx"]["file"]
reject|a provides entry without version|del m["provides"]["uuidx"]["version"]
reject|a provides file that does not exist|m["provides"]["uuidx"]["file"] = "uuidx--9.9.sql"
reject|an absolute provides file|m["provides"]["uuidx"]["file"] = "/usr/share/uuidx.sql"
reject|a provides docfile with backslashes|m["provides"]["uuidx"]["docfile"] = "doc\\uuidx.md"
reject|an unknown key in a provides entry|m["provides"]["uuidx"]["homepage"] = "https://example.org/"
reject|meta-spec 2.0.0|m["meta-spec"]["version"] = "2.0.0"
reject|an unknown top-level key|m["homepage"] = "https://example.org/"
reject|an unknown prereqs phase|m["prereqs"]["install"] = {"requires": {"PostgreSQL": "15.0.0"}}
reject|an unknown prereqs relationship|m["prereqs"]["runtime"]["needs"] = {"PostgreSQL": "15.0.0"}
reject|a version range that is no range|m["prereqs"]["runtime"]["requires"]["PostgreSQL"] = "15"
reject|an empty prereqs phase|m["prereqs"]["develop"] = {}
reject|a tag with a slash|m["tags"].append("uuid/v7")
reject|release_status beta|m["release_status"] = "beta"
reject|an unknown resources key|m["resources"] = {"wiki": "https://example.org/"}
reject|a repository url without type|m["resources"] = {"repository": {"url": "https://example.org/uuidx.git"}}
reject|a bugtracker mailto that is no address|m["resources"] = {"bugtracker": {"mailto": "nobody"}}
accept|custom x_ keys at the top, in a phase and in resources|m["x_note"] = {"any": ["thing"]}; m["prereqs"]["test"]["x_tool"] = {"pg_regress": 0}; m["resources"] = {"x_chat": "irc://example.org/uuidx"}
accept|version ranges with operators|m["prereqs"]["runtime"]["requires"]["PostgreSQL"] = ">= 15.0.0, != 16.0.0, < 19.0.0"
accept|a license list and a single maintainer string|m["license"] = ["postgresql", "mit"]; m["maintainer"] = "Somebody <somebody@example.org>"
accept|full resources|m["resources"] = {"homepage": "https://example.org/", "bugtracker": {"web": "https://example.org/issues", "mailto": "bugs@example.org"}, "repository": {"url": "https://example.org/uuidx.git", "web": "https://example.org/uuidx", "type": "git"}}
CASES
# One python process runs every case: each edits a copy of META.json and checks it.
out=$(python3 - "$tmp/cases" <<'PY'
import copy, json, sys
sys.path.insert(0, "release")
import pgxn_meta
base = json.load(open("META.json"))
for line in open(sys.argv[1], encoding="utf-8"):
    expect, what, edit = line.rstrip("\n").split("|", 2)
    m = copy.deepcopy(base)
    exec(edit)
    problems = pgxn_meta.Checker(".").check(m)
    print(("t" if (expect == "reject") == bool(problems) else "f") + f"|pgxn_meta.py should {expect} META.json with {what}|"
          + "; ".join(problems))
PY
)
tap_check "the pgxn_meta.py cases ran" "$([ "$(grep -c . <<<"$out")" = "$(grep -c . "$tmp/cases")" ] && echo t)" \
  "$(grep -c . <<<"$out") of $(grep -c . "$tmp/cases") cases"
while IFS='|' read -r ok what problems; do
  [ -n "$what" ] && tap_check "$what" "$ok" "$problems"
done <<<"$out"

# versions.py must notice a file that states another version (make dist refuses then).
mkdir -p "$tmp/tree/debian" "$tmp/tree/docs"
cp docs/install.md "$tmp/tree/docs/"
cp Makefile uuidx.control META.json CHANGELOG.md README.md "$tmp/tree/"
mkdir -p "$tmp/tree/src" && cp src/uuidx.sql "$tmp/tree/src/"
cp debian/changelog "$tmp/tree/debian/"
disagree() {  # disagree "what" file sed-expression: versions.py must fail on the edited copy
  cp "$2" "$tmp/saved"
  sed -i "$3" "$2"
  if cmp -s "$2" "$tmp/saved"; then
    tap_check "versions.py refuses $1" f "the edit changed nothing"
  else
    ! python3 release/versions.py "$tmp/tree" >"$tmp/out" 2>&1
    tap_check "versions.py refuses $1" "$([ $? = 0 ] && echo t)" "$(grep '^FAIL' "$tmp/out")"
  fi
  cp "$tmp/saved" "$2"
}
check "versions.py accepts the unchanged copy" python3 release/versions.py "$tmp/tree"
d=${dist//./\\.}
disagree "a debian/changelog of another upstream version" "$tmp/tree/debian/changelog" "1s/($d-/(9.9.9-/"
disagree "a debian/changelog of another source package" "$tmp/tree/debian/changelog" "1s/^uuidx /uuid-x /"
disagree "a META.json of another version (and provides)" "$tmp/tree/META.json" "s/\"version\": \"$d\"/\"version\": \"9.9.0\"/"
disagree "a META.json whose provides states another version" "$tmp/tree/META.json" "0,/\"version\": \"$d\"/s//\"version\": \"$ver.99\"/"
disagree "a META.json version of two parts" "$tmp/tree/META.json" "s/\"version\": \"$d\"/\"version\": \"$ver\"/"
disagree "a control file of another default_version" "$tmp/tree/uuidx.control" "s/^default_version = .*/default_version = '9.9'/"
disagree "a CHANGELOG.md without a heading for the distribution version" "$tmp/tree/CHANGELOG.md" "s/^## $d\\b/## 9.9.9/"
disagree "a README.md documenting another version" "$tmp/tree/README.md" "s/documents uuidx $d /documents uuidx 9.9.9 /"
disagree "a README.md naming another version's archive" "$tmp/tree/README.md" "0,/uuidx-$d\\.tar/s//uuidx-9.9.9.tar/"
disagree "a docs/install.md naming another version's package" "$tmp/tree/docs/install.md" "0,/uuidx_$d-1/s//uuidx_9.9.9-1/"
disagree "a README.md released on another date than its CHANGELOG.md heading" "$tmp/tree/README.md" "s/), released [0-9-]* /), released 1999-01-01 /"
disagree "a debian/changelog entry dated another day" "$tmp/tree/debian/changelog" "0,/^ -- .*>  \w*, [0-9]* /s//&1/"
# A distribution version agreed everywhere is taken when it extends the SQL version (a packaging
# release: Z changes) and refused when it does not (a new X.Y needs a new SQL version first).
cp -a "$tmp/tree" "$tmp/patch"
bump() {  # bump FROM TO: the distribution version FROM (a sed pattern) made TO in every file of the copy
  sed -i "s/\"version\": \"$1\"/\"version\": \"$2\"/; 1s/($1-/($2-/; s/^## $1\\b/## $2/; s/uuidx $1 /uuidx $2 /; s/uuidx\([-_]\)$1/uuidx\\1$2/g" \
    "$tmp/patch/"{META.json,debian/changelog,CHANGELOG.md,README.md,docs/install.md}; }
bump "$d" "$ver.99"
check "versions.py takes a patch release (EXTVERSION.99) agreed everywhere" python3 release/versions.py "$tmp/patch"
bump "$ver\\.99" 9.9.0
out=$(python3 release/versions.py "$tmp/patch" 2>&1)
check "versions.py refuses a distribution version 9.9.0 agreed everywhere but the SQL version, and only for that" \
  bash -c '[ "$(grep -c "^FAIL" <<<"$1")" = 1 ] && grep -q "^FAIL META.json version 9.9.0 is X.Y.Z with X.Y the SQL version" <<<"$1"' _ "$out"
sed -i "1s/($d-/(1:$d-/" "$tmp/tree/debian/changelog"
check "versions.py takes a Debian epoch (1:VERSION-1) as upstream VERSION" python3 release/versions.py "$tmp/tree"
tap_done
