/* dense.cu: the host driver of the dense-matrix Borůvka (see dense.h; kernels in
 * dense_kernels.cuh). */
#include "dense.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.cuh"
#include "dense_kernels.cuh"
#include "core.h"
#include "transfer.cuh"

uint64_t cuda_dense_matrix_bytes(uint64_t n)
{
    return n > CUDA_DENSE_MAX_N ? UINT64_MAX : n * n * 8;
}

/* The kernel phases of a solve, in the order --phases lists them. */
enum { PH_FILL, PH_MIN_ROW, PH_ADD_EDGE, PH_REBUILD, PH_FOLD, PH_COUNT };
static const char *const phase_name[PH_COUNT] = {"fill", "min-row", "add-edge", "rebuild",
                                                  "fold"};

/* One run: the graph and options, the device buffers and the statistics. Pointers start NULL
 * and dense_free() frees what is set. A plain solve carves its buffers from its context's pool;
 * a prepared state (--rounds) owns its pool and keeps u and v on the device between rounds. */
struct dense_run {
    const mst_graph *g;
    cuda_dense_options o;    /* a copy: a prepared state outlives the caller's options */
    uint32_t n, m32;
    size_t nn, mm;           /* n and m, at least 1 (cudaMalloc of 0 bytes is not portable) */
    bool resident;           /* u and v are on the device already: send the keys only */
    int grid;
    dev_pool own, *pool;     /* own: a prepared state's pool; pool: where the buffers live */
    u64 *d_mat, *d_best;
    uint32_t *d_u, *d_v, *d_key, *d_parent, *d_comp, *d_rows, *d_next, *d_out;
    unsigned *d_count;       /* [0] next round's rows, [1] forest edges, [2] broken invariant */
    cuda_clock clock;
    double seconds[PH_COUNT], t_upload, t_download;
    uint64_t rounds, rows_scanned;
    uint32_t round_rows[MST_MAX_ROUNDS];
};

static void dense_free(dense_run *r)
{
    dev_pool_free(&r->own);
    cuda_clock_free(&r->clock);
}

/* The run of g with options o (before setup). Errors: MST_ERESOURCE for m >= 2^32 - 1. */
static mst_status dense_init(dense_run *r, const mst_graph *g, const cuda_dense_options *o)
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
    r->pool = &o->xfer->pool;
    return MST_OK;
}

/* Picks the device, checks that everything fits, carves the buffers from the pool, creates the
 * events. Errors: MST_ERESOURCE. */
static mst_status dense_setup(dense_run *r)
{
    size_t nn = r->nn, mm = r->mm;
    uint64_t matrix = cuda_dense_matrix_bytes(r->n);
    int sms = 1;
    mst_status st = cuda_ok(cudaSetDevice(r->o.device), "cudaSetDevice");
    if (st == MST_OK)
        st = cuda_ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, r->o.device),
                     "cudaDeviceGetAttribute");
    r->grid = sms * (2048 / THREADS);
    dev_part part[] = {{(void **)&r->d_u, mm * 4}, {(void **)&r->d_v, mm * 4},
                       {(void **)&r->d_key, mm * 4}, {(void **)&r->d_parent, nn * 4},
                       {(void **)&r->d_comp, nn * 4}, {(void **)&r->d_rows, nn * 4},
                       {(void **)&r->d_next, nn * 4}, {(void **)&r->d_out, nn * 4},
                       {(void **)&r->d_best, nn * 8}, {(void **)&r->d_count, 3 * 4},
                       {(void **)&r->d_mat, matrix}};
    const size_t parts = sizeof part / sizeof *part;
    uint64_t other = 0;
    for (size_t i = 0; i + 1 < parts; i++)
        other += dev_part_round(part[i].bytes);
    /* Refuses, before allocating, a matrix and arrays that do not fit in the device memory
     * free for the run: what the device has free plus what the context's pool of the plain
     * solves holds there (a plain solve carves it anew; a prepared state, which owns its pool,
     * makes the context's pool give its memory back when it needs it, since the harness's
     * one-shot trials before prepare() may have left a matrix of the same size in it). */
    const double gib = 1024.0 * 1024.0 * 1024.0;
    dev_pool *shared = &r->o.xfer->pool;
    size_t free_b = 0, total_b = 0;
    if (st == MST_OK)
        st = cuda_ok(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    if (st != MST_OK)
        return st;
    uint64_t avail = free_b;
    if (shared->base != NULL && shared->device == r->o.device)
        avail += shared->bytes;
    double need = (double)r->n * (double)r->n * 8.0 / gib;
    if (matrix == UINT64_MAX || matrix > avail)
        return mst_fail(MST_ERESOURCE, "dense: the %u x %u matrix needs %.1f GiB, the GPU has "
                        "%.1f GiB free", r->n, r->n, need, (double)avail / gib);
    if (other > avail - matrix)
        return mst_fail(MST_ERESOURCE, "dense: the %u x %u matrix needs %.1f GiB and its edge "
                        "and vertex arrays %.1f GiB more, the GPU has %.1f GiB free", r->n, r->n,
                        need, (double)other / gib, (double)avail / gib);
    if (r->pool != shared && matrix + other > free_b)
        dev_pool_free(shared);
    double grow = 0;
    if (st == MST_OK)
        st = dev_pool_carve(r->pool, part, parts, &grow);
    r->o.xfer->setup_s += grow;
    if (st == MST_OK)
        st = cuda_clock_init(&r->clock, r->o.timed_phases);
    return st;
}

