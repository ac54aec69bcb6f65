/* transfer.cu: the shared host-device path of mst-cuda, in a context (see transfer.cuh). */
#include "transfer.cuh"

#include <omp.h>
#include <string.h>

#include "cuda_check.cuh"
#include "core.h"

int cuda_pin(cuda_xfer *x, const void *p, size_t bytes)
{
    if (p == NULL || bytes == 0)
        return 0;
    for (int i = 0; i < x->count; i++)
        if (x->pinned[i] == p && bytes <= x->bytes[i])
            return 1;
    if (x->count == CUDA_PIN_SLOTS)
        return 0;
    double t0 = mst_now_s();
    cudaError_t err = cudaHostRegister((void *)p, bytes, cudaHostRegisterDefault);
    x->setup_s += mst_now_s() - t0;
    if (err != cudaSuccess) {
        cudaGetLastError(); /* not sticky: clear it so later checks do not see it */
        return 0;
    }
    x->pinned[x->count] = p;
    x->bytes[x->count++] = bytes;
    return 1;
}

mst_status cuda_copy_stream(cuda_xfer *x, cudaStream_t *s)
{
    if (x->copy == NULL) {
        double t0 = mst_now_s();
        mst_status st = cuda_ok(cudaStreamCreateWithFlags(&x->copy, cudaStreamNonBlocking),
                                "cudaStreamCreateWithFlags");
        x->setup_s += mst_now_s() - t0;
        if (st != MST_OK) {
            x->copy = NULL;
            return st;
        }
    }
    *s = x->copy;
    return MST_OK;
}

mst_status cuda_record(cuda_xfer *x, size_t bytes, void **p)
{
    if (x->record == NULL || x->record_bytes < bytes) {
        double t0 = mst_now_s();
        if (x->record != NULL)
            cudaFreeHost(x->record);
        x->record_bytes = 0;
        if (cudaMallocHost(&x->record, bytes) != cudaSuccess) {
            cudaGetLastError();
            x->record = NULL;
            return mst_fail(MST_ERESOURCE, "CUDA: cudaMallocHost of %zu bytes failed", bytes);
        }
        x->record_bytes = bytes;
        x->setup_s += mst_now_s() - t0;
    }
    *p = x->record;
    return MST_OK;
}

uint32_t cuda_chunks(uint64_t m, uint64_t *chunk)
{
    uint64_t c = (m + CUDA_CHUNKS - 1) / CUDA_CHUNKS;
    c = c < CUDA_CHUNK_MIN ? CUDA_CHUNK_MIN : c;
    *chunk = c;
    return (uint32_t)((m + c - 1) / c);
}

mst_status cuda_copy_edges(uint32_t *const *dst, const uint32_t *const *src, int count,
                           uint64_t first, uint64_t len, cudaStream_t s)
{
    mst_status st = MST_OK;
    for (int i = 0; st == MST_OK && i < count && len > 0; i++)
        st = cuda_ok(cudaMemcpyAsync(dst[i] + first, src[i] + first, len * 4,
                                     cudaMemcpyHostToDevice, s),
                     "cudaMemcpyAsync");
    return st;
}

