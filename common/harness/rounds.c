/*
 * rounds.c: --rounds, the repeated MSF of one topology with new weights every round (Ma and
 * Wan, "Heterogeneous CPU-GPU Orchestration for Repeated Minimum Spanning Tree Computation",
 * sections 3 and 4; docs/rounds.md). After the one load:
 *   1. round 1's weights; the untimed warm-up and --trials timed solve() calls on them: the
 *      one-shot time per round (their median), the reference of the break-even round;
 *   2. the variant's prepare(), once, timed: the setup time (none without a prepared path);
 *   3. rounds 1..R: the round's weights (untimed), one timed solve_prepared() (or solve()),
 *      then, untimed, its verification (every --verify-every K-th round) and its --output file;
 *   4. release(), and the summary: setup, round times, break-even, cumulative curve.
 * With ranks, rank 0 holds the whole graph and sets each round's weights on it; the rekey hook
 * gives every rank's share the same keys. Round 1's forest must equal the one-shot trials' (a
 * check of the prepared path on every run, verified or not).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_run.h"
#include "msf_io.h"
#include "timer.h"
#include "verify.h"
#include "weights_file.h"

/* The state of the rounds of one run. */
typedef struct rounds_run {
    harness *h;
    mst_round_source src;
    mst_rounds_result res;
    double *round_s, *cumulative_s, *sorted; /* [R] */
    mst_weight_sum *totals;                  /* [R] (rank 0) */
    signed char *verified;                   /* [R] */
    mst_phases *ph;                          /* [R] with --phases, else [1] (reused) */
    mst_phases setup_ph;
    void *state;                             /* the variant's prepared state */
    uint64_t oneshot_fp;                     /* fingerprint of the one-shot trials' forest */
    uint64_t failed;                         /* the round that failed verification (0: none) */
    double verify_s;
    char weights[160];
    char why[1024];
} rounds_run;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double mst_harness_median(double *v, uint64_t n, double *min_out, double *max_out)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    if (min_out != NULL)
        *min_out = v[0];
    if (max_out != NULL)
        *max_out = v[n - 1];
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Without --round-weights the rounds' weights are random: the load's must have been too. */
static mst_status check_source(rounds_run *rr)
{
    harness *h = rr->h;
    rr->src = (mst_round_source){h->a.round_weights, h->lo.seed, h->a.rounds,
                                 h->lo.weight_type};
    if (h->a.round_weights != NULL)
        snprintf(rr->weights, sizeof rr->weights, "file %s", h->a.round_weights);
    else
        snprintf(rr->weights, sizeof rr->weights, "random, seeds %" PRIu64 "..%" PRIu64,
                 h->lo.seed + 1, h->lo.seed + h->a.rounds);
    if (h->a.round_weights == NULL && h->g.weight_origin != MST_WEIGHTS_RANDOM)
        return mst_fail(MST_EUSAGE, "--rounds without --round-weights draws random weights: "
                        "the graph's weights must be random too (--weights random)");
    if (h->dist != NULL && h->dist->rekey == NULL)
        return mst_fail(MST_EUSAGE, "%s cannot change its shares' weights (--rounds)",
                        h->s->program);
    return MST_OK;
}

static mst_status allocate(rounds_run *rr)
{
    uint64_t n = rr->h->a.rounds;
    mst_status st = mst_harness_allocate(rr->h);
    if (st != MST_OK)
        return st;
    if ((rr->round_s = mst_alloc(n, sizeof *rr->round_s)) == NULL ||
        (rr->cumulative_s = mst_alloc(n, sizeof *rr->cumulative_s)) == NULL ||
        (rr->sorted = mst_alloc(n, sizeof *rr->sorted)) == NULL ||
        (rr->totals = mst_calloc(n, sizeof *rr->totals)) == NULL ||
        (rr->verified = mst_alloc(n, sizeof *rr->verified)) == NULL ||
        (rr->ph = mst_calloc(rr->h->a.phases ? n : 1, sizeof *rr->ph)) == NULL)
        st = MST_ERESOURCE;
    return mst_harness_agree(rr->h, st);
}

/* Gives g (rank 0's whole graph, or the one process's) and every rank's share round r's
 * weights, keys flipped for --maximum. Untimed. */
static mst_status set_round(rounds_run *rr, uint64_t r)
{
    harness *h = rr->h;
    mst_status st = MST_OK;
    if (h->dist == NULL || h->root)
        st = mst_round_weights_apply(&rr->src, r, &h->g);
    st = mst_harness_agree(h, st);
    if (st == MST_OK && h->dist != NULL)
        st = h->dist->rekey(&h->g, rr->src.path == NULL && rr->src.weight_type == 0,
                            rr->src.seed + r);
    mst_harness_flip_keys(h);
    return st;
}

