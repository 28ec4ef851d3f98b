# check.sh: opens a lab self-check (set -u, repository root, deps.sh, root.sh) with its own minimal
# TAP, as they read nothing of test/lib: tap_check NAME t|f [FIGURES], tap_note, tap_done.
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
