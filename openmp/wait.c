/* wait.c: mst-omp's default barrier waiting (see wait.h). */
#include "wait.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Runnable tasks of the machine other than this one right now: /proc/stat's procs_running
 * minus one; 0 where it cannot be read. */
static long other_runnable(void)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[256];
    long running = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "procs_running %ld", &running) == 1)
            break;
    if (f != NULL)
        fclose(f);
    return running < 1 ? 0 : running - 1;
}

/* Whether the team and the other runnable tasks exceed the cores at each of BUSY_LOOKS looks
 * BUSY_GAP_NS apart: a process that is only starting (the reader at the end of a pipe) is not a
 * busy machine. The first look with room for the team ends the test. */
#define BUSY_LOOKS 8
#define BUSY_GAP_NS 4000000L
static int machine_busy(long threads, long cpus)
{
    for (int look = 0; look < BUSY_LOOKS; look++) {
        if (other_runnable() + threads <= cpus)
            return 0;
        if (look + 1 < BUSY_LOOKS)
            nanosleep(&(struct timespec){0, BUSY_GAP_NS}, NULL);
    }
    return 1;
}

mst_status par_wait_init(int *argc, char ***argv, int threads)
{
    (void)argc;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (getenv("OMP_WAIT_POLICY") != NULL || getenv("GOMP_SPINCOUNT") != NULL)
        return MST_OK;
    if (cpus < 1)
        cpus = 1;
    if (threads <= 0)
        threads = (int)cpus;
    if (threads == 1 || !machine_busy(threads, cpus))
        return MST_OK; /* every thread has a core: libgomp's long spins are the fast barriers */
    if (setenv("GOMP_SPINCOUNT", OMP_DEFAULT_SPINCOUNT, 0) != 0 ||
        (getenv("KMP_BLOCKTIME") == NULL && setenv("KMP_BLOCKTIME", "1", 0) != 0))
        return MST_OK;
    execv("/proc/self/exe", *argv); /* returns only on failure: keep the defaults */
    return MST_OK;
}
