/*
 * solver.h: the contract between the shared harness (common/harness.c) and a solver.
 *
 * Every executable is the harness plus one solver folder (seq/, openmp/, cuda/, mpi/) that
 * defines the symbols below, after Graph500's reference drivers: the harness parses the common
 * command line, loads the graph, runs one untimed warm-up and `trials` timed calls of
 * mst_solve(), verifies, prints and writes the output; the solver only computes.
 */
#ifndef MST_SOLVER_H
#define MST_SOLVER_H

#include <stdint.h>

#include "graph.h"
#include "loader.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Options of the common command line (DESIGN.md) that reach the solver. */
typedef struct mst_options {
    const char *algo; /* --algo: one of mst_solver.algos (the harness checks) */
    int threads;      /* -t/--threads N (0: the solver's default, e.g. all cores) */
    int device;       /* --device D (CUDA) */
    int phases;       /* --phases asked: solvers may time finer steps */
} mst_options;

/* The answer: ids of the forest's edges, any order. The harness allocates eid with room for
 * min(m, n) + 1 edges (a forest has at most min(m, n - 1)) and the solver sets count. */
typedef struct mst_forest {
    uint64_t *eid;     /* [capacity] */
    uint64_t count;
    uint64_t capacity;
} mst_forest;

#define MST_MAX_PHASES 16

/* Per-trial phase times and counters, filled by the solver (names are static strings). */
typedef struct mst_phases {
    int count;
    const char *name[MST_MAX_PHASES];
    double seconds[MST_MAX_PHASES];
    int counters;
    const char *counter_name[MST_MAX_PHASES];
    uint64_t counter[MST_MAX_PHASES];
    double kernel_s; /* GPU solvers: time with the graph already on the device (< 0: n/a) */
} mst_phases;

/* Adds seconds to the phase called `name` (created on first use). ph may be NULL. */
void mst_phase_add(mst_phases *ph, const char *name, double seconds);

/* Sets the counter called `name` (rounds, worklist sizes...). ph may be NULL. */
void mst_phase_count(mst_phases *ph, const char *name, uint64_t value);

/* What the summary says about where a run ran. */
typedef struct mst_run_context {
    int threads;      /* threads used (1 for sequential) */
    int ranks;        /* MPI ranks (1 otherwise) */
    char device[128]; /* GPU name, or "" */
} mst_run_context;

/* A solver's description, defined once in its folder. */
typedef struct mst_solver_info {
    const char *program;      /* "mst-seq" */
    const char *description;  /* one line for --help */
    const char *const *algos; /* NULL-terminated; the first is the default */
    const char *usage;        /* help lines for the solver's own options, or "" */
} mst_solver_info;

extern const mst_solver_info mst_solver;

/* Called first with main's arguments (MPI_Init, device discovery, or nothing).
 * Errors: MST_ERESOURCE (no device...). */
mst_status mst_solver_init(int *argc, char ***argv);

/*
 * Offers the solver an option the harness does not know ("--dsu", "lock"). Set *used_value to 1
 * if the option took `value` (which may be NULL when it is the last argument).
 * Errors: MST_EUSAGE if the option is unknown or its value is bad (with a message).
 */
mst_status mst_solver_option(const char *name, const char *value, int *used_value);

/* Fills the run context for the summary, after init and options. */
void mst_solver_context(const mst_options *o, mst_run_context *c);

/*
 * Computes the minimum spanning forest of g under the (key, edge id) order into out, and may
 * fill ph. Must leave g unchanged and give the same edge set on every call.
 * Errors: MST_ERESOURCE (memory, size limits), with a message.
 */
mst_status mst_solve(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph);

/* Called last (MPI_Finalize...). */
void mst_solver_finalize(void);

/*
 * Distributed solvers (mst-mpi): every rank runs the harness, and the solver supplies these
 * hooks through mst_solver_dist(). Every other solver leaves that function undefined and links
 * the default of common/solver_dist.c, which returns NULL: the harness then behaves as a single
 * process. With hooks, the harness
 *   - prints usage, errors, the summary and writes --output on rank 0 only;
 *   - loads the whole graph on rank 0 only when it verifies or writes --output (both need it),
 *     then calls load() on every rank: each rank reads its own share into the solver's storage
 *     (memory O((n + m) / p)), and g gets the graph's header (name, n, m, weight type, ...),
 *     with NULL arrays where the whole graph is not held;
 *   - runs each trial as barrier(), mst_solve() on every rank, then time_max(): a trial's
 *     compute time is that of the slowest rank. mst_solve() returns the same status on every
 *     rank and the forest on rank 0 only (out->capacity is 1 elsewhere);
 *   - passes every status that decides its path through agree(), so that all ranks take the
 *     same path and rank 0 can print the first failing rank's message.
 */
typedef struct mst_dist_hooks {
    /* This process's rank (0 prints). */
    int (*rank)(void);
    /* Collective: returns the status of the lowest-numbered rank whose st is not MST_OK (or
     * MST_OK) on every rank, with that rank's message recorded as mst_last_error() everywhere. */
    mst_status (*agree)(mst_status st);
    /* Collective: loads this rank's share of `path` for the algorithm o->algo. g is the whole
     * graph where have_whole (rank 0, already loaded), else it is filled with the header only.
     * Returns an agreed status (MST_EINPUT, MST_ERESOURCE as the loaders do). */
    mst_status (*load)(const char *path, const mst_load_options *lo, const mst_options *o,
                       mst_graph *g, int have_whole);
    /* Collective: waits for every rank. */
    void (*barrier)(void);
    /* Collective: the largest of the ranks' `seconds`, on every rank. */
    double (*time_max)(double seconds);
    /* Rank 0: total weight of the forest of the last mst_solve() (g may lack key arrays). */
    mst_weight_sum (*forest_weight)(const mst_graph *g, const mst_forest *f);
    /* Rank 0: extra summary lines (json = 0) or extra JSON members ("\"key\":value,...")
     * describing the trial whose phases are `ph`, or NULL for none. Static storage. */
    const char *(*stats)(const mst_phases *ph, int json);
} mst_dist_hooks;

/* The distributed solver's hooks, or NULL (every single-process solver). */
const mst_dist_hooks *mst_solver_dist(void);

#ifdef __cplusplus
}
#endif

#endif
