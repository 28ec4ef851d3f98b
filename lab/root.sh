# root.sh: Debian roots of newer suites (trixie, sid) for the PostgreSQL majors whose packages
# need a newer C library than the machine's bookworm. Source it after deps.sh, then:
#   root_provide trixie              # makes the root once (mmdebstrap), prints its directory
#   root_run trixie CMD [ARG...]     # runs CMD as root inside it, the repository at /uuidx/repo
#   root_provide bookworm-bare       # a bare root, minbase plus git, as a new minimal machine
#                                    # (docker run debian:SUITE with git), with the machine's apt
#                                    # sources for its own suite; 03_minimal_machine installs into a copy
# A root lives in $UUIDX_PG_CACHE/roots/SUITE (/var/cache/uuidx/roots), made in a temporary
# directory beside it and renamed when complete (an interrupted run leaves nothing half-made), then
# reused. In it no service may start (policy-rc.d) and a PostgreSQL package creates no cluster.
# root_run enters with unshare (private mount and PID namespaces, a fresh /proc, binds of /dev,
# /dev/pts and /sys, tmpfs on /dev/shm and /tmp, the repository at /uuidx/repo, ../shared at
# /uuidx/shared read-only), then chroot: every mount is gone with the namespace's last process, and
# whatever ends the run (exit, SIGTERM to the caller or its group, SIGKILL of unshare) ends all inside.

UUIDX_PG_CACHE=${UUIDX_PG_CACHE:-/var/cache/uuidx}
UUIDX_DEBIAN_MIRROR=${UUIDX_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What every root holds besides minbase: the harness itself runs inside it. A bare root: git only.
UUIDX_ROOT_PACKAGES=(ca-certificates git make g++ python3 libssl-dev)
UUIDX_BARE_ROOT_PACKAGES=(git)
# What making a root needs on the machine.
UUIDX_ROOT_HOST_PACKAGES=(mmdebstrap debian-archive-keyring)

# root_majors ROOT MAJOR...: those of the MAJORs tested in ROOT (UUIDX_MAJOR_ROOT, set by
# lab/matrix: MAJOR -> root), a major of no root (15, the machine's) counting as ROOT's.
root_majors() {
  local r=$1 m
  shift
  for m in "$@"; do [[ ${UUIDX_MAJOR_ROOT[$m]:-$r} == "$r" ]] && echo "$m"; done
}

root_dir() { echo "$UUIDX_PG_CACHE/roots/$1"; }
_root_name_ok() { [[ $1 =~ ^[a-z]+(-bare)?$ ]] || { echo "uuidx: '$1' is not a Debian suite's name" >&2; return 1; }; }

# The machine's own Debian apt sources, copied into a bare root of the machine's own suite.
_root_copy_host_sources() {
  local tmp=$1 f
  rm -f "$tmp/etc/apt/sources.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q 'debian' "$f" && cp "$f" "$tmp$f"
  done
  return 0
}

# Makes the root of SUITE (or SUITE-bare) once; prints its directory. Callers wait for one
# another (the harness makes roots ahead in the background, lab/ahead.sh).
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

# apt-get in a root waits for the dpkg lock another apt-get of it holds, rather than failing
# (roots made before this line existed get it too).
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
  # sid: its Release file is valid for a week only and the mirror may serve an older one (the
  # archive keyring still checks its signature); experimental holds PostgreSQL 19, installed
  # with -t experimental (it is never taken by default).
  local sources=("deb $UUIDX_DEBIAN_MIRROR $suite main") options=()
  if [ "$suite" = sid ]; then
    sources+=("deb $UUIDX_DEBIAN_MIRROR experimental main")
    options+=(--aptopt='Acquire::Check-Valid-Until "false"')
  fi
  (
    set -e
    # mmdebstrap: minbase and the root's packages in one apt run (72 s for trixie on this
    # 2-core machine; debootstrap alone took about 90 s before the packages); apt's lists kept.
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
    # A bare root of the machine's own suite gets the machine's Debian sources, as a new machine
    # has them, and their lists.
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

# _root_enter ROOT REPO CMD...: CMD inside ROOT in private namespaces (see the header); REPO, when
# not empty, is bound at /uuidx/repo and its ../shared at /uuidx/shared.
_root_enter() {
  local root=$1 repo=$2 shared=""
  shift 2
  [ -n "$repo" ] && [ -d "$repo/../shared" ] && shared=$(cd "$repo/../shared" && pwd)
  # unshare itself blocks SIGTERM while it waits: a subshell whose trap ends it with SIGKILL, which
  # --kill-child passes on to the namespace's first process, and with it to every process inside.
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
# This shell is the namespace's first process: when it exits, every process inside is killed.
# It stays (no exec) to end them on SIGTERM from its process group too.
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

# root_run SUITE CMD...: CMD inside the root of SUITE with this repository at /uuidx/repo.
# Variables named in UUIDX_ROOT_ENV ("CI UUIDX_SUITES ...") are passed on when set.
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
