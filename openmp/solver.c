/*
 * solver.c: mst-omp, OpenMP Borůvka: edge-centric with a concurrent union-find (boruvka.h), or
 * with explicit graph contraction (contract.h).
 */
#include <dirent.h>
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "boruvka.h"
#include "contract.h"
#include "solver.h"

/* mst-omp's own options: each algorithm's; -t fills both teams (configure). */
typedef struct par_cli {
    par_boruvka_options b;
    par_contract_options c;
    int asked; /* the team before configure cut it to the idle cores */
} par_cli;

static const char *const dsu_names[] = {"waitfree", "lock", "half", "full", "plain", NULL};

/* --schedule KIND[,CHUNK] into the par_boruvka_options (the field is the whole struct). */
static mst_status parse_schedule(const char *option, const char *value, void *field)
{
    static const char *const kinds[] = {"static", "dynamic", "guided"};
    static const omp_sched_t kind_of[] = {omp_sched_static, omp_sched_dynamic, omp_sched_guided};
    par_boruvka_options *b = field;
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
    b->schedule = kind_of[k];
    b->chunk = (int)chunk;
    return MST_OK;
}

/* Defaults from the measurements in docs/omp-tuning.md: dynamic scheduling of 2048-edge blocks
 * balances hubs; a light first pass of about n edges filters best. */
static const mst_option options[] = {
    {.name = "--threads", .alias = "-t", .kind = MST_OPT_COUNT, .max = 4096,
     .offset = offsetof(par_cli, b.threads), .metavar = "N",
     .help = "threads (default: OMP_NUM_THREADS or all cores; fewer on a busy\n"
             "machine, docs/omp-tuning.md)"},
    {.name = "--dsu", .kind = MST_OPT_CHOICE, .choices = dsu_names, .def = "waitfree",
     .offset = offsetof(par_cli, b.dsu), .metavar = "D",
     .help = "union-find: waitfree (Anderson-Woll), lock, half, full, plain"},
    {.name = "--schedule", .kind = MST_OPT_CUSTOM, .parse = parse_schedule, .def = "dynamic",
     .offset = offsetof(par_cli, b), .metavar = "S",
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
    {.name = "--filter-seed", .kind = MST_OPT_UINT, .def = "0",
     .offset = offsetof(par_cli, b.filter_seed), .metavar = "S",
     .help = "filtering's threshold sample: 0 evenly spread edges, S > 0\n"
             "edges drawn from seed S"},
    {.name = "--merge-parallel", .kind = MST_OPT_FLAG, .flag = 1, .def = "0",
     .offset = offsetof(par_cli, c.merge_parallel),
     .help = "contract: keep only the lightest arc between two super-vertices"},
    {.name = "--no-merge-parallel", .kind = MST_OPT_FLAG, .flag = 0, .def = "0",
     .offset = offsetof(par_cli, c.merge_parallel),
     .help = "contract: keep parallel arcs (default)"},
    {0},
};

/* Whether the task of /proc/DIR/stat ("pid (comm) S ...": comm may hold spaces) is running. */
static int task_running(const char *dir)
{
    char path[64], stat[256];
    snprintf(path, sizeof path, "/proc/%.40s/stat", dir);
    FILE *f = fopen(path, "r");
    const char *state = f != NULL && fgets(stat, sizeof stat, f) != NULL ? strrchr(stat, ')')
                                                                          : NULL;
    if (f != NULL)
        fclose(f);
    return state != NULL && state[1] == ' ' && state[2] == 'R';
}

/* Runnable tasks of other processes right now: /proc/stat's procs_running less this process's
 * own running threads (the OpenMP pool spins for a while after a parallel region), and where
 * some are left, less the running processes that read its standard output or error from a
 * pipe: the next commands of a shell pipeline, which start as this one does (a Python reader
 * takes longer than the looks) and then wait for its output. 0 where /proc cannot be read. */
static long others_running(void)
{
    FILE *f = fopen("/proc/stat", "r");
    char line[256], dir[64], out[2][64], in[64];
    long running = 0, own = 0, self = (long)getpid();
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "procs_running %ld", &running) == 1)
            break;
    if (f != NULL)
        fclose(f);
    DIR *d = opendir("/proc/self/task");
    for (struct dirent *t; d != NULL && (t = readdir(d)) != NULL;) {
        snprintf(dir, sizeof dir, "self/task/%.20s", t->d_name);
        own += t->d_name[0] != '.' && task_running(dir);
    }
    if (d != NULL)
        closedir(d);
    for (int fd = 1; fd <= 2; fd++) { /* "pipe:[inode]", or "" */
        snprintf(dir, sizeof dir, "/proc/self/fd/%d", fd);
        ssize_t k = running > own ? readlink(dir, out[fd - 1], sizeof out[0] - 1) : 0;
        out[fd - 1][k > 0 ? k : 0] = '\0';
        if (strncmp(out[fd - 1], "pipe:", 5) != 0)
            out[fd - 1][0] = '\0';
    }
    d = out[0][0] || out[1][0] ? opendir("/proc") : NULL;
    for (struct dirent *p; d != NULL && (p = readdir(d)) != NULL;) {
        if (p->d_name[0] < '1' || p->d_name[0] > '9' || atol(p->d_name) == self ||
            !task_running(p->d_name))
            continue;
        snprintf(dir, sizeof dir, "/proc/%.20s/fd/0", p->d_name);
        ssize_t k = readlink(dir, in, sizeof in - 1);
        in[k > 0 ? k : 0] = '\0';
        own += in[0] != '\0' && (strcmp(in, out[0]) == 0 || strcmp(in, out[1]) == 0);
    }
    if (d != NULL)
        closedir(d);
    return running > own ? running - own : 0;
}

