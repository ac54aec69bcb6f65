/*
 * harness.c: the driver of every solver executable (solver.h), after GAPBS's BenchmarkKernel. In
 * the order of a run:
 *   1. the command line (run, loading and the solver's own options);
 *   2. init, the load (with ranks, each rank's share through the load hook), then configure;
 *   3. trials: one untimed warm-up and --trials timed solves, whose forests must agree;
 *   4. --rounds (Ma and Wan, "Heterogeneous CPU-GPU Orchestration for Repeated Minimum
 *      Spanning Tree Computation", sections 3 and 4; docs/rounds.md): prepare() once, then
 *      rounds 1..R, each a trial after the re-key step, verified and written as it ends;
 *   5. verification, the summary or JSON, and --output (rank 0).
 * One process takes the same collective steps as ranks, with hooks that do nothing
 * (one_process): the distributed branch is taken once, where the run starts.
 */
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "loader.h"
#include "core.h"

#define MAX_TRIALS 1000
#define MAX_ROUNDS 10000

typedef struct spread {
    double median, min, max;
} spread;

/* One run: what the command line asked, what the trials and rounds found, what rank 0 prints. */
typedef struct harness {
    const mst_solver_desc *s;
    const mst_dist_hooks *hooks; /* the solver's distributed hooks, or one_process's */
    int distributed;             /* the solver runs as ranks (s->dist) */
    int root;                    /* this process prints (rank 0) */
    mst_options o;               /* --algo, --phases, --maximum: what the solves receive */
    uint64_t trials;
    const char *output;
    const char *trace_path;      /* --trace FILE (NULL: none) */
    mst_trace trace;             /* what the warm-up solve recorded for it */
    int output_format;           /* 0 edges, 1 ids */
    int no_verify, json, quiet;
    int vertex0_alone;           /* an edge list's vertex 0 has no edge: --one-based? */
    uint64_t rounds;             /* --rounds R (0: one set of weights) */
    const char *round_weights;   /* --round-weights FILE or PATTERN (NULL: random) */
    uint64_t verify_every;       /* --verify-every K */
    mst_load_options lo;
    void *own;                   /* the solver's own options (o.own) */
    const char *graph;           /* GRAPH, or the description of a generated graph */
    int generated;               /* the ranks make the graph (mst_dist_hooks.generated) */
    const mst_variant *variant;
    mst_graph g;
    mst_forest forest;
    mst_run_context ctx;
    double load_s;
    mst_phases *ph;              /* [trials + 1]: trial 0 is the warm-up */
    double trial_s[MAX_TRIALS], trial_kernel_s[MAX_TRIALS];
    int differing_trial;         /* first trial whose edge set differs from the warm-up's */
    spread compute, kernel;      /* of the timed trials (kernel.median < 0: n/a) */
    const mst_phases *shown;     /* the median trial's (or round's) phases, or NULL */
    const char *extra;           /* the stats hook's summary lines or JSON members, or NULL */
    mst_weight_sum msf_weight;
    int verified;                /* 1 ok, 0 failed, -1 skipped */
    double verify_s;
    char why[1024];              /* the violation when verified == 0 */
    /* --rounds: arrays [R] indexed by round - 1 (round_ph [1] without --phases). */
    mst_round_source src;
    char weights[160];           /* where the weights come from, for the summary */
    double *round_s;             /* each round's solve_prepared() (or solve()) */
    mst_weight_sum *totals;      /* each round's forest weight */
    signed char *round_verified; /* 1 ok, 0 failed, -1 skipped */
    mst_phases *round_ph, setup_ph;
    void *state;                 /* the variant's prepared state */
    double setup_s;              /* prepare(), once (0 without a prepared path) */
    uint64_t done;               /* rounds run, a failed one included */
    uint64_t verified_rounds;
    uint64_t failed_round;       /* the round that failed verification (0: none) */
    spread round;
    double cumulative_s;         /* setup_s + the times of rounds 1..done */
    uint64_t break_even;         /* first r with setup + rounds 1..r <= r one-shot times; 0: none */
} harness;

static const char *const output_formats[] = {"edges", "ids", NULL};

