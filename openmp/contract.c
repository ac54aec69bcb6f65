/* contract.c: Borůvka rounds with explicit graph contraction on a CSR (see contract.h). */
#include "contract.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* ---- The levels ------------------------------------------------------------------------ */

/*
 * The levels: CSR graphs whose arcs carry their original edge's (key, id): the parallel build
 * of the first level from the edge list (here), and the contraction of a level into the next
 * (step 5 of the rounds, contract() below; docs/contraction.md).
 *
 * Both are two-level counting sorts without atomics: threads count their slice per bucket of
 * 2^shift row ids, a column-major scan of these counts gives every (bucket, thread) pair its
 * own room, the threads scatter their items there, and each bucket is then one thread's, which
 * lays out its rows alone. Atomic increments on row counters would serialize the cache misses
 * (x86's locked instructions hold later loads back) and bounce the counters' lines between
 * threads working on neighbouring rows.
 */

/* One level of the graph: row v is arcs [beg[v], end[v]); end[v] = beg[v + 1] unless parallel
 * arcs were merged away. */
typedef struct ct_csr {
    uint64_t *beg; /* [n + 1] */
    uint64_t *end; /* [n] */
    uint32_t *adj; /* [2m] far end */
    uint64_t *ki;  /* [2m] key << 32 | original edge id: the suite's total order */
} ct_csr;

/* Most buckets of a counting sort; the words of shared scratch (hist) a team of `threads`
 * needs. */
#define CT_CSR_BUCKETS 1024
#define CT_CSR_HIST_WORDS(threads) (2 * ((uint64_t)(threads) + 2) * (CT_CSR_BUCKETS + 1))

/* A vertex that leaves the graph (a finished component). */
#define CT_NO_ID UINT32_MAX

/* Rows up to this length are insertion-sorted (most rows of sparse graphs). */
#define SHORT_ROW 24

static inline int arc_less(const uint32_t *adj, const uint64_t *ki, uint64_t i, uint64_t j)
{
    return adj[i] < adj[j] || (adj[i] == adj[j] && ki[i] < ki[j]);
}

static inline void arc_swap(uint32_t *adj, uint64_t *ki, uint64_t i, uint64_t j)
{
    uint32_t a = adj[i];
    uint64_t k = ki[i];
    adj[i] = adj[j];
    ki[i] = ki[j];
    adj[j] = a;
    ki[j] = k;
}

static void insertion_sort(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    for (uint64_t i = 1; i < len; i++)
        for (uint64_t j = i; j > 0 && arc_less(adj, ki, j, j - 1); j--)
            arc_swap(adj, ki, j, j - 1);
}

/* Moves arc `root` down the max-heap [0, len). */
static void sift_down(uint32_t *adj, uint64_t *ki, uint64_t root, uint64_t len)
{
    for (uint64_t child; (child = 2 * root + 1) < len; root = child) {
        if (child + 1 < len && arc_less(adj, ki, child, child + 1))
            child++;
        if (!arc_less(adj, ki, root, child))
            return;
        arc_swap(adj, ki, root, child);
    }
}

static void heap_sort(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    for (uint64_t i = len / 2; i-- > 0;)
        sift_down(adj, ki, i, len);
    for (uint64_t end = len; end-- > 1;) {
        arc_swap(adj, ki, 0, end);
        sift_down(adj, ki, 0, end);
    }
}

/*
 * Sorts the row's arcs (far end adj[i], key << 32 | edge id ki[i], i < len) by (adj, ki) and
 * keeps the first arc to each far end, the lightest in the (key, id) order, at the row's start.
 * Returns the arcs kept. Insertion sort for short rows, heapsort (no scratch memory) for long
 * ones: O(len log len) time, O(1) space.
 */
