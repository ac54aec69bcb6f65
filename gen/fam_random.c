/*
 * fam_random.c: the uniform random families of mst-gen.
 *
 * - random: G(n, M) as in Erdős and Rényi, "On random graphs I", Publ. Math. Debrecen 6 (1959):
 *   M edges, each a uniform pair of distinct vertices, drawn independently (edge i from the hash
 *   of (seed, i)); repeated pairs are removed afterwards, so m <= M (for sparse graphs the loss is
 *   about M^2 / n^2 edges; use gnp for dense graphs). With --connected the first n - 1 of the M
 *   edges are a random spanning tree, so the graph is connected (Shou and He's sparse test sets,
 *   section 4.1).
 * - gnp: G(n, p), Gilbert, "Random graphs", Ann. Math. Statist. 30 (1959): every pair {u < v}
 *   is an edge with probability p, decided by an integer comparison of the hash of (seed, u, v)
 *   with p 2^64 (exact on every machine). O(n^2) work: meant for dense graphs (Shou and He's dense
 *   test sets, p = 0.9). Edges in row-major order (u, then v).
 * - kout: the random k-out graph (Fenner and Frieze, "On the connectivity of random m-orientable
 *   graphs and digraphs", Combinatorica 2(4), 1982): every vertex x picks K uniform other
 *   vertices; edge x K + j joins x to its j-th pick. Minimum degree K, connected with high
 *   probability for K >= 2. The Galois input r4-2e23 of ECL-MST's Table 2 is this graph with
 *   K = 4 (2^23 vertices, 2^25 - 9 edges after removing repeats, 1 component, max degree 26).
 */
#include <omp.h>
#include <stdlib.h>

#include "gen.h"
#include "rng.h"

void gen_spanning_tree(uint64_t seed, uint32_t n, uint64_t lo, uint64_t hi, uint32_t *u,
                       uint32_t *v)
{
    gen_perm perm = gen_perm_make(n, gen_stream(seed, GEN_TAG_PERM));
    uint64_t k = gen_stream(seed, GEN_TAG_TREE);
#pragma omp parallel for schedule(static)
    for (uint64_t i = lo + 1; i <= hi; i++) {
        uint64_t parent = gen_below(gen_rand(k, i), i);
        u[i - 1 - lo] = (uint32_t)gen_perm_apply(&perm, i);
        v[i - 1 - lo] = (uint32_t)gen_perm_apply(&perm, parent);
    }
}

/* ---- random ------------------------------------------------------------------------------ */

mst_status gen_check_random(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES], me = p->u64[GP_EDGES];
    if (nv > MST_MAX_VERTICES)
        return mst_fail(MST_ERESOURCE, "--vertices %llu: at most 2^32 - 1 vertices",
                        (unsigned long long)nv);
    if (me > gen_max_edges(p))
        return mst_fail(MST_ERESOURCE, "--edges %llu: at most 2^%u - 1 edges",
                        (unsigned long long)me, p->edge_bits);
    if (me > 0 && nv < 2)
        return mst_fail(MST_EUSAGE, "family random: --edges %llu needs --vertices of at least 2",
                        (unsigned long long)me);
    if ((p->given & GP_BIT(GP_CONNECTED)) && nv > 0 && me < nv - 1)
        return mst_fail(MST_EUSAGE, "family random: --connected needs --edges of at least "
                        "--vertices - 1 = %llu", (unsigned long long)(nv - 1));
    *n = nv;
    *m = me;
    return MST_OK;
}

void gen_random_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    uint32_t n = (uint32_t)p->u64[GP_VERTICES];
    uint64_t tree = (p->given & GP_BIT(GP_CONNECTED)) && n > 0 ? n - 1 : 0;
    if (lo < tree)
        gen_spanning_tree(p->seed, n, lo, hi < tree ? hi : tree, u, v);
    uint64_t k = gen_stream(p->seed, GEN_TAG_EDGES);
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo > tree ? lo : tree; e < hi; e++) {
        gen_seq q = gen_seq_at(k, e);
        uint32_t a = (uint32_t)gen_below(gen_seq_next(&q), n);
        uint32_t b = (uint32_t)gen_below(gen_seq_next(&q), n - 1);
        u[e - lo] = a;
        v[e - lo] = b >= a ? b + 1 : b;
    }
}

/* ---- gnp --------------------------------------------------------------------------------- */

