/* dboruvka.c: --algo boruvka, distributed-memory Borůvka rounds (dboruvka.h): the state of one
 * solve, the round loop, and the forest gathered to rank 0. */
#include "dboruvka_int.h"

#include <stdlib.h>
#include <string.h>

#include "timer.h"

static uint64_t *bytes_per_rank; /* rank 0: bytes sent by every rank in the last solve */

const uint64_t *dboruvka_bytes_sent(void)
{
    return bytes_per_rank;
}

static void state_free(dbv_state *s)
{
    free(s->parent);
    free(s->best);
    free(s->done);
    free(s->stage);
    free(s->live);
    free(s->arc);
    free(s->feid);
    free(s->fkey);
    free(s->count);
    free(s->rcount);
    dbv_buf *b[] = {&s->send, &s->recv, &s->reply, &s->back, &s->pos, &s->tmp, &s->qbuf,
                    &s->abuf, &s->heavy};
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        dbv_buf_free(b[i]);
}

/* The arrays of the last solve, kept for the next one on the same share: a trial then touches
 * no fresh pages (the kernel's zeroing of fresh ones showed in a solve's profile). */
static dbv_state kept;

void dboruvka_release(void)
{
    state_free(&kept);
    memset(&kept, 0, sizeof kept);
}

/* At exit: also the byte counts of the last solve. */
static void release_all(void)
{
    dboruvka_release();
    free(bytes_per_rank);
    bytes_per_rank = NULL;
}

/* Sizes the arrays for share g (those of the last solve when it was on g). Errors:
 * MST_ERESOURCE (s half-filled: state_free() frees it). */
static mst_status state_alloc(dbv_state *s, const dist_ctx *c, const dbv_graph *g)
{
    mst_status st = MST_OK;
    uint32_t n = g->n_local;
    static int registered;
    if (!registered)
        registered = atexit(release_all) == 0;
    if (kept.g == g && kept.c == c) {
        *s = kept;
        memset(&kept, 0, sizeof kept);
        return MST_OK;
    }
    dboruvka_release();
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
fail:
    return st;
}

/* Every vertex its own component (the arcs come from dbv_take_arcs). */
static void state_init(dbv_state *s)
{
    const dbv_graph *g = s->g;
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
    memset(s->done, 0, g->n_local);
    memset(s->stage, 0, g->n_local);
    s->stages = 1; /* the local pass */
    for (uint32_t i = 0; i < g->n_local; i++)
        s->parent[i] = dbv_global(g, i), s->best[i] = DBV_NO_ARC;
}