static const mst_option run_options[] = {
    {.name = "--algo", .kind = MST_OPT_STRING, .offset = offsetof(harness, o.algo),
     .metavar = "A", .help = "algorithm variant (list above)"},
    {.name = "--trials", .kind = MST_OPT_COUNT, .max = MAX_TRIALS, .def = "5",
     .offset = offsetof(harness, trials), .metavar = "N",
     .help = "timed runs after one untimed warm-up; median and min reported"},
    {.name = "--output", .kind = MST_OPT_STRING, .offset = offsetof(harness, output),
     .metavar = "FILE", .help = "write the forest to FILE (- : stdout), as --output-format says"},
    {.name = "--output-format", .kind = MST_OPT_CHOICE, .choices = output_formats,
     .def = "edges", .offset = offsetof(harness, output_format), .metavar = "F",
     .help = "edges: 'u v w' lines (input's numbering, exact weights); ids: the\n"
             "forest's edge ids, one a line, ascending (docs/formats.md)"},
    {.name = "--trace", .kind = MST_OPT_STRING, .offset = offsetof(harness, trace_path),
     .metavar = "FILE", .help = "write one JSON line per round of the warm-up solve to FILE:\n"
                                "components, live edges, the ids it added (docs/trace.md)"},
    {.name = "--maximum", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(harness, o.maximum),
     .help = "the maximum spanning forest (equal weights: the lower edge id wins)"},
    {.name = "--no-verify", .kind = MST_OPT_FLAG, .flag = 1,
     .offset = offsetof(harness, no_verify), .help = "skip the certifying verifier"},
    {.name = "--json", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(harness, json),
     .help = "one JSON object on stdout instead of the summary"},
    {.name = "--quiet", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(harness, quiet),
     .help = "no progress lines (shown on a terminal's stderr otherwise: the graph's size,\n"
             "trial i of N, verifying)"},
    {.name = "--phases", .kind = MST_OPT_FLAG, .flag = 1, .offset = offsetof(harness, o.phases),
     .help = "per-phase times and counters of the median trial"},
    {.name = "--rounds", .kind = MST_OPT_UINT, .max = MAX_ROUNDS, .def = "0",
     .offset = offsetof(harness, rounds), .metavar = "R",
     .help = "repeated MSF on one topology: R rounds of new weights (random: seed\n"
             "S + r in round r), each solved and verified (docs/rounds.md)"},
    {.name = "--round-weights", .kind = MST_OPT_STRING,
     .offset = offsetof(harness, round_weights), .metavar = "FILE",
     .help = "the rounds' weights: one line per edge id with R columns, or one\n"
             "file per round (a path with {r}, replaced by 1..R)"},
    {.name = "--verify-every", .kind = MST_OPT_COUNT, .max = MAX_ROUNDS, .def = "1",
     .offset = offsetof(harness, verify_every), .metavar = "K",
     .help = "with --rounds: verify rounds 1, 1 + K, 1 + 2K, ... only"},
    {0},
};

/* The hooks of a single process: rank 0 of one, holding the whole graph. */
static int one_rank(void) { return 0; }
static mst_status one_agree(mst_status st) { return st; }
static void one_barrier(void) {}
static double one_time_max(double seconds) { return seconds; }

static mst_status one_load(const char *path, const mst_load_options *lo, const mst_options *o,
                           mst_graph *g, int whole)
{
    (void)path, (void)lo, (void)o, (void)g, (void)whole;
    return MST_OK;
}

static mst_status one_rekey(const mst_graph *g, int random, uint64_t seed)
{
    (void)g, (void)random, (void)seed;
    return MST_OK;
}

static const mst_dist_hooks one_process = {
    .rank = one_rank, .agree = one_agree, .load = one_load, .barrier = one_barrier,
    .time_max = one_time_max, .rekey = one_rekey,
};

/* Prints "PROGRAM: error: MESSAGE" on the printing rank; returns st as an exit code. */
static int fail(const harness *h, mst_status st)
{
    mst_progress_done();
    if (h->root)
        fprintf(stderr, "%s: error: %s\n", h->s->program, mst_last_error());
    return (int)st;
}

/* Parses the command line into h, or prints help or the description (*action). */
static mst_status parse_command_line(harness *h, int argc, char **argv, mst_cli_action *action)
{
    const mst_solver_desc *s = h->s;
    int generates = s->dist != NULL && s->dist->generated != NULL;
    mst_cli cli = {.program = s->program, .kind = "solver", .parallelism = s->parallelism,
                   .usage = "[options] GRAPH", .description = s->description, .notes = s->notes,
                   .min_args = !generates, .max_args = 1, .variants_title = "variants (--algo)"};
    char title[64];
    int nargs = 0;
    for (int i = 0; s->variants[i].name != NULL && i < MST_CLI_MAX_VARIANTS; i++)
        cli.variants[cli.nvariants++] = (mst_cli_variant){s->variants[i].name,
                                                          s->variants[i].help};
    snprintf(title, sizeof title, "%s options", s->program);
    mst_cli_add_group(&cli, "run options", run_options, h);
    mst_cli_add_group(&cli, "loading options", mst_load_option_table, &h->lo);
    mst_cli_add_group(&cli, title, s->options, h->own);
    mst_status st = mst_cli_parse(&cli, argc, argv, &h->graph, &nargs, action);
    if (st != MST_OK || *action != MST_CLI_RUN) {
        if (st == MST_OK)
            (*action == MST_CLI_HELP ? mst_cli_help : mst_cli_describe)(stdout, &cli);
        return st;
    }
    const char *made = generates ? s->dist->generated(h->own) : NULL;
    if (made != NULL && h->graph != NULL)
        return mst_fail(MST_EUSAGE, "the graph is generated (%s): no GRAPH argument ('%s')",
                        made, h->graph);
    if (made == NULL && h->graph == NULL)
        return mst_fail(MST_EUSAGE, "missing arguments (usage: %s %s)", s->program, cli.usage);
    h->generated = made != NULL;
    h->graph = made != NULL ? made : h->graph;
    const mst_variant *v = s->variants;
    while (v->name != NULL && h->o.algo != NULL && strcmp(h->o.algo, v->name) != 0)
        v++;
    if (v->name == NULL) {
        char list[256] = "";
        size_t len = 0;
        for (v = s->variants; v->name != NULL && len < sizeof list; v++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                    v == s->variants ? "" : ", ", v->name);
        return mst_fail(MST_EUSAGE, "unknown --algo '%s' (variants: %s)", h->o.algo, list);
    }
    h->variant = v;
    h->o.algo = v->name;
    h->o.own = h->own;
    if (h->rounds == 0 && (h->round_weights != NULL || h->verify_every != 1))
        return mst_fail(MST_EUSAGE, "%s needs --rounds",
                        h->round_weights != NULL ? "--round-weights" : "--verify-every");
    if (h->rounds > 0 && h->output != NULL && strcmp(h->output, "-") == 0)
        return mst_fail(MST_EUSAGE, "--rounds writes one file per round: --output FILE "
                        "(FILE.1, FILE.2, ...), not -");
    if (h->rounds > 0 && h->trace_path != NULL)
        return mst_fail(MST_EUSAGE, "--trace records one solve: it takes no --rounds");
    return MST_OK;
}

