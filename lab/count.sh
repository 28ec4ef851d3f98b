# count.sh: the run's one counter. It reads what prove printed (`prove --verbose`, run by the
# runner over a suite, or by PGXS's prove_installcheck over the TAP tests) and the lab's own
# lines about what it could not provide. Source it, then
#   count_log LOG SUITE   prints a line "S FILE REASON" for each skip (a whole file's, or one
#                         check's), "F FILE CHECK" for each failure, then "N PASSED FAILED SKIPPED"
# A check: `ok N` passes, `not ok N` fails (a TODO does not), `ok N # SKIP why` is skipped.
# A file: `FILE .. skipped: why` (a whole-file skip_all or `1..0 # SKIP why`) is one skip; a
# file in prove's summary with no failed check (it died, or its plan was wrong) is one failure.
# The lab's lines: `lab-failed: why` and `lab-skipped: why` (SUITE is their file).
#   skip_expected "LABEL FILE: REASON"   true when lab/skips lists that skip

count_log() {
  awk -v suite="$2" '
    function skip(file, why) { k++; sub(/^ +/, "", why); printf "S\t%s\t%s\n", file, why }
    /^[^ #][^ ]* \.\.+( |$)/ {
      file = $1; sub(/.*\//, "", file); sub(/\.[a-z]+$/, "", file)
      if (match($0, / \.\.+ skipped: /)) skip(file, substr($0, RSTART + RLENGTH))
      next
    }
    function fail(file, what) { f++; printf "F\t%s\t%s\n", file, what }
    /^ *not ok [0-9]+/ { if ($0 !~ /# *TODO/) fail(file, $0); next }
    /^ *ok [0-9]+/ {
      if (match($0, /# *[Ss][Kk][Ii][Pp]/)) skip(file, substr($0, RSTART + RLENGTH)); else p++
      next
    }
    /^[^ ]+ +\(Wstat: [0-9]+ .*Failed: 0\)$/ { fail($1, $0); next }
    /^lab-failed: / { fail(suite, $0); next }
    /^lab-skipped: / { skip(suite, substr($0, 14)); next }
    END { printf "N\t%d\t%d\t%d\n", p, f, k }' "$1"
}

skip_expected() {
  local label=${1%% *} rest=${1#* } file why s l w
  file=${rest%%: *} why=${rest#*: }
  while read -r s l w; do
    [ "$s" = "$file" ] && [[ ",$l," == *",$label,"* || $l = "*" ]] && [[ $why == $w ]] && return 0
  done < <(sed 's/#.*//' lab/skips)
  return 1
}
