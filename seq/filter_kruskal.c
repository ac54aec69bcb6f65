/* filter_kruskal.c: Filter-Kruskal (Osipov, Sanders, Singler, ALENEX 2009), sequential. */
#include <stdlib.h>

#include "kruskal.h"
#include "radix_sort.h"
#include "timer.h"
#include "union_find.h"

/* Parts this small are sorted and scanned directly (the paper's kruskalThreshold). */
#define BASE_EDGES 4096

typedef struct fk_state {
    const mst_graph *g;
    mst_dsu dsu;
    uint64_t *tmp; /* [BASE_EDGES] radix scratch */
    mst_forest *out;
    uint64_t target; /* n - 1: stop once the forest is a spanning tree */
    double t_partition, t_filter, t_sort, t_scan;
} fk_state;

static inline uint32_t id_of(uint64_t ki)
{
    return (uint32_t)ki;
}

/* Sorts a small part by (key, id) and scans it as Kruskal does. */
static void base_case(fk_state *s, uint64_t *ki, uint64_t len)
{
    double t0 = mst_now_s();
    mst_radix_sort_bits(ki, s->tmp, len, 0, 64);
    double t1 = mst_now_s();
    for (uint64_t i = 0; i < len && s->out->count < s->target; i++) {
        uint32_t e = id_of(ki[i]);
        if (mst_dsu_union(&s->dsu, s->g->u[e], s->g->v[e]))
            s->out->eid[s->out->count++] = e;
    }
    s->t_sort += t1 - t0;
    s->t_scan += mst_now_s() - t1;
}

/* Median of five words taken at spread-out positions: a cheap, deterministic pivot. */
static uint64_t pick_pivot(const uint64_t *ki, uint64_t len)
{
    uint64_t x[5];
    for (int i = 0; i < 5; i++)
        x[i] = ki[(len / 5) * (uint64_t)i + (len / 11) * ((uint64_t)i % 3)];
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            uint64_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    return x[2];
}

/* Moves the words below `bound` to the front; returns how many there are. */
static uint64_t partition_below(uint64_t *ki, uint64_t len, uint64_t bound)
{
    uint64_t mid = 0;
    for (uint64_t i = 0; i < len; i++)
        if (ki[i] < bound) {
            uint64_t t = ki[i];
            ki[i] = ki[mid];
            ki[mid++] = t;
        }
    return mid;
}

static void filter_kruskal(fk_state *s, uint64_t *ki, uint64_t len)
{
    if (s->out->count >= s->target || len == 0)
        return;
    if (len <= BASE_EDGES) {
        base_case(s, ki, len);
        return;
    }
    double t0 = mst_now_s();
    /* Words are unique (they hold the edge id) and below UINT64_MAX (ids < 2^32 - 1). */
    uint64_t pivot = pick_pivot(ki, len);
    uint64_t mid = partition_below(ki, len, pivot + 1); /* words <= pivot */
    if (mid == len) /* the pivot was the maximum: splitting it off still makes progress */
        mid = partition_below(ki, len, pivot);
    s->t_partition += mst_now_s() - t0;
    filter_kruskal(s, ki, mid);
    if (s->out->count >= s->target)
        return;
    /* Filter: heavy edges whose endpoints are already joined can never enter the forest. */
    double t1 = mst_now_s();
    uint64_t kept = mid;
    for (uint64_t i = mid; i < len; i++) {
        uint32_t e = id_of(ki[i]);
        if (mst_dsu_find(&s->dsu, s->g->u[e]) != mst_dsu_find(&s->dsu, s->g->v[e]))
            ki[kept++] = ki[i];
    }
    s->t_filter += mst_now_s() - t1;
    filter_kruskal(s, ki + mid, kept - mid);
}

mst_status mst_filter_kruskal(const mst_graph *g, mst_forest *out, mst_phases *ph)
{
    mst_status st = MST_OK;
    fk_state s = {0};
    uint64_t *ki = NULL, m = g->m;
    if (m > UINT32_MAX)
        return mst_fail(MST_ERESOURCE, "mst-seq supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)m);
    s.g = g;
    s.out = out;
    s.target = g->n > 0 ? (uint64_t)g->n - 1 : 0;
    out->count = 0;
    MST_ALLOC(ki, m);
    MST_ALLOC(s.tmp, BASE_EDGES);
    MST_CHECK(mst_dsu_init(&s.dsu, g->n));
    for (uint64_t e = 0; e < m; e++)
        ki[e] = (uint64_t)g->key[e] << 32 | e;
    filter_kruskal(&s, ki, m);
    mst_phase_add(ph, "partition", s.t_partition);
    mst_phase_add(ph, "filter", s.t_filter);
    mst_phase_add(ph, "sort", s.t_sort);
    mst_phase_add(ph, "scan", s.t_scan);
fail:
    free(ki);
    free(s.tmp);
    mst_dsu_free(&s.dsu);
    return st;
}
