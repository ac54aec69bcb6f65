/*
 * primitives.h: mst-cuda's recursive Borůvka built from data-parallel primitives (Vineet,
 * Harish, Patidar and Narayanan, "Fast Minimum Spanning Tree for Large Graphs on the GPU",
 * HPG 2009, sections 3.1-3.4, Algorithm 1), every step a CUB call or a plain map kernel.
 */
#ifndef MST_CUDA_PRIMITIVES_H
#define MST_CUDA_PRIMITIVES_H

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most edges --algo primitives takes: its CUB calls count the 2m arcs in 32-bit ints. */
#define CUDA_PRIM_MAX_EDGES ((1ull << 30) - 1)

typedef struct cuda_prim_options {
    int device;           /* CUDA device number */
    int filter;           /* 1 on, 0 off, -1 auto (on when m >= CUDA_FILTER_AUTO_DEGREE n) */
    double filter_factor; /* light edges per vertex when filtering */
    uint64_t filter_seed; /* the threshold's sample (mst_sample_threshold) */
    int timed_phases;     /* per-step times with CUDA events (adds synchronizations) */
    struct cuda_xfer *xfer; /* the transfer context (transfer.cuh): pool, setup time */
} cuda_prim_options;

/*
 * Minimum spanning forest of g on the GPU by the recursive Borůvka of Vineet et al. 2009. The
 * canonical edge list (u, v, key) is copied to the device once and packed into one word per
 * edge for the endpoints (u << b | v, b the bits of a vertex id) and one for the order,
 * key << 32 | edge id ("init"). Then each level, while edges remain (mst_phase_round records
 * its n and m):
 *   1. "csr": the 2m arcs (both directions) sorted by source (cub::DeviceRadixSort), far ends
 *      and order words gathered: the level's CSR;
 *   2. "segmented-min": each vertex's lightest arc in the (key, id) order, a segmented
 *      minimum over the CSR rows (cub::DeviceReduce::ReduceByKey with a minimum);
 *   3. "successor": the far end of that arc is the vertex's successor; two vertices that chose
 *      each other chose the same edge, and the smaller becomes the root; every other vertex's
 *      edge joins the forest under its original id;
 *   4. "pointer-doubling": S(x) = S(S(x)) until every vertex names its root;
 *   5. "split": super-vertex ids: (root, vertex) pairs sorted by root
 *      (cub::DeviceRadixSort), the segment heads flagged and summed (cub::DeviceScan);
 *      vertices without edges get no id and leave the recursion;
 *   6. "relabel": every edge gets its ends' super-vertex ids, edges inside a super-vertex are
 *      dropped (a block-aggregated compaction);
 *   7. "sort-edges": the edges sorted by the packed pair (u', v') (cub::DeviceRadixSort);
 *   8. "select": of the edges between two super-vertices only the lightest is kept
 *      (cub::DeviceReduce::ReduceByKey with a minimum): the next level's edge list.
 * Filtering (Osipov, Sanders and Singler 2009; Fallin et al. 2023, section 3.2), when
 * o->filter says so: the levels first run on the ~filter_factor n lightest edges, each
 * original vertex following its super-vertex (a super-vertex left without light edges is
 * retired under a number of its own), until fewer than 1/64 of the light edges are left; then
 * the heavy edges, relabelled to those super-vertices, and the light edges left are contracted
 * together ("relabel", "sort-edges", "select"), and the levels go on with them.
 * The CUB temporary storage is sized once for the largest call and reused by every level.
 * Returns exactly mst-seq's edge set (forests, isolated vertices, ties, parallel edges). Sets
 * ph->kernel_s (graph already on the device) and, with timed_phases, the phases above; counters
 * "levels", "doubling_launches" (pointer-doubling kernels, all levels), "filtered",
 * "light_edges".
 * Errors: MST_ERESOURCE for m > CUDA_PRIM_MAX_EDGES, no device, out of device memory or a CUDA
 * error (the message names the call); MST_EINTERNAL for a broken invariant.
 */
mst_status cuda_primitives_mst(const mst_graph *g, const cuda_prim_options *o, mst_forest *out,
                               mst_phases *ph);

#ifdef __cplusplus
}
#endif

#endif
