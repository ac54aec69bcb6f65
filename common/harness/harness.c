/* harness.c: the shared driver of every solver executable (see harness.h, DESIGN.md). */
#include "harness.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "loader.h"
#include "msf_io.h"
#include "progress.h"
#include "solver.h"
#include "summary.h"
#include "timer.h"
#include "verify.h"

#define MAX_TRIALS 1000

typedef struct harness_args {
    mst_options o;
    mst_load_options lo;
    int trials;
    int verify;
    int json;
    const char *output;
    const char *graph;
} harness_args;

static void usage(FILE *f)
{
    fprintf(f, "usage: %s [options] GRAPH\n%s\n\noptions:\n", mst_solver.program,
            mst_solver.description);
    fprintf(f, "  --algo A            algorithm:");
    for (int i = 0; mst_solver.algos[i] != NULL; i++)
        fprintf(f, " %s%s", mst_solver.algos[i], i == 0 ? " (default)" : "");
    fprintf(f, "\n  --trials N          timed runs after one untimed warm-up (default 5)\n"
               "  --output FILE       write the MSF edges as 'u v w' lines (input's numbering)\n"
               "  --no-verify         skip the certifying verifier\n"
               "  --json              one JSON object on stdout instead of the summary\n"
               "  --phases            per-phase times of the median trial\n"
               "  -t, --threads N     threads (parallel solvers)\n"
               "  --device D          CUDA device (GPU solver)\n"
               "  -h, --help          this text\n%s%s",
            mst_cli_load_usage, mst_solver.usage);
}

/* Parses argv into *a. Returns MST_OK, MST_EUSAGE with a message, or -1 for --help. */
static int parse_args(int argc, char **argv, harness_args *a)
{
    memset(a, 0, sizeof *a);
    a->lo = mst_load_options_default();
    a->o.algo = mst_solver.algos[0];
    a->trials = 5;
    a->verify = 1;
    for (int i = 1; i < argc; i++) {
        char namebuf[64];
        const char *inline_value, *name = mst_cli_split(argv[i], namebuf, sizeof namebuf,
                                                        &inline_value);
        const char *value = inline_value ? inline_value : (i + 1 < argc ? argv[i + 1] : NULL);
        int used = 0;
        uint64_t x;
        if (name[0] != '-' || strcmp(name, "-") == 0) {
            if (a->graph != NULL)
                return mst_fail(MST_EUSAGE, "more than one graph given ('%s', '%s')", a->graph,
                                name);
            a->graph = name;
            continue;
        }
        if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0)
            return -1;
        int r = mst_cli_load_option(&a->lo, name, value, &used);
        if (r < 0)
            return MST_EUSAGE;
        if (r == 0) {
            used = 1;
            if (strcmp(name, "--no-verify") == 0) {
                a->verify = 0, used = 0;
            } else if (strcmp(name, "--json") == 0) {
                a->json = 1, used = 0;
            } else if (strcmp(name, "--phases") == 0) {
                a->o.phases = 1, used = 0;
            } else if (value == NULL && (strcmp(name, "--algo") == 0 ||
                                         strcmp(name, "--trials") == 0 ||
                                         strcmp(name, "--output") == 0 ||
                                         strcmp(name, "-t") == 0 ||
                                         strcmp(name, "--threads") == 0 ||
                                         strcmp(name, "--device") == 0)) {
                return mst_fail(MST_EUSAGE, "option %s needs a value", name);
            } else if (strcmp(name, "--algo") == 0) {
                int found = 0;
                for (int k = 0; mst_solver.algos[k] != NULL; k++)
                    if (strcmp(mst_solver.algos[k], value) == 0)
                        a->o.algo = mst_solver.algos[k], found = 1;
                if (!found)
                    return mst_fail(MST_EUSAGE, "unknown --algo '%s' (run --help for the list)",
                                    value);
            } else if (strcmp(name, "--trials") == 0) {
                if (mst_cli_parse_count(name, value, MAX_TRIALS, &x) != 0)
                    return MST_EUSAGE;
                a->trials = (int)x;
            } else if (strcmp(name, "--output") == 0) {
                a->output = value;
            } else if (strcmp(name, "-t") == 0 || strcmp(name, "--threads") == 0) {
                if (mst_cli_parse_count(name, value, 4096, &x) != 0)
                    return MST_EUSAGE;
                a->o.threads = (int)x;
            } else if (strcmp(name, "--device") == 0) {
                if (mst_cli_parse_u64(name, value, 1024, &x) != 0)
                    return MST_EUSAGE;
                a->o.device = (int)x;
            } else {
                used = 0;
                mst_status st = mst_solver_option(name, value, &used);
                if (st != MST_OK)
                    return st;
            }
        }
        if (used && inline_value == NULL)
            i++;
        else if (!used && inline_value != NULL)
            return mst_fail(MST_EUSAGE, "option %s takes no value", name);
    }
    if (a->graph == NULL)
        return mst_fail(MST_EUSAGE, "no graph given");
    return MST_OK;
}

