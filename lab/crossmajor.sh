# crossmajor.sh: servers of several majors side by side, each with uuidx installed, for the TAP
# tests across majors (lab/kinds/tap_cross.sh) and lab/ahead_in_root.sh.

source lab/deps.sh
source lab/pgserver.sh
source lab/build.sh

# 15 is bookworm's own packages, the 15 bookworm's users move from (lab/pgserver.sh).
cross_server_how() { [ "$1" = 15 ] && echo bookworm; return 0; }

# cross_provide MAJOR [HOW]: a server with uuidx installed; prints its bindir.
cross_provide() {
  local pg_config
  pg_config=$(pg_server_config "$@") || return 1
  uuidx_build_install "$pg_config" >/dev/null || return 1
  "$pg_config" --bindir
}

# Sets bin[M] for each major of UUIDX_PG_VERSIONS; else prints a lab-failed line and exits.
declare -A bin
cross_provide_majors() {
  local m how
  for m in ${UUIDX_PG_VERSIONS:-}; do
    how=$(cross_server_how "$m")
    bin[$m]=$(cross_provide "$m" $how) && continue
    echo "lab-failed: could not provide PostgreSQL $m${how:+ ($how)} with uuidx"
    exit 1
  done
  [ ${#bin[@]} -ge 2 ] && return 0
  echo "lab-failed: fewer than two majors to move between: UUIDX_PG_VERSIONS='${UUIDX_PG_VERSIONS:-}'"
  exit 1
}