/* Loads the whole graph where it is needed (every single process; rank 0 to verify, write or
 * set the rounds' weights), then each rank's share through the load hook. */
static mst_status load_graph(harness *h)
{
    mst_status st = MST_OK;
    const char *input = h->generated ? NULL : h->graph; /* a file that outputs must not replace */
    int whole = !h->distributed || (h->root && (!h->no_verify || h->output != NULL ||
                                                h->rounds > 0 || h->trace_path != NULL));
    if (h->s->max_edges != NULL)
        h->lo.max_edges = h->s->max_edges(h->o.algo);
    h->lo.run_bytes_per_vertex = MST_RUN_BYTES_PER_VERTEX;
    if (h->root && h->output != NULL) { /* an output that cannot be written fails first */
        char first[4096]; /* --rounds writes FILE.1, FILE.2, ... */
        snprintf(first, sizeof first, h->rounds > 0 ? "%s.1" : "%s", h->output);
        st = mst_output_check(first, input);
    }
    if (h->root && h->trace_path != NULL && st == MST_OK)
        st = mst_output_check(h->trace_path, input);
    double t0 = mst_now_s();
    if (whole && st == MST_OK && input != NULL)
        st = mst_graph_load(input, &h->lo, &h->g);
    if ((st = h->hooks->agree(st)) == MST_OK)
        st = h->hooks->load(h->graph, &h->lo, &h->o, &h->g, whole);
    /* The ranking of 64-bit weights is reported apart (rank_s), not as part of the load. */
    h->load_s = h->hooks->time_max(mst_now_s() - t0 - h->g.rank_s);
    /* A 1-based edge list read as 0-based gains an isolated vertex 0 (report says so). */
    uint64_t e = 0;
    if (st == MST_OK && h->root && h->g.u != NULL && h->g.n > 0 && !h->lo.one_based &&
        strcmp(h->g.format, "edgelist") == 0) {
        while (e < h->g.m && h->g.u[e] != 0 && h->g.v[e] != 0)
            e++;
        h->vertex0_alone = e == h->g.m;
    }
    return st;
}

/* An order-independent fingerprint of an edge set, to check that trials agree. */
static uint64_t fingerprint(const mst_forest *f)
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
 * one under (UINT32_MAX - key, id); flipping again restores the keys. O(m). */
static void flip_keys(harness *h)
{
    if (!h->o.maximum || h->distributed || h->g.key == NULL)
        return;
    for (uint64_t e = 0; e < h->g.m; e++)
        h->g.key[e] = UINT32_MAX - h->g.key[e];
}

/* One timed solve (with `state`, the prepared one) after a barrier; the slowest rank's time. */
static mst_status solve_timed(harness *h, void *state, mst_phases *ph, double *seconds)
{
    mst_trace *trace = ph->trace; /* the warm-up's, with --trace */
    memset(ph, 0, sizeof *ph);
    ph->kernel_s = -1;
    ph->trace = trace;
    h->forest.count = 0;
    h->hooks->barrier();
    double t0 = mst_now_s();
    mst_status st = state != NULL
                        ? h->variant->solve_prepared(state, &h->g, &h->o, &h->forest, ph)
                        : h->variant->solve(&h->g, &h->o, &h->forest, ph);
    *seconds = mst_now_s() - t0;
    if (st == MST_OK && ph->dropped > 0)
        st = mst_fail(MST_EINTERNAL, "the solver recorded more than %d phases, counters or "
                      "%d rounds", MST_MAX_PHASES, MST_MAX_ROUNDS);
    if (st == MST_OK)
        *seconds = h->hooks->time_max(*seconds);
    return st;
}

/* The warm-up and the timed trials; differing_trial: the first whose forest differs. */
static mst_status trials(harness *h)
{
    uint64_t first = 0;
    h->differing_trial = -1;
    for (int t = 0; t <= (int)h->trials; t++) {
        double s;
        if (t == 0 && h->trace_path != NULL)
            h->ph[0].trace = &h->trace;
        if (t == 0)
            mst_progress_step("%s: warm-up solve", h->s->program);
        else
            mst_progress_step("%s: trial %d of %d", h->s->program, t, (int)h->trials);
        mst_status st = solve_timed(h, NULL, &h->ph[t], &s);
        if (st != MST_OK)
            return st;
        uint64_t fp = fingerprint(&h->forest);
        if (t == 0)
            first = fp;
        else if (fp != first && h->differing_trial < 0)
            h->differing_trial = t;
        if (t > 0) {
            h->trial_s[t - 1] = s;
            h->trial_kernel_s[t - 1] = h->ph[t].kernel_s;
        }
    }
    return MST_OK;
}