static uint64_t merge_row(uint32_t *adj, uint64_t *ki, uint64_t len)
{
    if (len < 2)
        return len;
    if (len <= SHORT_ROW)
        insertion_sort(adj, ki, len);
    else
        heap_sort(adj, ki, len);
    uint64_t kept = 1;
    for (uint64_t i = 1; i < len; i++)
        if (adj[i] != adj[kept - 1]) {
            adj[kept] = adj[i];
            ki[kept++] = ki[i];
        }
    return kept;
}

/* Row ids per bucket: 2^shift, at least 64 (a bucket's rows share cache lines) and few enough
 * that there are at most CT_CSR_BUCKETS buckets. */
static int bucket_shift(uint32_t n)
{
    int shift = 6;
    while (((uint64_t)n >> shift) >= CT_CSR_BUCKETS)
        shift++;
    return shift;
}

/*
 * Builds c, the CSR of g with both directions of every edge, each row in increasing edge id;
 * scratch (a CSR of the same capacity, contents lost) holds the arcs grouped by bucket. Every
 * thread of the calling OpenMP team must call it; hist: shared, CT_CSR_HIST_WORDS(team size)
 * words. O((n + m) / threads + threads * buckets) time. Requires m < 2^32.
 */
static void ct_csr_build(const mst_graph *g, ct_csr *c, ct_csr *scratch, uint64_t *hist)
{
    int shift = bucket_shift(g->n), t = omp_get_thread_num(), p = omp_get_num_threads();
    uint64_t nb = ((uint64_t)g->n >> shift) + 1;
    uint64_t lo, hi, *h = hist + (uint64_t)t * nb, *start = hist + (uint64_t)p * nb;
    const uint32_t *u = g->u, *v = g->v;
    uint32_t *src = scratch->adj;
    uint64_t *far = scratch->ki;
    /* Passes 1 and 2: this thread's edges counted per bucket of their ends, then scattered as
     * (source; far end << 32 | edge id) into the scratch arrays. */
    par_team_slice(g->m, t, p, &lo, &hi);
    for (uint64_t b = 0; b < nb; b++)
        h[b] = 0;
    for (uint64_t e = lo; e < hi; e++) {
        h[u[e] >> shift]++;
        h[v[e] >> shift]++;
    }
#pragma omp barrier
#pragma omp single
    mst_scan_thread_buckets(hist, nb, p, start);
    for (uint64_t e = lo; e < hi; e++) {
        uint64_t a = h[u[e] >> shift]++, b = h[v[e] >> shift]++;
        src[a] = u[e];
        far[a] = (uint64_t)v[e] << 32 | e;
        src[b] = v[e];
        far[b] = (uint64_t)u[e] << 32 | e;
    }
#pragma omp barrier
    if (t == 0) /* no bucket writes it; the loop's barrier publishes it */
        c->beg[g->n] = 2 * g->m;
    /* Pass 3, on the bucket of vertices [x0, x1) whose arcs are scratch[a0, a1): degrees,
     * offsets from a0 and the rows, all this thread's. */
#pragma omp for schedule(dynamic, 1)
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t x0 = b << shift, x1 = (b + 1) << shift, a0 = start[b], a1 = start[b + 1];
        if (x1 > g->n)
            x1 = g->n;
        for (uint64_t x = x0; x < x1; x++)
            c->beg[x] = 0;
        for (uint64_t a = a0; a < a1; a++)
            c->beg[src[a]]++;
        for (uint64_t x = x0, sum = a0; x < x1; x++) {
            uint64_t d = c->beg[x];
            c->beg[x] = c->end[x] = sum;
            sum += d;
        }
        for (uint64_t a = a0; a < a1; a++) {
            uint64_t at = c->end[src[a]]++;
            uint32_t e = (uint32_t)far[a];
            c->adj[at] = (uint32_t)(far[a] >> 32);
            c->ki[at] = (uint64_t)g->key[e] << 32 | e;
        }
    }
}

/* ---- The rounds ------------------------------------------------------------------------ */

/* Vertices per chunk of the loops over rows: small enough to balance hubs, large enough that
 * taking a chunk costs little next to its arcs (docs/contraction.md). */
