/*
 * dense.h: mst-cuda's dense-matrix Borůvka (Ma and Wan, "Heterogeneous CPU-GPU Orchestration
 * for Repeated Minimum Spanning Tree Computation", section 3.1.2, "CUDA Strategy (CU)"): the
 * graph as an n x n adjacency matrix on the GPU, scanned a warp per row.
 */
#ifndef MST_CUDA_DENSE_H
#define MST_CUDA_DENSE_H

#include <stdint.h>

#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most vertices the matrix indexing takes: n^2 entries of 8 bytes stay below 2^63 bytes. */
#define CUDA_DENSE_MAX_N (1u << 30)

typedef struct cuda_dense_options {
    int device;       /* CUDA device number */
    int timed_phases; /* per-kernel times with CUDA events (adds synchronizations) */
    struct cuda_xfer *xfer; /* the transfer context (transfer.cuh): pool for plain solves,
                               setup time; a prepared state keeps it until released */
} cuda_dense_options;

/*
 * Bytes of the n x n matrix of 64-bit entries (n^2 x 8), or UINT64_MAX when n exceeds
 * CUDA_DENSE_MAX_N (the indexing's limit; no GPU holds such a matrix anyway).
 */
uint64_t cuda_dense_matrix_bytes(uint64_t n);

/*
 * Minimum spanning forest of g on the GPU by Ma and Wan's dense-matrix Borůvka (section
 * 3.1.2). The canonical edge list (u, v, key: 12 bytes an edge) is copied to the device
 * ("upload", page-locked where the context's owner registered it: transfer.cuh), and the matrix is built there:
 * every entry set to UINT64_MAX (no edge), then every edge e writes key << 32 | e into
 * entries (u, v) and (v, u) by a 64-bit atomicMin, so that of parallel edges the lightest by
 * (key, id) stays ("fill"). Every vertex starts as a component of its own, and each Borůvka
 * round runs on the rows of the components still growing:
 *   1. "min-row": one warp per component row; its lanes read the row interleaved, skip the
 *      columns of the component's own vertices and agree on the lightest entry with
 *      __shfl_down_sync (the paper's find_min); a row without one is a finished component;
 *   2. "add-edge": every component commits its lightest edge to the forest (a pair of
 *      components that chose the same edge commits it once) and joins the two components
 *      by compare-and-swap on the union-find parents (the paper's add_edge);
 *   3. "rebuild": every vertex takes its component's new root, with path compression (the
 *      paper's rebuild_states);
 *   4. "fold": the row of a component that was joined to another is folded into the row of
 *      the new root (an element-wise minimum, a warp per row), and the roots that still have
 *      edges leaving them make the next round's rows.
 * Step 4 goes beyond the paper, whose find_min scans every vertex's row every round: folding
 * makes a round scan one row per growing component, which at least halves the rows every
 * round (O(n^2) entries read in all, instead of n^2 a round). The (key, id) order makes the
 * forest exactly mst-seq's, ties and parallel edges included; isolated vertices and finished
 * components leave after their first row scan. The host reads one counter per round.
 * Sets ph->kernel_s (the kernels with the graph already on the device: CUDA events) and, with
 * timed_phases, the phases above plus "upload", "download" and "setup-once" (the context's
 * one-time page-locking and device-pool growth, in mst-cuda not part of any trial's time); counters
 * "rounds" and "rows_scanned" (component rows scanned, all rounds), and one mst_phase_round per
 * round (the rows scanned, and the matrix entries they hold).
 * Memory on the device: the matrix (cuda_dense_matrix_bytes(n)), 12 bytes an edge, 28 bytes a
 * vertex; checked against the device's free memory before anything is allocated.
 * Errors: MST_ERESOURCE when the matrix and arrays do not fit ("dense: the N x N matrix needs
 * X GiB, the GPU has Y GiB free"), for n > CUDA_DENSE_MAX_N, m >= 2^32 - 1, no device, or a
 * CUDA error (the message names the call); MST_EINTERNAL for a broken invariant.
 */
mst_status cuda_dense_mst(const mst_graph *g, const cuda_dense_options *o, mst_forest *out,
                          mst_phases *ph);

/* A topology resident on the device, for repeated solves with new keys (--rounds). */
typedef struct cuda_dense_state cuda_dense_state;

/*
 * Checks that g's matrix fits, allocates the device buffers (matrix included) once, copies u
 * and v to the device (phase "prepare"). The matrix itself depends on
 * the keys: every solve rebuilds it on the device. *state is NULL on failure.
 * Errors: as cuda_dense_mst.
 */
mst_status cuda_dense_prepare(const mst_graph *g, const cuda_dense_options *o,
                              cuda_dense_state **state, mst_phases *ph);

/*
 * cuda_dense_mst on the prepared topology with g's current keys: only the keys travel (m 32-bit
 * words, pinned where the context's owner registered g->key), then
 * the matrix is rebuilt and solved on the device. g must have the prepared n and m (else
 * MST_EINTERNAL) and the prepared u and v. Else as cuda_dense_mst.
 */
mst_status cuda_dense_solve_prepared(cuda_dense_state *s, const mst_graph *g, mst_forest *out,
                                     mst_phases *ph);

/* Frees a prepared state and its device memory (NULL-safe). */
void cuda_dense_release(cuda_dense_state *s);

#ifdef __cplusplus
}
#endif

#endif
