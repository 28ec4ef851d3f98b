# root.sh (source after deps.sh): Debian roots of newer suites for majors whose packages need a
# newer libc than bookworm's. `root_provide SUITE` makes one once (mmdebstrap; SUITE-bare: minbase
# plus git, as a new minimal machine) and prints its directory; `root_run SUITE CMD...` runs CMD as
# root inside. Roots are made beside $UUIDX_PG_CACHE/roots/SUITE and renamed when complete; no
# service starts in them and no cluster is created. root_run uses unshare (private mount and PID
# namespaces) then chroot, so mounts and processes inside end with the run however it ends.

UUIDX_PG_CACHE=${UUIDX_PG_CACHE:-/var/cache/uuidx}
UUIDX_DEBIAN_MIRROR=${UUIDX_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Besides minbase (the harness runs inside); a bare root gets git only.
UUIDX_ROOT_PACKAGES=(ca-certificates git make g++ python3 libssl-dev)
UUIDX_BARE_ROOT_PACKAGES=(git)
UUIDX_ROOT_HOST_PACKAGES=(mmdebstrap debian-archive-keyring)

# root_majors ROOT MAJOR...: the MAJORs tested in ROOT (UUIDX_MAJOR_ROOT of lab/matrix; none: any).
root_majors() {
  local r=$1 m
  shift
  for m in "$@"; do [[ ${UUIDX_MAJOR_ROOT[$m]:-$r} == "$r" ]] && echo "$m"; done
}

root_dir() { echo "$UUIDX_PG_CACHE/roots/$1"; }
_root_name_ok() { [[ $1 =~ ^[a-z]+(-bare)?$ ]] || { echo "uuidx: '$1' is not a Debian suite's name" >&2; return 1; }; }

_root_copy_host_sources() {
  local tmp=$1 f
  rm -f "$tmp/etc/apt/sources.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q 'debian' "$f" && cp "$f" "$tmp$f"
  done
  return 0
}

# Callers wait for one another (lab/ahead.sh makes roots in the background).
root_provide() {
  local dir
  _root_name_ok "$1" || return 1
  dir=$(root_dir "$1")
  if [ ! -f "$dir/.uuidx-root" ]; then
    ensure_packages "${UUIDX_ROOT_HOST_PACKAGES[@]}" >&2 || return 1
    mkdir -p "$(dirname "$dir")" || return 1
    with_lock "$dir.lock" _root_make "$1" >/dev/null || return 1
  fi
  [[ $1 == *-bare ]] || _root_apt_waits "$dir"
  echo "$dir"
}

# apt-get in a root waits for another's dpkg lock rather than failing (older roots get it too).
_root_apt_waits() {
  local conf=$1/etc/apt/apt.conf.d/90uuidx-lockwait
  [ -f "$conf" ] || printf 'DPkg::Lock::Timeout "%s";\n' "${UUIDX_LOCK_WAIT:-3000}" >"$conf"
}

_root_make() {
  local name=$1 suite dir tmp log start packages=("${UUIDX_ROOT_PACKAGES[@]}") host_codename=""
  suite=${name%-bare}
  [ "$suite" != "$name" ] && packages=("${UUIDX_BARE_ROOT_PACKAGES[@]}")
  dir=$(root_dir "$name")
  [ -f "$dir/.uuidx-root" ] && return 0
  host_codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir".tmp.*
  tmp=$(mktemp -d "$dir.tmp.XXXXXX")
  chmod 755 "$tmp"  # it becomes /: apt's _apt and the test user must traverse it
  log="$dir.build.log"
  start=$(date +%s)
  echo "uuidx: making a Debian $name root in $dir (log: $log)" >&2
  # sid's Release file is valid for a week (the mirror may serve an older, signed one);
  # experimental holds PostgreSQL 19.
  local sources=("deb $UUIDX_DEBIAN_MIRROR $suite main") options=()
  if [ "$suite" = sid ]; then
    sources+=("deb $UUIDX_DEBIAN_MIRROR experimental main")
    options+=(--aptopt='Acquire::Check-Valid-Until "false"')
  fi
  (
    set -e
    # One apt run for minbase and the packages (faster than debootstrap); apt's lists kept.
    mmdebstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
      --include="$(IFS=,; echo "${packages[*]}")" --aptopt='APT::Install-Recommends "false"' "${options[@]}" \
      --skip=cleanup/apt/lists "$suite" "$tmp" "${sources[@]}"
    printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
    chmod 755 "$tmp/usr/sbin/policy-rc.d"
    mkdir -p "$tmp/etc/postgresql-common" "$tmp/uuidx/repo" "$tmp/uuidx/shared"
    echo "create_main_cluster = false" >"$tmp/etc/postgresql-common/createcluster.conf"
    # Keep the file above when postgresql-common ships its own.
    printf 'Dpkg::Options { "--force-confdef"; "--force-confold"; };\n' >"$tmp/etc/apt/apt.conf.d/90uuidx-confold"
    cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
    # A bare root of the machine's own suite gets its Debian sources, as a new machine has them.
    if [ "$suite" != "$name" ] && [ "$suite" = "$host_codename" ]; then
      _root_copy_host_sources "$tmp"
      _root_enter "$tmp" "" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    fi
    # The repository is bound in as it is, whoever owns it.
    _root_enter "$tmp" "" git config --system --add safe.directory /uuidx/repo
    echo "Debian $name root made by uuidx's tests on $(date -u +%F)" >"$tmp/.uuidx-root"
  ) >"$log" 2>&1
  local rc=$?
  if [ $rc != 0 ]; then
    tail -n 30 "$log" >&2
    echo "uuidx: making the $name root failed (log: $log)" >&2
    rm -rf "$tmp"
    return 1
  fi
  mv "$tmp" "$dir"
  echo "uuidx: made the $name root in $(($(date +%s) - start)) s" >&2
  echo "$dir"
}

# _root_enter ROOT REPO CMD...: REPO (if any) at /uuidx/repo, its ../shared read-only at /uuidx/shared.
_root_enter() {
  local root=$1 repo=$2 shared=""
  shift 2
  [ -n "$repo" ] && [ -d "$repo/../shared" ] && shared=$(cd "$repo/../shared" && pwd)
  # unshare blocks SIGTERM: the trap sends SIGKILL, which --kill-child passes to everything inside.
  (
    trap 'kill -KILL "$ns" 2>/dev/null' TERM INT HUP
    unshare --mount --pid --fork --kill-child --propagation private -- \
      bash -s "$root" "$repo" "$shared" "$@" <<'ENTER' &
set -e
root=$1 repo=$2 shared=$3
shift 3
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount -t tmpfs tmpfs "$root/dev/shm"
mount --bind /sys "$root/sys"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
if [ -n "$repo" ]; then
  mount --bind "$repo" "$root/uuidx/repo"
  if [ -n "$shared" ]; then
    mount --bind "$shared" "$root/uuidx/shared"
    mount -o remount,bind,ro "$root/uuidx/shared"
  fi
fi
set +e
# The namespace's first process: stays (no exec) so a SIGTERM to its group ends all inside too.
trap 'exit 143' TERM INT HUP
chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 TERM=dumb "$@" </dev/null &
wait $!
ENTER
    ns=$!
    # (stderr: the shell's "Killed" line, with the whole script above, when it comes to that)
    { wait "$ns"; } 2>/dev/null
    rc=$?
    while kill -0 "$ns" 2>/dev/null; do { wait "$ns"; } 2>/dev/null; rc=$?; done
    exit $rc
  )
}

# Passes on CI and the variables named in UUIDX_ROOT_ENV when set.
root_run() {
  local suite=$1 dir repo var pass=()
  shift
  _root_name_ok "$suite" || return 1
  dir=$(root_provide "$suite") || return 1
  repo=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
  for var in CI ${UUIDX_ROOT_ENV:-}; do
    [ -n "${!var+x}" ] && pass+=("$var=${!var}")
  done
  _root_enter "$dir" "$repo" env "${pass[@]}" UUIDX_ROOT="$suite" "$@"
}
