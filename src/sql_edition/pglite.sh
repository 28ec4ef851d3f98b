#!/usr/bin/env bash
# pglite.sh: the SQL edition as an extension bundle for PGlite (PostgreSQL in WebAssembly,
# docs/pglite.md): a gzipped tar of share/postgresql/extension/uuidx.control and
# uuidx--V-sql.sql (V: the C script's version), laid out as PGlite's own contrib bundles are.
# PGlite's loader unpacks a bundle into its file system, where CREATE EXTENSION finds the control
# file and runs the script. The script is build.sh's first form (with @extschema@, as an
# extension's has it), behind the usual \echo line.
#   pglite.sh C_SCRIPT OUT.tar.gz
# pgcrypto is not required by the control file: the edition finds it at each call that needs it
# (v5, v8_name's SHA-3), as it does elsewhere. The same sources make the same archive, byte for
# byte (names sorted, owner, mode and time fixed, gzip without name or time).
set -euo pipefail
here=$(dirname "$0")
c_script=$1 out=$2
version=$(sed -nE 's/^-- uuidx ([0-9.]+):.*/\1/p' "$c_script" | head -n 1)
[ -n "$version" ] || { echo "pglite.sh: no '-- uuidx VERSION:' first line in $c_script" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work" "$out.tmp"' EXIT
ext=$work/share/postgresql/extension
mkdir -p "$ext"
{
  cat <<HEAD
-- uuidx $version, SQL edition, as an extension for PGlite (src/sql_edition/pglite.sh, docs/pglite.md):
-- the functions, domains and aggregates of the C build, in LANGUAGE sql and plpgsql only.
\\echo Use "CREATE EXTENSION uuidx" to load this file. \\quit
HEAD
  bash "$here/build.sh" "$c_script" script
} >"$ext/uuidx--$version-sql.sql"
cat >"$ext/uuidx.control" <<CONTROL
# uuidx SQL edition, for PGlite (docs/pglite.md)
comment = 'RFC 9562 UUIDs (uuidx SQL edition): every version, v1/v6 conversion, field inspection, monotonic v7'
default_version = '$version-sql'
relocatable = false
CONTROL
tar --sort=name --owner=0 --group=0 --numeric-owner --mode='u=rwX,go=rX' --mtime=@0 --format=ustar \
  -C "$work" -cf - share | gzip -9n >"$out.tmp"
mv "$out.tmp" "$out"
