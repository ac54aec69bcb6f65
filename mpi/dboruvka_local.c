/* dboruvka_local.c: --algo boruvka's local preprocessing (dboruvka.h): each rank contracts the
 * edges between its own vertices that it can prove to be in the MSF without the others. */
#include "dboruvka_int.h"

#include <stdlib.h>

#include "radix_sort.h"
#include "union_find.h"

/*
 * Kruskal over the arcs in (key, id) order, with blocking: a component is blocked at its first
 * arc to another rank, from where its lightest leaving edge may be out of sight. A local edge
 * joining two components of which at least one, A, is not blocked is the lightest edge leaving A
 * (every lighter arc at A was local and taken, or inside A), hence an MSF edge by the cut
 * property: it is taken, and the union (by rank, union_find.h) is blocked if either side was.
 * Between two blocked components it is left to the rounds. order[k] lists the arcs to look at
 * (each local edge once, every arc to another rank) sorted by (key, id), and ends[k] their
 * local ends (candidates()), so that the scan reads the arcs only for the edges it takes.
 */
static void kruskal_blocked(dbv_state *s, const uint64_t *order, const uint64_t *ends,
                            uint64_t k, mst_dsu *uf, uint8_t *blocked, uint64_t *edges)
{
    for (uint64_t i = 0; i < k; i++) {
        uint32_t rx = mst_dsu_find(uf, (uint32_t)(ends[i] >> 32)), y = (uint32_t)ends[i];
        if (y == DBV_NONE) {
            blocked[rx] = 1;
            continue;
        }
        uint32_t ry = mst_dsu_find(uf, y);
        if (rx == ry || (blocked[rx] & blocked[ry]))
            continue;
        uint8_t b = blocked[rx] | blocked[ry];
        blocked[mst_dsu_link(uf, rx, ry)] = b;
        const dbv_arc *a = &s->arc[(uint32_t)order[i]];
        s->feid[s->nf] = dbv_eid(a);
        s->fkey[s->nf++] = a->key;
        (*edges)++;
    }
}

/* The arcs to look at, as (key << 32 | index) words, in w, and their ends as (local x << 32 |
 * local y, or DBV_NONE for a far end at another rank) in ends; sorted by (key, id) afterwards:
 * the working arcs are in increasing id order before the first round (dbv_graph_build keeps the
 * slices' order). */
static uint64_t candidates(const dbv_state *s, uint64_t *w, uint64_t *ends)
{
    const dbv_graph *g = s->g;
    uint64_t k = 0;
    for (uint64_t i = 0; i < s->m; i++) {
        const dbv_arc *a = &s->arc[i];
        int mine = dbv_mine(g, a->y);
        if (mine && a->x >= a->y)
            continue;
        ends[k] = (uint64_t)dbv_local(g, a->x) << 32 | (mine ? dbv_local(g, a->y) : DBV_NONE);
        w[k++] = (uint64_t)a->key << 32 | i;
    }
    return k;
}

/* Contracts locally on this rank; parent[] gets every vertex's local component root (label).
 * Returns MST_ERESOURCE on memory. */
static mst_status contract_here(dbv_state *s, uint64_t *edges)
{
    mst_status st = MST_OK;
    uint32_t n = s->g->n_local;
    uint64_t *w = NULL, *tmp = NULL, *ends = NULL, *etmp = NULL;
    uint8_t *blocked = NULL;
    mst_dsu uf = {0, NULL, NULL};
    MST_ALLOC(w, s->m);
    MST_ALLOC(tmp, s->m);
    MST_ALLOC(ends, s->m);
    MST_ALLOC(etmp, s->m);
    MST_CALLOC(blocked, n);
    MST_CHECK(mst_dsu_init(&uf, n));
    uint64_t k = candidates(s, w, ends);
    /* Stable: ids stay ascending among equal keys; the ends travel along. */
    mst_radix_sort_pairs(w, ends, tmp, etmp, k, 32, 64);
    kruskal_blocked(s, w, ends, k, &uf, blocked, edges);
    for (uint32_t i = 0; i < n; i++) {
        s->parent[i] = dbv_global(s->g, mst_dsu_find(&uf, i));
        s->stage[i] = s->parent[i] != dbv_global(s->g, i); /* stage 1: this pass */
    }
fail:
    free(w);
    free(tmp);
    free(ends);
    free(etmp);
    mst_dsu_free(&uf);
    free(blocked);
    return st;
}

mst_status dbv_local_contract(dbv_state *s, uint64_t *edges)
{
    const dbv_graph *g = s->g;
    uint64_t total = 0;
    *edges = 0;
    mst_status st = MST_OK;
    /* A share sorted by source is not by id (dboruvka_share.c) and was not mostly local. */
    if (!g->by_source && dbv_mostly_local(g, s->arc, s->m))
        st = contract_here(s, edges);
    if ((st = dist_agree(s->c, st)) != MST_OK)
        return st;
    MPI_Allreduce(edges, &total, 1, MPI_UINT64_T, MPI_SUM, s->c->comm);
    *edges = total;
    if (total == 0)
        return MST_OK;
    /* The arcs take their components' labels at both ends, as after a round. */
    if ((st = dbv_relabel(s)) != MST_OK)
        return st;
    return dbv_redistribute(s);
}
