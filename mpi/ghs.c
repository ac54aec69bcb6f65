/*
 * ghs.c: the GHS state machine of every vertex of a rank (ghs_machine.h, ghs.h). Procedures
 * and responses are numbered as in the appendix of Gallager, Humblet and Spira (1983):
 * (1) response to spontaneous awakening, (2) procedure wakeup, (3) Connect(L), (4) Initiate(L,
 * F, S), (5) procedure test, (6) Test(L, F), (7) Accept, (8) Reject, (9) procedure report,
 * (10) Report(w), (11) procedure change-root, (12) Change-root. "Place received message on end
 * of queue" becomes the vertex's deferred list (rescan()). The test window (ghs.h) changes only
 * (5) and the bookkeeping of (6)-(8): with K = 1 it is the paper's procedure. Vertices and arcs
 * are plain indices of the adjacency (ghs.h): vertex x's header holds its variables, its row is
 * arcs begin .. end - 1. Messages leave through the message layer (msg.h) to the rank an arc
 * names.
 */
#include "ghs_machine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define INF_KEY UINT32_MAX /* best-wt = infinity: (INF_KEY, INF_EID), above every edge */
#define INF_EID UINT64_MAX
#define PREFETCH_AHEAD 24  /* messages read ahead to prefetch their vertices */

_Static_assert(sizeof(ghs_msg) == MSG_BYTES, "a GHS message is one record of the layer");
_Static_assert(sizeof(ghs_vertex) == 64, "a vertex header fills a cache line");
_Static_assert(sizeof(ghs_arc) == 16, "four arcs to a cache line");

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


static inline int w_less(uint32_t k1, uint64_t e1, uint32_t k2, uint64_t e2)
{
    return k1 < k2 || (k1 == k2 && e1 < e2);
}

/* Sends a message on arc j (to the vertex and arc its twin names, at the rank it names). */
static inline void send_on(ghs_machine *s, uint32_t j, int type, int level, int sn, uint32_t key,
                           uint64_t eid)
{
    const ghs_arc *a = &s->arc[j];
    ghs_msg m = {0, (uint8_t)type, (uint8_t)level, (uint8_t)sn, a->to, a->twin, key, eid};
    s->sent[type]++;
    msg_send(s->net, a->rank, s->handler, &m);
}

static inline void set_se(ghs_machine *s, ghs_vertex *v, uint32_t j, int state)
{
    s->arc[j].se = (uint8_t)state;
    v->flags |= F_EDGE;
    if (state == GHS_BRANCH && j >= v->branch_end)
        v->branch_end = j + 1;
}

/* Doubles the deferred pool. Its entries are visited at random, so it goes in huge pages where
 * the system allows (mst_big_alloc; realloc() would not ask for them): at 1 rank on 1e6
 * vertices it reaches 16 MiB, and 4 KiB pages cost a TLB miss per visit. */
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
    send_on(s, j, GHS_CONNECT, 0, 0, 0, 0);
}

/* (9) procedure report */
static void report(ghs_machine *s, ghs_vertex *v)
{
    if (v->find_count == 0 && !(v->search & SEARCHING)) {
        v->sn = GHS_FOUND;
        v->flags |= F_STATE;
        send_on(s, v->in_branch, GHS_REPORT, 0, 0, v->best_key, v->best_eid);
    }
}

/* The end of v's search: its lightest Basic edge j was Accepted (GHS_NONE: none is left). The rest
 * of response (7). */
