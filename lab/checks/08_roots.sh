#!/usr/bin/env bash
# scope: once
# packages: procps
# The roots of lab/root.sh: the suite claimed, no service or cluster, the repository there and
# ../shared read-only, nothing left mounted or running however a command ends. Also: worktree
# commits need no git identity, and a source package is the newest listed one that downloads.
source "$(dirname "$0")/check.sh"
source lab/pgserver.sh

suite=${UUIDX_ROOTS_SUITE:-trixie}

# ---- git without an identity
empty_home=$(mktemp -d)
out=$(HOME=$empty_home GIT_CONFIG_NOSYSTEM=1 XDG_CONFIG_HOME=$empty_home bash release/worktree_commit.sh 2>&1)
tap_check "worktree_commit.sh makes a commit with no git identity configured" \
  "$(git cat-file -e "$out^{commit}" 2>/dev/null && echo t)" "${out:0:200}"
rm -rf "$empty_home"

# ---- scripts an older install left in a server (lab/build.sh), planted beside the tree's own
ext=$(mktemp -d)
version=$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" uuidx.control)
planted=(uuidx--1.0.sql "uuidx--$version-sql.sql" "uuidx--$version-sql--$version.sql" uuidx--0.9-sql.sql uuidx--0.9-sql--0.9.sql uuidx--0.5.sql)
for f in "${planted[@]}"; do touch "$ext/$f"; done
source lab/build.sh
uuidx_remove_stale_scripts "$ext" 2>/dev/null
left=$(ls "$ext" | tr '\n' ' ')
tap_check "stale scripts: those of another version and those not in the tree go, the tree's own stay" \
  "$([ "$left" = "$(printf '%s\n' "${planted[@]:0:3}" | sort | tr '\n' ' ')" ] && echo t)" "planted ${planted[*]}; left $left"
rm -rf "$ext"

# ---- source packages (apt stubbed: three versions out of order, the newest answering 404)
out=$(
  UUIDX_PG_CACHE=$(mktemp -d)
  apt-cache() { printf 'Package: postgresql-99\nVersion: 99.2-1\n\nPackage: postgresql-99\nVersion: 99.10-1\n\nVersion: 99.1-1\n'; }
  apt-get() { echo "apt-get $*" >>"$UUIDX_PG_CACHE/calls"; [[ $3 == *=99.10-1 ]] && return 100; touch "${3#*=}.dsc"; }
  work=$(mktemp -d "$UUIDX_PG_CACHE/src.XXXXXX") && cd "$work" &&
    echo "order=$(_pg_source_versions postgresql-99 | tr '\n' ' ')" &&
    echo "taken=$(_pg_fetch_source postgresql-99 2>/dev/null)" && echo "files=$(ls)" &&
    echo "tried=$(grep -c . "$UUIDX_PG_CACHE/calls")"
  rm -rf "$UUIDX_PG_CACHE"
)
tap_check "source packages: versions newest first in Debian's order" "$(grep -qx 'order=99.10-1 99.2-1 99.1-1 ' <<<"$out" && echo t)" \
  "$(grep order <<<"$out")"
tap_check "source packages: a listed version that does not download gives way to the next older one" \
  "$(grep -qx 'taken=99.2-1' <<<"$out" && grep -qx 'files=99.2-1.dsc' <<<"$out" && grep -qx 'tried=2' <<<"$out" && echo t)" \
  "$(tr '\n' ' ' <<<"$out")"

# ---- the root
dir=$(root_provide "$suite")
tap_check "the root is made (or reused)" "$([ -n "$dir" ] && [ -f "$dir/.uuidx-root" ] && echo t)" \
  "${dir:-none}: $(cat "$dir/.uuidx-root" 2>/dev/null)"
[ -n "$dir" ] || tap_done
tap_check "a root named by no suite is refused" "$(root_provide "" >/dev/null 2>&1 || root_provide "../x" >/dev/null 2>&1 || echo t)" ""

mounted() { grep -c " $dir/" /proc/self/mountinfo; }
mounts_before=$(mounted)

