#!/usr/bin/env python3
"""elf_fit.py LIB ROOT [SERVER]: whether a shared library would load on another system (ROOT).
Per NEEDED library: `name|path|in server|needed versions|missing versions` (the symbol versions
LIB asks that the file under ROOT does not define; "in server": SERVER already loads it), then
`newest|VERSION ...`, the newest needed of each family. readelf reads without running."""
import os
import re
import subprocess
import sys

SEARCH = ["lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu", "lib64", "usr/lib64", "lib", "usr/lib"]


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], capture_output=True, text=True, check=True).stdout


def needed(path):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf("-d", path))


def version_needs(path):
    """{library: {version, ...}} from the version needs section."""
    needs, current = {}, None
    for line in readelf("-V", path).splitlines():
        m = re.search(r"File: (\S+)\s+Cnt:", line)
        if m:
            current = needs.setdefault(m.group(1), set())
            continue
        m = re.search(r"Name: (\S+)\s+Flags:", line)
        if m and current is not None:
            current.add(m.group(1))
    return needs


def version_defs(path):
    text = readelf("-V", path)
    section = text.split("Version definition section", 1)
    if len(section) < 2:
        return set()
    body = section[1].split("Version needs section", 1)[0]
    return set(re.findall(r"Name: (\S+)", body)) | set(re.findall(r"Parent \d+: (\S+)", body))


def in_root(root, path):
    """PATH inside ROOT with every symbolic link resolved inside ROOT too."""
    rel = path.lstrip("/")
    for _ in range(40):
        full = os.path.join(root, rel)
        if not os.path.islink(full):
            return full if os.path.exists(full) else None
        target = os.readlink(full)
        rel = target.lstrip("/") if target.startswith("/") else os.path.normpath(os.path.join(os.path.dirname(rel), target))
    return None


def find(root, name):
    return next(filter(None, (in_root(root, os.path.join(d, name)) for d in SEARCH)), None)


def closure(root, start):
    seen, todo = set(), [start]
    while todo:
        path = todo.pop()
        for name in needed(path):
            if name not in seen:
                seen.add(name)
                found = find(root, name)
                if found:
                    todo.append(found)
    return seen


def version_key(v):
    return [int(x) for x in re.findall(r"\d+", v)]


def main():
    lib, root = sys.argv[1], sys.argv[2]
    server = in_root(root, sys.argv[3]) if len(sys.argv) > 3 else None
    if len(sys.argv) > 3 and not server:
        sys.exit(f"elf_fit: no {sys.argv[3]} under {root}")
    loaded = closure(root, server) if server else set()
    needs = version_needs(lib)
    newest = {}
    for name in needed(lib):
        path = find(root, name)
        wanted = needs.get(name, set())
        missing = sorted(wanted - version_defs(path)) if path else sorted(wanted)
        for v in wanted:
            family = re.match(r"[A-Z_]+?_(?=\d)", v)
            if family and (family.group(0) not in newest or version_key(v) > version_key(newest[family.group(0)])):
                newest[family.group(0)] = v
        print("|".join([name, os.path.relpath(path, root) if path else "missing",
                        ("yes" if name in loaded else "no") if server else "-",
                        " ".join(sorted(wanted, key=version_key)), " ".join(missing)]))
    print("newest|" + " ".join(newest[f] for f in sorted(newest)))


main()
