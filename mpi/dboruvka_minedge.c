/* dboruvka_minedge.c: steps 1-2 of a distributed Borůvka round (dboruvka.h): the lightest arc
 * of every live label, its parent, the 2-cycles and the forest edges. */
#include "dboruvka_int.h"

/* The owner's answer: the parent it picked for a label. */
static uint64_t parent_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

/* best[] and the live list from the arcs: the lightest (key, id) arc of each source label. */
static void lightest_arcs(dbv_state *s)
{
    const dbv_graph *g = s->g;
    s->n_live = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        uint32_t lx = dbv_local(g, s->arc[i].x);
        uint32_t b = s->best[lx];
        if (b == DBV_NONE) {
            s->best[lx] = (uint32_t)i;
            s->live[s->n_live++] = lx;
        } else if (dbv_arc_less(&s->arc[i], &s->arc[b])) {
            s->best[lx] = (uint32_t)i;
        }
    }
}

mst_status dbv_min_edges(dbv_state *s)
{
    mst_status st = MST_OK;
    lightest_arcs(s);
    uint32_t k = s->n_live;
    if (dbv_buf_reserve(&s->qbuf, (uint64_t)k * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, (uint64_t)k * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    uint32_t *q = s->qbuf.p;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t lx = s->live[j];
        s->parent[lx] = s->arc[s->best[lx]].y;
        q[j] = s->parent[lx];
    }
    if ((st = dbv_ask(s, q, k, parent_of, s->abuf.p, 0)) != MST_OK)
        return st;
    const uint64_t *grand = s->abuf.p;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t lx = s->live[j], x = dbv_global(s->g, lx), y = s->parent[lx];
        const dbv_arc *a = &s->arc[s->best[lx]];
        /* Both ends picked the same edge (the lightest leaving either is unique): one becomes
         * the root, the other puts the edge into the forest. The root is the end whose label
         * hashes lower (dist_mix32 is a bijection), not the smaller label: roots keep their
         * labels, and smaller ones would pile the components up at the low ranks of the block
         * partition. */
        if (grand[j] == x && dist_mix32(x) < dist_mix32(y)) {
            s->parent[lx] = x;
            s->done[lx] = 1;
            continue;
        }
        s->done[lx] = grand[j] == x; /* the parent is the root of a 2-cycle */
        s->feid[s->nf] = dbv_eid(a);
        s->fkey[s->nf++] = a->key;
    }
    for (uint32_t j = 0; j < k; j++)
        s->best[s->live[j]] = DBV_NONE; /* ready for the next round */
    return MST_OK;
}
