# deps.sh: `ensure_packages PKG...` installs the missing ones (root or sudo; apt-get update once per
# run); `with_lock FILE CMD...` runs CMD under flock on FILE, waiting UUIDX_LOCK_WAIT s at most.
# apt-get calls here wait for one another (roots are prepared in the background while suites
# install into them), where apt itself would fail at once on another's lock.

with_lock() {
  local file=$1
  shift
  {
    flock -w "${UUIDX_LOCK_WAIT:-3000}" 9 ||
      { echo "uuidx: waited ${UUIDX_LOCK_WAIT:-3000} s for the lock $file; giving up" >&2; return 1; }
    "$@"
  } 9>"$file"
}

apt_get() {
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo flock -w "${UUIDX_LOCK_WAIT:-3000}" /var/lib/apt/uuidx-apt.lock \
    env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

# (A new machine has no package lists at all.)
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

# A server's own packages come with it (lab/pgserver.sh).
UUIDX_BUILD_PACKAGES=(ca-certificates make g++ libssl-dev)
UUIDX_TEST_PACKAGES=(libgtest-dev python3 procps libipc-run-perl)
# The README's first command's server on bookworm; test/quickstart.sh takes the distribution's own.
UUIDX_QUICKSTART_PACKAGES=(postgresql-15 postgresql-server-dev-15)
