/*
 * ghs.c: the distributed minimum spanning forest of Gallager, Humblet and Spira (1983) with
 * many vertices per rank (ghs.h), in four parts:
 *   1. The adjacency: a rank's rows of arcs from its share, their (key, eid) order, and every
 *      arc's twin at the other endpoint.
 *   2. The test window (--test-window K), an option layered on procedure test (5).
 *   3. The state machine of every vertex of the rank. Procedures and responses are numbered as
 *      in the appendix of the paper: (1) response to spontaneous awakening, (2) procedure
 *      wakeup, (3) Connect(L), (4) Initiate(L, F, S), (5) procedure test, (6) Test(L, F),
 *      (7) Accept, (8) Reject, (9) procedure report, (10) Report(w), (11) procedure
 *      change-root, (12) Change-root. "Place received message on end of queue" becomes the
 *      vertex's deferred list (rescan()). Vertices and arcs are plain indices of the adjacency:
 *      vertex x's header holds its variables, its row is arcs begin .. end - 1, sorted by
 *      weight, and its cursor is the paper's test-edge. Messages leave through the message
 *      layer (msg.h) to the rank an arc names. With a test window of K = 1 this is the paper's
 *      algorithm; a larger window comes in through five calls, in (4)-(8).
 *   4. The run: the message layer kept from run to run, the machine run to quiescence, the
 *      forest gathered to rank 0, and the counts summed over ranks.
 */
#include "ghs.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "core.h"

/* ------------------------------------------------------------------------------------------ */
/* Types: a message, a vertex's header and the machine                                        */

/* A vertex's window, counted in arcs from its cursor. */
typedef struct ghs_window {
    uint8_t size;     /* arcs from the cursor it may test, 1 .. K */
    uint8_t ahead;    /* arcs from the cursor to the frontier: the first arc not tested in this
                       * Find, or the one after the Accepted arc */
    uint8_t accepted; /* the arc before the frontier was Accepted in this Find */
} ghs_window;

/* A GHS message: one record of the message layer (its first byte is the layer's). */
typedef struct ghs_msg {
    uint8_t handler; /* the layer's */
    uint8_t type, level, sn;
    uint32_t to;     /* destination vertex: its index at its rank */
    uint32_t arc;    /* the arc it arrives on: its index at the destination */
    uint32_t key;    /* Report: the weight's key */
    uint64_t eid;    /* Report: the weight's edge id; Initiate, Test: the fragment name */
} ghs_msg;

/* The GHS variables of one vertex (the paper's names in the comments): its 64-byte header. */
typedef struct ghs_vertex {
    uint64_t fn;         /* FN: fragment name = the core edge's id */
    uint64_t best_eid;   /* best-wt = (best_key, best_eid) */
    uint32_t best_key;
    uint32_t best_edge;  /* best-edge (arc index) */
    uint8_t testing;     /* test-edge is not nil (it is the cursor): v's own search runs */
    ghs_window win;      /* the test window (2), when K > 1 */
    uint32_t in_branch;  /* in-branch (arc index) */
    uint32_t find_count; /* find-count */
    uint32_t begin, end; /* the row: arcs begin .. end - 1, by increasing (key, eid) */
    uint32_t cursor;     /* every arc of the row below it is Branch or Rejected; test-edge */
    uint32_t branch_end; /* every Branch arc of the row is below it */
    uint32_t dq_head, dq_tail; /* deferred messages, pool indices (GHS_NONE: none) */
    uint8_t sn, level;   /* SN, LN */
    uint8_t flags;
    uint8_t dq_level;    /* lowest level of a deferred Test or Connect (255: none) */
} ghs_vertex;

#define GHS_NONE UINT32_MAX /* nil: no arc */

/* A message that waits at its vertex (the paper's "place received message on end of queue"). */
typedef struct ghs_deferred {
    ghs_msg m;
    uint32_t next;
} ghs_deferred;

/* One rank's machine. */
typedef struct ghs_machine {
    msg_layer *net;
    int handler;          /* the layer's id of ghs_machine_handle */
    ghs_vertex *vtx;      /* the adjacency (ghs_graph): vertex headers, */
    ghs_arc *arc;         /* arcs */
    const uint64_t *eid;  /* and their edge ids */
    uint8_t window_max;   /* the test window's K (1: GHS's procedure test) */
    ghs_deferred *pool;   /* deferred messages: pool_len used, pool_cap allocated */
    uint32_t *spare;      /* indices of free pool entries, a stack of nspare ([pool_cap]) */
    uint32_t pool_cap, pool_len, nspare;
    uint64_t deferred;    /* messages waiting in deferred lists */
    uint64_t sent[GHS_MSG_TYPES];
    uint64_t isolated, core_halts; /* vertices that halted: alone, or as a core */
    uint8_t max_level;
} ghs_machine;

/* Sends a message on arc j: to the vertex and arc its twin names, at the rank it names. */
static inline void ghs_send(ghs_machine *s, uint32_t j, int type, int level, int sn, uint32_t key,
                            uint64_t eid)
{
    const ghs_arc *a = &s->arc[j];
    ghs_msg m = {0, (uint8_t)type, (uint8_t)level, (uint8_t)sn, a->to, a->twin, key, eid};
    s->sent[type]++;
    msg_send(s->net, a->rank, s->handler, &m);
}

/* ------------------------------------------------------------------------------------------ */
/* 1. The adjacency                                                                            */

#define INSERTION_MAX 24  /* rows up to this degree are sorted by insertion */
#define BUILD_AHEAD 16    /* arcs: how far ahead the scattered passes prefetch */
#define EID_BITS 48       /* the sort's payload packs (rank << 48 | edge id) */

void ghs_graph_free(ghs_graph *gg)
{
    if (gg == NULL)
        return;
    free(gg->off);
    free(gg->vtx);
    free(gg->arc);
    free(gg->item);
    free(gg->eid);
    free(gg->route);
    free(gg->route_start);
    if (gg->machine != NULL) {
        free(gg->machine->pool);
        free(gg->machine->spare);
    }
    free(gg->machine);
    if (gg->net != NULL)
        msg_free(gg->net);
    free(gg->net);
    memset(gg, 0, sizeof *gg);
}

