# deps.sh: installs Debian packages the scripts need, only those missing. Source it, then call
#   ensure_packages pkg...
# Needs root (or sudo); apt-get update runs at most once per script run.

# apt-get update, once per script run (a new machine has no package lists at all).
apt_update_once() {
  local sudo=""
  [ -n "${UUIDX_APT_UPDATED:-}" ] && return 0
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
  UUIDX_APT_UPDATED=1
}

# The PostgreSQL major that `apt-get install postgresql` installs here: the distribution's own
# (bookworm 15, trixie 17, sid 18), or the newest of the PostgreSQL apt repository when it is set up.
distribution_pg_major() {
  local major
  major=$(apt-cache depends postgresql 2>/dev/null | sed -nE 's/^ *Depends: postgresql-([0-9]+)$/\1/p' | head -n 1)
  if [ -z "$major" ]; then
    apt_update_once >&2 || return 1
    major=$(apt-cache depends postgresql 2>/dev/null | sed -nE 's/^ *Depends: postgresql-([0-9]+)$/\1/p' | head -n 1)
  fi
  [ -n "$major" ] && echo "$major"
}

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
  apt_update_once || return 1
  # UUIDX_APT_RELEASE=experimental: from that suite, with the dependencies it needs from it.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    ${UUIDX_APT_RELEASE:+-t "$UUIDX_APT_RELEASE"} "${missing[@]}" >/dev/null || return 1
}

# What building and testing the extension needs on Debian (bookworm, and the roots of
# test/lib/root.sh); a server's own packages come with it (test/lib/pgserver.sh).
UUIDX_BUILD_PACKAGES=(ca-certificates make g++ libssl-dev)
UUIDX_TEST_PACKAGES=(libgtest-dev python3 procps)
# The server the README's first command builds for on the machine the tests run on (bookworm's
# own); test/quickstart.sh takes the distribution's own major wherever it runs.
UUIDX_QUICKSTART_PACKAGES=(postgresql-15 postgresql-server-dev-15)
