/*
 * fam_regular.c: the deterministic (structured) families of mst-gen. None makes self-loops or
 * repeated edges, so they skip duplicate removal; every edge is computed from its index or row.
 *
 * - grid2d: the R x C grid with 4-neighbour connectivity: vertex r C + c; first the R (C - 1)
 *   horizontal edges, row by row, then the (R - 1) C vertical ones. ECL-MST's 2d-2e20.sym (Galois)
 *   is the 1024 x 1024 grid; Ma and Wan (section 2) use sqrt(n) x sqrt(n) grids.
 * - grid3d: the K x K x K cube with 6-neighbour connectivity: vertex (z K + y) K + x; the +x
 *   edges, then +y, then +z.
 * - circulant: C_n(1..K), the ring where x is joined to x + 1 .. x + K (mod N), 2K-regular for
 *   2K < N (Ma and Wan, section 2: "each vertex is connected to its k nearest neighbors in both
 *   directions along a ring"); edge x K + j - 1 is {x, x + j}.
 * - complete: K_N, all N(N - 1)/2 pairs in row-major order (u < v).
 * - caveman: the connected caveman graph of Watts ("Networks, dynamics, and the small-world
 *   phenomenon", Am. J. Sociol. 105(2), 1999), as networkx's connected_caveman_graph builds it: C
 *   cliques of K vertices; in clique c (first vertex s = c K) the edge {s, s + 1} is replaced by
 *   {s, s - 1 mod C K}, which joins it to the previous clique: a ring of cliques with exactly
 *   C K (K - 1)/2 edges. Clique c owns edges [c K(K-1)/2, (c+1) K(K-1)/2): its pairs in
 *   row-major order without {s, s + 1}, then the ring edge.
 */
#include "gen.h"

static mst_status too_many(const char *family, const gen_params *p)
{
    if (p->edge_bits == 32)
        return mst_fail(MST_ERESOURCE, "family %s: too large (at most 2^32 - 1 vertices and "
                        "edges)", family);
    return mst_fail(MST_ERESOURCE, "family %s: too large (at most 2^32 - 1 vertices and 2^%u - 1 "
                    "edges)", family, p->edge_bits);
}

/* Edge e of a range [lo, hi) that the caller walks beyond: stored only inside it. */
static inline void put(uint64_t e, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v,
                       uint64_t x, uint64_t y)
{
    if (e >= lo && e < hi) {
        u[e - lo] = (uint32_t)x;
        v[e - lo] = (uint32_t)y;
    }
}

/* ---- grid2d ------------------------------------------------------------------------------ */

mst_status gen_check_grid2d(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t r = p->u64[GP_ROWS], c = p->u64[GP_COLS];
    if (r == 0 || c == 0)
        return mst_fail(MST_EUSAGE, "family grid2d: --rows and --cols must be at least 1");
    if (r > MST_MAX_VERTICES || c > MST_MAX_VERTICES || r > MST_MAX_VERTICES / c ||
        r * (c - 1) + (r - 1) * c > gen_max_edges(p))
        return too_many("grid2d", p);
    *n = r * c;
    *m = r * (c - 1) + (r - 1) * c;
    return MST_OK;
}

void gen_grid2d_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    uint64_t cols = p->u64[GP_COLS], horizontal = p->u64[GP_ROWS] * (cols - 1);
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo; e < hi; e++) {
        uint64_t x;
        if (e < horizontal) { /* (r, c) - (r, c + 1) */
            x = e / (cols - 1) * cols + e % (cols - 1);
            v[e - lo] = (uint32_t)(x + 1);
        } else { /* (r, c) - (r + 1, c) */
            x = e - horizontal;
            v[e - lo] = (uint32_t)(x + cols);
        }
        u[e - lo] = (uint32_t)x;
    }
}

/* ---- grid3d ------------------------------------------------------------------------------ */

mst_status gen_check_grid3d(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t k = p->u64[GP_SIDE];
    if (k == 0)
        return mst_fail(MST_EUSAGE, "family grid3d: --side must be at least 1");
    if (k > 2000 || k * k * k > MST_MAX_VERTICES || 3 * k * k * (k - 1) > gen_max_edges(p))
        return too_many("grid3d", p);
    *n = k * k * k;
    *m = 3 * k * k * (k - 1);
    return MST_OK;
}

