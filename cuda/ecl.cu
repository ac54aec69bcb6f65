/* ecl.cu: the host driver of the worklist Borůvka (see ecl.h; kernels in ecl_kernels.cuh). */
#include "ecl.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.cuh"
#include "csr_fill.cuh"
#include "ecl_kernels.cuh"
#include "matrix_kernels.cuh"
#include "core.h"
#include "transfer.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

mst_status cuda_device_name(int d, char *buf, int len)
{
    int count = 0, runtime = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err == cudaErrorInsufficientDriver) {
        cudaRuntimeGetVersion(&runtime);
        return mst_fail(MST_ERESOURCE, "no GPU (the NVIDIA driver for CUDA %d.%d is missing or "
                        "older)", runtime / 1000, runtime % 1000 / 10);
    }
    if (err == cudaErrorNoDevice || (err == cudaSuccess && count == 0))
        return mst_fail(MST_ERESOURCE, "no GPU (no NVIDIA GPU on this machine)");
    if (err != cudaSuccess)
        return mst_fail(MST_ERESOURCE, "no GPU (%s)", cudaGetErrorString(err));
    if (d >= count)
        return mst_fail(MST_ERESOURCE, "no GPU %d (%d present)", d, count);
    if (buf == NULL)
        return MST_OK;
    cudaDeviceProp prop;
    if ((err = cudaGetDeviceProperties(&prop, d)) != cudaSuccess)
        return mst_fail(MST_ERESOURCE, "CUDA: device %d: %s", d, cudaGetErrorString(err));
    snprintf(buf, (size_t)len, "%s", prop.name);
    return MST_OK;
}

/* cudaMalloc of `bytes` into *p; the message names the size. */
static mst_status dev_alloc(void **p, size_t bytes)
{
    cudaError_t err = cudaMalloc(p, bytes);
    if (err == cudaSuccess)
        return MST_OK;
    return mst_fail(MST_ERESOURCE, "CUDA: cudaMalloc of %zu bytes: %s", bytes,
                    cudaGetErrorString(err));
}

/* One run: the graph and options, the device buffers, the events and the statistics. All
 * pointers start NULL, and ecl_free() frees whatever is set. A plain solve carves its buffers
 * from its context's pool; a prepared state (--rounds) owns its pool and keeps the topology (u,
 * v and the CSR) on the device between rounds. */
struct ecl_run {
    const mst_graph *g;
    cuda_ecl_options o;      /* a copy: a prepared state outlives the caller's options */
    uint32_t n, m32;
    size_t nn, mm;           /* n and m, at least 1 (cudaMalloc of 0 bytes is not portable) */
    bool use_csr;
    bool resident;           /* u, v (and the CSR) are on the device already: send keys only */
    bool on_device;          /* u, v and key were made on the device (a matrix's): send none */
    int filter, grid;
    u64 threshold;
    dev_pool own, *pool;     /* own: a prepared state's pool; pool: where the buffers live */
    uint32_t *d_u, *d_v, *d_key, *d_parent, *d_rep, *d_out;
    u64 *d_best;
    wl_edge *d_wl, *d_next;  /* the two worklists, swapped every round */
    unsigned *d_count;       /* [0] worklist, [1] forest */
    u64 *d_offset;
    uint32_t *d_adj, *d_eid, *d_taken, *eid32;
    mst_csr csr;
    dev_csr dc;
    cuda_clock clock;
    cudaStream_t copy;       /* the context's copy stream (transfer.cuh) */
    /* arrived: the last chunk sent; init_end, fill_begin/end: the kernel stream's work between
     * the chunks' arrivals, which the kernel time adds up (ecl_run_once) */
    cudaEvent_t arrived, init_end, fill_begin[CUDA_CHUNKS], fill_end[CUDA_CHUNKS];
    uint32_t chunks;         /* chunks the pass-0 fill followed (0: filled in one launch) */
    double t_fill, t_relabel, t_unite, t_reset, t_upload, t_download;
    uint64_t rounds, wl_first, wl_total, wl_max;
};

static void ecl_free(ecl_run *r)
{
    void *dev[] = {r->d_offset, r->d_adj, r->d_eid};
    for (size_t i = 0; i < sizeof dev / sizeof *dev; i++)
        cudaFree(dev[i]);
    cudaEvent_t ev[2 + 2 * CUDA_CHUNKS] = {r->arrived, r->init_end};
    memcpy(ev + 2, r->fill_begin, sizeof r->fill_begin);
    memcpy(ev + 2 + CUDA_CHUNKS, r->fill_end, sizeof r->fill_end);
    for (size_t i = 0; i < sizeof ev / sizeof *ev; i++)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    dev_pool_free(&r->own);
    free(r->eid32);
    mst_csr_free(&r->csr);
    cuda_clock_free(&r->clock);
}

