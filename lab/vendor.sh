# vendor.sh: where the unmodified upstream sources of test-only dependencies are (Citus,
# pg_partman, PostgreSQL 16.2, the UUIDv47 reference). Source it, then:
#   vendor_file citus-13.2.2.tar.gz   # prints its path, or fails (and says why on stderr)
#   vendor_missing_status             # "failed" under CI, "skipped" elsewhere
# The folder is ../shared/vendor beside the repository's root (UUIDX_VENDOR_DIR overrides it),
# whatever the repository's own path is; inside a Debian root of lab/root.sh that is
# /uuidx/shared/vendor.

_vendor_repo_top=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel 2>/dev/null ||
  (cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd))
UUIDX_VENDOR_DIR=${UUIDX_VENDOR_DIR:-$(cd "$_vendor_repo_top/.." && pwd)/shared/vendor}

vendor_file() {
  if [ -f "$UUIDX_VENDOR_DIR/$1" ] || [ -d "$UUIDX_VENDOR_DIR/$1" ]; then
    echo "$UUIDX_VENDOR_DIR/$1"
  else
    echo "uuidx: $1 is not in $UUIDX_VENDOR_DIR (the vendored sources belong in ../shared/vendor beside the repository; UUIDX_VENDOR_DIR overrides)" >&2
    return 1
  fi
}

# A suite that cannot run for want of a vendored source fails under CI (the README says it is
# tested) and is skipped elsewhere, with the line that says why.
vendor_missing_status() { [ -n "${CI:-}" ] && echo failed || echo skipped; }