void gen_grid3d_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    uint64_t k = p->u64[GP_SIDE], block = k * k * (k - 1);
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo; e < hi; e++) {
        uint64_t i = e % block, x, step;
        if (e < block) { /* +x: i = (row, x) with x < k - 1 */
            x = i / (k - 1) * k + i % (k - 1);
            step = 1;
        } else if (e < 2 * block) { /* +y: i = (z, y, x) with y < k - 1 */
            uint64_t z = i / (k * (k - 1)), yx = i % (k * (k - 1));
            x = z * k * k + yx;
            step = k;
        } else { /* +z: vertices of the first k - 1 layers */
            x = i;
            step = k * k;
        }
        u[e - lo] = (uint32_t)x;
        v[e - lo] = (uint32_t)(x + step);
    }
}

/* ---- circulant --------------------------------------------------------------------------- */

mst_status gen_check_circulant(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES], k = p->u64[GP_K];
    if (k == 0 || nv < 3 || k > (nv - 1) / 2)
        return mst_fail(MST_EUSAGE, "family circulant: --k %llu must be at least 1 and below "
                        "--vertices / 2 (a 2K-regular ring)", (unsigned long long)k);
    if (nv > MST_MAX_VERTICES || nv * k > gen_max_edges(p))
        return too_many("circulant", p);
    *n = nv;
    *m = nv * k;
    return MST_OK;
}

void gen_circulant_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                         uint32_t *v)
{
    uint64_t n = p->u64[GP_VERTICES], k = p->u64[GP_K];
#pragma omp parallel for schedule(static)
    for (uint64_t e = lo; e < hi; e++) {
        uint64_t x = e / k, y = x + e % k + 1;
        u[e - lo] = (uint32_t)x;
        v[e - lo] = (uint32_t)(y >= n ? y - n : y);
    }
}

/* ---- complete ---------------------------------------------------------------------------- */

mst_status gen_check_complete(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES];
    if (nv > 100000 || nv * (nv - (nv > 0)) / 2 > gen_max_edges(p))
        return too_many("complete", p);
    *n = nv;
    *m = nv > 0 ? nv * (nv - 1) / 2 : 0;
    return MST_OK;
}

/* The first edge of row a of K_n's row-major list: a (2n - a - 1) / 2, increasing in a. */
static inline uint64_t row_start(uint64_t n, uint64_t a)
{
    return a * (2 * n - a - 1) / 2;
}

void gen_complete_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                        uint32_t *v)
{
    uint64_t n = p->u64[GP_VERTICES], first = 0, last = n;
    while (last - first > 1) { /* first: the row holding edge lo */
        uint64_t mid = first + (last - first) / 2;
        *(row_start(n, mid) <= lo ? &first : &last) = mid;
    }
#pragma omp parallel for schedule(dynamic, 64)
    for (uint64_t a = first; a < n; a++) {
        uint64_t e = row_start(n, a);
        if (e >= hi)
            continue;
        for (uint64_t b = a + 1; b < n && e < hi; b++, e++)
            put(e, lo, hi, u, v, a, b);
    }
}

/* ---- caveman ----------------------------------------------------------------------------- */

mst_status gen_check_caveman(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t c = p->u64[GP_CLIQUES], k = p->u64[GP_SIZE];
    if (c < 2 || k < 3)
        return mst_fail(MST_EUSAGE, "family caveman: needs --cliques of at least 2 and --size "
                        "of at least 3 (got %llu and %llu)", (unsigned long long)c,
                        (unsigned long long)k);
    if (c > MST_MAX_VERTICES || k > 100000 || c * k > MST_MAX_VERTICES ||
        c * (k * (k - 1) / 2) > gen_max_edges(p))
        return too_many("caveman", p);
    *n = c * k;
    *m = c * (k * (k - 1) / 2);
    return MST_OK;
}

void gen_caveman_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v)
{
    uint64_t k = p->u64[GP_SIZE], per = k * (k - 1) / 2, n = p->u64[GP_CLIQUES] * k;
    if (lo >= hi)
        return;
#pragma omp parallel for schedule(static)
    for (uint64_t q = lo / per; q <= (hi - 1) / per; q++) {
        uint64_t s = q * k, e = q * per;
        for (uint64_t a = 0; a < k; a++)
            for (uint64_t b = a + 1; b < k; b++) {
                if (a == 0 && b == 1)
                    continue;
                put(e++, lo, hi, u, v, s + a, s + b);
            }
        put(e, lo, hi, u, v, s, s == 0 ? n - 1 : s - 1);
    }
}