/* Makes *p hold at least `need` elements of `size` bytes (contents not kept). */
static mst_status reserve(void **p, uint64_t *cap, uint64_t need, size_t size)
{
    if (*p != NULL && *cap >= need)
        return MST_OK;
    free(*p);
    *cap = 0;
    if ((*p = mst_big_alloc(need, size)) == NULL)
        return MST_ERESOURCE;
    *cap = need;
    return MST_OK;
}

/* Sorts item[0..d-1] by their upper 32 bits (the key), stably, moving pay[] along (d small). */
static void insertion_sort_pairs(uint64_t *item, uint64_t *pay, uint32_t d)
{
    for (uint32_t i = 1; i < d; i++) {
        uint64_t a = item[i], b = pay[i];
        uint32_t k = i;
        for (; k > 0 && item[k - 1] >> 32 > a >> 32; k--)
            item[k] = item[k - 1], pay[k] = pay[k - 1];
        item[k] = a, pay[k] = b;
    }
}

/*
 * Rows, one pass over the share (in increasing edge id order) after a counting pass that makes
 * gg->off: arc i of vertex x goes to the end of x's row as item (key << 32 | cut) and payload
 * (rank << 48 | eid).
 * cut numbers the arcs towards each rank in share order; the two arcs of an edge inside the
 * rank are adjacent in the share and take numbers 2t and 2t + 1, each holding the other's.
 * Each row is then sorted by key, stably (equal keys keep their edge id order).
 */
static mst_status build_rows(const dist_ctx *c, const dist_share *sh, ghs_graph *gg,
                             uint64_t *count)
{
    mst_status st = MST_OK;
    uint64_t A = sh->arcs;
    uint32_t n = sh->n_local, *pos = NULL, *off = gg->off, maxdeg = 0;
    uint32_t me = (uint32_t)c->rank;
    uint64_t *item, *pay, *tmp = NULL, *ptmp = NULL;
    memset(off, 0, ((size_t)n + 1) * sizeof *off);
    MST_ALLOC(pos, n);
    MST_CHECK(reserve((void **)&gg->item, &gg->cap_item, A, sizeof *gg->item));
    MST_CHECK(reserve((void **)&gg->eid, &gg->cap_eid, A, sizeof *gg->eid));
    item = gg->item;
    pay = gg->eid; /* rank << 48 | eid until the layout keeps only the edge id */
    for (uint64_t i = 0; i < A; i++)
        off[sh->arc[i].x + 1]++;
    for (uint32_t x = 0; x < n; x++) {
        uint32_t d = off[x + 1];
        maxdeg = d > maxdeg ? d : maxdeg;
        pos[x] = off[x];
        off[x + 1] += off[x];
    }
    for (uint64_t i = 0; i < A; i++) {
        const dist_arc *a = &sh->arc[i];
        /* Rows start in random order of the share: fetch the row ends ahead of their use. */
        if (i + BUILD_AHEAD < A) {
            uint32_t s_ahead = pos[sh->arc[i + BUILD_AHEAD].x];
            __builtin_prefetch(item + s_ahead, 1);
            __builtin_prefetch(pay + s_ahead, 1);
        }
        uint64_t eid = dist_arc_eid(a), cut;
        if (eid >> EID_BITS)
            MST_FAIL(MST_ERESOURCE, "edge id %" PRIu64 " is 2^%d or more (mst-mpi's limit)", eid,
                     EID_BITS);
        if (a->y_rank != me) {
            cut = count[a->y_rank]++;
        } else { /* the edge's other arc follows: each takes the other's number */
            const dist_arc *b = i + 1 < A ? &sh->arc[i + 1] : NULL;
            if (b == NULL || b->y_rank != me || dist_arc_eid(b) != eid)
                MST_FAIL(MST_EINTERNAL, "internal error: rank %d: edge %" PRIu64 " has one arc "
                         "here", c->rank, eid);
            cut = count[me];
            count[me] += 2;
            uint32_t s = pos[b->x]++;
            item[s] = (uint64_t)b->key << 32 | cut;
            pay[s] = (uint64_t)me << EID_BITS | eid;
            cut++;
            i++;
        }
        uint32_t s = pos[a->x]++;
        item[s] = (uint64_t)a->key << 32 | cut;
        pay[s] = (uint64_t)a->y_rank << EID_BITS | eid;
    }
    if (maxdeg > INSERTION_MAX) {
        MST_ALLOC(tmp, maxdeg);
        MST_ALLOC(ptmp, maxdeg);
    }
    for (uint32_t x = 0; x < n; x++) {
        uint32_t b = off[x], d = off[x + 1] - b;
        if (d <= INSERTION_MAX)
            insertion_sort_pairs(item + b, pay + b, d);
        else /* stable on the key: equal keys keep increasing edge id */
            mst_radix_sort_pairs(item + b, pay + b, tmp, ptmp, d, 32, 64, 1);
    }
fail:
    free(pos);
    free(tmp);
    free(ptmp);
    return st;
}

/*
 * The arcs, in row order: each keeps its twin's number for now and lists itself (vertex, arc)
 * in the route table under its own number (the same as its twin's for a cut arc; inside the
 * rank, the other of the pair 2t, 2t + 1). The edge ids lose their rank.
 */
static mst_status layout(const dist_ctx *c, ghs_graph *gg)
{
    mst_status st = MST_OK;
    uint32_t me = (uint32_t)c->rank;
    uint64_t A = gg->arcs, *item = gg->item, *pay = gg->eid;
    const uint64_t *start = gg->route_start;
    MST_CHECK(reserve((void **)&gg->arc, &gg->cap_arc, A, sizeof *gg->arc));
    for (uint32_t x = 0, a = 0; x < gg->n; x++) {
        for (; a < gg->off[x + 1]; a++) {
            if (a + BUILD_AHEAD < A) { /* the route entry ahead, at a random place */
                uint64_t ahead = pay[a + BUILD_AHEAD] >> EID_BITS;
                uint32_t cut = (uint32_t)item[a + BUILD_AHEAD];
                __builtin_prefetch(gg->route + start[ahead] + (cut ^ (ahead == me)), 1);
            }
            uint32_t rank = (uint32_t)(pay[a] >> EID_BITS), cut = (uint32_t)item[a];
            ghs_arc arc = {(uint32_t)(item[a] >> 32), 0, cut, (uint16_t)rank, GHS_BASIC, 0};
            gg->arc[a] = arc;
            ghs_route r = {x, a};
            gg->route[start[rank] + (cut ^ (rank == me))] = r;
            pay[a] &= ((uint64_t)1 << EID_BITS) - 1;
        }
    }
fail:
    return st;
}

