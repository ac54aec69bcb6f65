/* ecl.cu: worklist Borůvka kernels and their host driver (see ecl.h). */
#include "ecl.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr_fill.cuh"
#include "kernels.cuh"
#include "sample.h"
#include "timer.h"


/* Records a failed CUDA call with its name and jumps to fail:. */
#define CUDA_CHECK(call)                                                                         \
    do {                                                                                         \
        cudaError_t err_ = (call);                                                               \
        if (err_ != cudaSuccess) {                                                               \
            st = mst_fail(MST_ERESOURCE, "CUDA: %s: %s", #call, cudaGetErrorString(err_));      \
            goto fail;                                                                           \
        }                                                                                        \
    } while (0)

#define LAUNCH_CHECK() CUDA_CHECK(cudaGetLastError())

/* First worklist straight from the edge list: edges with ki <= threshold (or above it, if
 * heavy), each once; relabelled through rep[] unless every vertex is still a singleton. */
template <bool GUARD>
__global__ void k_fill(const uint32_t *u, const uint32_t *v, const uint32_t *key, uint32_t m,
                       u64 threshold, bool heavy, const uint32_t *rep, wl_edge *wl,
                       unsigned *count, u64 *best)
{
    /* The loop is warp-uniform (every lane of a warp runs it equally often) so push() can
     * use the whole warp. */
    u64 stride = (u64)gridDim.x * blockDim.x;
    for (u64 base = (u64)blockIdx.x * blockDim.x + (threadIdx.x & ~31u); base < m; base += stride) {
        u64 e64 = base + (threadIdx.x & 31u);
        uint32_t e = (uint32_t)e64;
        bool keep = false;
        wl_edge x = {0, 0, 0};
        if (e64 < m) {
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

mst_status cuda_device_name(int d, char *buf, int len)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
        return mst_fail(MST_ERESOURCE, "no CUDA device (%s)",
                        err != cudaSuccess ? cudaGetErrorString(err) : "none found");
    if (d >= count)
        return mst_fail(MST_ERESOURCE, "no CUDA device %d (%d present)", d, count);
    cudaDeviceProp prop;
    if ((err = cudaGetDeviceProperties(&prop, d)) != cudaSuccess)
        return mst_fail(MST_ERESOURCE, "CUDA: device %d: %s", d, cudaGetErrorString(err));
    snprintf(buf, (size_t)len, "%s", prop.name);
    return MST_OK;
}

/* Kernel timing: events around each step when asked, else only around the whole. */
struct step_timer {
    bool on;
    cudaEvent_t a, b;
    double *acc;
};

mst_status cuda_ecl_mst(const mst_graph *g, const cuda_ecl_options *o, mst_forest *out,
                        mst_phases *ph)
{
    mst_status st = MST_OK;
    uint32_t n = g->n, m32 = (uint32_t)g->m;
    uint32_t *d_u = NULL, *d_v = NULL, *d_key = NULL, *d_parent = NULL, *d_rep = NULL,
             *d_out = NULL;
    u64 *d_best = NULL;
    wl_edge *d_wl = NULL, *d_next = NULL;
    unsigned *d_count = NULL; /* [0] worklist, [1] forest */
    u64 *d_offset = NULL;
    uint32_t *d_adj = NULL, *d_eid = NULL, *d_taken = NULL, *eid32 = NULL;
    mst_csr csr = {0, NULL, NULL, NULL};
    dev_csr dc = {NULL, NULL, NULL, NULL};
    bool use_csr = o->csr || o->thread_only || o->both_directions || o->vertex_centric;
    size_t wl_cap = 1;
    cudaEvent_t ev[2] = {NULL, NULL}, t0 = NULL, t1 = NULL;
    double t_fill = 0, t_relabel = 0, t_unite = 0, t_reset = 0;
    uint64_t rounds = 0, wl_first = 0, wl_total = 0, wl_max = 0;
    int sms = 1;
    if (g->m >= 0xFFFFFFFFull)
        return mst_fail(MST_ERESOURCE,
                        "mst-cuda packs (key, id) into 64 bits: m must be below 2^32 (m = %llu)",
                        (unsigned long long)g->m);
    int filter = o->filter < 0 ? g->m >= (uint64_t)CUDA_FILTER_AUTO_DEGREE * g->n : o->filter;
    filter = filter && g->m > 0;
    u64 threshold = filter ? mst_sample_threshold(g, (uint64_t)(o->filter_factor * n)) : NONE;
    unsigned counts[2] = {0, 0};
    size_t nn = n > 0 ? n : 1, mm = g->m > 0 ? g->m : 1;

    CUDA_CHECK(cudaSetDevice(o->device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, o->device));
    CUDA_CHECK(cudaMalloc(&d_u, mm * 4));
    CUDA_CHECK(cudaMalloc(&d_v, mm * 4));
    CUDA_CHECK(cudaMalloc(&d_key, mm * 4));
    CUDA_CHECK(cudaMalloc(&d_parent, nn * 4));
    CUDA_CHECK(cudaMalloc(&d_rep, nn * 4));
    CUDA_CHECK(cudaMalloc(&d_out, nn * 4));
    CUDA_CHECK(cudaMalloc(&d_best, nn * 8));
    wl_cap = o->both_directions ? 2 * mm : mm;
    CUDA_CHECK(cudaMalloc(&d_wl, wl_cap * sizeof(wl_edge)));
    CUDA_CHECK(cudaMalloc(&d_next, wl_cap * sizeof(wl_edge)));
    if (o->both_directions) {
        CUDA_CHECK(cudaMalloc(&d_taken, (mm + 31) / 32 * 4));
        CUDA_CHECK(cudaMemset(d_taken, 0, (mm + 31) / 32 * 4));
    }
    if (use_csr) { /* the CSR, built on the host and copied once (with 32-bit edge ids) */
        MST_CHECK(mst_csr_build(g, &csr));
        eid32 = (uint32_t *)mst_alloc(2 * mm, 4);
        if (eid32 == NULL) {
            st = MST_ERESOURCE;
            goto fail;
        }
        for (uint64_t j = 0; j < 2 * g->m; j++)
            eid32[j] = (uint32_t)csr.eid[j];
        CUDA_CHECK(cudaMalloc(&d_offset, (nn + 1) * 8));
        CUDA_CHECK(cudaMalloc(&d_adj, 2 * mm * 4));
        CUDA_CHECK(cudaMalloc(&d_eid, 2 * mm * 4));
        CUDA_CHECK(cudaMemcpy(d_offset, csr.offset, ((size_t)n + 1) * 8, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_adj, csr.adj, 2 * g->m * 4, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_eid, eid32, 2 * g->m * 4, cudaMemcpyHostToDevice));
        dc = {d_offset, d_adj, d_eid, NULL};
    }
    CUDA_CHECK(cudaMalloc(&d_count, 2 * sizeof(unsigned)));
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventCreate(&ev[0]));
    CUDA_CHECK(cudaEventCreate(&ev[1]));
    if (g->m > 0) {
        CUDA_CHECK(cudaMemcpy(d_u, g->u, g->m * 4, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_v, g->v, g->m * 4, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_key, g->key, g->m * 4, cudaMemcpyHostToDevice));
    }
    dc.key = d_key;
    {
        /* From here on the graph is on the GPU: the kernel-side time. */
        int grid = sms * (2048 / THREADS);
        double *acc = NULL;
#define STEP_BEGIN(where)                                                                        \
    do {                                                                                         \
        acc = &(where);                                                                          \
        if (o->timed_phases)                                                                     \
            CUDA_CHECK(cudaEventRecord(ev[0]));                                                  \
    } while (0)
#define STEP_END()                                                                               \
    do {                                                                                         \
        LAUNCH_CHECK();                                                                          \
        if (o->timed_phases) {                                                                   \
            float ms_ = 0;                                                                       \
            CUDA_CHECK(cudaEventRecord(ev[1]));                                                  \
            CUDA_CHECK(cudaEventSynchronize(ev[1]));                                             \
            CUDA_CHECK(cudaEventElapsedTime(&ms_, ev[0], ev[1]));                                \
            *acc += 1e-3 * ms_;                                                                  \
        }                                                                                        \
    } while (0)
        CUDA_CHECK(cudaEventRecord(t0));
        CUDA_CHECK(cudaMemset(d_count, 0, 2 * sizeof(unsigned)));
        STEP_BEGIN(t_fill);
        k_init<<<grid, THREADS>>>(n, d_parent, d_best);
        STEP_END();
        for (int pass = 0; pass < (filter ? 2 : 1); pass++) {
            STEP_BEGIN(t_fill);
            if (pass == 1)
                k_flatten<<<grid, THREADS>>>(n, d_parent, d_rep);
            CUDA_CHECK(cudaMemset(d_count, 0, sizeof(unsigned)));
            fill_args fa = {threshold, pass == 1, o->both_directions != 0,
                            pass == 1 ? d_rep : NULL, NULL, d_wl, d_count, d_best};
            if (use_csr)
                CUDA_CHECK(csr_fill(dc, n, fa, o->guard != 0, o->thread_only != 0, grid));
            else if (o->guard)
                k_fill<true><<<grid, THREADS>>>(d_u, d_v, d_key, m32, threshold, pass == 1,
                                                pass == 1 ? d_rep : NULL, d_wl, d_count, d_best);
            else
                k_fill<false><<<grid, THREADS>>>(d_u, d_v, d_key, m32, threshold, pass == 1,
                                                 pass == 1 ? d_rep : NULL, d_wl, d_count, d_best);
            STEP_END();
            CUDA_CHECK(cudaMemcpy(counts, d_count, sizeof(unsigned), cudaMemcpyDeviceToHost));
            /* Without implicit compression the worklist keeps endpoints, so steps 2 and 3 find
             * the round's sets through a snapshot of the parents taken before the unions. */
            if (pass == 0)
                wl_first = counts[0];
            while (counts[0] > 0) {
                uint32_t len = counts[0];
                rounds++;
                wl_total += len;
                wl_max = len > wl_max ? len : wl_max;
                const uint32_t *root_of = d_parent;
                if (!o->implicit_compression) {
                    CUDA_CHECK(cudaMemcpy(d_rep, d_parent, nn * 4, cudaMemcpyDeviceToDevice));
                    root_of = d_rep;
                }
                STEP_BEGIN(t_unite);
                if (o->both_directions && o->implicit_compression)
                    k_unite<true, true><<<grid, THREADS>>>(d_wl, len, root_of, d_best, d_parent,
                                                           d_out, d_count + 1, d_taken);
                else if (o->both_directions)
                    k_unite<false, true><<<grid, THREADS>>>(d_wl, len, root_of, d_best, d_parent,
                                                            d_out, d_count + 1, d_taken);
                else if (o->implicit_compression)
                    k_unite<true, false><<<grid, THREADS>>>(d_wl, len, root_of, d_best, d_parent,
                                                            d_out, d_count + 1, NULL);
                else
                    k_unite<false, false><<<grid, THREADS>>>(d_wl, len, root_of, d_best,
                                                             d_parent, d_out, d_count + 1, NULL);
                STEP_END();
                STEP_BEGIN(t_reset);
                if (o->implicit_compression)
                    k_reset<true><<<grid, THREADS>>>(d_wl, len, root_of, d_best);
                else
                    k_reset<false><<<grid, THREADS>>>(d_wl, len, root_of, d_best);
                STEP_END();
                STEP_BEGIN(t_relabel);
                CUDA_CHECK(cudaMemset(d_count, 0, sizeof(unsigned)));
                if (o->vertex_centric) { /* refill from the CSR by vertex, through find */
                    fill_args ra = {threshold, pass == 1, o->both_directions != 0, NULL,
                                    d_parent, d_next, d_count, d_best};
                    CUDA_CHECK(csr_fill(dc, n, ra, o->guard != 0, o->thread_only != 0, grid));
                } else if (o->guard && o->implicit_compression)
                    k_relabel<true, true><<<grid, THREADS>>>(d_wl, len, d_next, d_count, d_parent,
                                                             d_best);
                else if (o->guard)
                    k_relabel<true, false><<<grid, THREADS>>>(d_wl, len, d_next, d_count,
                                                              d_parent, d_best);
                else if (o->implicit_compression)
                    k_relabel<false, true><<<grid, THREADS>>>(d_wl, len, d_next, d_count,
                                                              d_parent, d_best);
                else
                    k_relabel<false, false><<<grid, THREADS>>>(d_wl, len, d_next, d_count,
                                                               d_parent, d_best);
                STEP_END();
                CUDA_CHECK(cudaMemcpy(counts, d_count, sizeof(unsigned), cudaMemcpyDeviceToHost));
                wl_edge *t = d_wl;
                d_wl = d_next;
                d_next = t;
            }
        }
        CUDA_CHECK(cudaEventRecord(t1));
        CUDA_CHECK(cudaEventSynchronize(t1));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
        if (ph != NULL)
            ph->kernel_s = 1e-3 * ms;
#undef STEP_BEGIN
#undef STEP_END
    }
    CUDA_CHECK(cudaMemcpy(counts + 1, d_count + 1, sizeof(unsigned), cudaMemcpyDeviceToHost));
    if (counts[1] > out->capacity) {
        st = mst_fail(MST_ERESOURCE, "mst-cuda: %u forest edges exceed the capacity %llu",
                      counts[1], (unsigned long long)out->capacity);
        goto fail;
    }
    {
        uint32_t *ids = (uint32_t *)mst_alloc(counts[1] ? counts[1] : 1, 4);
        if (ids == NULL) {
            st = MST_ERESOURCE;
            goto fail;
        }
        cudaError_t err = cudaMemcpy(ids, d_out, (size_t)counts[1] * 4, cudaMemcpyDeviceToHost);
        for (unsigned i = 0; err == cudaSuccess && i < counts[1]; i++)
            out->eid[i] = ids[i];
        free(ids);
        CUDA_CHECK(err);
        out->count = counts[1];
    }
    if (o->timed_phases) {
        mst_phase_add(ph, "fill", t_fill);
        mst_phase_add(ph, "relabel+min", t_relabel);
        mst_phase_add(ph, "union", t_unite);
        mst_phase_add(ph, "reset", t_reset);
    }
    mst_phase_count(ph, "rounds", rounds);
    mst_phase_count(ph, "worklist_first", wl_first); /* worklist sizes, in edges */
    mst_phase_count(ph, "worklist_max", wl_max);
    mst_phase_count(ph, "worklist_total", wl_total);
    mst_phase_count(ph, "filtered", (uint64_t)filter);
fail:
    cudaFree(d_u);
    cudaFree(d_v);
    cudaFree(d_key);
    cudaFree(d_parent);
    cudaFree(d_rep);
    cudaFree(d_out);
    cudaFree(d_best);
    cudaFree(d_wl);
    cudaFree(d_next);
    cudaFree(d_count);
    cudaFree(d_offset);
    cudaFree(d_adj);
    cudaFree(d_eid);
    cudaFree(d_taken);
    free(eid32);
    mst_csr_free(&csr);
    if (t0) cudaEventDestroy(t0);
    if (t1) cudaEventDestroy(t1);
    if (ev[0]) cudaEventDestroy(ev[0]);
    if (ev[1]) cudaEventDestroy(ev[1]);
    return st;
}