#define CHUNK 1024
/* Forest edges a thread collects before reserving room in the output. */
#define OUT_BATCH 256
/* Below this many vertices a round runs on one thread: its barriers would cost more than the
 * work they split. */
#define SERIAL_BELOW 2048

enum { P_CSR, P_MIN, P_MIRRORS, P_COLORS, P_NEWIDS, P_CONTRACT, P_COUNT };
static const char *const phase_name[P_COUNT] = {"csr",    "min-edge", "mirrors",
                                                "colors", "new-ids",  "contract"};

typedef struct ct_state {
    const mst_graph *g;
    ct_csr csr[2];    /* double buffer: round r reads csr[r & 1] and builds the other */
    uint32_t *succ;   /* [n] successor (min-edge, mirrors), then the roots' new ids (new-ids) */
    uint32_t *color;  /* [n] */
    uint32_t *minid;  /* [n] edge id of each vertex's chosen arc */
    uint32_t *label;  /* [n] new id of each vertex's super-vertex (CT_NO_ID: it leaves) */
    uint64_t *part;   /* [threads + 1] per-thread counts of the new-ids scan */
    uint32_t *cnt;    /* [n] contract: arcs of each vertex leaving its super-vertex */
    uint32_t *order;  /* contract: vertices grouped by their new id's bucket (= succ, dead
                       * once new-ids has labelled every vertex) */
    uint64_t *hist;   /* CT_CSR_HIST_WORDS(threads) words of the counting sorts' scratch */
    int merge;        /* keep only the lightest arc between two super-vertices */
    uint64_t removed; /* arcs merging removed in this round's contraction */
    int changed[3];   /* pointer jumping: "a color changed" flags of passes k, k + 1, k + 2 */
    mst_forest *out;
    uint64_t out_len; /* shared cursor into out->eid */
    uint64_t traced;  /* out->eid[0..traced) went to earlier rounds' --trace lines */
    mst_phases *ph;
    int timed;
    uint64_t rounds, color_steps, merged;
    uint64_t threads; /* the team size part and hist have room for */
    uint32_t n;       /* vertices and arcs of the current level, and which buffer holds it */
    uint64_t arcs;
    int buf;
    double t[P_COUNT], last;
} ct_state;

/* After a barrier: thread 0 charges the time since the last lap to `phase`. */
static inline void lap(ct_state *s, int phase)
{
    if (s->timed && omp_get_thread_num() == 0) {
        double now = mst_now_s();
        s->t[phase] += now - s->last;
        s->last = now;
    }
}

/* Step 1: every vertex's lightest arc; its far end is the successor. */
static void min_edge(ct_state *s, const ct_csr *c, uint32_t n)
{
    const uint32_t *restrict adj = c->adj;
    const uint64_t *restrict ki = c->ki;
    uint32_t *restrict succ = s->succ, *restrict minid = s->minid;
#pragma omp for schedule(dynamic, CHUNK)
    for (uint32_t v = 0; v < n; v++) {
        uint64_t best = UINT64_MAX, hi = c->end[v];
        uint32_t to = v;
        for (uint64_t a = c->beg[v]; a < hi; a++) { /* selects, not branches: rows are short */
            uint64_t k = ki[a];
            uint32_t take = -(uint32_t)(k < best); /* a mask: compilers keep it branch-free */
            best = k < best ? k : best;
            to = (adj[a] & take) | (to & ~take);
        }
        succ[v] = to;
        minid[v] = (uint32_t)best;
    }
}

/* Appends nb forest edge ids at a cursor reserved by one atomic add. */
static void emit(ct_state *s, const uint32_t *batch, int nb)
{
    uint64_t at = __atomic_fetch_add(&s->out_len, (uint64_t)nb, __ATOMIC_RELAXED);
    for (int i = 0; i < nb; i++)
        s->out->eid[at + i] = batch[i];
}

/* Step 2: a pair of vertices that chose each other chose the same edge (the (key, id) order is
 * total); the smaller id becomes the root. Every non-root's chosen edge joins the forest. */
