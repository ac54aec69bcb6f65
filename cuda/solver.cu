/*
 * solver.cu: mst-cuda, Borůvka on the GPU: worklist Borůvka in the style of ECL-MST (ecl.h,
 * the default), Borůvka with explicit graph contraction (contract.h) and the recursive Borůvka
 * built from CUB primitives (primitives.h). The filter options apply to ecl and primitives; the
 * switches after --csr-init apply to ecl: the ablations of ECL-MST's Table 5 (Fallin et al.,
 * SC 2023); each gives the same edges. --merge-parallel applies to contract. (Designated
 * initializers below follow the members' order, as C++ requires.)
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "cuda_check.cuh"
#include "dense.h"
#include "ecl.h"
#include "solver.h"
#include "hybrid.h"
#include "primitives.h"
#include "transfer.cuh"

/* mst-cuda's own options. */
typedef struct cuda_cli {
    cuda_ecl_options ecl;
    uint64_t device;
    int no_guard, no_implicit_compression;
    int merge_parallel;
    uint64_t core_threshold;
} cuda_cli;

#define FLAG(opt, member, value, text)                                                         \
    {.name = opt, .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, member), .help = text,    \
     .flag = value}

/* Filtering defaults, from the measurements in docs/results.md: a light pass of about n edges,
 * whenever the graph has at least 2n edges (ECL-MST: 4n, from average degree 4). */
static const mst_option options[] = {
    {.name = "--device", .kind = MST_OPT_UINT, .offset = offsetof(cuda_cli, device), .def = "0",
     .metavar = "D", .help = "CUDA device number", .max = 1024},
    {.name = "--filter", .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, ecl.filter),
     .def = "-1", .help = "ecl, primitives: first process the ~K n lightest edges\n"
             "(default: when m >= 2n)",
     .flag = 1},
    {.name = "--no-filter", .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, ecl.filter),
     .def = "-1", .help = "ecl, primitives: never filter", .flag = 0},
    {.name = "--filter-factor", .kind = MST_OPT_REAL, .offset = offsetof(cuda_cli,
     ecl.filter_factor), .def = "1", .metavar = "K",
     .help = "ecl, primitives: light edges per vertex for filtering\n(ECL-MST uses 4)",
     .max = 1000000},
    {.name = "--filter-seed", .kind = MST_OPT_UINT, .offset = offsetof(cuda_cli,
     ecl.filter_seed), .def = "0", .metavar = "S",
     .help = "ecl, primitives: filtering's threshold sample: 0 evenly spread\n"
             "edges, S > 0 edges drawn from seed S"},
    FLAG("--csr-init", ecl.csr, 1, "ecl: fill the first worklist from the CSR like ECL-MST\n"
         "(thread per low-degree vertex, warp per higher degree, block per hub)"),
    FLAG("--no-guard", no_guard, 1, "ecl: atomicMin without reading first (ablation)"),
    FLAG("--no-implicit-compression", no_implicit_compression, 1,
         "ecl: keep endpoints, not representatives, in the worklist (ablation)"),
    FLAG("--thread-only", ecl.thread_only, 1,
         "ecl: CSR fill with one thread per vertex (ablation)"),
    FLAG("--both-directions", ecl.both_directions, 1,
         "ecl: CSR fill with each edge twice, once per direction (ablation)"),
    FLAG("--vertex-centric", ecl.vertex_centric, 1,
         "ecl: every round refills the worklist from the CSR (ablation)"),
    FLAG("--merge-parallel", merge_parallel, 1, "contract: also merge the parallel arcs between\n"
         "two super-vertices, keeping the lightest (default off)"),
    FLAG("--no-merge-parallel", merge_parallel, 0, "contract: keep parallel arcs (default)"),
    {.name = "--core-threshold", .kind = MST_OPT_UINT, .offset = offsetof(cuda_cli,
     core_threshold), .def = "0", .metavar = "K",
     .help = "hybrid: vertices of core number >= K form the dense parts\n"
             "(0: 8, the measured default)", .max = UINT32_MAX},
    {0},
};

