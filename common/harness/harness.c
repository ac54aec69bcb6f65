/* harness.c: the shared driver of every solver executable (see harness.h, solver.h). */
#include "harness.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "harness_run.h"
#include "loader.h"
#include "msf_io.h"
#include "progress.h"
#include "summary.h"
#include "timer.h"
#include "verify.h"

#define MAX_TRIALS MST_HARNESS_MAX_TRIALS

static const char *const output_formats[] = {"edges", "ids", NULL};

static const mst_option run_options[] = {
    {.name = "--algo", .kind = MST_OPT_STRING, .offset = offsetof(run_args, algo),
     .metavar = "A", .help = "algorithm variant (list above)"},
    {.name = "--trials", .kind = MST_OPT_COUNT, .max = MAX_TRIALS, .def = "5",
     .offset = offsetof(run_args, trials), .metavar = "N",
     .help = "timed runs after one untimed warm-up; median and min reported"},
    {.name = "--output", .kind = MST_OPT_STRING, .offset = offsetof(run_args, output),
     .metavar = "FILE", .help = "write the forest to FILE (- : stdout), as --output-format says"},
    {.name = "--output-format", .kind = MST_OPT_CHOICE, .choices = output_formats,
     .def = "edges", .offset = offsetof(run_args, output_format), .metavar = "F",
     .help = "edges: 'u v w' lines (input's numbering, exact weights); ids: the\n"
             "forest's edge ids, one a line, ascending (docs/formats.md)"},
    {.name = "--maximum", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(run_args, maximum),
     .help = "the maximum spanning forest (equal weights: the lower edge id wins)"},
    {.name = "--no-verify", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(run_args, no_verify), .help = "skip the certifying verifier"},
    {.name = "--json", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(run_args, json),
     .help = "one JSON object on stdout instead of the summary"},
    {.name = "--phases", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(run_args, phases),
     .help = "per-phase times and counters of the median trial"},
    {.name = "--rounds", .kind = MST_OPT_UINT, .max = MST_HARNESS_MAX_ROUNDS, .def = "0",
     .offset = offsetof(run_args, rounds), .metavar = "R",
     .help = "repeated MSF on one topology: R rounds of new weights (random: seed\n"
             "S + r in round r), each solved and verified (docs/rounds.md)"},
    {.name = "--round-weights", .kind = MST_OPT_STRING,
     .offset = offsetof(run_args, round_weights), .metavar = "FILE",
     .help = "the rounds' weights: one line per edge id with R columns, or one\n"
             "file per round (a path with {r}, replaced by 1..R)"},
    {.name = "--verify-every", .kind = MST_OPT_COUNT, .max = MST_HARNESS_MAX_ROUNDS, .def = "1",
     .offset = offsetof(run_args, verify_every), .metavar = "K",
     .help = "with --rounds: verify rounds 1, 1 + K, 1 + 2K, ... only"},
    {0},
};

int mst_harness_error(const harness *h, mst_status st)
{
    if (h->root)
        fprintf(stderr, "%s: error: %s\n", h->s->program, mst_last_error());
    return (int)st;
}

mst_status mst_harness_agree(const harness *h, mst_status st)
{
    return h->dist != NULL ? h->dist->agree(st) : st;
}

/* The command line's description: run, loading and solver options, and the variants. */
static void describe_cli(harness *h, mst_cli *cli)
{
    const mst_solver_desc *s = h->s;
    static char solver_title[64];
    memset(cli, 0, sizeof *cli);
    cli->program = s->program;
    cli->kind = "solver";
    cli->parallelism = s->parallelism;
    cli->usage = "[options] GRAPH";
    cli->description = s->description;
    cli->notes = s->notes;
    cli->min_args = cli->max_args = 1;
    cli->variants_title = "variants (--algo)";
    for (int i = 0; s->variants[i].name != NULL && i < MST_CLI_MAX_VARIANTS; i++)
        cli->variants[cli->nvariants++] = (mst_cli_variant){s->variants[i].name,
                                                            s->variants[i].help};
    snprintf(solver_title, sizeof solver_title, "%s options", s->program);
    mst_cli_add_group(cli, "run options", run_options, &h->a);
    mst_cli_add_group(cli, "loading options", mst_load_option_table, &h->lo);
    mst_cli_add_group(cli, solver_title, s->options, h->own);
}

