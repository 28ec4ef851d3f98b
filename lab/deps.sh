# deps.sh: installs Debian packages the scripts need, only those missing. Source it, then call
#   ensure_packages pkg...
#   with_lock FILE CMD [ARG...]   # CMD holding an exclusive lock on FILE (flock), waiting for it
#                                 # at most UUIDX_LOCK_WAIT seconds (default 3000)
# Needs root (or sudo); apt-get update runs at most once per script run. Calls of apt-get made
# here wait for one another (the harness prepares Debian roots in the background while suites
# install into them): apt itself would fail at once on a lock another apt-get holds.

with_lock() {
  local file=$1
  shift
  {
    flock -w "${UUIDX_LOCK_WAIT:-3000}" 9 ||
      { echo "uuidx: waited ${UUIDX_LOCK_WAIT:-3000} s for the lock $file; giving up" >&2; return 1; }
    "$@"
  } 9>"$file"
}

# apt_get ARG...: apt-get, as root (or through sudo), after any other apt_get of this machine or
# root has finished.
apt_get() {
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo flock -w "${UUIDX_LOCK_WAIT:-3000}" /var/lib/apt/uuidx-apt.lock \
    env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

# apt-get update, once per script run (a new machine has no package lists at all).
apt_update_once() {
  [ -n "${UUIDX_APT_UPDATED:-}" ] && return 0
  apt_get update -qq || return 1
  UUIDX_APT_UPDATED=1
}

ensure_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
    echo "uuidx: need root (or sudo) to install: ${missing[*]}" >&2
    return 1
  fi
  echo "uuidx: installing ${missing[*]}"
  apt_update_once || return 1
  # UUIDX_APT_RELEASE=experimental: from that suite, with the dependencies it needs from it.
  apt_get install -y -qq --no-install-recommends \
    ${UUIDX_APT_RELEASE:+-t "$UUIDX_APT_RELEASE"} "${missing[@]}" >/dev/null || return 1
}

# What building and testing the extension needs on Debian (bookworm, and the roots of
# lab/root.sh); a server's own packages come with it (lab/pgserver.sh).
UUIDX_BUILD_PACKAGES=(ca-certificates make g++ libssl-dev)
UUIDX_TEST_PACKAGES=(libgtest-dev python3 procps libipc-run-perl)
# The server the README's first command builds for on the machine the tests run on (bookworm's
# own); test/quickstart.sh takes the distribution's own major wherever it runs.
UUIDX_QUICKSTART_PACKAGES=(postgresql-15 postgresql-server-dev-15)
