/*
 * fam_mixed.c: the mixed sparse/dense family of Ma and Wan ("Heterogeneous CPU-GPU
 * Orchestration for Repeated Minimum Spanning Tree Computation", section 4, Hybrid): an R-MAT
 * graph "with highly skewed graph connections and densely connected cliques", n = 49,152 of
 * which about 16,384 lie in "densely packed clusters that has density m > n^2/2" (their
 * density counts ordered pairs: a cluster of K vertices with more than K^2/2 edges, i.e. G(K, p)
 * with p > 1/2). The paper gives neither the cluster size nor how the clusters attach; here:
 *   - vertices [0, C K): C clusters of K vertices, each G(K, p) (the gnp family's pairs, from a
 *     seed of its own);
 *   - vertices [C K, C K + 2^S): an R-MAT graph of scale S and edge factor F (the rmat family:
 *     a,b,c = 0.57,0.19,0.19 unless --abcd), its edges after the clusters';
 *   - last, one edge from each cluster vertex to an endpoint of a random R-MAT edge (so to a
 *     hub with probability proportional to its degree): C K edges, which join every cluster
 *     to the sparse part.
 * Duplicate removal follows (R-MAT repeats and self-loops).
 */
#include <stdlib.h>

#include "gen.h"
#include "rng.h"

mst_status gen_check_mixed(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t rn, rm, c = p->u64[GP_CLIQUES], k = p->u64[GP_SIZE];
    if (!(p->given & GP_BIT(GP_EDGE_FACTOR))) {
        p->u64[GP_EDGE_FACTOR] = 8;
        p->given |= GP_BIT(GP_EDGE_FACTOR);
    }
    mst_status st = gen_check_rmat(p, &rn, &rm);
    if (st != MST_OK)
        return st;
    if (c < 1 || k < 2 || !(p->p >= 0.0 && p->p <= 1.0))
        return mst_fail(MST_EUSAGE, "family mixed: needs --cliques of at least 1, --size of at "
                        "least 2 and --p in [0, 1]");
    if (k > 1000000 || c > MST_MAX_VERTICES / k || c * k + rn > MST_MAX_VERTICES)
        return mst_fail(MST_ERESOURCE, "family mixed: at most 2^32 - 1 vertices");
    double dense = p->p * (double)c * (double)k * (double)(k - 1) / 2;
    if (dense + (double)(rm + c * k) > (double)GEN_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "family mixed: about %.3g edges, at most 2^32 - 1",
                        dense + (double)(rm + c * k));
    *n = c * k + rn;
    *m = (uint64_t)dense + rm + c * k;
    return MST_OK;
}

/* Appends src with its ids shifted by `base` at edge `at` of g. */
static void append(gen_edges *g, uint64_t at, const gen_edges *src, uint32_t base)
{
#pragma omp parallel for schedule(static)
    for (uint64_t e = 0; e < src->m; e++) {
        g->u[at + e] = src->u[e] + base;
        g->v[at + e] = src->v[e] + base;
    }
}

mst_status gen_mixed(const gen_params *p, gen_edges *g)
{
    mst_status st = MST_OK;
    uint64_t c = p->u64[GP_CLIQUES], k = p->u64[GP_SIZE], ck = c * k, total = 0;
    gen_edges rmat = {0}, *parts = NULL;
    MST_CALLOC(parts, c);
    for (uint64_t i = 0; i < c; i++) { /* cluster i's G(K, p), from a seed of its own */
        gen_params q = *p;
        q.u64[GP_VERTICES] = p->u64[GP_SIZE];
        q.given &= ~GP_BIT(GP_CONNECTED);
        q.seed = gen_stream(p->seed, GEN_TAG_CLUSTERS) + i;
        MST_CHECK(gen_gnp(&q, &parts[i]));
        total += parts[i].m;
    }
    unsigned scale = (unsigned)p->u64[GP_SCALE];
    MST_CHECK(gen_edges_alloc(&rmat, 1u << scale, p->u64[GP_EDGE_FACTOR] << scale, 0));
    gen_rmat_range(p, 0, rmat.m, rmat.u, rmat.v);
    MST_CHECK(gen_edges_alloc(g, (uint32_t)(ck + rmat.n), total + rmat.m + ck, 0));
    uint64_t at = 0;
    for (uint64_t i = 0; i < c; i++) {
        append(g, at, &parts[i], (uint32_t)(i * k));
        at += parts[i].m;
    }
    append(g, at, &rmat, (uint32_t)ck);
    at += rmat.m;
    uint64_t key = gen_stream(p->seed, GEN_TAG_LINKS);
#pragma omp parallel for schedule(static)
    for (uint64_t x = 0; x < ck; x++) {
        uint64_t r = gen_rand(key, x), e = gen_below(r >> 1, rmat.m);
        g->u[at + x] = (uint32_t)x;
        g->v[at + x] = (uint32_t)ck + ((r & 1) ? rmat.u[e] : rmat.v[e]);
    }
fail:
    for (uint64_t i = 0; parts != NULL && i < c; i++)
        gen_edges_free(&parts[i]);
    free(parts);
    gen_edges_free(&rmat);
    return st;
}
