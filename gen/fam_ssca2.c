/*
 * fam_ssca2.c: the SSCA#2 graph of mst-gen: random-sized cliques joined by sparse inter-clique
 * edges whose probability falls with distance, with integer weights.
 *
 * Source: the DARPA HPCS Scalable Synthetic Compact Application #2 (Graph Analysis) data
 * generator, as specified by Bader and Madduri, "Design and implementation of the HPCS graph
 * analysis benchmark on symmetric multiprocessors", HiPC 2005, and implemented in their GTgraph
 * suite (Bader and Madduri, "GTgraph: A synthetic graph generator suite", Georgia Tech, 2006,
 * section 1), which Vineet et al. 2009 (section 4) used for their third graph family. The
 * spec's parameters and their defaults (TotVertices = 2^SCALE):
 *   - TotVertices (--vertices N);
 *   - MaxCliqueSize (--max-clique K, default floor(2^(SCALE/3)), here floor(cbrt(N))): clique
 *     sizes are uniform on [1, K]; cliques take consecutive vertex ids until N is covered (the
 *     last one is cut short); every pair inside a clique is joined;
 *   - MaxParallelEdges (--max-parallel M, default 3): each joined pair gets a number of parallel
 *     edges uniform on [1, M] (duplicate removal, mst-gen's default, keeps the first);
 *   - ProbIntercliqueEdges (--p-inter P, default 0.5): every vertex i looks at one vertex j per
 *     distance class t = 1 .. floor(log2 N) - 1, j = i + 2^t + (uniform on [0, 2^(t-1))) mod N;
 *     if j lies in another clique, each of the pair's parallel edges exists with probability
 *     P / 2^(t-1) (the hierarchical, distance-dependent inter-clique edges);
 *   - MaxIntWeight (--max-weight W, default 2^SCALE, here min(N, 2^31 - 1)): integer weights
 *     uniform on [1, W], the family's own (any --weights mode replaces them);
 *   - ProbUnidirectional: not used: the suite's graphs are undirected, and both directions of
 *     a pair are one edge.
 * Finally the vertex ids are permuted at random, as GTgraph does "to remove locality".
 * Vineet et al. 2009 (section 4) used graphs of up to 5M vertices and 30M edges with weights
 * 1..1000 (presets.c).
 *
 * Every draw is a hash of (seed, stream, index) (rng.h): clique c's size from (GEN_TAG_CLIQUES,
 * c), a pair's copies from (GEN_TAG_COPIES, its two ids), vertex i's inter-clique draws from
 * the sequence (GEN_TAG_EDGES, i), edge e's weight from (GEN_TAG_WEIGHT, e), the permutation
 * from GEN_TAG_PERM. The edges are every clique's pairs in row-major order, clique by clique,
 * then every vertex's inter-clique edges, vertex by vertex: counted per clique, prefix-summed
 * and written in parallel, so the file does not depend on the threads. O(N K + m) work.
 */
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#include "gen.h"
#include "rng.h"

#define SSCA2_MAX_CLIQUE 65536
#define SSCA2_MAX_PARALLEL 64

