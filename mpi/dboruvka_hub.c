/* dboruvka_hub.c: --algo boruvka's hub (dboruvka.h): after the light rounds, the giant component
 * whose arcs are kept from the far side only, so that they do not all converge on its owner. */
#include "dboruvka_int.h"

#include <stdlib.h>

/* A component is a hub when it holds at least 1 / max(p, HUB_MIN_RANKS) of the voters: at least
 * its owner's even share of them, or 1 / HUB_MIN_RANKS of them on fewer ranks, where the arcs
 * it drops are still work saved at every rank. */
#define HUB_MIN_RANKS 16

/* A rank's candidate: a label and how many of the rank's voters it holds, and the voters. */
typedef struct candidate {
    uint32_t label, voters;
    uint64_t count;
} candidate;

/* Whether local label v votes: it was a root when the heavy arcs were held (dboruvka_int.h). */
static inline int votes(const dbv_state *s, uint32_t v)
{
    return s->stage[v] == 0 || s->stage[v] > s->split_stages;
}

/* This rank's candidate: the majority root among its voters that are not roots themselves
 * (Boyer and Moore 1991; singletons, such as R-MAT's isolated vertices, do not vote), with its
 * exact count. */
static candidate local_candidate(const dbv_state *s)
{
    const dbv_graph *g = s->g;
    candidate c = {DBV_NONE, 0, 0};
    uint64_t lead = 0;
    for (uint32_t v = 0; v < g->n_local; v++) {
        if (!votes(s, v))
            continue;
        c.voters++;
        uint32_t r = s->parent[v];
        if (r == dbv_global(g, v))
            continue;
        if (lead == 0)
            c.label = r, lead = 1;
        else if (r == c.label)
            lead++;
        else
            lead--;
    }
    for (uint32_t v = 0; v < g->n_local && c.label != DBV_NONE; v++)
        c.count += votes(s, v) && s->parent[v] == c.label;
    return c;
}

/* The label whose candidates' counts, summed over the ranks that proposed it, are largest
 * (ties: the smaller label); DBV_NONE if none. The same answer on every rank. */
static candidate heaviest(const candidate *all, int p)
{
    candidate best = {DBV_NONE, 0, 0};
    for (int i = 0; i < p; i++) {
        candidate c = {all[i].label, 0, 0};
        for (int j = 0; j < p && c.label != DBV_NONE; j++)
            c.count += all[j].label == c.label ? all[j].count : 0;
        if (c.label != DBV_NONE &&
            (c.count > best.count || (c.count == best.count && c.label < best.label)))
            best = c;
    }
    return best;
}

mst_status dbv_find_hub(dbv_state *s)
{
    const dist_ctx *c = s->c;
    int p = c->size;
    candidate mine = local_candidate(s), *all = mst_alloc((size_t)p, sizeof *all);
    mst_status st = dist_agree(c, all == NULL ? MST_ERESOURCE : MST_OK);
    s->hub = DBV_NONE, s->hub_labels = 0;
    if (st == MST_OK) {
        MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE,
                      c->comm);
        candidate best = heaviest(all, p);
        uint64_t ranks = p > HUB_MIN_RANKS ? (uint64_t)p : HUB_MIN_RANKS, voters = 0;
        for (int q = 0; q < p; q++)
            voters += all[q].voters;
        if (best.label != DBV_NONE && best.count * ranks >= voters)
            s->hub = best.label, s->hub_labels = best.count;
    }
    free(all);
    return st;
}