/* The run's own options (mst_options.own). */
static const cuda_cli *own(const mst_options *o)
{
    return (const cuda_cli *)o->own;
}

static void context(const mst_options *o, mst_run_context *c)
{
    if (cuda_device_name((int)own(o)->device, c->device, sizeof c->device) != MST_OK)
        snprintf(c->device, sizeof c->device, "no GPU");
}

/*
 * The transfer contexts (transfer.cuh). mst-cuda's whole process has one, set up by init (which
 * only the executable calls): its solves register the harness's graph and forest arrays, which
 * stay allocated until finalize, once for all trials and rounds, and share its pool and stream.
 * In libmst `process` stays NULL: a plain solve has a context of its own, released before it
 * returns, which registers nothing (the caller's graph may be solved by other threads at once
 * and freed at any time after; registering it would cost about what the pinned copy saves,
 * docs/gpu-transfers.md), and a prepared state has one for its lifetime, which registers the
 * keys array that libmst rewrites in place every solve. Every libmst call leaves the calling
 * thread's current device as it found it.
 */
static cuda_xfer process_xfer;
static cuda_xfer *process;

static mst_status init(int *argc, char ***argv, const void *own_options)
{
    (void)argc, (void)argv, (void)own_options;
    process = &process_xfer;
    return MST_OK;
}

static void finalize(void)
{
    if (process != NULL)
        cuda_xfer_release(process);
}

/* libmst: the calling thread's current device, to restore (-1: none, or in mst-cuda); clears
 * the thread's last CUDA error, which an earlier failed call may have left for the launch
 * checks (cuda_check.cuh) to find. */
static int current_device(void)
{
    int d = -1;
    if (process != NULL)
        return -1;
    if (cudaGetDevice(&d) != cudaSuccess)
        d = -1;
    cudaGetLastError();
    return d;
}

static void restore_device(int d)
{
    if (d >= 0 && cudaSetDevice(d) != cudaSuccess)
        cudaGetLastError();
}

/* mst-cuda: registers g's arrays a solve sends (and out's, unless NULL) with the process. */
static void pin_process(const mst_graph *g, const mst_forest *out)
{
    const uint32_t *host[] = {g->u, g->v, g->key};
    for (int i = 0; process != NULL && i < 3; i++)
        cuda_pin(process, host[i], g->m * 4);
    if (process != NULL && out != NULL)
        cuda_pin(process, out->eid, out->capacity * sizeof *out->eid);
}

/* A variant's plain solve in the context x. */
typedef mst_status (*run_fn)(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                             mst_forest *out, mst_phases *ph);

/* One plain solve of `run` in the process's context (with the arrays registered where the
 * variant sends them: `sends`, all but hybrid, whose parts have contexts of their own) or, in
 * libmst, in one of the call's own. */
static mst_status plain(run_fn run, bool sends, const mst_graph *g, const mst_options *o,
                        mst_forest *out, mst_phases *ph)
{
    cuda_xfer call;
    memset(&call, 0, sizeof call);
    int before = current_device();
    if (sends)
        pin_process(g, out);
    mst_status st = run(g, o, process != NULL ? process : &call, out, ph);
    cuda_xfer_release(&call);
    restore_device(before);
    return st;
}

/* A prepared state (--rounds, libmst's prepared graphs): the variant's, its device and, in
 * libmst, the context it keeps. Its later calls may come from another thread, or one whose
 * current device libmst restored: they select the state's device first. */
typedef struct prepared {
    cuda_xfer own;
    void *inner;
    int device;
} prepared;

/* A variant's prepare in the context x (*inner NULL on failure). */
typedef mst_status (*prepare_fn)(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                                 void **inner, mst_phases *ph);

/* Prepares with `prep` into a new prepared state *state (NULL on failure); `sends` as for
 * plain(). */
