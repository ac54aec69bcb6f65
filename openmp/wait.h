/*
 * wait.h: how mst-omp's threads wait at barriers when the user has not said.
 */
#ifndef MST_OMP_WAIT_H
#define MST_OMP_WAIT_H

#include "status.h"

/* The spin count mst-omp gives libgomp (GOMP_SPINCOUNT, in busy-wait iterations before a
 * waiting thread sleeps) on a busy machine: libgomp's own default (300,000) lets a thread spin
 * through the whole time slice of a partner that the busy machine has descheduled, at every
 * barrier; a short spin then sleep lets the partner run. On an idle machine libgomp's default
 * stays: there the long spins are what make a round's barriers cheap (docs/omp-tuning.md). */
#ifndef OMP_DEFAULT_SPINCOUNT
#define OMP_DEFAULT_SPINCOUNT "1000"
#endif

/*
 * The descriptor's init hook, after option parsing: if neither OMP_WAIT_POLICY nor
 * GOMP_SPINCOUNT is set and the machine is busy (the tasks already runnable plus `threads`,
 * the team size, 0 for all cores, exceed the online cores at each of a few looks over about
 * 30 ms: a starting process is not a busy machine), sets GOMP_SPINCOUNT
 * (OMP_DEFAULT_SPINCOUNT) and KMP_BLOCKTIME (the same bound for LLVM's libomp, in
 * milliseconds), then executes the program again with the same arguments, because libgomp
 * reads its environment once, when it is loaded. A user's setting is never changed, and if the
 * new image cannot be started the run goes on with the runtime's defaults. Returns MST_OK.
 */
mst_status par_wait_init(int *argc, char ***argv, int threads);

#endif