mst_status gen_check_gnp(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES];
    if (!(p->p >= 0.0 && p->p <= 1.0))
        return mst_fail(MST_EUSAGE, "option --p: %g is not a probability in [0, 1]", p->p);
    if (nv > MST_MAX_VERTICES)
        return mst_fail(MST_ERESOURCE, "--vertices %llu: at most 2^32 - 1 vertices",
                        (unsigned long long)nv);
    /* Upper bound for the size check: expected p n(n-1)/2 plus the tree. */
    double expect = p->p * (double)nv * ((double)nv - 1) / 2 + (double)nv;
    if (expect > (double)GEN_MAX_EDGES)
        return mst_fail(MST_ERESOURCE, "family gnp: about %.3g edges expected, at most 2^32 - 1",
                        expect);
    *n = nv;
    *m = (uint64_t)expect;
    return MST_OK;
}

/* 1 if pair (a < b) is an edge. */
static inline int gnp_edge(uint64_t k, uint64_t thr, int all, uint32_t a, uint32_t b)
{
    return all || gen_rand(k, (uint64_t)a << 32 | b) < thr;
}

mst_status gen_gnp(const gen_params *p, gen_edges *g)
{
    mst_status st = MST_OK;
    uint64_t *row = NULL;
    uint32_t n = (uint32_t)p->u64[GP_VERTICES];
    int all = p->p >= 1.0;
    uint64_t thr = all ? 0 : (uint64_t)(p->p * 0x1.0p64);
    uint64_t k = gen_stream(p->seed, GEN_TAG_EDGES);
    uint64_t tree = (p->given & GP_BIT(GP_CONNECTED)) && n > 0 ? n - 1 : 0;

    MST_CALLOC(row, (uint64_t)n + 1);
#pragma omp parallel for schedule(dynamic, 16)
    for (uint64_t a = 0; a < n; a++) {
        uint64_t c = 0;
        for (uint64_t b = a + 1; b < n; b++)
            c += (uint64_t)gnp_edge(k, thr, all, (uint32_t)a, (uint32_t)b);
        row[a] = c;
    }
    uint64_t m = gen_scan(row, n);
    if (m + tree > GEN_MAX_EDGES)
        MST_FAIL(MST_ERESOURCE, "family gnp: %llu edges, at most 2^32 - 1",
                 (unsigned long long)(m + tree));
    MST_CHECK(gen_edges_alloc(g, n, m + tree, 0));
    gen_spanning_tree(p->seed, n, 0, tree, g->u, g->v);
    uint32_t *u = g->u + tree, *v = g->v + tree;
#pragma omp parallel for schedule(dynamic, 16)
    for (uint64_t a = 0; a < n; a++) {
        uint64_t e = row[a];
        for (uint64_t b = a + 1; b < n; b++)
            if (gnp_edge(k, thr, all, (uint32_t)a, (uint32_t)b)) {
                u[e] = (uint32_t)a;
                v[e] = (uint32_t)b;
                e++;
            }
    }
    free(row);
    return MST_OK;
fail:
    free(row);
    gen_edges_free(g);
    return st;
}

/* ---- kout -------------------------------------------------------------------------------- */

mst_status gen_check_kout(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES], kk = p->u64[GP_K];
    if (nv > MST_MAX_VERTICES)
        return mst_fail(MST_ERESOURCE, "--vertices %llu: at most 2^32 - 1 vertices",
                        (unsigned long long)nv);
    if (kk > 0 && nv < 2)
        return mst_fail(MST_EUSAGE, "family kout: --k %llu needs --vertices of at least 2",
                        (unsigned long long)kk);
    if (kk > gen_max_edges(p) || (kk > 0 && nv > gen_max_edges(p) / kk))
        return mst_fail(MST_ERESOURCE, "family kout: %llu x %llu edges, at most 2^%u - 1",
                        (unsigned long long)nv, (unsigned long long)kk, p->edge_bits);
    *n = nv;
    *m = nv * kk;
    return MST_OK;
}

void gen_kout_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    uint32_t n = (uint32_t)p->u64[GP_VERTICES];
    uint64_t kk = p->u64[GP_K], k = gen_stream(p->seed, GEN_TAG_EDGES);
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo; e < hi; e++) {
        uint32_t a = (uint32_t)(e / kk);
        uint32_t b = (uint32_t)gen_below(gen_rand(k, e), n - 1);
        u[e - lo] = a;
        v[e - lo] = b >= a ? b + 1 : b;
    }
}