static mst_status prepare_with(prepare_fn prep, bool sends, const mst_graph *g,
                               const mst_options *o, void **state, mst_phases *ph)
{
    prepared *p = (prepared *)calloc(1, sizeof *p);
    *state = NULL;
    if (p == NULL)
        return mst_fail(MST_ERESOURCE, "out of memory");
    int before = current_device();
    cuda_xfer *x = process != NULL ? process : &p->own;
    p->device = (int)own(o)->device;
    if (sends)
        pin_process(g, NULL);
    mst_status st = prep(g, o, x, &p->inner, ph);
    if (st == MST_OK && sends && process == NULL)
        cuda_pin(x, g->key, g->m * 4);
    if (st != MST_OK) {
        cuda_xfer_release(&p->own);
        free(p);
    } else {
        *state = p;
    }
    restore_device(before);
    return st;
}

/* The variant's solve_prepared on the state's inner one. */
typedef mst_status (*again_fn)(void *inner, const mst_graph *g, mst_forest *out,
                               mst_phases *ph);

static mst_status again_with(again_fn again, bool sends, void *state, const mst_graph *g,
                             mst_forest *out, mst_phases *ph)
{
    prepared *p = (prepared *)state;
    int before = current_device();
    mst_status st = cuda_ok(cudaSetDevice(p->device), "cudaSetDevice");
    if (st == MST_OK && sends)
        pin_process(g, out);
    if (st == MST_OK)
        st = again(p->inner, g, out, ph);
    restore_device(before);
    return st;
}

static void release_with(void (*release)(void *), void *state)
{
    prepared *p = (prepared *)state;
    if (p == NULL)
        return;
    int before = current_device();
    if (cudaSetDevice(p->device) != cudaSuccess)
        cudaGetLastError();
    release(p->inner);
    cuda_xfer_release(&p->own);
    free(p);
    restore_device(before);
}

/* The ecl options of a run into *e, from its own options and the harness's, in context x.
 * Errors: MST_ERESOURCE (no such device). */
static mst_status ecl_options(const mst_options *o, cuda_xfer *x, cuda_ecl_options *e)
{
    const cuda_cli *cli = own(o);
    *e = cli->ecl;
    e->device = (int)cli->device;
    e->guard = !cli->no_guard;
    e->implicit_compression = !cli->no_implicit_compression;
    e->timed_phases = o->phases;
    e->xfer = x;
    return cuda_device_name(e->device, NULL, 0);
}

/* --algo ecl, with --rounds: the topology stays on the device (ecl.h). */
static mst_status run_ecl(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                          mst_forest *out, mst_phases *ph)
{
    cuda_ecl_options e;
    mst_status st = ecl_options(o, x, &e);
    return st != MST_OK ? st : cuda_ecl_mst(g, &e, out, ph);
}

static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    return plain(run_ecl, true, g, o, out, ph);
}

/* libmst's msf_solve_csr: the matrix read on the device, in a context of the call's own. */
static mst_status solve_matrix(const mst_matrix *a, const mst_options *o, mst_matrix_forest *out,
                               int *read, mst_phases *ph)
{
    cuda_xfer call;
    cuda_ecl_options e;
    memset(&call, 0, sizeof call);
    int before = current_device();
    mst_status st = ecl_options(o, process != NULL ? process : &call, &e);
    if (st == MST_OK)
        st = cuda_ecl_mst_matrix(a, &e, out, read, ph);
    cuda_xfer_release(&call);
    restore_device(before);
    return st;
}

static mst_status prep_ecl(const mst_graph *g, const mst_options *o, cuda_xfer *x, void **inner,
                           mst_phases *ph)
{
    cuda_ecl_options e;
    mst_status st = ecl_options(o, x, &e);
    return st != MST_OK ? st : cuda_ecl_prepare(g, &e, (cuda_ecl_state **)inner, ph);
}

static void release_ecl(void *inner)
{
    cuda_ecl_release((cuda_ecl_state *)inner);
}

static mst_status again_ecl(void *inner, const mst_graph *g, mst_forest *out, mst_phases *ph)
{
    return cuda_ecl_solve_prepared((cuda_ecl_state *)inner, g, out, ph);
}

