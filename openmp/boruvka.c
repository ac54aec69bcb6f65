/* boruvka.c: edge-centric Borůvka rounds over a compacted worklist (see boruvka.h). */
#include "boruvka.h"

#include <stdlib.h>
#include <string.h>

#include "core.h"

/* Edges per block: the unit of scheduling and of compaction. */
#define BLOCK 2048
/* Forest edges a thread collects before reserving room in the output. */
#define OUT_BATCH 256

typedef struct wl_edge {
    uint32_t u, v; /* representatives (endpoints in the first round) */
    uint64_t ki;   /* key << 32 | edge id: the suite's total order on edges */
} wl_edge;

#define NONE UINT64_MAX

typedef struct bv_state {
    const mst_graph *g;
    par_dsu dsu;
    uint64_t *best;   /* [n] lightest (key << 32 | id) at each representative, NONE if unset */
    uint32_t *rep;    /* [n] representatives after the light pass (filtering only) */
    wl_edge *wl, *next; /* [m] worklists */
    uint64_t *count;  /* [blocks + 1] survivors per block, then offsets */
    mst_forest *out;
    uint64_t out_len; /* shared cursor into out->eid */
    uint64_t traced;  /* out->eid[0..traced) went to earlier rounds' --trace lines */
    double t_init, t_relabel, t_flatten, t_union, t_reset;
    uint64_t rounds;
    mst_phases *ph;       /* rounds' sizes go here (may be NULL) */
    double filter_factor; /* light edges per vertex when filtering */
    uint64_t filter_seed; /* the threshold sample's seed */
    int team;             /* threads of the solve's parallel region */
    omp_sched_t sched;    /* the edge loops' schedule (schedule(runtime)) and its chunk */
    int chunk;
} bv_state;

/* Exclusive prefix sum of c[0..k-1] into c (c[k] = total). Sequential: k = m / BLOCK is small. */
static uint64_t prefix_sum(uint64_t *c, uint64_t k)
{
    return c[k] = mst_exclusive_scan(c, k);
}

/* Copies each block's survivors (at the block's start in src) to dst at the block's offset. */
static void compact(wl_edge *dst, const wl_edge *src, const uint64_t *off, uint64_t blocks)
{
#pragma omp for schedule(static)
    for (uint64_t b = 0; b < blocks; b++)
        memcpy(dst + off[b], src + b * BLOCK, (off[b + 1] - off[b]) * sizeof *dst);
}

/* Step 1 on blocks of s->wl[0..len): relabel, drop, guarded minimum; survivors stay at the
 * start of their block and count[b] says how many. */
static inline __attribute__((always_inline)) void relabel(bv_state *s, uint64_t len,
                                                          par_dsu_kind kind)
{
    uint64_t blocks = (len + BLOCK - 1) / BLOCK;
#pragma omp for schedule(runtime)
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t lo = b * BLOCK, hi = lo + BLOCK < len ? lo + BLOCK : len, k = lo;
        for (uint64_t i = lo; i < hi; i++) {
            wl_edge e = s->wl[i];
            uint32_t ru = dsu_find(&s->dsu, e.u, kind), rv = dsu_find(&s->dsu, e.v, kind);
            if (ru == rv)
                continue;
            s->wl[k++] = (wl_edge){ru, rv, e.ki};
            par_min_u64(&s->best[ru], e.ki);
            par_min_u64(&s->best[rv], e.ki);
        }
        s->count[b] = k - lo;
    }
}

/* Appends a thread's nb forest edge ids to the output: one atomic add reserves their room.
 * Returns 0, the batch's new length. */
static inline int emit(bv_state *s, const uint64_t *batch, int nb)
{
    if (nb > 0) {
        uint64_t at = __atomic_fetch_add(&s->out_len, (uint64_t)nb, __ATOMIC_RELAXED);
        memcpy(s->out->eid + at, batch, (size_t)nb * sizeof *batch);
    }
    return 0;
}

/* Step 2: each edge lightest at one of its ends joins the forest; batches of OUT_BATCH ids
 * reserve their room in the output with one atomic add. */
static inline __attribute__((always_inline)) void unite(bv_state *s, uint64_t len,
                                                        par_dsu_kind kind)
{
    uint64_t batch[OUT_BATCH];
    int nb = 0;
    uint64_t blocks = (len + BLOCK - 1) / BLOCK;
#pragma omp for schedule(runtime) nowait
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t hi = (b + 1) * BLOCK < len ? (b + 1) * BLOCK : len;
        for (uint64_t i = b * BLOCK; i < hi; i++) {
            wl_edge e = s->next[i];
            if (__atomic_load_n(&s->best[e.u], __ATOMIC_RELAXED) != e.ki &&
                __atomic_load_n(&s->best[e.v], __ATOMIC_RELAXED) != e.ki)
                continue;
            dsu_union(&s->dsu, e.u, e.v, kind);
            batch[nb++] = (uint32_t)e.ki;
            if (nb == OUT_BATCH)
                nb = emit(s, batch, nb);
        }
    }
    emit(s, batch, nb);
