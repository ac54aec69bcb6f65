/*
 * internal.h: what libmst's files share behind the public API (mst.h): the graph and result
 * objects, built on the suite's canonical graph (common/core/graph.h).
 */
#ifndef LIBMST_INTERNAL_H
#define LIBMST_INTERNAL_H

#include <stdint.h>

#include "graph.h"
#include "mst.h"
#include "status.h"

/* A graph: the canonical graph of its non-loop edges, in input order, and the way back to the
 * input's positions. Canonical edge e is input edge input_id[e]; dropping the self-loops keeps
 * the order of the others, so the (key, id) order and the forest are those of the input. */
struct msf_graph {
    mst_graph g;
    uint64_t m_input;   /* m as given */
    uint64_t *input_id; /* [g.m], or NULL when the input had no self-loops (the identity) */
};

/* A forest: its ids both ways, its total, and the graph it came from (compared, never read:
 * msf_verify's check; the graph may be freed first). */
struct msf_result {
    const msf_graph *graph;
    uint64_t count;
    uint64_t components;
    uint64_t *canonical; /* [count] increasing ids in g (verifier's numbering) */
    uint64_t *edges;     /* [count] the same edges' input positions, increasing */
    mst_weight_sum total;
    char total_text[48];
    double seconds;
};

/*
 * Sets g->key[0..g->m) and g->weight_type from the raw weights w[0..g->m) of type t: the role of
 * the suite's mst_graph_set_weights once the loader has 64-bit weights, which replaces this
 * function's body. The 32-bit types take every value but NaN and infinities; the 64-bit types
 * only values a 32-bit type holds exactly (int64: all in int32, else all in uint32; uint64: in
 * uint32; float64: float32 values). Errors: MST_EINPUT naming the first bad edge (its position
 * in w). O(m).
 */
mst_status lib_set_weights(mst_graph *g, msf_weight_type t, const void *w);

#endif
