# crossmajor.sh: the servers of several majors side by side, each with uuidx installed, for the
# TAP tests across majors (lab/kinds/tap_cross.sh) and the background preparation
# (lab/ahead_in_root.sh). Sourcing it sources what it builds on: deps.sh, pgserver.sh, build.sh.
#   cross_provide MAJOR [source]   # server + uuidx build of that major; prints its bindir
#   cross_provide_majors           # bin[M] for each major of UUIDX_PG_VERSIONS, or the suite fails
#   cross_server_how MAJOR         # "source" when that major's server is built from Debian's source

source lab/deps.sh
source lab/pgserver.sh
source lab/build.sh

# How the server of MAJOR is provided for the suites across majors: "source" for 15 (see
# cross_provide_majors), else as pg_server_config provides it.
cross_server_how() { [ "$1" = 15 ] && echo source; return 0; }

# Provides a server of MAJOR (Debian's source build with 'source') and uuidx built and installed
# for it; prints its bindir.
cross_provide() {
  local pg_config
  pg_config=$(pg_server_config "$@") || return 1
  uuidx_build_install "$pg_config" >/dev/null || return 1
  "$pg_config" --bindir
}

# Sets bin[M] (an associative array) for each major of UUIDX_PG_VERSIONS, each with uuidx
# installed; 15 is Debian's source build of 15.18 (lab/pgserver.sh says why). On failure prints
# why as a lab-failed line (lab/count.sh), and exits.
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
