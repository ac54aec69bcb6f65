/*
 * hybrid_parts.h: the partition of mst-cuda's CPU+GPU hybrid (hybrid.h): dense cores found by
 * k-core peeling (kcore.h), the sparse rest, the crossing edges, and the heuristic that sends
 * each part to a GPU part kind or to the CPU.
 */
#ifndef MST_CUDA_HYBRID_PARTS_H
#define MST_CUDA_HYBRID_PARTS_H

#include <stdint.h>

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Vertices of core number at least HYBRID_CORE_THRESHOLD are core vertices: planar graphs
 * (degeneracy at most 5: grids, road networks) and other uniformly sparse graphs have no cores.
 * A fixed 8 beat a share of the degeneracy (docs/dense-hybrid.md, "Thresholds"): the higher
 * the threshold, the more edges cross between parts, and the finish grows with them. */
#define HYBRID_CORE_THRESHOLD 8u
/* The worklist GPU kind takes a core's component from this many edges: below it a round's
 * kernel launches cost more than the CPU's Borůvka on the part (the crossover measured in
 * docs/dense-hybrid.md, "Thresholds"). */
#define HYBRID_GPU_MIN_EDGES (1u << 17)
/* ... and from this density 2m / (n (n - 1)): none. Ma and Wan send dense cores (m > n^2 / 2,
 * their section 4.2) to their dense-matrix kernel, but `--algo dense` was slower than the
 * worklist Borůvka at every density of the dense sweep (docs/dense-hybrid.md, Measurements),
 * so every core goes to the worklist kind and the dense kernel is no part kind. */
#define HYBRID_GPU_MIN_DENSITY 0.0

/* The kind of a part that no GPU kind takes: it runs on the host's CPU threads. */
#define HYBRID_CPU_KIND (-1)

/* A GPU part kind's share of the heuristic. */
typedef struct hybrid_rule {
    uint64_t min_edges; /* a core's component qualifies from this many edges */
    double min_density; /* and from this density 2m / (n (n - 1)) */
    int batch;          /* 1: all the components of this kind form one part, their disjoint
                           union (one solve for all); 0: one part per component */
} hybrid_rule;

/* One part: the subgraph induced by its vertices, numbered 0..g.n-1 in the order of their
 * global ids. */
typedef struct hybrid_part {
    mst_graph g;   /* local graph: u, v local, key gathered from the global keys each round
                      (weight_type uint32: the keys themselves); owns u, v, key */
    uint64_t *eid; /* [g.m] the global id of each local edge, ascending (owned) */
    int kind;      /* index of its GPU rule, or HYBRID_CPU_KIND */
    uint32_t cores; /* core components it holds (0: only sparse vertices) */
} hybrid_part;

typedef struct hybrid_partition {
    uint32_t threshold;  /* vertices of core number >= threshold are core vertices */
    uint32_t cores;      /* connected components of the core vertices' induced subgraph */
    uint32_t count;      /* parts */
    hybrid_part *part;   /* [count] GPU parts first (by kind, then component), the CPU part last */
    uint64_t crossing_count;
    uint64_t *crossing;  /* [crossing_count] global ids of the edges between two parts, ascending */
} hybrid_partition;

/*
 * Partitions g's vertices (Ma and Wan, section 3.2: "K-Core Decomposition" groups the vertices
 * of the higher cores into dense subgraphs, "the Hybrid heuristic" assigns each a strategy):
 *  1. the vertices of core number >= threshold are core vertices; each connected component of
 *     the subgraph they induce is a candidate dense part; the other vertices are the sparse rest;
 *  2. heuristic: a component goes to the first GPU kind (rules[0..rule_count), in order of
 *     preference) whose min_edges and min_density it meets; the sparse rest and the components
 *     no GPU kind takes go to the CPU (the paper's assignment: sparse regions to the CPU's
 *     Borůvka, dense ones to the GPU);
 *  3. the CPU's candidates form one part (the host runs its parts one after the other with the
 *     same threads anyway, and one part keeps their mutual edges out of the crossing set), as
 *     do those of each batching GPU kind; a non-batching kind's components are parts of their own.
 * Every edge is then in exactly one part (both ends in it) or crossing. Parts without vertices
 * are not made; a part may have no edges. Deterministic: components are numbered by their least
 * vertex.
 * g: topology only. core: [g->n] core numbers (kcore_peel). rules may be NULL if rule_count is 0.
 * Errors: MST_ERESOURCE (memory); *p is then empty. O(n + m) time; 20 bytes per edge inside a
 * part, 8 per crossing edge, 16 n bytes of scratch.
 */
mst_status hybrid_partition_build(const mst_graph *g, const uint32_t *core, uint32_t threshold,
                                  const hybrid_rule *rules, int rule_count, hybrid_partition *p);

/* Frees everything p owns and zeroes it (NULL and zeroed ones are fine). */
void hybrid_partition_free(hybrid_partition *p);

#ifdef __cplusplus
}
#endif

#endif