static inline void searched(ghs_machine *s, ghs_vertex *v, uint32_t j)
{
    v->search &= (uint8_t)~SEARCHING;
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

/* The frontier of v's search (ghs.h, the test window). */
static inline uint32_t frontier(const ghs_vertex *v)
{
    return v->cursor + v->ahead;
}

/* Whether v waits for the answer to its Test of this Find on the Basic arc j (GHS: test-edge =
 * j). Those are the Basic arcs from the cursor to the frontier, less an Accepted one. Answers
 * to Tests heavier than an Accepted arc, or of an earlier Find, are no longer waited for. The
 * arcs themselves are not written: a test costs no dirty line of the adjacency. */
static inline int in_flight(const ghs_vertex *v, uint32_t j)
{
    uint32_t d = j - v->cursor; /* huge when j is below the cursor */
    return d < v->ahead && !((v->search & SEARCH_ACCEPTED) && d + 1 == v->ahead);
}

/* (5) procedure test, with a window (ghs.h). The cursor passes the Branch and Rejected arcs; the
 * search ends when the cursor's arc was Accepted or the row is done. (An Accepted arc stays Basic
 * until then: the fragment at its other end, of level LN or more and another name, cannot join v's
 * before v's Find ends, as in GHS.) Otherwise, unless an arc was Accepted already, Tests go out on
 * the Basic arcs from the frontier up to `window` arcs from the cursor. Cursor and frontier only
 * move forward: O(1) amortized per call. */
static inline void test(ghs_machine *s, ghs_vertex *v)
{
    uint32_t k = v->cursor, end = v->end, front = frontier(v);
    while (k < end && s->arc[k].se != GHS_BASIC)
        k++;
    v->cursor = k;
    if (k == end) {
        v->ahead = 0;
        searched(s, v, GHS_NONE);
        return;
    }
    if (v->search & SEARCH_ACCEPTED) { /* the Accepted arc, front's last, is never passed */
        v->ahead = (uint16_t)(front - k);
        if (v->ahead == 1)
            searched(s, v, k);
        return;
    }
    if (front <= k) { /* nothing in flight: the cursor's arc first (all a window of 1 sends) */
        send_on(s, k, GHS_TEST, v->level, 0, 0, v->fn);
        front = k + 1;
    }
    uint32_t limit = end - k > v->window ? k + v->window : end;
    for (; front < limit; front++)
        if (s->arc[front].se == GHS_BASIC)
            send_on(s, front, GHS_TEST, v->level, 0, 0, v->fn);
    v->ahead = (uint16_t)(front - k);
}

/* One more edge rejected by v's search: the window grows (the search goes on). */
static inline void grow_window(const ghs_machine *s, ghs_vertex *v)
{
    if (v->window < s->window_max)
        v->window++;
}

/* (11) procedure change-root */
static void change_root(ghs_machine *s, ghs_vertex *v)
{
    uint32_t j = v->best_edge;
    if (s->arc[j].se == GHS_BRANCH) {
        send_on(s, j, GHS_CHANGEROOT, 0, 0, 0, 0);
    } else {
        send_on(s, j, GHS_CONNECT, v->level, 0, 0, 0);
        set_se(s, v, j, GHS_BRANCH);
    }
}

/* (4) Response to Initiate(L, F, S) on arc j: v takes the fragment's level, name and state and
 * passes them on along its other Branch arcs. Returns 1 when v must search (a Find). */
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
    v->window = 1;
    v->ahead = 0;
    v->search = m->sn == GHS_FIND ? SEARCHING : 0;
    v->flags |= F_STATE;
    if (m->level > s->max_level)
        s->max_level = m->level;
    for (uint32_t i = v->begin; i < v->branch_end; i++)
        if (i != j && s->arc[i].se == GHS_BRANCH) {
            send_on(s, i, GHS_INITIATE, m->level, m->sn, 0, m->eid);
            if (m->sn == GHS_FIND)
                v->find_count++;
        }
    return m->sn == GHS_FIND;
}

/* (6) Response to Test(L, F) on arc j; answers carry the Test's level (ghs.h, the test window).
 * Returns 1 when v's own search goes on. */
