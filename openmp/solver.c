/*
 * solver.c: mst-omp, OpenMP Borůvka: edge-centric with a concurrent union-find (boruvka.h), or
 * with explicit graph contraction (contract.h).
 */
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "boruvka.h"
#include "cli.h"
#include "contract.h"
#include "harness.h"
#include "wait.h"

/* mst-omp's own options. */
typedef struct par_cli {
    par_boruvka_options b;
    par_contract_options c;
    uint64_t threads;  /* 0: all cores (OMP_NUM_THREADS) */
    omp_sched_t sched; /* edge loops' schedule */
    int chunk;         /* its chunk (0: the schedule's default) */
} par_cli;

static par_cli cli;

static const char *const dsu_names[] = {"waitfree", "lock", "half", "full", "plain", NULL};

/* --schedule KIND[,CHUNK] into the par_cli (the field is the whole struct). */
static mst_status parse_schedule(const char *option, const char *value, void *field)
{
    static const char *const kinds[] = {"static", "dynamic", "guided"};
    static const omp_sched_t kind_of[] = {omp_sched_static, omp_sched_dynamic, omp_sched_guided};
    par_cli *c = field;
    const char *comma = strchr(value, ',');
    size_t len = comma ? (size_t)(comma - value) : strlen(value);
    uint64_t chunk = 0;
    int k = 0;
    while (k < 3 && !(strlen(kinds[k]) == len && strncmp(value, kinds[k], len) == 0))
        k++;
    if (k == 3)
        return mst_fail(MST_EUSAGE, "option %s: '%.*s' is not static, dynamic or guided", option,
                        (int)len, value);
    if (comma && mst_cli_parse_count(option, comma + 1, 1u << 30, &chunk) != 0)
        return mst_fail(MST_EUSAGE, "option %s: bad chunk in '%s'", option, value);
    c->sched = kind_of[k];
    c->chunk = (int)chunk;
    return MST_OK;
}

/* Defaults measured on the device machine's 16 cores (docs/results.md): dynamic scheduling of
 * 2048-edge blocks balances hubs; a light first pass of about n edges filters best. */
static const mst_option options[] = {
    {.name = "--threads", .alias = "-t", .kind = MST_OPT_COUNT, .max = 4096,
     .offset = offsetof(par_cli, threads), .metavar = "N",
     .help = "threads (default: OMP_NUM_THREADS or all cores)"},
    {.name = "--dsu", .kind = MST_OPT_CHOICE, .choices = dsu_names, .def = "waitfree",
     .offset = offsetof(par_cli, b.dsu), .metavar = "D",
     .help = "union-find: waitfree (Anderson-Woll), lock, half, full, plain"},
    {.name = "--schedule", .kind = MST_OPT_CUSTOM, .parse = parse_schedule, .def = "dynamic",
     .offset = 0, .metavar = "S",
     .help = "edge loops: static, dynamic or guided, with ',chunk'\n"
             "(loop iterations are blocks of 2048 edges)"},
    {.name = "--filter", .kind = MST_OPT_FLAG, .flag = 1, .def = "-1",
     .offset = offsetof(par_cli, b.filter),
     .help = "first process the ~K n lightest edges (default: when m >= 2n)"},
    {.name = "--no-filter", .kind = MST_OPT_FLAG, .flag = 0, .def = "-1",
     .offset = offsetof(par_cli, b.filter), .help = "never filter"},
    {.name = "--filter-factor", .kind = MST_OPT_REAL, .max = 1000000, .def = "1",
     .offset = offsetof(par_cli, b.filter_factor), .metavar = "K",
     .help = "light edges per vertex for filtering (ECL-MST uses 4)"},
    {.name = "--merge-parallel", .kind = MST_OPT_FLAG, .flag = 1, .def = "0",
     .offset = offsetof(par_cli, c.merge_parallel),
     .help = "contract: keep only the lightest arc between two super-vertices"},
    {.name = "--no-merge-parallel", .kind = MST_OPT_FLAG, .flag = 0, .def = "0",
     .offset = offsetof(par_cli, c.merge_parallel),
     .help = "contract: keep parallel arcs (default)"},
    {0},
};

/* After option parsing, before the load: bounded barrier spinning on a busy machine first (it
 * re-executes the program once, wait.h), then -t, so that the load runs with the solver's team
 * too (docs/formats.md, Loading speed). */
static mst_status init(int *argc, char ***argv)
{
    mst_status st = par_wait_init(argc, argv, (int)cli.threads);
    if (st != MST_OK)
        return st;
    if (cli.threads > 0)
        omp_set_num_threads((int)cli.threads);
    return MST_OK;
}

static void context(const mst_options *o, mst_run_context *c)
{
    (void)o;
    c->threads = cli.threads > 0 ? (int)cli.threads : omp_get_max_threads();
}

/* The team and schedule of every solve, from -t and --schedule. */
static void set_team(void)
{
    if (cli.threads > 0)
        omp_set_num_threads((int)cli.threads);
    omp_set_schedule(cli.sched, cli.chunk);
}

static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    (void)o;
    set_team();
    return par_boruvka(g, &cli.b, out, ph);
}

static mst_status prepare(const mst_graph *g, const mst_options *o, void **state,
                          mst_phases *ph)
{
    (void)o;
    set_team();
    return par_boruvka_prepare(g, &cli.b, (par_boruvka_ws **)state, ph);
}

static mst_status solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                 mst_forest *out, mst_phases *ph)
{
    (void)o;
    set_team();
    return par_boruvka_run(state, g, out, ph);
}

static void release(void *state)
{
    par_boruvka_release(state);
}

static mst_status solve_contract(const mst_graph *g, const mst_options *o, mst_forest *out,
                                 mst_phases *ph)
{
    set_team();
    return par_contract(g, &cli.c, o->phases, out, ph);
}

static mst_status prepare_contract(const mst_graph *g, const mst_options *o, void **state,
                                   mst_phases *ph)
{
    (void)o;
    set_team();
    return par_contract_prepare(g, &cli.c, (par_contract_ws **)state, ph);
}

static mst_status solve_prepared_contract(void *state, const mst_graph *g,
                                          const mst_options *o, mst_forest *out,
                                          mst_phases *ph)
{
    set_team();
    return par_contract_run(state, g, o->phases, out, ph);
}

static void release_contract(void *state)
{
    par_contract_release(state);
}

static const mst_variant variants[] = {
    {.name = "boruvka",
     .help = "edge-centric Boruvka rounds over a compacted worklist (ECL-MST's on the CPU)",
     .solve = solve,
     .prepare = prepare,
     .solve_prepared = solve_prepared,
     .release = release},
    {.name = "contract",
     .help = "Boruvka rounds contracting a CSR: min edge, mirrors, colors, new ids, "
             "contraction (Sousa et al. 2015)",
     .solve = solve_contract,
     .prepare = prepare_contract,
     .solve_prepared = solve_prepared_contract,
     .release = release_contract},
    {0},
};

const mst_solver_desc mst_solver_openmp = {
    .program = "mst-omp",
    .description = "OpenMP Boruvka: edge-centric with a wait-free (Anderson-Woll) union-find, "
                   "or contracting a CSR",
    .parallelism = "threads",
    .variants = variants,
    .options = options,
    .option_values = &cli,
    .init = init,
    .context = context,
    .max_edges = mst_packed_max_edges,
};
