/* csr_fill.cu: hybrid thread/warp/block worklist fill from the CSR (see csr_fill.cuh). */
#include "csr_fill.cuh"

/* The entry (x, c.adj[j]) of row x as a worklist edge, or keep = false. */
__device__ __forceinline__ bool entry(const dev_csr &c, const fill_args &a, uint32_t x, u64 j,
                                      wl_edge *out)
{
    uint32_t y = c.adj[j], e = c.eid[j];
    if (!a.both && x > y) /* each undirected edge once: from its smaller endpoint */
        return false;
    u64 ki = (u64)c.key[e] << 32 | e;
    if ((ki > a.threshold) != a.heavy)
        return false;
    if (a.rep != NULL) {
        x = a.rep[x];
        y = a.rep[y];
    } else if (a.parent != NULL) {
        x = find<false>(a.parent, x);
        y = find<false>(a.parent, y);
    }
    *out = {x, y, ki};
    return x != y;
}

template <bool GUARD> __device__ __forceinline__ void record(const fill_args &a, const wl_edge &e)
{
    min_at<GUARD>(a.best, e.u, e.ki);
    min_at<GUARD>(a.best, e.v, e.ki);
}

/* Low-degree vertices (or all, with max_degree ~0): one thread walks the row. */
template <bool GUARD>
__global__ void k_csr_thread(dev_csr c, uint32_t n, fill_args a, u64 max_degree)
{
    for (u64 x = (u64)blockIdx.x * blockDim.x + threadIdx.x; x < n;
         x += (u64)gridDim.x * blockDim.x) {
        u64 lo = c.offset[x], hi = c.offset[x + 1];
        if (hi - lo >= max_degree)
            continue;
        for (u64 j = lo; j < hi; j++) {
            wl_edge e;
            if (entry(c, a, (uint32_t)x, j, &e)) {
                a.wl[atomicAdd(a.count, 1u)] = e;
                record<GUARD>(a, e);
            }
        }
    }
}

/* Rows of degree in [min_degree, max_degree) by a group of `lanes` threads (a warp, or a whole
 * block for hubs); each warp of the group runs its loop uniformly, so push() can aggregate. */
template <bool GUARD>
__global__ void k_csr_group(dev_csr c, uint32_t n, fill_args a, u64 min_degree, u64 max_degree,
                            bool block_per_row)
{
    unsigned lanes = block_per_row ? blockDim.x : 32u;
    unsigned rank = block_per_row ? threadIdx.x : (threadIdx.x & 31u);
    u64 group = block_per_row ? blockIdx.x : ((u64)blockIdx.x * blockDim.x + threadIdx.x) / 32;
    u64 groups = block_per_row ? gridDim.x : (u64)gridDim.x * blockDim.x / 32;
    for (u64 x = group; x < n; x += groups) {
        u64 lo = c.offset[x], hi = c.offset[x + 1];
        if (hi - lo < min_degree || hi - lo >= max_degree)
            continue;
        /* Warp-uniform bounds: every lane of a warp runs the same number of iterations. */
        u64 warp_base = lo + (rank & ~31u);
        for (u64 base = warp_base; base < hi; base += lanes) {
            u64 j = base + (rank & 31u);
            wl_edge e = {0, 0, 0};
            bool keep = j < hi && entry(c, a, (uint32_t)x, j, &e);
            push(a.wl, a.count, keep, e);
            if (keep)
                record<GUARD>(a, e);
        }
    }
}

template <bool GUARD>
static cudaError_t launch(const dev_csr &c, uint32_t n, const fill_args &a, bool thread_only,
                          int grid)
{
    if (thread_only) {
        k_csr_thread<GUARD><<<grid, THREADS>>>(c, n, a, ~0ull);
        return cudaGetLastError();
    }
    k_csr_thread<GUARD><<<grid, THREADS>>>(c, n, a, CSR_WARP_DEGREE);
    k_csr_group<GUARD><<<grid, THREADS>>>(c, n, a, CSR_WARP_DEGREE, CSR_HUB_DEGREE, false);
    k_csr_group<GUARD><<<grid, THREADS>>>(c, n, a, CSR_HUB_DEGREE, ~0ull, true);
    return cudaGetLastError();
}

cudaError_t csr_fill(const dev_csr &c, uint32_t n, const fill_args &a, bool guard,
                     bool thread_only, int grid)
{
    return guard ? launch<true>(c, n, a, thread_only, grid)
                 : launch<false>(c, n, a, thread_only, grid);
}
