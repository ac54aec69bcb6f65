/*
 * arc_flips.c: edges to write reversed so that a symmetrizing loader merges none of them
 * (see arc_flips.h). Source: builder.h (mst_symmetrize: which arcs the loaders merge).
 */
#include "arc_flips.h"

#include <stdlib.h>

#include "builder.h"

/* A group of the exact table: its endpoints, weight key and the first edge's orientation. */
typedef struct group_slot {
    uint32_t lo, hi, key;
    uint32_t state; /* 0 empty, 1 first edge was (lo, hi), 2 first edge was (hi, lo) */
} group_slot;

/* The group hash of edge e (its endpoints in either order, and its key if with_weights). */
static inline uint64_t group_hash(const mst_graph *g, int with_weights, uint64_t e)
{
    uint32_t a = g->u[e], b = g->v[e];
    return mst_edge_group_hash(a < b ? a : b, a < b ? b : a, with_weights ? g->key[e] : 0);
}

/* 1 if edge e's group hash is marked in the `twice` bitmap; *hash gets the full hash. */
static inline int is_candidate(const mst_graph *g, int with_weights, const uint64_t *twice,
                               uint64_t mask, uint64_t e, uint64_t *hash)
{
    *hash = group_hash(g, with_weights, e);
    uint64_t h = *hash & mask;
    return (int)((twice[h >> 6] >> (h & 63)) & 1);
}

/* The exact pass over the candidate edges, in edge order: a group's first edge fixes its
 * orientation; later edges of the group in the other orientation are appended to *out[*k]. */
static mst_status exact_pass(const mst_graph *g, int with_weights, const uint64_t *twice,
                             uint64_t mask, uint64_t candidates, uint64_t **out, uint64_t *k)
{
    mst_status st = MST_OK;
    group_slot *t = NULL;
    uint64_t size = 16, cap = 0;
    while (size < 2 * candidates)
        size *= 2;
    MST_CALLOC(t, size);
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t hash;
        if (!is_candidate(g, with_weights, twice, mask, e, &hash))
            continue;
        uint32_t a = g->u[e], b = g->v[e], lo = a < b ? a : b, hi = a < b ? b : a;
        uint32_t key = with_weights ? g->key[e] : 0, state = a < b ? 1 : 2;
        uint64_t i = hash & (size - 1);
        while (t[i].state != 0 && !(t[i].lo == lo && t[i].hi == hi && t[i].key == key))
            i = (i + 1) & (size - 1);
        if (t[i].state == 0) {
            t[i].lo = lo;
            t[i].hi = hi;
            t[i].key = key;
            t[i].state = state;
        } else if (t[i].state != state) {
            if (*k == cap) {
                cap = cap ? 2 * cap : 64;
                MST_CHECK(mst_realloc((void **)out, cap, sizeof **out));
            }
            (*out)[(*k)++] = e;
        }
    }
    free(t);
    return MST_OK;
fail:
    free(t);
    free(*out);
    *out = NULL;
    *k = 0;
    return st;
}

mst_status mst_arc_flips(const mst_graph *g, int with_weights, uint64_t **flips,
                         uint64_t *count)
{
    mst_status st = MST_OK;
    uint64_t *seen = NULL, *twice = NULL;
    *flips = NULL;
    *count = 0;
    if (g->m < 2)
        return MST_OK;

    /* Bitmaps of about 8 bits per edge (at most 2^32 bits = 512 MiB each). */
    uint64_t bits = 64;
    while (bits < 8 * g->m && bits < (1ull << 32))
        bits *= 2;
    uint64_t mask = bits - 1, candidates = 0, hash;
    MST_CALLOC(seen, bits / 64);
    MST_CALLOC(twice, bits / 64);
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t h = group_hash(g, with_weights, e) & mask;
        uint64_t bit = 1ull << (h & 63);
        if (seen[h >> 6] & bit)
            twice[h >> 6] |= bit;
        seen[h >> 6] |= bit;
    }
    free(seen);
    seen = NULL;
    for (uint64_t e = 0; e < g->m; e++)
        candidates += (uint64_t)is_candidate(g, with_weights, twice, mask, e, &hash);
    if (candidates > 0)
        MST_CHECK(exact_pass(g, with_weights, twice, mask, candidates, flips, count));
    free(twice);
    return MST_OK;
fail:
    free(seen);
    free(twice);
    return st;
}
