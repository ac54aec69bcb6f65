/*
 * solver.h: the contract between the shared harness (harness.c) and a solver. A solver is one
 * folder (seq/, openmp/, cuda/, mpi/) defining one mst_solver_desc, the public symbol
 * mst_solver_<folder>: its variants (--algo), its option table and optional hooks. The harness
 * (after Graph500's reference drivers) parses, loads, runs the trials, verifies, prints and
 * writes; the solver only computes. libmst (lib/) calls the same descriptors.
 *
 * The option tables come first: the one command-line parser of every executable (solvers,
 * mst-gen and the tools). An executable describes its options as tables (name, value kind,
 * default, help line, where the value goes); the same tables drive parsing, `--help` and
 * `--describe` (one JSON object for scripts and tests), so usage text cannot drift from what
 * is parsed.
 */
#ifndef MST_SOLVER_H
#define MST_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "loader.h"
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- options */

/* What an option takes, and the C type of its field. */
typedef enum mst_opt_kind {
    MST_OPT_FLAG,   /* no value: stores `flag` (int) */
    MST_OPT_COUNT,  /* a whole number in 1..max (uint64_t) */
    MST_OPT_UINT,   /* a whole number in 0..max (uint64_t) */
    MST_OPT_REAL,   /* a real number x, 0 < x <= max (double) */
    MST_OPT_CHOICE, /* one of `choices`: its index (int) */
    MST_OPT_STRING, /* any text (const char *, pointing into argv or `def`) */
    MST_OPT_CUSTOM  /* parsed by `parse` into the field */
} mst_opt_kind;

/* One option. Tables end with an entry whose name is NULL. */
typedef struct mst_option {
    const char *name;            /* "--dsu" */
    const char *alias;           /* "-t", or NULL */
    mst_opt_kind kind;
    size_t offset;               /* of the field in the table's value struct (offsetof) */
    const char *def;             /* default in the option's own syntax, applied before parsing;
                                    FLAG: the int stored when neither flag is given ("-1");
                                    NULL: the field keeps what the caller set */
    const char *metavar;         /* "N" in "--trials N" */
    const char *help;            /* one line; "\n" continues it on the next line */
    const char *const *choices;  /* CHOICE: NULL-terminated */
    uint64_t max;                /* COUNT, UINT: largest value; REAL: too (0: no limit) */
    int flag;                    /* FLAG: value stored */
    /* CUSTOM: parses value into field; returns MST_OK or MST_EUSAGE with mst_fail's message */
    mst_status (*parse)(const char *option, const char *value, void *field);
} mst_option;

/* A table and the struct its offsets refer to, with the title --help prints above it. */
typedef struct mst_opt_group {
    const char *title;
    const mst_option *options;
    void *values;
} mst_opt_group;

/* A named variant (--algo of a solver, FAMILY of mst-gen) for --help and --describe. */
typedef struct mst_cli_variant {
    const char *name;
    const char *help;
} mst_cli_variant;

#define MST_CLI_MAX_GROUPS 6
#define MST_CLI_MAX_OPTIONS 64
#define MST_CLI_MAX_VARIANTS 32

/* Everything the parser, --help and --describe know of an executable. */
typedef struct mst_cli {
    const char *program;     /* "mst-seq" */
    const char *kind;        /* "solver" or "tool" (--describe) */
    const char *parallelism; /* "sequential", "threads", "gpu", "ranks", or NULL */
    const char *usage;       /* after the program name: "[options] GRAPH" */
    const char *description; /* one line */
    const char *notes;       /* more --help text, or NULL */
    int min_args, max_args;  /* positional arguments accepted (max < 0: any) */
    int ngroups;
    mst_opt_group groups[MST_CLI_MAX_GROUPS];
    int nvariants;
    const char *variants_title; /* "variants (--algo)" */
    mst_cli_variant variants[MST_CLI_MAX_VARIANTS];
} mst_cli;

/* What the command line asks for. */
typedef enum mst_cli_action { MST_CLI_RUN, MST_CLI_HELP, MST_CLI_DESCRIBE } mst_cli_action;

