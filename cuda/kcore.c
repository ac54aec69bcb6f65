/* kcore.c: core numbers by level-synchronous parallel peeling (see kcore.h). */
#include "kcore.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "team_scan.h"

/* A frontier of fewer vertices is peeled by one thread, one vertex at a time: a parallel
 * sub-round costs a fork-join, which only a wide frontier repays. */
#define KCORE_PAR_MIN 1024
/* Frontier vertices a thread collects before reserving room in the peeling order. */
#define KCORE_BATCH 64
/* core[] of a vertex not peeled yet. */
#define ALIVE UINT32_MAX

typedef struct kc_state {
    mst_csr c;
    uint32_t *deg;    /* [n] remaining degree */
    uint32_t *core;   /* [n] the caller's output; ALIVE until peeled */
    uint32_t *order;  /* [n] peeled vertices in peeling order; [head, tail) is the frontier */
    uint64_t head, tail;
    uint32_t *alive;  /* [n] vertices not yet peeled (a superset between compactions) */
    uint32_t *spare;  /* [n] the compaction's target */
    uint64_t alive_len;
    uint64_t *part;   /* [threads + 1] per-thread counts of the compaction */
} kc_state;

typedef struct kc_batch {
    uint32_t len;
    uint32_t x[KCORE_BATCH];
} kc_batch;

/* Appends the batch's vertices to the peeling order. */
static void flush(kc_state *s, kc_batch *b)
{
    uint64_t at = __atomic_fetch_add(&s->tail, b->len, __ATOMIC_RELAXED);
    memcpy(s->order + at, b->x, b->len * sizeof *b->x);
    b->len = 0;
}

/* x is peeled at level k: its core number is k, and it joins the frontier. */
static inline void push(kc_state *s, kc_batch *b, uint32_t x, uint32_t k)
{
    s->core[x] = k;
    b->x[b->len++] = x;
    if (b->len == KCORE_BATCH)
        flush(s, b);
}

/* Removes v at level k: every neighbour still above k loses one degree, and the one that comes
 * down to exactly k is peeled at this level too. A decrement that finds k or less lost a race
 * with another (the neighbour is already peeled) and is undone. */
static inline void peel_vertex(kc_state *s, uint32_t v, uint32_t k, kc_batch *b)
{
    for (uint64_t a = s->c.offset[v]; a < s->c.offset[v + 1]; a++) {
        uint32_t x = s->c.adj[a];
        if (__atomic_load_n(&s->deg[x], __ATOMIC_RELAXED) <= k)
            continue;
        uint32_t old = __atomic_fetch_sub(&s->deg[x], 1, __ATOMIC_RELAXED);
        if (old == k + 1)
            push(s, b, x, k);
        else if (old <= k)
            __atomic_fetch_add(&s->deg[x], 1, __ATOMIC_RELAXED);
    }
}

/* Drops the peeled vertices from the alive list (order kept, by per-thread slices) and returns
 * the least remaining degree of those left (ALIVE if none is left). */
static uint32_t compact_alive(kc_state *s)
{
    uint32_t kmin = ALIVE;
    uint64_t len = 0;
#pragma omp parallel reduction(min : kmin)
    {
        uint64_t lo, hi, count = 0, total;
        par_team_slice(s->alive_len, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t i = lo; i < hi; i++)
            count += s->core[s->alive[i]] == ALIVE;
        uint64_t at = par_team_offset(count, s->part, &total);
        for (uint64_t i = lo; i < hi; i++) {
            uint32_t x = s->alive[i];
            if (s->core[x] == ALIVE) {
                s->spare[at++] = x;
                kmin = s->deg[x] < kmin ? s->deg[x] : kmin;
            }
        }
#pragma omp master
        len = total;
    }
    uint32_t *t = s->alive;
    s->alive = s->spare;
    s->spare = t;
    s->alive_len = len;
    return kmin;
}

/* Level k: every alive vertex of degree k starts the frontier; frontiers are peeled until no
 * vertex comes down to k any more. */
static void peel_level(kc_state *s, uint32_t k)
{
#pragma omp parallel
    {
        kc_batch b = {0};
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < s->alive_len; i++)
            if (s->deg[s->alive[i]] == k)
                push(s, &b, s->alive[i], k);
        flush(s, &b);
    }
    while (s->head < s->tail) {
        uint64_t lo = s->head, hi = s->tail;
        if (hi - lo < KCORE_PAR_MIN) {
            kc_batch b = {0};
            s->head = lo + 1;
            peel_vertex(s, s->order[lo], k, &b);
            flush(s, &b);
            continue;
        }
#pragma omp parallel
        {
            kc_batch b = {0};
#pragma omp for schedule(dynamic, 64)
            for (uint64_t i = lo; i < hi; i++)
                peel_vertex(s, s->order[i], k, &b);
            flush(s, &b);
        }
        s->head = hi;
    }
}

static void kc_free(kc_state *s)
{
    mst_csr_free(&s->c);
    free(s->deg);
    free(s->order);
    free(s->alive);
    free(s->spare);
    free(s->part);
}

mst_status kcore_peel(const mst_graph *g, uint32_t *core, uint32_t *degeneracy)
{
    mst_status st = MST_OK;
    kc_state s;
    memset(&s, 0, sizeof s);
    *degeneracy = 0;
    if (g->m >= UINT32_MAX) /* degrees are 32-bit */
        return mst_fail(MST_ERESOURCE, "k-core peeling takes fewer than 2^32 - 1 edges (m = "
                        "%llu)", (unsigned long long)g->m);
    MST_CHECK(mst_csr_build(g, &s.c));
    MST_ALLOC(s.deg, g->n);
    MST_ALLOC(s.order, g->n);
    MST_ALLOC(s.alive, g->n);
    MST_ALLOC(s.spare, g->n);
    MST_ALLOC(s.part, (size_t)omp_get_max_threads() + 1);
    s.core = core;
#pragma omp parallel for schedule(static)
    for (uint32_t x = 0; x < g->n; x++) {
        s.deg[x] = (uint32_t)(s.c.offset[x + 1] - s.c.offset[x]);
        s.core[x] = ALIVE;
        s.alive[x] = x;
    }
    s.alive_len = g->n;
    for (uint32_t k; (k = compact_alive(&s)) != ALIVE;) {
        peel_level(&s, k);
        *degeneracy = k;
    }
fail:
    kc_free(&s);
    return st;
}
