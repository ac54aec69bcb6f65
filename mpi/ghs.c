/*
 * ghs.c: the GHS state machine of every vertex of a rank, its main loop, and the gathering of
 * the answer (ghs.h). The procedures and responses below are numbered as in the appendix of
 * Gallager, Humblet and Spira (1983): (1) wakeup, (2) Connect, (3) Initiate, (4) test, (5) Test,
 * (6) Accept, (7) Reject, (8) report, (9) Report, (10) change-root, (11) ChangeRoot.
 * "Place received message on end of queue" becomes the vertex's deferred list (see rescan()).
 * Vertices and arcs are unit indices of the adjacency (ghs.h): a vertex's header holds its
 * variables, its row follows.
 */
#include "ghs.h"

#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "ghs_net.h"
#include "timer.h"

#define NONE UINT32_MAX
#define INF_KEY UINT32_MAX /* best-wt = infinity: (INF_KEY, INF_EID), above every edge */
#define INF_EID UINT64_MAX
#define POLL_EVERY 1024    /* local messages handled between two looks at the network */
#define PREFETCH_AHEAD 24  /* the queue is read ahead to prefetch vertices */
#ifndef HOLD_MAX
#define HOLD_MAX 8         /* times a rank takes in batches before posting its own */
#endif

const char *const ghs_msg_names[GHS_MSG_TYPES] = {"connect", "initiate", "test", "accept",
                                                  "reject", "report", "changeroot"};

/* A vertex's search (ghs.h, the test window): running, and whether the last arc before the
 * frontier was Accepted in this Find (no heavier arc needs a Test then). */
enum { SEARCHING = 1, SEARCH_ACCEPTED = 2 };

/* flags of a vertex */
enum {
    F_STATE = 1,      /* LN, SN or in-branch changed since the deferred list was examined */
    F_EDGE = 2,       /* an edge state changed since then */
    F_HAS_REPORT = 4, /* a Report waits in the deferred list */
    F_HAS_CONNECT = 8 /* a Connect waits in the deferred list */
};

/* The GHS variables of one vertex (names of the paper in the comments): its header. */
typedef struct ghs_vertex {
    uint64_t fn;         /* FN: fragment name = the core edge's id */
    uint64_t best_eid;   /* best-wt = (best_key, best_eid) */
    uint32_t best_key;
    uint32_t best_edge;  /* best-edge (unit) */
    uint8_t window;      /* the test window (ghs.h): arcs from the cursor it may test */
    uint8_t search;      /* SEARCHING while its own search runs (GHS: test-edge not nil) */
    uint16_t ahead;      /* arcs from the cursor to the frontier, the first not tested in this
                          * Find (none Accepted) or the one after the Accepted one */
    uint32_t in_branch;  /* in-branch (unit) */
    uint32_t find_count; /* find-count */
    uint32_t end;        /* the row: units head + 8 .. end - 1, by increasing (key, eid) */
    uint32_t cursor;     /* every arc of the row below it is Branch or Rejected */
    uint32_t branch_end; /* every Branch arc of the row is below it */
    uint32_t dq_head, dq_tail; /* deferred messages, pool indices (NONE: none) */
    uint8_t sn, level;   /* SN, LN */
    uint8_t flags;
    uint8_t dq_level;    /* lowest level of a deferred Test or Connect (255: none) */
    uint32_t arc0;       /* index of the row's first arc in eid[] (ghs_graph) */
} ghs_vertex;

_Static_assert(sizeof(ghs_vertex) == GHS_HEADER_UNITS * sizeof(uint64_t),
               "a vertex header fills its 64 bytes");
_Static_assert(sizeof(ghs_arc) == GHS_ARC_UNITS * sizeof(uint64_t), "an arc is 2 units");

typedef struct ghs_deferred {
    ghs_msg m;
    uint32_t next;
} deferred;