/*
 * Sets every field of every group to its option's default (mst_option.def), then parses
 * argv[1..argc) with getopt_long: options in any order ("--name value", "--name=value", a unique
 * prefix of a name, aliases as short options), positional arguments (anything not starting with
 * '-', "-", and everything after "--") into args[0..*nargs) in order (room for cli->max_args, or
 * argc entries when max_args < 0); argv is not reordered. "-h"/"--help" and "--describe" stop the
 * parse with *action set. Parses on several threads take turns (getopt_long's state is global).
 * Errors: MST_EUSAGE with a one-line message (unknown option, missing or bad value, a value
 * given to a flag, too few or too many arguments); MST_EINTERNAL for a programming error (a bad
 * default in a table, more than MST_CLI_MAX_OPTIONS options).
 */
mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action);

/*
 * mst_cli_parse for a tool's main(): prints --help, --describe or "PROGRAM: error: MESSAGE (try
 * --help)" itself. Returns -1 when the program should go on, else its exit code (0 after help
 * or describe, the error's status otherwise).
 */
int mst_cli_parse_main(const mst_cli *cli, int argc, char **argv, const char **args,
                       int *nargs);

/* Prints the usage, description, variants and every group's options with their defaults. */
void mst_cli_help(FILE *f, const mst_cli *cli);

/*
 * Prints one JSON object on one line: program, kind, parallelism, usage, description,
 * variants [{name, default, help}], options [{name, alias, kind, default, choices, help,
 * group}]. The first variant is the default.
 */
void mst_cli_describe(FILE *f, const mst_cli *cli);

/* Adds a group of options; returns 0, or -1 when the cli is full (a programming error). */
int mst_cli_add_group(mst_cli *cli, const char *title, const mst_option *options, void *values);

/*
 * Copies the table src (with its end entry) into dst[0..cap) and sets the default of the option
 * called `name` to `def`: for an executable whose default differs from a shared table's.
 * Returns 0, or -1 when dst is too small or has no such option (a programming error).
 */
int mst_options_with_default(mst_option *dst, size_t cap, const mst_option *src,
                             const char *name, const char *def);

/* Writes s as a JSON string (quotes, escapes). */
void mst_json_string(FILE *f, const char *s);

/* ---- What every executable shares, so that all read them alike. ---- */

/* The loading options (--format, --one-based, --vertices, --weights, --seed, --weight-type)
 * over an mst_load_options, with the defaults of mst_load_options_default(). */
extern const mst_option mst_load_option_table[];

/* Parses a whole decimal string into *out (at most `max`); returns 0 or -1 (message recorded
 * naming `option`). */
int mst_cli_parse_u64(const char *option, const char *s, uint64_t max, uint64_t *out);

/* Parses a count: a whole decimal number in 1..max, into *out; returns 0, or -1 with a usage
 * message recorded (MST_EUSAGE): "option NAME needs a value" for s NULL, else "option NAME:
 * bad value 'S' (1..max)". *out is left alone on failure. */
int mst_cli_parse_count(const char *option, const char *s, uint64_t max, uint64_t *out);

/* Parses a real number x with 0 < x <= max (strtod syntax, the whole string) into *out; returns
 * 0, or -1 with a usage message naming `option` recorded (MST_EUSAGE). */
int mst_cli_parse_positive(const char *option, const char *s, double max, double *out);

/* ---------------------------------------- the solver contract */

/* What one run tells the solver: the harness's own options, and the solver's own options for
 * this run. Every solve receives it; nothing of it lives in globals, so that libmst can run
 * solves concurrently from several threads. */
typedef struct mst_options {
    const char *algo; /* --algo: the name of one of the descriptor's variants */
    int phases;       /* --phases asked: solvers may time finer steps */
    int maximum;      /* --maximum: the harness hands single-process solvers a graph whose keys
                         are flipped (UINT32_MAX - key); a distributed solver's load hook flips
                         the keys of the shares it builds (solvers need nothing else) */
    const void *own;  /* the solver's own options: the struct (options_size bytes) that its
                         option table's offsets describe, filled for this run from the table's
                         defaults and the caller's arguments (NULL: the solver has none) */
} mst_options;

/* The answer: ids of the forest's edges, any order. The harness allocates eid with room for
 * min(m, n) + 1 edges (a forest has at most min(m, n - 1)) and the solver sets count. */
typedef struct mst_forest {
    uint64_t *eid;     /* [capacity] */
    uint64_t count;
    uint64_t capacity;
} mst_forest;

