/* wait.c: mst-omp's default barrier waiting (see wait.h). */
#include "wait.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* Runnable tasks of the machine other than this one, the least of a few looks 2 ms apart (a
 * short-lived process is not a busy machine): /proc/stat's procs_running minus one; 0 where
 * it cannot be read. */
static long other_runnable(void)
{
    long least = -1;
    for (int look = 0; look < 3; look++) {
        FILE *f = fopen("/proc/stat", "r");
        char line[256];
        long running = -1;
        while (f != NULL && fgets(line, sizeof line, f) != NULL)
            if (sscanf(line, "procs_running %ld", &running) == 1)
                break;
        if (f != NULL)
            fclose(f);
        if (running < 1)
            return 0;
        least = least < 0 || running - 1 < least ? running - 1 : least;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    return least;
}

mst_status omp_wait_init(int *argc, char ***argv, int threads)
{
    (void)argc;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (getenv("OMP_WAIT_POLICY") != NULL || getenv("GOMP_SPINCOUNT") != NULL)
        return MST_OK;
    if (cpus < 1)
        cpus = 1;
    if (threads <= 0)
        threads = (int)cpus;
    if (threads == 1 || other_runnable() + threads <= cpus)
        return MST_OK; /* every thread has a core: libgomp's long spins are the fast barriers */
    if (setenv("GOMP_SPINCOUNT", OMP_DEFAULT_SPINCOUNT, 0) != 0 ||
        (getenv("KMP_BLOCKTIME") == NULL && setenv("KMP_BLOCKTIME", "1", 0) != 0))
        return MST_OK;
    execv("/proc/self/exe", *argv); /* returns only on failure: keep the defaults */
    return MST_OK;
}