/* The global sum of v. */
static uint64_t sum_all(const dist_ctx *c, uint64_t v)
{
    uint64_t total = 0;
    MPI_Allreduce(&v, &total, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    return total;
}

/* Seconds spent per step over a solve. */
typedef struct dbv_times {
    double step[4];   /* minima, jump, relabel, redistribute */
    double filter[5]; /* the merges: all, then compress, relabel, reduce, redistribute */
} dbv_times;

/* Filtering's merge, timed; rank 0 keeps the most arcs a rank holds after it. */
static mst_status merge(dbv_state *s, dbv_times *tm)
{
    double t0 = mst_now_s(), f[4];
    mst_status st = dbv_filter_merge(s, f);
    if (st != MST_OK)
        return st;
    uint64_t most = 0;
    MPI_Reduce(&s->m, &most, 1, MPI_UINT64_T, MPI_MAX, 0, s->c->comm);
    s->merge_arcs_max = most > s->merge_arcs_max ? most : s->merge_arcs_max;
    tm->filter[0] += mst_now_s() - t0;
    for (int i = 0; i < 4; i++)
        tm->filter[i + 1] += f[i];
    return MST_OK;
}

/* Step 1, and filtering between rounds where the arcs are many per live label; *m, *live: the
 * working arcs and live labels over all ranks. */
static mst_status lightest(dbv_state *s, uint64_t *m, uint64_t *live)
{
    dbv_lightest_arcs(s);
    *live = sum_all(s->c, s->n_live);
    if (s->split != DBV_WHOLE || !dbv_filter_wanted(*m, *live))
        return MST_OK;
    mst_status st = dbv_split_held(s, *live);
    if (st != MST_OK)
        return st;
    dbv_lightest_arcs(s);
    *m = sum_all(s->c, s->m);
    *live = sum_all(s->c, s->n_live);
    return MST_OK;
}

/* Borůvka rounds until no rank holds an arc, the light arcs before the heavy ones where
 * filtering split them. */
static mst_status rounds(dbv_state *s, mst_phases *ph, dbv_times *tm, uint64_t *count)
{
    mst_status st = MST_OK;
    for (;;) {
        uint64_t m = sum_all(s->c, s->m), live = 0;
        if (m == 0 && s->split == DBV_WHOLE)
            return MST_OK;
        if (m == 0) {
            if ((st = merge(s, tm)) != MST_OK)
                return st;
            continue;
        }
        double t0 = mst_now_s();
        if ((st = lightest(s, &m, &live)) != MST_OK || (st = dbv_min_edges(s)) != MST_OK)
            return st;
        if (s->c->rank == 0)
            mst_phase_round(ph, live, m / 2);
        double t1 = mst_now_s();
        if ((st = dbv_jump(s)) != MST_OK)
            return st;
        double t2 = mst_now_s();
        if ((st = dbv_relabel(s)) != MST_OK)
            return st;
        double t3 = mst_now_s();
        if ((st = dbv_redistribute(s)) != MST_OK)
            return st;
        double *t = tm->step;
        t[0] += t1 - t0, t[1] += t2 - t1, t[2] += t3 - t2, t[3] += mst_now_s() - t3;
        (*count)++;
    }
}

/* The forest's ids and keys gathered to rank 0 (out->eid, fkey). */
static mst_status gather_forest(const dbv_state *s, mst_forest *out, uint32_t *fkey)
{
    uint64_t total = 0, keys = 0;
    int root = s->c->rank == 0;
    mst_status st = dist_gather_records(s->c, s->feid, s->nf, sizeof *s->feid,
                                        root ? out->eid : NULL, root ? out->capacity : 0, &total);
    if (st == MST_OK)
        st = dist_gather_records(s->c, s->fkey, s->nf, sizeof *s->fkey, root ? fkey : NULL,
                                 root ? out->capacity : 0, &keys);
    if (st == MST_OK && root)
        out->count = total;
    return st;
}

/* Rank 0 keeps every rank's byte count and the counters. */
static mst_status record(const dbv_state *s, mst_phases *ph, uint64_t nrounds, uint64_t local)
{
    const dist_ctx *c = s->c;
    mst_status st = MST_OK;
    if (c->rank == 0 && bytes_per_rank == NULL &&
        (bytes_per_rank = mst_calloc((size_t)c->size, sizeof *bytes_per_rank)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    MPI_Gather(&s->bytes_sent, 1, MPI_UINT64_T, bytes_per_rank, 1, MPI_UINT64_T, 0, c->comm);
    if (c->rank != 0)
        return MST_OK;
    uint64_t max = 0, total = 0;
    for (int q = 0; q < c->size; q++) {
        total += bytes_per_rank[q];
        max = bytes_per_rank[q] > max ? bytes_per_rank[q] : max;
    }
    mst_phase_count(ph, "rounds", nrounds);
    mst_phase_count(ph, "jump_steps", s->jump_steps);
    mst_phase_count(ph, "local_edges", local);
    if (s->merges > 0) {
        mst_phase_count(ph, "filter_merges", s->merges);
        mst_phase_count(ph, "filter_arcs_max", s->merge_arcs_max);
        mst_phase_count(ph, "hub_labels", s->hub_labels);
    }
    mst_phase_count(ph, "bytes_sent_max", max);
    mst_phase_count(ph, "bytes_sent_total", total);
    return MST_OK;
}

mst_status dboruvka_solve(const dist_ctx *c, const dbv_graph *g, mst_forest *out,
                          uint32_t *fkey, mst_phases *ph)
{
    dbv_state s;
    dbv_times tm = {{0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    uint64_t nrounds = 0, local = 0;
    double t0 = mst_now_s();
    mst_status st = dist_agree(c, state_alloc(&s, c, g));
    if (st == MST_OK)
        state_init(&s);
    if (st == MST_OK)
        st = dbv_take_arcs(&s);
    double t1 = mst_now_s();
    if (st == MST_OK)
        st = dbv_local_contract(&s, &local);
    double t2 = mst_now_s();
    if (st == MST_OK)
        st = rounds(&s, ph, &tm, &nrounds);
    double t3 = mst_now_s();
    if (st == MST_OK)
        st = gather_forest(&s, out, fkey);
    if (st == MST_OK)
        st = record(&s, ph, nrounds, local);
    if (st == MST_OK && c->rank == 0) {
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
