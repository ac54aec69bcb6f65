/*
 * edges.c: the edge buffer of mst-gen and a parallel prefix sum, the two pieces every generator
 * and post-processing step uses.
 *
 * gen_scan is the classic two-pass blocked scan (Blelloch, "Prefix sums and their applications",
 * CMU-CS-90-190, 1990): each thread sums its block, one thread scans the block sums, each thread
 * rescans its block from its offset. Integer sums are exact, so the result does not depend on
 * the number of threads.
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "scan.h"

mst_status gen_edges_alloc(gen_edges *g, uint32_t n, uint64_t m, int with_key)
{
    mst_status st = MST_OK;
    memset(g, 0, sizeof *g);
    g->n = n;
    g->m = m;
    MST_ALLOC(g->u, m);
    MST_ALLOC(g->v, m);
    if (with_key)
        MST_ALLOC(g->key, m);
    return MST_OK;
fail:
    gen_edges_free(g);
    return st;
}

void gen_edges_free(gen_edges *g)
{
    if (g == NULL)
        return;
    free(g->u);
    free(g->v);
    free(g->key);
    memset(g, 0, sizeof *g);
}

uint64_t gen_scan(uint64_t *a, uint64_t len)
{
    if (len < (1u << 16))
        return mst_exclusive_scan(a, len);
    int threads = omp_get_max_threads();
    uint64_t *part = calloc((size_t)threads + 1, sizeof *part);
    if (part == NULL) /* tiny allocation: fall back to one thread rather than fail */
        return mst_exclusive_scan(a, len);
    uint64_t total = 0;
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(len, t, nt, &lo, &hi);
        uint64_t s = 0;
        for (uint64_t i = lo; i < hi; i++)
            s += a[i];
        part[t + 1] = s;
#pragma omp barrier
#pragma omp single
        {
            for (int i = 1; i <= nt; i++)
                part[i] += part[i - 1];
            total = part[nt];
        }
        s = part[t];
        for (uint64_t i = lo; i < hi; i++) {
            uint64_t x = a[i];
            a[i] = s;
            s += x;
        }
    }
    free(part);
    return total;
}