mst_status gen_check_ssca2(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES];
    if (nv == 0 || nv > MST_MAX_VERTICES)
        return mst_fail(nv == 0 ? MST_EUSAGE : MST_ERESOURCE, "family ssca2: --vertices %llu "
                        "must be 1..2^32 - 1", (unsigned long long)nv);
    if (!(p->given & GP_BIT(GP_MAX_CLIQUE))) {
        /* The largest k with k^3 <= n (at least 1). */
        uint64_t k = (uint64_t)cbrt((double)nv);
        while ((k + 1) * (k + 1) * (k + 1) <= nv)
            k++;
        while (k > 1 && k * k * k > nv)
            k--;
        p->u64[GP_MAX_CLIQUE] = k > 0 ? k : 1;
    }
    if (!(p->given & GP_BIT(GP_MAX_PARALLEL)))
        p->u64[GP_MAX_PARALLEL] = 3;
    if (!(p->given & GP_BIT(GP_MAX_WEIGHT)))
        p->u64[GP_MAX_WEIGHT] = nv < INT32_MAX ? nv : INT32_MAX;
    if (!(p->given & GP_BIT(GP_P_INTER)))
        p->p_inter = 0.5;
    uint64_t k = p->u64[GP_MAX_CLIQUE], par = p->u64[GP_MAX_PARALLEL], w = p->u64[GP_MAX_WEIGHT];
    if (k == 0 || k > SSCA2_MAX_CLIQUE)
        return mst_fail(MST_EUSAGE, "family ssca2: --max-clique %llu must be 1..%d",
                        (unsigned long long)k, SSCA2_MAX_CLIQUE);
    if (par == 0 || par > SSCA2_MAX_PARALLEL)
        return mst_fail(MST_EUSAGE, "family ssca2: --max-parallel %llu must be 1..%d",
                        (unsigned long long)par, SSCA2_MAX_PARALLEL);
    if (w == 0 || w > INT32_MAX)
        return mst_fail(MST_EUSAGE, "family ssca2: --max-weight %llu must be 1..2^31 - 1",
                        (unsigned long long)w);
    /* Expected edges: (K - 1)/3 clique pairs per vertex, at most 2P inter-clique ones, each
     * (M + 1)/2 times. */
    double expect = (double)nv * ((double)(k - 1) / 3 + 2 * p->p_inter) * (double)(par + 1) / 2;
    if (expect > (double)GEN_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "family ssca2: about %.3g edges expected, at most "
                        "2^32 - 1", expect);
    *n = nv;
    *m = (uint64_t)expect;
    return MST_OK;
}

/* What every clique's edges are drawn from. */
typedef struct ssca2_draw {
    uint32_t n;
    uint64_t par;               /* MaxParallelEdges */
    uint64_t copies_key, inter_key;
    int classes;                /* floor(log2 n): distance classes t = 1 .. classes - 1 */
    int all;                    /* P = 1 */
    uint64_t thr;               /* P 2^64 (P < 1) */
} ssca2_draw;

/* The pairs of clique [s, e) with their copies, in row-major order, into (u, v) from 0; returns
 * how many (u == NULL: counts only). */
static uint64_t clique_edges(const ssca2_draw *d, uint32_t s, uint32_t e, uint32_t *u, uint32_t *v)
{
    uint64_t k = 0;
    for (uint32_t a = s; a < e; a++)
        for (uint32_t b = a + 1; b < e; b++) {
            /* The pair's parallel copies: uniform on [1, par]. */
            uint64_t key = gen_rand(d->copies_key, (uint64_t)a << 32 | b);
            for (uint64_t c = d->par == 1 ? 1 : 1 + gen_below(key, d->par); c > 0; c--, k++)
                if (u != NULL)
                    u[k] = a, v[k] = b;
        }
    return k;
}

/* Whether a parallel edge of distance class t exists: P / 2^(t-1), exact in integers. */
static inline int inter_accept(const ssca2_draw *d, uint64_t r, int t)
{
    if (d->all)
        return t == 1 || r < 1ull << (65 - t);
    return r < d->thr >> (t - 1);
}

/* Vertex i's inter-clique edges (its clique is [s, e)) into (u, v) from 0; returns how many
 * (u == NULL: counts only). */
static uint64_t inter_edges(const ssca2_draw *d, uint32_t i, uint32_t s, uint32_t e, uint32_t *u,
                            uint32_t *v)
{
    gen_seq q = gen_seq_at(d->inter_key, i);
    uint64_t k = 0;
    for (int t = 1; t < d->classes; t++) {
        uint64_t step = (1ull << t) + gen_below(gen_seq_next(&q), 1ull << (t - 1));
        uint32_t j = (uint32_t)(((uint64_t)i + step) % d->n);
        if (j >= s && j < e)
            continue;
        uint64_t copies = d->par == 1 ? 1 : 1 + gen_below(gen_seq_next(&q), d->par);
        for (; copies > 0; copies--)
            if (inter_accept(d, gen_seq_next(&q), t)) {
                if (u != NULL)
                    u[k] = i, v[k] = j;
                k++;
            }
    }
    return k;
}