/* The variant's prepare(), timed as the setup (a barrier first, the slowest rank's time). */
static mst_status prepare(rounds_run *rr)
{
    harness *h = rr->h;
    rr->setup_ph.kernel_s = -1;
    if (h->variant->prepare == NULL)
        return MST_OK;
    if (h->dist != NULL)
        h->dist->barrier();
    double t0 = mst_now_s();
    mst_status st = h->variant->prepare(&h->g, &h->o, &rr->state, &rr->setup_ph);
    rr->res.setup_s = mst_now_s() - t0;
    if (h->dist != NULL)
        rr->res.setup_s = h->dist->time_max(rr->res.setup_s);
    return mst_harness_agree(h, st);
}

/* One timed solve of round r's weights, on the prepared path where the variant has one. */
static mst_status solve_round(rounds_run *rr, uint64_t r)
{
    harness *h = rr->h;
    mst_phases *ph = &rr->ph[h->a.phases ? r - 1 : 0];
    memset(ph, 0, sizeof *ph);
    ph->kernel_s = -1;
    h->forest.count = 0;
    if (h->dist != NULL)
        h->dist->barrier();
    double t0 = mst_now_s();
    mst_status st = h->variant->prepare != NULL
                        ? h->variant->solve_prepared(rr->state, &h->g, &h->o, &h->forest, ph)
                        : h->variant->solve(&h->g, &h->o, &h->forest, ph);
    double s = mst_now_s() - t0;
    if (st == MST_OK && ph->dropped > 0)
        st = mst_fail(MST_EINTERNAL, "the solver recorded more than %d phases, counters or "
                      "%d rounds", MST_MAX_PHASES, MST_MAX_ROUNDS);
    if (st == MST_OK && h->dist != NULL)
        s = h->dist->time_max(s);
    rr->round_s[r - 1] = s;
    return st;
}

/* Rank 0, untimed: round r's total, the check against the one-shot forest (round 1), its
 * verification when due and its --output file. MST_EVERIFY (why[]) when the forest is wrong. */
static mst_status check_round(rounds_run *rr, uint64_t r)
{
    harness *h = rr->h;
    const mst_forest *f = &h->forest;
    rr->totals[r - 1] = mst_weight_total(&h->g, f->eid, f->count);
    rr->verified[r - 1] = -1;
    if (r == 1 && mst_harness_fingerprint(f) != rr->oneshot_fp) {
        snprintf(rr->why, sizeof rr->why, "round 1: the prepared path returned another edge "
                 "set than solve() on the same weights");
        rr->verified[0] = 0;
        return MST_EVERIFY;
    }
    if (!h->a.no_verify && (r - 1) % h->a.verify_every == 0) {
        double t0 = mst_now_s();
        uint64_t c = 0;
        mst_status vs = mst_verify_forest_objective(&h->g, f->eid, f->count, &c, h->a.maximum);
        rr->verify_s += mst_now_s() - t0;
        if (vs == MST_ERESOURCE)
            return vs;
        rr->verified[r - 1] = vs == MST_OK;
        if (vs != MST_OK) {
            snprintf(rr->why, sizeof rr->why, "round %" PRIu64 ": %s", r, mst_last_error());
            return MST_EVERIFY;
        }
        rr->res.verified_rounds++;
    }
    if (h->a.output == NULL)
        return MST_OK;
    char path[4096], producer[160];
    snprintf(path, sizeof path, "%s.%" PRIu64, h->a.output, r);
    snprintf(producer, sizeof producer, "%s --algo %s, round %" PRIu64 " (%s)", h->s->program,
             h->o.algo, r, rr->src.path != NULL ? "--round-weights" : "random weights");
    return mst_msf_write(path, &h->g, h->forest.eid, h->forest.count, producer,
                         h->a.output_format == 1 ? MST_MSF_IDS : MST_MSF_EDGES, h->a.maximum);
}

