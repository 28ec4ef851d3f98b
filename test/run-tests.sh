#!/usr/bin/env bash
# The README's test command (.ci/run calls it): the lab's runner, lab/run.sh, over every major of
# lab/matrix. It ends with one line "N passed, N failed[, N skipped]"; see lab/README.md.
exec bash "$(dirname "$0")/../lab/run.sh" "$@"