static mst_status prepare(const mst_graph *g, const mst_options *o, void **state,
                          mst_phases *ph)
{
    return prepare_with(prep_ecl, true, g, o, state, ph);
}

static mst_status solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                 mst_forest *out, mst_phases *ph)
{
    (void)o;
    return again_with(again_ecl, true, state, g, out, ph);
}

static void release(void *state)
{
    release_with(release_ecl, state);
}

/* --algo contract. */
static mst_status run_contract(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                               mst_forest *out, mst_phases *ph)
{
    const cuda_cli *cli = own(o);
    mst_status st = cuda_device_name((int)cli->device, NULL, 0);
    if (st != MST_OK)
        return st;
    cuda_contract_options co = {(int)cli->device, cli->merge_parallel, o->phases, x};
    return cuda_contract_mst(g, &co, out, ph);
}

static mst_status solve_contract(const mst_graph *g, const mst_options *o, mst_forest *out,
                                 mst_phases *ph)
{
    return plain(run_contract, true, g, o, out, ph);
}

/* --algo primitives. */
static mst_status run_primitives(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                                 mst_forest *out, mst_phases *ph)
{
    const cuda_cli *cli = own(o);
    cuda_prim_options po = {(int)cli->device, cli->ecl.filter, cli->ecl.filter_factor,
                            cli->ecl.filter_seed, o->phases, x};
    return cuda_primitives_mst(g, &po, out, ph);
}

static mst_status solve_primitives(const mst_graph *g, const mst_options *o, mst_forest *out,
                                   mst_phases *ph)
{
    return plain(run_primitives, true, g, o, out, ph);
}

/* --algo dense, with --rounds: u and v stay on the device, the matrix is rebuilt (dense.h). */
static mst_status dense_options(const mst_options *o, cuda_xfer *x, cuda_dense_options *d)
{
    d->device = (int)own(o)->device;
    d->timed_phases = o->phases;
    d->xfer = x;
    return cuda_device_name(d->device, NULL, 0);
}

static mst_status run_dense(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                            mst_forest *out, mst_phases *ph)
{
    cuda_dense_options d;
    mst_status st = dense_options(o, x, &d);
    return st != MST_OK ? st : cuda_dense_mst(g, &d, out, ph);
}

static mst_status solve_dense(const mst_graph *g, const mst_options *o, mst_forest *out,
                              mst_phases *ph)
{
    return plain(run_dense, true, g, o, out, ph);
}

static mst_status prep_dense(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                             void **inner, mst_phases *ph)
{
    cuda_dense_options d;
    mst_status st = dense_options(o, x, &d);
    return st != MST_OK ? st : cuda_dense_prepare(g, &d, (cuda_dense_state **)inner, ph);
}

static void release_dense_inner(void *inner)
{
    cuda_dense_release((cuda_dense_state *)inner);
}

static mst_status again_dense(void *inner, const mst_graph *g, mst_forest *out, mst_phases *ph)
{
    return cuda_dense_solve_prepared((cuda_dense_state *)inner, g, out, ph);
}

static mst_status prepare_dense(const mst_graph *g, const mst_options *o, void **state,
                                mst_phases *ph)
{
    return prepare_with(prep_dense, true, g, o, state, ph);
}

static mst_status solve_prepared_dense(void *state, const mst_graph *g, const mst_options *o,
                                       mst_forest *out, mst_phases *ph)
{
    (void)o;
    return again_with(again_dense, true, state, g, out, ph);
}

static void release_dense(void *state)
{
    release_with(release_dense_inner, state);
}

/* --algo hybrid (hybrid.h): its GPU parts take the ecl options *e (read by prepare only; each
 * part has a transfer context of its own, hybrid_gpu.cu); T is OpenMP's default. */
static mst_status hybrid_opts(const mst_options *o, cuda_xfer *x, hybrid_options *h,
                              cuda_ecl_options *e)
{
    memset(h, 0, sizeof *h);
    h->gpu = hybrid_gpu_kinds(&h->gpu_kinds);
    h->gpu_ctx = e;
    h->core_threshold = (uint32_t)own(o)->core_threshold;
    return ecl_options(o, x, e);
}

