/*
 * fam_rmat.c: the recursive-matrix families of mst-gen.
 *
 * - rmat: R-MAT, Chakrabarti, Zhan and Faloutsos, "R-MAT: A Recursive Model for Graph Mining",
 *   SIAM SDM 2004. Each of the F 2^S edges picks one quadrant of the adjacency matrix per level,
 *   with probabilities a, b, c, d (default 0.57, 0.19, 0.19, 0.05, those of Graph500), S levels
 *   deep; the quadrant choices of edge e come from the hash of (seed, e), 32 bits per level
 *   compared with integer thresholds. No noise and no relabelling: vertex 0 is the largest hub,
 *   as in the paper's and GTgraph's generators. Self-loops and repeats are removed afterwards
 *   (the ECL-MST inputs rmat16.sym and rmat22.sym were made the same way: "we modified the
 *   graphs to eliminate self-loops and multiple edges").
 * - kronecker: the Graph 500 benchmark's Kronecker generator (graph500.org specification, graph
 *   generation, and its reference code octave/kronecker_generator.m): the same
 *   recursion with the fixed initiator A, B, C = 0.57, 0.19, 0.19 (D = 0.05), edge factor 16 by
 *   default, followed by the random permutation of the vertex labels the specification requires
 *   (here a keyed bijection of [0, 2^S), see rng.h). The specification's final shuffle of the
 *   edge list is implicit: edges are independent and identically distributed in counter order,
 *   so any fixed reordering of them has the same distribution. ECL-MST's kron_g500-logn21 (the
 *   DIMACS-10 graph) is scale 21 with edge factor 48.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen.h"
#include "rng.h"

/* Validates scale, edge factor and the initiator; fills defaults. */
static mst_status check_common(const char *family, gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t s = p->u64[GP_SCALE];
    if (!(p->given & GP_BIT(GP_EDGE_FACTOR)))
        p->u64[GP_EDGE_FACTOR] = 16;
    uint64_t f = p->u64[GP_EDGE_FACTOR];
    if (s < 1 || s > 31)
        return mst_fail(s > 31 ? MST_ERESOURCE : MST_EUSAGE,
                        "family %s: --scale %llu: must be 1..31 (n = 2^scale < 2^32)", family,
                        (unsigned long long)s);
    if (f > (gen_max_edges(p) >> s))
        return mst_fail(MST_ERESOURCE, "family %s: %llu x 2^%llu edges, at most 2^%u - 1",
                        family, (unsigned long long)f, (unsigned long long)s, p->edge_bits);
    if (!(p->given & GP_BIT(GP_ABCD))) {
        p->abcd[0] = 0.57;
        p->abcd[1] = 0.19;
        p->abcd[2] = 0.19;
        p->abcd[3] = 0.05;
    }
    *n = 1ull << s;
    *m = f << s;
    return MST_OK;
}

mst_status gen_check_rmat(gen_params *p, uint64_t *n, uint64_t *m)
{
    return check_common("rmat", p, n, m);
}

mst_status gen_check_kronecker(gen_params *p, uint64_t *n, uint64_t *m)
{
    return check_common("kronecker", p, n, m);
}

/* Edges [lo, hi) of the R-MAT list of p into u, v; relabels vertices through a random
 * permutation if asked. */
static void rmat_edges(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v,
                       int permute)
{
    unsigned scale = (unsigned)p->u64[GP_SCALE];
    /* Cumulative thresholds of the quadrants out of 2^32. */
    const double *q = p->abcd;
    uint64_t t_a = (uint64_t)(q[0] * 0x1.0p32);
    uint64_t t_ab = (uint64_t)((q[0] + q[1]) * 0x1.0p32);
    uint64_t t_abc = (uint64_t)((q[0] + q[1] + q[2]) * 0x1.0p32);
    uint64_t k = gen_stream(p->seed, GEN_TAG_EDGES);
    gen_perm perm = gen_perm_make(1ull << scale, gen_stream(p->seed, GEN_TAG_PERM));
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo; e < hi; e++) {
        gen_seq s = gen_seq_at(k, e);
        uint64_t a = 0, b = 0, r = 0;
        for (unsigned level = 0; level < scale; level++) {
            if ((level & 1) == 0)
                r = gen_seq_next(&s);
            uint64_t x = (level & 1) ? r >> 32 : r & 0xffffffffu;
            /* Branch-free: row = quadrant c or d; col compares with a or a+b+c. */
            uint64_t row = x >= t_ab;
            uint64_t col = x >= (t_a + ((t_abc - t_a) & (0 - row)));
            a = a << 1 | row;
            b = b << 1 | col;
        }
        if (permute) {
            a = gen_perm_apply(&perm, a);
            b = gen_perm_apply(&perm, b);
        }
        u[e - lo] = (uint32_t)a;
        v[e - lo] = (uint32_t)b;
    }
}

void gen_rmat_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    rmat_edges(p, lo, hi, u, v, 0);
}

void gen_kronecker_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                         uint32_t *v)
{
    rmat_edges(p, lo, hi, u, v, 1);
}