/* Rounds 1..R; stops at the first failure (MST_EVERIFY: rank 0's rr->failed says where). */
static mst_status run_rounds(rounds_run *rr)
{
    harness *h = rr->h;
    mst_status st = MST_OK;
    for (uint64_t r = 1; r <= h->a.rounds && st == MST_OK; r++) {
        if (r > 1 && (st = set_round(rr, r)) != MST_OK)
            break;
        st = solve_round(rr, r);
        mst_harness_flip_keys(h); /* the file's order for totals, verification, --output */
        if (st != MST_OK)
            break;
        mst_status cs = h->root ? check_round(rr, r) : MST_OK;
        if (cs == MST_EVERIFY)
            rr->failed = r;
        st = mst_harness_agree(h, cs);
        if (st == MST_OK || st == MST_EVERIFY) /* a failed round is reported too */
            rr->res.rounds = r;
    }
    return st;
}

/* Setup, round times, the cumulative curve and the break-even round (docs/rounds.md). */
static void finish_result(rounds_run *rr)
{
    mst_rounds_result *res = &rr->res;
    uint64_t n = res->rounds;
    res->prepared = rr->h->variant->prepare != NULL;
    res->weights = rr->weights;
    res->setup_phases = res->prepared ? &rr->setup_ph : NULL;
    res->round_s = rr->round_s;
    res->cumulative_s = rr->cumulative_s;
    res->totals = rr->totals;
    res->verified = rr->verified;
    double sum = res->setup_s;
    for (uint64_t r = 1; r <= n; r++) {
        sum += rr->round_s[r - 1];
        rr->cumulative_s[r - 1] = sum;
        if (res->prepared && res->break_even == 0 && sum <= (double)r * res->oneshot_s)
            res->break_even = r;
    }
    if (n == 0)
        return;
    memcpy(rr->sorted, rr->round_s, n * sizeof *rr->sorted);
    res->round_median_s = mst_harness_median(rr->sorted, n, &res->round_min_s,
                                             &res->round_max_s);
}

/* Rank 0: the summary or JSON; returns the exit code. */
static int report(rounds_run *rr)
{
    harness *h = rr->h;
    mst_run_result r;
    mst_harness_summarize(h, &r); /* the one-shot trials' times; the last round's forest */
    rr->res.oneshot_s = r.compute_median_s;
    finish_result(rr);
    r.rounds = &rr->res;
    r.verified = rr->failed ? 0 : rr->res.verified_rounds > 0 ? 1 : -1;
    r.verify_s = rr->verify_s;
    r.verify_message = rr->why;
    /* The median round's phases (kept for every round with --phases only). */
    r.phases = NULL;
    for (uint64_t i = 0; h->a.phases && i < rr->res.rounds; i++)
        if (rr->round_s[i] == rr->sorted[(rr->res.rounds - 1) / 2])
            r.phases = &rr->ph[i];
    FILE *f = stdout;
    (h->a.json ? mst_print_json : mst_print_summary)(f, &r);
    fflush(f);
    if (rr->failed) {
        fprintf(stderr, "%s: error: verification failed: %s\n", h->s->program, rr->why);
        return MST_EVERIFY;
    }
    return 0;
}

/* The one-shot reference: warm-up and --trials solve() calls on round 1's weights. */
static mst_status oneshot(rounds_run *rr)
{
    harness *h = rr->h;
    mst_status st = mst_harness_trials(h);
    rr->oneshot_fp = mst_harness_fingerprint(&h->forest);
    if (st == MST_OK && h->root && h->differing_trial > 0) {
        snprintf(rr->why, sizeof rr->why, "one-shot trial %d returned another edge set than "
                 "the warm-up", h->differing_trial);
        return MST_EVERIFY;
    }
    return st;
}

static void free_run(rounds_run *rr)
{
    if (rr->state != NULL)
        rr->h->variant->release(rr->state);
    free(rr->round_s);
    free(rr->cumulative_s);
    free(rr->sorted);
    free(rr->totals);
    free(rr->verified);
    free(rr->ph);
}

int mst_harness_rounds(harness *h)
{
    rounds_run rr;
    memset(&rr, 0, sizeof rr);
    rr.h = h;
    mst_status st = mst_harness_agree(h, check_source(&rr));
    if (st == MST_OK)
        st = allocate(&rr);
    if (st == MST_OK)
        st = set_round(&rr, 1);
    if (st == MST_OK) /* round 1's keys stay flipped (--maximum) for its prepared solve */
        st = mst_harness_agree(h, oneshot(&rr));
    if (st == MST_OK)
        st = prepare(&rr);
    if (st == MST_OK)
        st = run_rounds(&rr);
    if (st == MST_EVERIFY) { /* rank 0 knows which round; the others stop with it */
        rr.failed = rr.failed ? rr.failed : 1;
        st = MST_OK;
    }
    int code = st != MST_OK ? mst_harness_error(h, st) : h->root ? report(&rr) : 0;
    free_run(&rr);
    return code;
}
