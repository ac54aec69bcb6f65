/*
 * summary.h: the one place that prints a run's result, as the human summary or as one JSON
 * object (docs/design.md, Output), so the four solvers' outputs cannot drift apart.
 */
#ifndef MST_SUMMARY_H
#define MST_SUMMARY_H

#include <stdio.h>

#include "graph.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What --rounds adds to a run's result (docs/rounds.md). Times in seconds; rounds are numbered
 * 1..rounds and the arrays indexed by round - 1. */
typedef struct mst_rounds_result {
    uint64_t rounds;
    int prepared;                /* the variant has a prepared path (prepare / solve_prepared) */
    const char *weights;         /* where the weights came from, for the summary */
    double setup_s;              /* prepare(), once (0 without a prepared path) */
    const mst_phases *setup_phases; /* what prepare() recorded, or NULL */
    const double *round_s;       /* [rounds] each round's solve_prepared() (or solve()) */
    const double *cumulative_s;  /* [rounds] setup_s + round_s[0..r] */
    double round_median_s, round_min_s, round_max_s;
    double oneshot_s;            /* median of the timed solve() trials on round 1's weights */
    uint64_t break_even;         /* first r with cumulative_s[r-1] <= r oneshot_s; 0: none */
    const mst_weight_sum *totals;/* [rounds] each round's forest weight */
    const signed char *verified; /* [rounds] 1 ok, 0 failed, -1 skipped */
    uint64_t verified_rounds;
} mst_rounds_result;

typedef struct mst_run_result {
    const char *program;     /* "mst-seq" */
    const char *algo;
    const mst_graph *g;
    mst_run_context ctx;
    double load_s;
    int trials;
    double compute_median_s, compute_min_s; /* seconds, whole mst_solve() calls */
    double kernel_median_s, kernel_min_s;   /* GPU time without transfers (< 0: n/a) */
    int maximum;             /* the maximum spanning forest (--maximum) */
    double rank_s;           /* ranking 64-bit weights into keys (reported apart from load_s) */
    uint64_t msf_edges;
    uint64_t components;
    mst_weight_sum msf_weight;
    int verified;            /* 1 ok, 0 failed, -1 skipped */
    double verify_s;
    const char *verify_message; /* the violation when verified == 0 */
    const mst_phases *phases;   /* of the median trial */
    int show_phases;
    const char *extra;          /* solver's extra summary lines, or extra JSON members
                                   ("\"key\":value,..."), or NULL (solver.h, stats hook) */
    const mst_rounds_result *rounds; /* --rounds, or NULL */
} mst_run_result;

/* Prints the multi-line human summary. */
void mst_print_summary(FILE *f, const mst_run_result *r);

/* Prints one JSON object on one line (keys: docs/design.md, Output; "phases" with show_phases). */
void mst_print_json(FILE *f, const mst_run_result *r);

#ifdef __cplusplus
}
#endif

#endif