/* Rank 0: certifies the forest on the solver's threads (OpenMP's team beside a GPU), the time
 * added to verify_s, a violation in why[] after `prefix`. */
static mst_status verify(harness *h, const char *prefix)
{
    double t0 = mst_now_s();
    mst_progress_step("%s: verifying", h->s->program);
    mst_status st = mst_verify_forest(&h->g, h->forest.eid, h->forest.count, NULL, h->o.maximum,
                                      h->ctx.device[0] != '\0' ? 0 : h->ctx.threads);
    h->verify_s += mst_now_s() - t0;
    if (st != MST_OK)
        snprintf(h->why, sizeof h->why, "%s%s", prefix, mst_last_error());
    return st;
}

/* Writes the forest to `path` (--output, or one round's file), with what made it. */
static mst_status write_forest(const harness *h, const char *path, const char *producer)
{
    return mst_msf_write(path, &h->g, h->forest.eid, h->forest.count, producer,
                         h->output_format == 1 ? MST_MSF_IDS : MST_MSF_EDGES, h->o.maximum);
}

/* The re-key step, untimed: round r's weights into g and every rank's share, flipped. */
static mst_status rekey(harness *h, uint64_t r)
{
    mst_status st = MST_OK;
    if (h->root)
        st = mst_round_weights_apply(&h->src, r, &h->g);
    st = h->hooks->agree(st);
    if (st == MST_OK)
        st = h->hooks->rekey(&h->g, h->src.path == NULL && h->src.weight_type == 0,
                             h->src.seed + r);
    flip_keys(h);
    return st;
}

/* Rank 0 after round r: its total, round 1 against the trials' forest, its verification when
 * due and its --output file. MST_EVERIFY (why[]) when it is wrong. */
static mst_status check_round(harness *h, uint64_t r, uint64_t trials_fp)
{
    const mst_forest *f = &h->forest;
    h->totals[r - 1] = mst_weight_total(&h->g, f->eid, f->count);
    h->round_verified[r - 1] = -1;
    if (r == 1 && fingerprint(f) != trials_fp) {
        snprintf(h->why, sizeof h->why, "round 1: the prepared path returned another edge "
                 "set than solve() on the same weights");
        h->round_verified[0] = 0;
        return MST_EVERIFY;
    }
    if (!h->no_verify && (r - 1) % h->verify_every == 0) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "round %" PRIu64 ": ", r);
        mst_status vs = verify(h, prefix);
        if (vs == MST_ERESOURCE)
            return vs;
        h->round_verified[r - 1] = vs == MST_OK;
        if (vs != MST_OK)
            return MST_EVERIFY;
        h->verified_rounds++;
    }
    if (h->output == NULL)
        return MST_OK;
    char path[4096], producer[160];
    snprintf(path, sizeof path, "%s.%" PRIu64, h->output, r);
    snprintf(producer, sizeof producer, "%s --algo %s, round %" PRIu64 " (%s)", h->s->program,
             h->o.algo, r, h->src.path != NULL ? "--round-weights" : "random weights");
    return write_forest(h, path, producer);
}

/* --rounds after the trials: prepare() once (the setup), then rounds 1..R, re-keyed from round
 * 2, solved and checked, up to the first failure (failed_round on rank 0). */
static mst_status rounds(harness *h)
{
    uint64_t trials_fp = fingerprint(&h->forest);
    if (h->root && h->differing_trial > 0) {
        snprintf(h->why, sizeof h->why, "one-shot trial %d returned another edge set than "
                 "the warm-up", h->differing_trial);
        return h->hooks->agree(MST_EVERIFY);
    }
    mst_status st = h->hooks->agree(MST_OK);
    h->setup_ph.kernel_s = -1;
    if (st == MST_OK && h->variant->prepare != NULL) {
        h->hooks->barrier();
        double t0 = mst_now_s();
        st = h->variant->prepare(&h->g, &h->o, &h->state, &h->setup_ph);
        h->setup_s = h->hooks->time_max(mst_now_s() - t0);
        st = h->hooks->agree(st);
    }
    for (uint64_t r = 1; r <= h->rounds && st == MST_OK; r++) {
        if (r > 1 && (st = rekey(h, r)) != MST_OK)
            break;
        mst_progress_step("%s: round %" PRIu64 " of %" PRIu64, h->s->program, r, h->rounds);
        st = solve_timed(h, h->state, &h->round_ph[h->o.phases ? r - 1 : 0], &h->round_s[r - 1]);
        flip_keys(h); /* the file's order for totals, verification, --output */
        if (st != MST_OK)
            break;
        mst_status cs = h->root ? check_round(h, r, trials_fp) : MST_OK;
        if (cs == MST_EVERIFY)
            h->failed_round = r;
        st = h->hooks->agree(cs);
        if (st == MST_OK || st == MST_EVERIFY) /* a failed round is reported too */
            h->done = r;
    }
    return st;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median (of the middle two if n is even), min and max of v[0..n) through a sorted copy
 * in tmp; returns the first i whose v[i] is the lower middle: the trial whose phases show. */
static uint64_t median(const double *v, uint64_t n, double *tmp, spread *out)
{
    uint64_t i = 0;
    memcpy(tmp, v, (size_t)n * sizeof *tmp);
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_double);
    out->median = n % 2 ? tmp[n / 2] : 0.5 * (tmp[n / 2 - 1] + tmp[n / 2]);
    out->min = tmp[0];
    out->max = tmp[n - 1];
    while (v[i] != tmp[(n - 1) / 2])
        i++;
    return i;
}

