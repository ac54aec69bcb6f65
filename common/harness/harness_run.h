/*
 * harness_run.h: the state of one solver run, shared by the harness's two drivers: the trials
 * of one set of weights (harness.c) and the repeated rounds of --rounds (rounds.c). Private to
 * common/harness.
 */
#ifndef MST_HARNESS_RUN_H
#define MST_HARNESS_RUN_H

#include <stdint.h>

#include "loader.h"
#include "solver.h"
#include "summary.h"

#define MST_HARNESS_MAX_TRIALS 1000
#define MST_HARNESS_MAX_ROUNDS 10000

/* The harness's own options (the "run options" group). */
typedef struct run_args {
    const char *algo;
    uint64_t trials;
    const char *output;
    int output_format; /* 0 edges, 1 ids */
    int no_verify;
    int json;
    int phases;
    int maximum;
    uint64_t rounds;         /* --rounds R (0: one set of weights) */
    const char *round_weights; /* --round-weights FILE or PATTERN (NULL: random) */
    uint64_t verify_every;   /* --verify-every K */
} run_args;

/* One run of a solver: what the command line asked and what the trials found. */
typedef struct harness {
    const mst_solver_desc *s;
    const mst_dist_hooks *dist; /* NULL: one process */
    int root;                   /* this process prints (rank 0) */
    run_args a;
    mst_load_options lo;
    const char *graph;
    const mst_variant *variant;
    void *own;                  /* the solver's own options (mst_options.own) */
    mst_options o;
    mst_graph g;
    mst_forest forest;
    mst_phases *ph;             /* [trials + 1], trial 0 is the warm-up */
    double *times, *kernel;     /* [trials] */
    double load_s;
    int differing_trial;        /* first trial whose edge set differs from the warm-up's */
} harness;

/* Prints "PROGRAM: error: MESSAGE" on the printing rank; returns st as an exit code. */
int mst_harness_error(const harness *h, mst_status st);

/* All ranks' verdict on st (solver.h, agree); st itself for one process. */
mst_status mst_harness_agree(const harness *h, mst_status st);

/* Allocates the forest, and phases and times of `trials` trials (agreed). */
mst_status mst_harness_allocate(harness *h);

/* --maximum for one process: flips g's keys to UINT32_MAX - key (again: restores them). */
void mst_harness_flip_keys(harness *h);

/* The untimed warm-up and `trials` timed solve() calls on g's current weights (harness.c). */
mst_status mst_harness_trials(harness *h);

/* The result of the trials (median, phases, totals), without verification. */
void mst_harness_summarize(const harness *h, mst_run_result *r);

/* An order-independent fingerprint of a forest's edge set. */
uint64_t mst_harness_fingerprint(const mst_forest *f);

/* Median of v[0..n-1] (mean of the middle two for even n), sorting v in place; *min_out and
 * *max_out (either may be NULL) get its extremes. n >= 1. */
double mst_harness_median(double *v, uint64_t n, double *min_out, double *max_out);

/* --rounds: runs every round after the load and reports; returns the exit code (rounds.c). */
int mst_harness_rounds(harness *h);

#endif