static inline __attribute__((always_inline)) int on_test(ghs_machine *s, ghs_vertex *v,
                                                         uint32_t j, const ghs_msg *m)
{
    const ghs_arc *a = &s->arc[j];
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

/* (7) Response to Accept on arc j, the rest in searched(). Returns 1 when v's search must walk to
 * the frontier. */
static inline __attribute__((always_inline)) int on_accept(ghs_machine *s, ghs_vertex *v,
                                                           uint32_t j, const ghs_msg *m)
{
    if (m->level != v->level || s->arc[j].se != GHS_BASIC || !in_flight(v, j))
        return 0; /* an answer no longer waited for: dropped */
    v->search |= SEARCH_ACCEPTED;
    if (j == v->cursor) { /* the lightest Basic arc: the usual case, no walk */
        v->ahead = 1;
        searched(s, v, j);
        return 0;
    }
    v->ahead = (uint16_t)(j - v->cursor + 1); /* the frontier's */
    return 1;
}

/* (3) Response to Connect(L) on arc j: absorb a lower fragment, wait, or merge at LN + 1
 * (the fragment's new name is the core edge's id). */
static inline __attribute__((always_inline)) void on_connect(ghs_machine *s, ghs_vertex *v,
                                                             uint32_t j, const ghs_msg *m)
{
    if (m->level < v->level) {
        set_se(s, v, j, GHS_BRANCH);
        send_on(s, j, GHS_INITIATE, v->level, v->sn, 0, v->fn);
        if (v->sn == GHS_FIND)
            v->find_count++;
    } else if (s->arc[j].se == GHS_BASIC) {
        defer(s, v, m);
    } else {
        send_on(s, j, GHS_INITIATE, v->level + 1, GHS_FIND, 0, s->eid[j]);
    }
}

/* (8) Response to Reject on arc j. Returns 1 when v's search goes on (procedure test). */
static inline __attribute__((always_inline)) int on_reject(ghs_machine *s, ghs_vertex *v,
                                                           uint32_t j)
{
    /* Not Basic: j became Branch while tested (a Connect from below), or was Rejected. */
    if (s->arc[j].se == GHS_BASIC) {
        set_se(s, v, j, GHS_REJECTED);
        if (v->search & SEARCHING)
            grow_window(s, v);
    }
    return v->search & SEARCHING;
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

/* Prefetches, first stage, for a message to be handled PREFETCH_AHEAD messages from now: its
 * vertex's header and its arc. */
static inline __attribute__((always_inline)) void prefetch_first(const ghs_machine *s,
                                                                 const ghs_msg *f)
{
    __builtin_prefetch(&s->vtx[f->to]);
    __builtin_prefetch(&s->arc[f->arc]);
}

/* Prefetches, second stage, for a message g half as far ahead, whose vertex has arrived by now:
 * the first line of its row (the answer may go out on another arc: in-branch, the next Basic
 * one, the Branch ones), its first deferred message, and the edge id an Accept or a Connect
 * reads. */
static inline __attribute__((always_inline)) void prefetch_second(const ghs_machine *s,
                                                                  const ghs_msg *g)
{
    const ghs_vertex *gv = &s->vtx[g->to];
    uint32_t k = gv->dq_head;
    __builtin_prefetch(gv->begin < gv->end ? (const void *)&s->arc[gv->begin] : (const void *)gv);
    /* Selects by arithmetic: a branch on the message type would be mispredicted half the
     * time. */
    uintptr_t at = (uintptr_t)gv;
    uintptr_t e = (uintptr_t)(s->eid + g->arc);
    uintptr_t need = ((1u << GHS_ACCEPT | 1u << GHS_CONNECT) >> (g->type & 7)) & 1;
    __builtin_prefetch((const void *)(at + ((e - at) & ((uintptr_t)0 - need))));
    if (s->pool != NULL) { /* entry 0 when none: an unused prefetch is harmless */
        uint32_t none = k == GHS_NONE;
        __builtin_prefetch(&s->pool[k & (none - 1)]);
    }
}


/* Handles k messages in order, each where it stands, reading ahead to prefetch. */
void ghs_machine_handle(void *arg, const void *recs, uint32_t k)
{
    ghs_machine *s = arg;
    const ghs_msg *b = recs;
    /* Runs are often short (tens of messages): the first stage for the run's head goes out at
     * once, the second once it has had time to arrive. */
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

void ghs_machine_reset(ghs_machine *s, const ghs_graph *gg)
{
    memset(s->sent, 0, sizeof s->sent);
    s->deferred = s->isolated = s->core_halts = 0;
    s->max_level = 0;
    s->pool_len = s->nspare = 0;
    for (uint32_t x = 0; x < gg->n; x++) {
        ghs_vertex *v = &s->vtx[x];
        memset(v, 0, sizeof *v);
        v->fn = INF_EID;
        v->best_edge = v->in_branch = GHS_NONE;
        v->best_key = INF_KEY;
        v->best_eid = INF_EID;
        v->begin = v->cursor = v->branch_end = gg->off[x];
        v->end = gg->off[x + 1];
        v->dq_head = v->dq_tail = GHS_NONE;
        v->dq_level = 255;
        v->sn = GHS_SLEEPING;
    }
}

/* (1) Response to spontaneous awakening: every vertex wakes up at the start. */
void ghs_machine_wake(ghs_machine *s, const ghs_graph *gg)
{
    for (uint32_t x = 0; x < gg->n; x++)
        wakeup(s, &s->vtx[x]);
}
