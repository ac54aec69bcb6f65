/*
 * ghs.c: the GHS state machine of every vertex of a rank (ghs_machine.h, ghs.h). Procedures
 * and responses are numbered as in the appendix of Gallager, Humblet and Spira (1983):
 * (1) response to spontaneous awakening, (2) procedure wakeup, (3) Connect(L), (4) Initiate(L,
 * F, S), (5) procedure test, (6) Test(L, F), (7) Accept, (8) Reject, (9) procedure report,
 * (10) Report(w), (11) procedure change-root, (12) Change-root. "Place received message on end
 * of queue" becomes the vertex's deferred list (rescan()). Vertices and arcs are plain indices
 * of the adjacency (ghs.h): vertex x's header holds its variables, its row is arcs begin .. end
 * - 1, sorted by weight, and its cursor is the paper's test-edge. Messages leave through the
 * message layer (msg.h) to the rank an arc names. With a test window of K = 1 this is the
 * paper's algorithm; a larger window (ghs_window.h) comes in through five calls, in (4)-(8).
 */
#include "ghs_machine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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
    }
}

/* (3) Response to Connect(L) on arc j: absorb a lower fragment, wait, or merge at LN + 1
 * (the fragment's new name is the core edge's id). */
static inline __attribute__((always_inline)) void on_connect(ghs_machine *s, ghs_vertex *v,
                                                             uint32_t j, const ghs_msg *m)
{
    if (m->level < v->level) {
        set_se(s, v, j, GHS_BRANCH);
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
void ghs_machine_handle(void *arg, const void *recs, uint32_t k)
{
    ghs_machine *s = arg;
    const ghs_msg *b = recs;
    for (uint32_t i = 0; i < k; i++)
        deliver(s, &b[i]);
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
