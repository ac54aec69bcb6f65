/* dboruvka_relabel.c: step 4 of a distributed Borůvka round (dboruvka.h): both ends of every
 * arc relabelled to their roots, arcs inside a component dropped. */
#include "dboruvka_int.h"

/* The owner's answer after pointer doubling: the label's root. */
static uint64_t root_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

mst_status dbv_relabel(dbv_state *s)
{
    mst_status st = MST_OK;
    const dbv_graph *g = s->g;
    int me = s->c->rank;
    uint64_t k = 0;
    for (uint64_t i = 0; i < s->m; i++)
        k += !dbv_mine(g, me, s->arc[i].y);
    if (dbv_buf_reserve(&s->qbuf, k * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, k * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    /* Far ends held by other ranks are asked of their owners; the rest are read here. */
    uint32_t *q = s->qbuf.p;
    k = 0;
    for (uint64_t i = 0; i < s->m; i++)
        if (!dbv_mine(g, me, s->arc[i].y))
            q[k++] = s->arc[i].y;
    if ((st = dbv_ask(s, q, k, root_of, s->abuf.p, 0)) != MST_OK)
        return st;
    const uint64_t *root = s->abuf.p;
    uint64_t kept = 0, j = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        dbv_arc a = s->arc[i];
        a.y = !dbv_mine(g, me, a.y) ? (uint32_t)root[j++]
                                            : s->parent[dbv_local(g, a.y)];
        a.x = s->parent[dbv_local(g, a.x)];
        s->arc[kept] = a;
        kept += a.x != a.y;
    }
    s->m = kept;
    return MST_OK;
}
