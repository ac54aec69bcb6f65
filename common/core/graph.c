/* graph.c: freeing the canonical graph and its CSR builder (see core.h; weights: weights.c). */
#include "core.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mst_graph_free(mst_graph *g)
{
    if (g == NULL)
        return;
    free(g->name);
    free(g->u);
    free(g->v);
    free(g->key);
    free(g->raw);
    memset(g, 0, sizeof *g);
}

mst_status mst_csr_build(const mst_graph *g, mst_csr *c)
{
    mst_status st = MST_OK;
    memset(c, 0, sizeof *c);
    c->n = g->n;
    MST_CALLOC(c->offset, (size_t)g->n + 1);
    MST_ALLOC(c->adj, 2 * g->m);
    MST_ALLOC(c->eid, 2 * g->m);
    for (uint64_t e = 0; e < g->m; e++) {
        c->offset[g->u[e] + 1]++;
        c->offset[g->v[e] + 1]++;
    }
    for (uint32_t x = 0; x < g->n; x++)
        c->offset[x + 1] += c->offset[x];
    /* Fill with a moving cursor per row (offset[x] advances, then is shifted back). */
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t a = c->offset[g->u[e]]++, b = c->offset[g->v[e]]++;
        c->adj[a] = g->v[e];
        c->eid[a] = e;
        c->adj[b] = g->u[e];
        c->eid[b] = e;
    }
    for (uint32_t x = g->n; x > 0; x--)
        c->offset[x] = c->offset[x - 1];
    c->offset[0] = 0;
    return MST_OK;
fail:
    mst_csr_free(c);
    return st;
}

void mst_csr_free(mst_csr *c)
{
    if (c == NULL)
        return;
    free(c->offset);
    free(c->adj);
    free(c->eid);
    memset(c, 0, sizeof *c);
}
