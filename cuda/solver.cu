/*
 * solver.cu: mst-cuda, worklist Borůvka on the GPU in the style of ECL-MST (ecl.h).
 * Options: --device D (harness), --filter/--no-filter, --filter-factor K, --csr-init, and the
 * ablation switches of the paper's Table 5: --no-guard, --no-implicit-compression,
 * --thread-only, --both-directions, --vertex-centric (the last three imply the CSR fill).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ecl.h"
#include "solver.h"

static const char *const algos[] = {"ecl", NULL};

extern "C" const mst_solver_info mst_solver = {
    "mst-cuda",
    "CUDA worklist Boruvka without explicit path compression (ECL-MST style)",
    algos,
    "  --filter, --no-filter  first process the ~K n lightest edges (default: when m >= 2n)\n"
    "  --filter-factor K   light edges per vertex for filtering (default 1; ECL-MST uses 4)\n"
    "  --no-guard          atomicMin without reading first (ablation)\n"
    "  --no-implicit-compression  keep endpoints, not representatives, in the worklist\n"
    "  --csr-init          fill the first worklist from the CSR like ECL-MST (thread per\n"
    "                      low-degree vertex, warp per higher degree, block per hub)\n"
    "  --thread-only       CSR fill with one thread per vertex (ablation)\n"
    "  --both-directions   CSR fill with each edge twice, once per direction (ablation)\n"
    "  --vertex-centric    every round refills the worklist from the CSR (ablation)\n"
    "                      (the ablations of ECL-MST's Table 5; each gives the same edges)\n",
};

/* Filtering defaults measured on an H200 (README, Results): a light pass of about n edges,
 * whenever the graph has at least 2n edges (ECL-MST: 4n, from average degree 4). */
static cuda_ecl_options opts = {0, -1, 1.0, 1, 1, 0, 0, 0, 0, 0};

extern "C" mst_status mst_solver_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return MST_OK;
}

extern "C" mst_status mst_solver_option(const char *name, const char *value, int *used_value)
{
    *used_value = 0;
    if (strcmp(name, "--filter") == 0)
        opts.filter = 1;
    else if (strcmp(name, "--no-filter") == 0)
        opts.filter = 0;
    else if (strcmp(name, "--no-guard") == 0)
        opts.guard = 0;
    else if (strcmp(name, "--no-implicit-compression") == 0)
        opts.implicit_compression = 0;
    else if (strcmp(name, "--csr-init") == 0)
        opts.csr = 1;
    else if (strcmp(name, "--thread-only") == 0)
        opts.thread_only = 1;
    else if (strcmp(name, "--both-directions") == 0)
        opts.both_directions = 1;
    else if (strcmp(name, "--vertex-centric") == 0)
        opts.vertex_centric = 1;
    else if (strcmp(name, "--filter-factor") == 0) {
        if (mst_cli_parse_positive(name, value, 1e6, &opts.filter_factor) != 0)
            return MST_EUSAGE;
        *used_value = 1;
    } else
        return mst_fail(MST_EUSAGE, "unknown option '%s'", name);
    return MST_OK;
}

extern "C" void mst_solver_context(const mst_options *o, mst_run_context *c)
{
    c->threads = 1;
    c->ranks = 1;
    if (cuda_device_name(o->device, c->device, sizeof c->device) != MST_OK)
        snprintf(c->device, sizeof c->device, "no CUDA device");
}

extern "C" mst_status mst_solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                                mst_phases *ph)
{
    char name[128];
    mst_status st = cuda_device_name(o->device, name, sizeof name);
    if (st != MST_OK)
        return st;
    opts.device = o->device;
    opts.timed_phases = o->phases;
    return cuda_ecl_mst(g, &opts, out, ph);
}

extern "C" void mst_solver_finalize(void)
{
}
