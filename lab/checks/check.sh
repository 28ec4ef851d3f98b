# check.sh: the opening of the lab's self-checks (`source "$(dirname "$0")/check.sh"`: set -u, the
# repository's root, lab/deps.sh and lab/root.sh) and their TAP, for they read nothing of test/lib:
# tap_check NAME OK [FIGURES] (OK t passes), tap_note TEXT (`# ` lines), tap_done (the plan;
# status 1 if one failed).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
source lab/deps.sh
source lab/root.sh
tap_n=0 tap_failed=0
tap_note() { [ -z "$*" ] || sed '/^$/d; s/^/# /' <<<"$*"; }
tap_check() {
  tap_n=$((tap_n + 1))
  if [ "$2" = t ]; then echo "ok $tap_n - $1"; else echo "not ok $tap_n - $1"; tap_failed=$((tap_failed + 1)); fi
  tap_note "${3:-}"
}
tap_done() { echo "1..$tap_n"; [ "$tap_failed" = 0 ]; exit; }
