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

#ifdef __cplusplus
}
#endif

#endif
