/* dboruvka_relabel.c: step 4 of a distributed Borůvka round (dboruvka.h): both ends of every
 * arc relabelled to their roots, arcs inside a component dropped. */
#include "dboruvka_int.h"

#include <stdlib.h>
#include <string.h>

/* Arcs relabelled per request/reply exchange: the requests and replies (about 36 bytes per
 * arc, dboruvka_comm.c) stay bounded, rather than growing with a rank's arcs. */
#define CHUNK ((uint64_t)1 << 20)

/* Which arcs of a source to relabel: all, or the heavy ones (above (tkey, teid)). */
typedef struct pick {
    int heavy_only;
    uint32_t tkey;
    uint64_t teid;
} pick;

static inline int picked(const pick *f, const dbv_arc *a)
{
    return !f->heavy_only || dbv_above(a, f->tkey, f->teid);
}

mst_status dbv_grow_arcs(dbv_state *s, uint64_t need, uint64_t kept)
{
    if (need <= s->arc_cap)
        return MST_OK;
    uint64_t cap = need > s->arc_cap + s->arc_cap / 2 ? need : s->arc_cap + s->arc_cap / 2;
    dbv_arc *a = mst_big_alloc(cap, sizeof *a);
    if (a == NULL)
        return MST_ERESOURCE;
    if (kept > 0) /* s->arc may be NULL: the redistribution swaps it with its receive buffer */
        memcpy(a, s->arc, kept * sizeof *a);
    free(s->arc);
    s->arc = a;
    s->arc_cap = cap;
    return MST_OK;
}

/* Arc a, its near end already relabelled, into s->arc[*out]: a far end held here read at once,
 * one held elsewhere put into q[*k] and the arc kept with y = DBV_NONE (which no label is); an
 * arc whose ends are both known to be in one component is dropped. */
static inline void relabel_far(dbv_state *s, dbv_arc a, uint32_t *q, uint64_t *k, uint64_t *out)
{
    if (dbv_mine(s->g, a.y))
        a.y = s->parent[dbv_local(s->g, a.y)];
    else
        q[(*k)++] = a.y, a.y = DBV_NONE;
    s->arc[*out] = a;
    *out += a.x != a.y;
}

/* One pass over src[lo, hi): each picked arc relabelled into s->arc[*out...] (in place when src
 * is s->arc: *out <= lo), the near end from this rank's parents, the far end by relabel_far.
 * Arcs whose source label is the hub are dropped (dbv_find_hub: the twin keeps the edge). */
static void first_pass(dbv_state *s, const dbv_arc *src, uint64_t lo, uint64_t hi,
                       const pick *f, uint32_t *q, uint64_t *k, uint64_t *out)
{
    const dbv_graph *g = s->g;
    for (uint64_t i = lo; i < hi; i++) {
        if (i + DBV_AHEAD < hi) {
            const dbv_arc *b = &src[i + DBV_AHEAD];
            DBV_PREFETCH(g, s->parent, b->x);
            if (dbv_mine(g, b->y))
                DBV_PREFETCH(g, s->parent, b->y);
        }
        dbv_arc a = src[i];
        if (!picked(f, &a))
            continue;
        a.x = s->parent[dbv_local(g, a.x)];
        if (a.x != s->hub)
            relabel_far(s, a, q, k, out);
    }
}

/* first_pass over the share sorted by source (g->by_source), one run of arcs per source: the
 * source's root is read once, and the runs of sources in the hub are skipped unread (after a
 * filter on a random graph, most of the share). */
