/* dboruvka_minedge.c: steps 1-2 of a distributed Borůvka round (dboruvka.h): the lightest arc
 * of every live label, its parent, the 2-cycles and the forest edges. */
#include "dboruvka_int.h"

/* The lightest (key, id) arc of each source label. The key kept beside the index decides all
 * but ties without reading the best arc back. */
void dbv_lightest_arcs(dbv_state *s)
{
    const dbv_graph *g = s->g;
    s->n_live = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        if (i + DBV_AHEAD < s->m)
            DBV_PREFETCH(g, s->best, s->arc[i + DBV_AHEAD].x);
        const dbv_arc *a = &s->arc[i];
        uint32_t lx = dbv_local(g, a->x);
        uint64_t b = s->best[lx];
        uint32_t bkey = (uint32_t)(b >> 32);
        if (b == DBV_NO_ARC) {
            s->best[lx] = (uint64_t)a->key << 32 | i;
            s->live[s->n_live++] = lx;
        } else if (a->key < bkey || (a->key == bkey && dbv_arc_less(a, &s->arc[(uint32_t)b]))) {
            s->best[lx] = (uint64_t)a->key << 32 | i;
        }
    }
}

/* Each live label's parent from its lightest arc, that arc's id and key parked in the forest
 * arrays at nf + j (every live label is a root that has put no edge there yet, so nf + n_live
 * stays within n_local), and q[j] = the parent, whose own parent the owner is asked next. */
static void pick_parents(dbv_state *s, uint32_t *q)
{
    uint32_t k = s->n_live;
    for (uint32_t j = 0; j < k; j++) {
        if (j + DBV_AHEAD < k)
            __builtin_prefetch(&s->arc[(uint32_t)s->best[s->live[j + DBV_AHEAD]]]);
        uint32_t lx = s->live[j];
        const dbv_arc *a = &s->arc[(uint32_t)s->best[lx]];
        s->parent[lx] = q[j] = a->y;
        s->feid[s->nf + j] = dbv_eid(a);
        s->fkey[s->nf + j] = a->key;
        s->best[lx] = DBV_NO_ARC; /* ready for the next round */
    }
}

mst_status dbv_min_edges(dbv_state *s)
{
    mst_status st = MST_OK;
    uint32_t k = s->n_live;
    if (dbv_buf_reserve(&s->qbuf, (uint64_t)k * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, (uint64_t)k * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    uint32_t *q = s->qbuf.p;
    pick_parents(s, q);
    if ((st = dbv_ask(s, q, k, dbv_parent_of, s->abuf.p, 0)) != MST_OK)
        return st;
    const uint64_t *grand = s->abuf.p;
    uint64_t parked = s->nf;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t lx = s->live[j], x = dbv_global(s->g, lx), y = s->parent[lx];
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
        /* Else the grandparent is this tree's too (after the 2-cycles' resolution it is an
         * ancestor, or the child of the root it picked): the first doubling step, done. */
        if (grand[j] != x)
            s->parent[lx] = (uint32_t)grand[j];
        s->feid[s->nf] = s->feid[parked + j]; /* nf <= parked + j: moved down, never over */
        s->fkey[s->nf++] = s->fkey[parked + j];
    }
    return MST_OK;
}
