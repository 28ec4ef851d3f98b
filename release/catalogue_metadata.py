#!/usr/bin/env python3
"""What CloudNativePG's extension catalogue records of an extension image, for uuidx's image of
one major: catalogue_metadata.py META.json MAJOR TAG > metadata.json.

The paths are the image's own directories (CloudNativePG mounts the image at /extensions/NAME and
appends NAME/share and NAME/lib to extension_control_path and dynamic_library_path). Nothing is
preloaded: uuidx needs shared_preload_libraries only for uuidx.v7_scope = 'server', which a user
turns on after the image has rolled out (docs/cloudnativepg.md)."""
import json
import re
import sys

meta_path, major, tag = sys.argv[1:]
meta = json.load(open(meta_path, encoding="utf-8"))
control = open(meta_path.replace("META.json", "uuidx.control"), encoding="utf-8").read()
sql_version = re.search(r"^default_version = '([^']+)'", control, re.M).group(1)
record = {
    "name": meta["name"],
    "sql_name": meta["name"],
    "image_name": meta["name"],
    "licenses": ["PostgreSQL"],
    "shared_preload_libraries": [],
    "postgresql_parameters": {},
    "extension_control_path": ["share"],
    "dynamic_library_path": ["lib"],
    "ld_library_path": [],
    "bin_path": [],
    "env": {},
    "required_extensions": [],
    "create_extension": True,
    "versions": {"trixie": {major: {"image": tag, "sql": sql_version}}},
}
json.dump(record, sys.stdout, indent=2)
sys.stdout.write("\n")