/* The run of g with options o (before setup). Errors: MST_ERESOURCE for m >= 2^32 - 1. */
static mst_status ecl_init(ecl_run *r, const mst_graph *g, const cuda_ecl_options *o)
{
    memset(r, 0, sizeof *r);
    if (g->m >= 0xFFFFFFFFull)
        return mst_fail(MST_ERESOURCE,
                        "mst-cuda packs (key, id) into 64 bits: m must be below 2^32 (m = %llu)",
                        (unsigned long long)g->m);
    r->g = g;
    r->o = *o;
    r->n = g->n;
    r->m32 = (uint32_t)g->m;
    r->nn = g->n > 0 ? g->n : 1;
    r->mm = g->m > 0 ? g->m : 1;
    r->use_csr = o->csr || o->thread_only || o->both_directions || o->vertex_centric;
    r->filter = o->filter < 0 ? g->m >= (uint64_t)CUDA_FILTER_AUTO_DEGREE * g->n : o->filter;
    r->filter = r->filter && g->m > 0;
    r->pool = &o->xfer->pool;
    return MST_OK;
}

/* Picks the device, carves the buffers from the pool, creates the events, takes the context's
 * copy stream. Errors: MST_ERESOURCE. */
static mst_status ecl_setup(ecl_run *r)
{
    const cuda_ecl_options *o = &r->o;
    size_t nn = r->nn, mm = r->mm, wl_cap = o->both_directions ? 2 * mm : mm;
    int sms = 1;
    mst_status st = cuda_ok(cudaSetDevice(o->device), "cudaSetDevice");
    if (st == MST_OK)
        st = cuda_ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, o->device),
                     "cudaDeviceGetAttribute");
    r->grid = sms * (2048 / THREADS);
    dev_part part[] = {{(void **)&r->d_u, mm * 4}, {(void **)&r->d_v, mm * 4},
                       {(void **)&r->d_key, mm * 4}, {(void **)&r->d_parent, nn * 4},
                       {(void **)&r->d_rep, nn * 4}, {(void **)&r->d_out, nn * 4},
                       {(void **)&r->d_best, nn * 8},
                       {(void **)&r->d_wl, wl_cap * sizeof(wl_edge)},
                       {(void **)&r->d_next, wl_cap * sizeof(wl_edge)},
                       {(void **)&r->d_count, 2 * sizeof(unsigned)},
                       {(void **)&r->d_taken, o->both_directions ? (mm + 31) / 32 * 4 : 0}};
    double grow = 0;
    if (st == MST_OK)
        st = dev_pool_carve(r->pool, part, sizeof part / sizeof *part, &grow);
    o->xfer->setup_s += grow;
    if (st == MST_OK && r->d_taken != NULL)
        st = cuda_ok(cudaMemset(r->d_taken, 0, (mm + 31) / 32 * 4), "cudaMemset");
    /* The events of the clock and of the chunked fill. */
    if (st == MST_OK)
        st = cuda_clock_init(&r->clock, r->o.timed_phases);
    cudaEvent_t *ev[2 + 2 * CUDA_CHUNKS] = {&r->arrived, &r->init_end};
    for (int c = 0; c < CUDA_CHUNKS; c++) {
        ev[2 + c] = &r->fill_begin[c];
        ev[2 + CUDA_CHUNKS + c] = &r->fill_end[c];
    }
    for (size_t i = 0; st == MST_OK && i < sizeof ev / sizeof *ev; i++)
        st = cuda_ok(cudaEventCreate(ev[i]), "cudaEventCreate");
    if (st == MST_OK)
        st = cuda_copy_stream(o->xfer, &r->copy);
    return st;
}

/* The CSR, built on the host and copied once (with 32-bit edge ids), for the CSR fills.
 * Errors: MST_ERESOURCE. */
