/* rounds.c: a round's keys on the shares of mst-mpi (rounds.h). */
#include "rounds.h"

#include <limits.h>
#include <stdlib.h>

#include "loader.h"

/* Keys broadcast at once: MPI counts are ints. */
#define BCAST_CHUNK (1u << 28)

/* The key of edge e: from the seed, or from keys[] (all m of them). */
static inline uint32_t key_of(const uint32_t *keys, int random, uint64_t seed, uint64_t e,
                              int maximum)
{
    uint32_t k = random ? mst_random_weight_key(seed, e) : keys[e];
    return maximum ? UINT32_MAX - k : k;
}

/* Rank 0's keys of every edge on every rank (m keys each). */
static mst_status broadcast_keys(const dist_ctx *c, const mst_graph *g, uint64_t m,
                                 uint32_t **keys)
{
    mst_status st = MST_OK;
    if (c->rank == 0)
        *keys = g->key;
    else if ((*keys = mst_alloc(m > 0 ? m : 1, sizeof **keys)) == NULL)
        st = MST_ERESOURCE;
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    for (uint64_t at = 0; at < m; at += BCAST_CHUNK) {
        uint64_t k = m - at < BCAST_CHUNK ? m - at : BCAST_CHUNK;
        MPI_Bcast(*keys + at, (int)k, MPI_UINT32_T, 0, c->comm);
    }
    return MST_OK;
}

mst_status dist_rekey(const dist_ctx *c, const mst_graph *g, int random, uint64_t seed,
                      int maximum, dist_slice *sl, dist_share *sh, dbv_graph *bg)
{
    uint32_t *keys = NULL;
    if (!random) {
        mst_status st = broadcast_keys(c, g, g->m, &keys);
        if (st != MST_OK)
            return st;
    }
    for (uint64_t i = 0; i < sl->count; i++)
        sl->key[i] = key_of(keys, random, seed, sl->eid0 + i, maximum);
    for (uint64_t i = 0; i < sh->arcs; i++)
        sh->arc[i].key = key_of(keys, random, seed, dist_arc_eid(&sh->arc[i]), maximum);
    for (uint64_t i = 0; i < bg->arcs; i++)
        dbv_graph_set_key(bg, i, key_of(keys, random, seed, dbv_graph_eid(bg, i), maximum));
    if (c->rank != 0)
        free(keys);
    return MST_OK;
}