static void mirrors(ct_state *s, uint32_t n)
{
    uint32_t batch[OUT_BATCH];
    int nb = 0;
    if (omp_get_thread_num() == 0) /* colors() starts from a clear flag 0 */
        __atomic_store_n(&s->changed[0], 0, __ATOMIC_RELAXED);
#pragma omp for schedule(static) nowait
    for (uint32_t v = 0; v < n; v++) {
        uint32_t w = s->succ[v], ww = s->succ[w];
        int root = (w == v) | ((ww == v) & (v < w));
        s->color[v] = root ? v : w;
        batch[nb] = s->minid[v]; /* kept by non-roots only; no branch to mispredict */
        nb += !root;
        if (nb == OUT_BATCH) {
            emit(s, batch, nb);
            nb = 0;
        }
    }
    if (nb > 0)
        emit(s, batch, nb);
#pragma omp barrier
}

/* Step 3: pointer jumping in place until no color changes. Reading a color another thread has
 * just advanced only jumps further towards the same root. Pass k reports changes in
 * changed[k % 3]; thread 0 clears the flag of pass k + 1 meanwhile, which nobody reads or sets
 * during pass k. */
static void colors(ct_state *s, uint32_t n)
{
    for (unsigned k = 0;; k++) {
        if (omp_get_thread_num() == 0)
            __atomic_store_n(&s->changed[(k + 1) % 3], 0, __ATOMIC_RELAXED);
        int mine = 0;
#pragma omp for schedule(static) nowait
        for (uint32_t v = 0; v < n; v++) {
            uint32_t c = __atomic_load_n(&s->color[v], __ATOMIC_RELAXED);
            uint32_t cc = __atomic_load_n(&s->color[c], __ATOMIC_RELAXED);
            if (c != cc) {
                __atomic_store_n(&s->color[v], cc, __ATOMIC_RELAXED);
                mine = 1;
            }
        }
        if (mine)
            __atomic_store_n(&s->changed[k % 3], 1, __ATOMIC_RELAXED);
#pragma omp barrier
        if (!__atomic_load_n(&s->changed[k % 3], __ATOMIC_RELAXED))
            return;
        if (omp_get_thread_num() == 0)
            s->color_steps++;
    }
}

/* A root that keeps a new id: one with arcs (a root without is a finished component). */
static inline int live_root(const ct_state *s, const ct_csr *c, uint64_t v)
{
    return (s->color[v] == v) & (c->end[v] > c->beg[v]);
}

/* Step 4: new ids (in s->succ) by an exclusive prefix sum over the live roots, in vertex
 * order; then every vertex takes its root's id in s->label. Returns the number of
 * super-vertices. */
static uint32_t new_ids(ct_state *s, const ct_csr *c, uint32_t n)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads();
    uint32_t *nid = s->succ;
    uint64_t lo, hi, k = 0;
    par_team_slice(n, t, p, &lo, &hi);
    for (uint64_t v = lo; v < hi; v++)
        k += live_root(s, c, v);
    uint64_t n_new;
    k = par_team_offset(k, s->part, &n_new);
    for (uint64_t v = lo; v < hi; v++) { /* non-roots' entries are never read */
        int live = live_root(s, c, v);
        nid[v] = live ? (uint32_t)k : CT_NO_ID;
        k += live;
    }
#pragma omp barrier
#pragma omp for schedule(static)
    for (uint32_t v = 0; v < n; v++)
        s->label[v] = nid[s->color[v]];
    return (uint32_t)n_new;
}

/*
 * Step 5: contracts level c (n rows) into d (n_new rows, the other buffer, same capacity): the
 * arcs whose ends have different labels go to their source's label's row with the far end
 * relabelled, key and edge id kept; with merging each new row then keeps only its lightest arc
 * to each neighbour (merge_row, above). c's far ends are relabelled in place on the way. A
 * counting sort (the levels, above); threads take slices of c holding equal numbers of arcs.
 * Returns d's arcs on every thread. O((n + arcs) / threads + threads * buckets) time, plus the
 * sorting of rows when merging.
 */
