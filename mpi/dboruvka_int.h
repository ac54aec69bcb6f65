/*
 * dboruvka_int.h: the state of one --algo boruvka solve shared by its steps (dboruvka.h): the
 * working arcs, the label arrays of this rank's vertices, the forest found here, and the
 * request/reply exchange the steps use to read labels held by other ranks.
 */
#ifndef MST_MPI_DBORUVKA_INT_H
#define MST_MPI_DBORUVKA_INT_H

#include <stdint.h>

#include "dboruvka.h"

#define DBV_NONE UINT32_MAX
#define DBV_NO_ARC UINT64_MAX

/* Below this share of arcs between two vertices of the same rank, the local pass is skipped: it
 * sorts all of a rank's arcs and contracts little when many arcs leave the rank (on a random
 * graph at p ranks, 1 / p of them stay). 3/4 rather than 1/2 (docs/mst-mpi.md); grids and road
 * networks under the block partition keep nearly all of theirs. --partition auto picks block by the same share, and the share is sorted
 * by source where it is below (dboruvka_share.c). */
#define DBV_LOCAL_SHARE_MIN 0.75

/* How many items ahead the loops over arcs and labels prefetch the per-label entries they will
 * read: those loops wait on random reads into arrays of a few MiB (docs/mst-mpi.md). */
#define DBV_AHEAD 16

/* A growable buffer of bytes, reused from exchange to exchange. */
typedef struct dbv_buf {
    void *p;
    uint64_t cap; /* bytes */
} dbv_buf;

/* Filtering (dboruvka_filter.c): where the heavy arcs wait while the rounds run on the light
 * ones. */
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
    uint32_t *parent;     /* [n_local] parent label; the root after pointer doubling */
    uint64_t *best;       /* [n_local] key << 32 | index of a live label's lightest arc, or
                             DBV_NO_ARC */
    uint8_t *done;        /* [n_local] 1: parent is a root */
    uint8_t *stage;       /* [n_local] when a label stopped being a root: 1 in the local pass,
                             r + 1 in round r; 0 for a root (dbv_filter_merge's compression;
                             a round at least halves the labels holding arcs in its phase,
                             so a solve of a few phases stays far below 255 stages, which
                             dbv_jump refuses to pass) */
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
    uint64_t merge_arcs_max; /* the most arcs this rank held after a merge */
    uint32_t hub;         /* the hub label (dbv_find_hub), or DBV_NONE */
    uint64_t hub_labels;  /* the voters it held (dbv_find_hub) */
    uint64_t *feid;       /* [n_local] forest edges found at this rank */
    uint32_t *fkey;       /* [n_local] their keys */
    uint64_t nf;
    uint64_t *count, *rcount; /* [p] records per rank to send / received */
    dbv_buf send, recv, reply, back, pos, tmp; /* exchange scratch (dbv_exchange, dbv_ask) */
    dbv_buf qbuf, abuf;   /* the steps' requests and answers */
    int skip_reduce;      /* 1: the next redistribution leaves parallel arcs (dboruvka_redist.c) */
    uint64_t bytes_sent;  /* to other ranks, this solve */
    uint64_t jump_steps;
} dbv_state;