/* ---- The one place that prints a run's result: the human summary or one JSON object. ---- */

static const char *origin_name(const mst_graph *g)
{
    switch (g->weight_origin) {
    case MST_WEIGHTS_FROM_FILE: return "file";
    case MST_WEIGHTS_RANDOM: return "random";
    case MST_WEIGHTS_UNIT: return "unit";
    }
    return "?";
}

static void print_summary(FILE *f, const harness *h)
{
    const mst_graph *g = &h->g;
    const mst_phases *ph = h->shown;
    uint64_t n = h->done;
    int rounds = h->rounds > 0, prepared = h->variant->prepare != NULL;
    char wbuf[64];
    fprintf(f, "%s (%s) on %s [%s]\n", h->s->program, h->o.algo, g->name, g->format);
    fprintf(f, "  vertices         %" PRIu32 "\n", g->n);
    fprintf(f, "  edges            %" PRIu64 " (self-loops dropped: %" PRIu64
               ", reverse arcs merged: %" PRIu64 ")\n", g->m, g->self_loops, g->merged_arcs);
    fprintf(f, "  weights          %s %s", origin_name(g), mst_weight_type_name(g->weight_type));
    if (g->weight_origin == MST_WEIGHTS_RANDOM)
        fprintf(f, " (seed %" PRIu64 "%s)", g->seed, g->file_has_weights ? "" : "; the file has "
                "none, --weights unit gives every edge 1");
    fprintf(f, "\n  objective        %s spanning forest\n", h->o.maximum ? "maximum" : "minimum");
    fprintf(f, "  components       %" PRIu64 "\n", g->n - h->forest.count);
    fprintf(f, "  MSF edges        %" PRIu64 "\n", h->forest.count);
    fprintf(f, "  MSF weight       %s\n", mst_format_total(h->msf_weight, wbuf, sizeof wbuf));
    if (h->ctx.device[0])
        fprintf(f, "  device           %s\n", h->ctx.device);
    if (h->ctx.threads > 1 || h->ctx.ranks > 1)
        fprintf(f, "  threads x ranks  %d x %d\n", h->ctx.threads, h->ctx.ranks);
    fprintf(f, "  load time        %.4f s\n", h->load_s);
    if (mst_weight_is_wide(g->weight_type))
        fprintf(f, "  rank time        %.4f s (64-bit weights ranked into 32-bit keys)\n",
                g->rank_s);
    fprintf(f, "  compute time     median %.6f s, min %.6f s (%d trial%s%s)\n",
            h->compute.median, h->compute.min, (int)h->trials, h->trials == 1 ? "" : "s",
            rounds ? " of solve() on round 1's weights: the one-shot time" : "");
    if (h->kernel.median >= 0)
        fprintf(f, "  kernel time      median %.6f s, min %.6f s (graph already on the device)\n",
                h->kernel.median, h->kernel.min);
    if (rounds) {
        fprintf(f, "  rounds           %" PRIu64 " (weights: %s)\n", n, h->weights);
        if (prepared)
            fprintf(f, "  setup time       %.6f s (prepare: once, from the topology)\n",
                    h->setup_s);
        else
            fprintf(f, "  setup time       none (no prepared path: every round calls solve())\n");
    }
    if (rounds && n > 0) {
        fprintf(f, "  round times      median %.6f s, min %.6f s, max %.6f s\n", h->round.median,
                h->round.min, h->round.max);
        fprintf(f, "  cumulative time  %.6f s after %" PRIu64 " rounds (one-shot: %.6f s)\n",
                h->cumulative_s, n, (double)n * h->compute.median);
        if (!prepared)
            fprintf(f, "  break-even round none (no prepared path)\n");
        else if (h->break_even > 0)
            fprintf(f, "  break-even round %" PRIu64 " (setup + rounds 1..%" PRIu64
                       " <= %" PRIu64 " one-shot times)\n", h->break_even, h->break_even,
                    h->break_even);
        else
            fprintf(f, "  break-even round none within %" PRIu64 " rounds\n", n);
    }
    if (h->o.phases && ph != NULL) {
        fprintf(f, "  phases           ");
        for (int i = 0; i < ph->count; i++)
            fprintf(f, "%s%s %.6f s", i ? ", " : "", ph->name[i], ph->seconds[i]);
        for (int i = 0; i < ph->counters; i++)
            fprintf(f, "%s%s %" PRIu64, (i || ph->count) ? ", " : "", ph->counter_name[i],
                    ph->counter[i]);
        fprintf(f, " (median %s)\n", rounds ? "round" : "trial");
        if (ph->rounds > 0) {
            fprintf(f, "  rounds (n/m)     ");
            for (int i = 0; i < ph->rounds; i++)
                fprintf(f, "%s%" PRIu64 "/%" PRIu64, i ? ", " : "", ph->round_n[i],
                        ph->round_m[i]);
            fprintf(f, "\n");
        }
    }
    if (h->extra != NULL)
        fputs(h->extra, f);
    if (h->verified < 0)
        fprintf(f, "  verification     skipped\n");
    else if (h->verified && rounds)
        fprintf(f, "  verification     ok (%" PRIu64 " of %" PRIu64 " rounds, %.3f s)\n",
                h->verified_rounds, n, h->verify_s);
    else if (h->verified)
        fprintf(f, "  verification     ok (%.3f s)\n", h->verify_s);
    else
        fprintf(f, "  verification     FAILED: %s\n", h->why);
}

