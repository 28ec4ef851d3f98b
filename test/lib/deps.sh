# deps.sh: installs Debian packages the scripts need, only those missing. Source it, then call
#   ensure_packages pkg...
# Needs root (or sudo); apt-get update runs at most once per script run.

ensure_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "uuidx: need root (or sudo) to install: ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  echo "uuidx: installing ${missing[*]}"
  if [ -z "${UUIDX_APT_UPDATED:-}" ]; then
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    UUIDX_APT_UPDATED=1
  fi
  # UUIDX_APT_RELEASE=experimental: from that suite, with the dependencies it needs from it.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    ${UUIDX_APT_RELEASE:+-t "$UUIDX_APT_RELEASE"} "${missing[@]}" >/dev/null || return 1
}

# What building and testing the extension needs on Debian (bookworm, and the roots of
# test/lib/root.sh); a server's own packages come with it (test/lib/pgserver.sh).
UUIDX_BUILD_PACKAGES=(ca-certificates make g++ libssl-dev)
UUIDX_TEST_PACKAGES=(libgtest-dev python3)
# The server the README's first command builds for: bookworm's own.
UUIDX_QUICKSTART_PACKAGES=(postgresql-15 postgresql-server-dev-15)
