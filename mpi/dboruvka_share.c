/* dboruvka_share.c: --algo boruvka's share of the graph: the arcs of a rank's own vertices under
 * the 1D vertex partition (dboruvka.h), built once at load time from the edge slices, in windows
 * of edges so that the exchange's buffers stay small beside the share. */
#include "dboruvka_int.h"

#include <stdlib.h>
#include <string.h>

#include "scan.h"

/* Arcs a rank sends per all-to-all by default: 2^18, 4 MiB. */
#define WINDOW_ARCS (1u << 18)

/* count[q] += the arcs of slice edges [lo, hi) whose source rank q owns (two per edge). */
static void count_arcs(const dbv_graph *g, const dist_slice *s, uint64_t lo, uint64_t hi,
                       uint64_t *count)
{
    for (uint64_t i = lo; i < hi; i++) {
        count[dbv_owner(g, dist_label(&g->pt, s->u[i]))]++;
        count[dbv_owner(g, dist_label(&g->pt, s->v[i]))]++;
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
        uint32_t u = dist_label(&g->pt, s->u[i]), v = dist_label(&g->pt, s->v[i]);
        dbv_arc a = {u, v, s->key[i], (uint32_t)eid}; /* eid < MST_PACKED_MAX_EDGES */
        send[start[dbv_owner(g, a.x)]++] = a;
        a.x = v, a.y = u;
        send[start[dbv_owner(g, a.x)]++] = a;
    }
}

/* Collective: g->arc (all arcs of this rank's vertices) from the slice's edges, in windows of
 * `win` edges; the share comes out grouped by source rank, each source's in slice order.
 * count[] and start[] are scratch ([p]), send[] room for 2 win arcs. Errors (agreed):
 * MST_ERESOURCE. */
static mst_status exchange(const dist_ctx *c, dbv_graph *g, const dist_slice *s, uint64_t win,
                           uint64_t *count, uint64_t *start, dbv_arc *send)
{
    dbv_windows w;
    uint64_t in = 0, p = (uint64_t)c->size;
    memset(count, 0, p * sizeof *count);
    count_arcs(g, s, 0, s->count, count);
    mst_status st = dbv_windows_open(&w, c, count, (s->count + win - 1) / win, &in);
    if (st == MST_OK && (g->arc = mst_alloc(in, sizeof *g->arc)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) == MST_OK) {
        for (uint64_t k = 0; k < w.windows; k++) {
            uint64_t lo = k * win < s->count ? k * win : s->count;
            uint64_t hi = s->count - lo < win ? s->count : lo + win;
            memset(count, 0, p * sizeof *count);
            count_arcs(g, s, lo, hi, count);
            pack_arcs(g, s, lo, hi, c->size, count, start, send);
            dbv_windows_send(&w, send, count, g->arc);
        }
        g->arcs = in;
    }
    dbv_windows_close(&w);
    return st;
}

/* Where the share is not mostly local (dbv_mostly_local), so that the local pass, which needs
 * the arcs by id, will not run here: g->arc sorted by source label (stable: each source's arcs
 * keep their increasing ids) and g->src_end the end of each source's run, so that the first
 * round reads best[] and parent[] in order rather than at random, and the filter merge skips
 * the hub's runs. Errors: MST_ERESOURCE. */
static mst_status sort_by_source(dbv_graph *g)
{
    if (g->arcs == 0 || dbv_mostly_local(g, g->arc, g->arcs))
        return MST_OK;
    mst_status st = MST_OK;
    uint64_t *start = NULL;
    dbv_arc *sorted = NULL;
    MST_CALLOC(start, (size_t)g->n_local);
    MST_ALLOC(sorted, g->arcs);
    for (uint64_t i = 0; i < g->arcs; i++)
        start[dbv_local(g, g->arc[i].x)]++;
    mst_exclusive_scan(start, g->n_local);
    for (uint64_t i = 0; i < g->arcs; i++)
        sorted[start[dbv_local(g, g->arc[i].x)]++] = g->arc[i];
    free(g->arc);
    g->arc = sorted, sorted = NULL;
    g->by_source = 1;
    g->src_end = start, start = NULL; /* each entry moved to its source's end */
fail:
    free(start);
    free(sorted);
    return st;
}

mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                           uint64_t window, const dist_slice *s, dbv_graph *g)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *start = NULL, win = 0; /* win: edges per window */
    dbv_arc *send = NULL;
    memset(g, 0, sizeof *g);
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
    if ((st = dist_agree(c, st)) == MST_OK)
        st = exchange(c, g, s, win, count, start, send);
    if (st == MST_OK)
        st = dist_agree(c, sort_by_source(g));
    free(count);
    free(start);
    free(send);
    if (st != MST_OK)
        dbv_graph_free(g);
    return st;
}

dist_partition_kind dbv_choose_partition(const dist_ctx *c, uint32_t n, const dist_slice *s)
{
    dist_partition pt = dist_partition_make(DIST_PART_BLOCK, n, c->size);
    uint64_t mine[2] = {0, s->count}, all[2] = {0, 0}; /* local edges, edges */
    for (uint64_t i = 0; i < s->count; i++)
        mine[0] += dist_owner(&pt, s->u[i]) == dist_owner(&pt, s->v[i]);
    MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, c->comm);
    return (double)all[0] >= DBV_LOCAL_SHARE_MIN * (double)all[1] ? DIST_PART_BLOCK
                                                                  : DIST_PART_HASH;
}

void dbv_graph_free(dbv_graph *g)
{
    free(g->arc);
    free(g->src_end);
    memset(g, 0, sizeof *g);
}
