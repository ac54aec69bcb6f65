/*
 * arc_flips.h: which edges a writer must write reversed so that a loader that symmetrizes
 * (builder.h: an arc u->v and a later arc v->u of equal weight become ONE edge) reads back
 * every edge, in order.
 *
 * Formats that list each undirected edge once as an arc (edge list, PACE .gr) are read as
 * directed input. Two parallel edges {a, b} of equal weight (or any two parallel edges of an
 * unweighted file) written as "a b" and then "b a" would be merged into one. Writing every edge
 * of such a group (same endpoints, same weight) in the orientation of the group's first edge
 * avoids every merge, and keeps all other edges exactly as they are: in ordinary graphs, with
 * no such pairs, nothing is flipped.
 */
#ifndef MST_ARC_FLIPS_H
#define MST_ARC_FLIPS_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Sets *flips to the increasing ids of the edges of g to write as (v[e], u[e]) instead of
 * (u[e], v[e]), and *count to their number (usually 0). Weights compare by key when
 * `with_weights`, else every edge has the same weight (an unweighted file: the loader gives all
 * arcs the unit weight before merging). *flips is owned by the caller (free; NULL when
 * *count is 0). Errors: MST_ERESOURCE (then *flips is NULL).
 * Algorithm: a pass over two bitmaps of about 8m bits marks the hashes of (min, max, weight)
 * seen twice; only edges whose hash was seen twice (true parallel groups plus about 12% false
 * positives) enter an exact hash table that remembers each group's first orientation.
 * O(m) expected time; 2m bytes of bitmaps plus 16 bytes per candidate edge.
 */
mst_status mst_arc_flips(const mst_graph *g, int with_weights, uint64_t **flips,
                         uint64_t *count);

/*
 * The endpoints to write for edge e, in edge order: (u, v), or (v, u) if e is the next id of
 * flips[0..count-1]; *next is the cursor into flips (start at 0, edges visited increasingly).
 */
static inline void mst_arc_oriented(const mst_graph *g, uint64_t e, const uint64_t *flips,
                                    uint64_t count, uint64_t *next, uint32_t *a, uint32_t *b)
{
    int flip = *next < count && flips[*next] == e;
    *a = flip ? g->v[e] : g->u[e];
    *b = flip ? g->u[e] : g->v[e];
    *next += (uint64_t)flip;
}

#ifdef __cplusplus
}
#endif

#endif
