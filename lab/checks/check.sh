# check.sh: TAP for the lab's self-checks (which read nothing of test/lib): tap_check NAME OK
# [FIGURES] (OK t passes), tap_note TEXT (`# ` lines), tap_done (the plan; status 1 if one failed).
tap_n=0 tap_failed=0
tap_note() { [ -z "$*" ] || sed '/^$/d; s/^/# /' <<<"$*"; }
tap_check() {
  tap_n=$((tap_n + 1))
  if [ "$2" = t ]; then echo "ok $tap_n - $1"; else echo "not ok $tap_n - $1"; tap_failed=$((tap_failed + 1)); fi
  tap_note "${3:-}"
}
tap_done() { echo "1..$tap_n"; [ "$tap_failed" = 0 ]; exit; }
