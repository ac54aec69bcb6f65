/* dboruvka_redist.c: step 5 of a distributed Borůvka round (dboruvka.h): every arc to the owner
 * of its (new) source label, where parallel arcs are reduced to the lightest. The arcs leave in
 * windows and the reduction is in place, so that a round holds the arcs twice (those it had and
 * those it receives) and not four times. */
#include "dboruvka_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Where a reduction removes less than this share of the arcs, the next is skipped. */
#define REDUCE_MIN_YIELD 0.01

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The hash of an arc's (x, y) pair. */
static inline uint64_t pair_hash(const dbv_arc *a)
{
    return mix64((uint64_t)a->x << 32 | a->y);
}

/* s->count[q] = the arcs of s->arc[lo, hi) whose source label rank q owns. */
static void count_arcs(dbv_state *s, uint64_t lo, uint64_t hi)
{
    memset(s->count, 0, (size_t)s->c->size * sizeof *s->count);
    for (uint64_t i = lo; i < hi; i++)
        s->count[dbv_owner(s->g, s->arc[i].x)]++;
}

/* The arcs of s->arc[lo, hi) into s->send, grouped by the rank that owns their x
 * (s->count[q] of them for rank q, from count_arcs). */
static void pack_window(dbv_state *s, uint64_t lo, uint64_t hi)
{
    uint64_t *start = s->rcount; /* free until the window's exchange */
    dbv_arc *send = s->send.p;
    for (int q = 0; q < s->c->size; q++)
        start[q] = q ? start[q - 1] + s->count[q - 1] : 0;
    for (uint64_t i = lo; i < hi; i++)
        send[start[dbv_owner(s->g, s->arc[i].x)]++] = s->arc[i];
}

/* Collective: every arc of s->arc into s->recv at the owner of its x (*in there), in windows of
 * s->g->window arcs (dbv_windows). Errors (agreed): MST_ERESOURCE. */
static mst_status scatter(dbv_state *s, uint64_t *in)
{
    dbv_windows w;
    uint64_t win = s->g->window;
    count_arcs(s, 0, s->m);
    mst_status st = dbv_windows_open(&w, s->c, s->count, (s->m + win - 1) / win, in);
    if (st == MST_OK &&
        (dbv_buf_reserve(&s->recv, *in * sizeof(dbv_arc)) != MST_OK ||
         dbv_buf_reserve(&s->send, (s->m < win ? s->m : win) * sizeof(dbv_arc)) != MST_OK))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " arcs",
                      s->c->rank, *in);
    if ((st = dist_agree(s->c, st)) == MST_OK) {
        for (uint64_t k = 0; k < w.windows; k++) {
            uint64_t lo = k * win < s->m ? k * win : s->m;
            uint64_t hi = s->m - lo < win ? s->m : lo + win;
            count_arcs(s, lo, hi);
            pack_window(s, lo, hi);
            s->bytes_sent += dbv_windows_send(&w, s->send.p, s->count, s->recv.p);
        }
    }
    dbv_windows_close(&w);
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
        if (i + DBV_AHEAD < k)
            __builtin_prefetch(&slot[pair_hash(&in[i + DBV_AHEAD]) & mask]);
        uint64_t h = pair_hash(&in[i]) & mask;
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

/* The k arcs received reduced (reduce()) unless s->skip_reduce, then the arrays swap: they
 * become s->arc, and the old arcs' block the next receive buffer. */
static mst_status dedup(dbv_state *s, uint64_t k)
{
    uint64_t m = k;
    if (!s->skip_reduce && reduce(s, s->recv.p, k, &m) != MST_OK)
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
    if (st != MST_OK || (st = dist_agree(s->c, dedup(s, in))) != MST_OK)
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