static uint64_t contract(ct_state *s, ct_csr *c, ct_csr *d, uint32_t n, uint32_t n_new)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads(), shift = bucket_shift(n_new);
    uint64_t nb = ((uint64_t)n_new >> shift) + 1;
    uint64_t *hv = s->hist + (uint64_t)t * nb, *ha = s->hist + (uint64_t)(p + t) * nb;
    uint64_t *vstart = s->hist + 2 * (uint64_t)p * nb, *astart = vstart + nb + 1;
    const uint32_t *restrict label = s->label, *order = s->order;
    uint32_t *cnt = s->cnt;
    /* This thread's rows [lo, hi): about as many arcs for every thread (rows are cut at arc
     * offsets t * arcs / p; a row is never split). */
    uint32_t cut[2];
    for (int i = 0; i < 2; i++) {
        uint64_t want = c->beg[n] * (uint64_t)(t + i) / (uint64_t)p;
        uint32_t l = 0, r = n; /* the first row starting at or after `want` */
        while (l < r) {
            uint32_t mid = l + (r - l) / 2;
            if (c->beg[mid] < want)
                l = mid + 1;
            else
                r = mid;
        }
        cut[i] = t + i == p ? n : l;
    }
    uint32_t lo = cut[0], hi = cut[1];
    for (uint64_t b = 0; b < nb; b++)
        hv[b] = ha[b] = 0;
    if (t == 0) /* read after this call's last barrier, written before its first */
        __atomic_store_n(&s->removed, 0, __ATOMIC_RELAXED);
    /* Pass 1: relabel the far ends, count each row's leaving arcs (cnt), and per bucket of new
     * ids the rows that have some (hv) and their arcs (ha). */
    {
        uint32_t *restrict adj = c->adj;
        for (uint32_t v = lo; v < hi; v++) {
            uint32_t id = label[v], k = 0;
            for (uint64_t a = c->beg[v], end = c->end[v]; a < end; a++) {
                uint32_t x = label[adj[a]];
                adj[a] = x;
                k += x != id;
            }
            cnt[v] = k;
            if (k > 0) {
                hv[id >> shift]++;
                ha[id >> shift] += k;
            }
        }
    }
#pragma omp barrier
    /* Bucket b's first member slot (vstart) and first arc (astart) from the column-major scan
     * of the member counts and the plain scan of the arc counts. */
#pragma omp single
    {
        uint64_t sum = 0;
        mst_scan_thread_buckets(s->hist, nb, p, vstart);
        for (uint64_t b = 0; b < nb; b++) {
            astart[b] = sum;
            for (int q = 0; q < p; q++)
                sum += s->hist[(uint64_t)(p + q) * nb + b];
        }
        astart[nb] = sum;
    }
    for (uint32_t v = lo; v < hi; v++) /* pass 2: members into their bucket's slots */
        if (cnt[v] > 0)
            s->order[hv[label[v] >> shift]++] = v;
    if (t == 0)
        d->beg[n_new] = astart[nb];
#pragma omp barrier
    /* Pass 3, on the bucket of new rows [x0, x1), whose members are order[m0, m1) and whose
     * arcs start at a0: degrees, offsets, rows, and merging. */
    uint64_t removed = 0;
