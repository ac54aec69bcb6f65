/* dboruvka_redist.c: step 5 of a distributed Borůvka round (dboruvka.h): every arc to the owner
 * of its (new) source label, where parallel arcs are reduced to the lightest. The arcs leave in
 * windows and the reduction is in place, so that a round holds the arcs twice (those it had and
 * those it receives) and not four times. */
#include "dboruvka_int.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* MPI's counts and displacements of one window, and where each source's arcs go. */
typedef struct window {
    uint64_t *base, *got; /* [p] first arc from rank q in s->recv; those received so far */
    int *sc, *sd, *rc, *rd; /* [p] */
    MPI_Datatype rec;
} window;

static void window_free(window *w)
{
    void *a[] = {w->base, w->got, w->sc, w->sd, w->rc, w->rd};
    for (size_t i = 0; i < sizeof a / sizeof *a; i++)
        free(a[i]);
    if (w->rec != MPI_DATATYPE_NULL)
        MPI_Type_free(&w->rec);
}

/* s->count[q] = the arcs of s->arc[lo, hi) whose source label rank q owns. */
static void count_arcs(dbv_state *s, uint64_t lo, uint64_t hi)
{
    memset(s->count, 0, (size_t)s->c->size * sizeof *s->count);
    for (uint64_t i = lo; i < hi; i++)
        s->count[dbv_owner(s->g, s->arc[i].x)]++;
}

/* Collective: room in s->recv for every arc this rank receives (*in), w->base, and a window of
 * `win` arcs in s->send. Errors (agreed): MST_ERESOURCE. */
static mst_status prepare(dbv_state *s, uint64_t win, window *w, uint64_t *in)
{
    mst_status st = MST_OK;
    int p = s->c->size;
    count_arcs(s, 0, s->m);
    MPI_Alltoall(s->count, 1, MPI_UINT64_T, s->rcount, 1, MPI_UINT64_T, s->c->comm);
    MST_ALLOC(w->base, p);
    MST_CALLOC(w->got, p);
    MST_ALLOC(w->sc, p);
    MST_ALLOC(w->sd, p);
    MST_ALLOC(w->rc, p);
    MST_ALLOC(w->rd, p);
    *in = 0;
    for (int q = 0; q < p; q++)
        w->base[q] = *in, *in += s->rcount[q];
    if (*in > INT_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d: %" PRIu64 " arcs to receive exceed MPI's int counts "
                 "(use more ranks)", s->c->rank, *in);
    if (dbv_buf_reserve(&s->recv, *in * sizeof(dbv_arc)) != MST_OK ||
        dbv_buf_reserve(&s->send, (s->m < win ? s->m : win) * sizeof(dbv_arc)) != MST_OK)
        MST_FAIL(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " arcs", s->c->rank, *in);
fail:
    return dist_agree(s->c, st);
}

/* Collective, one window: the arcs of s->arc[lo, hi) to their owners, after those already
 * received from the same source (grouped by source rank, each source's in its order). */
static void send_window(dbv_state *s, uint64_t lo, uint64_t hi, window *w)
{
    int p = s->c->size;
    uint64_t *start = s->rcount; /* free until the counts' exchange */
    dbv_arc *send = s->send.p;
    count_arcs(s, lo, hi);
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + s->count[q - 1] : 0;
    for (uint64_t i = lo; i < hi; i++)
        send[start[dbv_owner(s->g, s->arc[i].x)]++] = s->arc[i];
    MPI_Alltoall(s->count, 1, MPI_UINT64_T, s->rcount, 1, MPI_UINT64_T, s->c->comm);
    for (int q = 0, so = 0; q < p; q++) {
        w->sc[q] = (int)s->count[q], w->sd[q] = so, so += w->sc[q];
        w->rc[q] = (int)s->rcount[q], w->rd[q] = (int)(w->base[q] + w->got[q]);
        w->got[q] += s->rcount[q];
        s->bytes_sent += q == s->c->rank ? 0 : s->count[q] * sizeof(dbv_arc);
    }
    MPI_Alltoallv(send, w->sc, w->sd, w->rec, s->recv.p, w->rc, w->rd, w->rec, s->c->comm);
}

