/*
 * ecl.h: mst-cuda's worklist Borůvka on the GPU in the style of ECL-MST.
 */
#ifndef MST_CUDA_ECL_H
#define MST_CUDA_ECL_H

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Filtering pays once the graph has this many edges per vertex (docs/results.md). */
#define CUDA_FILTER_AUTO_DEGREE 2

typedef struct cuda_ecl_options {
    int device;        /* CUDA device number */
    int filter;        /* 1 on, 0 off, -1 auto (on when m >= CUDA_FILTER_AUTO_DEGREE * n) */
    double filter_factor; /* light edges per vertex when filtering (ECL-MST: 4) */
    int guard;         /* read before atomicMin and skip when it cannot win (default 1) */
    int implicit_compression; /* store representatives in the worklist (default 1) */
    int timed_phases;  /* per-kernel times with CUDA events (adds synchronizations) */
    int csr;           /* fill from the CSR with ECL-MST's hybrid thread/warp/block kernels */
    int thread_only;   /* CSR fill: every vertex by one thread (ablation) */
    int both_directions; /* CSR fill: every edge twice, once per direction (ablation) */
    int vertex_centric;  /* every round refills the worklist from the CSR by vertex (ablation) */
    struct cuda_xfer *xfer; /* the transfer context (transfer.cuh): its copy stream, its pool
                               for plain solves, its setup time; it registers nothing, its owner
                               does; a prepared state keeps it until released */
    uint64_t filter_seed;   /* the threshold's sample: 0 evenly spread, else drawn from this seed
                               (mst_sample_threshold) */
} cuda_ecl_options;

/*
 * Minimum spanning forest of g on the GPU (ECL-MST, Fallin et al., SC 2023, sections 3.1-3.3,
 * Algorithms 1-2): the canonical edge list is copied to the device once; an
 * edge-parallel fill puts each undirected edge once on the first worklist as (u, v, key, id)
 * and records the guarded 64-bit atomicMin of (key << 32 | id) at both endpoints (every vertex
 * is its own set then); rounds of three kernels follow until the worklist is empty: (2) every
 * edge that holds the minimum at one of its ends joins the forest and its sets are linked by
 * atomicCAS (no path compression), (3) the minima are reset, (1) every edge is relabelled to
 * its sets' representatives without path compression, dropped if inside one set, pushed to the
 * other worklist with the representatives in place of the endpoints (implicit path
 * compression, warp-aggregated atomicAdd), and records its guarded atomicMin. Two worklists
 * alternate; the host reads one counter per round. With filtering (average degree >= 4 in
 * ECL-MST; here >= 2), the rounds first run on the ~filter_factor * n lightest edges (threshold
 * sampled), then on the heavier edges whose endpoints are still in different sets, relabelled
 * through a flattened representative array. The edge-parallel fill gives every hub's edges
 * to many threads, so R-MAT and power-law graphs do not serialize on one warp. With `csr`, the
 * CSR (both directions) is built on the host, copied once, and the fill is ECL-MST's: one
 * thread per low-degree vertex, a warp per higher degree, a block per hub (csr_fill.cuh).
 * The transfers (transfer.cuh, docs/gpu-transfers.md): u, v and key (page-locked where the
 * context's owner registered them) are sent in chunks on the context's copy stream; without
 * timed phases, pass 0's fill runs on each chunk as soon as it has arrived, overlapping the rest
 * of the copy; the forest comes back as its edges' ids only, widened on the device, straight
 * into out->eid.
 * Sets ph->kernel_s (the kernel stream's busy time: as if the graph were already on the GPU)
 * and, with timed_phases, per-kernel phases plus "upload" (the whole edge list, sent before the
 * kernels), "download" and "setup-once" (the context's one-time registrations and allocations,
 * in mst-cuda not part of any trial's time); counters "rounds", "filtered", "worklist_first",
 * "worklist_max", "worklist_total" (edges).
 * Errors: MST_ERESOURCE for m >= 2^32 - 1, no device, out of device memory, or a CUDA error
 * (message names the call).
 */
mst_status cuda_ecl_mst(const mst_graph *g, const cuda_ecl_options *o, mst_forest *out,
                        mst_phases *ph);

/*
 * cuda_ecl_mst on the graph of a CSR matrix (solver.h's mst_matrix; libmst's msf_solve_csr),
 * made on the device from the matrix's arrays as they are (matrix_kernels.cuh): they are copied
 * once, a pass per row counts each row's pairs, a scan numbers them, a second pass finds each
 * upper entry's mirror by binary search and writes the pairs straight into the worklist
 * Borůvka's u, v and key; the filter's sample is read there. The forest comes back with its
 * entries' positions, rows and keys. *read = 0, and nothing else set, where the matrix is left
 * to the host's reading (mst_matrix_solve_fn) or the CSR fills are asked for. Errors: as
 * cuda_ecl_mst.
 */
mst_status cuda_ecl_mst_matrix(const mst_matrix *a, const cuda_ecl_options *o,
                               mst_matrix_forest *out, int *read, mst_phases *ph);

/* A topology resident on the device, for repeated solves with new keys (--rounds). */
typedef struct cuda_ecl_state cuda_ecl_state;

/*
 * Allocates the device buffers of g's size (a pool of the state's own), copies u and v (and,
 * with the CSR fills, the CSR) to the device once (phase "prepare"). *state is NULL on failure.
 * Errors: as cuda_ecl_mst.
 */
mst_status cuda_ecl_prepare(const mst_graph *g, const cuda_ecl_options *o,
                            cuda_ecl_state **state, mst_phases *ph);

/*
 * cuda_ecl_mst on the prepared topology with g's current keys: only the keys travel (m 32-bit
 * words, at the pinned bandwidth where the context's owner registered g->key: the harness and
 * libmst rewrite one array in place). g must have the prepared n, m, u and v; another n or m is
 * MST_EINTERNAL. Else as cuda_ecl_mst.
 */
mst_status cuda_ecl_solve_prepared(cuda_ecl_state *s, const mst_graph *g, mst_forest *out,
                                   mst_phases *ph);

/* Frees a prepared state (NULL-safe). */
void cuda_ecl_release(cuda_ecl_state *s);

/* Name of device d into buf[len]; MST_ERESOURCE "no GPU ..." if there is none. buf NULL:
 * only the check, without querying the device's properties (a slow call: the solves check
 * this way, every call). */
mst_status cuda_device_name(int d, char *buf, int len);

#ifdef __cplusplus
}
#endif

#endif