/*
 * Collective: every rank sends rank q the segment of its route table for their cut, into the
 * sort scratch: entry route_start[q] + k there is then where arc k of the cut with q lies at q.
 * Each arc finds its twin under the number it holds: in the received segment of its
 * neighbour's rank, or for an arc inside the rank in its own route table.
 */
static mst_status link_twins(const dist_ctx *c, ghs_graph *gg)
{
    mst_status st = MST_OK;
    int p = c->size;
    int *cnt = NULL, *disp = NULL;
    const ghs_route **base = NULL;
    const uint64_t *start = gg->route_start;
    if (gg->arcs > INT_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d holds %" PRIu64 " arcs, more than MPI's int counts "
                 "(use more ranks)", c->rank, gg->arcs);
    MST_ALLOC(cnt, p);
    MST_ALLOC(disp, p);
    MST_ALLOC(base, p);
    for (int q = 0; q < p; q++)
        cnt[q] = (int)(start[q + 1] - start[q]), disp[q] = (int)start[q];
    cnt[c->rank] = 0;
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        goto out;
    _Static_assert(sizeof(ghs_route) == sizeof(uint64_t), "a route entry is sent as one word");
    ghs_route *twin = (ghs_route *)gg->item; /* free since the layout */
    MPI_Alltoallv(gg->route, cnt, disp, MPI_UINT64_T, twin, cnt, disp, MPI_UINT64_T, c->comm);
    for (int q = 0; q < p; q++)
        base[q] = (q == c->rank ? gg->route : twin) + start[q];
    for (uint64_t a = 0; a < gg->arcs; a++) {
        if (a + BUILD_AHEAD < gg->arcs) { /* the twin's entry, at a random place */
            const ghs_arc *f = &gg->arc[a + BUILD_AHEAD];
            __builtin_prefetch(base[f->rank] + f->twin);
        }
        ghs_arc *arc = &gg->arc[a];
        ghs_route r = base[arc->rank][arc->twin];
        arc->to = r.vertex;
        arc->twin = r.arc;
    }
out:
    free(cnt);
    free(disp);
    free(base);
    return st;
}

/*
 * Collective: builds the adjacency into gg (zeroed the first time, its buffers reused after)
 * from the share: rows by a counting sort on the vertex that also gives every arc its cut index,
 * each row sorted by (key, eid) with an LSD radix sort, the arcs with the route table, then one
 * all-to-all of the route tables (8 bytes per cut arc) and a pass that gives every arc its
 * twin's indices. Errors (agreed): MST_ERESOURCE (memory, more than 65535 ranks, edge ids of
 * 2^48 or more, 2^31 or more arcs on a rank); MST_EINTERNAL when
 * the share breaks its own layout (an edge inside the rank with one arc, the two sides of a cut
 * counting different arcs).
 * O(arcs + n + p) per rank plus the exchange.
 */
