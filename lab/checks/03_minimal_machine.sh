#!/usr/bin/env bash
# scope: once
# timeout: 1800
# packages: shfmt
# A new minimal machine: a fresh copy of a bare root of this Debian suite (minbase and git). (1) It
# lacks what a full install has, so the checks mean something; (2) test/quickstart.sh passes as
# root and through sudo; (3) --install-only succeeds, then every program the scripts call is found
# (lab/checks/commands_used.py; those probed with `command -v` first only listed; PostgreSQL's bin
# in PATH, as for the suites). ../shared/tools/fresh-machine runs the whole test command there.
source "$(dirname "$0")/check.sh"

suite=${UUIDX_MINIMAL_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
start=$(date +%s)
finish() {
  [ -n "${copy:-}" ] && rm -rf "$copy"
  tap_note "suite took $(($(date +%s) - start)) s"
  tap_done
}

bare=$(root_provide "$suite-bare")
tap_check "a bare Debian root of the machine's suite (minbase and git)" "$([ -n "$bare" ] && [ -f "$bare/.uuidx-root" ] && echo t)" "${bare:-none}"
[ -n "$bare" ] || finish
copy=$(mktemp -d "$UUIDX_PG_CACHE/roots/minimal.XXXXXX")
cp -a "$bare/." "$copy/"
chmod 755 "$copy"
# This machine's .debs seed the copy's apt cache: apt still chooses, and checks each file's checksum.
cp -l /var/cache/apt/archives/*.deb "$copy/var/cache/apt/archives/" 2>/dev/null ||
  cp /var/cache/apt/archives/*.deb "$copy/var/cache/apt/archives/" 2>/dev/null
inside() { _root_enter "$copy" "" "$@"; }

# 1. What the machine lacks.
absent=$(inside bash -c 'for p in pgrep ps python3 make g++ psql sudo; do command -v "$p" >/dev/null || printf "%s " "$p"; done')
tap_check "the copy lacks what the scripts install (procps, python3, make, g++, PostgreSQL, sudo)" \
  "$([ "$absent" = "pgrep ps python3 make g++ psql sudo " ] && echo t)" "absent: ${absent:-nothing}"

# 2. The quickstart, from the repository's files as a clone has them.
git ls-files -co --exclude-standard | tar -cf "$copy/var/tmp/uuidx-tree.tar" -T -
mkdir -p "$copy/root/uuidx-harness"
tar -xf "$copy/var/tmp/uuidx-tree.tar" -C "$copy/root/uuidx-harness"
out=$(inside bash /root/uuidx-harness/lab/quickstart_runs.sh /var/tmp/uuidx-tree.tar 2>&1)
for as in root sudo; do
  line=$(grep -E "^QUICKSTART as=$as " <<<"$out" | tail -n 1)
  [[ $line == *" rc=0 "*"works=yes" ]] || tap_note "$(sed -n "/QUICKSTART as=$as/q;p" <<<"$out" | tail -n 30)"
  tap_check "test/quickstart.sh on a new machine, as $as" "$([[ $line == *" rc=0 "*"works=yes" ]] && echo t)" "${line:-no result line}"
done

# 3. The install step, then every program the scripts call.
out=$(inside bash -c 'cd /root/uuidx-harness && bash test/run-tests.sh --install-only' 2>&1)
rc=$?
[ "$rc" = 0 ] || tap_note "$(tail -n 30 <<<"$out")"
tap_check "test/run-tests.sh --install-only on a new machine" "$([ "$rc" = 0 ] && echo t)" "exit $rc"
mapfile -t scripts < <(git ls-files -co --exclude-standard '*.sh' '*.py' .ci/run)
out=$(inside bash -c 'cd /root/uuidx-harness && export PATH="$PATH$(printf ":%s" /usr/lib/postgresql/*/bin)" &&
  python3 lab/checks/commands_used.py "$@" | while IFS=$(printf "\t") read -r program where optional; do
    if command -v "$program" >/dev/null; then echo "found $program"
    elif [ -n "$optional" ]; then echo "optional $program ($where)"
    else echo "missing $program ($where)"; fi
  done' _ "${scripts[@]}" 2>&1)
found=$(grep -c '^found ' <<<"$out")
missing=$(grep '^missing ' <<<"$out")
tap_note "$(grep '^optional ' <<<"$out")"
tap_check "the program list read from the scripts holds those known to be called (pgrep, ps, psql, make, python3, mmdebstrap)" \
  "$(for p in pgrep ps psql make python3 mmdebstrap; do grep -qx "found $p" <<<"$out" || grep -q "^missing $p " <<<"$out" || exit; done; echo t)" \
  "$found found"
tap_check "every program the scripts call is found after the install step" "$([ -z "$missing" ] && [ "$found" -gt 30 ] && echo t)" \
  "$found found${missing:+; $(tr '\n' ' ' <<<"$missing")}"
finish
