/*
 * dboruvka_body.h: --algo boruvka, distributed-memory Borůvka with O((n + m) / p) memory per rank,
 * after P. Sanders and M. Schimek, "Engineering Massively Parallel MST Algorithms" (IPDPS 2023:
 * the distributed Borůvka round with edges redistributed to the owners of the new components,
 * local contraction as preprocessing, Filter-Borůvka) and the classic distributed Borůvka round
 * of Dehne and Götz (1998).
 *
 * One text over one arc layout, compiled twice: dboruvka_narrow.c (DBV_WIDE 0: 16-byte arcs with
 * 32-bit edge ids, graphs of fewer than 2^32 edges) and dboruvka_wide.c (DBV_WIDE 1: 20-byte arcs
 * with 64-bit ids), each into its own dbv_build_*, dbv_solve_* and dbv_release_*, which
 * dboruvka.c calls by the share's layout (dboruvka.h). Everything here is static but those.
 *
 * 1D vertex partition (--partition block|hash|auto, dbv_graph): rank r owns a contiguous range
 * of labels (vertex ids, or scrambled ids for hash) and, all through the run, the components
 * named by them (a component is named by one of its vertices, so a label's owner never
 * changes). Every undirected edge is stored as two arcs, (x, y) at the owner of x and (y, x) at
 * the owner of y. Every step is bulk-synchronous, its exchanges MPI_Alltoallv.
 *
 * The file follows the paper's steps:
 *   0. Plumbing: the arcs' order, buffers, all-to-alls in windows, label requests.
 *   1. The share: the arcs of a rank's vertices, built once at load time (the input
 *      distribution; --partition auto's choice is dboruvka.c's).
 *   2. Local pre-contraction: a rank whose arcs are mostly local contracts what it can decide
 *      alone, Kruskal over its arcs in (key, id) order (one thread) or Borůvka rounds over
 *      them (several), with blocking at arcs to other ranks, so that every edge it takes is
 *      the lightest leaving a component (cut property).
 *   3. Min-edge per vertex (round, steps 1-2): the lightest arc of every live label; its far
 *      end becomes the parent; one request to the parent's owner finds the 2-cycles (both ends
 *      picked the same edge): the end whose label hashes lower becomes the root, and every
 *      other label puts its arc's edge into the forest (so each edge enters once).
 *   4. Pointer doubling (step 3): to the roots, requests only for labels whose parent is not a
 *      root.
 *   5. Relabel (step 4): x by its own root (local), y by a request to y's owner; arcs inside a
 *      component are dropped.
 *   6. Redistribution and contraction (step 5): every arc goes to the owner of its new source
 *      label, which keeps one arc of each set of parallel arcs: the lightest by (key, id), the
 *      same edge at both ends (skipped after a reduction that removed under 1% of the arcs:
 *      parallel arcs cost time, not correctness).
 *   7. Filtering (Filter-Borůvka), where the graph has 3 edges per vertex or more, or later
 *      where the arcs are 6 or more per live label: the rounds run first on the light edges
 *      (about one per vertex or label, below a sampled (key, id) threshold), whose MSF is part
 *      of the MSF; then every vertex is pointed at its root, the heavy edges are relabelled,
 *      those inside a component dropped, and the rounds go on with the rest.
 *   8. The hub (ours, not the paper's): the giant component the light rounds leave; from then
 *      on its arcs are dropped and each of its edges is held by the twin arc at the other end,
 *      so that its arcs do not converge on its owner.
 *   9. The solve: the rounds until no rank holds an arc, the forest gathered to rank 0.
 *  10. Statistics (--stats; dboruvka.c prints them).
 * Forests, ties and isolated vertices need nothing special: a label without arcs is a finished
 * component.
 *
 * Threads per rank (-t): the local pass of step 2, and the loops over arcs, requests and
 * answers of steps 3, 5 and 6, are OpenMP loops over contiguous blocks, one per thread, whose
 * results are joined in block order (so the arcs and requests keep the order one thread
 * gives); the lightest arc of a label is set by compare-and-swap. Only the calling thread
 * calls MPI (MPI_THREAD_FUNNELED).
 */
#include "dboruvka.h"

#include <inttypes.h>
#include <limits.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "dsu.h"
#include "stats.h"

/* The arc of this compilation and the names of its entry points (dboruvka.h). */
#ifndef DBV_WIDE
#error "dboruvka_body.h is compiled through dboruvka_narrow.c and dboruvka_wide.c"
#elif DBV_WIDE
typedef dbv_arc20 dbv_arc;
typedef dbv_far20 dbv_far;
#define DBV_NAME(name) name##_wide
#else
typedef dbv_arc16 dbv_arc;
typedef dbv_far16 dbv_far;
#define DBV_NAME(name) name##_narrow
#endif

/* ------------------------------------------------------------------------------------------ */
/* 0. Plumbing                                                                                 */

#define DBV_NONE UINT32_MAX
#define DBV_NO_ARC UINT64_MAX

/* How many items ahead the loops over arcs and labels prefetch the per-label entries they will
 * read: those loops wait on random reads into arrays of a few MiB (docs/mst-mpi.md). */
#define DBV_AHEAD 16

/* Arcs a rank sends per all-to-all by default: 2^16, 1 or 1.25 MiB. */
#define WINDOW_ARCS (1u << 16)

/* A growable buffer of bytes, reused from exchange to exchange. */
typedef struct dbv_buf {
    void *p;
    uint64_t cap; /* bytes */
} dbv_buf;

/* Filtering (7): where the heavy arcs wait while the rounds run on the light ones. */
typedef enum dbv_split {
    DBV_WHOLE = 0,   /* no split: every arc is a working arc */
    DBV_SPLIT_SHARE, /* at the start: the share's arcs above (tkey, teid) */
    DBV_SPLIT_HELD   /* between rounds: the arcs in s->heavy */
} dbv_split;

/* One solve's state at one rank. Labels are global vertex ids; arrays indexed by local vertex
 * index (dbv_local) have n_local entries. */
typedef struct dbv_state {
    const dist_ctx *c;
    const dbv_graph *g;
    int threads;          /* OpenMP threads of the local steps (-t) */
    int filter, local;    /* filtering and the local pass allowed (dbv_options) */
    uint64_t *tcount;     /* [threads * (p + 8)] per thread and rank: the items for each rank
                             (thread_counts; a row padded by a cache line from the next) */
    uint64_t *tseg;       /* [4 * threads] per thread: where its relabelled arcs and requests
                             start, and how many (relabel_arcs) */
    uint32_t *parent;     /* [n_local] parent label; the root after pointer doubling */
    uint64_t *best;       /* [n_local] key << 32 | index of a live label's lightest arc, or
                             DBV_NO_ARC */
    uint8_t *done;        /* [n_local] 1: parent is a root */
    uint8_t *stage;       /* [n_local] when a label stopped being a root: 1 in the local pass,
                             r + 1 in round r; 0 for a root (filter_merge's compression; a
                             round at least halves the labels holding arcs in its phase, so a
                             solve of a few phases stays far below 255 stages, which jump
                             refuses to pass) */
    uint32_t stages;      /* stages so far: 1 after the local pass, r + 1 after round r */
    uint32_t split_stages; /* DBV_SPLIT_HELD: stages when the heavy arcs were held (their ends
                              were then roots); 0 for DBV_SPLIT_SHARE (any vertex) */
    uint32_t *live;       /* [n_local] local indices of the labels holding arcs this round */
    uint32_t n_live;
    dbv_arc *arc;         /* [m] the working arcs, all with x owned here */
    uint64_t m, arc_cap;
    dbv_split split;      /* filtering: where the heavy arcs wait, if anywhere */
    uint32_t tkey;        /* DBV_SPLIT_SHARE: the share's arcs above (tkey, teid) are heavy */
    uint64_t teid;
    dbv_buf heavy;        /* DBV_SPLIT_HELD: the heavy arcs (n_heavy dbv_arc) */
    uint64_t n_heavy;
    uint64_t merges;      /* filter merges so far, this solve */
    uint64_t merge_arcs_max; /* rank 0: the most arcs a rank held after a merge */
    uint32_t hub;         /* the hub label (find_hub), or DBV_NONE */
    uint64_t hub_labels;  /* the voters it held (find_hub) */
    uint64_t *feid;       /* [n_local] forest edges found at this rank */
    uint32_t *fkey;       /* [n_local] their keys */
    uint64_t nf;
    uint64_t *trace_end;  /* --trace: nf after the local pass and after each round */
    uint64_t traced, trace_cap;
    uint64_t *count, *rcount; /* [p] records per rank to send / received */
    dbv_buf send, recv, reply, back, pos, tmp; /* exchange scratch (exchange, ask) */
    dbv_buf qbuf, abuf;   /* the steps' requests and answers */
    int skip_reduce;      /* 1: the next redistribution leaves parallel arcs (6) */
    uint64_t bytes_sent;  /* to other ranks, this solve */
    uint64_t jump_steps;
} dbv_state;

/* Seconds spent per step over a solve. */
typedef struct dbv_times {
    double step[4];   /* minima, jump, relabel, redistribute */
    double filter[5]; /* the merges: all, then compress, relabel, reduce, redistribute */
} dbv_times;

/* The steps that call each other out of the file's order. */
static mst_status relabel(dbv_state *s);
static mst_status redistribute(dbv_state *s);
static mst_status find_hub(dbv_state *s);

/* Local index of label v, which this rank owns. */
static inline uint32_t dbv_local(const dbv_graph *g, uint32_t v)
{
    return v - g->first;
}

/* Global label of local index i. */
static inline uint32_t dbv_global(const dbv_graph *g, uint32_t i)
{
    return g->first + i;
}

/* The rank owning label v: dist_label_owner() without its integer divisions (a double
 * reciprocal, then one correction: exact below 2^32). */
static inline int dbv_owner(const dbv_graph *g, uint32_t v)
{
    const dist_partition *pt = &g->pt;
    uint64_t big = (uint64_t)pt->rem * (pt->q + 1); /* labels of the larger blocks */
    int small = v >= big;
    uint64_t x = small ? v - big : v, size = small ? pt->q : pt->q + 1;
    uint64_t r = (uint64_t)((double)x * (small ? g->inv_small : g->inv_big));
    if (r * size > x)
        r--;
    else if ((r + 1) * size <= x)
        r++;
    return (int)r + (small ? (int)pt->rem : 0);
}

/* Of a share sorted by source: the local index of the first source whose run of arcs ends
 * after arc i (the source of arc i). */
static uint32_t first_run(const dbv_graph *g, uint64_t i)
{
    uint32_t v = 0, top = g->n_local;
    while (v < top) {
        uint32_t mid = v + (top - v) / 2;
        if (g->src_end[mid] <= i)
            v = mid + 1;
        else
            top = mid;
    }
    return v;
}

/* Prefetches array[local index of v] for label v owned here. */
#define DBV_PREFETCH(g, array, v) __builtin_prefetch(&(array)[dbv_local(g, v)])

/* Whether this rank owns label v. */
static inline int dbv_mine(const dbv_graph *g, uint32_t v)
{
    return v - g->first < g->n_local;
}

/* Whether at least DBV_LOCAL_SHARE_MIN of the m arcs a[] join two labels of this rank (the x
 * of every arc is), counted on `threads` threads. */
static int dbv_mostly_local(const dbv_graph *g, const dbv_arc *a, uint64_t m, int threads)
{
    uint64_t local = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : local)
    for (uint64_t i = 0; i < m; i++)
        local += dbv_mine(g, a[i].y);
    return m > 0 && (double)local >= DBV_LOCAL_SHARE_MIN * (double)m;
}

/* The (key, edge id) order of docs/design.md. */
static inline int dbv_arc_less(const dbv_arc *a, const dbv_arc *b)
{
    return a->key < b->key || (a->key == b->key && a->eid < b->eid);
}

/* Whether arc a comes after the pair (tkey, teid) in that order: filtering's heavy arcs.
 * Without branches, so that a loop over arcs whose weights come in random order has none. */