/* The descriptor's configure hook: the team of every solve of the run. OpenMP barriers spin
 * (libgomp: 300,000 iterations before a waiting thread sleeps, read from the environment once,
 * when the runtime starts), so on a machine whose cores are taken by other work a descheduled
 * thread makes its whole team spin through its time slices at every barrier. Unless the user
 * set OMP_WAIT_POLICY or GOMP_SPINCOUNT, a team larger than the cores that other processes
 * leave idle is cut to them (at least one thread). Up to three looks 1 ms apart, the fewest
 * other tasks counting: a task runnable for a moment (a kernel worker, a process exiting) is
 * no busy machine, and an idle machine pays one look (docs/omp-tuning.md). */
static mst_status configure(void *own)
{
    par_cli *c = own;
    long team = par_team(c->b.threads), cpus = sysconf(_SC_NPROCESSORS_ONLN);
    c->asked = (int)team;
    if (team > 1 && cpus > 0 && getenv("OMP_WAIT_POLICY") == NULL &&
        getenv("GOMP_SPINCOUNT") == NULL) {
        long others = others_running();
        for (int look = 1; look < 3 && others + team > cpus; look++) {
            nanosleep(&(struct timespec){0, 1000000L}, NULL);
            long now = others_running();
            others = now < others ? now : others;
        }
        if (others + team > cpus)
            team = cpus - others > 1 ? cpus - others : 1;
    }
    c->b.threads = c->c.threads = (uint64_t)team;
    return MST_OK;
}

/* The executable's init hook: the load runs on the team asked for (docs/formats.md, Loading
 * speed); configure, called after the load, may then cut the solves' team on a busy machine.
 * libmst never calls it. */
static mst_status init(int *argc, char ***argv, const void *own)
{
    (void)argc;
    (void)argv;
    omp_set_num_threads((int)((const par_cli *)own)->b.threads);
    return MST_OK;
}

/* The executable's context hook, once the trials ran: says when configure cut the team (after
 * the run, so that an error before it stays one line). */
static void context(const mst_options *o, mst_run_context *c)
{
    const par_cli *p = o->own;
    c->threads = (int)p->b.threads;
    if ((int)p->b.threads < p->asked)
        fprintf(stderr, "mst-omp: note: %d thread%s, not %d: the other cores are busy (set "
                "OMP_WAIT_POLICY to keep %d)\n", (int)p->b.threads,
                p->b.threads == 1 ? "" : "s", p->asked, p->asked);
}

static mst_status solve(const mst_graph *g, const mst_options *o, mst_forest *out,
                        mst_phases *ph)
{
    return par_boruvka(g, &((const par_cli *)o->own)->b, out, ph);
}

static mst_status prepare(const mst_graph *g, const mst_options *o, void **state,
                          mst_phases *ph)
{
    return par_boruvka_prepare(g, &((const par_cli *)o->own)->b, (par_boruvka_ws **)state, ph);
}

static mst_status solve_prepared(void *state, const mst_graph *g, const mst_options *o,
                                 mst_forest *out, mst_phases *ph)
{
    (void)o;
    return par_boruvka_run(state, g, out, ph);
}

static void release(void *state)
{
    par_boruvka_release(state);
}

static mst_status solve_contract(const mst_graph *g, const mst_options *o, mst_forest *out,
                                 mst_phases *ph)
{
    return par_contract(g, &((const par_cli *)o->own)->c, o->phases, out, ph);
}

static mst_status prepare_contract(const mst_graph *g, const mst_options *o, void **state,
                                   mst_phases *ph)
{
    return par_contract_prepare(g, &((const par_cli *)o->own)->c, (par_contract_ws **)state,
                                ph);
}

static mst_status solve_prepared_contract(void *state, const mst_graph *g,
                                          const mst_options *o, mst_forest *out,
                                          mst_phases *ph)
{
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
    .options_size = sizeof(par_cli),
    .configure = configure,
    .init = init,
    .context = context,
    .max_edges = mst_packed_max_edges,
};
