# vendor.sh: upstream sources of test-only dependencies, in ../shared/vendor beside the repository
# (UUIDX_VENDOR_DIR overrides). `vendor_file NAME` prints its path or fails saying why.

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

# Wanting a vendored source fails under CI (the README says it is tested), else skips.
vendor_missing_status() { [ -n "${CI:-}" ] && echo failed || echo skipped; }