static mst_status ecl_upload_csr(ecl_run *r)
{
    const mst_graph *g = r->g;
    size_t nn = r->nn, mm = r->mm;
    mst_status st = mst_csr_build(g, &r->csr);
    if (st != MST_OK)
        return st;
    if ((r->eid32 = (uint32_t *)mst_alloc(2 * mm, 4)) == NULL)
        return MST_ERESOURCE;
    for (uint64_t j = 0; j < 2 * g->m; j++)
        r->eid32[j] = (uint32_t)r->csr.eid[j];
    st = dev_alloc((void **)&r->d_offset, (nn + 1) * 8);
    if (st == MST_OK)
        st = dev_alloc((void **)&r->d_adj, 2 * mm * 4);
    if (st == MST_OK)
        st = dev_alloc((void **)&r->d_eid, 2 * mm * 4);
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(r->d_offset, r->csr.offset, ((size_t)r->n + 1) * 8,
                                cudaMemcpyHostToDevice), "cudaMemcpy");
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(r->d_adj, r->csr.adj, 2 * g->m * 4, cudaMemcpyHostToDevice),
                     "cudaMemcpy");
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(r->d_eid, r->eid32, 2 * g->m * 4, cudaMemcpyHostToDevice),
                     "cudaMemcpy");
    r->dc = {r->d_offset, r->d_adj, r->d_eid, r->d_key};
    return st;
}

/* A step whose kernel time goes to *acc (cuda_check.cuh). */
static mst_status step_begin(ecl_run *r, double *acc)
{
    return cuda_step_begin(&r->clock, acc);
}

static mst_status step_end(ecl_run *r)
{
    return cuda_step_end(&r->clock, MST_OK);
}

/* The worklist's length (d_count[0]) into *len. */
static mst_status read_count(const ecl_run *r, uint32_t *len)
{
    unsigned c = 0;
    mst_status st = cuda_ok(cudaMemcpy(&c, r->d_count, sizeof(unsigned), cudaMemcpyDeviceToHost),
                            "cudaMemcpy");
    *len = c;
    return st;
}

/* k_fill over edges [first, end) in the guard variant the options pick. */
static void launch_fill(const ecl_run *r, uint32_t first, uint32_t end, int pass,
                        const uint32_t *rep)
{
    if (r->o.guard)
        k_fill<true><<<r->grid, THREADS>>>(r->d_u, r->d_v, r->d_key, first, end, r->threshold,
                                           pass == 1, rep, r->d_wl, r->d_count, r->d_best);
    else
        k_fill<false><<<r->grid, THREADS>>>(r->d_u, r->d_v, r->d_key, first, end, r->threshold,
                                            pass == 1, rep, r->d_wl, r->d_count, r->d_best);
}

/* Whether pass 0 fills from each chunk as it arrives (the edge-list fill, phases not timed:
 * timing a step waits for it, which would undo the overlap). */
static bool ecl_overlapped(const ecl_run *r)
{
    return !r->use_csr && !r->o.timed_phases && !r->on_device;
}

/* Sends the edge list (the keys only when the topology is resident) in chunks on the copy
 * stream; the kernel stream waits for each chunk and, when overlapped, fills pass 0's worklist
 * from it at once (between events that the kernel time adds up). Else the kernel stream waits
 * for the last chunk, and with timed phases the host waits too ("upload"). */
static mst_status ecl_send(ecl_run *r)
{
    const mst_graph *g = r->g;
    const uint32_t *src[] = {g->key, g->u, g->v};
    uint32_t *dst[] = {r->d_key, r->d_u, r->d_v};
    uint64_t chunk = 1;
    uint32_t chunks = cuda_chunks(g->m, &chunk);
    bool overlap = ecl_overlapped(r);
    double t0 = mst_now_s();
    mst_status st = MST_OK;
    for (uint32_t c = 0; st == MST_OK && c < chunks; c++) {
        uint64_t first = c * chunk, len = g->m - first < chunk ? g->m - first : chunk;
        st = cuda_copy_edges(dst, src, r->resident ? 1 : 3, first, len, r->copy);
        if (st == MST_OK)
            st = cuda_ok(cudaEventRecord(r->arrived, r->copy), "cudaEventRecord");
        if (st == MST_OK && (overlap || c + 1 == chunks))
            st = cuda_ok(cudaStreamWaitEvent(0, r->arrived, 0), "cudaStreamWaitEvent");
        if (st == MST_OK && overlap) {
            cudaEventRecord(r->fill_begin[c]);
            launch_fill(r, (uint32_t)first, (uint32_t)(first + len), 0, NULL);
            st = cuda_ok(cudaEventRecord(r->fill_end[c]), "cudaEventRecord");
        }
    }
    r->chunks = overlap ? chunks : 0;
    if (st == MST_OK && r->o.timed_phases) {
        st = cuda_ok(cudaStreamSynchronize(r->copy), "cudaStreamSynchronize");
        r->t_upload += mst_now_s() - t0;
    }
    return st;
}

/* The first worklist of a pass into d_wl: the light edges (pass 0; all without filtering) from
 * singletons, or the heavy ones (pass 1) relabelled through the flattened representatives. */