static mst_status run_hybrid(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                             mst_forest *out, mst_phases *ph)
{
    hybrid_options h;
    cuda_ecl_options e;
    mst_status st = hybrid_opts(o, x, &h, &e);
    return st != MST_OK ? st : hybrid_mst(g, &h, out, ph);
}

static mst_status solve_hybrid(const mst_graph *g, const mst_options *o, mst_forest *out,
                               mst_phases *ph)
{
    return plain(run_hybrid, false, g, o, out, ph);
}

static mst_status prep_hybrid(const mst_graph *g, const mst_options *o, cuda_xfer *x,
                              void **inner, mst_phases *ph)
{
    hybrid_options h;
    cuda_ecl_options e;
    mst_status st = hybrid_opts(o, x, &h, &e);
    return st != MST_OK ? st : hybrid_prepare(g, &h, (hybrid_state **)inner, ph);
}

static void release_hybrid_inner(void *inner)
{
    hybrid_release((hybrid_state *)inner);
}

static mst_status again_hybrid(void *inner, const mst_graph *g, mst_forest *out,
                               mst_phases *ph)
{
    return hybrid_solve_prepared((hybrid_state *)inner, g, out, ph);
}

static mst_status prepare_hybrid(const mst_graph *g, const mst_options *o, void **state,
                                 mst_phases *ph)
{
    return prepare_with(prep_hybrid, false, g, o, state, ph);
}

static mst_status solve_prepared_hybrid(void *state, const mst_graph *g, const mst_options *o,
                                        mst_forest *out, mst_phases *ph)
{
    (void)o;
    return again_with(again_hybrid, false, state, g, out, ph);
}

static void release_hybrid(void *state)
{
    release_with(release_hybrid_inner, state);
}

static const mst_variant variants[] = {
    {.name = "ecl",
     .help = "worklist Boruvka without explicit path compression (Fallin et al. 2023)",
     .solve = solve,
     .prepare = prepare,
     .solve_prepared = solve_prepared,
     .release = release,
     .solve_matrix = solve_matrix},
    {.name = "contract",
     .help = "Boruvka contracting the CSR every round (Sousa, Mariano, Proenca 2015)",
     .solve = solve_contract},
    {.name = "primitives",
     .help = "recursive Boruvka from CUB primitives (Vineet et al. 2009)",
     .solve = solve_primitives},
    {.name = "dense",
     .help = "Boruvka on the n x n adjacency matrix, a warp per row (Ma and Wan)",
     .solve = solve_dense,
     .prepare = prepare_dense,
     .solve_prepared = solve_prepared_dense,
     .release = release_dense},
    {.name = "hybrid",
     .help = "k-core parts on the GPU and the CPU at once, then the MSF of their forests "
             "(Ma and Wan)",
     .solve = solve_hybrid,
     .prepare = prepare_hybrid,
     .solve_prepared = solve_prepared_hybrid,
     .release = release_hybrid},
    {0},
};

/* The limits of the solve functions' own checks: m <= 2^32 - 2 (ecl.cu, contract.cu), and
 * CUB's 32-bit item counts over the 2m arcs for primitives (primitives.cu). */
static uint64_t max_edges(const char *algo)
{
    if (strcmp(algo, "primitives") == 0)
        return CUDA_PRIM_MAX_EDGES;
    return MST_PACKED_MAX_EDGES - 1;
}

extern "C" const mst_solver_desc mst_solver_cuda = {
    .program = "mst-cuda",
    .description = "Boruvka on the GPU (CUDA): ECL-MST's worklists, CSR contraction or CUB "
                   "primitives",
    .parallelism = "gpu",
    .variants = variants,
    .options = options,
    .options_size = sizeof(cuda_cli),
    .init = init,
    .context = context,
    .finalize = finalize,
    .max_edges = max_edges,
};