mst_status cuda_send_staged(void *const *dst, const void *const *src, const size_t *bytes,
                            int count, cudaStream_t s)
{
    char *ring = NULL;
    cudaEvent_t sent[2] = {NULL, NULL};
    int procs = omp_get_num_procs(), team = procs / 2 < 1 ? 1 : procs / 2;
    team = team < CUDA_STAGE_THREADS ? team : CUDA_STAGE_THREADS;
    size_t total = 0;
    for (int i = 0; i < count; i++)
        total += bytes[i];
    mst_status st = MST_OK;
    if (total < CUDA_STAGE_MIN ||
        cudaHostAlloc((void **)&ring, 2 * CUDA_STAGE_BYTES, cudaHostAllocDefault) != cudaSuccess ||
        cudaEventCreateWithFlags(&sent[0], cudaEventDisableTiming) != cudaSuccess ||
        cudaEventCreateWithFlags(&sent[1], cudaEventDisableTiming) != cudaSuccess) {
        cudaGetLastError();
        for (int i = 0; i < count && st == MST_OK; i++)
            if (bytes[i] > 0)
                st = cuda_ok(cudaMemcpy(dst[i], src[i], bytes[i], cudaMemcpyHostToDevice),
                             "cudaMemcpy");
    }
    /* Piece c goes through buffer c % 2, once the copy of piece c - 2 has left it. */
    for (int i = 0, c = 0; i < count && st == MST_OK && sent[1] != NULL; i++)
        for (size_t off = 0; off < bytes[i] && st == MST_OK; off += CUDA_STAGE_BYTES, c++) {
            size_t len = bytes[i] - off < CUDA_STAGE_BYTES ? bytes[i] - off : CUDA_STAGE_BYTES;
            char *buf = ring + (c & 1) * CUDA_STAGE_BYTES;
            const char *from = (const char *)src[i] + off;
            if (c >= 2)
                st = cuda_ok(cudaEventSynchronize(sent[c & 1]), "cudaEventSynchronize");
#pragma omp parallel for schedule(static) num_threads(team)
            for (int t = 0; t < team; t++)
                memcpy(buf + len * t / team, from + len * t / team,
                       len * (t + 1) / team - len * t / team);
            if (st == MST_OK)
                st = cuda_ok(cudaMemcpyAsync((char *)dst[i] + off, buf, len,
                                             cudaMemcpyHostToDevice, s),
                             "cudaMemcpyAsync");
            if (st == MST_OK)
                st = cuda_ok(cudaEventRecord(sent[c & 1], s), "cudaEventRecord");
        }
    if (sent[1] != NULL && st == MST_OK)
        st = cuda_ok(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    for (int b = 0; b < 2; b++)
        if (sent[b] != NULL)
            cudaEventDestroy(sent[b]);
    if (ring != NULL)
        cudaFreeHost(ring);
    return st;
}

__global__ void k_widen(const uint32_t *ids, uint32_t k, unsigned long long *wide)
{
    for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < k;
         i += (uint64_t)gridDim.x * blockDim.x)
        wide[i] = ids[i];
}

mst_status cuda_forest_back(const uint32_t *d_ids, uint32_t k, unsigned long long *d_scratch,
                            mst_forest *out)
{
    if (k > out->capacity)
        return mst_fail(MST_EINTERNAL, "internal error: mst-cuda found %u forest edges, more "
                        "than the capacity %llu", k, (unsigned long long)out->capacity);
    if (k > 0) {
        uint32_t blocks = (k + 255) / 256;
        k_widen<<<blocks < 1024 ? blocks : 1024, 256>>>(d_ids, k, d_scratch);
        mst_status st = cuda_ok(cudaMemcpy(out->eid, d_scratch, (size_t)k * 8,
                                           cudaMemcpyDeviceToHost),
                                "cudaMemcpy (forest)");
        if (st != MST_OK)
            return st;
    }
    out->count = k;
    return MST_OK;
}

mst_status cuda_trace_round(mst_phases *ph, const uint32_t *d_ids, const uint32_t *d_count,
                            uint32_t *traced)
{
    uint32_t k = 0, *ids32 = NULL;
    uint64_t *ids = NULL;
    if (!mst_tracing(ph))
        return MST_OK;
    mst_status st = cuda_ok(cudaMemcpy(&k, d_count, sizeof k, cudaMemcpyDeviceToHost),
                            "cudaMemcpy");
    if (st != MST_OK || k <= *traced)
        return st;
    uint32_t len = k - *traced;
    MST_ALLOC(ids32, len);
    MST_ALLOC(ids, len);
    st = cuda_ok(cudaMemcpy(ids32, d_ids + *traced, (size_t)len * 4, cudaMemcpyDeviceToHost),
                 "cudaMemcpy");
    for (uint32_t i = 0; st == MST_OK && i < len; i++)
        ids[i] = ids32[i];
    if (st == MST_OK) {
        mst_trace_round(ph, ids, len);
        *traced = k;
    }
fail:
    free(ids32);
    free(ids);
    return st;
}

void cuda_xfer_release(cuda_xfer *x)
{
    for (int i = 0; i < x->count; i++)
        cudaHostUnregister((void *)x->pinned[i]);
    if (x->count > 0)
        cudaGetLastError();
    dev_pool_free(&x->pool);
    if (x->copy != NULL)
        cudaStreamDestroy(x->copy);
    if (x->record != NULL)
        cudaFreeHost(x->record);
    memset(x, 0, sizeof *x);
}
