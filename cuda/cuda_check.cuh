/*
 * cuda_check.cuh: CUDA errors as the suite's statuses, and the event timing that every mst-cuda
 * variant uses for its phases and its kernel time.
 */
#ifndef MST_CUDA_CHECK_CUH
#define MST_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "status.h"

/* MST_OK for cudaSuccess, else records "CUDA: what: CUDA's message" (a failed allocation, a
 * lost device, a failed launch: all resources, as far as the suite can tell). */
static inline mst_status cuda_ok(cudaError_t err, const char *what)
{
    if (err == cudaSuccess)
        return MST_OK;
    return mst_fail(MST_ERESOURCE, "CUDA: %s: %s", what, cudaGetErrorString(err));
}

/* Records `end`, waits for it and sets *ms to the milliseconds since `start` was recorded. */
static inline mst_status cuda_event_ms(cudaEvent_t start, cudaEvent_t end, float *ms)
{
    mst_status st = cuda_ok(cudaEventRecord(end), "cudaEventRecord");
    if (st == MST_OK)
        st = cuda_ok(cudaEventSynchronize(end), "cudaEventSynchronize");
    if (st == MST_OK)
        st = cuda_ok(cudaEventElapsedTime(ms, start, end), "cudaEventElapsedTime");
    return st;
}

#endif
