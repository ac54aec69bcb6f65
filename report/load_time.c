/*
 * load_time.c: times graph loads alone, for report/device-load.sh (which compiles it against
 * build/libmstcore.a): a solver run would add its compute time to every measurement.
 *
 * usage: load_time REPS FILE...   (threads: OMP_NUM_THREADS)
 * For each FILE, REPS loads through mst_graph_load with the default options; prints one line
 * "FILE FORMAT N M THREADS MEDIAN_S MIN_S" (the seconds of mst_graph_load minus the ranking of
 * 64-bit weights, as the harness's load_s). Exit 2 if a load fails (its message on stderr).
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "loader.h"
#include "timer.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int reps = argc > 2 ? atoi(argv[1]) : 0;
    if (reps < 1 || reps > 100) {
        fprintf(stderr, "usage: load_time REPS FILE...\n");
        return 1;
    }
    mst_load_options o = mst_load_options_default();
    for (int i = 2; i < argc; i++) {
        double t[100];
        mst_graph g;
        for (int k = 0; k < reps; k++) {
            double t0 = mst_now_s();
            if (mst_graph_load(argv[i], &o, &g) != MST_OK) {
                fprintf(stderr, "load_time: %s\n", mst_last_error());
                return 2;
            }
            t[k] = mst_now_s() - t0 - g.rank_s;
            if (k + 1 < reps)
                mst_graph_free(&g);
        }
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        double median = reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
        printf("%s %s %u %llu %d %.6f %.6f\n", argv[i], g.format, g.n, (unsigned long long)g.m,
               omp_get_max_threads(), median, t[0]);
        mst_graph_free(&g);
    }
    return 0;
}
