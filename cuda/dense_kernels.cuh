/*
 * dense_kernels.cuh: the kernels of mst-cuda's dense-matrix Borůvka (dense.h; Ma and Wan,
 * section 3.1.2): the matrix fill, and a round's find_min (a warp per component row, a
 * warp-shuffle minimum), add_edge (compare-and-swap on the union-find parents), rebuild_states
 * (path compression) and the folding of joined rows. Included by dense.cu only.
 *
 * The matrix is n x n words, row-major: entry (x, c) is key << 32 | edge id of the lightest edge
 * between x's component and vertex c (NONE: none). Component ids are their root vertices.
 */
#ifndef MST_CUDA_DENSE_KERNELS_CUH
#define MST_CUDA_DENSE_KERNELS_CUH

#include <stddef.h>
#include <stdint.h>

#include "kernels.cuh"

/* A kernel's warps walk a list of rows: warp w takes rows w, w + warps, ... The bounds are the
 * same for every lane of a warp, so the whole warp stays in the loop for its shuffles. */
#define DENSE_WARP_LOOP(i, k)                                                                  \
    for (uint32_t i = (uint32_t)(((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5); i < (k);   \
         i += (uint32_t)(((u64)gridDim.x * blockDim.x) >> 5))

/* Grid-stride loop of a thread over [0, k). */
#define DENSE_THREAD_LOOP(i, k)                                                                \
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < (k);                           \
         i += (u64)gridDim.x * blockDim.x)

/* Every vertex a component of its own, with a row of its own in the first round. */
__global__ void k_dense_init(uint32_t n, uint32_t *parent, uint32_t *comp, uint32_t *rows)
{
    DENSE_THREAD_LOOP(x, n) {
        parent[x] = (uint32_t)x;
        comp[x] = (uint32_t)x;
        rows[x] = (uint32_t)x;
    }
}

/* The matrix from the edge list (all entries NONE before): edge e's word at (u, v) and
 * (v, u); of parallel edges the lightest by (key, id) stays. */
__global__ void k_dense_fill(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                             uint32_t m, uint32_t n, u64 *mat)
{
    DENSE_THREAD_LOOP(e, m) {
        u64 w = (u64)key[e] << 32 | e;
        uint32_t a = u[e], b = v[e];
        min_at<true>(mat + (size_t)a * n, b, w);
        min_at<true>(mat + (size_t)b * n, a, w);
    }
}

/* The smallest of the 32 lanes' x, in lane 0 (every lane must call it). */
__device__ __forceinline__ u64 warp_min(u64 x)
{
    for (int off = 16; off > 0; off >>= 1) {
        u64 y = __shfl_down_sync(0xFFFFFFFFu, x, off);
        x = y < x ? y : x;
    }
    return x;
}

/* find_min: best[r] = the lightest entry of row r whose column lies outside component r, for
 * the k rows rows[0..k) (NONE: r has no edge leaving it). The lanes read the row interleaved,
 * 32 consecutive words at a time. */
__global__ void k_dense_min_row(const uint32_t *rows, uint32_t k, const u64 *mat, uint32_t n,
                                const uint32_t *comp, u64 *best)
{
    uint32_t lane = threadIdx.x & 31u;
    DENSE_WARP_LOOP(i, k) {
        uint32_t r = rows[i];
        const u64 *row = mat + (size_t)r * n;
        u64 lo = NONE;
        for (uint32_t c = lane; c < n; c += 32) {
            u64 w = row[c];
            if (w < lo && comp[c] != r)
                lo = w;
        }
        lo = warp_min(lo);
        if (lane == 0)
            best[r] = lo;
    }
}

/* Joins the components of roots a and b: the larger root is hung under the smaller by
 * compare-and-swap, retried from the current roots when another thread linked first. */
__device__ __forceinline__ void dense_link(uint32_t *parent, uint32_t a, uint32_t b)
{
    for (;;) {
        a = find<true>(parent, a);
        b = find<true>(parent, b);
        if (a == b)
            return;
        uint32_t lo = a < b ? a : b, hi = a ^ b ^ lo;
        if (atomicCAS(parent + hi, hi, lo) == hi)
            return;
    }
}

/* add_edge: every row's component r with an edge leaving it commits that edge to the forest
 * (out, *out_count) and joins the component at its other end. Two components that chose the
 * same edge commit it once (the smaller root does). An edge with neither end in r breaks the
 * matrix's invariant: *bad is set. */
__global__ void k_dense_add_edge(const uint32_t *rows, uint32_t k, const u64 *best,
                                 const uint32_t *u, const uint32_t *v, const uint32_t *comp,
                                 uint32_t *parent, uint32_t *out, unsigned *out_count,
                                 unsigned *bad)
{
    DENSE_THREAD_LOOP(i, k) {
        uint32_t r = rows[i];
        u64 w = best[r];
        if (w == NONE)
            continue;
        uint32_t e = (uint32_t)w, a = comp[u[e]], b = comp[v[e]];
        if (a != r && b != r) {
            atomicExch(bad, 1u);
            continue;
        }
        uint32_t other = a == r ? b : a;
        if (best[other] == w && other < r)
            continue;
        out[atomicAdd(out_count, 1u)] = e;
        dense_link(parent, r, other);
    }
}

/* Root of x, pointing every vertex on the way at it (no unions run concurrently: other
 * threads' writes are the same root). */
__device__ __forceinline__ uint32_t find_compress(uint32_t *parent, uint32_t x)
{
    uint32_t root = x;
    while (parent[root] != root)
        root = parent[root];
    while (x != root) {
        uint32_t next = parent[x];
        parent[x] = root;
        x = next;
    }
    return root;
}

/* rebuild_states: every vertex's component becomes its new root. */
__global__ void k_dense_rebuild(uint32_t n, uint32_t *parent, uint32_t *comp)
{
    DENSE_THREAD_LOOP(x, n)
        comp[x] = find_compress(parent, comp[x]);
}

/* For the k rows of the round: a row x whose component was joined to another root r is folded
 * into row r (element-wise minimum, the columns inside r skipped); a root that had an edge
 * leaving it is a row of the next round (next, *next_count). Roots without one are finished. */
__global__ void k_dense_fold(const uint32_t *rows, uint32_t k, const uint32_t *comp,
                             const u64 *best, u64 *mat, uint32_t n, uint32_t *next,
                             unsigned *next_count)
{
    uint32_t lane = threadIdx.x & 31u;
    DENSE_WARP_LOOP(i, k) {
        uint32_t x = rows[i], r = comp[x];
        if (r == x) {
            if (lane == 0 && best[x] != NONE)
                next[atomicAdd(next_count, 1u)] = x;
            continue;
        }
        const u64 *src = mat + (size_t)x * n;
        u64 *dst = mat + (size_t)r * n;
        for (uint32_t c = lane; c < n; c += 32) {
            u64 w = src[c];
            if (w != NONE && comp[c] != r)
                min_at<true>(dst, c, w);
        }
    }
}

#endif