/* Picks the --algo variant (the first without --algo). */
static mst_status pick_variant(harness *h)
{
    const mst_variant *v = h->s->variants;
    for (; v->name != NULL; v++)
        if (h->a.algo == NULL || strcmp(h->a.algo, v->name) == 0)
            break;
    if (v->name == NULL) {
        char list[256] = "";
        size_t len = 0;
        for (v = h->s->variants; v->name != NULL && len < sizeof list; v++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                    v == h->s->variants ? "" : ", ", v->name);
        return mst_fail(MST_EUSAGE, "unknown --algo '%s' (variants: %s)", h->a.algo, list);
    }
    h->variant = v;
    h->o.algo = v->name;
    h->o.phases = h->a.phases;
    h->o.maximum = h->a.maximum;
    h->o.own = h->own;
    return MST_OK;
}

/* The run options that only --rounds takes, and what it refuses (docs/rounds.md). */
static mst_status check_rounds_usage(const harness *h)
{
    const run_args *a = &h->a;
    if (a->rounds == 0 && (a->round_weights != NULL || a->verify_every != 1))
        return mst_fail(MST_EUSAGE, "%s needs --rounds",
                        a->round_weights != NULL ? "--round-weights" : "--verify-every");
    if (a->rounds > 0 && a->output != NULL && strcmp(a->output, "-") == 0)
        return mst_fail(MST_EUSAGE, "--rounds writes one file per round: --output FILE "
                        "(FILE.1, FILE.2, ...), not -");
    return MST_OK;
}

/* Parses the command line into h; *action says whether to run, or print help or the JSON. */
static mst_status parse_command_line(harness *h, int argc, char **argv, mst_cli_action *action)
{
    mst_cli cli;
    int nargs = 0;
    describe_cli(h, &cli);
    mst_status st = mst_cli_parse(&cli, argc, argv, &h->graph, &nargs, action);
    if (st != MST_OK || *action != MST_CLI_RUN) {
        if (st == MST_OK)
            (*action == MST_CLI_HELP ? mst_cli_help : mst_cli_describe)(stdout, &cli);
        return st;
    }
    st = pick_variant(h);
    return st == MST_OK ? check_rounds_usage(h) : st;
}

/* Loads the graph: the whole of it in every single process; with ranks, rank 0 holds it only
 * to verify or write --output, and the load hook reads each rank's share. */
static mst_status load_graph(harness *h)
{
    mst_status st = MST_OK;
    /* --rounds: rank 0 sets every round's weights on the whole graph (mst_dist_hooks.rekey). */
    int whole = h->dist == NULL ||
                (h->root && (!h->a.no_verify || h->a.output != NULL || h->a.rounds > 0));
    /* Limits and memory are checked from the header, before the body is read. */
    if (h->s->max_edges != NULL)
        h->lo.max_edges = h->s->max_edges(h->o.algo);
    h->lo.run_bytes_per_vertex = MST_RUN_BYTES_PER_VERTEX;
    double t0 = mst_now_s();
    if (whole)
        st = mst_graph_load(h->graph, &h->lo, &h->g);
    if (h->dist != NULL && (st = h->dist->agree(st)) == MST_OK)
        st = h->dist->load(h->graph, &h->lo, &h->o, &h->g, whole);
    /* The ranking of 64-bit weights is reported apart (rank_s), not as part of the load. */
    h->load_s = mst_now_s() - t0 - h->g.rank_s;
    if (st == MST_OK && h->dist != NULL)
        h->load_s = h->dist->time_max(h->load_s);
    return st;
}

/* The forest (at most min(m, n - 1) edges; ranks other than 0 receive none), phases, times. */
mst_status mst_harness_allocate(harness *h)
{
    uint64_t trials = h->a.trials;
    h->forest.capacity = h->root ? (h->g.m < h->g.n ? h->g.m : h->g.n) + 1 : 1;
    mst_status st = MST_OK;
    if ((h->forest.eid = mst_alloc(h->forest.capacity, sizeof *h->forest.eid)) == NULL ||
        (h->ph = mst_calloc(trials + 1, sizeof *h->ph)) == NULL ||
        (h->times = mst_alloc(trials, sizeof *h->times)) == NULL ||
        (h->kernel = mst_alloc(trials, sizeof *h->kernel)) == NULL)
        st = MST_ERESOURCE;
    return mst_harness_agree(h, st);
}

/* An order-independent fingerprint of an edge set, to check that trials agree. */
uint64_t mst_harness_fingerprint(const mst_forest *f)
{
    uint64_t h = f->count * 0x9E3779B97F4A7C15ull;
    for (uint64_t i = 0; i < f->count; i++) {
        uint64_t x = f->eid[i] + 0x632BE59BD9B4E019ull;
        x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
        h += x ^ (x >> 29);
    }
    return h;
}