static mst_status ecl_fill(ecl_run *r, int pass)
{
    const cuda_ecl_options *o = &r->o;
    int grid = r->grid;
    const uint32_t *rep = pass == 1 ? r->d_rep : NULL;
    mst_status st = step_begin(r, &r->t_fill);
    if (st != MST_OK)
        return st;
    if (pass == 1)
        k_flatten<<<grid, THREADS>>>(r->n, r->d_parent, r->d_rep);
    if ((st = cuda_ok(cudaMemset(r->d_count, 0, sizeof(unsigned)), "cudaMemset")) != MST_OK)
        return st;
    fill_args fa = {r->threshold, pass == 1, o->both_directions != 0, rep, NULL, r->d_wl,
                    r->d_count, r->d_best};
    if (r->use_csr)
        st = cuda_ok(csr_fill(r->dc, r->n, fa, o->guard != 0, o->thread_only != 0, grid),
                     "csr_fill");
    else
        launch_fill(r, 0, r->m32, pass, rep);
    return st != MST_OK ? st : step_end(r);
}
/* Step (2) on d_wl[0..len), in the variant the options pick. */
static void launch_unite(const ecl_run *r, uint32_t len, const uint32_t *root_of)
{
    const cuda_ecl_options *o = &r->o;
    int grid = r->grid;
    if (o->both_directions && o->implicit_compression)
        k_unite<true, true><<<grid, THREADS>>>(r->d_wl, len, root_of, r->d_best, r->d_parent,
                                               r->d_out, r->d_count + 1, r->d_taken);
    else if (o->both_directions)
        k_unite<false, true><<<grid, THREADS>>>(r->d_wl, len, root_of, r->d_best, r->d_parent,
                                                r->d_out, r->d_count + 1, r->d_taken);
    else if (o->implicit_compression)
        k_unite<true, false><<<grid, THREADS>>>(r->d_wl, len, root_of, r->d_best, r->d_parent,
                                                r->d_out, r->d_count + 1, NULL);
    else
        k_unite<false, false><<<grid, THREADS>>>(r->d_wl, len, root_of, r->d_best, r->d_parent,
                                                 r->d_out, r->d_count + 1, NULL);
}

/* Step (1) from d_wl[0..len) into d_next, in the variant the options pick (vertex_centric:
 * refilled from the CSR by vertex, through find). Returns the launch status. */
static cudaError_t launch_relabel(const ecl_run *r, int pass, uint32_t len)
{
    const cuda_ecl_options *o = &r->o;
    int grid = r->grid;
    if (o->vertex_centric) {
        fill_args ra = {r->threshold, pass == 1, o->both_directions != 0, NULL, r->d_parent,
                        r->d_next, r->d_count, r->d_best};
        return csr_fill(r->dc, r->n, ra, o->guard != 0, o->thread_only != 0, grid);
    }
    if (o->guard && o->implicit_compression)
        k_relabel<true, true><<<grid, THREADS>>>(r->d_wl, len, r->d_next, r->d_count,
                                                 r->d_parent, r->d_best);
    else if (o->guard)
        k_relabel<true, false><<<grid, THREADS>>>(r->d_wl, len, r->d_next, r->d_count,
                                                  r->d_parent, r->d_best);
    else if (o->implicit_compression)
        k_relabel<false, true><<<grid, THREADS>>>(r->d_wl, len, r->d_next, r->d_count,
                                                  r->d_parent, r->d_best);
    else
        k_relabel<false, false><<<grid, THREADS>>>(r->d_wl, len, r->d_next, r->d_count,
                                                   r->d_parent, r->d_best);
    return cudaSuccess;
}

/* One round on the worklist d_wl[0..len): (2) unite, (3) reset, (1) relabel into d_next; the
 * worklists then swap. Without implicit compression the worklist keeps endpoints, so steps 2
 * and 3 find the round's sets through a snapshot of the parents taken before the unions. */
