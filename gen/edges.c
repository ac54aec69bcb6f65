/*
 * edges.c: the edge buffer of mst-gen, its memory estimate, and a parallel prefix sum, the
 * pieces every generator and post-processing step uses.
 *
 * gen_scan is the classic two-pass blocked scan (Blelloch, "Prefix sums and their applications",
 * CMU-CS-90-190, 1990): each thread sums its block, one thread scans the block sums, each thread
 * rescans its block from its offset. Integer sums are exact, so the result does not depend on
 * the number of threads.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "core.h"

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

/* The largest of a and b. */
static double max2(double a, double b)
{
    return a > b ? a : b;
}

mst_status gen_memory_check(const char *family, uint64_t n, uint64_t m, uint64_t parts,
                            int dedup, double inject_rate)
{
    double em = (double)m, copies = (double)parts, final_m = em * copies * (1 + inject_rate);
    double peak = dedup ? 17 * em : 8 * em; /* u, v; dedup: keep, order, then the compact copy */
    if (parts > 1)
        peak = max2(peak, 8 * em + 8 * em * copies); /* the copies beside the original */
    if (inject_rate > 0)
        peak = max2(peak, 8 * em * copies + 8 * final_m); /* the grown arrays beside the old */
    peak = max2(peak, 12 * final_m);                      /* u, v and the weights' keys */
    char what[128];
    snprintf(what, sizeof what, "family %s (n = %llu, m = %llu)", family,
             (unsigned long long)(n * parts), (unsigned long long)(m * parts));
    return mst_memory_check(NULL, what, peak + 16 * (double)n * copies);
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
