/*
 * transfer.cuh: the host-device path that every mst-cuda variant shares (docs/gpu-transfers.md):
 * page-locking (registering) the host arrays once per process, so that copies run at the
 * pinned bandwidth (its gain over pageable copies is in docs/gpu-transfers.md); a copy stream
 * apart from the kernels' legacy stream, so that chunks of the edge list arrive while the first
 * kernels already work on those before them; the device pool the variants' plain solves share;
 * and the forest's way back, only its edges, straight into the caller's array.
 *
 * What is registered stays registered until cuda_transfer_release() (mst-cuda's finalize): the
 * arrays must stay allocated until then, or be released first (a new allocation at the same
 * address would otherwise be copied from stale pages). One-time work (registration, pool and
 * stream creation) is added to cuda_setup_seconds(), which the variants report as the phase
 * "setup-once": it is not part of a trial's time but of the process's first solve (the
 * harness's untimed warm-up).
 *
 * The device pool: one device allocation carved into a variant's buffers. Allocations cost more
 * than small solves, and a process that solves many times (trials, --rounds) keeps its pool:
 * the pool only grows, and the time it spends growing is one-time setup.
 */
#ifndef MST_CUDA_TRANSFER_CUH
#define MST_CUDA_TRANSFER_CUH

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime.h>

#include "solver.h"
#include "core.h"

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

/* The edge list travels in at most this many chunks of at least CUDA_CHUNK_MIN edges: few
 * enough that each copy runs at full bandwidth, many enough that the first kernels overlap
 * most of the copies (docs/gpu-transfers.md). */
#define CUDA_CHUNKS 8
#define CUDA_CHUNK_MIN (1u << 20)

/* Page-locks [p, p + bytes) once per process (later calls with the same p and a size not larger
 * find it registered). Returns 1 if the range is page-locked, 0 if not (registration refused,
 * or the table of ranges full): copies from it then run from pageable memory, more slowly but
 * correctly. Never fails. */
int cuda_pin(const void *p, size_t bytes);

/* Seconds of one-time work so far in this process: registrations, pool growth, streams. */
double cuda_setup_seconds(void);

/* Adds one-time seconds (a pool's growth) to cuda_setup_seconds(). */
void cuda_setup_add(double seconds);

/* The stream that carries host-to-device copies (non-blocking: it does not wait for the legacy
 * stream the kernels run on). Created on first use. Errors: MST_ERESOURCE. */
mst_status cuda_copy_stream(cudaStream_t *s);

/* The device pool of plain solves (one solve at a time: each carves it anew). */
dev_pool *cuda_shared_pool(void);

/* Chunking of m edges: *chunk edges a chunk (at least 1), returns the number of chunks (0 for
 * m = 0, at most CUDA_CHUNKS). */
uint32_t cuda_chunks(uint64_t m, uint64_t *chunk);

/* Enqueues on stream s the copies of edges [first, first + len) of the `count` host arrays
 * src[i] (32-bit, page-locked or not) into dst[i]. Errors: MST_ERESOURCE. */
mst_status cuda_copy_edges(uint32_t *const *dst, const uint32_t *const *src, int count,
                           uint64_t first, uint64_t len, cudaStream_t s);

/*
 * The forest's k edge ids d_ids[0..k) (32-bit, on the device) into out->eid[0..k) (64-bit): widened
 * on the device into d_scratch (room for k 64-bit words) and copied straight into out->eid,
 * which is registered once (its whole capacity), then sets out->count. Runs on the legacy
 * stream after the kernels before it. More than out->capacity edges is a broken invariant:
 * MST_EINTERNAL; else MST_ERESOURCE.
 */
mst_status cuda_forest_back(const uint32_t *d_ids, uint32_t k, unsigned long long *d_scratch,
                            mst_forest *out);

/* --trace (solver.h): the ids the round just ended added, d_ids[*traced..*d_count) (32-bit, on
 * the device, *d_count too), as one round of ph's trace; then *traced = *d_count. Copies only
 * when ph traces (the untimed warm-up). Errors: MST_ERESOURCE. */
mst_status cuda_trace_round(mst_phases *ph, const uint32_t *d_ids, const uint32_t *d_count,
                            uint32_t *traced);

/* Unregisters every range, frees the shared pool and the copy stream (mst-cuda's finalize;
 * idempotent, and the next solve starts over). */
void cuda_transfer_release(void);

#endif
