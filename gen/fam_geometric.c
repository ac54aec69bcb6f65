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
#include <string.h>

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

void gen_geometric_point(uint64_t seed, uint64_t i, double *x, double *y)
{
    uint64_t kp = gen_stream(seed, GEN_TAG_POINTS);
    *x = gen_unit(gen_rand(kp, 2 * i));
    *y = gen_unit(gen_rand(kp, 2 * i + 1));
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

/* The points and a uniform grid of side x side cells over the unit square: cell c holds the
 * points order[start[c] .. start[c + 1]) in increasing index. */
typedef struct geo_grid {
    uint64_t n, side, cells;
    double *x, *y;    /* [n] coordinates */
    uint32_t *cell;   /* [n] cell of each point */
    uint32_t *order;  /* [n] points by cell */
    uint64_t *start;  /* [cells + 1] */
} geo_grid;

static void grid_free(geo_grid *gr)
{
    free(gr->x);
    free(gr->y);
    free(gr->cell);
    free(gr->order);
    free(gr->start);
}

/* The d nearest other points of point i into bd[] (squared distances) and bj[] (indices), by
 * rings of cells around i's cell until the d-th best distance is below the next ring's. */
static void nearest(const geo_grid *gr, uint64_t i, uint64_t d, double *bd, uint32_t *bj)
{
    int64_t side = (int64_t)gr->side;
    double h = 1.0 / (double)gr->side;
    uint64_t count = 0;
    int64_t cx = (int64_t)(gr->cell[i] % gr->side), cy = (int64_t)(gr->cell[i] / gr->side);
    for (int64_t r = 0; r <= side; r++) {
        for (int64_t yy = cy - r; yy <= cy + r; yy++) {
            if (yy < 0 || yy >= side)
                continue;
            int64_t step = (yy == cy - r || yy == cy + r) ? 1 : 2 * r;
            for (int64_t xx = cx - r; xx <= cx + r; xx += step > 0 ? step : 1) {
                if (xx < 0 || xx >= side)
                    continue;
                /* Every point of the cell but i itself goes to i's best list. */
                uint64_t c = (uint64_t)yy * gr->side + (uint64_t)xx;
                for (uint64_t t = gr->start[c]; t < gr->start[c + 1]; t++) {
                    uint32_t j = gr->order[t];
                    if (j == i)
                        continue;
                    /* Separate statements: no compiler may fuse them into an FMA, so every
                     * machine computes the same bits. */
                    double dx = gr->x[i] - gr->x[j], dy = gr->y[i] - gr->y[j];
                    double dx2 = dx * dx, dy2 = dy * dy;
                    double d2 = dx2 + dy2;
                    offer(bd, bj, &count, d, d2, j);
                }
            }
        }
        /* Points of ring r + 1 are at least r h away (a margin for the rounding of the cell
         * index). */
        double reach = r > 0 ? ((double)r - 1e-6) * h : 0.0;
        if (count == d && bd[d - 1] < reach * reach)
            break;
    }
}

mst_status gen_geometric(const gen_params *p, gen_edges *g)
{
    mst_status st = MST_OK;
    geo_grid gr;
    uint64_t n = p->u64[GP_VERTICES], d = p->u64[GP_DEGREE];
    memset(&gr, 0, sizeof gr);

    /* The grid of about n/2 cells. */
    uint64_t side = (uint64_t)ceil(sqrt((double)n / 2));
    gr.n = n;
    gr.side = side = side < 1 ? 1 : side;
    gr.cells = side * side;
    MST_ALLOC(gr.x, n);
    MST_ALLOC(gr.y, n);
    MST_ALLOC(gr.cell, n);
    MST_ALLOC(gr.order, n);
    MST_CALLOC(gr.start, gr.cells + 1);
    MST_CHECK(gen_edges_alloc(g, (uint32_t)n, n * d, 1));
    g->key_type = MST_WEIGHT_FLOAT32;

    /* The points from their hash stream and their cells; bucketed by cell (atomic counts and
     * cursors, then each cell sorted by point index, so the layout does not depend on the
     * threads). */
    uint64_t cells = gr.cells, *start = gr.start;
    double *x = gr.x, *y = gr.y;
    uint32_t *cell = gr.cell, *order = gr.order;
#pragma omp parallel for schedule(static)
    for (uint64_t i = 0; i < n; i++) {
        gen_geometric_point(p->seed, i, &x[i], &y[i]);
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

    /* Edges i d .. i d + d - 1 from every point i to its d nearest, in parallel. */
    int failed = 0;
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
            nearest(&gr, i, d, bd, bj);
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
    grid_free(&gr);
    return MST_OK;
fail:
    grid_free(&gr);
    gen_edges_free(g);
    return st;
}