/* The total as a JSON number (exact for integers), or null for an infinite float total (an
 * .msb file may hold infinite weights; JSON has no infinity). */
static const char *json_total(mst_weight_sum s, char *buf, int len)
{
    if (s.is_float && !isfinite(mst_weight_sum_double(&s)))
        return "null";
    return mst_format_total(s, buf, len);
}

/* ,"key":{"phase":seconds,...} */
static void json_phases(FILE *f, const char *key, const mst_phases *ph)
{
    fprintf(f, ",\"%s\":{", key);
    for (int i = 0; i < ph->count; i++) {
        fprintf(f, "%s", i ? "," : "");
        mst_json_string(f, ph->name[i]);
        fprintf(f, ":%.9f", ph->seconds[i]);
    }
    fprintf(f, "}");
}

static void print_json(FILE *f, const harness *h)
{
    const mst_graph *g = &h->g;
    const mst_phases *ph = h->shown;
    uint64_t n = h->done;
    char wbuf[64];
    fprintf(f, "{\"solver\":");
    mst_json_string(f, h->s->program);
    mst_json_member(f, "algo", h->o.algo);
    mst_json_member(f, "graph", g->name);
    fprintf(f, ",\"format\":\"%s\",\"n\":%" PRIu32 ",\"m\":%" PRIu64 ",\"self_loops\":%" PRIu64
               ",\"components\":%" PRIu64 ",\"msf_edges\":%" PRIu64 ",\"msf_weight\":%s",
            g->format, g->n, g->m, g->self_loops, g->n - h->forest.count, h->forest.count,
            json_total(h->msf_weight, wbuf, sizeof wbuf));
    fprintf(f, ",\"weight_type\":\"%s\",\"weights\":\"%s\",\"objective\":\"%s\"",
            mst_weight_type_name(g->weight_type), origin_name(g),
            h->o.maximum ? "maximum" : "minimum");
    if (g->weight_origin == MST_WEIGHTS_RANDOM)
        fprintf(f, ",\"seed\":%" PRIu64, g->seed);
    fprintf(f, ",\"load_s\":%.6f,\"rank_s\":%.6f,\"compute_s_median\":%.9f,"
               "\"compute_s_min\":%.9f,\"compute_s_max\":%.9f,\"trials\":%d",
            h->load_s, g->rank_s, h->compute.median, h->compute.min, h->compute.max,
            (int)h->trials);
    if (h->kernel.median >= 0)
        fprintf(f, ",\"kernel_s_median\":%.9f,\"kernel_s_min\":%.9f,\"kernel_s_max\":%.9f",
                h->kernel.median, h->kernel.min, h->kernel.max);
    fprintf(f, ",\"threads\":%d,\"ranks\":%d", h->ctx.threads, h->ctx.ranks);
    mst_json_member(f, "device", h->ctx.device[0] ? h->ctx.device : NULL);
    fprintf(f, ",\"verified\":%s", h->verified < 0 ? "null" : h->verified ? "true" : "false");
    if (h->verified >= 0)
        fprintf(f, ",\"verify_s\":%.6f", h->verify_s);
    if (h->verified == 0)
        mst_json_member(f, "verify_error", h->why);
    if (h->o.phases && ph != NULL) {
        json_phases(f, "phases", ph);
        fprintf(f, ",\"counters\":{");
        for (int i = 0; i < ph->counters; i++) {
            fprintf(f, "%s", i ? "," : "");
            mst_json_string(f, ph->counter_name[i]);
            fprintf(f, ":%" PRIu64, ph->counter[i]);
        }
        fprintf(f, "},\"rounds\":[");
        for (int i = 0; i < ph->rounds; i++)
            fprintf(f, "%s[%" PRIu64 ",%" PRIu64 "]", i ? "," : "", ph->round_n[i],
                    ph->round_m[i]);
        fprintf(f, "]");
    }
    if (h->rounds > 0) { /* docs/rounds.md */
        double sum = h->setup_s;
        fprintf(f, ",\"mst_rounds\":%" PRIu64 ",\"prepared\":%s", n,
                h->variant->prepare != NULL ? "true" : "false");
        mst_json_member(f, "round_weights", h->weights);
        fprintf(f, ",\"setup_s\":%.9f,\"oneshot_s\":%.9f,\"rounds_s\":[", h->setup_s,
                h->compute.median);
        for (uint64_t i = 0; i < n; i++)
            fprintf(f, "%s%.9f", i ? "," : "", h->round_s[i]);
        fprintf(f, "],\"cumulative_s\":[");
        for (uint64_t i = 0; i < n; i++)
            fprintf(f, "%s%.9f", i ? "," : "", sum += h->round_s[i]);
        fprintf(f, "]");
        if (n > 0)
            fprintf(f, ",\"round_s_median\":%.9f,\"round_s_min\":%.9f,\"round_s_max\":%.9f",
                    h->round.median, h->round.min, h->round.max);
        if (h->break_even > 0)
            fprintf(f, ",\"break_even_round\":%" PRIu64, h->break_even);
        else
            fprintf(f, ",\"break_even_round\":null");
        fprintf(f, ",\"round_msf_weight\":[");
        for (uint64_t i = 0; i < n; i++)
            fprintf(f, "%s%s", i ? "," : "", json_total(h->totals[i], wbuf, sizeof wbuf));
        fprintf(f, "],\"round_verified\":[");
        for (uint64_t i = 0; i < n; i++)
            fprintf(f, "%s%s", i ? "," : "", h->round_verified[i] < 0 ? "null"
                                             : h->round_verified[i] ? "true" : "false");
        fprintf(f, "]");
        if (h->variant->prepare != NULL && h->setup_ph.count > 0)
            json_phases(f, "setup_phases", &h->setup_ph);
    }
    if (h->extra != NULL)
        fprintf(f, ",%s", h->extra);
    fprintf(f, "}\n");
}

