/* boruvka.c: sequential Borůvka (Borůvka 1926) on a contracting edge list (see seq.h). */
#include <stdlib.h>

#include "seq.h"
#include "core.h"

#define NONE UINT64_MAX

/* The edges still between components, in increasing edge id (compaction is stable, so the
 * first of equal keys met in a scan is the one with the lowest id). */
typedef struct bv_list {
    uint32_t *u, *v; /* [m] representatives of the endpoints' components */
    uint32_t *key;   /* [m] copied so that the min pass reads one stream per field */
    uint64_t *eid;   /* [m] */
    uint64_t len;
} bv_list;

/* The lightest edge leaving a component so far this round: its position in the list. */
typedef struct bv_best {
    uint64_t i; /* NONE when no edge has been offered */
    uint32_t key;
} bv_best;

typedef struct bv_state {
    bv_list e;
    mst_dsu dsu;
    bv_best *best;     /* [n] indexed by representative; all NONE between rounds */
    uint32_t *touched; /* [n] the representatives given a best this round */
    uint32_t ntouched;
    mst_forest *out;
} bv_state;

static inline void offer(bv_state *s, uint32_t x, uint64_t i, uint32_t key)
{
    bv_best *b = &s->best[x];
    if (b->i == NONE)
        s->touched[s->ntouched++] = x;
    else if (key >= b->key)
        return; /* ties keep the earlier, lower id */
    b->i = i;
    b->key = key;
}

/* Step 1: the lightest edge leaving each component. */
static void min_edges(bv_state *s)
{
    const bv_list *e = &s->e;
    for (uint64_t i = 0; i < e->len; i++) {
        offer(s, e->u[i], i, e->key[i]);
        offer(s, e->v[i], i, e->key[i]);
    }
}

/* Step 2: adds the chosen edges and joins their components. Under a total order they form a
 * forest apart from an edge chosen from both its sides, which the union-find adds once. */
static void join_components(bv_state *s)
{
    const bv_list *e = &s->e;
    for (uint32_t t = 0; t < s->ntouched; t++) {
        bv_best *b = &s->best[s->touched[t]];
        if (mst_dsu_union(&s->dsu, e->u[b->i], e->v[b->i]))
            s->out->eid[s->out->count++] = e->eid[b->i];
        b->i = NONE;
    }
    s->ntouched = 0;
}

/* Step 3: relabels endpoints to the new representatives and drops edges inside a component. */
static void compact(bv_state *s)
{
    bv_list *e = &s->e;
    uint64_t kept = 0;
    for (uint64_t i = 0; i < e->len; i++) {
        uint32_t ru = mst_dsu_find(&s->dsu, e->u[i]), rv = mst_dsu_find(&s->dsu, e->v[i]);
        if (ru == rv)
            continue;
        e->u[kept] = ru;
        e->v[kept] = rv;
        e->key[kept] = e->key[i];
        e->eid[kept++] = e->eid[i];
    }
    e->len = kept;
}

mst_status mst_boruvka(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph)
{
    (void)o;
    mst_status st = MST_OK;
    bv_state s = {.out = out};
    out->count = 0;
    MST_ALLOC(s.e.u, g->m);
    MST_ALLOC(s.e.v, g->m);
    MST_ALLOC(s.e.key, g->m);
    MST_ALLOC(s.e.eid, g->m);
    MST_ALLOC(s.best, g->n);
    MST_ALLOC(s.touched, g->n);
    MST_CHECK(mst_dsu_init(&s.dsu, g->n));
    /* The first list: every edge, every vertex its own representative. Building it counts as
     * compaction. */
    double t0 = mst_now_s();
    for (uint32_t x = 0; x < g->n; x++)
        s.best[x].i = NONE;
    for (uint64_t i = 0; i < g->m; i++) {
        s.e.u[i] = g->u[i];
        s.e.v[i] = g->v[i];
        s.e.key[i] = g->key[i];
        s.e.eid[i] = i;
    }
    s.e.len = g->m;
    uint64_t r = 0;
    double t_min = 0, t_union = 0, t_compact = mst_now_s() - t0;
    for (; s.e.len > 0; r++) {
        double t1 = mst_now_s();
        min_edges(&s);
        double t2 = mst_now_s();
        uint64_t before = out->count;
        join_components(&s);
        mst_trace_round(ph, out->eid + before, out->count - before);
        double t3 = mst_now_s();
        compact(&s);
        t_min += t2 - t1;
        t_union += t3 - t2;
        t_compact += mst_now_s() - t3;
    }
    mst_phase_add(ph, "min", t_min);
    mst_phase_add(ph, "union", t_union);
    mst_phase_add(ph, "compact", t_compact);
    mst_phase_count(ph, "rounds", r);
fail:
    free(s.e.u);
    free(s.e.v);
    free(s.e.key);
    free(s.e.eid);
    free(s.best);
    free(s.touched);
    mst_dsu_free(&s.dsu);
    return st;
}