/* A step whose kernel time goes to phase p (cuda_check.cuh). */
static mst_status step_begin(dense_run *r, int p)
{
    return cuda_step_begin(&r->clock, &r->seconds[p]);
}

static mst_status step_end(dense_run *r, mst_status st)
{
    return cuda_step_end(&r->clock, st);
}

/* Clears the counters, makes every vertex a component and a row, and builds the matrix from
 * the edge list ("fill"). */
static mst_status dense_fill(dense_run *r)
{
    mst_status st = step_begin(r, PH_FILL);
    if (st == MST_OK)
        st = cuda_ok(cudaMemsetAsync(r->d_count, 0, 3 * 4), "cudaMemsetAsync");
    if (st == MST_OK && r->n > 0)
        st = cuda_ok(cudaMemsetAsync(r->d_mat, 0xFF, cuda_dense_matrix_bytes(r->n)),
                     "cudaMemsetAsync");
    if (st == MST_OK) {
        k_dense_init<<<r->grid, THREADS>>>(r->n, r->d_parent, r->d_comp, r->d_rows);
        k_dense_fill<<<r->grid, THREADS>>>(r->d_u, r->d_v, r->d_key, r->m32, r->n, r->d_mat);
    }
    return step_end(r, st);
}

/* One Borůvka round on the k rows d_rows[0..k): min-row, add-edge, rebuild, fold (which lists
 * the next round's rows in d_next); the row lists then swap. */
static mst_status dense_round(dense_run *r, uint32_t k)
{
    int grid = r->grid;
    mst_status st = step_begin(r, PH_MIN_ROW);
    if (st == MST_OK) {
        k_dense_min_row<<<grid, THREADS>>>(r->d_rows, k, r->d_mat, r->n, r->d_comp, r->d_best);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_ADD_EDGE)) == MST_OK) {
        k_dense_add_edge<<<grid, THREADS>>>(r->d_rows, k, r->d_best, r->d_u, r->d_v, r->d_comp,
                                            r->d_parent, r->d_out, r->d_count + 1,
                                            r->d_count + 2);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_REBUILD)) == MST_OK) {
        k_dense_rebuild<<<grid, THREADS>>>(r->n, r->d_parent, r->d_comp);
        st = step_end(r, st);
    }
    if (st == MST_OK && (st = step_begin(r, PH_FOLD)) == MST_OK) {
        st = cuda_ok(cudaMemsetAsync(r->d_count, 0, 4), "cudaMemsetAsync");
        if (st == MST_OK)
            k_dense_fold<<<grid, THREADS>>>(r->d_rows, k, r->d_comp, r->d_best, r->d_mat, r->n,
                                            r->d_next, r->d_count);
        st = step_end(r, st);
    }
    uint32_t *t = r->d_rows;
    r->d_rows = r->d_next;
    r->d_next = t;
    return st;
}

