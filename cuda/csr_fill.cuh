/*
 * csr_fill.cuh: filling a worklist from the graph's CSR on the device, ECL-MST's way
 * (Fallin et al. 2023, Algorithm 2, lines 1-11, and section 3.2's hybrid parallelization):
 * vertices of degree < 4 are handled by one thread, higher degrees by a warp, hubs
 * (degree >= CSR_HUB_DEGREE) by a whole block, so that R-MAT and power-law graphs do not
 * serialize on one warp.
 */
#ifndef MST_CUDA_CSR_FILL_CUH
#define MST_CUDA_CSR_FILL_CUH

#include "kernels.cuh"

#define CSR_WARP_DEGREE 4
#define CSR_HUB_DEGREE 2048

/* The CSR (both directions) on the device: row x is adj/eid[offset[x] .. offset[x+1]). */
struct dev_csr {
    const u64 *offset;    /* [n+1] */
    const uint32_t *adj;  /* [2m] */
    const uint32_t *eid;  /* [2m] */
    const uint32_t *key;  /* [m] keys by edge id */
};

/* What a fill takes and how it relabels (rep: flattened representatives; else parent: find
 * without compression; else the endpoints themselves). */
struct fill_args {
    u64 threshold;
    bool heavy;             /* take ki > threshold instead of ki <= threshold */
    bool both;              /* both directions of every edge (ablation) */
    const uint32_t *rep;
    const uint32_t *parent;
    wl_edge *wl;
    unsigned *count;
    u64 *best;
};

/* Fills a.wl from the CSR rows; thread_only: every vertex by one thread (ablation). Returns
 * the launch status. */
cudaError_t csr_fill(const dev_csr &c, uint32_t n, const fill_args &a, bool guard,
                     bool thread_only, int grid);

#endif
