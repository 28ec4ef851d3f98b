#!/usr/bin/env python3
"""versions.py: checks that a source tree states its two versions consistently.

    python3 release/versions.py [ROOT]

Two versions, each stated once and checked everywhere else:
- the SQL version X.Y, EXTVERSION in ROOT/Makefile: the control file's default_version, the
  install script's source src/uuidx.sql (make writes uuidx--X.Y.sql from it; META.json's provides
  names it), and update scripts that lead to X.Y from every older install script;
- the distribution version X.Y.Z, META.json's version: that of the archives and packages. A
  packaging release changes only Z, so X.Y must be the SQL version. Against it: META.json's
  provides entry, a CHANGELOG.md heading, and the upstream part of the newest debian/changelog
  version (1.1.1-1 -> 1.1.1), and the README: the line "This README documents uuidx X.Y.Z (SQL
  version X.Y), released DATE", DATE that of the CHANGELOG.md heading, and every archive name
  uuidx-X.Y.Z it gives; docs/install.md's archive and package names too.
Prints one line per check, "ok   ..." or "FAIL ...", and exits 1 if any failed. make dist, make
release and test/suites/05_version.sh run it.
"""
import datetime
import json
import os
import re
import sys


def read(root, name):
    with open(os.path.join(root, name), encoding="utf-8") as f:
        return f.read()


def main(argv):
    root = argv[0] if argv else "."
    results = []

    def check(what, ok, found):
        results.append((ok, what, found))

    m = re.search(r"^EXTVERSION\s*=\s*(\S+)\s*$", read(root, "Makefile"), re.M)
    if not m:
        print("FAIL Makefile has no EXTVERSION line")
        return 1
    ver = m.group(1)

    control = read(root, "uuidx.control")
    m = re.search(r"^default_version\s*=\s*'([^']*)'", control, re.M)
    check(f"uuidx.control default_version is '{ver}'", bool(m) and m.group(1) == ver,
          m.group(1) if m else "no default_version")

    try:
        meta = json.loads(read(root, "META.json"))
    except ValueError as e:
        meta = {}
        check("META.json is JSON", False, str(e))
    dist = str(meta.get("version"))
    print(f"SQL version (EXTVERSION) = {ver}, distribution version (META.json) = {dist}")
    parts = re.fullmatch(r"([0-9]+\.[0-9]+)\.[0-9]+", dist)
    check(f"META.json version {dist} is X.Y.Z with X.Y the SQL version {ver}",
          bool(parts) and parts.group(1) == ver, dist)
    ext = meta.get("provides", {}).get("uuidx", {})
    check(f"META.json provides.uuidx.version is {dist}", ext.get("version") == dist, ext.get("version"))
    script = "src/uuidx.sql"
    check(f"META.json provides.uuidx.file is {script}", ext.get("file") == script, ext.get("file"))
    check(f"{script} exists, its version left to make", os.path.isfile(os.path.join(root, script))
          and read(root, script).startswith("-- uuidx @SQL_VERSION@: "), "missing, or a version in its first line")
    # Every older install script uuidx--A.sql has update scripts uuidx--A--B.sql ... to this version.
    steps = dict(m.groups() for m in (re.fullmatch(r"uuidx--([0-9.]+)--([0-9.]+)\.sql", f) for f in os.listdir(root)) if m)
    stranded = []
    for m in filter(None, (re.fullmatch(r"uuidx--([0-9.]+)\.sql", f) for f in os.listdir(root))):
        at = m.group(1)
        for _ in range(len(steps)):
            at = steps.get(at, at)
        stranded += [] if at == ver or m.group(1) == ver else [m.group(1)]
    check(f"every older install script has update scripts up to {ver}", not stranded, sorted(stranded))

    heading = re.search(rf"^## {re.escape(dist)}(?: — ([0-9-]{{10}}))?( |$)", read(root, "CHANGELOG.md"), re.M)
    check(f"CHANGELOG.md has a heading '## {dist}'", bool(heading), "no such heading")

    readme = read(root, "README.md")
    m = re.search(r"documents uuidx (\S+) \(SQL version (\S+)\), released (\S+) ", readme)
    stated = m.groups() if m else "no 'documents uuidx X.Y.Z (SQL version X.Y), released DATE' line"
    check(f"README.md documents uuidx {dist} (SQL version {ver}), released on the date of its CHANGELOG.md heading",
          bool(m and heading) and stated == (dist, ver, heading.group(1)), stated)
    names = sorted(set(re.findall(r"uuidx-([0-9]+\.[0-9]+\.[0-9]+)", readme)) - {dist})
    check(f"README.md names archives of uuidx {dist} only", not names, names)
    if os.path.exists(os.path.join(root, "docs/install.md")):
        names = sorted(set(re.findall(r"uuidx[-_]([0-9]+\.[0-9]+\.[0-9]+)", read(root, "docs/install.md"))) - {dist})
        check(f"docs/install.md names archives and packages of uuidx {dist} only", not names, names)

    # The first line of a Debian changelog: "uuidx (1.2.0-1) unstable; urgency=medium".
    first = read(root, "debian/changelog").splitlines()[0] if os.path.exists(
        os.path.join(root, "debian/changelog")) else ""
    m = re.match(r"^(\S+) \(([^)\s]+)\) ", first)
    if m:
        debver = m.group(2)
        upstream = re.sub(r"^[0-9]+:", "", debver)  # epoch
        upstream = upstream.rsplit("-", 1)[0] if "-" in upstream else upstream  # Debian revision
        check(f"debian/changelog's upstream version is {dist}", upstream == dist, f"{debver} (upstream {upstream})")
        check("debian/changelog's source package is uuidx", m.group(1) == "uuidx", m.group(1))
        # The newest entry's trailer (the first, not the first that parses: an older entry may
        # share its date): " -- NAME <ADDRESS>  Fri, 27 Nov 2026 12:00:00 +0000".
        trailer = next((l for l in read(root, "debian/changelog").splitlines() if l.startswith(" -- ")), "")
        when = re.match(r"^ -- .*>  \w{3}, (\d+ \w{3} \d{4}) ", trailer)
        when = datetime.datetime.strptime(when.group(1), "%d %b %Y").date().isoformat() if when else None
        check("debian/changelog's entry is dated as the CHANGELOG.md heading",
              bool(heading) and when == heading.group(1), when)
    else:
        check(f"debian/changelog's upstream version is {dist}", False, f"unreadable first line {first!r}")

    failed = 0
    for ok, what, found in results:
        if ok:
            print(f"ok   {what}")
        else:
            print(f"FAIL {what}: found {found}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
