/* prim.c: Prim's algorithm (Prim 1957; Jarník 1930) with a lazy binary heap (see seq.h). */
#include <stdlib.h>

#include "seq.h"
#include "core.h"

/*
 * Edges are compared as order words key << 32 | (eid + 1): one integer comparison gives the
 * (key, id) order, and no word is 0, which marks visited vertices in best[].
 */
#define VISITED 0
#define NOT_REACHED UINT64_MAX

/* A candidate edge: order word w, reaching the vertex v (unvisited when pushed). */
typedef struct prim_entry {
    uint64_t w;
    uint32_t v;
} prim_entry;

typedef struct prim_state {
    mst_csr csr;
    uint32_t *key;    /* [2m] the key of csr.eid[j], gathered so that visits read it in order */
    uint64_t *best;   /* [n] lightest word pushed towards each vertex, NOT_REACHED or VISITED */
    prim_entry *heap; /* [m] binary min-heap by w; an edge is pushed at most once */
    uint64_t len;
    uint64_t pushes;
} prim_state;

static void heap_push(prim_state *s, prim_entry x)
{
    uint64_t i = s->len++;
    while (i > 0) {
        uint64_t parent = (i - 1) / 2;
        if (s->heap[parent].w <= x.w)
            break;
        s->heap[i] = s->heap[parent];
        i = parent;
    }
    s->heap[i] = x;
    s->pushes++;
}

/* Removes and returns the lightest entry; the heap must not be empty. */
static prim_entry heap_pop(prim_state *s)
{
    prim_entry top = s->heap[0], last = s->heap[--s->len];
    uint64_t i = 0;
    for (;;) {
        uint64_t c = 2 * i + 1;
        if (c >= s->len)
            break;
        if (c + 1 < s->len && s->heap[c + 1].w < s->heap[c].w)
            c++;
        if (last.w <= s->heap[c].w)
            break;
        s->heap[i] = s->heap[c];
        i = c;
    }
    s->heap[i] = last; /* harmless when the heap just became empty: slot 0 is unused */
    return top;
}

/*
 * Marks x visited and pushes its edges towards unvisited neighbours. An edge no lighter than
 * one already pushed towards the same neighbour can never be the one that reaches it, so it is
 * left out: the heap holds about half the edges it would otherwise (random graphs), and the
 * test costs one read of best[], which also tells visited neighbours apart.
 */
static void visit(prim_state *s, uint32_t x)
{
    const mst_csr *c = &s->csr;
    s->best[x] = VISITED;
    for (uint64_t j = c->offset[x]; j < c->offset[x + 1]; j++) {
        uint32_t y = c->adj[j];
        uint64_t w = (uint64_t)s->key[j] << 32 | (c->eid[j] + 1);
        if (w < s->best[y]) {
            s->best[y] = w;
            heap_push(s, (prim_entry){w, y});
        }
    }
}

/* The keys of g gathered beside the CSR's slots (every round's first step). */
static void gather_keys(prim_state *s, const mst_graph *g)
{
    for (uint64_t j = 0; j < 2 * g->m; j++)
        s->key[j] = g->key[s->csr.eid[j]];
}

/* The CSR of g and room for its slots' keys, the heap and the best edges: all that depends on
 * the topology only. */
static mst_status build(prim_state *s, const mst_graph *g)
{
    mst_status st = MST_OK;
    if (g->m > UINT32_MAX) /* eid + 1 must fit in an order word's 32 low bits */
        return mst_fail(MST_ERESOURCE, "mst-seq supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)g->m);
    MST_CHECK(mst_csr_build(g, &s->csr));
    MST_ALLOC(s->key, 2 * g->m);
    MST_ALLOC(s->best, g->n);
    MST_ALLOC(s->heap, g->m);
fail:
    return st;
}

/* The search over every component, from the keys already gathered: the tree of each root's
 * component grows one lightest crossing edge at a time. */
static void search(prim_state *s, const mst_graph *g, mst_forest *out)
{
    s->len = s->pushes = 0;
    out->count = 0;
    for (uint32_t x = 0; x < g->n; x++)
        s->best[x] = NOT_REACHED;
    for (uint32_t root = 0; root < g->n; root++) {
        if (s->best[root] == VISITED)
            continue;
        visit(s, root);
        while (s->len > 0) {
            prim_entry e = heap_pop(s);
            if (s->best[e.v] == VISITED)
                continue; /* stale: its far end joined the tree through a lighter edge */
            out->eid[out->count++] = (e.w & 0xFFFFFFFFu) - 1;
            visit(s, e.v);
        }
    }
}

static void free_state(prim_state *s)
{
    mst_csr_free(&s->csr);
    free(s->key);
    free(s->best);
    free(s->heap);
}

mst_status mst_prim(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph)
{
    (void)o;
    prim_state s = {0};
    out->count = 0;
    double t0 = mst_now_s();
    mst_status st = build(&s, g);
    if (st == MST_OK) {
        gather_keys(&s, g);
        double t1 = mst_now_s();
        search(&s, g, out);
        mst_trace_steps(ph, out->eid, out->count);
        mst_phase_add(ph, "csr", t1 - t0);
        mst_phase_add(ph, "heap", mst_now_s() - t1);
        mst_phase_count(ph, "heap_pushes", s.pushes);
    }
    free_state(&s);
    return st;
}

mst_status mst_prim_prepare(const mst_graph *g, const mst_options *o, void **state,
                            mst_phases *ph)
{
    (void)o;
    double t0 = mst_now_s();
    *state = NULL;
    prim_state *s = mst_calloc(1, sizeof *s);
    if (s == NULL)
        return MST_ERESOURCE;
    mst_status st = build(s, g);
    if (st != MST_OK) {
        mst_prim_release(s);
        return st;
    }
    mst_phase_add(ph, "csr", mst_now_s() - t0);
    *state = s;
    return MST_OK;
}

mst_status mst_prim_prepared_solve(void *state, const mst_graph *g, const mst_options *o,
                                   mst_forest *out, mst_phases *ph)
{
    (void)o;
    prim_state *s = state;
    double t0 = mst_now_s();
    gather_keys(s, g);
    double t1 = mst_now_s();
    search(s, g, out);
    mst_phase_add(ph, "keys", t1 - t0);
    mst_phase_add(ph, "heap", mst_now_s() - t1);
    mst_phase_count(ph, "heap_pushes", s->pushes);
    return MST_OK;
}

void mst_prim_release(void *state)
{
    if (state == NULL)
        return;
    free_state(state);
    free(state);
}