static inline int dbv_above(const dbv_arc *a, uint32_t tkey, uint64_t teid)
{
    return (a->key > tkey) | ((a->key == tkey) & (a->eid > teid));
}

/* The global sum of v. */
static uint64_t sum_all(const dist_ctx *c, uint64_t v)
{
    uint64_t total = 0;
    MPI_Allreduce(&v, &total, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    return total;
}

/* Thread t's row of s->tcount: its p counts, kept a cache line away from the other threads',
 * which count into theirs item by item at the same time. */
static inline uint64_t *thread_counts(const dbv_state *s, int t)
{
    return s->tcount + (size_t)t * ((size_t)s->c->size + 8);
}

/* Called by every thread of the team once it has counted its items for each rank into its row
 * (thread_counts): each row becomes where that thread's items for each rank go, grouped by
 * rank and within a rank by thread (so in the order one thread gives), and s->count[q] the
 * items for rank q. Serial over ranks x threads, between two barriers. */
static void rank_offsets(dbv_state *s)
{
    int nt = omp_get_num_threads();
#pragma omp barrier
#pragma omp single
    {
        uint64_t off = 0;
        for (int q = 0; q < s->c->size; q++) {
            s->count[q] = 0;
            for (int u = 0; u < nt; u++) {
                uint64_t *c = &thread_counts(s, u)[q], k = *c;
                *c = off, off += k, s->count[q] += k;
            }
        }
    }
}

/* Makes b hold at least `bytes`; contents are not kept (the old block goes first, so that the
 * two are never held at once). Errors: MST_ERESOURCE. */
static mst_status buf_reserve(dbv_buf *b, uint64_t bytes)
{
    if (bytes <= b->cap)
        return MST_OK;
    /* Grow by half again so that rounds of similar sizes reuse one block. */
    uint64_t want = bytes + bytes / 2 + 64;
    free(b->p);
    b->p = mst_big_alloc((size_t)want, 1);
    b->cap = b->p == NULL ? 0 : want;
    return b->p == NULL ? MST_ERESOURCE : MST_OK;
}

static void buf_free(dbv_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->cap = 0;
}

/* Makes s->arc hold at least `need` arcs (half as many again when it grows), keeping them. By
 * realloc, which moves a large block's pages where it can rather than copy them into a second
 * block. Errors: MST_ERESOURCE. */
static mst_status grow_arcs(dbv_state *s, uint64_t need)
{
    if (need <= s->arc_cap)
        return MST_OK;
    uint64_t cap = need > s->arc_cap + s->arc_cap / 2 ? need : s->arc_cap + s->arc_cap / 2;
    void *a = s->arc; /* may be NULL: the redistribution swaps it with its receive buffer */
    if (mst_realloc(&a, cap, sizeof(dbv_arc)) != MST_OK)
        return MST_ERESOURCE;
    s->arc = a;
    s->arc_cap = cap;
    return MST_OK;
}

/*
 * An all-to-all of arcs in windows, for exchanges too large for one: every rank sends its arcs
 * window after window (as many windows on every rank), so its send buffer holds one window; the
 * receiver learns beforehand how many arcs each source sends in all, and each window's arcs
 * from rank q land after those already received from q. The result is what one all-to-all
 * would give: grouped by source rank, each source's in its sending order.
 */
typedef struct dbv_windows {
    const dist_ctx *c;
    uint64_t *rcount, *base, *got; /* [p] per source: this window's, where its arcs start, so far */
    int *sc, *sd, *rc, *rd;        /* [p] MPI's counts and displacements */
    MPI_Datatype rec;
    uint64_t windows;              /* the number of windows, the largest of the ranks' */
} dbv_windows;

/* Frees w's arrays (a zeroed or failed w is fine). */
static void windows_close(dbv_windows *w)
{
    void *a[] = {w->rcount, w->base, w->got, w->sc, w->sd, w->rc, w->rd};
    for (size_t i = 0; i < sizeof a / sizeof *a; i++)
        free(a[i]);
    if (w->rec != MPI_DATATYPE_NULL)
        MPI_Type_free(&w->rec);
    memset(w, 0, sizeof *w);
    w->rec = MPI_DATATYPE_NULL;
}

/* Collective: opens the exchange of total[q] arcs to each rank q (all windows together) in
 * `mine` windows; *in = the arcs this rank will receive. Errors (agreed): MST_ERESOURCE
 * (memory, or more than INT_MAX arcs to receive). Close w whatever the status. */
static mst_status windows_open(dbv_windows *w, const dist_ctx *c, const uint64_t *total,
                               uint64_t mine, uint64_t *in)
{
    mst_status st = MST_OK;
    int p = c->size;
    memset(w, 0, sizeof *w);
    w->c = c;
    w->rec = MPI_DATATYPE_NULL;
    MST_ALLOC(w->rcount, p);
    MST_ALLOC(w->base, p);
    MST_CALLOC(w->got, p);
    MST_ALLOC(w->sc, p);
    MST_ALLOC(w->sd, p);
    MST_ALLOC(w->rc, p);
    MST_ALLOC(w->rd, p);
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    MPI_Alltoall(total, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    MPI_Allreduce(&mine, &w->windows, 1, MPI_UINT64_T, MPI_MAX, c->comm);
    MPI_Type_contiguous((int)sizeof(dbv_arc), MPI_BYTE, &w->rec);
    MPI_Type_commit(&w->rec);
    *in = 0;
    for (int q = 0; q < p; q++)
        w->base[q] = *in, *in += w->rcount[q];
    if (*in > INT_MAX)
        st = mst_fail(MST_ERESOURCE, "rank %d: %" PRIu64 " arcs to receive exceed MPI's int "
                      "counts (use more ranks)", c->rank, *in);
    return dist_agree(c, st);
}

/* Collective: one window of send[] (count[q] arcs for rank q, grouped by rank) into recv[]
 * (room for *in of windows_open). Returns the bytes sent to other ranks. */
static uint64_t windows_send(dbv_windows *w, const dbv_arc *send, const uint64_t *count,
                             dbv_arc *recv)
{
    const dist_ctx *c = w->c;
    uint64_t bytes = 0;
    MPI_Alltoall(count, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    for (int q = 0, so = 0; q < c->size; q++) {
        w->sc[q] = (int)count[q], w->sd[q] = so, so += w->sc[q];
        w->rc[q] = (int)w->rcount[q], w->rd[q] = (int)(w->base[q] + w->got[q]);
        w->got[q] += w->rcount[q];
        bytes += q == c->rank ? 0 : count[q] * sizeof(dbv_arc);
    }
    MPI_Alltoallv(send, w->sc, w->sd, w->rec, recv, w->rc, w->rd, w->rec, c->comm);
    return bytes;
}

/* Fills MPI's int counts and displacements from 64-bit counts; 0 when a total exceeds INT_MAX. */
static int int_counts(const uint64_t *count, int p, int *ic, int *id)
{
    uint64_t off = 0;
    for (int q = 0; q < p; q++) {
        if (off + count[q] > INT_MAX)
            return 0;
        ic[q] = (int)count[q], id[q] = (int)off;
        off += count[q];
    }
    return 1;
}

/*
 * Collective MPI_Alltoallv of records of rec_bytes: send holds count[q] records for rank q, in
 * rank order; the records received land in recv grouped by source rank, rcount[q] from rank
 * q; returns their number in *total. Counts bytes sent to other ranks into s->bytes_sent.
 * Errors (agreed): MST_ERESOURCE (memory, or more than INT_MAX records at one rank).
 */
static mst_status exchange(dbv_state *s, const void *send, const uint64_t *count,
                           size_t rec_bytes, dbv_buf *recv, uint64_t *rcount, uint64_t *total)
{
    const dist_ctx *c = s->c;
    int p = c->size;
    mst_status st = MST_OK;
    int *sc = NULL, *sd = NULL, *rc = NULL, *rd = NULL;
    MPI_Datatype rec = MPI_DATATYPE_NULL;
    MPI_Alltoall(count, 1, MPI_UINT64_T, rcount, 1, MPI_UINT64_T, c->comm);
    uint64_t in = 0;
    for (int q = 0; q < p; q++)
        in += rcount[q];
    MST_ALLOC(sc, p);
    MST_ALLOC(sd, p);
    MST_ALLOC(rc, p);
    MST_ALLOC(rd, p);
    if (!int_counts(count, p, sc, sd) || !int_counts(rcount, p, rc, rd))
        MST_FAIL(MST_ERESOURCE, "rank %d: more than %d records in one exchange (use more ranks)",
                 c->rank, INT_MAX);
    if (buf_reserve(recv, in * rec_bytes) != MST_OK)
        MST_FAIL(MST_ERESOURCE, "rank %d: out of memory receiving %" PRIu64 " records", c->rank,
                 in);
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        MPI_Type_contiguous((int)rec_bytes, MPI_BYTE, &rec);
        MPI_Type_commit(&rec);
        MPI_Alltoallv(send, sc, sd, rec, recv->p, rc, rd, rec, c->comm);
        MPI_Type_free(&rec);
        for (int q = 0; q < p; q++)
            s->bytes_sent += q == c->rank ? 0 : count[q] * rec_bytes;
        *total = in;
    }
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    return st;
}

/* What the owner of a label answers about it (at the owner, from its arrays): a 64-bit word. */
typedef uint64_t (*dbv_answer_fn)(const dbv_state *s, uint32_t local);

/* The answer most requests want: the label's parent (the parent a live label picked, or after
 * pointer doubling its root). */
static uint64_t parent_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

/* Requests per exchange of ask(): its buffers (about 28 bytes per request, 1.8 MiB) stay
 * bounded rather than growing with a rank's labels. */
#define ASK_WINDOW ((uint64_t)1 << 16)

/*
 * Collective request/reply: for each of the k labels q[i] (held by any rank), ans[i] = what
 * its owner's `answer` says about it: 64 bits where `wide`, else its low 32 bits (a label). In
 * windows of ASK_WINDOW requests (as many on every rank), each two all-to-alls (4 bytes out, 8
 * or 4 back per request). Errors (agreed): MST_ERESOURCE.
 */
static mst_status ask(dbv_state *s, const uint32_t *q, uint64_t k, dbv_answer_fn answer,
                      uint64_t *ans, int wide)
{
    int p = s->c->size;
    size_t rb = wide ? sizeof(uint64_t) : sizeof(uint32_t); /* bytes per reply */
    uint64_t windows = (k + ASK_WINDOW - 1) / ASK_WINDOW, most = 0;
    uint64_t room = k < ASK_WINDOW ? k : ASK_WINDOW;
    MPI_Allreduce(&windows, &most, 1, MPI_UINT64_T, MPI_MAX, s->c->comm);
    uint64_t *back_count = mst_alloc((size_t)p, sizeof *back_count);
    mst_status st = back_count == NULL ? MST_ERESOURCE : MST_OK;
    if (st == MST_OK && (buf_reserve(&s->send, room * sizeof(uint32_t)) != MST_OK ||
                         buf_reserve(&s->pos, room * sizeof(uint32_t)) != MST_OK ||
                         buf_reserve(&s->tmp, room * sizeof(uint32_t)) != MST_OK))
        st = MST_ERESOURCE;
    st = dist_agree(s->c, st);
    for (uint64_t w = 0; w < most && st == MST_OK; w++) {
        uint64_t lo = w * ASK_WINDOW < k ? w * ASK_WINDOW : k;
        uint64_t n = k - lo < ASK_WINDOW ? k - lo : ASK_WINDOW, in = 0, back = 0;
        const uint32_t *wq = q + lo;
        /* The window's requests grouped by owner, each thread's block of them after the
         * blocks before it: pos[i] is the slot of wq[i]. */
        uint32_t *owner = s->tmp.p, *send = s->send.p, *pos = s->pos.p;
#pragma omp parallel num_threads(s->threads)
        {
            uint64_t a, b, *mine = thread_counts(s, omp_get_thread_num());
            par_team_slice(n, omp_get_thread_num(), omp_get_num_threads(), &a, &b);
            memset(mine, 0, (size_t)p * sizeof *mine);
            for (uint64_t i = a; i < b; i++)
                mine[owner[i] = (uint32_t)dbv_owner(s->g, wq[i])]++;
            rank_offsets(s);
            for (uint64_t i = a; i < b; i++) {
                pos[i] = (uint32_t)mine[owner[i]]++;
                send[pos[i]] = wq[i];
            }
        }
        if ((st = exchange(s, send, s->count, sizeof(uint32_t), &s->recv, s->rcount, &in)) !=
            MST_OK)
            break;
        if ((st = dist_agree(s->c, buf_reserve(&s->reply, in * rb))) != MST_OK)
            break;
        const uint32_t *got = s->recv.p;
#pragma omp parallel for num_threads(s->threads) schedule(static)
        for (uint64_t i = 0; i < in; i++) {
            if (i + DBV_AHEAD < in)
                DBV_PREFETCH(s->g, s->parent, got[i + DBV_AHEAD]); /* what every answer reads */
            uint64_t a = answer(s, dbv_local(s->g, got[i]));
            if (wide)
                ((uint64_t *)s->reply.p)[i] = a;
            else
                ((uint32_t *)s->reply.p)[i] = (uint32_t)a;
        }
        /* The replies go back with the counts reversed; ranks answer in request order. */
        if ((st = exchange(s, s->reply.p, s->rcount, rb, &s->back, back_count, &back)) != MST_OK)
            break;
        uint64_t *wans = ans + lo;
#pragma omp parallel for num_threads(s->threads) schedule(static)
        for (uint64_t i = 0; i < n; i++)
            wans[i] = wide ? ((const uint64_t *)s->back.p)[pos[i]]
                           : ((const uint32_t *)s->back.p)[pos[i]];
    }
    free(back_count);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* 1. The share: the arcs of a rank's own vertices under the 1D vertex partition, built once at */
/*    load time from the edge slices, in windows of edges so that the exchange's buffers stay   */
/*    small beside the share                                                                    */

/* count[q] += the arcs of slice edges [lo, hi) whose source rank q owns (two per edge). */
static void count_edge_arcs(const dbv_graph *g, const dist_slice *s, uint64_t lo, uint64_t hi,
                            uint64_t *count)
{
    for (uint64_t i = lo; i < hi; i++) {
        count[dbv_owner(g, dist_label(&g->pt, s->u[i]))]++;
        count[dbv_owner(g, dist_label(&g->pt, s->v[i]))]++;
    }
}

/* Sorts arc[0..len) by local source index in place, 8 bits at a time from bit shift + 7 down
 * (an American flag sort: McIlroy, Bostic and McIlroy, "Engineering Radix Sort", 1993): each
 * pass follows the cycles of its permutation with 256 write heads, which stay in cache, where
 * one pass over all sources would miss the cache on every arc. The top pass's buckets are
 * sorted side by side on `threads` threads (the deeper passes' calls pass 1). */
static void flag_sort(const dbv_graph *g, dbv_arc *arc, uint64_t len, int shift, int threads)
{
    uint64_t count[256] = {0}, next[256], end[256], at = 0;
    for (uint64_t i = 0; i < len; i++)
        count[(dbv_local(g, arc[i].x) >> shift) & 255]++;
    for (int b = 0; b < 256; b++)
        next[b] = at, at += count[b], end[b] = at;
    for (int b = 0; b < 256; b++)
        while (next[b] < end[b]) {
            dbv_arc a = arc[next[b]];
            for (int d = (dbv_local(g, a.x) >> shift) & 255; d != b;
                 d = (dbv_local(g, a.x) >> shift) & 255) {
                dbv_arc t = arc[next[d]]; /* a takes its place in bucket d; t goes on */
                arc[next[d]++] = a;
                a = t;
            }
            arc[next[b]++] = a;
        }
    if (shift == 0)
        return;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (int b = 0; b < 256; b++)
        if (count[b] > 1)
            flag_sort(g, arc + end[b] - count[b], count[b], shift > 8 ? shift - 8 : 0, 1);
}

mst_status DBV_NAME(dbv_build)(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                               uint64_t window, int threads, const dist_slice *s, dbv_graph *g)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *start = NULL, win = 0; /* win: edges per window */
    dbv_arc *arc = NULL, *send = NULL;
    memset(g, 0, sizeof *g);
    g->wide = DBV_WIDE;
    g->pt = dist_partition_make(kind, n, p);
    g->first = dist_block_start(&g->pt, c->rank);
    g->n_local = dist_partition_count(&g->pt, c->rank);
    g->inv_big = 1.0 / (g->pt.q + 1);
    g->inv_small = g->pt.q ? 1.0 / g->pt.q : 0;
    g->window = window > 0 ? window : WINDOW_ARCS;
    win = g->window > 1 ? g->window / 2 : 1; /* edges: two arcs each */
    MST_ALLOC(count, p);
    MST_ALLOC(start, p);
    MST_ALLOC(send, 2 * (s->count < win ? s->count : win));
fail:
    if ((st = dist_agree(c, st)) != MST_OK)
        goto out;
    /* arc: all arcs of this rank's vertices, grouped by source rank, each source's in slice
     * order (increasing edge id). */
    dbv_windows w;
    uint64_t in = 0;
    memset(count, 0, (size_t)p * sizeof *count);
    count_edge_arcs(g, s, 0, s->count, count);
    st = windows_open(&w, c, count, (s->count + win - 1) / win, &in);
    if (st == MST_OK && (g->arc = arc = mst_alloc(in, sizeof *arc)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) == MST_OK) {
        for (uint64_t k = 0; k < w.windows; k++) {
            uint64_t lo = k * win < s->count ? k * win : s->count;
            uint64_t hi = s->count - lo < win ? s->count : lo + win;
            memset(count, 0, (size_t)p * sizeof *count);
            count_edge_arcs(g, s, lo, hi, count);
            for (int q = 0; q < p; q++) /* the window's arcs grouped by owner rank */
                start[q] = q ? start[q - 1] + count[q - 1] : 0;
            for (uint64_t i = lo; i < hi; i++) {
                uint32_t u = dist_label(&g->pt, s->u[i]), v = dist_label(&g->pt, s->v[i]);
                dbv_arc a = {u, v, s->key[i], s->eid0 + i}; /* narrow: an id below 2^32 */
                send[start[dbv_owner(g, a.x)]++] = a;
                a.x = v, a.y = u;
                send[start[dbv_owner(g, a.x)]++] = a;
            }
            windows_send(&w, send, count, arc);
        }
        g->arcs = in;
    }
    windows_close(&w);
    /* Where the share is not mostly local, so that the local pass, which needs the arcs by id,
     * will not run here: the arcs sorted by source label in place (flag_sort: no second copy of
     * the share; each source's arcs in no particular order: the rounds compare (key, id)) and
     * g->src_end the end of each source's run, so that the first round reads best[] and
     * parent[] in order rather than at random, and the filter merge skips the hub's runs. Then
     * the sources, which the runs give, are dropped: the arcs move down to dbv_far records in
     * the same block (by bytes: the two overlap), which shrinks in place. */
    if (st == MST_OK && g->arcs > 0 && !dbv_mostly_local(g, arc, g->arcs, threads)) {
        if ((g->src_end = mst_calloc((size_t)g->n_local, sizeof *g->src_end)) == NULL) {
            st = MST_ERESOURCE;
        } else {
            int bits = g->n_local > 1 ? 32 - __builtin_clz(g->n_local - 1) : 1;
            flag_sort(g, arc, g->arcs, bits > 8 ? bits - 8 : 0, threads);
            for (uint64_t i = 0; i < g->arcs; i++)
                g->src_end[dbv_local(g, arc[i].x)]++;
            for (uint64_t v = 0, at = 0; v < g->n_local; v++)
                at += g->src_end[v], g->src_end[v] = at;
            for (uint64_t i = 0; i < g->arcs; i++) {
                dbv_arc a;
                memcpy(&a, &arc[i], sizeof a);
                dbv_far f = {a.y, a.key, a.eid};
                memcpy((char *)arc + i * sizeof f, &f, sizeof f);
            }
            st = mst_realloc(&g->arc, g->arcs, sizeof(dbv_far));
            g->by_source = 1;
        }
    }
    st = dist_agree(c, st);
out:
    free(count);
    free(start);
    free(send);
    if (st != MST_OK)
        dbv_graph_free(g);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* 2. Local pre-contraction: each rank contracts the edges between its own vertices that it can */
/*    prove to be in the MSF without the others                                                 */

/*
 * Kruskal over the arcs in (key, id) order, with blocking, on one thread: a component is blocked
 * at its first arc to another rank, from where its lightest leaving edge may be out of sight. A
 * local edge joining two components of which at least one, A, is not blocked is the lightest
 * edge leaving A (every lighter arc at A was local and taken, or inside A), hence an MSF edge by
 * the cut property: it is taken, and the union (by rank, core.h) is blocked if either side was.
 * Between two blocked components it is left to the rounds. Then every vertex's parent is its
 * component's root. *edges: the forest edges so found here. Errors: MST_ERESOURCE.
 */
static mst_status local_kruskal(dbv_state *s, uint64_t *edges)
{
    const dbv_graph *g = s->g;
    uint32_t n = g->n_local;
    uint64_t *w = NULL, *tmp = NULL, *ends = NULL, *etmp = NULL;
    uint8_t *blocked = NULL;
    mst_dsu uf = {0, NULL, NULL};
    mst_status st = MST_OK;
    MST_ALLOC(w, s->m);
    MST_ALLOC(tmp, s->m);
    MST_ALLOC(ends, s->m);
    MST_ALLOC(etmp, s->m);
    MST_CALLOC(blocked, n);
    MST_CHECK(mst_dsu_init(&uf, n));
    /* The arcs to look at (each local edge once, every arc to another rank) as (key << 32 |
     * index) words in w, and their ends as (local x << 32 | local y, or DBV_NONE for a far end
     * at another rank) in ends, sorted by (key, id): the working arcs are in increasing id order
     * before the first round (dbv_graph_build keeps the slices' order), and the sort is stable.
     * The scan then reads the arcs only for the edges it takes. */
    uint64_t k = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        const dbv_arc *a = &s->arc[i];
        int mine = dbv_mine(g, a->y);
        if (mine && a->x >= a->y)
            continue;
        ends[k] = (uint64_t)dbv_local(g, a->x) << 32 | (mine ? dbv_local(g, a->y) : DBV_NONE);
        w[k++] = (uint64_t)a->key << 32 | i;
    }
    mst_radix_sort_pairs(w, ends, tmp, etmp, k, 32, 64, 1);
    for (uint64_t i = 0; i < k; i++) {
        uint32_t rx = mst_dsu_find(&uf, (uint32_t)(ends[i] >> 32)), y = (uint32_t)ends[i];
        if (y == DBV_NONE) {
            blocked[rx] = 1;
            continue;
        }
        uint32_t ry = mst_dsu_find(&uf, y);
        if (rx == ry || (blocked[rx] & blocked[ry]))
            continue;
        uint8_t b = blocked[rx] | blocked[ry];
        blocked[mst_dsu_link(&uf, rx, ry)] = b;
        const dbv_arc *a = &s->arc[(uint32_t)w[i]];
        s->feid[s->nf] = a->eid;
        s->fkey[s->nf++] = a->key;
        (*edges)++;
    }
    for (uint32_t i = 0; i < n; i++) { /* every vertex's local component root (label) */
        s->parent[i] = dbv_global(g, mst_dsu_find(&uf, i));
        s->stage[i] = s->parent[i] != dbv_global(g, i); /* stage 1: this pass */
    }
fail:
    free(w);
    free(tmp);
    free(ends);
    free(etmp);
    mst_dsu_free(&uf);
    free(blocked);
    return st;
}

/* An edge between two of this rank's components (local indices x and y, each edge once), or
 * the lightest arc of component x to another rank (y = DBV_NONE), as w = key << 32 | its index
 * in s->arc: before the first round the working arcs are in increasing id order (the share's),
 * so that w orders the edges as (key, id) does. */
typedef struct dbv_item {
    uint32_t x, y;
    uint64_t w;
} dbv_item;

/* Forest edges a thread collects before reserving their room in s->feid and s->fkey. */
#define LOCAL_BATCH 64

/* The nb forest edges of batch[] (indices into s->arc) into s->feid and s->fkey at *nf, whose
 * room one atomic add reserves. Returns 0, the batch's new length. */
static int local_emit(dbv_state *s, uint64_t *nf, const uint32_t *batch, int nb)
{
    uint64_t at = __atomic_fetch_add(nf, (uint64_t)nb, __ATOMIC_RELAXED);
    for (int j = 0; j < nb; j++)
        s->feid[at + j] = s->arc[batch[j]].eid, s->fkey[at + j] = s->arc[batch[j]].key;
    return 0;
}

/*
 * Borůvka with blocking over the rank's arcs, on s->threads threads: every arc of a local
 * vertex is at this rank, so a component of local vertices sees every arc leaving it. Each
 * round takes every component's lightest arc by (key, id) (compare-and-swap on the packed
 * words of best[]); a component whose lightest arc leads to another rank is blocked (it does
 * not hook, but may be hooked into); the others hook along theirs, an MSF edge by the cut
 * property, through a wait-free union-find (openmp/dsu.h), which takes an edge that both its
 * ends picked once; then the edges' ends become their components' roots and the edges inside
 * one are dropped. Rounds go on while one adds an edge. Of a vertex's arcs to other ranks only
 * the lightest is kept: a component's lightest such arc is the least of its vertices'. Then
 * every vertex's parent is its component's root. *edges: the forest edges so found here.
 * Memory: best[], 8 bytes per vertex for the union-find (the answers' buffer) and two lists of
 * 16 bytes per local edge (the receive buffer, which the redistribution then fills with as
 * many arcs). Errors: MST_ERESOURCE.
 */
static mst_status local_boruvka(dbv_state *s, uint64_t *edges)
{
    const dbv_graph *g = s->g;
    uint32_t n = g->n_local;
    uint64_t items = 0, nf = s->nf;
    /* Each vertex's lightest arc to another rank into best[], and the lists' length. */
#pragma omp parallel num_threads(s->threads)
    {
#pragma omp for schedule(static) reduction(+ : items)
        for (uint64_t i = 0; i < s->m; i++) {
            const dbv_arc *a = &s->arc[i];
            if (dbv_mine(g, a->y))
                items += a->x < a->y;
            else
                par_min_u64(&s->best[dbv_local(g, a->x)], (uint64_t)a->key << 32 | i);
        }
#pragma omp for schedule(static) reduction(+ : items)
        for (uint32_t v = 0; v < n; v++)
            items += s->best[v] != DBV_NO_ARC;
    }
    if (buf_reserve(&s->recv, 2 * items * sizeof(dbv_item)) != MST_OK ||
        buf_reserve(&s->abuf, (uint64_t)n * sizeof(uint64_t)) != MST_OK) {
#pragma omp parallel for num_threads(s->threads) schedule(static)
        for (uint32_t v = 0; v < n; v++)
            s->best[v] = DBV_NO_ARC;
        return MST_ERESOURCE;
    }
    par_dsu uf;
    uf.rec = s->abuf.p;
#pragma omp parallel num_threads(s->threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        dbv_item *wl = s->recv.p, *next = wl + items;
        uint64_t lo, hi, vlo, vhi, k = 0, len;
        uint32_t batch[LOCAL_BATCH];
        int nb = 0;
        /* The first list, after the parts of the threads before this one: its vertices' arcs to
         * other ranks, read from best[] before any local edge lowers it, then the local edges
         * of its arcs, which set the rest of the first round's minima. */
        par_team_slice(s->m, t, nt, &lo, &hi);
        par_team_slice(n, t, nt, &vlo, &vhi);
        for (uint64_t v = vlo; v < vhi; v++)
            k += s->best[v] != DBV_NO_ARC;
        uint64_t far = k; /* where this thread's local edges go, after its far arcs */
        for (uint64_t i = lo; i < hi; i++)
            k += dbv_mine(g, s->arc[i].y) && s->arc[i].x < s->arc[i].y;
        k = par_team_offset(k, s->tseg, &len);
        far += k;
        for (uint64_t v = vlo; v < vhi; v++) {
            uf.rec[v] = v;
            if (s->best[v] != DBV_NO_ARC)
                wl[k++] = (dbv_item){(uint32_t)v, DBV_NONE, s->best[v]};
        }
#pragma omp barrier
        for (uint64_t i = lo; i < hi; i++) {
            const dbv_arc *a = &s->arc[i];
            if (!dbv_mine(g, a->y) || a->x >= a->y)
                continue;
            dbv_item e = {dbv_local(g, a->x), dbv_local(g, a->y), (uint64_t)a->key << 32 | i};
            wl[far++] = e;
            par_min_u64(&s->best[e.x], e.w);
            par_min_u64(&s->best[e.y], e.w);
        }
#pragma omp barrier
        for (;;) {
            /* Hooks: an edge that is the lightest arc of an end joins the two. */
            uint64_t before = __atomic_load_n(&nf, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp for schedule(static)
            for (uint64_t i = 0; i < len; i++) {
                dbv_item e = wl[i];
                if (e.y == DBV_NONE || (__atomic_load_n(&s->best[e.x], __ATOMIC_RELAXED) != e.w &&
                                        __atomic_load_n(&s->best[e.y], __ATOMIC_RELAXED) != e.w))
                    continue;
                if (dsu_union(&uf, e.x, e.y, DSU_WAITFREE))
                    batch[nb++] = (uint32_t)e.w;
                if (nb == LOCAL_BATCH)
                    nb = local_emit(s, &nf, batch, nb);
            }
            nb = local_emit(s, &nf, batch, nb);
#pragma omp barrier
            int joined = __atomic_load_n(&nf, __ATOMIC_RELAXED) != before;
            /* The minima cleared where they were set (guarded: a large component's word is
             * read by many threads and written by the first). */
#pragma omp for schedule(static)
            for (uint64_t i = 0; i < len; i++) {
                uint32_t end[2] = {wl[i].x, wl[i].y};
                for (int j = 0; j < 2 && end[j] != DBV_NONE; j++)
                    if (__atomic_load_n(&s->best[end[j]], __ATOMIC_RELAXED) != DBV_NO_ARC)
                        __atomic_store_n(&s->best[end[j]], DBV_NO_ARC, __ATOMIC_RELAXED);
            }
            if (!joined)
                break;
            /* Contraction: each thread's slice relabelled to the roots and compacted to its
             * start, the next round's minima set on the way, then moved to the next list
             * after the slices of the threads before it. */
            par_team_slice(len, t, nt, &lo, &hi);
            k = lo;
            for (uint64_t i = lo; i < hi; i++) {
                dbv_item e = wl[i];
                e.x = dsu_find(&uf, e.x, DSU_WAITFREE);
                if (e.y != DBV_NONE && (e.y = dsu_find(&uf, e.y, DSU_WAITFREE)) == e.x)
                    continue;
                wl[k++] = e;
                par_min_u64(&s->best[e.x], e.w);
                if (e.y != DBV_NONE)
                    par_min_u64(&s->best[e.y], e.w);
            }
            uint64_t at = par_team_offset(k - lo, s->tseg, &len);
            memcpy(next + at, wl + lo, (k - lo) * sizeof *wl);
            dbv_item *swap = wl;
            wl = next, next = swap;
#pragma omp barrier
        }
        for (uint64_t v = vlo; v < vhi; v++) { /* every vertex's local component root (label) */
            s->parent[v] = dbv_global(g, dsu_find(&uf, (uint32_t)v, DSU_WAITFREE));
            s->stage[v] = s->parent[v] != dbv_global(g, (uint32_t)v); /* stage 1: this pass */
        }
    }
    *edges = nf - s->nf;
    s->nf = nf;
    return MST_OK;
}

/*
 * Step 2: the edges between this rank's vertices that it can prove to be in the MSF alone,
 * where its working arcs are mostly local (by id: a share sorted by source is not, 1): Kruskal
 * with blocking on one thread, Borůvka with blocking on several (the sort makes Kruskal the
 * faster of the two on one, and its scan cannot be shared). Then the arcs take their components'
 * labels at both ends, as after a round. *edges: the forest edges so found, over all ranks.
 * Collective; errors (agreed): MST_ERESOURCE.
 */
static mst_status local_contract(dbv_state *s, uint64_t *edges)
{
    mst_status st = MST_OK;
    uint64_t total = 0;
    *edges = 0;
    if (s->local && !s->g->by_source && dbv_mostly_local(s->g, s->arc, s->m, s->threads))
        st = s->threads > 1 ? local_boruvka(s, edges) : local_kruskal(s, edges);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    MPI_Allreduce(edges, &total, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
    *edges = total;
    if (total == 0)
        return MST_OK;
    if ((st = relabel(s)) != MST_OK)
        return st;
    return redistribute(s);
}

/* ------------------------------------------------------------------------------------------ */
/* 3. Min-edge per vertex (round, steps 1-2): the lightest arc of every live label, its parent, */
/*    the 2-cycles and the forest edges                                                         */

/* Step 1: best[] and the live labels (those holding arcs) from the working arcs. The key kept
 * beside the index decides all but ties without reading the best arc back. Threads replace a
 * label's entry by compare-and-swap only when their arc is lighter; then live[] lists the
 * labels that have one in increasing order, each thread its block of labels after the blocks
 * before it (one shared counter of live labels would bounce between the threads' caches). */
static void lightest_arcs(dbv_state *s)
{
    const dbv_graph *g = s->g;
#pragma omp parallel num_threads(s->threads)
    {
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < s->m; i++) {
            if (i + DBV_AHEAD < s->m)
                DBV_PREFETCH(g, s->best, s->arc[i + DBV_AHEAD].x);
            const dbv_arc *a = &s->arc[i];
            uint64_t *best = &s->best[dbv_local(g, a->x)], mine = (uint64_t)a->key << 32 | i;
            uint64_t b = __atomic_load_n(best, __ATOMIC_RELAXED);
            for (;;) {
                uint32_t bkey = (uint32_t)(b >> 32);
                if (b != DBV_NO_ARC &&
                    (a->key > bkey || (a->key == bkey && !dbv_arc_less(a, &s->arc[(uint32_t)b]))))
                    break;
                if (__atomic_compare_exchange_n(best, &b, mine, 1, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED))
                    break;
            }
        }
        uint64_t lo, hi, k = 0, live;
        par_team_slice(g->n_local, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t v = lo; v < hi; v++)
            k += s->best[v] != DBV_NO_ARC;
        k = par_team_offset(k, s->tseg, &live);
        for (uint64_t v = lo; v < hi; v++)
            if (s->best[v] != DBV_NO_ARC)
                s->live[k++] = (uint32_t)v;
#pragma omp master
        s->n_live = (uint32_t)live;
    }
}

/* Step 2, after lightest_arcs: parents, 2-cycles, forest edges. Collective; errors (agreed):
 * MST_ERESOURCE. */
static mst_status min_edges(dbv_state *s)
{
    mst_status st = MST_OK;
    uint32_t k = s->n_live;
    if (buf_reserve(&s->qbuf, (uint64_t)k * sizeof(uint32_t)) != MST_OK ||
        buf_reserve(&s->abuf, (uint64_t)k * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    /* Each live label's parent from its lightest arc, that arc's id and key parked in the
     * forest arrays at nf + j (every live label is a root that has put no edge there yet, so
     * nf + n_live stays within n_local), and q[j] = the parent, whose own parent the owner is
     * asked next. */
    uint32_t *q = s->qbuf.p;
#pragma omp parallel for num_threads(s->threads) schedule(static)
    for (uint32_t j = 0; j < k; j++) {
        if (j + DBV_AHEAD < k)
            __builtin_prefetch(&s->arc[(uint32_t)s->best[s->live[j + DBV_AHEAD]]]);
        uint32_t lx = s->live[j];
        const dbv_arc *a = &s->arc[(uint32_t)s->best[lx]];
        s->parent[lx] = q[j] = a->y;
        s->feid[s->nf + j] = a->eid;
        s->fkey[s->nf + j] = a->key;
        s->best[lx] = DBV_NO_ARC; /* ready for the next round */
    }
    if ((st = ask(s, q, k, parent_of, s->abuf.p, 0)) != MST_OK)
        return st;
    const uint64_t *grand = s->abuf.p;
    uint64_t parked = s->nf;
    /* Each thread's block of the live labels; its forest edges move down to the start of its
     * block of the parked ones (never over one not yet read), then the blocks are joined in
     * order. */
#pragma omp parallel for num_threads(s->threads) schedule(static, 1)
    for (int t = 0; t < s->threads; t++) {
        uint64_t lo, hi, *seg = &s->tseg[4 * t];
        par_team_slice(k, t, s->threads, &lo, &hi);
        seg[0] = parked + lo, seg[1] = 0;
        for (uint64_t j = lo; j < hi; j++) {
            uint32_t lx = s->live[j], x = dbv_global(s->g, lx), y = s->parent[lx];
            /* Both ends picked the same edge (the lightest leaving either is unique): one
             * becomes the root, the other puts the edge into the forest. The root is the end
             * whose label hashes lower (dist_mix32 is a bijection), not the smaller label:
             * roots keep their labels, and smaller ones would pile the components up at the low
             * ranks of the block partition. */
            if (grand[j] == x && dist_mix32(x) < dist_mix32(y)) {
                s->parent[lx] = x;
                s->done[lx] = 1;
                continue;
            }
            s->done[lx] = grand[j] == x; /* the parent is the root of a 2-cycle */
            /* Else the grandparent is this tree's too (after the 2-cycles' resolution it is an
             * ancestor, or the child of the root it picked): the first doubling step, done. */
            if (grand[j] != x)
                s->parent[lx] = (uint32_t)grand[j];
            s->feid[seg[0] + seg[1]] = s->feid[parked + j];
            s->fkey[seg[0] + seg[1]++] = s->fkey[parked + j];
        }
    }
    for (int t = 0; t < s->threads; t++) {
        const uint64_t *seg = &s->tseg[4 * t];
        memmove(&s->feid[s->nf], &s->feid[seg[0]], seg[1] * sizeof *s->feid);
        memmove(&s->fkey[s->nf], &s->fkey[seg[0]], seg[1] * sizeof *s->fkey);
        s->nf += seg[1];
    }
    return MST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* 4. Pointer doubling (step 3), in bulk-synchronous steps, until every live label's parent is  */
/*    the root of its tree                                                                      */

/* The owner's answer: the label's parent, and in bit 32 whether that parent is a root. A root
 * answers for itself: the hub is one that was not live this round, so its flag is stale. */
static uint64_t parent_done(const dbv_state *s, uint32_t local)
{
    int done = s->done[local] || s->parent[local] == dbv_global(s->g, local);
    return (uint64_t)done << 32 | s->parent[local];
}

/*
 * Called by every thread of the team: the labels that still ask, in this thread's block of them
 * after those of the blocks before it, put their parents into q[] (where q is not NULL) or
 * take the answers a[] in the same order. Those of pointer doubling (list: live[n]) are the
 * live labels whose parent is not yet a root, and take their new parent and its flag (4); those
 * of a filter merge's compression (list NULL) are the vertices of stage t, and take their new
 * parent (7). *k = their number over all blocks.
 */
static void pending_block(dbv_state *s, const uint32_t *list, uint64_t n, uint32_t t,
                          uint32_t *q, const uint64_t *a, uint64_t *k)
{
    uint64_t lo, hi, at = 0, all;
    par_team_slice(n, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
    for (uint64_t j = lo; j < hi; j++)
        at += list != NULL ? !s->done[list[j]] : s->stage[j] == t;
    at = par_team_offset(at, s->tseg, &all);
    if (omp_get_thread_num() == 0)
        *k = all;
    for (uint64_t j = lo; j < hi; j++) {
        uint32_t v = list != NULL ? list[j] : (uint32_t)j;
        if (list != NULL ? s->done[v] : s->stage[v] != t)
            continue;
        if (q != NULL) {
            q[at++] = s->parent[v];
        } else {
            s->parent[v] = (uint32_t)a[at];
            if (list != NULL)
                s->done[v] = (uint8_t)(a[at] >> 32);
            at++;
        }
    }
}

/* Collective; the labels that are no longer roots get the round's stage. Errors (agreed):
 * MST_ERESOURCE; MST_EINTERNAL past 254 rounds. */
static mst_status jump(dbv_state *s)
{
    mst_status st = MST_OK;
    for (;;) {
        uint32_t *q = s->qbuf.p; /* room for n_live words (min_edges) */
        uint64_t k = 0, pending = 0;
#pragma omp parallel num_threads(s->threads)
        pending_block(s, s->live, s->n_live, 0, q, NULL, &k);
        MPI_Allreduce(&k, &pending, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
        if (pending == 0)
            break;
        s->jump_steps++;
        /* Answers read the owners' arrays before any rank updates its own (ask() answers all
         * requests before its replies can arrive), so each step doubles every pointer once. */
        if ((st = ask(s, q, k, parent_done, s->abuf.p, 1)) != MST_OK)
            return st;
#pragma omp parallel num_threads(s->threads)
        pending_block(s, s->live, s->n_live, 0, NULL, s->abuf.p, &k);
    }
    if (s->stages == UINT8_MAX) /* stage[] would wrap: the compression would go wrong */
        return mst_fail(MST_EINTERNAL, "rank %d: more than %d Borůvka rounds", s->c->rank,
                        UINT8_MAX - 1);
    s->stages++;
#pragma omp parallel for num_threads(s->threads) schedule(static)
    for (uint32_t j = 0; j < s->n_live; j++) {
        uint32_t lx = s->live[j];
        if (s->parent[lx] != dbv_global(s->g, lx))
            s->stage[lx] = (uint8_t)s->stages;
    }
    return MST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* 5. Relabel (step 4): both ends of every arc relabelled to their roots, arcs inside a        */
/*    component dropped                                                                         */

/* Arcs relabelled per request/reply exchange (one window of ask()): the requests and replies
 * (about 40 bytes per arc, 2.5 MiB) stay bounded, rather than growing with a rank's arcs. */
#define CHUNK ((uint64_t)1 << 16)

/* Arc a, its near end already relabelled, into s->arc[*out]: a far end held here read at once,
 * one held elsewhere put into q[*k] and the arc kept with y = DBV_NONE (which no label is); an
 * arc whose ends are both known to be in one component is dropped. */
static inline void relabel_far(dbv_state *s, dbv_arc a, uint32_t *q, uint64_t *k, uint64_t *out)
{
    if (dbv_mine(s->g, a.y))
        a.y = s->parent[dbv_local(s->g, a.y)];
    else
        q[(*k)++] = a.y, a.y = DBV_NONE;
    s->arc[*out] = a;
    *out += a.x != a.y;
}

/*
 * The arcs of src[m] (all, or where heavy_only those above (s->tkey, s->teid)) relabelled into
 * s->arc (in place when src is s->arc; src is the share's dbv_far records where it is the share
 * by source), dropping those inside a component and those whose
 * source label is the hub (find_hub: the twin keeps the edge), in windows of CHUNK arcs: a
 * first pass relabels the near end from this rank's parents and the far ends held here, the
 * far ends held elsewhere are asked of their owners, and a second pass over the kept arcs alone
 * fills them in; each pass on the threads, each thread over its block of the window, and the
 * blocks joined in order. Collective (one ask() per window, maybe empty). Errors (agreed):
 * MST_ERESOURCE.
 */
static mst_status relabel_arcs(dbv_state *s, const dbv_arc *src, uint64_t m, int heavy_only)
{
    const dbv_graph *g = s->g;
    mst_status st = MST_OK;
    uint64_t windows = (m + CHUNK - 1) / CHUNK, most = 0, room = m < CHUNK ? m : CHUNK;
    MPI_Allreduce(&windows, &most, 1, MPI_UINT64_T, MPI_MAX, s->c->comm);
    if (buf_reserve(&s->qbuf, room * sizeof(uint32_t)) != MST_OK ||
        buf_reserve(&s->abuf, room * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    uint64_t kept = 0;
    for (uint64_t win = 0; win < most; win++) {
        uint64_t lo = win * CHUNK < m ? win * CHUNK : m;
        uint64_t hi = m - lo < CHUNK ? m : lo + CHUNK;
        uint32_t *q = s->qbuf.p;
        uint64_t k = 0, out = kept;
        st = src == s->arc ? MST_OK : grow_arcs(s, kept + (hi - lo));
        if ((st = dist_agree(s->c, st)) != MST_OK)
            return st;
        memset(s->tseg, 0, 4 * (size_t)s->threads * sizeof *s->tseg);
#pragma omp parallel num_threads(s->threads)
        {
            /* Each thread's block [a, b) of the window: its kept arcs from arc[base] on, its
             * requests from q[a - lo] on. In place (src == s->arc) the first block's arcs move
             * down to `kept` (at most lo) and the others' stay within their block, so no thread
             * writes where another still reads. */
            int t = omp_get_thread_num(), nt = omp_get_num_threads();
            uint64_t a = lo + (hi - lo) * (uint64_t)t / (uint64_t)nt;
            uint64_t b = lo + (hi - lo) * (uint64_t)(t + 1) / (uint64_t)nt;
            uint64_t base = t > 0 && src == s->arc ? a : kept + (a - lo), tout = base, tk = 0;
            uint32_t *tq = q + (a - lo);
            if (src == g->arc && g->by_source) {
                /* The share sorted by source, one run of arcs per source (dbv_far records): the
                 * source's root is read once, and the runs of sources in the hub are skipped
                 * unread (after a filter on a random graph, most of the share). */
                const dbv_far *far = g->arc;
                uint32_t v = first_run(g, a);
                for (uint64_t i = a; i < b; v++) {
                    uint64_t stop = g->src_end[v] < b ? g->src_end[v] : b;
                    uint32_t rx = s->parent[v];
                    if (rx == s->hub) {
                        i = stop;
                        continue;
                    }
                    for (; i < stop; i++) {
                        if (i + DBV_AHEAD < b && dbv_mine(g, far[i + DBV_AHEAD].y))
                            DBV_PREFETCH(g, s->parent, far[i + DBV_AHEAD].y);
                        dbv_arc x = {rx, far[i].y, far[i].key, far[i].eid};
                        if (heavy_only && !dbv_above(&x, s->tkey, s->teid))
                            continue;
                        relabel_far(s, x, tq, &tk, &tout);
                    }
                }
            } else {
                for (uint64_t i = a; i < b; i++) {
                    if (i + DBV_AHEAD < b) {
                        const dbv_arc *y = &src[i + DBV_AHEAD];
                        DBV_PREFETCH(g, s->parent, y->x);
                        if (dbv_mine(g, y->y))
                            DBV_PREFETCH(g, s->parent, y->y);
                    }
                    dbv_arc x = src[i];
                    if (heavy_only && !dbv_above(&x, s->tkey, s->teid))
                        continue;
                    x.x = s->parent[dbv_local(g, x.x)];
                    if (x.x != s->hub)
                        relabel_far(s, x, tq, &tk, &tout);
                }
            }
            uint64_t *seg = &s->tseg[4 * t];
            seg[0] = base, seg[1] = tout - base, seg[2] = a - lo, seg[3] = tk;
        }
        for (int t = 0; t < s->threads; t++) { /* the requests joined in order */
            uint64_t *seg = &s->tseg[4 * t];
            memmove(&q[k], &q[seg[2]], seg[3] * sizeof *q);
            seg[2] = k, k += seg[3]; /* where the block's answers will be */
        }
        if ((st = ask(s, q, k, parent_of, s->abuf.p, 0)) != MST_OK)
            return st;
        /* Each block's far ends filled in from its answers, the arcs that fall inside a
         * component dropped; then the blocks joined in order. */
        const uint64_t *root = s->abuf.p;
#pragma omp parallel for num_threads(s->threads) schedule(static, 1) if (k > 0)
        for (int t = 0; t < s->threads; t++) {
            uint64_t *seg = &s->tseg[4 * t], j = seg[2], o = seg[0];
            if (seg[3] == 0) /* no far end asked: its arcs are final */
                continue;
            for (uint64_t i = seg[0]; i < seg[0] + seg[1]; i++) {
                dbv_arc a = s->arc[i];
                if (a.y == DBV_NONE)
                    a.y = (uint32_t)root[j++];
                s->arc[o] = a;
                o += a.x != a.y;
            }
            seg[1] = o - seg[0];
        }
        for (int t = 0; t < s->threads; t++) {
            const uint64_t *seg = &s->tseg[4 * t];
            memmove(&s->arc[out], &s->arc[seg[0]], seg[1] * sizeof *s->arc);
            out += seg[1];
        }
        kept = out;
    }
    s->m = kept;
    return MST_OK;
}

/* Step 4 on the working arcs. */
static mst_status relabel(dbv_state *s)
{
    return relabel_arcs(s, s->arc, s->m, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* 6. Redistribution and contraction (step 5): every arc to the owner of its (new) source      */
/*    label, where parallel arcs are reduced to the lightest. The arcs leave in windows and the */
/*    reduction is in place, so that a round holds the arcs twice (those it had and those it    */
/*    receives) and not four times                                                              */

/* Where a reduction removes less than this share of the arcs, the next is skipped. */
#define REDUCE_MIN_YIELD 0.01

/* The hash of an arc's (x, y) pair (splitmix64's finalizer). */
static inline uint64_t pair_hash(const dbv_arc *a)
{
    uint64_t z = (uint64_t)a->x << 32 | a->y;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The k arcs of in[] reduced, in place, to one per (x, y) pair: the lightest by (key, id); their
 * number into *m. The two arcs of an edge meet the same rivals at their two owners, so both ends
 * keep the same edge. An open-addressing table of arc indices, twice as large as k rounded up to
 * a power of two, then a byte per arc (1: it lost), in the receive buffer, which no exchange
 * uses meanwhile (in[] is elsewhere): after a redistribution it is the block of the arcs just
 * sent, whose pages are already the rank's. On the threads: an arc takes an empty slot, or
 * its pair's slot from a heavier arc, by compare-and-swap, and the arc that loses is marked
 * by the thread that finds out (once: an arc out of the table is never met again); then each
 * thread squeezes the losers out of its block, and the blocks are joined in order. Errors:
 * MST_ERESOURCE. */
static mst_status reduce(dbv_state *s, dbv_arc *in, uint64_t k, uint64_t *m)
{
    uint64_t size = 2;
    while (size < 2 * k)
        size <<= 1;
    if (buf_reserve(&s->recv, size * sizeof(uint32_t) + k) != MST_OK)
        return MST_ERESOURCE;
    uint32_t *slot = s->recv.p;
    uint8_t *lost = (uint8_t *)(slot + size);
    uint64_t mask = size - 1;
    memset(s->tseg, 0, 4 * (size_t)s->threads * sizeof *s->tseg);
#pragma omp parallel num_threads(s->threads)
    {
        int t = omp_get_thread_num();
        uint64_t lo, hi;
#pragma omp for schedule(static) nowait
        for (uint64_t h = 0; h < size; h++)
            slot[h] = DBV_NONE;
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < k; i++)
            lost[i] = 0;
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < k; i++) {
            if (i + DBV_AHEAD < k)
                __builtin_prefetch(&slot[pair_hash(&in[i + DBV_AHEAD]) & mask]);
            uint64_t h = pair_hash(&in[i]) & mask;
            uint32_t u = __atomic_load_n(&slot[h], __ATOMIC_RELAXED);
            for (;;) {
                if (u == DBV_NONE || (in[u].x == in[i].x && in[u].y == in[i].y &&
                                      dbv_arc_less(&in[i], &in[u]))) {
                    if (!__atomic_compare_exchange_n(&slot[h], &u, (uint32_t)i, 0,
                                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                        continue; /* the slot changed: look at what it holds now */
                    if (u != DBV_NONE)
                        lost[u] = 1;
                    break;
                }
                if (in[u].x == in[i].x && in[u].y == in[i].y) {
                    lost[i] = 1;
                    break;
                }
                h = (h + 1) & mask;
                u = __atomic_load_n(&slot[h], __ATOMIC_RELAXED);
            }
        }
        par_team_slice(k, t, omp_get_num_threads(), &lo, &hi);
        uint64_t *seg = &s->tseg[4 * t], o = lo;
        for (uint64_t i = lo; i < hi; i++)
            if (!lost[i])
                in[o++] = in[i];
        seg[0] = lo, seg[1] = o - lo;
    }
    *m = 0;
    for (int t = 0; t < s->threads; t++) {
        const uint64_t *seg = &s->tseg[4 * t];
        memmove(&in[*m], &in[seg[0]], seg[1] * sizeof *in);
        *m += seg[1];
    }
    return MST_OK;
}

/* Collective: every arc of s->arc to the owner of its x, in windows of s->g->window arcs
 * (dbv_windows), into the receive buffer; then the arrays swap: the arcs received become
 * s->arc, reduced in place (reduce()) unless s->skip_reduce, and the old arcs' block the next
 * receive buffer. On one rank the arcs stay where they are. Errors (agreed): MST_ERESOURCE. */
static mst_status redistribute(dbv_state *s)
{
    dbv_windows w;
    uint64_t win = s->g->window, in = s->m;
    int p = s->c->size;
    mst_status st = MST_OK;
    /* One rank keeps its arcs where they are, for the reduction alone. */
    if (p == 1)
        goto alone;
    /* s->count[q]: the arcs for rank q. */
#pragma omp parallel num_threads(s->threads)
    {
        uint64_t *mine = thread_counts(s, omp_get_thread_num());
        memset(mine, 0, (size_t)p * sizeof *mine);
#pragma omp for schedule(static)
        for (uint64_t i = 0; i < s->m; i++)
            mine[dbv_owner(s->g, s->arc[i].x)]++;
        rank_offsets(s);
    }
    st = windows_open(&w, s->c, s->count, (s->m + win - 1) / win, &in);
    if (st == MST_OK &&
        (buf_reserve(&s->recv, in * sizeof(dbv_arc)) != MST_OK ||
         buf_reserve(&s->send, (s->m < win ? s->m : win) * sizeof(dbv_arc)) != MST_OK))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " arcs",
                      s->c->rank, in);
    if ((st = dist_agree(s->c, st)) == MST_OK) {
        for (uint64_t k = 0; k < w.windows; k++) {
            uint64_t lo = k * win < s->m ? k * win : s->m;
            uint64_t hi = s->m - lo < win ? s->m : lo + win;
            dbv_arc *send = s->send.p;
            /* The window's arcs grouped by owner rank, each thread's block of them after the
             * blocks before it. */
#pragma omp parallel num_threads(s->threads)
            {
                uint64_t a, b, *mine = thread_counts(s, omp_get_thread_num());
                par_team_slice(hi - lo, omp_get_thread_num(), omp_get_num_threads(), &a, &b);
                a += lo, b += lo;
                memset(mine, 0, (size_t)p * sizeof *mine);
                for (uint64_t i = a; i < b; i++)
                    mine[dbv_owner(s->g, s->arc[i].x)]++;
                rank_offsets(s);
                for (uint64_t i = a; i < b; i++)
                    send[mine[dbv_owner(s->g, s->arc[i].x)]++] = s->arc[i];
            }
            s->bytes_sent += windows_send(&w, s->send.p, s->count, s->recv.p);
        }
    }
    windows_close(&w);
    if (st != MST_OK)
        return st;
    dbv_buf old = {s->arc, s->arc_cap * sizeof(dbv_arc)};
    s->arc = s->recv.p;
    s->arc_cap = s->recv.cap / sizeof(dbv_arc);
    s->recv = old;
alone:
    s->m = in;
    if (!s->skip_reduce && reduce(s, s->arc, in, &s->m) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    /* Parallel arcs only cost time: each end still picks its lightest edge, and both ends of an
     * edge see the same arcs between them. Where a reduction removed under REDUCE_MIN_YIELD of
     * the arcs (a sparse graph's first rounds), the next one is skipped; never two in a row. */
    uint64_t mine[2] = {in, s->m}, all[2] = {0, 0};
    if (s->skip_reduce) {
        s->skip_reduce = 0;
        return MST_OK;
    }
    MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, s->c->comm);
    s->skip_reduce = (double)(all[0] - all[1]) < REDUCE_MIN_YIELD * (double)all[0];
    return MST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* 7. Filtering (Filter-Borůvka): the light edges first, then the heavy ones that still join   */
/*    two components                                                                            */

/* The light phase keeps about FILTER_LIGHT_ARCS arcs per vertex or live label (one edge: on a
 * random graph its components already hold most vertices, so most heavy edges fall inside one),
 * and arcs fewer than FILTER_MIN_ARCS per vertex or label are not split. Chosen by the total
 * size of the rounds (the sum of the edges at the start of each, plus the heavy edges relabelled
 * once) on random graphs of 1.5 and 4 edges per vertex and a grid (docs/mst-mpi.md). */
#define FILTER_LIGHT_ARCS 2
#define FILTER_MIN_ARCS 6
#define SAMPLES 512 /* arcs sampled per rank to place the threshold */

/* A sampled arc: its (key, id) and how many arcs of its rank it stands for. */
typedef struct sample {
    uint64_t eid;
    uint32_t key, pad;
    double weight;
} sample;

static int sample_cmp(const void *a, const void *b)
{
    const sample *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->eid < y->eid ? -1 : x->eid > y->eid;
}

/* The (key, id) below which about `want` arcs of all ranks lie: every rank samples SAMPLES
 * evenly spaced arcs of its m (arc[], or far[] where not NULL), every rank sorts all samples the
 * same way and walks their weights. Collective; errors (agreed): MST_ERESOURCE. */
static mst_status threshold(const dbv_state *s, const dbv_arc *arc, const dbv_far *far,
                            uint64_t m, double want, uint32_t *tkey, uint64_t *teid)
{
    int p = s->c->size;
    sample mine[SAMPLES], *all = mst_alloc((size_t)p * SAMPLES, sizeof *all);
    mst_status st = dist_agree(s->c, all == NULL ? MST_ERESOURCE : MST_OK);
    if (st != MST_OK) {
        free(all);
        return st;
    }
    memset(mine, 0, sizeof mine);
    uint64_t k = m < SAMPLES ? m : SAMPLES;
    for (uint64_t i = 0; i < SAMPLES; i++) {
        mine[i].key = UINT32_MAX, mine[i].eid = UINT64_MAX;
        uint64_t j = i * m / k;
        if (i < k && far != NULL)
            mine[i] = (sample){far[j].eid, far[j].key, 0, (double)m / (double)k};
        else if (i < k)
            mine[i] = (sample){arc[j].eid, arc[j].key, 0, (double)m / (double)k};
    }
    MPI_Allgather(mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                  s->c->comm);
    qsort(all, (size_t)p * SAMPLES, sizeof *all, sample_cmp);
    double seen = 0;
    uint64_t i = 0;
    while (i + 1 < (uint64_t)p * SAMPLES && seen + all[i].weight < want)
        seen += all[i++].weight;
    *tkey = all[i].key, *teid = all[i].eid;
    free(all);
    return MST_OK;
}

/* Whether `arcs` arcs over `labels` labels holding them (both over all ranks) are many enough
 * per label for filtering to pay. */
static int filter_wanted(uint64_t arcs, uint64_t labels)
{
    return (double)arcs >= FILTER_MIN_ARCS * (double)labels;
}

/* The working arcs from the share. Filtering at the start: when the arcs are many per vertex
 * (filter_wanted), only the light ones (about FILTER_LIGHT_ARCS per vertex, at or below a
 * sampled (key, id) threshold kept in s->tkey, s->teid); the heavy ones stay in the share until
 * filter_merge, and s->split says so. Collective; errors (agreed): MST_ERESOURCE. */
static mst_status take_arcs(dbv_state *s)
{
    const dbv_graph *g = s->g;
    const dbv_arc *share = g->by_source ? NULL : g->arc;
    const dbv_far *far = g->by_source ? g->arc : NULL;
    uint64_t arcs = 0;
    s->tkey = UINT32_MAX, s->teid = UINT64_MAX;
    MPI_Allreduce(&g->arcs, &arcs, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
    int split = s->filter && filter_wanted(arcs, g->pt.n);
    s->split = split ? DBV_SPLIT_SHARE : DBV_WHOLE;
    mst_status st = MST_OK;
    if (split && (st = threshold(s, share, far, g->arcs, FILTER_LIGHT_ARCS * (double)g->pt.n,
                                 &s->tkey, &s->teid)) != MST_OK)
        return st;
    /* The arcs in the share's order (the local pass needs increasing ids), each source from
     * its run where the share is by source, and where split only the light ones (without a
     * split every arc is at or below the pair (tkey, teid)); heavy ones stay in the share.
     * With several threads each counts the light arcs of its slice of the share, then writes
     * them after those of the slices before it; one thread alone needs no count, and takes
     * room for every arc (the pages it does not write are never mapped). Every arc up to the
     * last light one is written, and the place moves on the light ones, with no branch on
     * weights that a random graph mixes at random. */
    s->m = 0;
#pragma omp parallel num_threads(s->threads)
    {
        int alone = omp_get_num_threads() == 1;
        uint64_t lo, hi, k = 0, total;
        par_team_slice(g->arcs, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
        for (uint64_t i = lo; i < hi && split && !alone; i++) {
            dbv_arc a = far != NULL ? (dbv_arc){0, 0, far[i].key, far[i].eid} : share[i];
            k += !dbv_above(&a, s->tkey, s->teid);
        }
        uint64_t end = split && !alone ? k : hi - lo; /* then where its light arcs end */
        k = par_team_offset(end, s->tseg, &total);
        end += k;
#pragma omp single
        st = grow_arcs(s, total);
        if (st == MST_OK && !split && far == NULL) {
            memcpy(s->arc + k, share + lo, (hi - lo) * sizeof *share);
        } else if (st == MST_OK) {
            uint32_t v = far != NULL ? first_run(g, lo) : 0; /* by source: the run of arc i */
            for (uint64_t i = lo; i < hi && k < end; i++) {
                dbv_arc a;
                if (far != NULL) {
                    while (g->src_end[v] <= i)
                        v++;
                    a = (dbv_arc){dbv_global(g, v), far[i].y, far[i].key, far[i].eid};
                } else {
                    a = share[i];
                }
                s->arc[k] = a;
                k += !dbv_above(&a, s->tkey, s->teid);
            }
        }
        if (omp_get_thread_num() == omp_get_num_threads() - 1) /* the last part's end */
            s->m = st != MST_OK ? 0 : split && alone ? k : total;
    }
    if (st != MST_OK)
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for the light arcs of %llu",
                      s->c->rank, (unsigned long long)g->arcs);
    return dist_agree(s->c, st);
}

/* Filtering between rounds, after lightest_arcs found `labels` live labels over all ranks: the
 * working arcs above a sampled threshold (about FILTER_LIGHT_ARCS per label stay) move to
 * s->heavy until filter_merge; best[] is cleared for the light arcs' lightest_arcs. Collective;
 * errors (agreed): MST_ERESOURCE. */
static mst_status split_held(dbv_state *s, uint64_t labels)
{
    uint32_t tkey = 0;
    uint64_t teid = 0, heavy = 0;
    mst_status st = threshold(s, s->arc, NULL, s->m, FILTER_LIGHT_ARCS * (double)labels, &tkey,
                              &teid);
    if (st != MST_OK)
        return st;
    for (uint64_t i = 0; i < s->m; i++)
        heavy += dbv_above(&s->arc[i], tkey, teid);
    /* A block of its own, kept from solve to solve like the others: taking the receive
     * buffer's instead would have the next exchanges allocate theirs afresh in every solve. */
    if (buf_reserve(&s->heavy, heavy * sizeof(dbv_arc)) != MST_OK)
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %llu heavy arcs", s->c->rank,
                      (unsigned long long)heavy);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    dbv_arc *h = s->heavy.p;
    uint64_t light = 0;
    s->n_heavy = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        if (dbv_above(&s->arc[i], tkey, teid))
            h[s->n_heavy++] = s->arc[i];
        else
            s->arc[light++] = s->arc[i];
    }
    s->m = light;
    for (uint32_t j = 0; j < s->n_live; j++)
        s->best[s->live[j]] = DBV_NO_ARC;
    s->split = DBV_SPLIT_HELD, s->split_stages = s->stages;
    return MST_OK;
}

/*
 * Filtering, after the light rounds: every vertex's parent to its root, the hub found (once per
 * solve: a later one would leave the first holding arcs again), then the heavy arcs (of the
 * share, or held) relabelled into the working arcs, those inside a component dropped,
 * parallel ones reduced, the rest redistributed; s->split is DBV_WHOLE again. Times the steps
 * into tm->filter; rank 0 keeps the most arcs a rank holds after it. Collective; errors
 * (agreed): MST_ERESOURCE.
 *
 * The compression: the labels the heavy arcs name pointed at their roots: after a split at the
 * start every vertex of the rank, after one between rounds only those that were roots then
 * (stage 0, or above s->split_stages; the others are never read again). A label that stopped
 * being a root at stage t points to a root of the end of stage t, which a later stage may have
 * absorbed in turn. So the stages go from the last to the first: when those of stage t ask
 * their parent for its parent, every label absorbed later already points to its root, and a
 * root to itself. One request per such label that is not a root, one exchange per stage, where
 * pointer doubling over all vertices would ask several times as many (docs/mst-mpi.md).
 */
static mst_status filter_merge(dbv_state *s, dbv_times *tm)
{
    uint32_t n = s->g->n_local;
    mst_status st = MST_OK;
    double t0 = mst_now_s();
    if (buf_reserve(&s->qbuf, (uint64_t)n * sizeof(uint32_t)) != MST_OK ||
        buf_reserve(&s->abuf, (uint64_t)n * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    for (uint32_t t = s->stages; t > s->split_stages; t--) {
        uint32_t *q = s->qbuf.p;
        uint64_t k = 0;
#pragma omp parallel num_threads(s->threads)
        pending_block(s, NULL, n, t, q, NULL, &k);
        s->jump_steps++;
        if ((st = ask(s, q, k, parent_of, s->abuf.p, 0)) != MST_OK)
            return st;
#pragma omp parallel num_threads(s->threads)
        pending_block(s, NULL, n, t, NULL, s->abuf.p, &k);
    }
    if (s->hub == DBV_NONE && (st = find_hub(s)) != MST_OK)
        return st;
    double t1 = mst_now_s();
    if (s->split == DBV_SPLIT_SHARE)
        st = relabel_arcs(s, s->g->arc, s->g->arcs, 1);
    else
        st = relabel_arcs(s, s->heavy.p, s->n_heavy, 0);
    s->split = DBV_WHOLE, s->n_heavy = 0;
    s->merges++;
    double t2 = mst_now_s();
    /* Parallel heavy arcs between the same two components, reduced before they move. */
    if (st == MST_OK && s->c->size > 1)
        st = dist_agree(s->c, reduce(s, s->arc, s->m, &s->m));
    double t3 = mst_now_s();
    if (st == MST_OK)
        st = redistribute(s);
    if (st != MST_OK)
        return st;
    double t4 = mst_now_s();
    uint64_t most = 0;
    MPI_Reduce(&s->m, &most, 1, MPI_UINT64_T, MPI_MAX, 0, s->c->comm);
    s->merge_arcs_max = most > s->merge_arcs_max ? most : s->merge_arcs_max;
    double *f = tm->filter;
    f[0] += mst_now_s() - t0;
    f[1] += t1 - t0, f[2] += t2 - t1, f[3] += t3 - t2, f[4] += t4 - t3;
    return MST_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* 8. The hub: after the light rounds, the giant component whose arcs are kept from the far     */
/*    side only, so that they do not all converge on its owner                                  */

/* A component is a hub when it holds at least 1 / max(p, HUB_MIN_RANKS) of the voters: at least
 * its owner's even share of them, or 1 / HUB_MIN_RANKS of them on fewer ranks, where the arcs
 * it drops are still work saved at every rank. */
#define HUB_MIN_RANKS 16

/* A rank's candidate: a label and how many of the rank's voters it holds, and the voters. */
typedef struct candidate {
    uint32_t label, voters;
    uint64_t count;
} candidate;

/* Whether local label v votes: it was a root when the heavy arcs were held. */
static inline int votes(const dbv_state *s, uint32_t v)
{
    return s->stage[v] == 0 || s->stage[v] > s->split_stages;
}

/*
 * Filtering, after the compression: picks the hub, the giant component, if one holds at least
 * 1 / max(p, 16) of the voters, into s->hub (else DBV_NONE). The voters are the labels the
 * heavy arcs name (no stage, or one above s->split_stages): every vertex after a split at the
 * start, the components of the split after one between rounds. From then on the relabelling
 * drops every arc whose source label is the hub: each such edge stays as its twin arc, at the
 * far end's component, whose minimum is thus still exact; the hub never picks a minimum of its
 * own (it holds no arcs) and is absorbed by the others' picks (cut property). Its owner then
 * receives none of the hub's arcs, which are most of the arcs left. Each rank proposes the
 * majority root among its voters that are not roots themselves (Boyer and Moore 1991;
 * singletons, such as R-MAT's isolated vertices, do not vote) with its exact count; one
 * allgather; the label whose candidates' counts, summed over the ranks that proposed it, are
 * largest wins (ties: the smaller label), the same on every rank. Collective; errors (agreed):
 * MST_ERESOURCE.
 */
static mst_status find_hub(dbv_state *s)
{
    const dist_ctx *c = s->c;
    const dbv_graph *g = s->g;
    int p = c->size;
    candidate mine = {DBV_NONE, 0, 0}, *all = mst_alloc((size_t)p, sizeof *all);
    /* Each thread's majority over its block of the vertices, merged in block order (a root
     * holding most voters of the rank survives the merge), then its exact count. */
#pragma omp parallel num_threads(s->threads)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        uint64_t lo, hi, lead = 0, voters = 0, count = 0;
        uint32_t label = DBV_NONE;
        par_team_slice(g->n_local, t, nt, &lo, &hi);
        for (uint64_t v = lo; v < hi; v++) {
            if (!votes(s, (uint32_t)v))
                continue;
            voters++;
            uint32_t r = s->parent[v];
            if (r == dbv_global(g, (uint32_t)v))
                continue;
            if (lead == 0)
                label = r, lead = 1;
            else if (r == label)
                lead++;
            else
                lead--;
        }
        uint64_t *mine_t = &s->tseg[4 * t];
        mine_t[0] = label, mine_t[1] = lead, mine_t[2] = voters;
#pragma omp barrier
#pragma omp single
        {
            uint64_t best = 0;
            for (int u = 0; u < nt; u++) {
                const uint64_t *b = &s->tseg[4 * u];
                mine.voters += (uint32_t)b[2];
                if (b[0] == DBV_NONE)
                    continue;
                if (best == 0)
                    mine.label = (uint32_t)b[0], best = b[1];
                else if (b[0] == mine.label)
                    best += b[1];
                else if (best >= b[1])
                    best -= b[1];
                else
                    mine.label = (uint32_t)b[0], best = b[1] - best;
            }
        }
        for (uint64_t v = lo; v < hi && mine.label != DBV_NONE; v++)
            count += votes(s, (uint32_t)v) && s->parent[v] == mine.label;
#pragma omp atomic
        mine.count += count;
    }
    mst_status st = dist_agree(c, all == NULL ? MST_ERESOURCE : MST_OK);
    s->hub = DBV_NONE, s->hub_labels = 0;
    if (st == MST_OK) {
        MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                      c->comm);
        candidate best = {DBV_NONE, 0, 0};
        for (int i = 0; i < p; i++) {
            candidate b = {all[i].label, 0, 0};
            for (int j = 0; j < p && b.label != DBV_NONE; j++)
                b.count += all[j].label == b.label ? all[j].count : 0;
            if (b.label != DBV_NONE &&
                (b.count > best.count || (b.count == best.count && b.label < best.label)))
                best = b;
        }
        uint64_t ranks = p > HUB_MIN_RANKS ? (uint64_t)p : HUB_MIN_RANKS, voters = 0;
        for (int q = 0; q < p; q++)
            voters += all[q].voters;
        if (best.label != DBV_NONE && best.count * ranks >= voters)
            s->hub = best.label, s->hub_labels = best.count;
    }
    free(all);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* 9. The solve: the state of one solve, the round loop, and the forest gathered to rank 0      */

static void state_free(dbv_state *s)
{
    free(s->parent);
    free(s->best);
    free(s->done);
    free(s->stage);
    free(s->live);
    free(s->arc);
    free(s->feid);
    free(s->trace_end);
    free(s->fkey);
    free(s->count);
    free(s->rcount);
    free(s->tcount);
    free(s->tseg);
    dbv_buf *b[] = {&s->send, &s->recv, &s->reply, &s->back, &s->pos, &s->tmp, &s->qbuf,
                    &s->abuf, &s->heavy};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        buf_free(b[i]);
}

/* The arrays of the last solve, kept for the next one on the same share: a trial then touches
 * no fresh pages (the kernel's zeroing of fresh ones showed in a solve's profile). */
static dbv_state kept;

void DBV_NAME(dbv_release)(void)
{
    state_free(&kept);
    memset(&kept, 0, sizeof kept);
}

/* The state for share g and `threads` threads, every vertex its own component (the arcs come
 * from take_arcs): the arrays of the last solve when it was on g with as many threads. Errors:
 * MST_ERESOURCE (s half-filled: state_free() frees it). */
static mst_status state_open(dbv_state *s, const dist_ctx *c, const dbv_graph *g, int threads)
{
    mst_status st = MST_OK;
    uint32_t n = g->n_local;
    static int registered;
    if (!registered)
        registered = atexit(DBV_NAME(dbv_release)) == 0;
    if (kept.g == g && kept.c == c && kept.threads == threads) {
        *s = kept;
        memset(&kept, 0, sizeof kept);
    } else {
        DBV_NAME(dbv_release)();
        memset(s, 0, sizeof *s);
        s->c = c;
        s->g = g;
        MST_ALLOC(s->parent, n);
        MST_ALLOC(s->best, n);
        MST_ALLOC(s->done, n);
        MST_ALLOC(s->stage, n);
        MST_ALLOC(s->live, n);
        MST_ALLOC(s->feid, n);
        MST_ALLOC(s->fkey, n);
        MST_ALLOC(s->count, c->size);
        MST_ALLOC(s->rcount, c->size);
        s->threads = threads;
        MST_ALLOC(s->tcount, (uint64_t)threads * ((uint64_t)c->size + 8));
        MST_ALLOC(s->tseg, 4 * (uint64_t)threads);
    }
    /* The arcs and the receive buffer swap blocks at every redistribution: the larger block
     * goes first, so that every solve uses them in the same roles and finds them large enough
     * (a block allocated afresh costs the kernel's zeroing of its pages). */
    if (s->recv.cap > s->arc_cap * sizeof(dbv_arc)) {
        dbv_buf old = {s->arc, s->arc_cap * sizeof(dbv_arc)};
        s->arc = s->recv.p, s->arc_cap = s->recv.cap / sizeof(dbv_arc);
        s->recv = old;
    }
    s->m = s->nf = s->bytes_sent = s->jump_steps = 0;
    s->split = DBV_WHOLE, s->n_heavy = s->merges = s->merge_arcs_max = 0;
    s->skip_reduce = 0;
    s->n_live = 0;
    s->hub = DBV_NONE, s->hub_labels = 0;
    s->split_stages = 0;
    s->stages = 1; /* the local pass */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (uint32_t i = 0; i < n; i++) {
        s->parent[i] = dbv_global(g, i), s->best[i] = DBV_NO_ARC;
        s->done[i] = s->stage[i] = 0;
    }
fail:
    return st;
}

/* --trace: marks the end of a round (or the local pass) in this rank's forest edges.
 * Collective; errors (agreed): MST_ERESOURCE. */
static mst_status trace_mark(dbv_state *s)
{
    mst_status st = MST_OK;
    if (s->traced == s->trace_cap)
        st = mst_realloc((void **)&s->trace_end, s->trace_cap = 2 * s->trace_cap + 64,
                         sizeof *s->trace_end);
    if (st == MST_OK)
        s->trace_end[s->traced++] = s->nf;
    return dist_agree(s->c, st);
}

/* --trace, rank 0: the forest's ids, gathered rank after rank into eid[], recorded round by
 * round from every rank's marks (the same number at every rank). Collective; errors
 * (agreed): MST_ERESOURCE. */
static mst_status trace_rounds(dbv_state *s, const uint64_t *eid, mst_phases *ph)
{
    const dist_ctx *c = s->c;
    uint64_t rounds = s->traced, got = 0, *ends = NULL, *ids = NULL, *at = NULL;
    mst_status st = MST_OK;
    if (c->rank == 0 && ((ends = mst_alloc((uint64_t)c->size * rounds + 1, sizeof *ends)) == NULL ||
                         (at = mst_alloc((uint64_t)c->size + 1, sizeof *at)) == NULL ||
                         (ids = mst_alloc(s->g->pt.n + 1, sizeof *ids)) == NULL))
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) == MST_OK)
        st = dist_gather_records(c, s->trace_end, rounds, sizeof *ends, ends,
                                 (uint64_t)c->size * rounds, &got);
    if (st == MST_OK && c->rank == 0) {
        at[0] = 0; /* where each rank's edges start in eid[] */
        for (int q = 0; q < c->size; q++)
            at[q + 1] = at[q] + (rounds ? ends[(uint64_t)q * rounds + rounds - 1] : 0);
        for (uint64_t i = 0; i < rounds; i++) {
            uint64_t len = 0;
            for (int q = 0; q < c->size; q++) {
                const uint64_t *e = ends + (uint64_t)q * rounds;
                for (uint64_t j = i ? e[i - 1] : 0; j < e[i]; j++)
                    ids[len++] = eid[at[q] + j];
            }
            mst_trace_round(ph, ids, len);
        }
    }
    free(ends);
    free(at);
    free(ids);
    return st;
}

/* Borůvka rounds until no rank holds an arc, the light arcs before the heavy ones where
 * filtering split them (7): steps 1-2 (3; filtering between rounds where the arcs are many per
 * live label), 3 (4), 4 (5) and 5 (6). Collective; errors (agreed). */
static mst_status rounds(dbv_state *s, mst_phases *ph, dbv_times *tm, uint64_t *count)
{
    mst_status st = MST_OK;
    for (;;) {
        uint64_t m = sum_all(s->c, s->m), live = 0;
        if (m == 0 && s->split == DBV_WHOLE)
            return MST_OK;
        if (m == 0) {
            if ((st = filter_merge(s, tm)) != MST_OK)
                return st;
            continue;
        }
        double t0 = mst_now_s();
        lightest_arcs(s);
        live = sum_all(s->c, s->n_live);
        if (s->split == DBV_WHOLE && s->filter && filter_wanted(m, live)) {
            if ((st = split_held(s, live)) != MST_OK)
                return st;
            lightest_arcs(s);
            m = sum_all(s->c, s->m);
            live = sum_all(s->c, s->n_live);
        }
        if ((st = min_edges(s)) != MST_OK || (mst_tracing(ph) && (st = trace_mark(s)) != MST_OK))
            return st;
        if (s->c->rank == 0)
            mst_phase_round(ph, live, m / 2);
        double t1 = mst_now_s();
        if ((st = jump(s)) != MST_OK)
            return st;
        double t2 = mst_now_s();
        if ((st = relabel(s)) != MST_OK)
            return st;
        double t3 = mst_now_s();
        if ((st = redistribute(s)) != MST_OK)
            return st;
        double *t = tm->step;
        t[0] += t1 - t0, t[1] += t2 - t1, t[2] += t3 - t2, t[3] += mst_now_s() - t3;
        (*count)++;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* 10. Statistics                                                                              */

/* Rank 0 keeps every rank's byte count (into bytes_per_rank[p]) and the counters.
 * Collective. */
static void record(const dbv_state *s, mst_phases *ph, uint64_t nrounds, uint64_t local,
                   uint64_t *bytes_per_rank)
{
    const dist_ctx *c = s->c;
    MPI_Gather(&s->bytes_sent, 1, MPI_UINT64_T, bytes_per_rank, 1, MPI_UINT64_T, 0, c->comm);
    if (c->rank != 0)
        return;
    uint64_t total = 0;
    for (int q = 0; q < c->size; q++)
        total += bytes_per_rank[q];
    mst_phase_count(ph, "rounds", nrounds);
    mst_phase_count(ph, "jump_steps", s->jump_steps);
    mst_phase_count(ph, "local_edges", local);
    if (s->merges > 0) {
        mst_phase_count(ph, "filter_merges", s->merges);
        mst_phase_count(ph, "filter_arcs_max", s->merge_arcs_max);
        mst_phase_count(ph, "hub_labels", s->hub_labels);
    }
    mst_phase_count(ph, "bytes_sent_max", dist_max_of(bytes_per_rank, c->size));
    mst_phase_count(ph, "bytes_sent_total", total);
}

/* ------------------------------------------------------------------------------------------ */

mst_status DBV_NAME(dbv_solve)(const dist_ctx *c, const dbv_graph *g, const dbv_options *o,
                               mst_forest *out, uint32_t *fkey, mst_phases *ph,
                               uint64_t *bytes_per_rank)
{
    dbv_state s;
    dbv_times tm = {{0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    uint64_t nrounds = 0, local = 0, total = 0, keys = 0;
    int root = c->rank == 0;
    double t0 = mst_now_s();
    mst_status st = dist_agree(c, state_open(&s, c, g, o->threads));
    s.filter = o->filter, s.local = o->local, s.traced = 0;
    if (st == MST_OK)
        st = take_arcs(&s);
    double t1 = mst_now_s();
    if (st == MST_OK)
        st = local_contract(&s, &local);
    if (st == MST_OK && mst_tracing(ph))
        st = trace_mark(&s);
    double t2 = mst_now_s();
    if (st == MST_OK)
        st = rounds(&s, ph, &tm, &nrounds);
    double t3 = mst_now_s();
    /* The forest's ids and keys gathered to rank 0 (out->eid, fkey). */
    if (st == MST_OK)
        st = dist_gather_records(c, s.feid, s.nf, sizeof *s.feid, root ? out->eid : NULL,
                                 root ? out->capacity : 0, &total);
    if (st == MST_OK)
        st = dist_gather_records(c, s.fkey, s.nf, sizeof *s.fkey, root ? fkey : NULL,
                                 root ? out->capacity : 0, &keys);
    if (st == MST_OK && root)
        out->count = total;
    if (st == MST_OK && mst_tracing(ph))
        st = trace_rounds(&s, out->eid, ph);
    if (st == MST_OK)
        record(&s, ph, nrounds, local, bytes_per_rank);
    if (st == MST_OK && root) {
        const char *step[] = {"minima", "jump", "relabel", "redistribute"};
        const char *filter[] = {"filter", "filter-compress", "filter-relabel", "filter-reduce",
                                "filter-redistribute"};
        mst_phase_add(ph, "init", t1 - t0);
        mst_phase_add(ph, "local", t2 - t1);
        for (int i = 0; i < 4; i++)
            mst_phase_add(ph, step[i], tm.step[i]);
        for (int i = 0; s.merges > 0 && i < 5; i++)
            mst_phase_add(ph, filter[i], tm.filter[i]);
        mst_phase_add(ph, "gather", mst_now_s() - t3);
    }
    if (st == MST_OK)
        kept = s;
    else
        state_free(&s);
    return st;
}