static mst_status ghs_graph_build(const dist_ctx *c, const dist_share *sh, ghs_graph *gg)
{
    mst_status st = MST_OK;
    int p = c->size, me = c->rank;
    uint64_t A = sh->arcs, n = sh->n_local, *count = NULL, *back = NULL;
    if (A >= UINT32_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d holds %" PRIu64 " arcs, 2^32 - 1 or more (use more "
                 "ranks)", me, A);
    if (p > 65535)
        MST_FAIL(MST_ERESOURCE, "%d ranks: GHS arcs hold ranks in 16 bits (at most 65535)", p);
    MST_CALLOC(count, p);
    MST_ALLOC(back, p);
    MST_CHECK(reserve((void **)&gg->off, &gg->cap_off, n + 1, sizeof *gg->off));
    MST_CHECK(reserve((void **)&gg->vtx, &gg->cap_vtx, n, sizeof(ghs_vertex)));
    MST_CHECK(reserve((void **)&gg->route, &gg->cap_route, A, sizeof *gg->route));
    MST_CHECK(reserve((void **)&gg->route_start, &gg->cap_start, (uint64_t)p + 1,
                      sizeof *gg->route_start));
    gg->n = (uint32_t)n;
    gg->arcs = A;
    MST_CHECK(build_rows(c, sh, gg, count));
    gg->route_start[0] = 0;
    for (int q = 0; q < p; q++)
        gg->route_start[q + 1] = gg->route_start[q] + count[q];
    MST_CHECK(layout(c, gg));
fail:
    /* Both sides of a cut number the same arcs: their counts must agree. */
    if ((st = dist_agree(c, st)) == MST_OK) {
        MPI_Alltoall(count, 1, MPI_UINT64_T, back, 1, MPI_UINT64_T, c->comm);
        for (int q = 0; q < p && st == MST_OK; q++)
            if (back[q] != count[q])
                st = mst_fail(MST_EINTERNAL, "internal error: rank %d: %" PRIu64 " arcs towards "
                              "rank %d but %" PRIu64 " back", me, count[q], q, back[q]);
        if ((st = dist_agree(c, st)) == MST_OK)
            st = link_twins(c, gg);
    }
    free(count);
    free(back);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* 2. The test window: an option layered on procedure test (5) of the paper's appendix         */
/*    (--test-window K); with K = 1 the state machine is the paper's and never calls here      */

/*
 * GHS tests a vertex's Basic edges one at a time, in weight order, each a round trip: on a
 * dense graph a vertex rejects thousands of edges, so between ranks the run is a chain of
 * thousands of round trips. With a window a vertex in Find tests at once the Basic edges among
 * the `size` arcs that follow its cursor (its lightest Basic arc, GHS's test-edge); its search
 * ends when its lightest Basic edge is Accepted (everything lighter was Rejected) or none is
 * left. The window starts at 1 in every Find and grows by one per edge the search rejects, up
 * to K, so a search that meets an outgoing edge at once sends what GHS sends. Why it stays
 * correct:
 * - An Accept or Reject carries the level of the Test it answers, and a vertex waits only for
 *   answers to Tests of its current Find (its level rises at every Initiate it gets, so it
 *   tests an edge at most once per level) on the Basic arcs from its cursor to its frontier
 *   (the first arc not yet tested). An Accept pulls the frontier back to just past its arc:
 *   heavier edges are no longer needed, nor answers about them. Any other Accept is dropped;
 *   a Reject is always true (the same fragment for good) and is kept.
 * - The crossing rule of response (6) (a Test from the vertex's own fragment on an edge it is
 *   itself testing answers both, and no Reject is sent) applies only to a Test it waits for.
 *   Both ends then see the same fragment name, as in GHS: a fragment's Find cannot end while
 *   one of its vertices still waits for that answer. Otherwise the Reject is sent (a true one,
 *   kept whether its receiver still waits or not).
 * - An Accepted edge stays Basic until the search ends: the fragment at its other end (of the
 *   same level or higher, another name) cannot join this one before this one's Find ends.
 * The state is three bytes of the vertex's header (ghs_window, above): testing writes nothing
 * to the arcs. Each Find sends at most min(K - 1, edges it rejected) Tests (and their answers)
 * beyond GHS's, so the bound becomes 5 n log2 n + 2 m + 2 min((K - 1) n log2 n, 2 m).
 *
 * The interface, by the response of the state machine (3) that calls it: (4) ghs_window_start(), (5)
 * ghs_window_test(), (6) and (7) ghs_window_waits(), (6) and (8) ghs_window_grow(), (7)
 * ghs_window_accept(). Arcs are indices into the rank's arcs (ghs.h).
 */

/* (4) A new Find (or Found): nothing tested, a window of 1. */
static inline void ghs_window_start(ghs_window *w)
{
    w->size = 1;
    w->ahead = 0;
    w->accepted = 0;
}

/* (6), (7) Whether the vertex with this window and cursor waits for the answer to its Test on
 * arc j (GHS: test-edge = j): a Basic arc from the cursor to the frontier, less an Accepted
 * one. Answers to Tests heavier than an Accepted arc, or of an earlier Find, are not waited
 * for. */
static inline int ghs_window_waits(const ghs_window *w, uint32_t cursor, uint32_t j)
{
    uint32_t d = j - cursor; /* huge when j is below the cursor */
    return d < w->ahead && !(w->accepted && d + 1 == w->ahead);
}

/* (6), (8) One more edge rejected by a running search: the window grows by one, up to k (at
 * k = 1, nothing). */
static inline void ghs_window_grow(ghs_window *w, uint8_t k)
{
    if (w->size < k)
        w->size++;
}

/* (7) An Accept that the vertex waits for (ghs_window_waits) on arc j: the frontier comes back
 * to just past j. Returns 1 when j is the cursor's arc (the search ends with j), 0 when Tests
 * on lighter arcs still wait (procedure test walks on; the search ends at j at the latest). */
static inline int ghs_window_accept(ghs_window *w, uint32_t cursor, uint32_t j)
{
    w->accepted = 1;
    w->ahead = (uint8_t)(j - cursor + 1);
    return j == cursor;
}

/*
 * (5) The window's part of procedure test, after test() moved v's cursor from arc `from` past
 * the Branch and Rejected arcs to v's lightest Basic arc (before v->end). Unless an arc was
 * Accepted in this Find, Tests go out on the Basic arcs from the frontier up to v's window size
 * from the cursor (the cursor's arc first when nothing is in flight: all a window of 1 sends),
 * through the machine's message layer. Returns 1 when the cursor's arc is the Accepted one: the
 * search ends with it. Cursor and frontier only move forward: O(1) amortized per call.
 */
static int ghs_window_test(ghs_machine *s, ghs_vertex *v, uint32_t from)
{
    ghs_window *w = &v->win;
    uint32_t k = v->cursor, front = from + w->ahead;
    if (w->accepted) { /* the Accepted arc, the frontier's last, is never passed */
        w->ahead = (uint8_t)(front - k);
        return w->ahead == 1;
    }
    if (front <= k) { /* nothing in flight: the cursor's arc first */
        ghs_send(s, k, GHS_TEST, v->level, 0, 0, v->fn);
        front = k + 1;
    }
    uint32_t limit = v->end - k > w->size ? k + w->size : v->end;
    for (; front < limit; front++)
        if (s->arc[front].se == GHS_BASIC)
            ghs_send(s, front, GHS_TEST, v->level, 0, 0, v->fn);
    w->ahead = (uint8_t)(front - k);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* 3. The state machine                                                                        */

#define INF_KEY UINT32_MAX /* best-wt = infinity: (INF_KEY, INF_EID), above every edge */
#define INF_EID UINT64_MAX

_Static_assert(sizeof(ghs_msg) == MSG_BYTES, "a GHS message is one record of the layer");
_Static_assert(sizeof(ghs_vertex) == 64, "a vertex header fills a cache line");
_Static_assert(sizeof(ghs_arc) == 16, "four arcs to a cache line");

const char *const ghs_msg_names[GHS_MSG_TYPES] = {"connect", "initiate", "test", "accept",
                                                  "reject", "report", "changeroot"};

/* flags of a vertex */
enum {
    F_STATE = 1,      /* LN, SN or in-branch changed since the deferred list was examined */
    F_EDGE = 2,       /* an edge state changed since then */
    F_HAS_REPORT = 4, /* a Report waits in the deferred list */
    F_HAS_CONNECT = 8 /* a Connect waits in the deferred list */
};

static inline int w_less(uint32_t k1, uint64_t e1, uint32_t k2, uint64_t e2)
{
    return k1 < k2 || (k1 == k2 && e1 < e2);
}

static inline void set_se(ghs_machine *s, ghs_vertex *v, uint32_t j, int state)
{
    s->arc[j].se = (uint8_t)state;
    v->flags |= F_EDGE;
    if (state == GHS_BRANCH && j >= v->branch_end)
        v->branch_end = j + 1;
}

/* Doubles the deferred pool. Its entries are visited at random, so it goes in huge pages where
 * the system allows (mst_big_alloc; realloc() would not ask for them): with 4 KiB pages a
 * large pool costs a TLB miss per visit (docs/mst-mpi.md). */
static int grow_pool(ghs_machine *s)
{
    uint32_t cap = s->pool_cap ? 2 * s->pool_cap : 1024;
    ghs_deferred *pool = NULL;
    if (s->pool_cap >= UINT32_MAX / 2 || (pool = mst_big_alloc(cap, sizeof *pool)) == NULL ||
        mst_realloc((void **)&s->spare, cap, sizeof *s->spare) != MST_OK) {
        free(pool);
        msg_fail(s->net, mst_fail(MST_ERESOURCE, "out of memory for %" PRIu32 " deferred GHS "
                                  "messages", cap));
        return 0;
    }
    if (s->pool_len > 0)
        memcpy(pool, s->pool, (size_t)s->pool_len * sizeof *pool);
    free(s->pool);
    s->pool = pool;
    s->pool_cap = cap;
    return 1;
}

/* Appends m to its vertex's deferred list. */
static void defer(ghs_machine *s, ghs_vertex *v, const ghs_msg *m)
{
    uint32_t k;
    if (s->nspare > 0) {
        k = s->spare[--s->nspare];
    } else {
        if (s->pool_len == s->pool_cap && !grow_pool(s))
            return;
        k = s->pool_len++;
    }
    s->pool[k].m = *m;
    s->pool[k].next = GHS_NONE;
    if (v->dq_head == GHS_NONE)
        v->dq_head = k;
    else
        s->pool[v->dq_tail].next = k;
    v->dq_tail = k;
    s->deferred++;
    if (m->type == GHS_REPORT)
        v->flags |= F_HAS_REPORT;
    else if (m->level < v->dq_level)
        v->dq_level = m->level;
    if (m->type == GHS_CONNECT)
        v->flags |= F_HAS_CONNECT;
}

/* (2) procedure wakeup. Rows are sorted, so the minimum-weight adjacent edge is the row's first. */
static void wakeup(ghs_machine *s, ghs_vertex *v)
{
    v->level = 0;
    v->sn = GHS_FOUND;
    v->find_count = 0;
    v->flags |= F_STATE;
    if (v->begin == v->end) { /* isolated: a component of its own, halts at once */
        s->isolated++;
        return;
    }
    uint32_t j = v->begin;
    set_se(s, v, j, GHS_BRANCH);
    s->arc[j].level = 0;
    ghs_send(s, j, GHS_CONNECT, 0, 0, 0, 0);
}

/* (9) procedure report */
static void report(ghs_machine *s, ghs_vertex *v)
{
    if (v->find_count == 0 && !v->testing) {
        v->sn = GHS_FOUND;
        v->flags |= F_STATE;
        ghs_send(s, v->in_branch, GHS_REPORT, 0, 0, v->best_key, v->best_eid);
    }
}

/* The end of v's search, test-edge := nil: arc j was Accepted (GHS_NONE: no Basic arc is left).
 * The rest of response (7) (best-edge, best-wt) and of procedure test (5): report. */
static inline void searched(ghs_machine *s, ghs_vertex *v, uint32_t j)
{
    v->testing = 0;
    uint32_t key = j != GHS_NONE ? s->arc[j].key : INF_KEY;
    if (j != GHS_NONE && key <= v->best_key) { /* the edge id only then */
        uint64_t e = s->eid[j];
        if (key < v->best_key || e < v->best_eid) {
            v->best_edge = j;
            v->best_key = key;
            v->best_eid = e;
        }
    }
    report(s, v);
}

/* (5) procedure test. The cursor passes the Branch and Rejected arcs to the minimum-weight Basic
 * arc, test-edge, and a Test(LN, FN) goes out on it; with none left, test-edge := nil and v
 * reports. The cursor only moves forward: O(1) amortized per call. A test window tests arcs
 * ahead of the cursor too, and may have had the cursor's arc Accepted already. */
static inline void test(ghs_machine *s, ghs_vertex *v)
{
    uint32_t from = v->cursor, j = from, end = v->end;
    while (j < end && s->arc[j].se != GHS_BASIC)
        j++;
    v->cursor = j;
    if (j == end)
        searched(s, v, GHS_NONE);
    else if (s->window_max == 1)
        ghs_send(s, j, GHS_TEST, v->level, 0, 0, v->fn);
    else if (ghs_window_test(s, v, from))
        searched(s, v, j);
}

/* Whether v waits for the answer to its Test on arc j: test-edge = j (with a window, one of the
 * arcs it holds). The arcs themselves are not written: a test costs no dirty line of them. */
static inline int is_test_edge(const ghs_machine *s, const ghs_vertex *v, uint32_t j)
{
    if (s->window_max > 1)
        return ghs_window_waits(&v->win, v->cursor, j);
    return v->testing && j == v->cursor;
}

/* (11) procedure change-root */
static void change_root(ghs_machine *s, ghs_vertex *v)
{
    uint32_t j = v->best_edge;
    if (s->arc[j].se == GHS_BRANCH) {
        ghs_send(s, j, GHS_CHANGEROOT, 0, 0, 0, 0);
    } else {
        ghs_send(s, j, GHS_CONNECT, v->level, 0, 0, 0);
        set_se(s, v, j, GHS_BRANCH);
        s->arc[j].level = v->level;
    }
}

/* (3) Response to Connect(L) on arc j: absorb a lower fragment, wait, or merge at LN + 1
 * (the fragment's new name is the core edge's id). */
static inline __attribute__((always_inline)) void on_connect(ghs_machine *s, ghs_vertex *v,
                                                             uint32_t j, const ghs_msg *m)
{
    if (m->level < v->level) {
        set_se(s, v, j, GHS_BRANCH);
        s->arc[j].level = m->level;
        ghs_send(s, j, GHS_INITIATE, v->level, v->sn, 0, v->fn);
        if (v->sn == GHS_FIND)
            v->find_count++;
    } else if (s->arc[j].se == GHS_BASIC) {
        defer(s, v, m);
    } else {
        ghs_send(s, j, GHS_INITIATE, v->level + 1, GHS_FIND, 0, s->eid[j]);
    }
}

/* (4) Response to Initiate(L, F, S) on arc j: v takes the fragment's level, name and state and
 * passes them on along its other Branch arcs. Returns 1 when v must execute procedure test (a
 * Find). */
static inline __attribute__((always_inline)) int on_initiate(ghs_machine *s, ghs_vertex *v,
                                                             uint32_t j, const ghs_msg *m)
{
    v->level = m->level;
    v->fn = m->eid;
    v->sn = m->sn;
    v->in_branch = j;
    v->best_edge = GHS_NONE;
    v->best_key = INF_KEY;
    v->best_eid = INF_EID;
    v->testing = m->sn == GHS_FIND; /* test-edge is set by procedure test, below */
    ghs_window_start(&v->win);
    v->flags |= F_STATE;
    if (m->level > s->max_level)
        s->max_level = m->level;
    for (uint32_t i = v->begin; i < v->branch_end; i++)
        if (i != j && s->arc[i].se == GHS_BRANCH) {
            ghs_send(s, i, GHS_INITIATE, m->level, m->sn, 0, m->eid);
            if (m->sn == GHS_FIND)
                v->find_count++;
        }
    return m->sn == GHS_FIND;
}

/* (6) Response to Test(L, F) on arc j. Answers carry the Test's level (a test window matches
 * them by it). Returns 1 when v must execute procedure test. */
static inline __attribute__((always_inline)) int on_test(ghs_machine *s, ghs_vertex *v,
                                                         uint32_t j, const ghs_msg *m)
{
    if (m->level > v->level) {
        defer(s, v, m);
        return 0;
    }
    if (m->eid != v->fn) {
        ghs_send(s, j, GHS_ACCEPT, m->level, 0, 0, 0);
        return 0;
    }
    /* test-edge = j: v's own Test on j crossed this one, and each answers the other */
    int basic = s->arc[j].se == GHS_BASIC, crossed = basic && is_test_edge(s, v, j);
    if (basic)
        set_se(s, v, j, GHS_REJECTED);
    if (!crossed) {
        ghs_send(s, j, GHS_REJECT, m->level, 0, 0, 0);
        return 0;
    }
    ghs_window_grow(&v->win, s->window_max);
    return 1;
}

/* (7) Response to Accept on arc j: test-edge := nil, best-edge and best-wt, report (searched()).
 * Returns 1 when v must execute procedure test: with a window, Tests on arcs lighter than j
 * still wait. */
static inline __attribute__((always_inline)) int on_accept(ghs_machine *s, ghs_vertex *v,
                                                           uint32_t j, const ghs_msg *m)
{
    if (m->level != v->level || s->arc[j].se != GHS_BASIC || !is_test_edge(s, v, j))
        return 0; /* a window's answer no longer waited for (never with K = 1): dropped */
    if (s->window_max > 1 && !ghs_window_accept(&v->win, v->cursor, j))
        return 1;
    searched(s, v, j);
    return 0;
}

/* (8) Response to Reject on arc j. Returns 1 when v must execute procedure test: always with
 * K = 1 (a Reject answers test-edge); a window's late answers come after its search ended. */
static inline __attribute__((always_inline)) int on_reject(ghs_machine *s, ghs_vertex *v,
                                                           uint32_t j)
{
    /* Not Basic: j became Branch while tested (a Connect from below), or was Rejected. */
    if (s->arc[j].se == GHS_BASIC) {
        set_se(s, v, j, GHS_REJECTED);
        if (v->testing)
            ghs_window_grow(&v->win, s->window_max);
    }
    return v->testing;
}

/* (10) Response to Report(w) on arc j. */
static inline __attribute__((always_inline)) void on_report(ghs_machine *s, ghs_vertex *v,
                                                            uint32_t j, const ghs_msg *m)
{
    if (j != v->in_branch) {
        v->find_count--;
        if (w_less(m->key, m->eid, v->best_key, v->best_eid)) {
            v->best_key = m->key;
            v->best_eid = m->eid;
            v->best_edge = j;
        }
        report(s, v);
    } else if (v->sn == GHS_FIND) {
        defer(s, v, m);
    } else if (w_less(v->best_key, v->best_eid, m->key, m->eid)) {
        change_root(s, v);
    } else if (m->key == INF_KEY && m->eid == INF_EID) {
        s->core_halts++; /* w = best-wt = infinity: a core of a finished component halts */
    }
}

/* Handles one message at its vertex; a message that must wait goes to the deferred list.
 * Inlined into the handler's loop; rescan() calls the out-of-line copy dispatch(). */
static inline __attribute__((always_inline)) void dispatch_inline(ghs_machine *s,
                                                                  const ghs_msg *m)
{
    uint32_t j = m->arc;
    ghs_vertex *v = &s->vtx[m->to];
    int search = 0; /* procedure test to run: one call site keeps the inlined loop small */
    if (v->sn == GHS_SLEEPING) /* every response: "if SN = Sleeping then execute wakeup" */
        wakeup(s, v);
    switch (m->type) {
    case GHS_CONNECT: on_connect(s, v, j, m); break;
    case GHS_INITIATE: search = on_initiate(s, v, j, m); break;
    case GHS_TEST: search = on_test(s, v, j, m); break;
    case GHS_ACCEPT: search = on_accept(s, v, j, m); break;
    case GHS_REJECT: search = on_reject(s, v, j); break;
    case GHS_REPORT: on_report(s, v, j, m); break;
    case GHS_CHANGEROOT: change_root(s, v); break; /* (12) Response to Change-root */
    }
    if (search)
        test(s, v);
}

static __attribute__((noinline)) void dispatch(ghs_machine *s, const ghs_msg *m)
{
    dispatch_inline(s, m);
}

/* Whether a deferred message would now be handled rather than deferred again (the waiting
 * conditions of responses (3), (6) and (10)). */
static inline int ready(const ghs_machine *s, const ghs_vertex *v, const ghs_msg *m)
{
    switch (m->type) {
    case GHS_CONNECT: return m->level < v->level || s->arc[m->arc].se != GHS_BASIC;
    case GHS_TEST: return m->level <= v->level;
    case GHS_REPORT: return m->arc != v->in_branch || v->sn != GHS_FIND;
    }
    return 1;
}

/* Whether a change of v's state may have made a deferred message ready: a waiting Test or
 * Connect at or below LN, a Connect after an edge state change, a Report after LN, SN or
 * in-branch changed. A cheap filter: rescan() checks each message exactly. */
static inline int worth_rescanning(const ghs_vertex *v)
{
    return v->dq_level <= v->level || ((v->flags & F_HAS_CONNECT) && (v->flags & F_EDGE)) ||
           ((v->flags & F_HAS_REPORT) && (v->flags & F_STATE));
}

/*
 * Re-examines the deferred messages of vertex x after its state changed, in
 * arrival order; handling one may change the state again, so passes repeat while they do. A
 * handled message never defers anything, so the list only loses entries during a pass; the
 * pass recomputes the filter's summary (dq_level, F_HAS_*) of those that stay.
 */
static __attribute__((noinline)) void rescan(ghs_machine *s, uint32_t x)
{
    ghs_vertex *v = &s->vtx[x];
    while ((v->flags & (F_STATE | F_EDGE)) && worth_rescanning(v)) {
        v->flags &= (uint8_t) ~(F_STATE | F_EDGE | F_HAS_REPORT | F_HAS_CONNECT);
        uint8_t level = 255, has = 0;
        uint32_t prev = GHS_NONE, k = v->dq_head;
        while (k != GHS_NONE) {
            const ghs_msg *w = &s->pool[k].m;
            uint32_t next = s->pool[k].next;
            if (!ready(s, v, w)) {
                if (w->type == GHS_REPORT)
                    has |= F_HAS_REPORT;
                else if (w->level < level)
                    level = w->level;
                if (w->type == GHS_CONNECT)
                    has |= F_HAS_CONNECT;
                prev = k;
                k = next;
                continue;
            }
            ghs_msg m = *w;
            if (prev == GHS_NONE)
                v->dq_head = next;
            else
                s->pool[prev].next = next;
            if (v->dq_tail == k)
                v->dq_tail = prev;
            s->spare[s->nspare++] = k;
            s->deferred--;
            dispatch(s, &m);
            k = next;
        }
        /* Entries examined before a later dispatch changed the state are summarized with the
         * state of their visit; the flags that dispatch set bring another pass. */
        v->dq_level = level;
        v->flags |= has;
    }
}

static inline __attribute__((always_inline)) void deliver(ghs_machine *s, const ghs_msg *m)
{
    dispatch_inline(s, m);
    ghs_vertex *v = &s->vtx[m->to];
    if (v->flags & (F_STATE | F_EDGE)) {
        if (v->dq_head != GHS_NONE)
            rescan(s, m->to);
        v->flags &= (uint8_t) ~(F_STATE | F_EDGE);
    }
}

/* Handles k messages in order, each where it stands. */
static void ghs_machine_handle(void *arg, const void *recs, uint32_t k)
{
    ghs_machine *s = arg;
    const ghs_msg *b = recs;
    for (uint32_t i = 0; i < k; i++)
        deliver(s, &b[i]);
}

/* ------------------------------------------------------------------------------------------ */
/* 4. The run                                                                                  */

/* The forest: Branch edges, each taken at the end with the smaller (rank, arc index). With
 * --trace, rank 0 also records them level by level: a line per level L holds the edges that
 * fragments of level L chose (their Connect(L)), whether they merged or were absorbed. */
static mst_status collect(const dist_ctx *c, const ghs_machine *s, const ghs_graph *gg,
                          mst_forest *out, uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    uint64_t k = 0, upper = 0, *eid = NULL, *ids = NULL;
    uint32_t *key = NULL;
    uint8_t *level = NULL, *levels = NULL;
    int trace = mst_tracing(ph);
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t x = 0; x < gg->n; x++) {
            const ghs_vertex *v = &s->vtx[x];
            for (uint32_t j = v->begin; j < v->branch_end; j++) {
                const ghs_arc *a = &gg->arc[j];
                if (a->se != GHS_BRANCH)
                    continue;
                if ((int)a->rank > c->rank || ((int)a->rank == c->rank && a->twin > j)) {
                    if (pass == 1) {
                        eid[k] = gg->eid[j], key[k] = a->key;
                        if (trace)
                            level[k] = a->level;
                    }
                    k++;
                } else if (pass == 0) {
                    upper++;
                }
            }
        }
        if (pass == 0) {
            MST_ALLOC(eid, k);
            MST_ALLOC(key, k);
            if (trace)
                MST_ALLOC(level, k);
            k = 0;
        }
    }
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        /* Both ends of every Branch edge must say Branch. */
        uint64_t mine[2] = {k, upper}, all[2] = {0, 0};
        MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, c->comm);
        if (all[0] != all[1])
            st = mst_fail(MST_EINTERNAL, "internal error: GHS ended with %" PRIu64 " Branch "
                          "arcs on one side of their edge and %" PRIu64 " on the other", all[0],
                          all[1]);
    }
    uint64_t total = 0;
    if (st == MST_OK)
        st = dist_gather_records(c, eid, k, sizeof *eid, out->eid, out->capacity, &total);
    if (st == MST_OK)
        st = dist_gather_records(c, key, k, sizeof *key, fkey, out->capacity, &total);
    if (st == MST_OK && c->rank == 0)
        out->count = total;
    if (trace && st == MST_OK) { /* the levels, then the ids grouped by level on rank 0 */
        if (c->rank == 0 && ((levels = malloc(total + 1)) == NULL ||
                             (ids = malloc((total + 1) * sizeof *ids)) == NULL))
            st = MST_ERESOURCE;
        if ((st = dist_agree(c, st)) == MST_OK)
            st = dist_gather_records(c, level, k, 1, levels, out->capacity, &total);
        if (c->rank == 0)
            ph->trace->unit = "level";
        for (int l = 0; st == MST_OK && c->rank == 0 && l < 256; l++) {
            uint64_t len = 0;
            for (uint64_t i = 0; i < total; i++)
                if (levels[i] == l)
                    ids[len++] = out->eid[i];
            mst_trace_round(ph, ids, len);
        }
    }
    free(eid);
    free(key);
    free(level);
    free(levels);
    free(ids);
    return st;
}