/* Rank 0: medians, the forest's weight and verification (the rounds verified theirs), then the
 * summary or JSON and --output. Returns the exit code. */
static int report(harness *h)
{
    double tmp[MAX_ROUNDS];
    uint64_t n = h->trials;
    h->shown = &h->ph[1 + median(h->trial_s, n, tmp, &h->compute)];
    h->kernel.median = -1;
    if (h->trial_kernel_s[0] >= 0)
        median(h->trial_kernel_s, n, tmp, &h->kernel);
    if (h->hooks->stats != NULL)
        h->extra = h->hooks->stats(&h->o, h->shown, h->json);
    h->msf_weight = h->g.key != NULL ? mst_weight_total(&h->g, h->forest.eid, h->forest.count)
                                     : h->hooks->forest_weight(&h->g, &h->forest);
    h->verified = -1;
    if (h->rounds > 0) {
        h->shown = NULL;
        h->cumulative_s = h->setup_s;
        for (uint64_t k = 1; k <= h->done; k++) {
            h->cumulative_s += h->round_s[k - 1];
            if (h->variant->prepare != NULL && h->break_even == 0 &&
                h->cumulative_s <= (double)k * h->compute.median)
                h->break_even = k;
        }
        if (h->done > 0) {
            uint64_t i = median(h->round_s, h->done, tmp, &h->round);
            h->shown = h->o.phases ? &h->round_ph[i] : NULL; /* kept with --phases only */
        }
        h->verified = h->failed_round ? 0 : h->verified_rounds > 0 ? 1 : -1;
    } else if (h->differing_trial > 0) {
        snprintf(h->why, sizeof h->why, "trial %d returned a different edge set than the "
                 "warm-up", h->differing_trial);
        h->verified = 0;
    } else if (!h->no_verify) {
        mst_status vs = verify(h, "");
        if (vs == MST_ERESOURCE)
            return fail(h, vs);
        h->verified = vs == MST_OK;
    }
    mst_progress_done();
    if (h->vertex0_alone) /* here, so that an error before the report stays one line */
        fprintf(stderr, "%s: note: vertex 0 has no edge; if %s numbers its vertices from 1, "
                "read it with --one-based\n", h->s->program, h->graph);
    /* With --output - the forest alone goes to stdout, so that it can be piped. */
    FILE *f = h->output != NULL && strcmp(h->output, "-") == 0 ? stderr : stdout;
    (h->json ? print_json : print_summary)(f, h);
    fflush(f);
    if (h->verified == 0) {
        fprintf(stderr, "%s: error: verification failed: %s\n", h->s->program, h->why);
        return MST_EVERIFY;
    }
    if (h->output != NULL && h->rounds == 0) {
        char producer[128];
        snprintf(producer, sizeof producer, "%s --algo %s", h->s->program, h->o.algo);
        mst_status st = write_forest(h, h->output, producer);
        if (st != MST_OK)
            return fail(h, st);
    }
    if (h->trace_path != NULL) {
        mst_status st = mst_trace_write(h->trace_path, &h->trace, &h->g, h->forest.eid,
                                        h->forest.count, h->s->program, h->o.algo);
        if (st != MST_OK)
            return fail(h, st);
    }
    return 0;
}