#define MST_MAX_PHASES 48
/* Rounds (Borůvka rounds, contraction levels) whose size a solver may record: every round at
 * least halves the vertices, so a graph of n < 2^32 takes at most 32 that contract anything. */
#define MST_MAX_ROUNDS 64

/* Per-trial phase times, counters and round sizes, filled by the solver (names are static
 * strings). More than MST_MAX_PHASES names or MST_MAX_ROUNDS rounds is a bug of the solver:
 * `dropped` counts them and the harness fails with MST_EINTERNAL rather than print an incomplete
 * split. */
typedef struct mst_phases {
    int count;
    const char *name[MST_MAX_PHASES];
    double seconds[MST_MAX_PHASES];
    int counters;
    const char *counter_name[MST_MAX_PHASES];
    uint64_t counter[MST_MAX_PHASES];
    int rounds;                       /* rounds recorded by mst_phase_round */
    uint64_t round_n[MST_MAX_ROUNDS]; /* vertices at the start of each round */
    uint64_t round_m[MST_MAX_ROUNDS]; /* edges (or worklist entries) at its start */
    int dropped;
    double kernel_s; /* GPU solvers: time with the graph already on the device (< 0: n/a) */
    struct mst_trace *trace; /* --trace: where the rounds' ids go (warm-up solve only), or NULL */
} mst_phases;

/* Adds seconds to the phase called `name` (created on first use). ph may be NULL. */
void mst_phase_add(mst_phases *ph, const char *name, double seconds);

/* Sets the counter called `name` (rounds, worklist sizes...). ph may be NULL. */
void mst_phase_count(mst_phases *ph, const char *name, uint64_t value);

/* Records the next round's size: n vertices and m edges at its start (the per-round shrink of
 * contraction algorithms). ph may be NULL. */
void mst_phase_round(mst_phases *ph, uint64_t n, uint64_t m);

/* The value of the counter called `name` in ph, or 0 if it has none (or ph is NULL). */
uint64_t mst_phase_counter(const mst_phases *ph, const char *name);

/* --trace (docs/trace.md): the edge ids that each round added to the forest, in round order,
 * recorded by the untimed warm-up solve only, so that timed solves pay one test of ph->trace. */
typedef struct mst_trace {
    uint64_t *ids;   /* [len] the rounds' ids, round after round */
    uint64_t len, cap;
    uint64_t *end;   /* [rounds] end of each round's ids in ids[] */
    uint64_t rounds, round_cap;
    const char *unit; /* what a line is: "round", "step" (mst_trace_steps) or "solve" */
    int failed;      /* out of memory: the harness reports MST_ERESOURCE */
} mst_trace;

/* Whether this solve records a trace (solvers skip the copies a trace needs otherwise). */
static inline int mst_tracing(const mst_phases *ph) { return ph != NULL && ph->trace != NULL; }

/* The work behind mst_trace_round and mst_trace_steps (trace.c): appends ids[0..count) as one
 * round (none when count is 0), or as the halving steps below. Out of memory sets t->failed,
 * which mst_trace_write reports (MST_ERESOURCE). O(count) amortized. */
void mst_trace_append(mst_trace *t, const uint64_t *ids, uint64_t count);
void mst_trace_split(mst_trace *t, const uint64_t *ids, uint64_t count);

/* Records one round (Borůvka round, contraction level, GHS level): the ids of the count edges
 * it added to the forest, in any order. Called once per round, by one thread, after the round's
 * last addition; a no-op unless tracing. */
static inline void mst_trace_round(mst_phases *ph, const uint64_t *ids, uint64_t count)
{
    if (mst_tracing(ph))
        mst_trace_append(ph->trace, ids, count);
}

/* Records the steps of a solver that adds edges one at a time (Kruskal, Filter-Kruskal, Prim):
 * ids[0..count) in the order it added them, cut into steps of half the edges still to come
 * (count/2 rounded up, then half the rest, ...), so that a step, like a Borůvka round, at least
 * halves what is left. Called once, at the end of the solve; a no-op unless tracing. */
static inline void mst_trace_steps(mst_phases *ph, const uint64_t *ids, uint64_t count)
{
    if (mst_tracing(ph))
        mst_trace_split(ph->trace, ids, count);
}