static void first_pass_runs(dbv_state *s, const dbv_arc *src, uint64_t lo, uint64_t hi,
                            const pick *f, uint32_t *q, uint64_t *k, uint64_t *out)
{
    const dbv_graph *g = s->g;
    uint32_t v = 0, top = g->n_local; /* v: the first source whose run ends after lo */
    while (v < top) {
        uint32_t mid = v + (top - v) / 2;
        if (g->src_end[mid] <= lo)
            v = mid + 1;
        else
            top = mid;
    }
    for (uint64_t i = lo; i < hi; v++) {
        uint64_t stop = g->src_end[v] < hi ? g->src_end[v] : hi;
        uint32_t rx = s->parent[v];
        if (rx == s->hub) {
            i = stop;
            continue;
        }
        for (; i < stop; i++) {
            if (i + DBV_AHEAD < hi && dbv_mine(g, src[i + DBV_AHEAD].y))
                DBV_PREFETCH(g, s->parent, src[i + DBV_AHEAD].y);
            dbv_arc a = src[i];
            if (!picked(f, &a))
                continue;
            a.x = rx;
            relabel_far(s, a, q, k, out);
        }
    }
}

/* Relabels the picked arcs of src[lo, hi) into s->arc[*kept...], dropping those inside a
 * component and those of the hub: first_pass, then the far ends held elsewhere asked of their
 * owners and filled in a second pass over the kept arcs alone. Collective (one dbv_ask, maybe
 * empty). Errors (agreed): MST_ERESOURCE. */
static mst_status relabel_window(dbv_state *s, const dbv_arc *src, uint64_t lo, uint64_t hi,
                                 const pick *f, uint64_t *kept)
{
    uint32_t *q = s->qbuf.p;
    uint64_t k = 0, first = *kept, out = *kept;
    mst_status st = src == s->arc ? MST_OK : dbv_grow_arcs(s, *kept + (hi - lo), *kept);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    if (src == s->g->arc && s->g->by_source)
        first_pass_runs(s, src, lo, hi, f, q, &k, &out);
    else
        first_pass(s, src, lo, hi, f, q, &k, &out);
    if ((st = dbv_ask(s, q, k, dbv_parent_of, s->abuf.p, 0)) != MST_OK)
        return st;
    if (k == 0) {
        *kept = out;
        return MST_OK;
    }
    const uint64_t *root = s->abuf.p;
    uint64_t j = 0;
    for (uint64_t i = first; i < out; i++) {
        dbv_arc a = s->arc[i];
        if (a.y == DBV_NONE)
            a.y = (uint32_t)root[j++];
        s->arc[*kept] = a;
        *kept += a.x != a.y;
    }
    return MST_OK;
}

/* The picked arcs of src[m] relabelled into s->arc, in windows of CHUNK arcs. */
static mst_status relabel_all(dbv_state *s, const dbv_arc *src, uint64_t m, const pick *f)
{
    mst_status st = MST_OK;
    uint64_t windows = (m + CHUNK - 1) / CHUNK, most = 0, room = m < CHUNK ? m : CHUNK;
    MPI_Allreduce(&windows, &most, 1, MPI_UINT64_T, MPI_MAX, s->c->comm);
    if (dbv_buf_reserve(&s->qbuf, room * sizeof(uint32_t)) != MST_OK ||
        dbv_buf_reserve(&s->abuf, room * sizeof(uint64_t)) != MST_OK)
        st = MST_ERESOURCE;
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    uint64_t kept = 0;
    for (uint64_t w = 0; w < most; w++) {
        uint64_t lo = w * CHUNK < m ? w * CHUNK : m;
        uint64_t hi = m - lo < CHUNK ? m : lo + CHUNK;
        if ((st = relabel_window(s, src, lo, hi, f, &kept)) != MST_OK)
            return st;
    }
    s->m = kept;
    return MST_OK;
}

mst_status dbv_relabel(dbv_state *s)
{
    pick all = {0, 0, 0};
    return relabel_all(s, s->arc, s->m, &all);
}

mst_status dbv_relabel_heavy(dbv_state *s)
{
    pick all = {0, 0, 0}, heavy = {1, s->tkey, s->teid};
    if (s->split == DBV_SPLIT_SHARE)
        return relabel_all(s, s->g->arc, s->g->arcs, &heavy);
    return relabel_all(s, s->heavy.p, s->n_heavy, &all);
}