/* Message counts and traffic summed over ranks, on rank 0. */
static void count_stats(const dist_ctx *c, const ghs_machine *s, const msg_counts *d,
                        uint64_t n, uint64_t m, mst_phases *ph)
{
    uint64_t mine[GHS_MSG_TYPES + 5], sum[GHS_MSG_TYPES + 5];
    memcpy(mine, s->sent, sizeof s->sent);
    mine[GHS_MSG_TYPES] = d->sent * MSG_BYTES;
    mine[GHS_MSG_TYPES + 1] = d->batches;
    mine[GHS_MSG_TYPES + 2] = s->isolated;
    mine[GHS_MSG_TYPES + 3] = s->core_halts;
    mine[GHS_MSG_TYPES + 4] = d->ring_batches;
    MPI_Reduce(mine, sum, GHS_MSG_TYPES + 5, MPI_UINT64_T, MPI_SUM, 0, c->comm);
    unsigned char level = s->max_level, max_level = 0;
    MPI_Reduce(&level, &max_level, 1, MPI_UNSIGNED_CHAR, MPI_MAX, 0, c->comm);
    if (c->rank != 0)
        return;
    uint64_t total = 0;
    for (int t = 0; t < GHS_MSG_TYPES; t++) {
        mst_phase_count(ph, ghs_msg_names[t], sum[t]);
        total += sum[t];
    }
    mst_phase_count(ph, "messages", total);
    /* GHS's bound, and the test window's Tests beyond GHS's and their answers (ghs.h) */
    double nlogn = n > 1 ? (double)n * log2((double)n) : 0.0;
    double bound = 5.0 * nlogn + 2.0 * (double)m +
                   2.0 * fmin((double)(s->window_max - 1) * nlogn, 2.0 * (double)m);
    mst_phase_count(ph, "ghs_bound", (uint64_t)ceil(bound));
    mst_phase_count(ph, "test_window", s->window_max);
    mst_phase_count(ph, "bytes_between_ranks", sum[GHS_MSG_TYPES]);
    mst_phase_count(ph, "batches", sum[GHS_MSG_TYPES + 1]);
    mst_phase_count(ph, "ring_batches", sum[GHS_MSG_TYPES + 4]);
    mst_phase_count(ph, "waves", d->waves);
    mst_phase_count(ph, "max_level", max_level);
    /* Every component halted on its own: two core vertices each, or one isolated vertex. */
    mst_phase_count(ph, "halted_components", sum[GHS_MSG_TYPES + 2] + sum[GHS_MSG_TYPES + 3] / 2);
}