/* Loads, runs the trials and rounds, and reports, every rank on the same (agreed) path. */
static int run(harness *h)
{
    uint64_t r = h->rounds;
    mst_progress_enable(!h->json && !h->quiet && h->root);
    mst_status st = load_graph(h);
    /* The solves' settings that depend on the machine now, once the load has let the commands
     * started beside this one (the shell's, a pipe's) settle. */
    if (st == MST_OK && h->s->configure != NULL)
        st = h->hooks->agree(h->s->configure(h->own));
    if (st == MST_OK)
        mst_progress_step("%s: %s: n = %" PRIu32 ", m = %" PRIu64 ", loaded in %.2f s\n",
                          h->s->program, h->graph, h->g.n, h->g.m, h->load_s);
    if (st == MST_OK && r > 0) {
        /* Without --round-weights the rounds' weights are random, and the load's must be too. */
        h->src = (mst_round_source){h->round_weights, h->lo.seed, r, h->lo.weight_type};
        if (h->round_weights != NULL)
            snprintf(h->weights, sizeof h->weights, "file %s", h->round_weights);
        else
            snprintf(h->weights, sizeof h->weights, "random, seeds %" PRIu64 "..%" PRIu64,
                     h->lo.seed + 1, h->lo.seed + r);
        if (h->round_weights == NULL && h->g.weight_origin != MST_WEIGHTS_RANDOM)
            st = mst_fail(MST_EUSAGE, "--rounds without --round-weights draws random weights: "
                          "the graph's weights must be random too (--weights random)");
        else if (h->hooks->rekey == NULL)
            st = mst_fail(MST_EUSAGE, "%s cannot change its shares' weights (--rounds)",
                          h->s->program);
        st = h->hooks->agree(st);
    }
    /* The forest (at most min(m, n - 1) edges; ranks other than 0 receive none), the trials'
     * phases and the rounds' arrays. */
    if (st == MST_OK) {
        h->forest.capacity = h->root ? (h->g.m < h->g.n ? h->g.m : h->g.n) + 1 : 1;
        if ((h->forest.eid = mst_alloc(h->forest.capacity, sizeof *h->forest.eid)) == NULL ||
            (h->ph = mst_calloc(h->trials + 1, sizeof *h->ph)) == NULL ||
            (r > 0 && ((h->round_s = mst_alloc(r, sizeof *h->round_s)) == NULL ||
                       (h->totals = mst_calloc(r, sizeof *h->totals)) == NULL ||
                       (h->round_verified = mst_alloc(r, sizeof *h->round_verified)) == NULL ||
                       (h->round_ph = mst_calloc(h->o.phases ? r : 1, sizeof *h->round_ph)) ==
                           NULL)))
            st = MST_ERESOURCE;
        st = h->hooks->agree(st);
    }
    if (st == MST_OK) {
        if (r > 0)
            st = rekey(h, 1); /* round 1's keys stay flipped (--maximum) for its prepared solve */
        else
            flip_keys(h);
    }
    if (st == MST_OK)
        st = h->hooks->agree(trials(h));
    h->ctx = (mst_run_context){1, 1, ""}; /* where it ran: the summary's, the verifier's threads */
    if (st == MST_OK && h->root && h->s->context != NULL)
        h->s->context(&h->o, &h->ctx);
    if (st == MST_OK && r > 0) {
        st = rounds(h);
        if (st == MST_EVERIFY) { /* rank 0 knows which round (none: a one-shot trial differed) */
            h->failed_round = h->failed_round ? h->failed_round : 1;
            st = MST_OK;
        }
    } else {
        flip_keys(h); /* totals, verification and --output see the file's weights */
    }
    if (st != MST_OK)
        return fail(h, st);
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
    /* A usage error is reported after init, so that with ranks only rank 0 prints it. */
    mst_status st = s->init != NULL ? s->init(&argc, &argv, h.own) : MST_OK;
    if (st != MST_OK) {
        fprintf(stderr, "%s: error: %s\n", s->program, mst_last_error());
        free(h.own);
        return (int)st;
    }
    h.distributed = s->dist != NULL;
    h.hooks = h.distributed ? s->dist : &one_process;
    h.root = h.hooks->rank() == 0;
    int code;
    if (pst != MST_OK) {
        if (h.root)
            fprintf(stderr, "%s: error: %s (try --help)\n", s->program, mst_last_error());
        code = (int)pst;
    } else {
        code = run(&h);
    }
    if (h.state != NULL)
        h.variant->release(h.state);
    /* Ranks return rank 0's exit code (verification and --output happen there). */
    code = (int)h.hooks->agree((mst_status)code);
    /* finalize first: a solver may hold on to the graph's and the forest's arrays until then
     * (mst-cuda keeps them page-locked). */
    if (s->finalize != NULL)
        s->finalize();
    free(h.forest.eid);
    free(h.ph);
    free(h.round_s);
    free(h.totals);
    free(h.round_verified);
    free(h.round_ph);
    free(h.trace.ids);
    free(h.trace.end);
    free(h.own);
    mst_graph_free(&h.g);
    return code;
}

/* ---- Phase times and counters that the solvers record (solver.h). ---- */

/* The slot of `name` in names[0..*count), added if new; -1 (dropped counted) when full. */
static int phase_slot(mst_phases *ph, const char **names, int *count, const char *name)
{
    for (int i = 0; i < *count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    if (*count == MST_MAX_PHASES)
        return ph->dropped++, -1;
    names[*count] = name;
    return (*count)++;
}

void mst_phase_add(mst_phases *ph, const char *name, double seconds)
{
    int i = ph != NULL ? phase_slot(ph, ph->name, &ph->count, name) : -1;
    if (i >= 0)
        ph->seconds[i] += seconds;
}

void mst_phase_count(mst_phases *ph, const char *name, uint64_t value)
{
    int i = ph != NULL ? phase_slot(ph, ph->counter_name, &ph->counters, name) : -1;
    if (i >= 0)
        ph->counter[i] = value;
}

void mst_phase_round(mst_phases *ph, uint64_t n, uint64_t m)
{
    if (ph == NULL)
        return;
    if (ph->rounds == MST_MAX_ROUNDS) {
        ph->dropped++;
        return;
    }
    ph->round_n[ph->rounds] = n;
    ph->round_m[ph->rounds++] = m;
}

uint64_t mst_phase_counter(const mst_phases *ph, const char *name)
{
    for (int i = 0; ph != NULL && i < ph->counters; i++)
        if (strcmp(ph->counter_name[i], name) == 0)
            return ph->counter[i];
    return 0;
}
