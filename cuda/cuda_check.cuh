/*
 * cuda_check.cuh: CUDA errors as the suite's statuses, and the event timing that every mst-cuda
 * variant uses for its phases and its kernel time.
 */
#ifndef MST_CUDA_CHECK_CUH
#define MST_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "core.h"

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

/* The events a variant times with: `step` around one step (only when phases are timed, since
 * timing a step waits for it), `all` around the whole solve (the kernel time, ph->kernel_s).
 * A zeroed clock holds no events; cuda_clock_free() frees what cuda_clock_init() made. */
typedef struct cuda_clock {
    cudaEvent_t step[2], all[2];
    int timed;   /* time every step (--phases) */
    double *acc; /* where the running step's seconds go */
} cuda_clock;

/* Creates the events. Errors: MST_ERESOURCE. */
static inline mst_status cuda_clock_init(cuda_clock *c, int timed)
{
    mst_status st = MST_OK;
    cudaEvent_t *ev[] = {&c->step[0], &c->step[1], &c->all[0], &c->all[1]};
    c->timed = timed;
    for (size_t i = 0; st == MST_OK && i < sizeof ev / sizeof *ev; i++)
        st = cuda_ok(cudaEventCreate(ev[i]), "cudaEventCreate");
    return st;
}

static inline void cuda_clock_free(cuda_clock *c)
{
    cudaEvent_t ev[] = {c->step[0], c->step[1], c->all[0], c->all[1]};
    for (size_t i = 0; i < sizeof ev / sizeof *ev; i++)
        if (ev[i])
            cudaEventDestroy(ev[i]);
}

/* Starts a step whose kernel time goes to *acc (recorded only when c->timed). */
static inline mst_status cuda_step_begin(cuda_clock *c, double *acc)
{
    c->acc = acc;
    return c->timed ? cuda_ok(cudaEventRecord(c->step[0]), "cudaEventRecord") : MST_OK;
}

/* Ends a step begun with status st: checks its launches and, when timed, waits for them and
 * adds their seconds to the step's phase. */
static inline mst_status cuda_step_end(cuda_clock *c, mst_status st)
{
    float ms = 0;
    if (st == MST_OK)
        st = cuda_ok(cudaGetLastError(), "kernel launch");
    if (st != MST_OK || !c->timed)
        return st;
    st = cuda_event_ms(c->step[0], c->step[1], &ms);
    *c->acc += 1e-3 * ms;
    return st;
}

#endif
