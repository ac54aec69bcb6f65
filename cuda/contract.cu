/* contract.cu: host driver of the contracting Borůvka on the GPU (see contract.h); the kernels
 * are in contract_kernels.cuh. */
#include "contract.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda/functional>
#include <thrust/iterator/transform_iterator.h>

#include "cuda_check.cuh"
#include "contract_kernels.cuh"
#include "ecl.h" /* cuda_device_name */
#include "transfer.cuh"

enum { PH_TRANSFER, PH_CSR, PH_MIN, PH_MIRRORS, PH_COLORS, PH_IDS, PH_CONTRACT, PH_COUNT };
static const char *const phase_name[PH_COUNT] = {"transfer", "csr",     "min-edge", "mirrors",
                                                 "colors",   "new-ids", "contract"};

/* One run: the graph and options, the device buffers (carved from one allocation), the
 * events and the statistics. All pointers start NULL; the buffers belong to the context's pool,
 * and only the clock is freed at the end. */
struct ct_run {
    const mst_graph *g;
    const cuda_contract_options *o;
    uint32_t n;         /* vertices of the current round's graph */
    u64 arcs;           /* its arcs (twice its edges) */
    size_t nv, nn, mm;  /* n, n + 1 and 2m, at least 1 */
    int grid, coop_grid; /* resident blocks: for grid-stride loops, for the cooperative kernel */
    /* every device buffer below lives in the context's pool (transfer.cuh) */
    uint32_t *d_u, *d_v, *d_key, *d_succ, *d_color, *d_forest, *d_flags;
    ct_arcs cur, next;  /* this round's graph and the contracted one, swapped every round */
    u64 *d_deg, *d_off, *d_best, *d_keys, *d_keys2, *d_vals2;
    ct_slot *d_slot;
    void *d_temp;       /* CUB's temporary storage, sized for the largest call */
    size_t temp_bytes;
    ct_stat *d_stat, *h_stat; /* h_stat: the context's page-locked record, read every round */
    cuda_clock clock;
    double seconds[PH_COUNT];
    uint64_t rounds, merged; /* merged: arcs merged away */
};

/* Blocks for a grid-stride loop over `items`: enough to cover them, at most the resident ones. */
static int blocks(const ct_run *r, u64 items)
{
    u64 b = (items + CT_THREADS - 1) / CT_THREADS;
    return b == 0 ? 1 : b < (u64)r->grid ? (int)b : r->grid;
}

/* The new-ids scan's input: every vertex's count, read as (count, count > 0). */
static thrust::transform_iterator<ct_to_slot, u64 *> slot_input(u64 *deg)
{
    return thrust::make_transform_iterator(deg, ct_to_slot());
}