/* Local index of label v, which this rank owns. */
static inline uint32_t dbv_local(const dbv_graph *g, uint32_t v)
{
    return v - g->first;
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

/* Prefetches array[local index of v] for label v owned here. */
#define DBV_PREFETCH(g, array, v) __builtin_prefetch(&(array)[dbv_local(g, v)])

/* Whether this rank owns label v. */
static inline int dbv_mine(const dbv_graph *g, uint32_t v)
{
    return v - g->first < g->n_local;
}

/* Whether at least DBV_LOCAL_SHARE_MIN of the m arcs a[] join two labels of this rank (the x
 * of every arc is). */
static inline int dbv_mostly_local(const dbv_graph *g, const dbv_arc *a, uint64_t m)
{
    uint64_t local = 0;
    for (uint64_t i = 0; i < m; i++)
        local += dbv_mine(g, a[i].y);
    return m > 0 && (double)local >= DBV_LOCAL_SHARE_MIN * (double)m;
}

/* Global label of local index i. */
static inline uint32_t dbv_global(const dbv_graph *g, uint32_t i)
{
    return g->first + i;
}

static inline uint64_t dbv_eid(const dbv_arc *a)
{
    return a->eid;
}

/* The (key, edge id) order of docs/design.md. */
static inline int dbv_arc_less(const dbv_arc *a, const dbv_arc *b)
{
    return a->key < b->key || (a->key == b->key && dbv_eid(a) < dbv_eid(b));
}

/* Whether arc a comes after the pair (tkey, teid) in that order: filtering's heavy arcs.
 * Without branches, so that a loop over arcs whose weights come in random order has none. */
static inline int dbv_above(const dbv_arc *a, uint32_t tkey, uint64_t teid)
{
    return (a->key > tkey) | ((a->key == tkey) & (dbv_eid(a) > teid));
}

/* Makes b hold at least `bytes`; contents are not kept. Errors: MST_ERESOURCE. */
mst_status dbv_buf_reserve(dbv_buf *b, uint64_t bytes);
void dbv_buf_free(dbv_buf *b);

/*
 * An all-to-all of arcs in windows (dboruvka_comm.c), for exchanges too large for one: every
 * rank sends its arcs window after window (as many windows on every rank), so its send buffer
 * holds one window; the receiver learns beforehand how many arcs each source sends in all, and
 * each window's arcs from rank q land after those already received from q. The result is what
 * one all-to-all would give: grouped by source rank, each source's in its sending order.
 */
typedef struct dbv_windows {
    const dist_ctx *c;
    uint64_t *rcount, *base, *got; /* [p] per source: this window's, where its arcs start, so far */
    int *sc, *sd, *rc, *rd;        /* [p] MPI's counts and displacements */
    MPI_Datatype rec;
    uint64_t windows;              /* the number of windows, the largest of the ranks' */
} dbv_windows;

/* Collective: opens the exchange of total[q] arcs to each rank q (all windows together) in
 * `mine` windows; *in = the arcs this rank will receive. Errors (agreed): MST_ERESOURCE
 * (memory, or more than INT_MAX arcs to receive). Close w whatever the status. */
mst_status dbv_windows_open(dbv_windows *w, const dist_ctx *c, const uint64_t *total,
                            uint64_t mine, uint64_t *in);

/* Collective: one window of send[] (count[q] arcs for rank q, grouped by rank) into recv[]
 * (room for *in of open). Returns the bytes sent to other ranks. */
uint64_t dbv_windows_send(dbv_windows *w, const dbv_arc *send, const uint64_t *count,
                          dbv_arc *recv);

/* Frees w's arrays (a zeroed or failed w is fine). */
void dbv_windows_close(dbv_windows *w);

/*
 * Collective MPI_Alltoallv of records of rec_bytes: send holds count[q] records for rank q, in
 * rank order; the records received land in s->recv grouped by source rank, rcount[q] from rank
 * q; returns their number in *total. Counts bytes sent to other ranks into s->bytes_sent.
 * Errors (agreed): MST_ERESOURCE (memory, or more than INT_MAX records at one rank).
 */
mst_status dbv_exchange(dbv_state *s, const void *send, const uint64_t *count, size_t rec_bytes,
                        dbv_buf *recv, uint64_t *rcount, uint64_t *total);

/*
 * What the owner of a label answers about it (at the owner, from its arrays): a 64-bit word.
 */
typedef uint64_t (*dbv_answer_fn)(const dbv_state *s, uint32_t local);

/* The answer most requests want: the label's parent (the parent a live label picked, or after
 * pointer doubling its root). */
uint64_t dbv_parent_of(const dbv_state *s, uint32_t local);

/*
 * Collective request/reply: for each of the k labels q[i] (held by any rank), ans[i] = what
 * its owner's `answer` says about it: 64 bits where `wide`, else its low 32 bits (a label). Two
 * all-to-alls (4 bytes out, 8 or 4 back per request). Errors (agreed): MST_ERESOURCE.
 */
mst_status dbv_ask(dbv_state *s, const uint32_t *q, uint64_t k, dbv_answer_fn answer,
                   uint64_t *ans, int wide);

/* The steps of a round (dboruvka.h), each collective, errors agreed (MST_ERESOURCE). */

/* Local preprocessing: contracts, at each rank alone, edges provably in the MSF, then relabels
 * and redistributes the arcs as after a round; *edges: the forest edges so found, over all ranks
 * (dboruvka_local.c). */
mst_status dbv_local_contract(dbv_state *s, uint64_t *edges);

/* The working arcs from the share. Filtering: when the arcs are many per vertex
 * (dbv_filter_wanted), only the light ones (about a fixed number per vertex, at or below a
 * sampled (key, id) threshold kept in s->tkey, s->teid); the heavy ones stay in the share until
 * dbv_filter_merge, and s->split says so (dboruvka_filter.c). */
mst_status dbv_take_arcs(dbv_state *s);

/* Whether `arcs` arcs over `labels` labels holding them (both over all ranks) are many enough
 * per label for filtering to pay. */
int dbv_filter_wanted(uint64_t arcs, uint64_t labels);

/* Filtering between rounds, after dbv_lightest_arcs found `labels` live labels over all ranks:
 * the working arcs above a sampled threshold (about a fixed number per label stay) move to
 * s->heavy until dbv_filter_merge; best[] is cleared for the light arcs' dbv_lightest_arcs.
 * Errors (agreed): MST_ERESOURCE. */
mst_status dbv_split_held(dbv_state *s, uint64_t labels);

/* Filtering, after the light rounds: every vertex's parent to its root, the hub found (once per
 * solve), then the heavy arcs relabelled, those inside a component dropped, the rest
 * redistributed as the working arcs; s->split is DBV_WHOLE again. t[0..3]: the seconds of
 * these steps (compress, relabel, reduce, redistribute). */
mst_status dbv_filter_merge(dbv_state *s, double t[4]);

/*
 * Filtering, after the compression: picks the hub, the giant component, if one holds at least
 * 1 / max(p, 16) of the voters, into s->hub (else DBV_NONE). The voters are the labels the
 * heavy arcs name (no stage, or one above s->split_stages): every vertex after a split at the
 * start, the components of the split after one between rounds. From then on the relabelling
 * drops every arc whose source label is the hub: each such edge stays as its twin arc, at the
 * far end's component, whose minimum is thus still exact; the hub never picks a minimum of its
 * own (it holds no arcs) and is absorbed by the others' picks (cut property). Its owner then
 * receives none of the hub's arcs, which are most of the arcs left. Each rank proposes the
 * majority root among its voters (Boyer and Moore 1991) with its count; one allgather.
 * Errors (agreed): MST_ERESOURCE.
 */
mst_status dbv_find_hub(dbv_state *s);

/* Step 1: best[] and the live labels (those holding arcs) from the working arcs. */
void dbv_lightest_arcs(dbv_state *s);

/* Step 2, after dbv_lightest_arcs: parents, 2-cycles, forest edges. */
mst_status dbv_min_edges(dbv_state *s);

/* Step 3: pointer doubling until every live label's parent is its root; the labels that are no
 * longer roots get the round's stage. */
mst_status dbv_jump(dbv_state *s);

/* Step 4: arcs relabelled to roots at both ends; arcs inside a component dropped. */
mst_status dbv_relabel(dbv_state *s);

/* Filtering's step 4: the heavy arcs (of the share, or held), relabelled into the working arcs
 * (all parents must be roots); those inside a component dropped. */
mst_status dbv_relabel_heavy(dbv_state *s);

/* Makes s->arc hold at least `need` arcs (half as many again when it grows), keeping its first
 * `kept`. Errors: MST_ERESOURCE. */
mst_status dbv_grow_arcs(dbv_state *s, uint64_t need, uint64_t kept);

/* Parallel arcs among this rank's own reduced to the lightest, before a redistribution where
 * many arcs at one rank join the same two components. */
mst_status dbv_reduce_local(dbv_state *s);

/* Step 5: arcs to the owners of their source labels; parallel arcs reduced to the lightest. */
mst_status dbv_redistribute(dbv_state *s);

#endif
