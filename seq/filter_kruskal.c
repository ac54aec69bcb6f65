/* filter_kruskal.c: Filter-Kruskal (Osipov, Sanders, Singler, ALENEX 2009), sequential. */
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "seq.h"

/* Parts of at most max(BASE_EDGES, n * BASE_PER_VERTEX) edges are sorted and scanned directly
 * (the paper's kruskalThreshold): with fewer than about n edges a part joins too little for
 * filtering the rest to pay. */
#define BASE_EDGES 4096
#define BASE_PER_VERTEX 1.5

/* A part of the edges: ki[i] = key << 32 | id, uv[i] = u << 32 | v (endpoints travel along so
 * that filtering and scanning read them sequentially). */
typedef struct fk_part {
    uint64_t *ki, *uv;
    uint64_t len;
} fk_part;

typedef struct fk_state {
    mst_dsu dsu;
    uint64_t *tmp, *uvtmp; /* [m] scratch for partitions and radix sorts */
    mst_forest *out;
    uint64_t target; /* n - 1: stop once the forest is a spanning tree */
    uint64_t base;   /* parts this small go to base_case() */
    double t_partition, t_filter, t_sort, t_scan;
} fk_state;

/* Sorts a small part by (key, id) and scans it as Kruskal does. Parts keep the ids of equal
 * keys ascending (partition and filter are stable), so sorting by key alone is enough. */
static void base_case(fk_state *s, fk_part p)
{
    double t0 = mst_now_s();
    mst_radix_sort_pairs(p.ki, p.uv, s->tmp, s->uvtmp, p.len, 32, 64, 1);
    double t1 = mst_now_s();
    /* Locals: stores through out->eid could alias out->count and reload it every edge. */
    uint64_t *eid = s->out->eid, k = s->out->count, target = s->target;
    for (uint64_t i = 0; i < p.len && k < target; i++)
        if (mst_dsu_union(&s->dsu, (uint32_t)(p.uv[i] >> 32), (uint32_t)p.uv[i]))
            eid[k++] = (uint32_t)p.ki[i];
    s->out->count = k;
    s->t_sort += t1 - t0;
    s->t_scan += mst_now_s() - t1;
}

#define SAMPLE 255

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A pivot with about `want` of the len words below it, estimated from an evenly spread sample
 * (deterministic, so runs repeat exactly). Aiming the light part at the base-case size, rather
 * than at the median, means one partition and one filter pass per level. */
static uint64_t pick_pivot(const uint64_t *ki, uint64_t len, uint64_t want)
{
    uint64_t x[SAMPLE];
    for (uint64_t i = 0; i < SAMPLE; i++)
        x[i] = ki[(i * 2 + 1) * len / (2 * SAMPLE)];
    qsort(x, SAMPLE, sizeof *x, cmp_u64);
    uint64_t r = want * SAMPLE / len;
    return x[r < SAMPLE ? r : SAMPLE - 1];
}

/* Stable partition: the words below `bound` first, the others behind them, each group in its
 * old order. Returns how many are below. */
static uint64_t partition_below(fk_state *s, fk_part p, uint64_t bound)
{
    uint64_t mid = 0, high = 0;
    for (uint64_t i = 0; i < p.len; i++) {
        uint64_t x = p.ki[i], y = p.uv[i];
        if (x < bound) {
            p.ki[mid] = x;
            p.uv[mid++] = y;
        } else {
            s->tmp[high] = x;
            s->uvtmp[high++] = y;
        }
    }
    memcpy(p.ki + mid, s->tmp, high * sizeof *p.ki);
    memcpy(p.uv + mid, s->uvtmp, high * sizeof *p.uv);
    return mid;
}

static void filter_kruskal(fk_state *s, fk_part p)
{
    if (s->out->count >= s->target || p.len == 0)
        return;
    if (p.len <= s->base) {
        base_case(s, p);
        return;
    }
    double t0 = mst_now_s();
    /* Words are unique (they hold the edge id) and below UINT64_MAX (ids < 2^32 - 1). */
    uint64_t pivot = pick_pivot(p.ki, p.len, s->base);
    uint64_t mid = partition_below(s, p, pivot + 1); /* words <= pivot */
    if (mid == p.len) /* the pivot was the maximum: splitting it off still makes progress */
        mid = partition_below(s, p, pivot);
    s->t_partition += mst_now_s() - t0;
    filter_kruskal(s, (fk_part){p.ki, p.uv, mid});
    if (s->out->count >= s->target)
        return;
    /* Filter: heavy edges whose endpoints are already joined can never enter the forest. */
    double t1 = mst_now_s();
    uint64_t kept = mid;
    for (uint64_t i = mid; i < p.len; i++)
        if (mst_dsu_find(&s->dsu, (uint32_t)(p.uv[i] >> 32)) !=
            mst_dsu_find(&s->dsu, (uint32_t)p.uv[i])) {
            p.ki[kept] = p.ki[i];
            p.uv[kept++] = p.uv[i];
        }
    s->t_filter += mst_now_s() - t1;
    filter_kruskal(s, (fk_part){p.ki + mid, p.uv + mid, kept - mid});
}

mst_status mst_filter_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                              mst_phases *ph)
{
    mst_status st = MST_OK;
    fk_state s = {0};
    fk_part all = {NULL, NULL, g->m};
    if (g->m > UINT32_MAX)
        return mst_fail(MST_ERESOURCE, "mst-seq supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)g->m);
    s.out = out;
    s.target = g->n > 0 ? (uint64_t)g->n - 1 : 0;
    s.base = (uint64_t)(BASE_PER_VERTEX * g->n);
    if (s.base < BASE_EDGES)
        s.base = BASE_EDGES;
    if (g->m <= s.base) /* one base case: that is Kruskal's algorithm, so run its very code */
        return mst_kruskal(g, o, out, ph);
    out->count = 0;
    MST_ALLOC(all.ki, g->m);
    MST_ALLOC(all.uv, g->m);
    MST_ALLOC(s.tmp, g->m);
    MST_ALLOC(s.uvtmp, g->m);
    MST_CHECK(mst_dsu_init(&s.dsu, g->n));
    for (uint64_t e = 0; e < g->m; e++) {
        all.ki[e] = (uint64_t)g->key[e] << 32 | e;
        all.uv[e] = (uint64_t)g->u[e] << 32 | g->v[e];
    }
    filter_kruskal(&s, all);
    mst_trace_steps(ph, out->eid, out->count);
    mst_phase_add(ph, "partition", s.t_partition);
    mst_phase_add(ph, "filter", s.t_filter);
    mst_phase_add(ph, "sort", s.t_sort);
    mst_phase_add(ph, "scan", s.t_scan);
fail:
    free(all.ki);
    free(all.uv);
    free(s.tmp);
    free(s.uvtmp);
    mst_dsu_free(&s.dsu);
    return st;
}