#pragma omp for schedule(dynamic, 1) nowait
    for (uint64_t b = 0; b < nb; b++) {
        uint64_t x0 = b << shift, x1 = (b + 1) << shift, m0 = vstart[b], m1 = vstart[b + 1];
        if (x1 > n_new)
            x1 = n_new;
        for (uint64_t x = x0; x < x1; x++)
            d->beg[x] = 0;
        for (uint64_t i = m0; i < m1; i++)
            d->beg[label[order[i]]] += cnt[order[i]];
        for (uint64_t x = x0, sum = astart[b]; x < x1; x++) {
            uint64_t k = d->beg[x];
            d->beg[x] = d->end[x] = sum;
            sum += k;
        }
        /* The leaving arcs of row v, cnt[v] of them. Every arc is written and only a leaving
         * one advances, so that no branch mispredicts; the loop ends with the last leaving
         * arc, so nothing lands past the room. */
        for (uint64_t i = m0; i < m1; i++) {
            const uint32_t *restrict adj = c->adj;
            const uint64_t *restrict ki = c->ki;
            uint32_t *restrict to = d->adj;
            uint64_t *restrict to_ki = d->ki;
            uint32_t v = order[i], id = label[v];
            uint64_t at = d->end[id];
            for (uint64_t a = c->beg[v], stop = at + cnt[v]; at < stop; a++) {
                uint32_t x = adj[a];
                to[at] = x;
                to_ki[at] = ki[a];
                at += x != id;
            }
            d->end[id] = at;
        }
        for (uint64_t x = x0; s->merge && x < x1; x++) {
            uint64_t len = d->end[x] - d->beg[x];
            uint64_t kept = merge_row(d->adj + d->beg[x], d->ki + d->beg[x], len);
            d->end[x] = d->beg[x] + kept;
            removed += len - kept;
        }
    }
    if (removed > 0)
        __atomic_fetch_add(&s->removed, removed, __ATOMIC_RELAXED);
    uint64_t arcs = astart[nb];
#pragma omp barrier
    removed = __atomic_load_n(&s->removed, __ATOMIC_RELAXED);
    if (t == 0)
        s->merged += removed;
    return arcs - removed;
}

/* Thread 0, between rounds: the edges the round before added go to --trace. */
static void trace(ct_state *s)
{
    mst_trace_round(s->ph, s->out->eid + s->traced, s->out_len - s->traced);
    s->traced = s->out_len;
}

/* Borůvka rounds while arcs remain and, if `until` > 0, the level has at least `until`
 * vertices. Called by every thread of the team, which agree on the level through their own
 * copies of (n, arcs, buf); thread 0 stores them back for whoever continues. */
static void rounds(ct_state *s, uint32_t until)
{
    uint32_t n = s->n;
    uint64_t arcs = s->arcs;
    int buf = s->buf;
    while (arcs > 0 && n >= until) {
        ct_csr *c = &s->csr[buf];
        if (omp_get_thread_num() == 0) {
            trace(s);
            mst_phase_round(s->ph, n, arcs / 2);
            s->rounds++;
        }
        min_edge(s, c, n);
        lap(s, P_MIN);
        mirrors(s, n);
        lap(s, P_MIRRORS);
        colors(s, n);
        lap(s, P_COLORS);
        uint32_t n_new = new_ids(s, c, n);
        lap(s, P_NEWIDS);
        arcs = contract(s, c, &s->csr[buf ^ 1], n, n_new);
        lap(s, P_CONTRACT);
        n = n_new;
        buf ^= 1;
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
        trace(s);
        s->n = n;
        s->arcs = arcs;
        s->buf = buf;
    }
}

/* What a prepared contraction keeps of the first level: its row offsets, far ends and edge
 * ids, which depend only on the topology; each solve rebuilds the keys from them. */
typedef struct ct_base {
    uint64_t *beg;    /* [n + 1] */
    uint32_t *adj;    /* [2m] */
    uint32_t *eid;    /* [2m] */
} ct_base;

/* The first level (built, or restored from `base`), the parallel rounds, then the small levels
 * on this thread alone. */
