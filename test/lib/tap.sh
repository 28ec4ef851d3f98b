# tap.sh: TAP for a suite (set -u, cwd the repository's root): `ok N - NAME`, NAME a fixed phrase,
# figures on `# ` lines; the plan at the end; exit 1 when a check failed. tap_check NAME OK
# [FIGURES] (t, true or 1 passes); tap_sql NAME SQL (a row: boolean, figures); tap_skip NAME REASON;
# tap_skip_all REASON; tap_need NAME OK [FIGURES] (a precondition: else tap_bail); tap_bail NAME
# [FIGURES] (fail, then tap_done); tap_note TEXT; tap_gtest NAME OUT STATUS FIGURES (then a check per
# GoogleTest test); tap_done (checks UUIDX_SERVER_LOG for a crashed backend, then the plan).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
tap_n=0
tap_failed=0

tap_note() { [ -z "$*" ] || sed '/^$/d; s/^/# /' <<<"$*"; }

tap_check() {
  tap_n=$((tap_n + 1))
  case $2 in
    t | true | 1) echo "ok $tap_n - $1" ;;
    *) echo "not ok $tap_n - $1"; tap_failed=$((tap_failed + 1)) ;;
  esac
  tap_note "${3:-}"
}

tap_sql() {
  local out
  if ! out=$(cluster_psql -At -F '|' -c "$2" 2>&1); then
    tap_check "$1" f "query failed: $out"
  else
    tap_check "$1" "${out%%|*}" "${out#*|}"
  fi
}

tap_gtest() {
  local result name
  tap_check "$1" "$([ "$3" = 0 ] && echo t)" \
    "exit code $3; $(grep -E '^\[  (PASSED|FAILED)  \] [0-9]+ tests?' <<<"$2" | tr '\n' ' ')${4:-}"
  [ "$3" = 0 ] || tap_note "$(tail -n 40 <<<"$2")"
  while read -r result name; do
    tap_check "$name" "$([ "$result" = OK ] && echo t)"
  done < <(sed -nE 's/^\[ +(OK|FAILED) +\] ([^ ]+) \([0-9]+ ms\)$/\1 \2/p' <<<"$2")
}

tap_skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1 # SKIP $2"; }
tap_skip_all() { echo "1..0 # SKIP $1"; exit 0; }
tap_need() { case $2 in t | true | 1) tap_note "$1: ${3:-}" ;; *) tap_bail "$1" "${3:-}" ;; esac; }
tap_bail() { tap_check "$1" f "${2:-}"; tap_done; }

cluster_log_has_crash() {
  grep -E "terminated by signal|server process .* (was terminated|exited with exit code [1-9])|terminating any other active server processes" \
    "$UUIDX_SERVER_LOG" >/dev/null 2>&1
}

tap_done() {
  if [ -n "${UUIDX_SERVER_LOG:-}" ]; then
    tap_check "the server log shows no crashed backend" "$(cluster_log_has_crash || echo t)" \
      "$(grep -E "terminated by signal|server process" "$UUIDX_SERVER_LOG")"
    # A failure is explained by the server's own words (the lab deletes the cluster after).
    [ "$tap_failed" = 0 ] || tap_note "the server log's last lines:
$(tail -n 40 "$UUIDX_SERVER_LOG")"
  fi
  echo "1..$tap_n"
  [ "$tap_failed" = 0 ] && exit 0
  exit 1
}