/* Device attributes, buffers, the page-locked record and the events. Errors: MST_ERESOURCE. */
static mst_status ct_setup(ct_run *r)
{
    int dev = r->o->device, sms = 1, per_sm = 1;
    mst_status st = cuda_ok(cudaSetDevice(dev), "cudaSetDevice");
    if (st == MST_OK)
        st = cuda_ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev),
                     "cudaDeviceGetAttribute");
    if (st == MST_OK)
        st = cuda_ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k_colors, CT_THREADS,
                                                                   0),
                     "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    r->grid = sms * (2048 / CT_THREADS);
    r->coop_grid = sms * (per_sm > 0 ? per_sm : 1);
    /* The bytes of CUB's temporary storage for the largest call of the run (the queries only
     * look at the types and sizes, so the buffers need not exist yet). */
    if (st == MST_OK) {
        size_t bytes[4] = {0, 0, 0, 0};
        u64 *none = NULL;
        ct_slot *slots = NULL;
        cudaError_t err = cub::DeviceScan::ExclusiveSum(NULL, bytes[0], none, none, r->nn);
        if (err == cudaSuccess)
            err = cub::DeviceScan::ExclusiveScan(NULL, bytes[1], slot_input(none), slots,
                                                 ct_slot_sum(), ct_slot{0, 0}, r->nn);
        if (err == cudaSuccess && r->o->merge_parallel)
            err = cub::DeviceRadixSort::SortPairs(NULL, bytes[2], none, none, none, none,
                                                  (u64)r->mm);
        if (err == cudaSuccess && r->o->merge_parallel)
            err = cub::DeviceReduce::ReduceByKey(NULL, bytes[3], none, none, none, none, none,
                                                 cuda::minimum<u64>(), (u64)r->mm);
        for (int i = 0; i < 4; i++)
            r->temp_bytes = bytes[i] > r->temp_bytes ? bytes[i] : r->temp_bytes;
        st = cuda_ok(err, "CUB temporary storage size");
    }
    /* Every buffer, carved from the context's device pool (transfer.cuh). */
    size_t nv = r->nv, nn = r->nn, mm = r->mm, merge = r->o->merge_parallel ? mm : 0;
    dev_part part[] = {{(void **)&r->d_u, mm / 2 * 4 + 4}, {(void **)&r->d_v, mm / 2 * 4 + 4},
                       {(void **)&r->d_key, mm / 2 * 4 + 4}, {(void **)&r->cur.src, mm * 4},
                       {(void **)&r->cur.adj, mm * 4}, {(void **)&r->cur.ki, mm * 8},
                       {(void **)&r->next.src, mm * 4}, {(void **)&r->next.adj, mm * 4},
                       {(void **)&r->next.ki, mm * 8}, {(void **)&r->d_deg, nn * 8},
                       {(void **)&r->d_off, nn * 8}, {(void **)&r->d_slot, nn * sizeof(ct_slot)},
                       {(void **)&r->d_best, nv * 8}, {(void **)&r->d_succ, nv * 4},
                       {(void **)&r->d_color, nv * 4}, {(void **)&r->d_forest, nv * 4},
                       {(void **)&r->d_flags, CT_STEP_FLAGS * 4},
                       {(void **)&r->d_stat, sizeof(ct_stat)}, {(void **)&r->d_keys, merge * 8},
                       {(void **)&r->d_keys2, merge * 8}, {(void **)&r->d_vals2, merge * 8},
                       {&r->d_temp, r->temp_bytes}};
    if (st == MST_OK) {
        double grow = 0;
        st = dev_pool_carve(&r->o->xfer->pool, part, sizeof part / sizeof *part, &grow);
        r->o->xfer->setup_s += grow;
    }
    /* The record the host reads every round, page-locked (a copy from it takes half the time
     * of one from pageable memory) and allocated once per context: allocating and freeing it
     * costs more than a small solve. */
    if (st == MST_OK)
        st = cuda_record(r->o->xfer, sizeof(ct_stat), (void **)&r->h_stat);
    if (st == MST_OK)
        memset(r->h_stat, 0, sizeof(ct_stat));
    if (st == MST_OK)
        st = cuda_clock_init(&r->clock, r->o->timed_phases);
    return st;
}

/* A step whose kernel time goes to phase p (cuda_check.cuh). */
static mst_status step_begin(ct_run *r, int p)
{
    return cuda_step_begin(&r->clock, &r->seconds[p]);
}

static mst_status step_end(ct_run *r, mst_status st)
{
    return cuda_step_end(&r->clock, st);
}

/* Clears the counters and minima and builds the first CSR from the edge list: degrees, their
 * exclusive sum, then both arcs of every edge at their rows' cursors ("csr"). */
static mst_status ct_build_csr(ct_run *r)
{
    u64 m = r->g->m;
    int grid = blocks(r, m);
    mst_status st = step_begin(r, PH_CSR);
    if (st == MST_OK)
        st = cuda_ok(cudaMemsetAsync(r->d_deg, 0, r->nn * 8), "cudaMemsetAsync");
    if (st == MST_OK)
        st = cuda_ok(cudaMemsetAsync(r->d_best, 0xFF, r->nv * 8), "cudaMemsetAsync");
    if (st == MST_OK)
        st = cuda_ok(cudaMemsetAsync(r->d_flags, 0, CT_STEP_FLAGS * 4), "cudaMemsetAsync");
    if (st == MST_OK)
        st = cuda_ok(cudaMemsetAsync(r->d_stat, 0, sizeof(ct_stat)), "cudaMemsetAsync");
    if (st != MST_OK)
        return st;
    k_csr_count<<<grid, CT_THREADS>>>(r->d_u, r->d_v, m, r->d_deg);
    st = cuda_ok(cub::DeviceScan::ExclusiveSum(r->d_temp, r->temp_bytes, r->d_deg, r->d_off,
                                               r->nn),
                 "cub::DeviceScan::ExclusiveSum");
    if (st == MST_OK)
        k_csr_fill<<<grid, CT_THREADS>>>(r->d_u, r->d_v, r->d_key, m, r->d_off, r->d_deg,
                                         r->cur);
    return step_end(r, st);
}

