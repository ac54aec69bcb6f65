/* dboruvka_share.c: --algo boruvka's share of the graph: the arcs of a rank's own vertices under
 * the 1D vertex partition (dboruvka.h), built once at load time from the edge slices, in windows
 * of edges so that the exchange's buffers stay small beside the share. */
#include "dboruvka_int.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Arcs a rank sends per all-to-all: 2^18, 5 MiB. */
#define WINDOW_ARCS (1u << 18)
#define MAX_WINDOW (1u << 30) /* within MPI's int counts */

/* The window in arcs: MST_MPI_WINDOW=N when set (tests force it tiny, so that arcs move over
 * many windows), else WINDOW_ARCS. A malformed value is reported, not guessed. */
static mst_status window_arcs(uint64_t *w)
{
    const char *s = getenv("MST_MPI_WINDOW");
    *w = WINDOW_ARCS;
    if (s != NULL && mst_cli_parse_count("MST_MPI_WINDOW", s, MAX_WINDOW, w) != 0)
        return mst_fail(MST_EUSAGE, "environment variable MST_MPI_WINDOW: bad value '%s' "
                        "(1..%u)", s, MAX_WINDOW);
    return MST_OK;
}

/* count[q] += the arcs of slice edges [lo, hi) whose source rank q owns (two per edge). */
static void count_arcs(const dbv_graph *g, const dist_slice *s, uint64_t lo, uint64_t hi,
                       uint64_t *count)
{
    for (uint64_t i = lo; i < hi; i++) {
        count[dbv_owner(g, s->u[i])]++;
        count[dbv_owner(g, s->v[i])]++;
    }
}

/* The arcs of slice edges [lo, hi) into send[], grouped by owner rank (count[q] of them for
 * rank q, from count_arcs); start[] is scratch ([p]). */
static void pack_arcs(const dbv_graph *g, const dist_slice *s, uint64_t lo, uint64_t hi, int p,
                      const uint64_t *count, uint64_t *start, dbv_arc *send)
{
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + count[q - 1] : 0;
    for (uint64_t i = lo; i < hi; i++) {
        uint64_t eid = s->eid0 + i;
        dbv_arc a = {s->u[i], s->v[i], s->key[i], (uint32_t)eid, (uint32_t)(eid >> 32)};
        send[start[dbv_owner(g, a.x)]++] = a;
        a.x = s->v[i], a.y = s->u[i];
        send[start[dbv_owner(g, a.x)]++] = a;
    }
}

/* The exchange's arrays: per-rank counts and MPI's int counts and displacements. */
typedef struct window {
    uint64_t *count, *start, *rcount, *got; /* [p] */
    int *sc, *sd, *rc, *rd;                 /* [p] */
    dbv_arc *send;                          /* [2 * window edges] */
    MPI_Datatype rec;
} window;

static void window_free(window *w)
{
    void *a[] = {w->count, w->start, w->rcount, w->got, w->sc, w->sd, w->rc, w->rd, w->send};
    for (size_t i = 0; i < sizeof a / sizeof *a; i++)
        free(a[i]);
    if (w->rec != MPI_DATATYPE_NULL)
        MPI_Type_free(&w->rec);
}

/* Collective, one window: the arcs of slice edges [lo, hi) to their owners. Those from rank q
 * land in g->arc after the w->got[q] already received from it, from base[q] on, so the share
 * is the one a single all-to-all would give: grouped by source rank, in slice order. */