typedef struct ghs_state {
    ghs_net net;
    uint64_t *unit;      /* the adjacency */
    const uint64_t *eid; /* edge ids of the arcs (ghs_graph) */
    int me;
    uint8_t window_max;  /* --test-window */
    deferred *pool;      /* deferred messages: pool_len used, pool_cap allocated */
    uint32_t *spare;     /* indices of free pool entries, a stack of nspare ([pool_cap]) */
    uint32_t pool_cap, pool_len, nspare;
    uint64_t deferred;   /* messages waiting in deferred lists */
    uint64_t sent[GHS_MSG_TYPES];
    uint64_t isolated, core_halts; /* vertices that halted: alone, or as a core */
    uint8_t max_level;
} ghs_state;

static inline ghs_vertex *vtx(const ghs_state *s, uint32_t h)
{
    return (ghs_vertex *)(s->unit + h);
}

static inline ghs_arc *arc_at(const ghs_state *s, uint32_t j)
{
    return (ghs_arc *)(s->unit + j);
}

static inline uint32_t row_begin(uint32_t h)
{
    return h + GHS_HEADER_UNITS;
}

/* The edge id of arc j of the vertex v with header h. */
static inline uint64_t arc_eid(const ghs_state *s, const ghs_vertex *v, uint32_t h, uint32_t j)
{
    return s->eid[v->arc0 + (j - row_begin(h)) / GHS_ARC_UNITS];
}

static inline int w_less(uint32_t k1, uint64_t e1, uint32_t k2, uint64_t e2)
{
    return k1 < k2 || (k1 == k2 && e1 < e2);
}

/* Sends a message on arc j. */
static inline void send_on(ghs_state *s, uint32_t j, int type, int level, int sn, uint32_t key,
                           uint64_t eid)
{
    const ghs_arc *a = arc_at(s, j);
    ghs_msg m;
    m.to = a->to;
    m.slot = a->twin;
    m.type = (uint8_t)type;
    m.level = (uint8_t)level;
    m.sn = (uint8_t)sn;
    m.pad = 0;
    m.key = key;
    m.eid = eid;
    s->sent[type]++;
    if (a->rank == s->me)
        ghs_net_local(&s->net, &m);
    else
        ghs_net_remote(&s->net, a->rank, &m);
}

static inline void set_se(ghs_state *s, ghs_vertex *v, uint32_t j, int state)
{
    arc_at(s, j)->se = (uint8_t)state;
    v->flags |= F_EDGE;
    if (state == GHS_BRANCH && j >= v->branch_end)
        v->branch_end = j + GHS_ARC_UNITS;
}

/* Doubles the deferred pool. Its entries are visited at random, so it goes in huge pages where
 * the system allows (mst_big_alloc; realloc() would not ask for them): at 1 rank on 1e6
 * vertices it reaches 16 MiB, and 4 KiB pages cost a TLB miss per visit. */
