/*
 * device_pool.cuh: one device allocation carved into a variant's buffers. Allocations cost more
 * than small solves, and a process that solves many times (trials, --rounds) keeps its pool:
 * the pool only grows, and the time it spends growing is one-time setup (docs/gpu-transfers.md).
 */
#ifndef MST_CUDA_DEVICE_POOL_CUH
#define MST_CUDA_DEVICE_POOL_CUH

#include <stddef.h>

#include <cuda_runtime.h>

#include "status.h"
#include "timer.h"

/* A device allocation of `bytes` on `device` (base NULL: none yet). */
struct dev_pool {
    void *base;
    size_t bytes;
    int device;
};

/* One buffer of a variant: where its pointer goes and its size (0: left NULL). */
struct dev_part {
    void **p;
    size_t bytes;
};

/* Every part starts on a 256-byte boundary (the alignment cudaMalloc itself gives). */
static inline size_t dev_part_round(size_t bytes)
{
    return (bytes + 255) / 256 * 256;
}

/* Frees the pool's allocation (NULL-safe, idempotent). */
static inline void dev_pool_free(dev_pool *pool)
{
    if (pool->base != NULL)
        cudaFree(pool->base);
    pool->base = NULL;
    pool->bytes = 0;
}

/*
 * Points every part[i].p into the pool, growing it first when the parts need more than it holds
 * (or it lives on another device than the current one). Wall seconds spent growing are added
 * to *grow_s (may be NULL). Errors: MST_ERESOURCE naming the size; the pool is then empty.
 */
static inline mst_status dev_pool_carve(dev_pool *pool, const dev_part *part, size_t n,
                                        double *grow_s)
{
    size_t total = 0;
    int device = 0;
    for (size_t i = 0; i < n; i++)
        total += dev_part_round(part[i].bytes);
    cudaGetDevice(&device);
    if (pool->base == NULL || total > pool->bytes || device != pool->device) {
        double t0 = mst_now_s();
        dev_pool_free(pool);
        cudaError_t err = cudaMalloc(&pool->base, total > 0 ? total : 1);
        if (err != cudaSuccess) {
            pool->base = NULL;
            return mst_fail(MST_ERESOURCE, "CUDA: cudaMalloc of %zu bytes: %s", total,
                            cudaGetErrorString(err));
        }
        pool->bytes = total;
        pool->device = device;
        if (grow_s != NULL)
            *grow_s += mst_now_s() - t0;
    }
    char *at = (char *)pool->base;
    for (size_t i = 0; i < n; i++) {
        *part[i].p = part[i].bytes > 0 ? at : NULL;
        at += dev_part_round(part[i].bytes);
    }
    return MST_OK;
}

#endif
