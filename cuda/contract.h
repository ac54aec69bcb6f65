/*
 * contract.h: mst-cuda's Borůvka with explicit graph contraction (Sousa, Mariano and Proença,
 * PDP 2015, Algorithm 1 and section IV).
 */
#ifndef MST_CUDA_CONTRACT_H
#define MST_CUDA_CONTRACT_H

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cuda_contract_options {
    int device;         /* CUDA device number */
    int merge_parallel; /* also merge parallel arcs between two super-vertices (lightest kept) */
    int timed_phases;   /* per-step times with CUDA events (adds synchronizations) */
    struct cuda_xfer *xfer; /* the transfer context (transfer.cuh): pool, record, setup time */
} cuda_contract_options;

/*
 * Minimum spanning forest of g on the GPU by Borůvka rounds that contract the graph (Sousa et
 * al. 2015, Algorithm 1): the canonical edge list is copied to the device once and turned into
 * a CSR of 2m arcs (both directions), each arc carrying its row, its far end and the packed
 * order word key << 32 | original edge id ("csr"). Each round, while arcs remain:
 *   1. "min-edge": every vertex's lightest arc by (key, edge id); its far end is the vertex's
 *      successor (a vertex without arcs is its own);
 *   2. "mirrors": a pair that chose each other chose the same edge; its smaller vertex becomes
 *      the root of its component, and every other vertex's edge joins the forest;
 *   3. "colors": pointer jumping until every vertex names its root (a cooperative kernel with a
 *      device flag per pass, so the host never waits for it);
 *   4. "new-ids": one exclusive prefix sum over the roots that keep arcs gives their new ids,
 *      in the old order, and their rows' offsets (super-vertices without arcs are dropped);
 *   5. "contract": arcs between different components are counted and inserted into the
 *      contracted CSR with relabelled ends and their original key and id; with merge_parallel
 *      the parallel arcs between two super-vertices are merged, the lightest kept.
 * Every kernel is arc-parallel (a row's arcs are contiguous, so warps aggregate their atomics),
 * which keeps hubs from serializing on one thread. The host reads one small record per round.
 * Sets ph->kernel_s (graph already on the device) and, with timed_phases, the phases above plus
 * "transfer"; counters "rounds", "color-steps" (pointer-jumping passes that changed a color,
 * all rounds), "merged-parallel" (arcs merged away) and one mst_phase_round per round
 * (vertices, arcs / 2).
 * Errors: MST_ERESOURCE for m >= 2^32 - 1, no device, out of device memory or a CUDA error (the
 * message names the call); MST_EINTERNAL for a broken invariant.
 */
mst_status cuda_contract_mst(const mst_graph *g, const cuda_contract_options *o,
                             mst_forest *out, mst_phases *ph);

#ifdef __cplusplus
}
#endif

#endif
