/*
 * solver.cu: mst-cuda, worklist Borůvka on the GPU in the style of ECL-MST (ecl.h). The switches
 * after --csr-init are the ablations of ECL-MST's Table 5 (Fallin et al., SC 2023); each gives
 * the same edges. (Designated initializers below follow the members' order, as C++ requires.)
 */
#include <stddef.h>
#include <stdio.h>

#include "ecl.h"
#include "harness.h"

/* mst-cuda's own options. */
typedef struct cuda_cli {
    cuda_ecl_options ecl;
    uint64_t device;
    int no_guard, no_implicit_compression;
} cuda_cli;

static cuda_cli cli;

#define FLAG(opt, member, value, text)                                                         \
    {.name = opt, .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, member), .help = text,    \
     .flag = value}

/* Filtering defaults measured on an H200 (docs/results.md): a light pass of about n edges,
 * whenever the graph has at least 2n edges (ECL-MST: 4n, from average degree 4). */
static const mst_option options[] = {
    {.name = "--device", .kind = MST_OPT_UINT, .offset = offsetof(cuda_cli, device), .def = "0",
     .metavar = "D", .help = "CUDA device number", .max = 1024},
    {.name = "--filter", .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, ecl.filter),
     .def = "-1", .help = "first process the ~K n lightest edges (default: when m >= 2n)",
     .flag = 1},
    {.name = "--no-filter", .kind = MST_OPT_FLAG, .offset = offsetof(cuda_cli, ecl.filter),
     .def = "-1", .help = "never filter", .flag = 0},
    {.name = "--filter-factor", .kind = MST_OPT_REAL, .offset = offsetof(cuda_cli,
     ecl.filter_factor), .def = "1", .metavar = "K",
     .help = "light edges per vertex for filtering (ECL-MST uses 4)", .max = 1000000},
    FLAG("--csr-init", ecl.csr, 1, "fill the first worklist from the CSR like ECL-MST (thread\n"
         "per low-degree vertex, warp per higher degree, block per hub)"),
    FLAG("--no-guard", no_guard, 1, "atomicMin without reading first (ablation)"),
    FLAG("--no-implicit-compression", no_implicit_compression, 1,
         "keep endpoints, not representatives, in the worklist (ablation)"),
    FLAG("--thread-only", ecl.thread_only, 1, "CSR fill with one thread per vertex (ablation)"),
    FLAG("--both-directions", ecl.both_directions, 1,
         "CSR fill with each edge twice, once per direction (ablation)"),
    FLAG("--vertex-centric", ecl.vertex_centric, 1,
         "every round refills the worklist from the CSR (ablation)"),
    {0},
};

static void context(const mst_options *o, mst_run_context *c)
{
    (void)o;
    if (cuda_device_name((int)cli.device, c->device, sizeof c->device) != MST_OK)
        snprintf(c->device, sizeof c->device, "no CUDA device");
}

static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    char name[128];
    mst_status st = cuda_device_name((int)cli.device, name, sizeof name);
    if (st != MST_OK)
        return st;
    cli.ecl.device = (int)cli.device;
    cli.ecl.guard = !cli.no_guard;
    cli.ecl.implicit_compression = !cli.no_implicit_compression;
    cli.ecl.timed_phases = o->phases;
    return cuda_ecl_mst(g, &cli.ecl, out, ph);
}

static const mst_variant variants[] = {
    {"ecl", "worklist Boruvka without explicit path compression (Fallin et al. 2023)", solve},
    {0},
};

/* m <= 2^32 - 2: the limit of cuda_ecl_mst's own check (ecl.cu). */
static uint64_t max_edges(const char *algo)
{
    (void)algo;
    return MST_PACKED_MAX_EDGES - 1;
}

extern "C" const mst_solver_desc mst_solver_cuda = {
    .program = "mst-cuda",
    .description = "CUDA worklist Boruvka without explicit path compression (ECL-MST style)",
    .parallelism = "gpu",
    .variants = variants,
    .options = options,
    .option_values = &cli,
    .context = context,
    .max_edges = max_edges,
};