/* --maximum for single processes: the maximum spanning forest under (weight, id) is the minimum
 * one under (UINT32_MAX - key, id), so the solvers run unchanged on flipped keys; flipping again
 * restores them. (Distributed solvers flip their own shares: mst_options.maximum.) O(m). */
void mst_harness_flip_keys(harness *h)
{
    if (!h->a.maximum || h->dist != NULL || h->g.key == NULL)
        return;
    for (uint64_t e = 0; e < h->g.m; e++)
        h->g.key[e] = UINT32_MAX - h->g.key[e];
}

/* Trial 0 is the untimed warm-up; every trial starts from the same const graph. With ranks, a
 * trial starts after a barrier and its time is the slowest rank's. */
mst_status mst_harness_trials(harness *h)
{
    uint64_t fingerprint = 0;
    h->differing_trial = -1;
    for (int t = 0; t <= (int)h->a.trials; t++) {
        mst_phases *ph = &h->ph[t];
        ph->kernel_s = -1;
        h->forest.count = 0;
        if (h->dist != NULL)
            h->dist->barrier();
        double s0 = mst_now_s();
        mst_status st = h->variant->solve(&h->g, &h->o, &h->forest, ph);
        double s = mst_now_s() - s0;
        if (st == MST_OK && ph->dropped > 0)
            st = mst_fail(MST_EINTERNAL, "the solver recorded more than %d phases, counters or "
                          "%d rounds", MST_MAX_PHASES, MST_MAX_ROUNDS);
        if (st != MST_OK)
            return st;
        if (h->dist != NULL)
            s = h->dist->time_max(s);
        uint64_t fp = mst_harness_fingerprint(&h->forest);
        if (t == 0)
            fingerprint = fp;
        else if (fp != fingerprint && h->differing_trial < 0)
            h->differing_trial = t;
        if (t > 0) {
            h->times[t - 1] = s;
            h->kernel[t - 1] = ph->kernel_s;
        }
    }
    return MST_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n-1] (mean of the middle two for even n), its minimum and its lower median
 * (the middle trial's own time, whose phases the summary shows). */
static double median(const double *v, int n, double *min_out, double *lower_out)
{
    double s[MAX_TRIALS];
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    *min_out = s[0];
    if (lower_out != NULL)
        *lower_out = s[(n - 1) / 2];
    return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

/* The run's result for the summary, without verification. */
void mst_harness_summarize(const harness *h, mst_run_result *r)
{
    int n = (int)h->a.trials;
    double lower = 0;
    memset(r, 0, sizeof *r);
    r->program = h->s->program;
    r->algo = h->o.algo;
    r->g = &h->g;
    r->ctx.threads = r->ctx.ranks = 1;
    if (h->s->context != NULL)
        h->s->context(&h->o, &r->ctx);
    r->load_s = h->load_s;
    r->trials = n;
    r->compute_median_s = median(h->times, n, &r->compute_min_s, &lower);
    r->kernel_median_s = r->kernel_min_s = -1;
    if (h->kernel[0] >= 0)
        r->kernel_median_s = median(h->kernel, n, &r->kernel_min_s, NULL);
    for (int t = 0; t < n && r->phases == NULL; t++)
        if (h->times[t] == lower)
            r->phases = &h->ph[t + 1];
    r->show_phases = h->o.phases;
    if (h->dist != NULL && h->dist->stats != NULL)
        r->extra = h->dist->stats(&h->o, r->phases, h->a.json);
    r->maximum = h->a.maximum;
    r->rank_s = h->g.rank_s;
    r->msf_edges = h->forest.count;
    r->msf_weight = h->dist == NULL || h->g.key != NULL
                        ? mst_weight_total(&h->g, h->forest.eid, h->forest.count)
                        : h->dist->forest_weight(&h->g, &h->forest);
    r->components = h->g.n - h->forest.count;
    r->verified = -1;
}

/* Certifies the forest (unless --no-verify); why[] gets the first violation. */
static mst_status verify(const harness *h, mst_run_result *r, char *why, size_t cap)
{
    why[0] = '\0';
    if (h->differing_trial > 0) {
        snprintf(why, cap, "trial %d returned a different edge set than the warm-up",
                 h->differing_trial);
        r->verified = 0;
    } else if (!h->a.no_verify) {
        double v0 = mst_now_s();
        uint64_t c = 0;
        mst_status vs = mst_verify_forest_objective(&h->g, h->forest.eid, h->forest.count, &c,
                                                    h->a.maximum);
        r->verify_s = mst_now_s() - v0;
        if (vs == MST_ERESOURCE)
            return vs;
        r->verified = vs == MST_OK;
        if (vs != MST_OK)
            snprintf(why, cap, "%s", mst_last_error());
        else
            r->components = c;
    }
    r->verify_message = why;
    return MST_OK;
}

/* Rank 0: verification, the summary or JSON, and --output. Returns the exit code. */
static int report(harness *h)
{
    mst_run_result r;
    char why[1024];
    mst_harness_summarize(h, &r);
    mst_status st = verify(h, &r, why, sizeof why);
    if (st != MST_OK)
        return mst_harness_error(h, st);
    /* With --output - the forest alone goes to stdout, so that it can be piped. */
    FILE *f = h->a.output != NULL && strcmp(h->a.output, "-") == 0 ? stderr : stdout;
    (h->a.json ? mst_print_json : mst_print_summary)(f, &r);
    fflush(f);
    if (r.verified == 0) {
        fprintf(stderr, "%s: error: verification failed: %s\n", h->s->program, why);
        return MST_EVERIFY;
    }
    if (h->a.output != NULL) {
        char producer[128];
        snprintf(producer, sizeof producer, "%s --algo %s", h->s->program, h->o.algo);
        st = mst_msf_write(h->a.output, &h->g, h->forest.eid, h->forest.count, producer,
                           h->a.output_format == 1 ? MST_MSF_IDS : MST_MSF_EDGES, h->a.maximum);
        if (st != MST_OK)
            return mst_harness_error(h, st);
    }
    return 0;
}

/* Loads, solves and reports, once the command line is parsed and the solver initialized. */
static int run(harness *h)
{
    mst_progress_enable(!h->a.json && h->root);
    mst_status st = load_graph(h);
    if (st == MST_OK && h->a.rounds > 0)
        return mst_harness_rounds(h);
    if (st == MST_OK)
        st = mst_harness_allocate(h);
    if (st == MST_OK) {
        mst_harness_flip_keys(h);
        st = mst_harness_trials(h);
        mst_harness_flip_keys(h); /* totals, verification and --output see the file's weights */
    }
    /* Every rank gets here with the same status (agreed), and only rank 0 goes on. */
    if (st != MST_OK)
        return mst_harness_error(h, st);
    return h->root ? report(h) : 0;
}

int mst_harness_main(const mst_solver_desc *s, int argc, char **argv)
{
    harness h;
    memset(&h, 0, sizeof h);
    h.s = s;
    h.lo = mst_load_options_default();
    /* The solver's own options for this run (solver.h, mst_options.own). */
    if ((h.own = calloc(1, s->options_size > 0 ? s->options_size : 1)) == NULL) {
        fprintf(stderr, "%s: error: out of memory\n", s->program);
        return (int)MST_ERESOURCE;
    }
    mst_cli_action action;
    mst_status pst = parse_command_line(&h, argc, argv, &action);
    if (pst == MST_OK && action != MST_CLI_RUN) {
        free(h.own);
        return 0;
    }
    if (pst == MST_OK && s->configure != NULL)
        pst = s->configure(h.own);
    /* A usage error is reported after init, so that with ranks only rank 0 prints it. */
    mst_status st = s->init != NULL ? s->init(&argc, &argv, h.own) : MST_OK;
    if (st != MST_OK) {
        fprintf(stderr, "%s: error: %s\n", s->program, mst_last_error());
        free(h.own);
        return (int)st;
    }
    h.dist = s->dist;
    h.root = h.dist == NULL || h.dist->rank() == 0;
    int code;
    if (pst != MST_OK) {
        if (h.root)
            fprintf(stderr, "%s: error: %s (try --help)\n", s->program, mst_last_error());
        code = (int)pst;
    } else {
        code = run(&h);
    }
    /* Ranks return rank 0's exit code (verification and --output happen there). */
    if (h.dist != NULL)
        code = (int)h.dist->agree((mst_status)code);
    /* finalize first: a solver may hold on to the graph's and the forest's arrays until then
     * (mst-cuda keeps them page-locked). */
    if (s->finalize != NULL)
        s->finalize();
    free(h.forest.eid);
    free(h.ph);
    free(h.times);
    free(h.kernel);
    free(h.own);
    mst_graph_free(&h.g);
    return code;
}