/* Steps 1-3 of a round: successors, roots and forest edges, colors. */
static mst_status ct_components(ct_run *r)
{
    u64 len = r->arcs;
    uint32_t n = r->n;
    mst_status st = step_begin(r, PH_MIN);
    if (st == MST_OK) {
        k_min_arc<<<blocks(r, len), CT_THREADS>>>(r->cur, len, r->d_best);
        k_successor<<<blocks(r, len), CT_THREADS>>>(r->cur, len, r->d_best, r->d_succ);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_MIRRORS)) == MST_OK) {
        k_mirrors<<<blocks(r, n), CT_THREADS>>>(n, r->d_best, r->d_succ, r->d_color,
                                                r->d_forest, r->d_stat);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_COLORS)) == MST_OK) {
        int grid = blocks(r, n) < r->coop_grid ? blocks(r, n) : r->coop_grid;
        void *args[] = {&n, &r->d_color, &r->d_flags, &r->d_stat};
        st = step_end(r, cuda_ok(cudaLaunchCooperativeKernel((void *)k_colors, dim3(grid),
                                                             dim3(CT_THREADS), args, 0, 0),
                                 "cudaLaunchCooperativeKernel"));
    }
    return st;
}

/* Merging parallel arcs: the (row << bits | far end, ki) pairs are radix sorted by key, the
 * lightest ki of each key kept, and the keys unpacked into the contracted arcs. */
static mst_status ct_merge(ct_run *r, u64 len, int bits)
{
    mst_status st = cuda_ok(cub::DeviceRadixSort::SortPairs(r->d_temp, r->temp_bytes, r->d_keys,
                                                            r->d_keys2, r->next.ki, r->d_vals2,
                                                            len, 0, 2 * bits),
                            "cub::DeviceRadixSort::SortPairs");
    if (st == MST_OK)
        st = cuda_ok(cub::DeviceReduce::ReduceByKey(r->d_temp, r->temp_bytes, r->d_keys2,
                                                    r->d_keys, r->d_vals2, r->next.ki,
                                                    &r->d_stat->runs, cuda::minimum<u64>(), len),
                     "cub::DeviceReduce::ReduceByKey");
    if (st == MST_OK)
        k_unpack<<<blocks(r, len), CT_THREADS>>>(r->d_keys, bits, r->next, r->d_stat);
    return st;
}

/* Steps 4-5 of a round: count, new ids and row offsets, insert (and merge). */
static mst_status ct_contract(ct_run *r)
{
    u64 len = r->arcs;
    uint32_t n = r->n;
    int grid = blocks(r, len), merge = r->o->merge_parallel;
    int bits = 32 - __builtin_clz(n); /* n <= 2^bits - 1: the sentinel key exceeds every key */
    mst_status st = step_begin(r, PH_CONTRACT);
    if (st == MST_OK) {
        k_count<<<grid, CT_THREADS>>>(r->cur, len, r->d_color, r->d_deg);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_IDS)) == MST_OK)
        st = step_end(r, cuda_ok(cub::DeviceScan::ExclusiveScan(r->d_temp, r->temp_bytes,
                                                                slot_input(r->d_deg), r->d_slot,
                                                                ct_slot_sum(), ct_slot{0, 0},
                                                                (size_t)n + 1),
                                 "cub::DeviceScan::ExclusiveScan"));
    if (st != MST_OK || (st = step_begin(r, PH_CONTRACT)) != MST_OK)
        return st;
    if (!merge) {
        k_insert<false><<<grid, CT_THREADS>>>(r->cur, len, n, r->d_color, r->d_deg, r->d_slot,
                                              r->next, NULL, 0, r->d_stat);
        return step_end(r, st);
    }
    /* The places the insert leaves unused keep the sentinel key. */
    st = cuda_ok(cudaMemsetAsync(r->d_keys, 0xFF, len * 8), "cudaMemsetAsync");
    if (st == MST_OK) {
        k_insert<true><<<grid, CT_THREADS>>>(r->cur, len, n, r->d_color, r->d_deg, r->d_slot,
                                             r->next, r->d_keys, bits, r->d_stat);
        st = ct_merge(r, len, bits);
    }
    return step_end(r, st);
}

/* One round, then the host reads the round's record and moves to the contracted graph. A
 * round that does not shrink the graph, or pointer jumping that ran out of pass flags, is a
 * broken invariant: MST_EINTERNAL. */
