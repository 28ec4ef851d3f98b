#!/usr/bin/env bash
# quickstart_runs.sh TARBALL (as root in a root of lab/root.sh): test/quickstart.sh in two copies
# of TARBALL, as root, then as a user through sudo (both made here). After each run's output:
#   QUICKSTART as=root|sudo rc=N seconds=S major=M works=yes|no   (read by checks 03 and 04)
set -u
tarball=$1
user=uuidx_quickstart

run() {  # AS DIR CMD...
  local as=$1 dir=$2 out rc start
  shift 2
  start=$(date +%s)
  out=$(cd "$dir" && "$@" </dev/null 2>&1)
  rc=$?
  printf '%s\n' "$out" | tail -n 40
  works=no
  grep -q '^== uuidx works$' <<<"$out" && grep -qE '^ +100000 \| +100000 \| +0$' <<<"$out" &&
    grep -qE '^CREATE TABLE orders \(id uuid_v7 PRIMARY KEY' <<<"$out" && works=yes
  echo "QUICKSTART as=$as rc=$rc seconds=$(($(date +%s) - start)) major=$(sed -nE 's/^== PostgreSQL ([0-9]+),.*/\1/p' <<<"$out") works=$works"
}

mkdir -p /tmp/quickstart-root
tar -xf "$tarball" -C /tmp/quickstart-root
run root /tmp/quickstart-root bash test/quickstart.sh

# The packages are there now; build, sudo make install and cluster are the user's.
source "$(dirname "$0")/deps.sh"  # apt_get: waits for another apt-get in this root
if ! command -v sudo >/dev/null; then
  { apt_get install -y -qq sudo || { apt_get update -qq && apt_get install -y -qq sudo; }; } >/dev/null 2>&1
fi
id -u "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
echo "$user ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/uuidx-quickstart
chmod 440 /etc/sudoers.d/uuidx-quickstart
home=$(getent passwd "$user" | cut -d: -f6)
rm -rf "$home/uuidx" && mkdir -p "$home/uuidx"
tar -xf "$tarball" -C "$home/uuidx"
chown -R "$user:" "$home/uuidx"
run sudo "$home/uuidx" runuser -u "$user" -- env HOME="$home" bash test/quickstart.sh