/* One solve of a set-up run: this round's keys, the kernels, the forest, the counters. */
static mst_status dense_run_once(dense_run *r, const mst_graph *g, mst_forest *out,
                                 mst_phases *ph)
{
    /* Per solve: the graph with this round's keys, cleared statistics. */
    r->g = g;
    memset(r->seconds, 0, sizeof r->seconds);
    r->t_upload = r->t_download = 0;
    r->rounds = r->rows_scanned = 0;
    /* Sends the edge list (the keys only when u and v are resident) on the kernel stream, from
     * page-locked memory; with timed phases the host waits for it ("upload"). */
    const uint32_t *src[] = {g->key, g->u, g->v};
    uint32_t *dst[] = {r->d_key, r->d_u, r->d_v};
    double t0 = mst_now_s();
    mst_status st = cuda_copy_edges(dst, src, r->resident ? 1 : 3, 0, g->m, 0);
    if (st == MST_OK && r->o.timed_phases) {
        st = cuda_ok(cudaStreamSynchronize(0), "cudaStreamSynchronize");
        r->t_upload += mst_now_s() - t0;
    }
    /* The kernels: the matrix, then rounds until no component has an edge leaving it. Every
     * round at least halves the rows that have one, so more rounds than MST_MAX_ROUNDS is a
     * broken invariant. */
    float ms = 0;
    uint32_t k = r->n, traced = 0; /* traced: forest edges already traced (--trace) */
    if (st == MST_OK)
        st = cuda_ok(cudaEventRecord(r->clock.all[0]), "cudaEventRecord");
    if (st == MST_OK)
        st = dense_fill(r);
    while (st == MST_OK && k > 0) {
        if (r->rounds == MST_MAX_ROUNDS)
            return mst_fail(MST_EINTERNAL, "internal error: dense: %u components still grow "
                            "after %d rounds", k, MST_MAX_ROUNDS);
        r->round_rows[r->rounds++] = k;
        r->rows_scanned += k;
        unsigned c = 0; /* the next round's row count, d_count[0] */
        if ((st = dense_round(r, k)) == MST_OK)
            st = cuda_trace_round(ph, r->d_out, r->d_count + 1, &traced);
        if (st == MST_OK)
            st = cuda_ok(cudaMemcpy(&c, r->d_count, sizeof c, cudaMemcpyDeviceToHost),
                         "cudaMemcpy");
        k = c;
    }
    if (st == MST_OK)
        st = cuda_event_ms(r->clock.all[0], r->clock.all[1], &ms);
    if (st == MST_OK && ph != NULL)
        ph->kernel_s = 1e-3 * ms;
    /* The forest's edge ids into out (transfer.cuh; the minima d_best are free by now and hold
     * 8 bytes a vertex, room for the widened ids); MST_EINTERNAL when add-edge found an edge
     * outside its component. */
    if (st == MST_OK) {
        unsigned c[3] = {0, 0, 0};
        t0 = mst_now_s();
        st = cuda_ok(cudaMemcpy(c, r->d_count, sizeof c, cudaMemcpyDeviceToHost), "cudaMemcpy");
        if (st == MST_OK && c[2] != 0)
            return mst_fail(MST_EINTERNAL, "internal error: dense: a component's lightest "
                            "matrix entry has neither end in the component");
        if (st == MST_OK)
            st = cuda_forest_back(r->d_out, c[1], r->d_best, out);
        r->t_download += mst_now_s() - t0;
    }
    if (st != MST_OK)
        return st;
    if (r->o.timed_phases) {
        mst_phase_add(ph, "upload", r->t_upload);
        for (int i = 0; i < PH_COUNT; i++)
            mst_phase_add(ph, phase_name[i], r->seconds[i]);
        mst_phase_add(ph, "download", r->t_download);
        mst_phase_add(ph, "setup-once", r->o.xfer->setup_s);
    }
    mst_phase_count(ph, "rounds", r->rounds);
    mst_phase_count(ph, "rows_scanned", r->rows_scanned);
    for (uint64_t i = 0; i < r->rounds; i++)
        mst_phase_round(ph, r->round_rows[i], (uint64_t)r->round_rows[i] * r->n);
    return MST_OK;
}

mst_status cuda_dense_mst(const mst_graph *g, const cuda_dense_options *o, mst_forest *out,
                          mst_phases *ph)
{
    dense_run r;
    mst_status st = dense_init(&r, g, o);
    if (st == MST_OK)
        st = dense_setup(&r);
    if (st == MST_OK)
        st = dense_run_once(&r, g, out, ph);
    dense_free(&r);
    return st;
}

/* A prepared topology: a run whose buffers, u and v stay on the device. */
struct cuda_dense_state {
    dense_run r;
};

mst_status cuda_dense_prepare(const mst_graph *g, const cuda_dense_options *o,
                              cuda_dense_state **state, mst_phases *ph)
{
    cuda_dense_state *s = (cuda_dense_state *)mst_alloc(1, sizeof *s);
    *state = NULL;
    if (s == NULL)
        return MST_ERESOURCE;
    dense_run *r = &s->r;
    double t0 = mst_now_s();
    mst_status st = dense_init(r, g, o);
    r->pool = &r->own;
    r->resident = true; /* u and v go once, below: only the keys travel every round */
    if (st == MST_OK)
        st = dense_setup(r);
    uint32_t *dst[] = {r->d_u, r->d_v};
    const uint32_t *src[] = {g->u, g->v};
    if (st == MST_OK)
        st = cuda_copy_edges(dst, src, 2, 0, g->m, 0);
    if (st == MST_OK)
        st = cuda_ok(cudaStreamSynchronize(0), "cudaStreamSynchronize");
    if (st != MST_OK) {
        cuda_dense_release(s);
        return st;
    }
    mst_phase_add(ph, "prepare", mst_now_s() - t0);
    *state = s;
    return MST_OK;
}

mst_status cuda_dense_solve_prepared(cuda_dense_state *s, const mst_graph *g, mst_forest *out,
                                     mst_phases *ph)
{
    dense_run *r = &s->r;
    if (g->n != r->n || g->m != r->m32)
        return mst_fail(MST_EINTERNAL, "internal error: dense prepared for n = %u, m = %u, "
                        "called with n = %u, m = %llu", r->n, r->m32, g->n,
                        (unsigned long long)g->m);
    return dense_run_once(r, g, out, ph);
}

void cuda_dense_release(cuda_dense_state *s)
{
    if (s == NULL)
        return;
    dense_free(&s->r);
    free(s);
}