static mst_status ct_round(ct_run *r, mst_phases *ph)
{
    r->rounds++;
    mst_phase_round(ph, r->n, r->arcs / 2);
    mst_status st = ct_components(r);
    if (st == MST_OK)
        st = ct_contract(r);
    if (st == MST_OK)
        st = cuda_ok(cudaMemcpyAsync(r->h_stat, r->d_stat, sizeof(ct_stat),
                                     cudaMemcpyDeviceToHost),
                     "cudaMemcpyAsync");
    if (st == MST_OK)
        st = cuda_ok(cudaStreamSynchronize(0), "cudaStreamSynchronize");
    if (st != MST_OK)
        return st;
    const ct_stat *s = r->h_stat;
    if (s->overflow || s->n_next >= r->n || s->arcs_next >= r->arcs)
        return mst_fail(MST_EINTERNAL, "internal error: mst-cuda --algo contract: round %llu "
                        "went from %u vertices and %llu arcs to %u and %llu%s",
                        (unsigned long long)r->rounds, r->n, (unsigned long long)r->arcs,
                        s->n_next, (unsigned long long)s->arcs_next,
                        s->overflow ? " (pointer jumping did not converge)" : "");
    r->merged += s->arcs_unmerged - s->arcs_next;
    r->n = s->n_next;
    r->arcs = s->arcs_next;
    ct_arcs t = r->cur;
    r->cur = r->next;
    r->next = t;
    return MST_OK;
}

mst_status cuda_contract_mst(const mst_graph *g, const cuda_contract_options *o,
                             mst_forest *out, mst_phases *ph)
{
    if (g->m >= 0xFFFFFFFFull)
        return mst_fail(MST_ERESOURCE,
                        "mst-cuda packs (key, id) into 64 bits: m must be below 2^32 (m = %llu)",
                        (unsigned long long)g->m);
    ct_run r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.o = o;
    r.nv = g->n > 0 ? g->n : 1;
    r.nn = (size_t)g->n + 1;
    r.mm = g->m > 0 ? 2 * g->m : 1;
    mst_status st = ct_setup(&r);
    /* The canonical edge list to the device, from page-locked memory where the context's
     * owner registered it ("transfer"; the kernels after it on the same stream wait for it). */
    const uint32_t *host[] = {g->u, g->v, g->key};
    uint32_t *dev[] = {r.d_u, r.d_v, r.d_key};
    if (st == MST_OK && (st = step_begin(&r, PH_TRANSFER)) == MST_OK)
        st = step_end(&r, cuda_copy_edges(dev, host, 3, 0, g->m, 0));
    /* The kernels: the CSR, then rounds until no arc is left. */
    float ms = 0;
    if (st == MST_OK)
        st = cuda_ok(cudaEventRecord(r.clock.all[0]), "cudaEventRecord");
    if (st == MST_OK)
        st = ct_build_csr(&r);
    r.n = g->n;
    r.arcs = 2 * g->m;
    uint32_t traced = 0; /* forest edges already traced (--trace) */
    while (st == MST_OK && r.arcs > 0)
        if ((st = ct_round(&r, ph)) == MST_OK)
            st = cuda_trace_round(ph, r.d_forest, &r.d_stat->forest, &traced);
    if (st == MST_OK)
        st = cuda_event_ms(r.clock.all[0], r.clock.all[1], &ms);
    if (st == MST_OK && ph != NULL)
        ph->kernel_s = 1e-3 * ms;
    /* The forest's edge ids into out (transfer.cuh; the contracted arcs' order words, 8 bytes
     * an arc, are free by now). */
    if (st == MST_OK)
        st = cuda_forest_back(r.d_forest, r.h_stat->forest, (u64 *)r.next.ki, out);
    if (st == MST_OK) {
        for (int i = 0; o->timed_phases && i < PH_COUNT; i++)
            mst_phase_add(ph, phase_name[i], r.seconds[i]);
        if (o->timed_phases)
            mst_phase_add(ph, "setup-once", o->xfer->setup_s);
        mst_phase_count(ph, "rounds", r.rounds);
        /* Every round's last pass only finds that nothing changes: count the passes that
         * did. */
        mst_phase_count(ph, "color-steps", r.h_stat->color_steps - r.rounds);
        mst_phase_count(ph, "merged-parallel", r.merged);
    }
    cuda_clock_free(&r.clock);
    return st;
}
