#!/usr/bin/env python3
"""typeid_vectors.py: the pinned TypeID spec vectors (test/vectors/typeid/valid.yml, invalid.yml) as
SQL that fills two tables, for psql: typeid_valid(n, name, typeid, prefix, uuid) and
typeid_invalid(n, name, typeid). The files are read by their own simple shape (a list of flat
maps of double-quoted strings or plain words; '#' comments), with no YAML module: the lab's roots have none.
A line the shape does not explain stops the run, so a changed file cannot be read half."""
import json
import re
import sys

# A key and a double-quoted string, or a plain word (the names: nil, suffix-overflow...).
ENTRY = re.compile(r'^- (\w+): (".*"|[A-Za-z0-9-]+)$')
FIELD = re.compile(r'^  (\w+): (".*"|[A-Za-z0-9-]+)$')


def read(path):
    entries = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            m = ENTRY.match(line) or FIELD.match(line)
            if not m:
                sys.exit(f"{path}:{number}: not a line of the expected shape: {line!r}")
            if line.startswith("- "):
                entries.append({})
            elif not entries:
                sys.exit(f"{path}:{number}: a field before any entry")
            # YAML's double-quoted scalars of these files are JSON strings.
            value = m.group(2)
            entries[-1][m.group(1)] = json.loads(value) if value.startswith('"') else value
    return entries


def literal(s):
    return "'" + s.replace("'", "''") + "'"


def main():
    directory = sys.argv[1]
    valid = read(f"{directory}/valid.yml")
    invalid = read(f"{directory}/invalid.yml")
    for e in valid:
        if set(e) != {"name", "typeid", "prefix", "uuid"}:
            sys.exit(f"valid.yml: entry {e.get('name')!r} has fields {sorted(e)}")
    for e in invalid:
        if not {"name", "typeid"} <= set(e):
            sys.exit(f"invalid.yml: entry {e.get('name')!r} has fields {sorted(e)}")
    print("CREATE TABLE typeid_valid (n int, name text, typeid text, prefix text, uuid uuid);")
    print("CREATE TABLE typeid_invalid (n int, name text, typeid text);")
    for n, e in enumerate(valid, 1):
        print(f"INSERT INTO typeid_valid VALUES ({n}, {literal(e['name'])}, {literal(e['typeid'])}, "
              f"{literal(e['prefix'])}, {literal(e['uuid'])});")
    for n, e in enumerate(invalid, 1):
        print(f"INSERT INTO typeid_invalid VALUES ({n}, {literal(e['name'])}, {literal(e['typeid'])});")


main()