static void solve(ct_state *s, const ct_base *base)
{
#pragma omp parallel num_threads((int)s->threads)
    {
        if (base != NULL) { /* offsets and far ends copied, keys gathered by edge id */
            const mst_graph *g = s->g;
            ct_csr *c = &s->csr[0];
            uint64_t arcs = 2 * g->m;
#pragma omp for schedule(static) nowait
            for (uint32_t v = 0; v < g->n; v++) {
                c->beg[v] = base->beg[v];
                c->end[v] = base->beg[v + 1];
            }
#pragma omp for schedule(static)
            for (uint64_t a = 0; a < arcs; a++) {
                uint32_t e = base->eid[a];
                c->adj[a] = base->adj[a];
                c->ki[a] = (uint64_t)g->key[e] << 32 | e;
            }
            if (omp_get_thread_num() == 0)
                c->beg[g->n] = arcs;
#pragma omp barrier
        } else {
            ct_csr_build(s->g, &s->csr[0], &s->csr[1], s->hist);
        }
        lap(s, P_CSR);
        rounds(s, SERIAL_BELOW);
    }
    rounds(s, 0);
}

/* Every array, the team's scratch for s->threads threads included. */
static mst_status alloc_state(ct_state *s, const mst_graph *g)
{
    mst_status st = MST_OK;
    for (int i = 0; i < 2; i++) {
        ct_csr *c = &s->csr[i];
        if ((c->beg = mst_big_alloc((uint64_t)g->n + 1, sizeof *c->beg)) == NULL ||
            (c->end = mst_big_alloc(g->n, sizeof *c->end)) == NULL ||
            (c->adj = mst_big_alloc(2 * g->m, sizeof *c->adj)) == NULL ||
            (c->ki = mst_big_alloc(2 * g->m, sizeof *c->ki)) == NULL)
            return MST_ERESOURCE;
    }
    if ((s->succ = mst_big_alloc(g->n, sizeof *s->succ)) == NULL ||
        (s->color = mst_big_alloc(g->n, sizeof *s->color)) == NULL ||
        (s->minid = mst_big_alloc(g->n, sizeof *s->minid)) == NULL ||
        (s->label = mst_big_alloc(g->n, sizeof *s->label)) == NULL ||
        (s->cnt = mst_big_alloc(g->n, sizeof *s->cnt)) == NULL)
        return MST_ERESOURCE;
    MST_ALLOC(s->part, s->threads + 1);
    MST_ALLOC(s->hist, CT_CSR_HIST_WORDS(s->threads));
    s->order = s->succ;
fail:
    return st;
}

static void record(const ct_state *s, mst_phases *ph)
{
    for (int i = 0; s->timed && i < P_COUNT; i++)
        mst_phase_add(ph, phase_name[i], s->t[i]);
    mst_phase_count(ph, "rounds", s->rounds);
    mst_phase_count(ph, "color-steps", s->color_steps);
    mst_phase_count(ph, "merged-parallel", s->merged);
}

/* Frees what alloc_state allocated (NULL-safe members). */
static void free_state(ct_state *s)
{
    for (int i = 0; i < 2; i++) {
        free(s->csr[i].beg);
        free(s->csr[i].end);
        free(s->csr[i].adj);
        free(s->csr[i].ki);
    }
    free(s->succ);
    free(s->color);
    free(s->minid);
    free(s->label);
    free(s->cnt);
    free(s->part);
    free(s->hist);
}

/* Resets the per-solve fields of s for a solve of g into out. */
static void start(ct_state *s, const mst_graph *g, int timed, mst_forest *out, mst_phases *ph)
{
    s->g = g;
    s->out = out;
    s->out_len = s->traced = 0;
    s->ph = ph;
    s->timed = timed;
    s->rounds = s->color_steps = s->merged = 0;
    s->n = g->n;
    s->arcs = 2 * g->m;
    s->buf = 0;
    memset(s->t, 0, sizeof s->t);
    s->last = timed ? mst_now_s() : 0;
}