#pragma omp barrier
}

/* Steps 2 and 3 by components rather than edges, for rounds whose worklist is at least about
 * as long as the vertex array: one sequential pass over the minima finds every component's
 * lightest edge, unites its ends and clears the minimum, where the edge-centric steps read two
 * random minima per worklist edge and then clear them in a pass of their own. An edge chosen by
 * both its components is met twice; only the union that joins emits it (the chosen edges form a
 * forest over the components: Borůvka's lemma under a total order). */
static inline __attribute__((always_inline)) void unite_components(bv_state *s,
                                                                   par_dsu_kind kind)
{
    const uint32_t *gu = s->g->u, *gv = s->g->v;
    uint64_t batch[OUT_BATCH];
    int nb = 0;
#pragma omp for schedule(static) nowait
    for (uint32_t x = 0; x < s->g->n; x++) {
        uint64_t b = __atomic_load_n(&s->best[x], __ATOMIC_RELAXED);
        if (b == NONE)
            continue;
        __atomic_store_n(&s->best[x], NONE, __ATOMIC_RELAXED);
        uint32_t id = (uint32_t)b;
        if (!dsu_union(&s->dsu, gu[id], gv[id], kind))
            continue;
        batch[nb++] = id;
        if (nb == OUT_BATCH)
            nb = emit(s, batch, nb);
    }
    emit(s, batch, nb);
#pragma omp barrier
}

/* Clears one minimum. Guarded like the minimum itself: a hub is the representative of
 * millions of worklist edges, and unconditional stores would bounce its cache line between all
 * cores; after the first store the others only read. */
static inline void clear_best(uint64_t *p)
{
    if (__atomic_load_n(p, __ATOMIC_RELAXED) != NONE)
        __atomic_store_n(p, NONE, __ATOMIC_RELAXED);
}

/* Step 3: clear the minima this round set (exactly at the survivors' representatives). */
static void reset(bv_state *s, uint64_t len)
{
#pragma omp for schedule(static)
    for (uint64_t i = 0; i < len; i++) {
        clear_best(&s->best[s->next[i].u]);
        clear_best(&s->best[s->next[i].v]);
    }
}

/* Borůvka rounds until no edge joins two components, on s->wl[0..len), or, if minima_set, on
 * s->next[0..len) whose minima the fill already set (its first round needs no relabelling:
 * every vertex is still a singleton). Called by every thread of the team. */
static inline __attribute__((always_inline)) void rounds(bv_state *s, uint64_t len,
                                                         int minima_set, par_dsu_kind kind)
{
    /* Every round's size, components and worklist edges: this one here, the next ones where
     * each round ends (both where no thread is uniting). */
#pragma omp single
    if (len > 0)
        mst_phase_round(s->ph, s->g->n - s->out_len, len);
    while (len > 0) {
        double t0 = mst_now_s();
        uint64_t survivors = len; /* relabel+min below includes compacting the survivors */
        if (!minima_set) {
            relabel(s, len, kind);
            uint64_t blocks = (len + BLOCK - 1) / BLOCK;
#pragma omp single
            prefix_sum(s->count, blocks);
            compact(s->next, s->wl, s->count, blocks);
            survivors = s->count[blocks];
        }
        minima_set = 0;
        double t2 = mst_now_s(), t3;
        if (survivors >= s->g->n) { /* union by components (docs/omp-tuning.md) */
            unite_components(s, kind);
            t3 = mst_now_s();
        } else {
            unite(s, survivors, kind);
            t3 = mst_now_s();
            reset(s, survivors);
        }
#pragma omp single
        {
            wl_edge *t = s->wl;
            s->wl = s->next;
            s->next = t;
            s->rounds += survivors > 0;
            if (survivors > 0)
                mst_phase_round(s->ph, s->g->n - s->out_len, survivors);
            mst_trace_round(s->ph, s->out->eid + s->traced, s->out_len - s->traced);
            s->traced = s->out_len;
            s->t_relabel += t2 - t0;
            s->t_union += t3 - t2;
            s->t_reset += mst_now_s() - t3;
        }
        len = survivors;
    }
}

/* Records every vertex's representative in s->rep while no union runs (between the light and
 * the heavy edges): relabelling a heavy edge then costs two reads of a 4-byte array. */
static inline __attribute__((always_inline)) void flatten(bv_state *s, par_dsu_kind kind)
{
#pragma omp for schedule(static)
    for (uint32_t x = 0; x < s->g->n; x++)
        s->rep[x] = dsu_find(&s->dsu, x, kind);
}