mst_status gen_ssca2(const gen_params *p, gen_edges *g)
{
    mst_status st = MST_OK;
    uint32_t *start = NULL, *perm = NULL; /* clique q holds vertices start[q] .. start[q + 1] - 1 */
    uint64_t *intra = NULL, *inter = NULL, n = p->u64[GP_VERTICES], count = 0;
    ssca2_draw d = {(uint32_t)n, p->u64[GP_MAX_PARALLEL], gen_stream(p->seed, GEN_TAG_COPIES),
                    gen_stream(p->seed, GEN_TAG_EDGES), 0, p->p_inter >= 1.0,
                    p->p_inter >= 1.0 ? 0 : (uint64_t)(p->p_inter * 0x1.0p64)};
    while (d.classes < 63 && (2ull << d.classes) <= n)
        d.classes++;

    /* Draws clique sizes until n vertices are covered (the last clique cut to fit). Sequential:
     * a running sum over about 2n / (K + 1) cliques. */
    uint64_t kc = gen_stream(p->seed, GEN_TAG_CLIQUES), kmax = p->u64[GP_MAX_CLIQUE];
    for (uint64_t pos = 0; pos < n; count++)
        pos += 1 + gen_below(gen_rand(kc, count), kmax);
    MST_ALLOC(start, count + 1);
    for (uint64_t q = 0, pos = 0; q < count; q++) {
        start[q] = (uint32_t)pos;
        pos += 1 + gen_below(gen_rand(kc, q), kmax);
    }
    start[count] = (uint32_t)n;

    /* Counts every clique's edges, its pairs (intra) and its vertices' inter-clique edges
     * (inter), prefix sums them and writes them into g. */
    MST_CALLOC(intra, count + 1);
    MST_CALLOC(inter, count + 1);
#pragma omp parallel for schedule(dynamic, 64)
    for (uint64_t q = 0; q < count; q++) {
        uint32_t s = start[q], e = start[q + 1];
        intra[q] = clique_edges(&d, s, e, NULL, NULL);
        inter[q] = 0;
        for (uint32_t i = s; i < e; i++)
            inter[q] += inter_edges(&d, i, s, e, NULL, NULL);
    }
    uint64_t m_intra = gen_scan(intra, count + 1), m_inter = gen_scan(inter, count + 1);
    if (m_intra + m_inter > GEN_MAX_EDGES)
        MST_FAIL(MST_ERESOURCE, "family ssca2: %llu edges, at most 2^32 - 1",
                 (unsigned long long)(m_intra + m_inter));
    MST_CHECK(gen_edges_alloc(g, d.n, m_intra + m_inter, 1));
    uint32_t *u = g->u, *v = g->v, *key = g->key;
#pragma omp parallel for schedule(dynamic, 64)
    for (uint64_t q = 0; q < count; q++) {
        uint32_t s = start[q], e = start[q + 1];
        clique_edges(&d, s, e, u + intra[q], v + intra[q]);
        uint64_t at = m_intra + inter[q];
        for (uint32_t i = s; i < e; i++)
            at += inter_edges(&d, i, s, e, u + at, v + at);
    }

    /* Permutes the vertex ids (GTgraph's shuffle) and draws the weights 1..w. */
    MST_ALLOC(perm, n);
    gen_perm pi = gen_perm_make((uint32_t)n, gen_stream(p->seed, GEN_TAG_PERM));
#pragma omp parallel for schedule(static)
    for (uint64_t x = 0; x < n; x++)
        perm[x] = (uint32_t)gen_perm_apply(&pi, x);
    uint64_t wmax = p->u64[GP_MAX_WEIGHT], kw = gen_stream(p->seed, GEN_TAG_WEIGHT);
#pragma omp parallel for schedule(static)
    for (uint64_t e = 0; e < g->m; e++) {
        u[e] = perm[u[e]];
        v[e] = perm[v[e]];
        key[e] = mst_key_from_int32((int32_t)(1 + gen_below(gen_rand(kw, e), wmax)));
    }
    g->key_type = MST_WEIGHT_INT32;
fail:
    free(perm);
    free(start);
    free(intra);
    free(inter);
    if (st != MST_OK)
        gen_edges_free(g);
    return st;
}