static mst_status ecl_round(ecl_run *r, int pass, uint32_t len)
{
    const cuda_ecl_options *o = &r->o;
    const uint32_t *root_of = r->d_parent;
    mst_status st = MST_OK;
    if (!o->implicit_compression) {
        st = cuda_ok(cudaMemcpy(r->d_rep, r->d_parent, r->nn * 4, cudaMemcpyDeviceToDevice),
                     "cudaMemcpy");
        root_of = r->d_rep;
    }
    if (st == MST_OK && (st = step_begin(r, &r->t_unite)) == MST_OK) {
        launch_unite(r, len, root_of);
        st = step_end(r);
    }
    if (st == MST_OK && (st = step_begin(r, &r->t_reset)) == MST_OK) {
        if (o->implicit_compression)
            k_reset<true><<<r->grid, THREADS>>>(r->d_wl, len, root_of, r->d_best);
        else
            k_reset<false><<<r->grid, THREADS>>>(r->d_wl, len, root_of, r->d_best);
        st = step_end(r);
    }
    if (st == MST_OK && (st = step_begin(r, &r->t_relabel)) == MST_OK) {
        st = cuda_ok(cudaMemset(r->d_count, 0, sizeof(unsigned)), "cudaMemset");
        if (st == MST_OK)
            st = cuda_ok(launch_relabel(r, pass, len), "csr_fill");
        if (st == MST_OK)
            st = step_end(r);
    }
    wl_edge *t = r->d_wl;
    r->d_wl = r->d_next;
    r->d_next = t;
    return st;
}

/* The keys of the filter's sample (mst_sample_threshold) into sampled[], for a graph whose
 * keys are on the device only. Errors: MST_ERESOURCE. */
static mst_status ecl_sample(const ecl_run *r, uint32_t *sampled)
{
    u64 at[MST_SAMPLE], *d_at = NULL;
    for (uint64_t i = 0; i < MST_SAMPLE; i++)
        at[i] = mst_sample_edge(r->g->m, r->o.filter_seed, i);
    mst_status st = dev_alloc((void **)&d_at, sizeof at + MST_SAMPLE * 4);
    uint32_t *d_out = (uint32_t *)(d_at + MST_SAMPLE);
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(d_at, at, sizeof at, cudaMemcpyHostToDevice), "cudaMemcpy");
    if (st == MST_OK) {
        k_matrix_sample<<<MST_SAMPLE / 256, 256>>>(r->d_key, d_at, MST_SAMPLE, d_out);
        st = cuda_ok(cudaMemcpy(sampled, d_out, MST_SAMPLE * 4, cudaMemcpyDeviceToHost),
                     "cudaMemcpy");
    }
    cudaFree(d_at);
    return st;
}