/* Fills a worklist s->next (compacted) straight from the graph's edges whose (key << 32 | id)
 * is at most `threshold` (or, if `heavy`, above it), relabelled, and sets their minima: the first round's relabelling, without
 * a worklist to read. For the first pass (every vertex a singleton) finds are skipped; for the
 * heavy edges after a light pass, representatives come from s->rep (flatten) and joined edges
 * are dropped.
 * Returns the edges kept. */
static uint64_t fill(bv_state *s, uint64_t threshold, int heavy, int singletons)
{
    const mst_graph *g = s->g;
    uint64_t m = g->m, blocks = (m + BLOCK - 1) / BLOCK;
    int all = singletons && !heavy && threshold == NONE;
    wl_edge *dst = all ? s->next : s->wl; /* everything kept: no compaction needed */
#pragma omp for schedule(static)
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t lo = b * BLOCK, hi = lo + BLOCK < m ? lo + BLOCK : m, k = lo;
        for (uint64_t e = lo; e < hi; e++) {
            uint64_t ki = (uint64_t)g->key[e] << 32 | e;
            if ((ki > threshold) != heavy)
                continue;
            uint32_t u = g->u[e], v = g->v[e];
            if (!singletons) {
                u = s->rep[u];
                v = s->rep[v];
                if (u == v)
                    continue;
            }
            dst[k++] = (wl_edge){u, v, ki};
            par_min_u64(&s->best[u], ki);
            par_min_u64(&s->best[v], ki);
        }
        s->count[b] = k - lo;
    }
    if (all)
        return m;
#pragma omp single
    prefix_sum(s->count, blocks);
    compact(s->next, s->wl, s->count, blocks);
    return s->count[blocks];
}

static inline __attribute__((always_inline)) void solve(bv_state *s, int filter,
                                                        par_dsu_kind kind)
{
    const mst_graph *g = s->g;
    uint64_t threshold =
        filter ? mst_sample_threshold(g, NULL, (uint64_t)(s->filter_factor * g->n),
                                      s->filter_seed)
               : NONE;
    double t0 = mst_now_s();
#pragma omp parallel num_threads(s->team)
    {
        omp_set_schedule(s->sched, s->chunk); /* this region's tasks only */
#pragma omp for schedule(static)
        for (uint32_t x = 0; x < g->n; x++) {
            s->dsu.rec[x] = x;
            s->best[x] = NONE;
        }
        /* Light pass (everything without filtering), from singletons. */
        uint64_t len = fill(s, threshold, 0, 1);
#pragma omp single
        s->t_init += mst_now_s() - t0;
        rounds(s, len, 1, kind);
        if (threshold != NONE) {
            /* The heavy edges, relabelled by the light forest: the joined ones are dropped. */
            double t1 = mst_now_s();
            flatten(s, kind);
            double t2 = mst_now_s();
            len = fill(s, threshold, 1, 0);
#pragma omp single
            {
                s->t_flatten += t2 - t1;
                s->t_relabel += mst_now_s() - t2;
            }
            rounds(s, len, 1, kind);
        }
    }
}

/* The worklist variant's storage, which depends only on n and m (boruvka.h). */
struct par_boruvka_ws {
    bv_state s;        /* arrays allocated; per-solve fields are reset by par_boruvka_run */
    par_dsu_kind kind;
    int filter;        /* decided from n and m */
    int locked;        /* the lock of DSU_LOCK is initialized */
    uint32_t n;        /* the topology it was prepared for */
    uint64_t m;
};

void par_boruvka_release(par_boruvka_ws *ws)
{
    if (ws == NULL)
        return;
    if (ws->locked)
        omp_destroy_lock(&ws->s.dsu.lock);
    free(ws->s.dsu.rec);
    free(ws->s.best);
    free(ws->s.rep);
    free(ws->s.wl);
    free(ws->s.next);
    free(ws->s.count);
    free(ws);
}

/* par_boruvka_prepare; `touch_pages` 0 leaves the first touch to the solve (one solve only:
 * its fill writes every page anyway). */