/* Writes the trace t of the forest f of g to `path` (docs/trace.md: a header line, then one JSON
 * line per round, or one line of the whole forest where the solver recorded none with the components and live edges at its start, replayed here from the ids so
 * that every solver's lines mean the same, and the ids it added, ascending), through mst_out.
 * `program`, `algo`: for the header. Errors: MST_EINTERNAL when the
 * rounds' ids are not exactly the forest's, MST_ERESOURCE, MST_EIO, with a message. */
mst_status mst_trace_write(const char *path, mst_trace *t, const mst_graph *g,
                           const uint64_t *forest, uint64_t count, const char *program,
                           const char *algo);

/* What the summary says about where a run ran. */
typedef struct mst_run_context {
    int threads;      /* threads used (1 for sequential) */
    int ranks;        /* MPI ranks (1 otherwise) */
    char device[128]; /* GPU name, or "" */
} mst_run_context;

/*
 * Distributed solvers (mst-mpi): every rank runs the harness, and the descriptor's `dist`
 * points to these hooks (NULL everywhere else: the harness then behaves as a single process).
 * With hooks, the harness
 *   - prints usage, errors, the summary and writes --output on rank 0 only;
 *   - loads the whole graph on rank 0 only to verify, write --output, --trace or set --rounds'
 *     weights, then calls load() on every rank: each rank reads its own share into the
 *     solver's storage (memory O((n + m) / p)), and g gets the graph's header (name, n, m,
 *     weight type, ...), with NULL arrays where the whole graph is not held;
 *   - takes no GRAPH where generated() describes a graph the ranks make themselves: load()
 *     then makes the shares, and the whole graph on rank 0 where it is needed;
 *   - runs each trial as barrier(), the variant's solve() on every rank, then time_max(): a
 *     trial's compute time is that of the slowest rank. solve() returns the same status on every
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
    /* Collective: loads this rank's share of `path` for the algorithm o->algo: a file, or
     * generated()'s description of the graph to make. Where `whole` (rank 0) g is the whole
     * graph: a file's, loaded by the harness before the call, or a generated one, made here;
     * elsewhere it is filled with the header only. Returns an agreed status (MST_EINPUT,
     * MST_ERESOURCE as the loaders do; MST_EUSAGE for a description it cannot make). */
    mst_status (*load)(const char *path, const mst_load_options *lo, const mst_options *o,
                       mst_graph *g, int whole);
    /* Collective: waits for every rank. */
    void (*barrier)(void);
    /* Collective: the largest of the ranks' `seconds`, on every rank. */
    double (*time_max)(double seconds);
    /* Rank 0: total weight of the forest of the last solve() (g may lack key arrays). */
    mst_weight_sum (*forest_weight)(const mst_graph *g, const mst_forest *f);
    /* Rank 0: extra summary lines (json = 0) or extra JSON members ("\"key\":value,...")
     * describing the trial whose phases are `ph`, or NULL for none. Static storage. */
    const char *(*stats)(const mst_options *o, const mst_phases *ph, int json);
    /* Collective (--rounds; NULL: the solver takes none): gives this rank's share the keys of
     * the next round, flipped as load() flips them. `random`: every rank computes its edges'
     * keys itself, mst_random_weight_key(seed, edge id); else rank 0's g holds the whole
     * graph with the round's keys, which it sends. Returns an agreed status (MST_ERESOURCE). */
    mst_status (*rekey)(const mst_graph *g, int random, uint64_t seed);
    /* The graph the ranks make themselves instead of reading GRAPH (mst-mpi --generate), as
     * the solver's own options `own` describe it: that description, also the graph's name, or
     * NULL when the run reads GRAPH (NULL member: always). */
    const char *(*generated)(const void *own);
} mst_dist_hooks;

/*
 * Computes the minimum spanning forest of g under the (key, edge id) order into out, and may
 * fill ph. Must leave g unchanged and give the same edge set on every call.
 * Errors: MST_ERESOURCE (memory, size limits), MST_EINTERNAL (a broken invariant), with a
 * message.
 */
typedef mst_status (*mst_solve_fn)(const mst_graph *g, const mst_options *o, mst_forest *out,
                                   mst_phases *ph);

