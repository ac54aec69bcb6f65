/* dboruvka_share.c: --algo boruvka's share of the graph: the arcs of a rank's own vertices under
 * the 1D vertex partition (dboruvka.h), built once at load time from the edge slices. */
#include "dboruvka_int.h"

#include <stdlib.h>
#include <string.h>

mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n,
                           const dist_slice *s, dbv_graph *g)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *start = NULL, *rcount = NULL, total = 0;
    dbv_arc *send = NULL;
    memset(g, 0, sizeof *g);
    g->pt = dist_partition_make(kind, n, p);
    g->first = kind == DIST_PART_BLOCK ? dist_block_start(&g->pt, c->rank) : 0;
    g->inv_big = 1.0 / (g->pt.q + 1);
    g->inv_small = g->pt.q ? 1.0 / g->pt.q : 0;
    MST_CALLOC(count, p);
    MST_ALLOC(start, p);
    MST_ALLOC(rcount, p);
    MST_CHECK(dist_partition_owned(&g->pt, c->rank, &g->n_local, &g->owned));
    for (uint64_t i = 0; i < s->count; i++) {
        count[dbv_owner(g, s->u[i])]++;
        count[dbv_owner(g, s->v[i])]++;
    }
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + count[q - 1] : 0;
    MST_ALLOC(send, 2 * s->count);
    for (uint64_t i = 0; i < s->count; i++) {
        uint64_t eid = s->eid0 + i;
        dbv_arc a = {s->u[i], s->v[i], s->key[i], (uint32_t)eid, (uint32_t)(eid >> 32)};
        send[start[dbv_owner(g, a.x)]++] = a;
        a.x = s->v[i], a.y = s->u[i];
        send[start[dbv_owner(g, a.x)]++] = a;
    }
fail:
    if ((st = dist_agree(c, st)) == MST_OK) {
        void *recv = NULL;
        st = dist_exchange(c, send, count, sizeof *send, &recv, rcount, &total);
        g->arc = recv;
        g->arcs = total;
    }
    free(send);
    free(count);
    free(start);
    free(rcount);
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
