/* dboruvka_relabel.c: step 4 of a distributed Borůvka round (dboruvka.h): both ends of every
 * arc relabelled to their roots, arcs inside a component dropped. */
#include "dboruvka_int.h"

/* The owner's answer after pointer doubling: the label's root. */
static uint64_t root_of(const dbv_state *s, uint32_t local)
{
    return s->parent[local];
}

/* Arcs relabelled per request/reply exchange: the requests and replies (about 36 bytes per
 * arc, dboruvka_comm.c) stay bounded, rather than growing with a rank's arcs. */
#define CHUNK ((uint64_t)1 << 20)

/* Relabels arcs [lo, hi) into s->arc[*kept...] (in place: *kept <= lo), dropping those inside a
 * component. Collective (one dbv_ask, maybe empty). */
static mst_status relabel_window(dbv_state *s, uint64_t lo, uint64_t hi, uint64_t *kept)
{
    const dbv_graph *g = s->g;
    int me = s->c->rank;
    uint32_t *q = s->qbuf.p;
    uint64_t k = 0;
    /* Far ends held by other ranks are asked of their owners; the rest are read here. */
    for (uint64_t i = lo; i < hi; i++)
        if (!dbv_mine(g, me, s->arc[i].y))
            q[k++] = s->arc[i].y;
    mst_status st = dbv_ask(s, q, k, root_of, s->abuf.p, 0);
    if (st != MST_OK)
        return st;
    const uint64_t *root = s->abuf.p;
    uint64_t j = 0;
    for (uint64_t i = lo; i < hi; i++) {
        dbv_arc a = s->arc[i];
        a.y = !dbv_mine(g, me, a.y) ? (uint32_t)root[j++] : s->parent[dbv_local(g, a.y)];
        a.x = s->parent[dbv_local(g, a.x)];
        s->arc[*kept] = a;
        *kept += a.x != a.y;
    }
    return MST_OK;
}

mst_status dbv_relabel(dbv_state *s)
{
    mst_status st = MST_OK;
    uint64_t windows = (s->m + CHUNK - 1) / CHUNK, most = 0, room = s->m < CHUNK ? s->m : CHUNK;
    MPI_Allreduce(&windows, &most, 1, MPI_UINT64_T, MPI_MAX, s->c->comm);
    if (dbv_buf_reserve(&s->qbuf, room * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, room * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    uint64_t kept = 0;
    for (uint64_t w = 0; w < most; w++) {
        uint64_t lo = w * CHUNK < s->m ? w * CHUNK : s->m;
        uint64_t hi = s->m - lo < CHUNK ? s->m : lo + CHUNK;
        if ((st = relabel_window(s, lo, hi, &kept)) != MST_OK)
            return st;
    }
    s->m = kept;
    return MST_OK;
}