/* Collective: every arc of s->arc into s->recv at the owner of its x (*in there), in windows of
 * as many arcs at every rank. Errors (agreed): MST_ERESOURCE. */
static mst_status scatter(dbv_state *s, uint64_t *in)
{
    window w = {.rec = MPI_DATATYPE_NULL};
    uint64_t win = s->g->window, mine = (s->m + win - 1) / win, windows = 0;
    mst_status st = prepare(s, win, &w, in);
    if (st == MST_OK) {
        MPI_Allreduce(&mine, &windows, 1, MPI_UINT64_T, MPI_MAX, s->c->comm);
        MPI_Type_contiguous((int)sizeof(dbv_arc), MPI_BYTE, &w.rec);
        MPI_Type_commit(&w.rec);
        for (uint64_t k = 0; k < windows; k++) {
            uint64_t lo = k * win < s->m ? k * win : s->m;
            uint64_t hi = s->m - lo < win ? s->m : lo + win;
            send_window(s, lo, hi, &w);
        }
    }
    window_free(&w);
    return st;
}

/* The k arcs of in[] reduced, in place, to one per (x, y) pair: the lightest by (key, id); their
 * number into *m. The two arcs of an edge meet the same rivals at their two owners, so both ends
 * keep the same edge. An open-addressing table of arc indices, twice as large as k rounded up to
 * a power of two; a losing arc is marked x = DBV_NONE (no label) and squeezed out. Errors:
 * MST_ERESOURCE. */
static mst_status reduce(dbv_state *s, dbv_arc *in, uint64_t k, uint64_t *m)
{
    uint64_t size = 2;
    while (size < 2 * k)
        size <<= 1;
    if (dbv_buf_reserve(&s->tmp, size * sizeof(uint32_t)) != MST_OK)
        return MST_ERESOURCE;
    uint32_t *slot = s->tmp.p;
    uint64_t mask = size - 1;
    memset(slot, 0xFF, size * sizeof *slot);
    for (uint64_t i = 0; i < k; i++) {
        uint64_t h = mix64((uint64_t)in[i].x << 32 | in[i].y) & mask;
        for (;; h = (h + 1) & mask) {
            uint32_t t = slot[h];
            if (t == DBV_NONE) {
                slot[h] = (uint32_t)i;
                break;
            }
            if (in[t].x == in[i].x && in[t].y == in[i].y) {
                int wins = dbv_arc_less(&in[i], &in[t]);
                if (wins)
                    slot[h] = (uint32_t)i;
                in[wins ? t : i].x = DBV_NONE;
                break;
            }
        }
    }
    *m = 0;
    for (uint64_t i = 0; i < k; i++)
        if (in[i].x != DBV_NONE)
            in[(*m)++] = in[i];
    return MST_OK;
}

/* The k arcs received reduced (reduce()), then the arrays swap: they become s->arc, and the old
 * arcs' block the next receive buffer. */
static mst_status dedup(dbv_state *s, uint64_t k)
{
    uint64_t m = 0;
    if (reduce(s, s->recv.p, k, &m) != MST_OK)
        return MST_ERESOURCE;
    dbv_buf old = {s->arc, s->arc_cap * sizeof(dbv_arc)};
    s->arc = s->recv.p;
    s->arc_cap = s->recv.cap / sizeof(dbv_arc);
    s->recv = old;
    s->m = m;
    return MST_OK;
}

mst_status dbv_reduce_local(dbv_state *s)
{
    return dist_agree(s->c, reduce(s, s->arc, s->m, &s->m));
}

mst_status dbv_redistribute(dbv_state *s)
{
    uint64_t in = 0;
    mst_status st = scatter(s, &in);
    if (st != MST_OK)
        return st;
    return dist_agree(s->c, dedup(s, in));
}