static mst_status check_edges(const mst_graph *g)
{
    if (g->m > UINT32_MAX)
        return mst_fail(MST_ERESOURCE, "mst-omp supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)g->m);
    return MST_OK;
}

mst_status par_contract(const mst_graph *g, const par_contract_options *o, int timed,
                        mst_forest *out, mst_phases *ph)
{
    mst_status st = check_edges(g);
    if (st != MST_OK)
        return st;
    ct_state s;
    memset(&s, 0, sizeof s);
    s.merge = o->merge_parallel;
    s.threads = (uint64_t)par_team(o->threads);
    start(&s, g, timed, out, ph);
    st = alloc_state(&s, g);
    if (st == MST_OK) {
        solve(&s, NULL);
        out->count = s.out_len;
        record(&s, ph);
    }
    free_state(&s);
    return st;
}

struct par_contract_ws {
    ct_state s;
    ct_base base;
    uint32_t n; /* the topology it was prepared for */
    uint64_t m;
};

void par_contract_release(par_contract_ws *ws)
{
    if (ws == NULL)
        return;
    free_state(&ws->s);
    free(ws->base.beg);
    free(ws->base.adj);
    free(ws->base.eid);
    free(ws);
}

mst_status par_contract_prepare(const mst_graph *g, const par_contract_options *o,
                                par_contract_ws **out_ws, mst_phases *ph)
{
    *out_ws = NULL;
    mst_status st = check_edges(g);
    if (st != MST_OK)
        return st;
    double t0 = mst_now_s();
    par_contract_ws *ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory");
    ws->n = g->n;
    ws->m = g->m;
    ws->s.merge = o->merge_parallel;
    ws->s.threads = (uint64_t)par_team(o->threads);
    uint64_t arcs = 2 * g->m;
    if ((st = alloc_state(&ws->s, g)) != MST_OK ||
        (ws->base.beg = mst_big_alloc((uint64_t)g->n + 1, sizeof *ws->base.beg)) == NULL ||
        (ws->base.adj = mst_big_alloc(arcs, sizeof *ws->base.adj)) == NULL ||
        (ws->base.eid = mst_big_alloc(arcs, sizeof *ws->base.eid)) == NULL) {
        par_contract_release(ws);
        return MST_ERESOURCE;
    }
    /* One full solve: it builds the first level to keep and touches every array's pages. */
    mst_forest scratch = {NULL, 0, 0};
    if ((scratch.eid = mst_big_alloc((uint64_t)g->n + 1, sizeof *scratch.eid)) == NULL) {
        par_contract_release(ws);
        return MST_ERESOURCE;
    }
    start(&ws->s, g, 0, &scratch, NULL);
#pragma omp parallel num_threads((int)ws->s.threads)
    ct_csr_build(g, &ws->s.csr[0], &ws->s.csr[1], ws->s.hist);
    /* Keeps the first level's offsets, far ends and edge ids (csr[0], just built). */
#pragma omp parallel num_threads((int)ws->s.threads)
    {
        const ct_csr *c = &ws->s.csr[0];
        ct_base *b = &ws->base;
#pragma omp for schedule(static) nowait
        for (uint64_t v = 0; v <= g->n; v++)
            b->beg[v] = c->beg[v];
#pragma omp for schedule(static)
        for (uint64_t a = 0; a < arcs; a++) {
            b->adj[a] = c->adj[a];
            b->eid[a] = (uint32_t)c->ki[a];
        }
    }
    solve(&ws->s, &ws->base);
    free(scratch.eid);
    mst_phase_add(ph, "prepare", mst_now_s() - t0);
    *out_ws = ws;
    return MST_OK;
}

mst_status par_contract_run(par_contract_ws *ws, const mst_graph *g, int timed,
                            mst_forest *out, mst_phases *ph)
{
    if (g->n != ws->n || g->m != ws->m)
        return mst_fail(MST_EINTERNAL, "mst-omp: prepared for n=%u m=%llu, called with n=%u "
                        "m=%llu", ws->n, (unsigned long long)ws->m, g->n,
                        (unsigned long long)g->m);
    start(&ws->s, g, timed, out, ph);
    solve(&ws->s, &ws->base);
    out->count = ws->s.out_len;
    record(&ws->s, ph);
    return MST_OK;
}
