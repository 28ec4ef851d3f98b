# matrix.sh: reads lab/matrix into the runner's tables. Source it, then:
#   UUIDX_DOCUMENTED_MAJORS   every major of the matrix, in its order
#   UUIDX_MAJOR_ROOT[N]       the Debian root major N runs in (unset: the machine itself)
#   UUIDX_MAJOR_SERVER[N]     how its server is provided (apt:SUITE or source:VERSION)
#   UUIDX_MAJOR_EXTRAS[N]     what runs there besides the per-major suites (comma-separated)
#   UUIDX_CROSS_PATHS         the upgrade paths, "ROOT:MAJOR MAJOR ..."
UUIDX_DOCUMENTED_MAJORS=()
UUIDX_CROSS_PATHS=()
declare -A UUIDX_MAJOR_ROOT=() UUIDX_MAJOR_SERVER=() UUIDX_MAJOR_EXTRAS=()
while read -r kind a b c d; do
  case $kind in
    major)
      UUIDX_DOCUMENTED_MAJORS+=("$a")
      [ "$b" = machine ] || UUIDX_MAJOR_ROOT[$a]=$b
      UUIDX_MAJOR_SERVER[$a]=$c
      UUIDX_MAJOR_EXTRAS[$a]=${d:--} ;;
    path) UUIDX_CROSS_PATHS+=("$a:$b${c:+ $c}${d:+ $d}") ;;
  esac
done < <(sed 's/#.*//' "$(dirname "${BASH_SOURCE[0]}")/matrix")
