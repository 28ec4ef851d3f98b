#!/usr/bin/env python3
"""pgxn_meta.py: checks a META.json against the PGXN Meta Spec 1.0.x, offline.

    python3 release/pgxn_meta.py [--root DIR] META.json

Prints one line per violation and exits 1 if there is any, else prints nothing and exits 0.
With --root, the paths in provides (file, docfile) and no_index must also exist under DIR, the
root of the distribution.

The rules are those of the spec's text (https://pgxn.org/spec/, version 1.0.x): required keys
name, abstract, maintainer, license, provides, meta-spec and version; the optional keys and their
types; custom keys must start with x_ or X_ (anywhere, subkeys of a custom key are free); Terms,
Tags, SemVer 2.0.0 Versions, Version Ranges, License Strings, unix-style relative paths, prereq
phases and relationships, resources subkeys, release_status values.
"""
import json
import os
import re
import sys

REQUIRED = ["name", "abstract", "maintainer", "license", "provides", "meta-spec", "version"]
OPTIONAL = ["description", "generated_by", "tags", "no_index", "prereqs", "release_status", "resources"]
LICENSE_STRINGS = {
    "agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd", "gfdl_1_2",
    "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit", "mozilla_1_0",
    "mozilla_1_1", "openssl", "perl_5", "postgresql", "qpl_1_0", "ssleay", "sun", "zlib",
    "open_source", "restricted", "unrestricted", "unknown",
}
PHASES = {"configure", "build", "test", "runtime", "develop"}
RELATIONSHIPS = {"requires", "recommends", "suggests", "conflicts"}
RELEASE_STATUS = {"stable", "testing", "unstable"}

# Semantic Versioning 2.0.0 (the spec's Version Format).
_NUM = r"(?:0|[1-9][0-9]*)"
_PRE = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
SEMVER = rf"{_NUM}\.{_NUM}\.{_NUM}(?:-{_PRE}(?:\.{_PRE})*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?"
SEMVER_RE = re.compile(rf"^{SEMVER}$")
# A Version Range: 0, a Version, or comma-separated Versions each with an optional operator.
RANGE_PART = rf"(?:(?:==|!=|<=|>=|<|>)\s*)?{SEMVER}"
RANGE_RE = re.compile(rf"^(?:0|{RANGE_PART}(?:\s*,\s*{RANGE_PART})*)$")
URI_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$")
EMAIL_RE = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")