/* Milliseconds elapsed between two recorded events into *acc. */
static mst_status add_elapsed(cudaEvent_t a, cudaEvent_t b, float *acc)
{
    float ms = 0;
    mst_status st = cuda_ok(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    *acc += ms;
    return st;
}

/* One solve of a set-up run: this round's keys, the kernels, the forest, the counters. Sends
 * the graph and runs the kernels: k_init, then per pass a fill and rounds until the worklist is
 * empty. Overlapped, pass 0's fill follows the chunks (ecl_send); else the graph is on the
 * device before the clock starts. Sets ph->kernel_s. */
static mst_status ecl_run_once(ecl_run *r, const mst_graph *g, mst_forest *out, mst_phases *ph)
{
    /* Per solve: the graph with this round's keys, the filter threshold, cleared statistics. */
    r->g = g;
    r->threshold = NONE;
    uint32_t sampled[MST_SAMPLE];
    mst_status st = r->filter && r->on_device ? ecl_sample(r, sampled) : MST_OK;
    if (r->filter && st == MST_OK)
        r->threshold = mst_sample_threshold(g, r->on_device ? sampled : NULL,
                                            (uint64_t)(r->o.filter_factor * g->n),
                                            r->o.filter_seed);
    r->t_fill = r->t_relabel = r->t_unite = r->t_reset = r->t_upload = r->t_download = 0;
    r->rounds = r->wl_first = r->wl_total = r->wl_max = 0;
    r->chunks = 0;
    uint32_t traced = 0; /* forest edges already traced (--trace) */
    if (st == MST_OK && r->use_csr && !r->resident)
        st = ecl_upload_csr(r);
    bool overlap = ecl_overlapped(r);
    float ms = 0;
    if (st == MST_OK && !overlap && !r->on_device)
        st = ecl_send(r);
    if (st == MST_OK)
        st = cuda_ok(cudaEventRecord(r->clock.all[0]), "cudaEventRecord");
    if (st == MST_OK)
        st = cuda_ok(cudaMemset(r->d_count, 0, 2 * sizeof(unsigned)), "cudaMemset");
    if (st == MST_OK && (st = step_begin(r, &r->t_fill)) == MST_OK) {
        k_init<<<r->grid, THREADS>>>(r->n, r->d_parent, r->d_best);
        st = step_end(r);
    }
    if (st == MST_OK && overlap && (st = cuda_ok(cudaEventRecord(r->init_end),
                                                 "cudaEventRecord")) == MST_OK)
        st = ecl_send(r);
    for (int pass = 0; st == MST_OK && pass < (r->filter ? 2 : 1); pass++) {
        uint32_t len = 0;
        if (!(overlap && pass == 0))
            st = ecl_fill(r, pass);
        if (st == MST_OK)
            st = read_count(r, &len);
        if (pass == 0)
            r->wl_first = len;
        while (st == MST_OK && len > 0) {
            r->rounds++;
            r->wl_total += len;
            r->wl_max = len > r->wl_max ? len : r->wl_max;
            if ((st = ecl_round(r, pass, len)) == MST_OK)
                st = cuda_trace_round(ph, r->d_out, r->d_count + 1, &traced);
            if (st == MST_OK)
                st = read_count(r, &len);
        }
    }
    if (st == MST_OK)
        st = cuda_event_ms(r->clock.all[0], r->clock.all[1], &ms);
    /* The kernel time in ms, once clock.all[1] is done: the whole span when the graph was on
     * the device before the kernels began; with the overlapped fill, the kernel stream's busy
     * time (k_init, every chunk's fill but the last, everything from the last chunk's fill on)
     * without its waits for chunks still on the wire. */
    if (st == MST_OK) {
        ms = 0;
        if (r->chunks == 0) {
            st = add_elapsed(r->clock.all[0], r->clock.all[1], &ms);
        } else {
            st = add_elapsed(r->clock.all[0], r->init_end, &ms);
            for (uint32_t c = 0; st == MST_OK && c + 1 < r->chunks; c++)
                st = add_elapsed(r->fill_begin[c], r->fill_end[c], &ms);
            if (st == MST_OK)
                st = add_elapsed(r->fill_begin[r->chunks - 1], r->clock.all[1], &ms);
        }
    }
    if (st == MST_OK && ph != NULL)
        ph->kernel_s = 1e-3 * ms;
    /* The forest's edge ids into out (transfer.cuh; the worklist d_next is free by now and
     * holds 16 bytes an edge, room for the widened ids); a matrix's count only: its caller
     * sends them back in order, with their entries. */
    if (st == MST_OK) {
        unsigned k = 0;
        double t0 = mst_now_s();
        st = cuda_ok(cudaMemcpy(&k, r->d_count + 1, sizeof(unsigned), cudaMemcpyDeviceToHost),
                     "cudaMemcpy");
        if (st == MST_OK && r->on_device)
            out->count = k;
        else if (st == MST_OK)
            st = cuda_forest_back(r->d_out, k, (unsigned long long *)r->d_next, out);
        r->t_download += mst_now_s() - t0;
    }
    if (st != MST_OK)
        return st;
    if (r->o.timed_phases) {
        if (r->t_upload > 0)
            mst_phase_add(ph, "upload", r->t_upload);
        mst_phase_add(ph, "fill", r->t_fill);
        mst_phase_add(ph, "relabel+min", r->t_relabel);
        mst_phase_add(ph, "union", r->t_unite);
        mst_phase_add(ph, "reset", r->t_reset);
        mst_phase_add(ph, "download", r->t_download);
        mst_phase_add(ph, "setup-once", r->o.xfer->setup_s);
    }
    mst_phase_count(ph, "rounds", r->rounds);
    mst_phase_count(ph, "worklist_first", r->wl_first); /* worklist sizes, in edges */
    mst_phase_count(ph, "worklist_max", r->wl_max);
    mst_phase_count(ph, "worklist_total", r->wl_total);
    mst_phase_count(ph, "filtered", (uint64_t)r->filter);
    return MST_OK;
}

mst_status cuda_ecl_mst(const mst_graph *g, const cuda_ecl_options *o, mst_forest *out,
                        mst_phases *ph)
{
    ecl_run r;
    mst_status st = ecl_init(&r, g, o);
    if (st == MST_OK)
        st = ecl_setup(&r);
    if (st == MST_OK)
        st = ecl_run_once(&r, g, out, ph);
    ecl_free(&r);
    return st;
}

/* A prepared topology: a run whose buffers, u, v and CSR stay on the device. */
struct cuda_ecl_state {
    ecl_run r;
};

mst_status cuda_ecl_prepare(const mst_graph *g, const cuda_ecl_options *o,
                            cuda_ecl_state **state, mst_phases *ph)
{
    cuda_ecl_state *s = (cuda_ecl_state *)mst_alloc(1, sizeof *s);
    *state = NULL;
    if (s == NULL)
        return MST_ERESOURCE;
    ecl_run *r = &s->r;
    double t0 = mst_now_s();
    mst_status st = ecl_init(r, g, o);
    r->pool = &r->own;
    r->resident = true; /* u and v go once, below: only the keys travel every round */
    if (st == MST_OK)
        st = ecl_setup(r);
    uint32_t *dst[] = {r->d_u, r->d_v};
    const uint32_t *src[] = {g->u, g->v};
    if (st == MST_OK)
        st = cuda_copy_edges(dst, src, 2, 0, g->m, r->copy);
    if (st == MST_OK)
        st = cuda_ok(cudaStreamSynchronize(r->copy), "cudaStreamSynchronize");
    if (st == MST_OK && r->use_csr)
        st = ecl_upload_csr(r);
    if (st != MST_OK) {
        cuda_ecl_release(s);
        return st;
    }
    mst_phase_add(ph, "prepare", mst_now_s() - t0);
    *state = s;
    return MST_OK;
}

mst_status cuda_ecl_solve_prepared(cuda_ecl_state *s, const mst_graph *g, mst_forest *out,
                                   mst_phases *ph)
{
    ecl_run *r = &s->r;
    if (g->n != r->n || g->m != r->m32)
        return mst_fail(MST_EINTERNAL, "internal error: mst-cuda prepared for n = %u, m = %u, "
                        "called with n = %u, m = %llu", r->n, r->m32, g->n,
                        (unsigned long long)g->m);
    return ecl_run_once(r, g, out, ph);
}

void cuda_ecl_release(cuda_ecl_state *s)
{
    if (s == NULL)
        return;
    ecl_free(&s->r);
    free(s);
}

/* Pass 1 or 2 of the matrix's reading (matrix_kernels.cuh) for its index type. */
static void launch_matrix(int pass, const mst_matrix *a, int grid, const void *indptr,
                          const void *indices, const void *data, const u64 *off, ecl_run *r,
                          u64 *entry, unsigned long long *stat, u64 *up)
{
    if (pass == 1 && a->wide)
        k_matrix_count<<<grid, THREADS>>>(a->n, (const int64_t *)indptr,
                                          (const int64_t *)indices, a->type, data, up, stat);
    else if (pass == 1)
        k_matrix_count<<<grid, THREADS>>>(a->n, (const int32_t *)indptr,
                                          (const int32_t *)indices, a->type, data, up, stat);
    else if (a->wide)
        k_matrix_pairs<<<grid, THREADS>>>(a->n, (const int64_t *)indptr,
                                          (const int64_t *)indices, a->type, data,
                                          a->maximum != 0, off, r->d_u, r->d_v, r->d_key,
                                          entry, stat);
    else
        k_matrix_pairs<<<grid, THREADS>>>(a->n, (const int32_t *)indptr,
                                          (const int32_t *)indices, a->type, data,
                                          a->maximum != 0, off, r->d_u, r->d_v, r->d_key,
                                          entry, stat);
}

mst_status cuda_ecl_mst_matrix(const mst_matrix *a, const cuda_ecl_options *o,
                               mst_matrix_forest *out, int *read, mst_phases *ph)
{
    *read = 0;
    if (o->csr || o->thread_only || o->both_directions || o->vertex_centric)
        return MST_OK; /* the CSR fills build their CSR from the host's graph */
    size_t isz = a->wide ? 8 : 4, wsz = mst_weight_is_wide(a->type) ? 8 : 4, temp = 0, sort = 0;
    uint64_t n1 = (uint64_t)a->n + 1, nnz = a->nnz, m = 0;
    unsigned long long stat[MATRIX_STATS] = {~0ull, 0, 0, 0}, *d_stat = NULL;
    void *d_indptr = NULL, *d_indices = NULL, *d_data = NULL, *d_temp = NULL;
    u64 *d_up = NULL, *d_off = NULL, *d_entry = NULL;
    uint32_t *d_ids = NULL; /* the forest's ids, sorted */
    dev_pool mp = {NULL, 0, 0};
    ecl_run r;
    memset(&r, 0, sizeof r);
    mst_graph h; /* the graph's header: its arrays are on the device */
    memset(&h, 0, sizeof h);
    h.n = a->n;
    int sms = 1;
    mst_status st = cuda_ok(cudaSetDevice(o->device), "cudaSetDevice");
    if (st == MST_OK)
        st = cuda_ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, o->device),
                     "cudaDeviceGetAttribute");
    int grid = sms * (2048 / THREADS);
    if (st == MST_OK)
        st = cuda_ok(cub::DeviceScan::ExclusiveSum(NULL, temp, d_up, d_off, n1),
                     "cub::DeviceScan::ExclusiveSum");
    if (st == MST_OK)
        st = cuda_ok(cub::DeviceRadixSort::SortKeys(NULL, sort, d_ids, d_ids, (int)a->n),
                     "cub::DeviceRadixSort::SortKeys");
    temp = temp > sort ? temp : sort;
    dev_part part[] = {{&d_indptr, n1 * isz},       {&d_indices, nnz * isz},
                       {&d_data, nnz * wsz},        {(void **)&d_up, n1 * 8},
                       {(void **)&d_off, n1 * 8},   {(void **)&d_entry, nnz * 8},
                       {(void **)&d_stat, sizeof stat}, {&d_temp, temp},
                       {(void **)&d_ids, n1 * 4}};
    if (st == MST_OK)
        st = dev_pool_carve(&mp, part, sizeof part / sizeof *part, NULL);

    /* The arrays as they are, then pass 1 and the scan of the rows' pairs: m. */
    const void *src[] = {a->indptr, a->indices, a->data};
    void *dst[] = {d_indptr, d_indices, d_data};
    size_t bytes[] = {n1 * isz, nnz * isz, nnz * wsz};
    cudaStream_t copy = NULL;
    if (st == MST_OK)
        st = cuda_copy_stream(o->xfer, &copy);
    if (st == MST_OK)
        st = cuda_send_staged(dst, src, bytes, 3, copy);
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(d_stat, stat, sizeof stat, cudaMemcpyHostToDevice),
                     "cudaMemcpy");
    if (st == MST_OK)
        st = cuda_ok(cudaMemset(d_up, 0, n1 * 8), "cudaMemset");
    if (st == MST_OK) {
        launch_matrix(1, a, grid, d_indptr, d_indices, d_data, NULL, NULL, NULL, d_stat, d_up);
        st = cuda_ok(cub::DeviceScan::ExclusiveSum(d_temp, temp, d_up, d_off, n1),
                     "cub::DeviceScan::ExclusiveSum");
    }
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(stat, d_stat, sizeof stat, cudaMemcpyDeviceToHost), "cudaMemcpy");
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpy(&m, d_off + a->n, 8, cudaMemcpyDeviceToHost), "cudaMemcpy");
    if (st != MST_OK || stat[MATRIX_BAD_ROW] != ~0ull || stat[MATRIX_HOST] != 0 ||
        m >= 0xFFFFFFFFull)
        goto done;

    /* Pass 2 into the worklist Borůvka's own u, v and key; then its rounds. */
    h.m = m;
    st = ecl_init(&r, &h, o);
    r.on_device = true;
    if (st == MST_OK)
        st = ecl_setup(&r);
    if (st == MST_OK) {
        launch_matrix(2, a, grid, d_indptr, d_indices, d_data, d_off, &r, d_entry, d_stat,
                      NULL);
        st = cuda_ok(cudaMemcpy(stat, d_stat, sizeof stat, cudaMemcpyDeviceToHost),
                     "cudaMemcpy");
    }
    if (st != MST_OK || stat[MATRIX_HOST] != 0 || stat[MATRIX_MIRRORS] != stat[MATRIX_BELOW])
        goto done;
    {
        /* The forest, sorted by id, with each edge's entry, row and key: 24 bytes an edge in
         * the worklists, free now. */
        mst_forest f = {out->eid, 0, out->capacity};
        st = ecl_run_once(&r, &h, &f, ph);
        uint32_t k = (uint32_t)f.count;
        u64 *d_eid = (u64 *)r.d_next, *d_position = d_eid + k;
        uint32_t *d_row = (uint32_t *)r.d_wl, *d_key = d_row + k;
        if (st == MST_OK && k > 0)
            st = cuda_ok(cub::DeviceRadixSort::SortKeys(d_temp, temp, r.d_out, d_ids, (int)k),
                         "cub::DeviceRadixSort::SortKeys");
        if (st == MST_OK && k > 0)
            k_matrix_forest<<<grid, THREADS>>>(d_ids, k, d_entry, r.d_u, r.d_key,
                                               a->maximum != 0, d_eid, d_position, d_row, d_key);
        void *to[] = {out->eid, out->position, out->row, out->key};
        const void *from[] = {d_eid, d_position, d_row, d_key};
        size_t size[] = {8, 8, 4, 4};
        for (int i = 0; i < 4 && st == MST_OK && k > 0; i++)
            st = cuda_ok(cudaMemcpy(to[i], from[i], k * size[i], cudaMemcpyDeviceToHost),
                         "cudaMemcpy (forest)");
        if (st == MST_OK) {
            out->count = k;
            *read = 1;
        }
    }
done:
    ecl_free(&r);
    dev_pool_free(&mp);
    return st;
}
