/*
 * transform.c: the post-processing steps of mst-gen that change a finished edge list:
 * disjoint copies (family `components`, a forest test with a known component count) and injected
 * self-loops and parallel edges (--self-loops P, --multi-edges P: inputs for testing the loaders
 * and the solvers' tie-breaking). Both are pure functions of the input and the seed; positions are
 * found by parallel prefix sums, so the result does not depend on the threads.
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "rng.h"

mst_status gen_replicate(gen_edges *g, uint64_t parts)
{
    mst_status st = MST_OK;
    gen_edges out;
    memset(&out, 0, sizeof out);
    uint64_t n = g->n, m = g->m;
    if (parts == 1)
        return MST_OK;
    if (parts == 0)
        return mst_fail(MST_EUSAGE, "option --parts: must be at least 1");
    if ((n > 0 && parts > MST_MAX_VERTICES / n) || (m > 0 && parts > GEN_MAX_EDGES / m))
        return mst_fail(MST_ERESOURCE, "components: %llu copies of n=%llu, m=%llu exceed "
                        "2^32 - 1 vertices or edges", (unsigned long long)parts,
                        (unsigned long long)n, (unsigned long long)m);
    MST_CHECK(gen_edges_alloc(&out, (uint32_t)(n * parts), m * parts, g->key != NULL));
    out.key_type = g->key_type;
#pragma omp parallel for schedule(static) collapse(2)
    for (uint64_t c = 0; c < parts; c++)
        for (uint64_t e = 0; e < m; e++) {
            uint64_t to = c * m + e;
            gen_edges_put(&out, to, (uint32_t)(g->u[e] + c * n), (uint32_t)(g->v[e] + c * n), g,
                          e);
        }
    gen_edges_free(g);
    *g = out;
    return MST_OK;
fail:
    return st;
}

/* Probability as a threshold on a 64-bit random word; rate >= 1 means always. */
static uint64_t threshold(double rate, int *always)
{
    *always = rate >= 1.0;
    return rate <= 0.0 || *always ? 0 : (uint64_t)(rate * 0x1.0p64);
}

/* The decisions for edge e, drawn first from its sequence q (which then goes on with the copy's
 * and the loop's draws): bit 0 a parallel copy, bit 1 a self-loop. */
static inline unsigned decide(gen_seq *q, uint64_t t_multi, int all_multi, uint64_t t_loop,
                              int all_loop)
{
    uint64_t r1 = gen_seq_next(q), r2 = gen_seq_next(q);
    return (unsigned)(all_multi || r1 < t_multi) | (unsigned)(all_loop || r2 < t_loop) << 1;
}

mst_status gen_inject(gen_edges *g, uint64_t seed, double loop_rate, double multi_rate)
{
    mst_status st = MST_OK;
    gen_edges out;
    uint64_t *part = NULL;
    memset(&out, 0, sizeof out);
    uint64_t m = g->m, n = g->n;
    int all_multi, all_loop;
    uint64_t t_multi = threshold(multi_rate, &all_multi), t_loop = threshold(loop_rate, &all_loop);
    if (m == 0 || (t_multi == 0 && !all_multi && t_loop == 0 && !all_loop))
        return MST_OK;
    uint64_t k = gen_stream(seed, GEN_TAG_INJECT);
    int threads = omp_get_max_threads();
    MST_CALLOC(part, (uint64_t)threads + 1);
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t c = 0;
        for (uint64_t e = lo; e < hi; e++) {
            gen_seq q = gen_seq_at(k, e);
            unsigned d = decide(&q, t_multi, all_multi, t_loop, all_loop);
            c += 1 + (d & 1) + (d >> 1);
        }
        part[t] = c;
    }
    uint64_t total = gen_scan(part, (uint64_t)threads);
    if (total > GEN_MAX_EDGES)
        MST_FAIL(MST_ERESOURCE, "%llu edges after injection: at most 2^32 - 1",
                 (unsigned long long)total);
    MST_CHECK(gen_edges_alloc(&out, g->n, total, g->key != NULL));
    out.key_type = g->key_type;
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi;
        gen_thread_part(m, t, nt, &lo, &hi);
        uint64_t pos = part[t];
        for (uint64_t e = lo; e < hi; e++) {
            gen_seq q = gen_seq_at(k, e);
            unsigned d = decide(&q, t_multi, all_multi, t_loop, all_loop);
            gen_edges_put(&out, pos++, g->u[e], g->v[e], g, e);
            if (d & 1) { /* a copy of a random edge, reversed half the time */
                uint64_t src = gen_below(gen_seq_next(&q), m);
                int swap = (int)(gen_seq_next(&q) >> 63);
                gen_edges_put(&out, pos++, swap ? g->v[src] : g->u[src],
                              swap ? g->u[src] : g->v[src], g, src);
            }
            if (d >> 1) {
                uint32_t x = (uint32_t)gen_below(gen_seq_next(&q), n);
                gen_edges_put(&out, pos++, x, x, g, e);
            }
        }
    }
    free(part);
    gen_edges_free(g);
    *g = out;
    return MST_OK;
fail:
    free(part);
    return st;
}
