/*
 * kernels.cuh: device helpers shared by mst-cuda's kernels: the worklist entry, the guarded
 * 64-bit minimum, find without path compression and the warp-aggregated worklist push.
 */
#ifndef MST_CUDA_KERNELS_CUH
#define MST_CUDA_KERNELS_CUH

#include <stdint.h>

typedef unsigned long long u64;

#define NONE 0xFFFFFFFFFFFFFFFFull
#define THREADS 512

/* One worklist entry: the sets (endpoints in the first round) and the packed order word. */
struct wl_edge {
    uint32_t u, v;
    u64 ki; /* key << 32 | edge id */
};

/* Guarded 64-bit minimum: most edges cannot win, and a read costs less than an atomic. */
template <bool GUARD> __device__ __forceinline__ void min_at(u64 *best, uint32_t x, u64 ki)
{
    if (!GUARD || ki < best[x])
        atomicMin(best + x, ki);
}

/* Representative of x without path compression; `fresh` reads bypass L1 (other blocks may be
 * linking sets in the same kernel). */
template <bool FRESH> __device__ __forceinline__ uint32_t find(const uint32_t *parent, uint32_t x)
{
    for (;;) {
        uint32_t p = FRESH ? __ldcg(parent + x) : parent[x];
        if (p == x)
            return x;
        x = p;
    }
}

/* Warp-aggregated push: one atomicAdd per warp; every lane of the warp must call it. */
__device__ __forceinline__ void push(wl_edge *wl, unsigned *count, bool keep, wl_edge e)
{
    unsigned mask = __ballot_sync(0xFFFFFFFFu, keep);
    if (mask == 0)
        return;
    unsigned lane = threadIdx.x & 31u, leader = __ffs(mask) - 1, base = 0;
    if (lane == leader)
        base = atomicAdd(count, (unsigned)__popc(mask));
    base = __shfl_sync(0xFFFFFFFFu, base, leader);
    if (keep)
        wl[base + __popc(mask & ((1u << lane) - 1))] = e;
}

#endif