class Checker:
    def __init__(self, root=None):
        self.root = root
        self.problems = []

    def bad(self, where, message):
        self.problems.append(f"{where}: {message}")

    @staticmethod
    def custom(key):
        return isinstance(key, str) and key[:2].lower() == "x_"

    def string(self, where, value):
        if not isinstance(value, str) or value == "":
            self.bad(where, f"must be a non-empty String, not {json.dumps(value)}")
            return False
        return True

    def term(self, where, value):
        if not self.string(where, value):
            return
        if len(value) < 2 or re.search(r"[/\\\s]", value) or CONTROL_RE.search(value):
            self.bad(where, f"{value!r} is not a Term (2+ characters, no slash, backslash, space or control character)")

    def tag(self, where, value):
        if not self.string(where, value):
            return
        if len(value) >= 256 or re.search(r"[/\\]", value) or CONTROL_RE.search(value):
            self.bad(where, f"{value!r} is not a Tag (under 256 characters, no slash, backslash or control character)")

    def version(self, where, value):
        if self.string(where, value) and not SEMVER_RE.match(value):
            self.bad(where, f"{value!r} is not a Semantic Version 2.0.0 (MAJOR.MINOR.PATCH)")

    def version_range(self, where, value):
        if value == 0 and not isinstance(value, bool):
            return
        if not isinstance(value, str) or not RANGE_RE.match(value.strip()):
            self.bad(where, f"{json.dumps(value)} is not a Version Range (0, a Version, or e.g. '>= 1.2.0, < 2.0.0')")

    def uri(self, where, value):
        if self.string(where, value) and not URI_RE.match(value):
            self.bad(where, f"{value!r} is not a URI")

    def path(self, where, value):
        if not self.string(where, value):
            return
        if value.startswith("/") or "\\" in value or ".." in value.split("/"):
            self.bad(where, f"{value!r} is not a relative path in unix conventions")
        elif self.root is not None and not os.path.exists(os.path.join(self.root, value)):
            self.bad(where, f"{value!r} does not exist in the distribution")

    def as_list(self, where, value):
        # A consumer expecting a List must take a String as a List of one.
        if isinstance(value, str):
            return [value]
        if isinstance(value, list):
            return value
        self.bad(where, f"must be a List (or a String), not {json.dumps(value)}")
        return []

    def mapping(self, where, value, nonempty=False):
        if not isinstance(value, dict):
            self.bad(where, f"must be a Map, not {json.dumps(value)}")
            return False
        if nonempty and not value:
            self.bad(where, "must not be empty")
            return False
        return True

    def only_keys(self, where, value, allowed):
        for key in value:
            if key not in allowed and not self.custom(key):
                self.bad(f"{where}.{key}", "is not a key of the spec; custom keys must start with x_")

    # ---- the fields ----------------------------------------------------------------------------

    def maintainer(self, value):
        items = self.as_list("maintainer", value)
        if not items:
            self.bad("maintainer", "must name at least one maintainer")
        for i, item in enumerate(items):
            self.string(f"maintainer[{i}]", item)

    def license(self, value):
        if isinstance(value, dict):
            if not value:
                self.bad("license", "must not be empty")
            for name, link in value.items():
                self.string("license (a license name)", name)
                self.uri(f"license.{name}", link)
            return
        items = self.as_list("license", value)
        if not items:
            self.bad("license", "must name at least one license")
        for i, item in enumerate(items):
            if item not in LICENSE_STRINGS:
                self.bad(f"license[{i}]", f"{item!r} is not a License String of the spec (e.g. postgresql, mit, bsd)")

    def provides(self, value):
        if not self.mapping("provides", value, nonempty=True):
            return
        for ext, entry in value.items():
            where = f"provides.{ext}"
            self.term(f"{where} (the extension name)", ext)
            if not self.mapping(where, entry):
                continue
            self.only_keys(where, entry, {"file", "version", "abstract", "docfile"})
            for key in ("file", "version"):
                if key not in entry:
                    self.bad(where, f"lacks the required key {key!r}")
            if "file" in entry:
                self.path(f"{where}.file", entry["file"])
            if "version" in entry:
                self.version(f"{where}.version", entry["version"])
            if "abstract" in entry:
                self.string(f"{where}.abstract", entry["abstract"])
            if "docfile" in entry:
                self.path(f"{where}.docfile", entry["docfile"])

    def meta_spec(self, value):
        if not self.mapping("meta-spec", value):
            return
        self.only_keys("meta-spec", value, {"version", "url"})
        if "version" not in value:
            self.bad("meta-spec", "lacks the required key 'version'")
        elif not (isinstance(value["version"], str) and re.match(r"^1\.0\.[0-9]+$", value["version"])):
            self.bad("meta-spec.version", f"{json.dumps(value['version'])} is not a 1.0.x version of the spec")
        if "url" in value:
            self.uri("meta-spec.url", value["url"])

    def no_index(self, value):
        if not self.mapping("no_index", value):
            return
        self.only_keys("no_index", value, {"file", "directory"})
        for key in ("file", "directory"):
            for i, item in enumerate(self.as_list(f"no_index.{key}", value.get(key, []))):
                self.path(f"no_index.{key}[{i}]", item)

    def prereqs(self, value):
        if not self.mapping("prereqs", value, nonempty=True):
            return
        for phase, relationships in value.items():
            where = f"prereqs.{phase}"
            if self.custom(phase):
                continue
            if phase not in PHASES:
                self.bad(where, f"{phase!r} is not a phase ({', '.join(sorted(PHASES))}) or a custom x_ key")
                continue
            if not self.mapping(where, relationships, nonempty=True):
                continue
            for rel, prereqs in relationships.items():
                if self.custom(rel):
                    continue
                if rel not in RELATIONSHIPS:
                    self.bad(f"{where}.{rel}", f"{rel!r} is not a relationship ({', '.join(sorted(RELATIONSHIPS))}) or a custom x_ key")
                    continue
                if not self.mapping(f"{where}.{rel}", prereqs, nonempty=True):
                    continue
                for name, rng in prereqs.items():
                    self.term(f"{where}.{rel} (an extension name)", name)
                    self.version_range(f"{where}.{rel}.{name}", rng)

    def resources(self, value):
        if not self.mapping("resources", value):
            return
        self.only_keys("resources", value, {"homepage", "bugtracker", "repository"})
        if "homepage" in value:
            self.uri("resources.homepage", value["homepage"])
        if "bugtracker" in value and self.mapping("resources.bugtracker", value["bugtracker"], nonempty=True):
            bt = value["bugtracker"]
            self.only_keys("resources.bugtracker", bt, {"web", "mailto"})
            if "web" in bt:
                self.uri("resources.bugtracker.web", bt["web"])
            if "mailto" in bt and self.string("resources.bugtracker.mailto", bt["mailto"]) \
                    and not EMAIL_RE.match(bt["mailto"]):
                self.bad("resources.bugtracker.mailto", f"{bt['mailto']!r} is not an email address")
        if "repository" in value and self.mapping("resources.repository", value["repository"], nonempty=True):
            repo = value["repository"]
            self.only_keys("resources.repository", repo, {"url", "web", "type"})
            for key in ("url", "web"):
                if key in repo:
                    self.uri(f"resources.repository.{key}", repo[key])
            if "type" in repo:
                if self.string("resources.repository.type", repo["type"]) and repo["type"] != repo["type"].lower():
                    self.bad("resources.repository.type", f"{repo['type']!r} must be lower case")
            elif "url" in repo:
                self.bad("resources.repository", "gives a url without a type (git, svn, hg, ...)")

    def check(self, meta):
        if not isinstance(meta, dict):
            self.bad("META.json", "must hold a JSON object")
            return self.problems
        for key in REQUIRED:
            if key not in meta:
                self.bad("META.json", f"lacks the required key {key!r}")
        self.only_keys("META.json", meta, set(REQUIRED) | set(OPTIONAL))
        # meta-spec first: a consumer must check it before anything else.
        if "meta-spec" in meta:
            self.meta_spec(meta["meta-spec"])
        if "name" in meta:
            self.term("name", meta["name"])
        if "version" in meta:
            self.version("version", meta["version"])
        for key in ("abstract", "description", "generated_by"):
            if key in meta:
                self.string(key, meta[key])
        if "maintainer" in meta:
            self.maintainer(meta["maintainer"])
        if "license" in meta:
            self.license(meta["license"])
        if "provides" in meta:
            self.provides(meta["provides"])
        if "tags" in meta:
            for i, tag in enumerate(self.as_list("tags", meta["tags"])):
                self.tag(f"tags[{i}]", tag)
        if "no_index" in meta:
            self.no_index(meta["no_index"])
        if "prereqs" in meta:
            self.prereqs(meta["prereqs"])
        if "release_status" in meta and meta["release_status"] not in RELEASE_STATUS:
            self.bad("release_status", f"{json.dumps(meta['release_status'])} is not one of {', '.join(sorted(RELEASE_STATUS))}")
        if "resources" in meta:
            self.resources(meta["resources"])
        return self.problems


def main(argv):
    root = None
    args = list(argv)
    if len(args) >= 2 and args[0] == "--root":
        root = args[1]
        args = args[2:]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{args[0]}: not readable JSON: {e}")
        return 1
    problems = Checker(root).check(meta)
    for p in problems:
        print(f"{args[0]}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
