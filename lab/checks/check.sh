# check.sh: TAP for the lab's self-checks (they read nothing of test/lib):
#   tap_check NAME OK [FIGURES]   OK t passes, anything else fails; FIGURES as `# ` lines
#   tap_note TEXT                 each line of TEXT as a `# ` line
#   tap_done                      the plan; exit status 1 when a check failed
tap_n=0 tap_failed=0
tap_note() { [ -z "$*" ] || sed '/^$/d; s/^/# /' <<<"$*"; }
tap_check() {
  tap_n=$((tap_n + 1))
  if [ "$2" = t ]; then echo "ok $tap_n - $1"; else echo "not ok $tap_n - $1"; tap_failed=$((tap_failed + 1)); fi
  tap_note "${3:-}"
}
tap_done() { echo "1..$tap_n"; [ "$tap_failed" = 0 ]; exit; }
