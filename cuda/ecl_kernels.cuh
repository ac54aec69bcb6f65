/*
 * ecl_kernels.cuh: the kernels of mst-cuda's worklist Borůvka (ecl.h; Fallin et al. 2023,
 * Algorithm 1): the first fill from the edge list, the three steps of a round (relabel, unite,
 * reset), the initialization and the flattening of the sets for the heavy pass. Included by
 * ecl.cu only.
 */
#ifndef MST_CUDA_ECL_KERNELS_CUH
#define MST_CUDA_ECL_KERNELS_CUH

#include <stdint.h>

#include "kernels.cuh"

/* First worklist straight from the edge list: edges first..end-1 with ki <= threshold (or above
 * it, if heavy), each once; relabelled through rep[] unless every vertex is still a singleton.
 * A range of edges lets the first pass fill from each chunk of the edge list as it arrives. */
template <bool GUARD>
__global__ void k_fill(const uint32_t *u, const uint32_t *v, const uint32_t *key, uint32_t first,
                       uint32_t end, u64 threshold, bool heavy, const uint32_t *rep, wl_edge *wl,
                       unsigned *count, u64 *best)
{
    /* The loop is warp-uniform (every lane of a warp runs it equally often) so push() can
     * use the whole warp. */
    u64 stride = (u64)gridDim.x * blockDim.x;
    for (u64 base = first + (u64)blockIdx.x * blockDim.x + (threadIdx.x & ~31u); base < end;
         base += stride) {
        u64 e64 = base + (threadIdx.x & 31u);
        uint32_t e = (uint32_t)e64;
        bool keep = false;
        wl_edge x = {0, 0, 0};
        if (e64 < end) {
            x.ki = (u64)key[e] << 32 | e;
            keep = (x.ki > threshold) == heavy;
            if (keep) {
                x.u = u[e];
                x.v = v[e];
                if (rep != NULL) {
                    x.u = rep[x.u];
                    x.v = rep[x.v];
                    keep = x.u != x.v;
                }
            }
        }
        push(wl, count, keep, x);
        if (keep) {
            min_at<GUARD>(best, x.u, x.ki);
            min_at<GUARD>(best, x.v, x.ki);
        }
    }
}

/* Step (1): relabel to representatives, drop edges inside one set, push the rest. */
template <bool GUARD, bool IMPLICIT>
__global__ void k_relabel(const wl_edge *in, uint32_t len, wl_edge *out, unsigned *count,
                          const uint32_t *parent, u64 *best)
{
    u64 stride = (u64)gridDim.x * blockDim.x;
    for (u64 base = (u64)blockIdx.x * blockDim.x + (threadIdx.x & ~31u); base < len;
         base += stride) {
        u64 i = base + (threadIdx.x & 31u);
        bool keep = false;
        wl_edge x = {0, 0, 0};
        uint32_t p = 0, q = 0;
        if (i < len) {
            x = in[i];
            p = find<false>(parent, x.u);
            q = find<false>(parent, x.v);
            keep = p != q;
            if (IMPLICIT) {
                x.u = p;
                x.v = q;
            }
        }
        push(out, count, keep, x);
        if (keep) {
            min_at<GUARD>(best, p, x.ki);
            min_at<GUARD>(best, q, x.ki);
        }
    }
}

/* Step (2): edges lightest at one of their sets join the forest; sets linked by atomicCAS
 * (the larger representative under the smaller). */
template <bool IMPLICIT, bool DEDUP>
__global__ void k_unite(const wl_edge *wl, uint32_t len, const uint32_t *root_of, u64 *best,
                        uint32_t *parent, uint32_t *out, unsigned *out_count, uint32_t *taken)
{
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < len;
         i += (u64)gridDim.x * blockDim.x) {
        wl_edge x = wl[i];
        uint32_t a = x.u, b = x.v;
        if (!IMPLICIT) { /* the worklist holds endpoints: the round's sets are their roots */
            a = find<false>(root_of, a);
            b = find<false>(root_of, b);
        }
        if (best[a] != x.ki && best[b] != x.ki)
            continue;
        uint32_t id = (uint32_t)x.ki;
        /* With both directions on the worklist, both copies of an edge can win: keep one. */
        if (DEDUP && (atomicOr(taken + id / 32, 1u << (id % 32)) & (1u << (id % 32))))
            continue;
        out[atomicAdd(out_count, 1u)] = id;
        for (;;) {
            a = find<true>(parent, a);
            b = find<true>(parent, b);
            if (a == b)
                break;
            uint32_t lo = a < b ? a : b, hi = a ^ b ^ lo;
            if (atomicCAS(parent + hi, hi, lo) == hi)
                break;
        }
    }
}

/* Step (3): clear the minima set this round (guarded: hubs appear in many entries). */
template <bool IMPLICIT>
__global__ void k_reset(const wl_edge *wl, uint32_t len, const uint32_t *root_of, u64 *best)
{
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < len;
         i += (u64)gridDim.x * blockDim.x) {
        uint32_t a = wl[i].u, b = wl[i].v;
        if (!IMPLICIT) {
            a = find<false>(root_of, a);
            b = find<false>(root_of, b);
        }
        if (best[a] != NONE)
            best[a] = NONE;
        if (best[b] != NONE)
            best[b] = NONE;
    }
}

__global__ void k_init(uint32_t n, uint32_t *parent, u64 *best)
{
    for (u64 x = (u64)blockIdx.x * blockDim.x + threadIdx.x; x < n; x += (u64)gridDim.x * blockDim.x) {
        parent[x] = x;
        best[x] = NONE;
    }
}

__global__ void k_flatten(uint32_t n, const uint32_t *parent, uint32_t *rep)
{
    for (u64 x = (u64)blockIdx.x * blockDim.x + threadIdx.x; x < n; x += (u64)gridDim.x * blockDim.x)
        rep[x] = find<false>(parent, x);
}

#endif
