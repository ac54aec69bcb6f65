/*
 * fam_geometric.c: the random geometric k-nearest-neighbour graph of mst-gen (road- and
 * mesh-like inputs: planar-ish, bounded degree, long diameter, Euclidean weights).
 *
 * N points uniform in the unit square (coordinates from the hash of (seed, i), 53-bit doubles);
 * each point is joined to its D nearest other points (ties broken by the smaller index), so edge
 * i D + j joins point i to its j-th nearest; a pair that are each other's neighbours appears
 * twice and duplicate removal keeps the first. The family's weights are the Euclidean lengths,
 * rounded to float32 (the exact double distance is symmetric, so both copies agree).
 * The neighbours are found with a uniform grid of about N/2 cells (Bentley, Stanat and Williams,
 * "The complexity of finding fixed-radius near neighbors", Inf. Proc. Letters 6(6), 1977):
 * rings of cells around the point's cell are searched until the D-th best distance is below the
 * distance to the next ring. Expected O(N D log D) work for uniform points; parallel over points.
 * The k-NN graph model: Eppstein, Paterson and Yao, "On nearest-neighbor graphs", Discrete
 * Comput. Geom. 17 (1997).
 */
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#include "gen.h"
#include "rng.h"

mst_status gen_check_geometric(gen_params *p, uint64_t *n, uint64_t *m)
{
    uint64_t nv = p->u64[GP_VERTICES], d = p->u64[GP_DEGREE];
    if (nv > MST_MAX_VERTICES)
        return mst_fail(MST_ERESOURCE, "--vertices %llu: at most 2^32 - 1 vertices",
                        (unsigned long long)nv);
    if (d == 0 || d >= nv || d > 4096)
        return mst_fail(MST_EUSAGE, "family geometric: --degree %llu must be 1..min(4096, "
                        "--vertices - 1)", (unsigned long long)d);
    if (nv > GEN_MAX_EDGES / d)
        return mst_fail(MST_ERESOURCE, "family geometric: %llu x %llu edges, at most 2^32 - 1",
                        (unsigned long long)nv, (unsigned long long)d);
    *n = nv;
    *m = nv * d;
    return MST_OK;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Inserts candidate (d2, j) into the sorted best list of capacity cap holding *count. */
static void offer(double *bd, uint32_t *bj, uint64_t *count, uint64_t cap, double d2, uint32_t j)
{
    uint64_t c = *count;
    if (c == cap && (d2 > bd[c - 1] || (d2 == bd[c - 1] && j > bj[c - 1])))
        return;
    uint64_t pos = c < cap ? c : cap - 1;
    while (pos > 0 && (bd[pos - 1] > d2 || (bd[pos - 1] == d2 && bj[pos - 1] > j))) {
        bd[pos] = bd[pos - 1];
        bj[pos] = bj[pos - 1];
        pos--;
    }
    bd[pos] = d2;
    bj[pos] = j;
    if (c < cap)
        *count = c + 1;
}

mst_status gen_geometric(const gen_params *p, gen_edges *g)
{
    mst_status st = MST_OK;
    double *x = NULL, *y = NULL;
    uint64_t *start = NULL;
    uint32_t *cell = NULL, *order = NULL;
    uint64_t n = p->u64[GP_VERTICES], d = p->u64[GP_DEGREE], m = n * d;
    uint64_t side = (uint64_t)ceil(sqrt((double)n / 2));
    if (side < 1)
        side = 1;
    uint64_t cells = side * side;
    uint64_t kp = gen_stream(p->seed, GEN_TAG_POINTS);
    int failed = 0;

    MST_ALLOC(x, n);
    MST_ALLOC(y, n);
    MST_ALLOC(cell, n);
    MST_ALLOC(order, n);
    MST_CALLOC(start, cells + 1);
    MST_CHECK(gen_edges_alloc(g, (uint32_t)n, m, 1));
    g->key_type = MST_WEIGHT_FLOAT32;

    /* Points and their cells; bucket them by cell (atomic counts and cursors, then each cell
     * sorted by point index, so the layout does not depend on the threads). */
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        x[i] = gen_unit(gen_rand(kp, 2 * i));
        y[i] = gen_unit(gen_rand(kp, 2 * i + 1));
        uint64_t cx = (uint64_t)(x[i] * (double)side), cy = (uint64_t)(y[i] * (double)side);
        cx = cx < side ? cx : side - 1;
        cy = cy < side ? cy : side - 1;
        cell[i] = (uint32_t)(cy * side + cx);
#pragma omp atomic
        start[cell[i]]++;
    }
    gen_scan(start, cells + 1);
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        uint64_t pos;
#pragma omp atomic capture
        pos = start[cell[i]]++;
        order[pos] = (uint32_t)i;
    }
    /* Now start[c] is the end of cell c: shift back to starts. */
    for (uint64_t c = cells; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t c = 0; c < cells; c++)
        if (start[c + 1] - start[c] > 1)
            qsort(order + start[c], start[c + 1] - start[c], sizeof *order, cmp_u32);

    double h = 1.0 / (double)side;
    uint32_t *u = g->u, *v = g->v, *key = g->key;
#pragma omp parallel
    {
        double *bd = malloc(d * sizeof *bd);
        uint32_t *bj = malloc(d * sizeof *bj);
        if (bd == NULL || bj == NULL) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 1024)
        for (uint64_t i = 0; i < n; i++) {
            if (bd == NULL || bj == NULL)
                continue;
            uint64_t count = 0;
            int64_t cx = (int64_t)(cell[i] % side), cy = (int64_t)(cell[i] / side);
            for (int64_t r = 0; r <= (int64_t)side; r++) {
                for (int64_t yy = cy - r; yy <= cy + r; yy++) {
                    if (yy < 0 || yy >= (int64_t)side)
                        continue;
                    int64_t step = (yy == cy - r || yy == cy + r) ? 1 : 2 * r;
                    for (int64_t xx = cx - r; xx <= cx + r; xx += step > 0 ? step : 1) {
                        if (xx < 0 || xx >= (int64_t)side)
                            continue;
                        uint64_t c = (uint64_t)yy * side + (uint64_t)xx;
                        for (uint64_t t = start[c]; t < start[c + 1]; t++) {
                            uint32_t j = order[t];
                            if (j == i)
                                continue;
                            /* Separate statements: no compiler may fuse them into an FMA,
                             * so every machine computes the same bits. */
                            double dx = x[i] - x[j], dy = y[i] - y[j];
                            double dx2 = dx * dx, dy2 = dy * dy;
                            double d2 = dx2 + dy2;
                            offer(bd, bj, &count, d, d2, j);
                        }
                    }
                }
                /* Points of ring r + 1 are at least r h away (a margin for the rounding of
                 * the cell index). */
                double reach = r > 0 ? ((double)r - 1e-6) * h : 0.0;
                if (count == d && bd[d - 1] < reach * reach)
                    break;
            }
            for (uint64_t j = 0; j < d; j++) {
                u[i * d + j] = (uint32_t)i;
                v[i * d + j] = bj[j];
                key[i * d + j] = mst_key_from_float((float)sqrt(bd[j]));
            }
        }
        free(bd);
        free(bj);
    }
    if (failed)
        MST_FAIL(MST_ERESOURCE, "out of memory for the neighbour lists");
    free(x);
    free(y);
    free(cell);
    free(order);
    free(start);
    return MST_OK;
fail:
    free(x);
    free(y);
    free(cell);
    free(order);
    free(start);
    gen_edges_free(g);
    return st;
}