/* An order-independent fingerprint of an edge set, to check that trials agree. */
static uint64_t forest_fingerprint(const mst_forest *f)
{
    uint64_t h = f->count * 0x9E3779B97F4A7C15ull;
    for (uint64_t i = 0; i < f->count; i++) {
        uint64_t x = f->eid[i] + 0x632BE59BD9B4E019ull;
        x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
        h += x ^ (x >> 29);
    }
    return h;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n-1] (mean of the middle two for even n); sorts a copy. */
static double median(const double *v, int n, double *min_out)
{
    double s[MAX_TRIALS + 1];
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    *min_out = s[0];
    return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

static int report_error(mst_status st)
{
    fprintf(stderr, "%s: error: %s\n", mst_solver.program, mst_last_error());
    return (int)st;
}

/* All ranks' verdict on st (distributed solvers, solver.h); st itself for one process. */
static mst_status agree(const mst_dist_hooks *dist, mst_status st)
{
    return dist != NULL ? dist->agree(st) : st;
}

int mst_harness_main(int argc, char **argv)
{
    harness_args a;
    mst_graph g = {0};
    mst_forest forest = {0};
    mst_phases *ph = NULL;
    double *times = NULL, *kernel = NULL;
    int code = 0, initialized = 0;
    mst_status st = mst_solver_init(&argc, &argv);
    if (st != MST_OK)
        return report_error(st);
    initialized = 1;
    /* Distributed solvers: every rank runs this function; rank 0 ("root") prints. */
    const mst_dist_hooks *dist = mst_solver_dist();
    int root = dist == NULL || dist->rank() == 0;
    int pr = parse_args(argc, argv, &a); /* same verdict on every rank: same argv */
    if (pr < 0) {
        if (root)
            usage(stdout);
        goto done;
    }
    if (pr != MST_OK) {
        if (root)
            fprintf(stderr, "%s: error: %s (try --help)\n", mst_solver.program,
                    mst_last_error());
        code = MST_EUSAGE;
        goto done;
    }
    mst_progress_enable(!a.json && root);
    /* The whole graph: every process of a single-process solver; with ranks, rank 0 only and
     * only to verify or write --output (the solver's load hook reads each rank's share). */
    int whole = dist == NULL || (root && (a.verify || a.output != NULL));
    double t0 = mst_now_s();
    if (whole)
        st = mst_graph_load(a.graph, &a.lo, &g);
    if (dist != NULL && (st = dist->agree(st)) == MST_OK)
        st = dist->load(a.graph, &a.lo, &a.o, &g, whole);
    double load_s = mst_now_s() - t0;
    if (st != MST_OK)
        goto fail;
    if (dist != NULL)
        load_s = dist->time_max(load_s);

    /* A forest has at most min(m, n - 1) edges; ranks other than 0 receive none. */
    forest.capacity = root ? (g.m < g.n ? g.m : g.n) + 1 : 1;
    if ((forest.eid = mst_alloc(forest.capacity, sizeof *forest.eid)) == NULL ||
        (ph = mst_calloc((size_t)a.trials + 1, sizeof *ph)) == NULL ||
        (times = mst_alloc((size_t)a.trials, sizeof *times)) == NULL ||
        (kernel = mst_alloc((size_t)a.trials, sizeof *kernel)) == NULL)
        st = MST_ERESOURCE;
    if ((st = agree(dist, st)) != MST_OK)
        goto fail;
    /* Trial 0 is the untimed warm-up; every trial starts from the same const graph. With ranks,
     * a trial starts after a barrier and its time is the slowest rank's. */
    uint64_t fingerprint = 0;
    int differing_trial = -1;
    for (int t = 0; t <= a.trials; t++) {
        ph[t].kernel_s = -1;
        forest.count = 0;
        if (dist != NULL)
            dist->barrier();
        double s0 = mst_now_s();
        st = mst_solve(&g, &a.o, &forest, &ph[t]);
        double s = mst_now_s() - s0;
        if (st != MST_OK)
            goto fail;
        if (dist != NULL)
            s = dist->time_max(s);
        uint64_t fp = forest_fingerprint(&forest);
        if (t == 0)
            fingerprint = fp;
        else if (fp != fingerprint && differing_trial < 0)
            differing_trial = t;
        if (t > 0) {
            times[t - 1] = s;
            kernel[t - 1] = ph[t].kernel_s;
        }
    }
    if (!root)
        goto done;

    mst_run_result r;
    memset(&r, 0, sizeof r);
    r.program = mst_solver.program;
    r.algo = a.o.algo;
    r.g = &g;
    mst_solver_context(&a.o, &r.ctx);
    r.load_s = load_s;
    r.trials = a.trials;
    r.compute_median_s = median(times, a.trials, &r.compute_min_s);
    r.kernel_median_s = r.kernel_min_s = -1;
    if (kernel[0] >= 0)
        r.kernel_median_s = median(kernel, a.trials, &r.kernel_min_s);
    /* Phases of the trial whose time is the (lower) median. */
    double lower = 0;
    {
        double s[MAX_TRIALS + 1];
        memcpy(s, times, (size_t)a.trials * sizeof *s);
        qsort(s, (size_t)a.trials, sizeof *s, cmp_double);
        lower = s[(a.trials - 1) / 2];
    }
    for (int t = 0; t < a.trials; t++)
        if (times[t] == lower) {
            r.phases = &ph[t + 1];
            break;
        }
    r.show_phases = a.o.phases;
    if (dist != NULL && dist->stats != NULL)
        r.extra = dist->stats(r.phases, a.json);
    r.msf_edges = forest.count;
    r.msf_weight = dist == NULL || g.key != NULL ? mst_weight_total(&g, forest.eid, forest.count)
                                                 : dist->forest_weight(&g, &forest);
    r.components = g.n - forest.count;
    r.verified = -1;
    char why[1024] = "";
    if (differing_trial > 0) {
        snprintf(why, sizeof why, "trial %d returned a different edge set than the warm-up",
                 differing_trial);
        r.verified = 0;
    } else if (a.verify) {
        double v0 = mst_now_s();
        uint64_t c = 0;
        mst_status vs = mst_verify_forest(&g, forest.eid, forest.count, &c);
        r.verify_s = mst_now_s() - v0;
        if (vs == MST_ERESOURCE) {
            st = vs;
            goto fail;
        }
        r.verified = vs == MST_OK;
        if (vs != MST_OK)
            snprintf(why, sizeof why, "%s", mst_last_error());
        else
            r.components = c;
    }
    r.verify_message = why;
    if (a.json)
        mst_print_json(stdout, &r);
    else
        mst_print_summary(stdout, &r);
    fflush(stdout);
    if (r.verified == 0) {
        fprintf(stderr, "%s: error: verification failed: %s\n", mst_solver.program, why);
        code = MST_EVERIFY;
        goto done;
    }
    if (a.output != NULL) {
        char producer[128];
        snprintf(producer, sizeof producer, "%s --algo %s", mst_solver.program, a.o.algo);
        st = mst_msf_write(a.output, &g, forest.eid, forest.count, producer);
        if (st != MST_OK)
            goto fail;
    }
    goto done;
fail:
    /* Every rank gets here together (statuses were agreed) except from rank 0's own steps
     * after the trials; only rank 0 prints. */
    code = root ? report_error(st) : (int)st;
done:
    /* Ranks return rank 0's exit code (verification and --output happen there). */
    if (dist != NULL && initialized)
        code = (int)dist->agree((mst_status)code);
    free(forest.eid);
    free(ph);
    free(times);
    free(kernel);
    mst_graph_free(&g);
    if (initialized)
        mst_solver_finalize();
    return code;
}