static int grow_pool(ghs_state *s)
{
    uint32_t cap = s->pool_cap ? 2 * s->pool_cap : 1024;
    deferred *pool = NULL;
    if (s->pool_cap >= UINT32_MAX / 2 || (pool = mst_big_alloc(cap, sizeof *pool)) == NULL ||
        mst_realloc((void **)&s->spare, cap, sizeof *s->spare) != MST_OK) {
        free(pool);
        mst_fail(MST_ERESOURCE, "rank %d: out of memory for deferred messages", s->me);
        s->net.err = 1;
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
static void defer(ghs_state *s, ghs_vertex *v, const ghs_msg *m)
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
    s->pool[k].next = NONE;
    if (v->dq_head == NONE)
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

/* (1) wakeup. Rows are sorted, so the minimum-weight adjacent edge is the row's first. */
static void wakeup(ghs_state *s, uint32_t h)
{
    ghs_vertex *v = vtx(s, h);
    v->level = 0;
    v->sn = GHS_FOUND;
    v->find_count = 0;
    v->flags |= F_STATE;
    if (row_begin(h) == v->end) { /* isolated: a component of its own, halts at once */
        s->isolated++;
        return;
    }
    uint32_t j = row_begin(h);
    set_se(s, v, j, GHS_BRANCH);
    send_on(s, j, GHS_CONNECT, 0, 0, 0, 0);
}

/* (8) report */
static void report(ghs_state *s, ghs_vertex *v)
{
    if (v->find_count == 0 && !(v->search & SEARCHING)) {
        v->sn = GHS_FOUND;
        v->flags |= F_STATE;
        send_on(s, v->in_branch, GHS_REPORT, 0, 0, v->best_key, v->best_eid);
    }
}

/* The end of v's search: its lightest Basic edge j was Accepted (NONE: none is left). The rest
 * of response (6). */
static inline void searched(ghs_state *s, ghs_vertex *v, uint32_t h, uint32_t j)
{
    v->search &= (uint8_t)~SEARCHING;
    uint32_t key = j != NONE ? arc_at(s, j)->key : INF_KEY;
    if (j != NONE && key <= v->best_key) { /* the edge id only then */
        uint64_t e = arc_eid(s, v, h, j);
        if (key < v->best_key || e < v->best_eid) {
            v->best_edge = j;
            v->best_key = key;
            v->best_eid = e;
        }
    }
    report(s, v);
}

/* The frontier of v's search (ghs.h, the test window). */
static inline uint32_t frontier(const ghs_vertex *v)
{
    return v->cursor + v->ahead * GHS_ARC_UNITS;
}

/* Whether v waits for the answer to its Test of this Find on the Basic arc j (GHS: test-edge =
 * j). Those are the Basic arcs from the cursor to the frontier, less an Accepted one. Answers
 * to Tests heavier than an Accepted arc, or of an earlier Find, are no longer waited for. The
 * arcs themselves are not written: a test costs no dirty line of the adjacency. */
static inline int in_flight(const ghs_vertex *v, uint32_t j)
{
    uint32_t d = (j - v->cursor) / GHS_ARC_UNITS; /* huge when j is below the cursor */
    return d < v->ahead && !((v->search & SEARCH_ACCEPTED) && d + 1 == v->ahead);
}

/* (4) test, with a window (ghs.h). The cursor passes the Branch and Rejected arcs; the search
 * ends when the cursor's arc was Accepted or the row is done. (An Accepted arc stays Basic
 * until then: the fragment at its other end, of level LN or more and another name, cannot join
 * v's before v's Find ends, as in GHS.) Otherwise, unless an arc was Accepted already, Tests go
 * out on the Basic arcs from the frontier up to `window` arcs from the cursor. Cursor and
 * frontier only move forward: O(1) amortized per call. */
static inline void test(ghs_state *s, ghs_vertex *v, uint32_t h)
{
    uint32_t k = v->cursor, end = v->end, front = frontier(v);
    while (k < end && arc_at(s, k)->se != GHS_BASIC)
        k += GHS_ARC_UNITS;
    v->cursor = k;
    if (k == end) {
        v->ahead = 0;
        searched(s, v, h, NONE);
        return;
    }
    if (v->search & SEARCH_ACCEPTED) { /* the Accepted arc, front's last, is never passed */
        v->ahead = (uint16_t)((front - k) / GHS_ARC_UNITS);
        if (v->ahead == 1)
            searched(s, v, h, k);
        return;
    }
    if (front <= k) { /* nothing in flight: the cursor's arc first (all a window of 1 sends) */
        send_on(s, k, GHS_TEST, v->level, 0, 0, v->fn);
        front = k + GHS_ARC_UNITS;
    }
    uint32_t limit = k + v->window * GHS_ARC_UNITS;
    for (limit = limit < end ? limit : end; front < limit; front += GHS_ARC_UNITS)
        if (arc_at(s, front)->se == GHS_BASIC)
            send_on(s, front, GHS_TEST, v->level, 0, 0, v->fn);
    v->ahead = (uint16_t)((front - k) / GHS_ARC_UNITS);
}

/* One more edge rejected by v's search: the window grows (the search goes on). */
static inline void grow_window(const ghs_state *s, ghs_vertex *v)
{
    if (v->window < s->window_max)
        v->window++;
}

/* (10) change-root */
static void change_root(ghs_state *s, ghs_vertex *v)
{
    uint32_t j = v->best_edge;
    if (arc_at(s, j)->se == GHS_BRANCH) {
        send_on(s, j, GHS_CHANGEROOT, 0, 0, 0, 0);
    } else {
        send_on(s, j, GHS_CONNECT, v->level, 0, 0, 0);
        set_se(s, v, j, GHS_BRANCH);
    }
}

/* (3) Initiate on arc j: v takes the fragment's level, name and state and passes them on along
 * its other Branch arcs. Returns 1 when v must search (a Find). */
static inline __attribute__((always_inline)) int on_initiate(ghs_state *s, ghs_vertex *v,
                                                             uint32_t h, uint32_t j,
                                                             const ghs_msg *m)
{
    v->level = m->level;
    v->fn = m->eid;
    v->sn = m->sn;
    v->in_branch = j;
    v->best_edge = NONE;
    v->best_key = INF_KEY;
    v->best_eid = INF_EID;
    v->window = 1;
    v->ahead = 0;
    v->search = m->sn == GHS_FIND ? SEARCHING : 0;
    v->flags |= F_STATE;
    if (m->level > s->max_level)
        s->max_level = m->level;
    for (uint32_t i = row_begin(h); i < v->branch_end; i += GHS_ARC_UNITS)
        if (i != j && arc_at(s, i)->se == GHS_BRANCH) {
            send_on(s, i, GHS_INITIATE, m->level, m->sn, 0, m->eid);
            if (m->sn == GHS_FIND)
                v->find_count++;
        }
    return m->sn == GHS_FIND;
}

/* (5) Test on arc j; answers carry the Test's level (ghs.h, the test window). Returns 1 when
 * v's own search goes on. */
static inline __attribute__((always_inline)) int on_test(ghs_state *s, ghs_vertex *v,
                                                         uint32_t j, const ghs_msg *m)
{
    const ghs_arc *a = arc_at(s, j);
    if (m->level > v->level) {
        defer(s, v, m);
        return 0;
    }
    if (m->eid != v->fn) {
        send_on(s, j, GHS_ACCEPT, m->level, 0, 0, 0);
        return 0;
    }
    /* test-edge = j: v's own Test of this Find on j is in flight, and this one answers it (and
     * v's answers this one at the other end) */
    int crossed = a->se == GHS_BASIC && in_flight(v, j);
    if (a->se == GHS_BASIC)
        set_se(s, v, j, GHS_REJECTED);
    if (!crossed) {
        send_on(s, j, GHS_REJECT, m->level, 0, 0, 0);
        return 0;
    }
    grow_window(s, v); /* in flight: v is searching */
    return 1;
}

/* (6) Accept on arc j, the rest in searched(). Returns 1 when v's search must walk to the
 * frontier. */
static inline __attribute__((always_inline)) int on_accept(ghs_state *s, ghs_vertex *v,
                                                           uint32_t h, uint32_t j,
                                                           const ghs_msg *m)
{
    if (m->level != v->level || arc_at(s, j)->se != GHS_BASIC || !in_flight(v, j))
        return 0; /* an answer no longer waited for: dropped */
    v->search |= SEARCH_ACCEPTED;
    if (j == v->cursor) { /* the lightest Basic arc: the usual case, no walk */
        v->ahead = 1;
        searched(s, v, h, j);
        return 0;
    }
    v->ahead = (uint16_t)((j - v->cursor) / GHS_ARC_UNITS + 1); /* the frontier's */
    return 1;
}

/* (9) Report on arc j. */
static inline __attribute__((always_inline)) void on_report(ghs_state *s, ghs_vertex *v,
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
 * Inlined into the main loop (drain()); rescan() calls the out-of-line copy dispatch(). */
static inline __attribute__((always_inline)) void dispatch_inline(ghs_state *s,
                                                                  const ghs_msg *m)
{
    uint32_t h = m->to, j = m->slot;
    ghs_vertex *v = vtx(s, h);
    ghs_arc *a = arc_at(s, j);
    int search = 0; /* procedure test to run: one call site keeps the inlined loop small */
    if (v->sn == GHS_SLEEPING)
        wakeup(s, h);
    switch (m->type) {
    case GHS_CONNECT: /* (2) */
        if (m->level < v->level) {
            set_se(s, v, j, GHS_BRANCH);
            send_on(s, j, GHS_INITIATE, v->level, v->sn, 0, v->fn);
            if (v->sn == GHS_FIND)
                v->find_count++;
        } else if (a->se == GHS_BASIC) {
            defer(s, v, m);
        } else {
            send_on(s, j, GHS_INITIATE, v->level + 1, GHS_FIND, 0, arc_eid(s, v, h, j));
        }
        break;
    case GHS_INITIATE: search = on_initiate(s, v, h, j, m); break;
    case GHS_TEST: search = on_test(s, v, j, m); break;
    case GHS_ACCEPT: search = on_accept(s, v, h, j, m); break;
    case GHS_REJECT: /* (7) */
        if (a->se == GHS_BASIC) {
            set_se(s, v, j, GHS_REJECTED);
            if (v->search & SEARCHING)
                grow_window(s, v), search = 1;
        } else { /* j became Branch while tested (a Connect from below), or was Rejected */
            search = v->search & SEARCHING;
        }
        break;
    case GHS_REPORT: on_report(s, v, j, m); break;
    case GHS_CHANGEROOT: /* (11) */
        change_root(s, v);
        break;
    }
    if (search)
        test(s, v, h);
}

static __attribute__((noinline)) void dispatch(ghs_state *s, const ghs_msg *m)
{
    dispatch_inline(s, m);
}

/* Whether a deferred message would now be handled rather than deferred again (the waiting
 * conditions of responses (2), (5) and (9)). */
static inline int ready(const ghs_state *s, const ghs_vertex *v, const ghs_msg *m)
{
    switch (m->type) {
    case GHS_CONNECT: return m->level < v->level || arc_at(s, m->slot)->se != GHS_BASIC;
    case GHS_TEST: return m->level <= v->level;
    case GHS_REPORT: return m->slot != v->in_branch || v->sn != GHS_FIND;
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
 * Re-examines the deferred messages of the vertex with header h after its state changed, in
 * arrival order; handling one may change the state again, so passes repeat while they do. A
 * handled message never defers anything, so the list only loses entries during a pass; the
 * pass recomputes the filter's summary (dq_level, F_HAS_*) of those that stay.
 */
static __attribute__((noinline)) void rescan(ghs_state *s, uint32_t h)
{
    ghs_vertex *v = vtx(s, h);
    while ((v->flags & (F_STATE | F_EDGE)) && worth_rescanning(v)) {
        v->flags &= (uint8_t) ~(F_STATE | F_EDGE | F_HAS_REPORT | F_HAS_CONNECT);
        uint8_t level = 255, has = 0;
        uint32_t prev = NONE, k = v->dq_head;
        while (k != NONE) {
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
            if (prev == NONE)
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

static inline __attribute__((always_inline)) void deliver(ghs_state *s, const ghs_msg *m)
{
    dispatch_inline(s, m);
    ghs_vertex *v = vtx(s, m->to);
    if (v->flags & (F_STATE | F_EDGE)) {
        if (v->dq_head != NONE)
            rescan(s, m->to);
        v->flags &= (uint8_t) ~(F_STATE | F_EDGE);
    }
}

/* Prefetches, first stage, for a message to be handled PREFETCH_AHEAD messages from now: its
 * vertex's header and its arc. */
static inline __attribute__((always_inline)) void prefetch_first(const ghs_state *s,
                                                                 const ghs_msg *f)
{
    __builtin_prefetch(s->unit + f->to);
    __builtin_prefetch(s->unit + f->slot);
}

/* Prefetches, second stage, for a message g half as far ahead, whose vertex has arrived by now:
 * the line after its header (the answer may go out on another arc: in-branch, the next Basic
 * one, the Branch ones), its first deferred message, and the edge id an Accept or a Connect
 * reads. */
static inline __attribute__((always_inline)) void prefetch_second(const ghs_state *s,
                                                                  const ghs_msg *g)
{
    const uint64_t *unit = s->unit;
    const ghs_vertex *gv = vtx(s, g->to);
    uint32_t k = gv->dq_head, row = row_begin(g->to);
    __builtin_prefetch(unit + (row < gv->end ? row : g->to));
    /* Selects by arithmetic: a branch on the message type would be mispredicted half the
     * time. */
    uintptr_t at = (uintptr_t)gv;
    uintptr_t e = (uintptr_t)(s->eid + gv->arc0 + (g->slot - row) / GHS_ARC_UNITS);
    uintptr_t need = ((1u << GHS_ACCEPT | 1u << GHS_CONNECT) >> (g->type & 7)) & 1;
    __builtin_prefetch((const void *)(at + ((e - at) & ((uintptr_t)0 - need))));
    if (s->pool != NULL) { /* entry 0 when none: an unused prefetch is harmless */
        uint32_t none = k == NONE;
        __builtin_prefetch(&s->pool[k & (none - 1)]);
    }
}

/* Handles every batch that has arrived, each message in order as it stands (or drops them if
 * `discard`). Returns 1 if there was one. */
static int receive_all(ghs_state *s, int discard)
{
    const ghs_msg *b;
    uint32_t k;
    int got = 0;
    while ((k = ghs_net_recv(&s->net, &b)) > 0) {
        got = 1;
        if (discard)
            continue;
        /* Batches between ranks are mostly short (tens of messages): the first stage for the
         * batch's head goes out at once, the second once it has had time to arrive. */
        for (uint32_t i = 0; i < k && i < PREFETCH_AHEAD; i++)
            prefetch_first(s, &b[i]);
        for (uint32_t i = 0; i < k; i++) {
            if (i + PREFETCH_AHEAD < k)
                prefetch_first(s, &b[i + PREFETCH_AHEAD]);
            if (i >= PREFETCH_AHEAD / 2 && i + PREFETCH_AHEAD / 2 < k)
                prefetch_second(s, &b[i + PREFETCH_AHEAD / 2]);
            deliver(s, &b[i]);
        }
    }
    return got;
}

/* Handles up to `budget` queued local messages, reading the queue ahead to prefetch. */
static void drain(ghs_state *s, uint32_t budget)
{
    ghs_ring *r = &s->net.q;
    for (; budget > 0; budget--) {
        uint64_t head = r->head, tail = r->tail, mask = r->mask;
        const ghs_msg *q = r->m;
        if (head == tail)
            break;
        if (tail - head > PREFETCH_AHEAD) {
            prefetch_first(s, &q[(head + PREFETCH_AHEAD) & mask]);
            prefetch_second(s, &q[(head + PREFETCH_AHEAD / 2) & mask]);
        }
        ghs_msg m = q[head & mask];
        r->head = head + 1;
        deliver(s, &m);
    }
}

/*
 * The main loop: local messages, with a look at the network every POLL_EVERY of them; when the
 * rank runs dry, its batches go out, and once nothing has arrived either it takes part in the
 * termination waves. After a failure anywhere (a wave reports it) messages are dropped until
 * the waves find the system quiet. Returns the deferred messages left over all ranks and sets
 * *failed when some rank failed.
 */
static uint64_t run(ghs_state *s, const ghs_graph *gg, int *failed)
{
    ghs_net *net = &s->net;
    uint64_t deferred_total = 0, err_total = 0;
    int discard = 0, held = 0;
    for (uint32_t x = 0; x < gg->n; x++) /* every vertex wakes up spontaneously */
        wakeup(s, gg->head[x]);
    for (;;) {
        drain(s, POLL_EVERY);
        if (net->err || err_total > 0)
            discard = 1;
        if (discard)
            ghs_net_drop(net);
        if (!ghs_net_idle(net)) {
            receive_all(s, discard);
            continue;
        }
        /* Out of local work: answer what has arrived before posting the partial batches, so
         * the answers share them (vertices waiting on round trips, as Test and Reject, would
         * otherwise send a few messages per batch), but not for ever. */
        if (held < HOLD_MAX && receive_all(s, discard)) {
            held++;
            continue;
        }
        uint64_t left = ghs_net_flush(net);
        held = 0;
        if (receive_all(s, discard) || !ghs_net_idle(net))
            continue;
        if (left > 0) { /* a full ring: its receiver is busy (and may share this core) */
            sched_yield();
            continue;
        }
        ghs_net_reap(net);
        if (ghs_net_quiescent(net, s->deferred, &deferred_total, &err_total))
            break;
    }
    ghs_net_finish(net);
    *failed = err_total > 0;
    return deferred_total;
}

/* The forest: Branch edges, each taken at the end with the smaller (rank, unit). */
static mst_status collect(const dist_ctx *c, ghs_state *s, const ghs_graph *gg, mst_forest *out,
                          uint32_t *fkey)
{
    mst_status st = MST_OK;
    uint64_t k = 0, upper = 0, *eid = NULL;
    uint32_t *key = NULL;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t x = 0; x < gg->n; x++) {
            uint32_t h = gg->head[x];
            const ghs_vertex *v = vtx(s, h);
            for (uint32_t j = row_begin(h); j < v->branch_end; j += GHS_ARC_UNITS) {
                const ghs_arc *a = arc_at(s, j);
                if (a->se != GHS_BRANCH)
                    continue;
                if ((int)a->rank > s->me || ((int)a->rank == s->me && a->twin > j)) {
                    if (pass == 1)
                        eid[k] = arc_eid(s, v, h, j), key[k] = a->key;
                    k++;
                } else if (pass == 0) {
                    upper++;
                }
            }
        }
        if (pass == 0) {
            MST_ALLOC(eid, k);
            MST_ALLOC(key, k);
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
    free(eid);
    free(key);
    return st;
}

/* Message counts and traffic summed over ranks, on rank 0. */
static void count_stats(const dist_ctx *c, ghs_state *s, uint64_t n, uint64_t m, mst_phases *ph)
{
    uint64_t mine[GHS_MSG_TYPES + 5], sum[GHS_MSG_TYPES + 5];
    memcpy(mine, s->sent, sizeof s->sent);
    mine[GHS_MSG_TYPES] = s->net.bytes_sent;
    mine[GHS_MSG_TYPES + 1] = s->net.sent;
    mine[GHS_MSG_TYPES + 2] = s->isolated;
    mine[GHS_MSG_TYPES + 3] = s->core_halts;
    mine[GHS_MSG_TYPES + 4] = s->net.ring_sent;
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
    mst_phase_count(ph, "waves", s->net.waves);
    mst_phase_count(ph, "max_level", max_level);
    /* Every component halted on its own: two core vertices each, or one isolated vertex. */
    mst_phase_count(ph, "halted_components", sum[GHS_MSG_TYPES + 2] + sum[GHS_MSG_TYPES + 3] / 2);
}

/* Messages per ring between two ranks of a node: o->ring rounded up to a power of two, or by
 * default at least two batches and about 8 MiB of rings per rank in all (16384 messages,
 * 384 KiB, each at 16 ranks). */
static uint64_t shm_ring_messages(const dist_ctx *c, const ghs_options *o)
{
    uint64_t cap = 1, budget = ((uint64_t)8 << 20) / sizeof(ghs_msg) / (uint64_t)c->size;
    if (o->ring > 0) {
        while (cap < o->ring)
            cap *= 2;
        return cap;
    }
    while (cap < 2 * (uint64_t)o->batch || 2 * cap <= budget)
        cap *= 2;
    return cap;
}

mst_status ghs_solve(const dist_ctx *c, const dist_share *sh, const ghs_options *o,
                     uint64_t n_global, uint64_t m_global, ghs_graph *g, mst_forest *out,
                     uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    ghs_graph gg;
    ghs_state s;
    memset(&s, 0, sizeof s);
    s.pool = g->pool, s.spare = g->pool_free, s.pool_cap = g->cap_pool; /* kept: no faults */
    double t0 = mst_now_s();
    MST_CHECK(ghs_graph_build(c, sh, g)); /* agreed */
    gg = *g;
    s.unit = gg.mem;
    s.eid = gg.eid;
    s.me = c->rank;
    s.window_max = (uint8_t)o->test_window;
    /* The rings between ranks of a node are set up once and kept for later calls. */
    if (o->transport == GHS_TRANSPORT_SHM && c->size > 1 && g->shm == NULL) {
        st = dist_agree(c, (g->shm = mst_alloc(1, sizeof *g->shm)) ? MST_OK : MST_ERESOURCE);
        if (st == MST_OK)
            st = ghs_shm_init(g->shm, c, shm_ring_messages(c, o));
        if (st != MST_OK) {
            free(g->shm);
            g->shm = NULL;
        }
        if (st != MST_OK)
            goto fail;
    }
    /* The wakeups queue one Connect per vertex at once. The agreement also keeps every rank
     * from sending before all have emptied their rings. */
    st = dist_agree(c, ghs_net_init(&s.net, c, o->batch, (uint64_t)gg.n + 1, gg.route_start,
                                    o->transport == GHS_TRANSPORT_SHM ? g->shm : NULL, &g->queue,
                                    &g->cap_queue));
    if (st != MST_OK)
        goto fail;
    for (uint32_t x = 0, arc0 = 0; x < gg.n; arc0 += gg.deg[x], x++) {
        uint32_t h = gg.head[x];
        ghs_vertex *v = vtx(&s, h);
        memset(v, 0, sizeof *v);
        v->arc0 = arc0;
        v->fn = INF_EID;
        v->best_edge = v->in_branch = NONE;
        v->best_key = INF_KEY;
        v->best_eid = INF_EID;
        v->cursor = v->branch_end = row_begin(h);
        v->end = row_begin(h) + gg.deg[x] * GHS_ARC_UNITS;
        v->dq_head = v->dq_tail = NONE;
        v->dq_level = 255;
        v->sn = GHS_SLEEPING;
    }
    double t1 = mst_now_s();
    int failed = 0;
    uint64_t left = run(&s, &gg, &failed);
    double t2 = mst_now_s();
    if (failed) /* the failing rank holds the message: the others agree with OK */
        st = s.net.err ? MST_ERESOURCE : MST_OK;
    else if (left > 0)
        st = mst_fail(MST_EINTERNAL, "internal error: GHS went quiet with %" PRIu64 " deferred "
                      "messages", left);
    /* The waves count a failure only where some rank's net.err is set, so a failed run that no
     * rank owns is a broken invariant. */
    if ((st = dist_agree(c, st)) == MST_OK && failed)
        st = dist_agree(c, mst_fail(MST_EINTERNAL, "internal error: GHS failed on some rank, "
                                    "yet none reports why"));
    if (st != MST_OK)
        goto fail;
    MST_CHECK(collect(c, &s, &gg, out, fkey));
    count_stats(c, &s, n_global, m_global, ph);
    double t3 = mst_now_s();
    mst_phase_add(ph, "build", t1 - t0);
    mst_phase_add(ph, "ghs", t2 - t1);
    mst_phase_add(ph, "gather", t3 - t2);
fail:
    ghs_net_free(&s.net, &g->queue, &g->cap_queue);
    g->pool = s.pool, g->pool_free = s.spare, g->cap_pool = s.pool_cap;
    return st;
}
