/*
 * transfer.cuh: the host-device path that every mst-cuda variant shares (docs/gpu-transfers.md),
 * held in a context (cuda_xfer) that its owner passes to the variants: page-locked (registered)
 * host arrays, so that copies run at the pinned bandwidth (its gain over pageable copies is in
 * docs/gpu-transfers.md); a copy stream apart from the kernels' legacy stream, so that chunks of
 * the edge list arrive while the first kernels already work on those before them; a device pool
 * the variants' plain solves carve; a small page-locked record; and the forest's way back, only
 * its edges, straight into the caller's array.
 *
 * Who owns a context decides what it registers (cuda_pin) and how long it lives: mst-cuda keeps
 * one for the whole process, whose solves register the harness's arrays once and reuse the pool
 * over the trials, until its finalize (the arrays must stay allocated until then, or a new
 * allocation at the same address would be copied from stale pages); a libmst call has one of its
 * own, released before it returns, and a prepared state one for its lifetime (cuda/solver.cu).
 * The variants never register anything themselves. One-time work (registration, pool growth,
 * stream and record creation) is added to the context's setup_s, which the variants report as
 * the phase "setup-once": in mst-cuda it is not part of a trial's time but of the process's
 * first solve (the harness's untimed warm-up).
 *
 * A context serves one solve at a time; contexts are independent of each other, so solves with
 * contexts of their own run concurrently from several threads.
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

/* Host ranges a context registers at most: the graph's three arrays, the forest, a few more. */
#define CUDA_PIN_SLOTS 16

/* A transfer context (see above). A zeroed one is empty and ready: everything in it is made on
 * first use, and cuda_xfer_release() frees what was made. */
typedef struct cuda_xfer {
    const void *pinned[CUDA_PIN_SLOTS]; /* the ranges this context registered */
    size_t bytes[CUDA_PIN_SLOTS];
    int count;
    double setup_s;                     /* seconds of one-time work so far ("setup-once") */
    cudaStream_t copy;                  /* host-to-device copies; NULL until first use */
    dev_pool pool;                      /* the plain solves' device buffers */
    void *record;                       /* page-locked host bytes for per-round reads */
    size_t record_bytes;
} cuda_xfer;

/* Page-locks [p, p + bytes) for x until cuda_xfer_release(x) (later calls with the same p and a
 * size not larger find it registered). Returns 1 if x registered the range, 0 if not: already
 * page-locked by another owner (copies then run pinned, and that owner keeps the range until it
 * releases it), registration refused, or x's table full (copies then run from pageable memory,
 * more slowly but correctly). Never fails. */
int cuda_pin(cuda_xfer *x, const void *p, size_t bytes);

/* x's stream that carries host-to-device copies (non-blocking: it does not wait for the legacy
 * stream the kernels run on). Created on first use. Errors: MST_ERESOURCE. */
mst_status cuda_copy_stream(cuda_xfer *x, cudaStream_t *s);

/* x's page-locked record of at least `bytes`, allocated on first use and reallocated only to
 * grow. Errors: MST_ERESOURCE naming the size. */
mst_status cuda_record(cuda_xfer *x, size_t bytes, void **p);

/* The ring of cuda_send_staged: two page-locked buffers of this many bytes, filled by this
 * many host threads at most (half the cores where fewer), measured against other sizes and
 * teams (docs/gpu-transfers.md). */
#define CUDA_STAGE_BYTES ((size_t)4 << 20)
#define CUDA_STAGE_THREADS 8
/* Below this many bytes in all, the ring's allocation and release cost more than its copy
 * saves (docs/gpu-transfers.md). */
#define CUDA_STAGE_MIN ((size_t)32 << 20)

/* Copies the `count` pageable host ranges src[i] of bytes[i] to the device at dst[i], through
 * a ring of two page-locked buffers of a call's own: host threads fill one while the other is
 * on the wire on stream s, twice the bandwidth of a pageable cudaMemcpy for arrays that cannot
 * be registered (the caller's, which another call may be copying at the same time). Returns
 * when the bytes are on the device; copies pageable below CUDA_STAGE_MIN bytes in all and
 * where the ring cannot be allocated.
 * Errors: MST_ERESOURCE. */
mst_status cuda_send_staged(void *const *dst, const void *const *src, const size_t *bytes,
                            int count, cudaStream_t s);

/* Chunking of m edges: *chunk edges a chunk (at least 1), returns the number of chunks (0 for
 * m = 0, at most CUDA_CHUNKS). */
uint32_t cuda_chunks(uint64_t m, uint64_t *chunk);

/* Enqueues on stream s the copies of edges [first, first + len) of the `count` host arrays
 * src[i] (32-bit, page-locked or not) into dst[i]. Errors: MST_ERESOURCE. */
mst_status cuda_copy_edges(uint32_t *const *dst, const uint32_t *const *src, int count,
                           uint64_t first, uint64_t len, cudaStream_t s);

/*
 * The forest's k edge ids d_ids[0..k) (32-bit, on the device) into out->eid[0..k) (64-bit): widened
 * on the device into d_scratch (room for k 64-bit words) and copied straight into out->eid
 * (at the pinned bandwidth where its owner registered it), then sets out->count. Runs on the
 * legacy stream after the kernels before it. More than out->capacity edges is a broken
 * invariant: MST_EINTERNAL; else MST_ERESOURCE.
 */
mst_status cuda_forest_back(const uint32_t *d_ids, uint32_t k, unsigned long long *d_scratch,
                            mst_forest *out);

/* --trace (solver.h): the ids the round just ended added, d_ids[*traced..*d_count) (32-bit, on
 * the device, *d_count too), as one round of ph's trace; then *traced = *d_count. Copies only
 * when ph traces (the untimed warm-up). Errors: MST_ERESOURCE. */
mst_status cuda_trace_round(mst_phases *ph, const uint32_t *d_ids, const uint32_t *d_count,
                            uint32_t *traced);

/* Unregisters the ranges x registered, frees its pool, stream and record, and zeroes it
 * (idempotent: x is empty and ready again). */
void cuda_xfer_release(cuda_xfer *x);

#endif
