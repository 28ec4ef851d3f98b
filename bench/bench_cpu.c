/*
 * bench_cpu.c: bench_cpu_ns(), the CPU time the calling backend has used, in ns. bench/bench.sh
 * builds it into its throwaway cluster only (never part of the extension) so that per-call costs
 * are timed by the backend's own CPU clock: on a shared machine, wall time also counts the time
 * the backend spent waiting for a core.
 */
#include "postgres.h"

#include <time.h>

#include "fmgr.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(bench_cpu_ns);

Datum bench_cpu_ns(PG_FUNCTION_ARGS) {
  struct timespec ts;

  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    ereport(ERROR, (errmsg("could not read the process CPU clock: %m")));
  PG_RETURN_INT64((int64)ts.tv_sec * 1000000000 + ts.tv_nsec);
}