static mst_status prepare(const mst_graph *g, const par_boruvka_options *o,
                          par_boruvka_ws **out_ws, mst_phases *ph, int touch_pages)
{
    mst_status st = MST_OK;
    *out_ws = NULL;
    if (g->m > UINT32_MAX)
        return mst_fail(MST_ERESOURCE, "mst-omp supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)g->m);
    double t0 = mst_now_s();
    par_boruvka_ws *ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory");
    bv_state *s = &ws->s;
    int filter = o->filter < 0 ? g->m >= (uint64_t)PAR_FILTER_AUTO_DEGREE * g->n : o->filter;
    ws->filter = filter && g->m > 0; /* nothing to sample */
    ws->kind = o->dsu;
    ws->n = g->n;
    ws->m = g->m;
    s->filter_factor = o->filter_factor;
    s->filter_seed = o->filter_seed;
    s->team = par_team(o->threads);
    s->sched = o->schedule != 0 ? o->schedule : omp_sched_dynamic;
    s->chunk = o->chunk;
    if ((s->dsu.rec = mst_big_alloc(g->n, sizeof *s->dsu.rec)) == NULL ||
        (s->best = mst_big_alloc(g->n, sizeof *s->best)) == NULL ||
        (s->wl = mst_big_alloc(g->m, sizeof *s->wl)) == NULL ||
        (s->next = mst_big_alloc(g->m, sizeof *s->next)) == NULL ||
        (ws->filter && (s->rep = mst_big_alloc(g->n, sizeof *s->rep)) == NULL)) {
        st = MST_ERESOURCE;
        goto fail;
    }
    MST_ALLOC(s->count, (g->m + BLOCK - 1) / BLOCK + 1);
    if (ws->kind == DSU_LOCK) {
        omp_init_lock(&s->dsu.lock);
        ws->locked = 1;
    }
    /* First touch of every array by the team that will use it, block by block as the loops
     * do: the pages are mapped (and placed near their threads) here rather than inside a timed
     * solve. */
    if (touch_pages) {
        uint64_t blocks = (g->m + BLOCK - 1) / BLOCK;
#pragma omp parallel num_threads(s->team)
        {
#pragma omp for schedule(static) nowait
            for (uint32_t x = 0; x < g->n; x++) {
                s->dsu.rec[x] = x;
                s->best[x] = NONE;
                if (s->rep)
                    s->rep[x] = x;
            }
#pragma omp for schedule(static)
            for (uint64_t b = 0; b < blocks; b++) {
                uint64_t lo = b * BLOCK, len = lo + BLOCK < g->m ? BLOCK : g->m - lo;
                memset(s->wl + lo, 0, len * sizeof *s->wl);
                memset(s->next + lo, 0, len * sizeof *s->next);
            }
        }
    }
    mst_phase_add(ph, "prepare", mst_now_s() - t0);
    *out_ws = ws;
    return MST_OK;
fail:
    par_boruvka_release(ws);
    return st;
}

mst_status par_boruvka_prepare(const mst_graph *g, const par_boruvka_options *o,
                               par_boruvka_ws **ws, mst_phases *ph)
{
    return prepare(g, o, ws, ph, 1);
}

mst_status par_boruvka_run(par_boruvka_ws *ws, const mst_graph *g, mst_forest *out,
                           mst_phases *ph)
{
    bv_state *s = &ws->s;
    if (g->n != ws->n || g->m != ws->m)
        return mst_fail(MST_EINTERNAL, "mst-omp: prepared for n=%u m=%llu, called with n=%u "
                        "m=%llu", ws->n, (unsigned long long)ws->m, g->n,
                        (unsigned long long)g->m);
    s->g = g;
    s->out = out;
    s->out_len = s->traced = 0;
    s->ph = ph;
    s->t_init = s->t_relabel = s->t_flatten = s->t_union = s->t_reset = 0;
    s->rounds = 0;
    switch (ws->kind) { /* one specialized copy of the rounds per union-find variant */
    case DSU_WAITFREE: solve(s, ws->filter, DSU_WAITFREE); break;
    case DSU_LOCK: solve(s, ws->filter, DSU_LOCK); break;
    case DSU_HALF: solve(s, ws->filter, DSU_HALF); break;
    case DSU_FULL: solve(s, ws->filter, DSU_FULL); break;
    case DSU_PLAIN: solve(s, ws->filter, DSU_PLAIN); break;
    }
    out->count = s->out_len;
    mst_phase_add(ph, "init", s->t_init);
    mst_phase_add(ph, "relabel+min", s->t_relabel);
    if (ws->filter)
        mst_phase_add(ph, "flatten", s->t_flatten);
    mst_phase_add(ph, "union", s->t_union);
    mst_phase_add(ph, "reset", s->t_reset);
    mst_phase_count(ph, "rounds", s->rounds);
    mst_phase_count(ph, "filtered", ws->filter);
    return MST_OK;
}

mst_status par_boruvka(const mst_graph *g, const par_boruvka_options *o, mst_forest *out,
                       mst_phases *ph)
{
    par_boruvka_ws *ws;
    double t0 = mst_now_s();
    mst_status st = prepare(g, o, &ws, NULL, 0);
    if (st != MST_OK)
        return st;
    double t_alloc = mst_now_s() - t0;
    st = par_boruvka_run(ws, g, out, ph);
    mst_phase_add(ph, "init", t_alloc); /* allocation and first touch */
    par_boruvka_release(ws);
    return st;
}