static void exchange_window(const dist_ctx *c, const dbv_graph *g, const dist_slice *s,
                            uint64_t lo, uint64_t hi, const uint64_t *base, window *w)
{
    int p = c->size;
    memset(w->count, 0, (size_t)p * sizeof *w->count);
    count_arcs(g, s, lo, hi, w->count);
    pack_arcs(g, s, lo, hi, p, w->count, w->start, w->send);
    MPI_Alltoall(w->count, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    for (int q = 0, so = 0; q < p; q++) {
        w->sc[q] = (int)w->count[q], w->sd[q] = so, so += w->sc[q];
        w->rc[q] = (int)w->rcount[q], w->rd[q] = (int)(base[q] + w->got[q]);
        w->got[q] += w->rcount[q];
    }
    MPI_Alltoallv(w->send, w->sc, w->sd, w->rec, g->arc, w->rc, w->rd, w->rec, c->comm);
}

/* Collective: g->arc sized for every arc this rank will receive (*total), and base[q], where
 * those from rank q start. Errors (agreed): MST_ERESOURCE (memory, or beyond MPI's int
 * displacements). */
static mst_status alloc_share(const dist_ctx *c, dbv_graph *g, const dist_slice *s, window *w,
                              uint64_t *base, uint64_t *total)
{
    mst_status st = MST_OK;
    uint64_t in = 0;
    memset(w->count, 0, (size_t)c->size * sizeof *w->count);
    count_arcs(g, s, 0, s->count, w->count);
    MPI_Alltoall(w->count, 1, MPI_UINT64_T, w->rcount, 1, MPI_UINT64_T, c->comm);
    for (int q = 0; q < c->size; q++)
        base[q] = in, in += w->rcount[q];
    if (in > INT_MAX)
        MST_FAIL(MST_ERESOURCE, "rank %d: %" PRIu64 " arcs exceed MPI's int counts (use more "
                 "ranks)", c->rank, in);
    MST_ALLOC(g->arc, in);
    *total = in;
fail:
    return dist_agree(c, st);
}

/* Collective: the slice's arcs to their owners, window after window (as many on every rank). */
static void exchange_all(const dist_ctx *c, dbv_graph *g, const dist_slice *s, uint64_t win,
                         const uint64_t *base, window *w)
{
    uint64_t mine = (s->count + win - 1) / win, windows = 0;
    MPI_Allreduce(&mine, &windows, 1, MPI_UINT64_T, MPI_MAX, c->comm);
    MPI_Type_contiguous((int)sizeof(dbv_arc), MPI_BYTE, &w->rec);
    MPI_Type_commit(&w->rec);
    for (uint64_t k = 0; k < windows; k++) {
        uint64_t lo = k * win < s->count ? k * win : s->count;
        uint64_t hi = s->count - lo < win ? s->count : lo + win;
        exchange_window(c, g, s, lo, hi, base, w);
    }
}

mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                           const dist_slice *s, dbv_graph *g)
{
    mst_status st = MST_OK;
    int p = c->size;
    window w = {.rec = MPI_DATATYPE_NULL};
    uint64_t *base = NULL, win = 0, total = 0; /* win: edges per window */
    memset(g, 0, sizeof *g);
    g->pt = dist_partition_make(kind, n, p);
    g->first = kind == DIST_PART_BLOCK ? dist_block_start(&g->pt, c->rank) : 0;
    g->inv_big = 1.0 / (g->pt.q + 1);
    g->inv_small = g->pt.q ? 1.0 / g->pt.q : 0;
    MST_CHECK(window_arcs(&g->window));
    win = g->window > 1 ? g->window / 2 : 1; /* edges: two arcs each */
    MST_ALLOC(w.count, p);
    MST_ALLOC(w.start, p);
    MST_ALLOC(w.rcount, p);
    MST_CALLOC(w.got, p);
    MST_ALLOC(w.sc, p);
    MST_ALLOC(w.sd, p);
    MST_ALLOC(w.rc, p);
    MST_ALLOC(w.rd, p);
    MST_ALLOC(base, p);
    MST_ALLOC(w.send, 2 * (s->count < win ? s->count : win));
    MST_CHECK(dist_partition_owned(&g->pt, c->rank, &g->n_local, &g->owned));
fail:
    if ((st = dist_agree(c, st)) == MST_OK)
        st = alloc_share(c, g, s, &w, base, &total);
    if (st == MST_OK) {
        exchange_all(c, g, s, win, base, &w);
        g->arcs = total;
    }
    window_free(&w);
    free(base);
    if (st != MST_OK)
        dbv_graph_free(g);
    return st;
}

void dbv_graph_free(dbv_graph *g)
{
    free(g->owned);
    free(g->arc);
    memset(g, 0, sizeof *g);
}