out=$(root_run "$suite" bash -c '
  . /etc/os-release; echo "codename=$VERSION_CODENAME"
  /usr/sbin/policy-rc.d; echo "policy=$?"
  grep -qx "create_main_cluster = false" /etc/postgresql-common/createcluster.conf && echo nocluster=1
  echo "head=$(git -C /uuidx/repo rev-parse HEAD)"
  touch /uuidx/shared/.uuidx-write-test 2>/dev/null && echo shared=writable || echo shared=readonly
  echo "pid=$$"' 2>&1)
tap_check "inside: the Debian suite it was made of" "$(grep -qx "codename=$suite" <<<"$out" && echo t)" "$(grep codename <<<"$out")"
tap_check "inside: no service may start (policy-rc.d exits 101)" "$(grep -qx policy=101 <<<"$out" && echo t)" "$(grep policy <<<"$out")"
tap_check "inside: installing a PostgreSQL package makes no cluster" "$(grep -qx nocluster=1 <<<"$out" && echo t)" ""
tap_check "inside: the repository at /uuidx/repo, at this HEAD" \
  "$(grep -qx "head=$(git rev-parse HEAD)" <<<"$out" && echo t)" "$(grep head <<<"$out")"
if [ -d ../shared ]; then
  tap_check "inside: ../shared at /uuidx/shared, read-only" "$(grep -qx shared=readonly <<<"$out" && echo t)" "$(grep shared <<<"$out")"
fi
tap_check "inside: a PID namespace of its own" "$(grep -qE '^pid=[0-9]{1,2}$' <<<"$out" && echo t)" "$(grep pid= <<<"$out")"
tap_check "nothing of the root stays mounted after a command" "$([ "$(mounted)" = "$mounts_before" ] && echo t)" \
  "$(mounted) mounts under $dir"

root_run "$suite" bash -c 'exit 3'
rc=$?
tap_check "a failing command's exit code comes back, nothing stays mounted" \
  "$([ $rc = 3 ] && [ "$(mounted)" = "$mounts_before" ] && echo t)" "exit code $rc, $(mounted) mounts"

# SIGTERM ends everything inside: to the process group, as CI does, and to root_run's subshell.
for how in "process group" "root_run"; do
  token=$((100000 + RANDOM))
  setsid bash -c "source lab/deps.sh; source lab/root.sh; root_run '$suite' bash -c 'sleep $token & sleep $((token + 1)); wait'" &
  caller=$!
  for _ in $(seq 100); do pgrep -xf "sleep $token" >/dev/null && break; sleep 0.2; done
  started=$(pgrep -xfc "sleep $token")
  if [ "$how" = "process group" ]; then
    kill -TERM -- "-$caller" 2>/dev/null
  else
    ns=$(pgrep -f "^unshare .*sleep $token" | head -n 1)
    kill -TERM "$(ps -o ppid= -p "${ns:-0}" | tr -d ' ')" 2>/dev/null
  fi
  # A caller still there after 20 s is killed, and the check fails.
  ended=""
  for _ in $(seq 100); do kill -0 "$caller" 2>/dev/null || { ended=t; break; }; sleep 0.2; done
  [ -n "$ended" ] || kill -KILL -- "-$caller" 2>/dev/null
  wait "$caller" 2>/dev/null
  for _ in $(seq 50); do pgrep -xf "sleep $token" >/dev/null || break; sleep 0.2; done
  tap_check "SIGTERM to the $how: no process of the root survives, nothing stays mounted" \
    "$([ -n "$ended" ] && [ "${started:-0}" -ge 1 ] && ! pgrep -xf "sleep $token" >/dev/null && [ "$(mounted)" = "$mounts_before" ] && echo t)" \
    "${started:-no} sleeper before, $(pgrep -xfc "sleep $token") after, $(mounted) mounts, caller $([ -n "$ended" ] && echo ended || echo "did not end within 20 s")"
done

# ---- what the harness prepares in the background (lab/ahead.sh) and the locks it relies on
locks=$(mktemp -d)
(with_lock "$locks/l" bash -c 'sleep 2; echo first >>"$0"' "$locks/order") &
holder=$!
sleep 0.5
with_lock "$locks/l" bash -c 'echo second >>"$0"' "$locks/order"
wait "$holder"
tap_check "with_lock: a second caller waits for the first to finish" \
  "$([ "$(tr '\n' ' ' <"$locks/order")" = "first second " ] && echo t)" "$(tr '\n' ' ' <"$locks/order")"
(with_lock "$locks/l" sleep 3) &
holder=$!
sleep 0.5
out=$(UUIDX_LOCK_WAIT=1 with_lock "$locks/l" echo ran 2>&1)
rc=$?
wait "$holder"
tap_check "with_lock: a wait past UUIDX_LOCK_WAIT gives up with a message, the command not run" \
  "$([ $rc != 0 ] && [[ $out == *"waited 1 s for the lock"* ]] && [[ $out != *ran* ]] && echo t)" "exit $rc: $out"
rm -rf "$locks"

source lab/ahead.sh
out=$(
  declare -A UUIDX_MAJOR_ROOT=([16]=trixie [17]=trixie [18]=sid [19]=sid)
  UUIDX_CROSS_PATHS=("trixie:15 16 17 18" "sid:18 19")
  root_provide() { echo "provide $1" >&3; }
  root_run() { echo "run $*" >&3; }
  ahead_prepare 15 16 17 18 19 3>&1 >/dev/null
)
want="provide trixie
provide sid
run trixie env UUIDX_PG_VERSIONS=16 17 UUIDX_RUN_SCOPES=major cross-pairs packages bash /uuidx/repo/test/run-tests.sh --install-only
run sid env UUIDX_PG_VERSIONS=18 19 UUIDX_RUN_SCOPES=major cross-pairs packages bash /uuidx/repo/test/run-tests.sh --install-only
run trixie bash /uuidx/repo/lab/ahead_in_root.sh 15 16 17 18 15 16 17 
run sid bash /uuidx/repo/lab/ahead_in_root.sh 18 19 18 19 "
# The roots' packages and servers are made side by side, in either order.
steps=$(sed -E 's/^provide .*/1/; s/.*--install-only$/2/; s/.*ahead_in_root.*/3/' <<<"$out" | tr -d '\n')
tap_check "ahead: the roots, then each root's packages and servers, then the servers across majors and Citus, in the order the run needs them" \
  "$([ "$(sort <<<"$out")" = "$(sort <<<"$want")" ] && [ "$steps" = 112233 ] && echo t)" "$(tr '\n' '|' <<<"$out")"

token=$((100000 + RANDOM))
ahead_prepare() { root_run "$suite" sleep "$token"; }
ahead_start "$(mktemp)"
for _ in $(seq 100); do pgrep -xf "sleep $token" >/dev/null && break; sleep 0.2; done
started=$(pgrep -xfc "sleep $token")
ahead_stop
for _ in $(seq 50); do pgrep -xf "sleep $token" >/dev/null || break; sleep 0.2; done
tap_check "ahead_stop ends the preparation and what it runs in a root, nothing stays mounted" \
  "$([ "${started:-0}" -ge 1 ] && ! pgrep -xf "sleep $token" >/dev/null && [ "$(mounted)" = "$mounts_before" ] && echo t)" \
  "${started:-no} sleeper before, $(pgrep -xfc "sleep $token") after, $(mounted) mounts"

tap_done