/*
 * Repeated MSF on one topology (--rounds; Ma and Wan's workload: the graph stays, the weights
 * change every round). Optional per variant: prepare() builds, once, what depends only on g's
 * topology (n, m, the endpoints u and v, never the keys) into *state and may record its steps
 * in ph; every round then calls solve_prepared() with the same g whose keys (and raw weights)
 * have changed, with solve()'s contract; release() frees the state (NULL-safe). A variant whose
 * prepare is NULL is called through solve() every round.
 * Errors: as solve (MST_ERESOURCE, MST_EINTERNAL), with a message; after a failed prepare,
 * *state is NULL and nothing is held.
 */
typedef mst_status (*mst_prepare_fn)(const mst_graph *g, const mst_options *o, void **state,
                                     mst_phases *ph);
typedef mst_status (*mst_prepared_solve_fn)(void *state, const mst_graph *g,
                                            const mst_options *o, mst_forest *out,
                                            mst_phases *ph);
typedef void (*mst_release_fn)(void *state);

/* An --algo variant. Lists end with an entry whose name is NULL; the first is the default. */
typedef struct mst_variant {
    const char *name; /* "kruskal" */
    const char *help; /* one line: the algorithm and its source */
    mst_solve_fn solve;
    mst_prepare_fn prepare;               /* NULL: no prepared path (see above) */
    mst_prepared_solve_fn solve_prepared; /* set exactly when prepare is */
    mst_release_fn release;               /* set exactly when prepare is */
} mst_variant;

/* The edge limit of variants that pack (key, edge id) into one 64-bit word, key << 32 | id:
 * m < 2^32 (docs/design.md, Data model). */
#define MST_PACKED_MAX_EDGES 0xFFFFFFFFull

/* A descriptor's max_edges for solvers whose every variant packs (key, edge id) words. */
static inline uint64_t mst_packed_max_edges(const char *algo)
{
    (void)algo;
    return MST_PACKED_MAX_EDGES;
}

/* A solver, defined once in its folder. Only program, description, parallelism and variants
 * are required; every other member may be NULL. */
typedef struct mst_solver_desc {
    const char *program;       /* "mst-seq" */
    const char *description;   /* one line for --help */
    const char *parallelism;   /* "sequential", "threads", "gpu" or "ranks" (--describe) */
    const mst_variant *variants;
    const mst_option *options; /* the solver's own options (above) */
    size_t options_size;       /* bytes of the struct their offsets refer to (mst_options.own) */
    const char *notes;         /* more --help text (how to run it, memory use) */
    /* The executable only (libmst never calls it): called once after option parsing with
     * main's arguments and the run's own options, before the load (MPI_Init; the load's team
     * of threads). Errors: MST_ERESOURCE. */
    mst_status (*init)(int *argc, char ***argv, const void *own);
    /* Called once a run's own options are parsed, by the harness before init and by libmst
     * before every solve: settles in them what depends on the machine at that moment (mst-omp:
     * its team on a busy machine). NULL: nothing to settle. Errors: MST_EUSAGE, with a
     * message. */
    mst_status (*configure)(void *own);
    /* Fills the run context for the summary after init and option parsing (NULL: one thread). */
    void (*context)(const mst_options *o, mst_run_context *c);
    /* Called last (MPI_Finalize, ...). */
    void (*finalize)(void);
    /* Distributed solvers only (mst-mpi); NULL: one process. */
    const mst_dist_hooks *dist;
    /* The most edges the variant `algo` takes, 0 for no limit (NULL: none for any variant),
     * e.g. mst_packed_max_edges. The harness hands it to the loader (mst_load_options'
     * max_edges), which refuses a file whose header announces more before reading its body;
     * the solve functions keep their own checks for files without a header (edge lists). */
    uint64_t (*max_edges)(const char *algo);
} mst_solver_desc;

/*
 * The shared driver of every solver executable (harness.c, after GAPBS's BenchmarkKernel): runs
 * the solver `s` on the command line argv[0..argc) and returns the exit code: 0 ok, 1 bad usage,
 * 2 bad input, 3 resources, 4 verification failed, 5 internal error. --help and --describe print
 * to stdout and return 0 without initializing the solver.
 */
int mst_harness_main(const mst_solver_desc *s, int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