/* The message layer and the machine, set up once (collective) and kept in g: the layer's peers
 * are the ranks this one shares edges with. */
static mst_status net_setup(const dist_ctx *c, const ghs_options *o, ghs_graph *g)
{
    mst_status st = MST_OK;
    uint8_t *peer = NULL;
    if (g->net != NULL)
        return MST_OK;
    if ((g->net = mst_calloc(1, sizeof *g->net)) == NULL ||
        (g->machine = mst_calloc(1, sizeof *g->machine)) == NULL ||
        (peer = mst_alloc((size_t)c->size, 1)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) == MST_OK) {
        for (int q = 0; q < c->size; q++)
            peer[q] = g->route_start[q + 1] > g->route_start[q];
        msg_config cfg = {o->transport, o->batch, o->ring, peer, o->shm_group};
        st = msg_init(g->net, c, &cfg);
    }
    free(peer);
    if (st == MST_OK) {
        g->machine->net = g->net;
        g->machine->handler = msg_handler_add(g->net, ghs_machine_handle, g->machine);
    } else {
        free(g->net);
        free(g->machine);
        g->net = NULL;
        g->machine = NULL;
    }
    return st;
}

mst_status ghs_solve(const dist_ctx *c, const dist_share *sh, const ghs_options *o,
                     uint64_t n_global, uint64_t m_global, ghs_graph *g, mst_forest *out,
                     uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    double t0 = mst_now_s();
    MST_CHECK(ghs_graph_build(c, sh, g)); /* agreed */
    MST_CHECK(net_setup(c, o, g));        /* agreed */
    ghs_machine *s = g->machine;
    s->vtx = g->vtx;
    s->arc = g->arc;
    s->eid = g->eid;
    s->window_max = (uint8_t)o->test_window;
    memset(s->sent, 0, sizeof s->sent);
    s->deferred = s->isolated = s->core_halts = 0;
    s->max_level = 0;
    s->pool_len = s->nspare = 0; /* the deferred pool is kept from run to run */
    for (uint32_t x = 0; x < g->n; x++) { /* every vertex Sleeping, with its row */
        ghs_vertex *v = &s->vtx[x];
        memset(v, 0, sizeof *v);
        v->fn = INF_EID;
        v->best_edge = v->in_branch = GHS_NONE;
        v->best_key = INF_KEY;
        v->best_eid = INF_EID;
        v->begin = v->cursor = v->branch_end = g->off[x];
        v->end = g->off[x + 1];
        v->dq_head = v->dq_tail = GHS_NONE;
        v->dq_level = 255;
        v->sn = GHS_SLEEPING;
    }
    msg_counts a = g->net->n;
    double t1 = mst_now_s();
    for (uint32_t x = 0; x < g->n; x++) /* (1) spontaneous awakening: every vertex at once */
        wakeup(s, &s->vtx[x]);
    MST_CHECK(msg_quiesce(g->net)); /* agreed */
    double t2 = mst_now_s();
    uint64_t left = 0;
    MPI_Allreduce(&s->deferred, &left, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    if (left > 0)
        MST_FAIL(MST_EINTERNAL, "internal error: GHS went quiet with %" PRIu64 " deferred "
                 "messages", left);
    MST_CHECK(collect(c, s, g, out, fkey, ph));
    const msg_counts *b = &g->net->n; /* the counts of this run */
    msg_counts d = {b->sent - a.sent, b->received - a.received, b->batches - a.batches,
                    b->ring_batches - a.ring_batches, b->waves - a.waves};
    count_stats(c, s, &d, n_global, m_global, ph);
    double t3 = mst_now_s();
    mst_phase_add(ph, "build", t1 - t0);
    mst_phase_add(ph, "ghs", t2 - t1);
    mst_phase_add(ph, "gather", t3 - t2);
fail:
    return st;
}
