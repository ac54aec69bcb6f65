/*
 * solver.h: the option tables of every executable's command line (options.c), and the contract
 * between the shared harness (harness.c, after Graph500's reference drivers) and a solver: a
 * folder (seq/, openmp/, cuda/, mpi/) defining one mst_solver_desc, mst_solver_<folder>, whose
 * variants only compute. libmst (lib/) calls the same descriptors.
 */
#ifndef MST_SOLVER_H
#define MST_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"
#include "loader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- options */

/* An executable describes its options as tables (name, kind, default, help, where the value
 * goes), which drive parsing, --help and --describe alike. What an option takes, and the C type
 * of its field: */
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
 * Sets every field to its option's default, then parses argv[1..argc) with getopt_long (options
 * in any order, "--name=value", unique prefixes, aliases as short options; argv not reordered):
 * positional arguments, in order, into args[0..*nargs) (room for max_args, or argc when < 0).
 * "-h", "--help" and "--describe" stop with *action set. Threads take turns (getopt's state is
 * global). Errors: MST_EUSAGE, one line (unknown option, missing or bad value, a value given to
 * a flag, too few or too many arguments); MST_EINTERNAL (a bad table).
 */
mst_status mst_cli_parse(const mst_cli *cli, int argc, char **argv, const char **args,
                         int *nargs, mst_cli_action *action);

/* mst_cli_parse for a tool's main(), printing help, the description or "PROGRAM: error: MESSAGE
 * (try --help)": -1 to go on, else the exit code. */
int mst_cli_parse_main(const mst_cli *cli, int argc, char **argv, const char **args,
                       int *nargs);

/* --help: usage, description, variants and every option with its default. --describe: one JSON
 * line of program, kind, parallelism, usage, description, variants [{name, default, help}] and
 * options [{name, alias, kind, default, choices, help, group}]. */
void mst_cli_help(FILE *f, const mst_cli *cli);
void mst_cli_describe(FILE *f, const mst_cli *cli);

/* Adds a group of options; returns 0, or -1 when the cli is full (a programming error). */
int mst_cli_add_group(mst_cli *cli, const char *title, const mst_option *options, void *values);

/* Copies the table src into dst[0..cap) with the default of option `name` set to `def`: 0, or
 * -1 when dst is too small or has no such option. */
int mst_options_with_default(mst_option *dst, size_t cap, const mst_option *src,
                             const char *name, const char *def);

/* Writes s as a JSON string (quotes, escapes; NULL: null); as the member ,"key":s. */
void mst_json_string(FILE *f, const char *s);
void mst_json_member(FILE *f, const char *key, const char *s);

/* The loading options (--format, --one-based, --vertices, --weights, --seed, --weight-type) over
 * an mst_load_options. */
extern const mst_option mst_load_option_table[];

/* A whole decimal number in 0..max, in 1..max (a count), or a real x with 0 < x <= max (strtod,
 * the whole string), into *out: 0, or -1 with a usage message naming `option` ("option NAME
 * needs a value", "option NAME: bad value 'S' (...)") and *out untouched. */
int mst_cli_parse_u64(const char *option, const char *s, uint64_t max, uint64_t *out);
int mst_cli_parse_count(const char *option, const char *s, uint64_t max, uint64_t *out);
int mst_cli_parse_positive(const char *option, const char *s, double max, double *out);

/* ---------------------------------------- the solver contract */

/* What a run tells every solve (nothing lives in globals, so that libmst solves concurrently). */
typedef struct mst_options {
    const char *algo; /* --algo: one of the descriptor's variants */
    int phases;       /* --phases asked: solvers may time finer steps */
    int maximum;      /* --maximum: single processes get the keys flipped (UINT32_MAX - key);
                         a distributed load hook flips its shares' keys */
    const void *own;  /* the solver's own options (the struct its table describes), filled for
                         this run from the defaults and the arguments; NULL: none */
} mst_options;

/* The answer: the forest's edge ids in any order, in eid[] of room min(m, n) + 1. */
typedef struct mst_forest {
    uint64_t *eid;     /* [capacity] */
    uint64_t count;
    uint64_t capacity;
} mst_forest;

#define MST_MAX_PHASES 48
/* Rounds whose size a solver may record: each halves the vertices, so at most 32 contract. */
#define MST_MAX_ROUNDS 64

/* Per-trial phase times, counters and round sizes that the solver records (static names).
 * More than the maxima is a bug: `dropped` counts them and the harness fails (MST_EINTERNAL). */
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

/* Add seconds to phase `name`, set counter `name`, record the next round's n and m at its start
 * (ph may be NULL); a counter's value (0 if none). */
void mst_phase_add(mst_phases *ph, const char *name, double seconds);
void mst_phase_count(mst_phases *ph, const char *name, uint64_t value);
void mst_phase_round(mst_phases *ph, uint64_t n, uint64_t m);
uint64_t mst_phase_counter(const mst_phases *ph, const char *name);

/* --trace (docs/trace.md): the ids each round added to the forest, recorded by the warm-up
 * solve only. */
typedef struct mst_trace {
    uint64_t *ids;   /* [len] the rounds' ids, round after round */
    uint64_t len, cap;
    uint64_t *end;   /* [rounds] end of each round's ids in ids[] */
    uint64_t rounds, round_cap;
    const char *unit; /* what a line is: "round", "step" (mst_trace_steps) or "solve" */
    int failed;      /* out of memory: the harness reports MST_ERESOURCE */
} mst_trace;

/* Whether this solve records a trace. */
static inline int mst_tracing(const mst_phases *ph) { return ph != NULL && ph->trace != NULL; }

/* Behind mst_trace_round and mst_trace_steps: appends ids[0..count) as one round (none when
 * count is 0), or as halving steps. Out of memory sets t->failed. O(count) amortized. */
void mst_trace_append(mst_trace *t, const uint64_t *ids, uint64_t count);
void mst_trace_split(mst_trace *t, const uint64_t *ids, uint64_t count);

/* Records one round (Borůvka round, contraction level, GHS level): the ids it added, any order;
 * called once per round by one thread. A no-op unless tracing. */
static inline void mst_trace_round(mst_phases *ph, const uint64_t *ids, uint64_t count)
{
    if (mst_tracing(ph))
        mst_trace_append(ph->trace, ids, count);
}

/* Records a solver that adds edges one at a time (Kruskal, Filter-Kruskal, Prim): ids[0..count)
 * in the order added, cut into steps of half of what is left, like Borůvka rounds. Called once,
 * at the end of the solve; a no-op unless tracing. */
static inline void mst_trace_steps(mst_phases *ph, const uint64_t *ids, uint64_t count)
{
    if (mst_tracing(ph))
        mst_trace_split(ph->trace, ids, count);
}

/* Writes trace t of g's forest[0..count) to `path` (docs/trace.md): a header line naming
 * program and algo, then per round (one for the whole forest where none was recorded) its
 * components and live edges, replayed from the ids, and its ids, ascending. Errors:
 * MST_EINTERNAL (the rounds' ids are not the forest's), MST_ERESOURCE, MST_EINPUT (writing). */
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
 * A distributed solver's hooks (mst-mpi; the descriptor's `dist`). Every rank runs the harness,
 * which then prints and writes on rank 0 only; loads the whole graph on rank 0 only where it
 * verifies, writes --output or --trace or sets --rounds' weights, then has load() give each rank
 * its share (g gets the header, with NULL arrays where the whole graph is not held); times a
 * trial as barrier(), solve() on every rank (the forest comes on rank 0; out->capacity is 1
 * elsewhere), time_max(); and passes every status that decides its path through agree().
 */
typedef struct mst_dist_hooks {
    /* This process's rank (0 prints). */
    int (*rank)(void);
    /* Collective: the first failing rank's st (or MST_OK), its message recorded everywhere. */
    mst_status (*agree)(mst_status st);
    /* Collective: loads this rank's share of `path` (a file, or generated()'s description) for
     * o->algo. Where `whole`, g is the whole graph (a file's, loaded before; a generated one,
     * made here), elsewhere the header only. An agreed status, as the loaders'. */
    mst_status (*load)(const char *path, const mst_load_options *lo, const mst_options *o,
                       mst_graph *g, int whole);
    /* Collective: waits for every rank. */
    void (*barrier)(void);
    /* Collective: the largest of the ranks' `seconds`, on every rank. */
    double (*time_max)(double seconds);
    /* Rank 0: total weight of the forest of the last solve() (g may lack key arrays). */
    mst_weight_sum (*forest_weight)(const mst_graph *g, const mst_forest *f);
    /* Rank 0: extra summary lines, or JSON members ("\"key\":value,..."), of the trial whose
     * phases are `ph`; NULL for none. Static storage. */
    const char *(*stats)(const mst_options *o, const mst_phases *ph, int json);
    /* Collective (--rounds; NULL: none): this rank's share gets the next round's keys, flipped
     * as load() flips them: mst_random_weight_key(seed, id) if `random`, else those of rank 0's
     * whole g, which it sends. An agreed status. */
    mst_status (*rekey)(const mst_graph *g, int random, uint64_t seed);
    /* The description (and name) of the graph the ranks make instead of reading GRAPH, from
     * the solver's own options (mst-mpi --generate); NULL: the run reads GRAPH. */
    const char *(*generated)(const void *own);
} mst_dist_hooks;

/* Computes the minimum spanning forest of g under the (key, edge id) order into out, g
 * unchanged; may fill ph. Errors: MST_ERESOURCE (memory, size limits), MST_EINTERNAL. */
typedef mst_status (*mst_solve_fn)(const mst_graph *g, const mst_options *o, mst_forest *out,
                                   mst_phases *ph);

/* --rounds (Ma and Wan: one topology, new weights every round), optional per variant: prepare()
 * builds once what depends on g's topology only into *state (NULL after a failure); each round's
 * solve_prepared() has solve()'s contract on g's new keys; release() frees (NULL-safe). Errors:
 * as solve's. */
typedef mst_status (*mst_prepare_fn)(const mst_graph *g, const mst_options *o, void **state,
                                     mst_phases *ph);
typedef mst_status (*mst_prepared_solve_fn)(void *state, const mst_graph *g,
                                            const mst_options *o, mst_forest *out,
                                            mst_phases *ph);
typedef void (*mst_release_fn)(void *state);

/* A CSR matrix's graph as libmst's msf_graph_from_csr reads it (lib/mst.h): an edge per pair
 * {i, j} stored in either triangle, of the lighter entry (maximum: the heavier; the upper one
 * on a tie), ids in the upper triangle's CSR order. */
typedef struct mst_matrix {
    uint32_t n;
    uint64_t nnz;             /* indptr[n]: indptr is checked, from 0 and never decreasing */
    int wide;                 /* indptr and indices are int64_t, else int32_t */
    const void *indptr, *indices, *data;
    mst_weight_type type;     /* data's */
    int maximum;              /* the maximum forest: the heavier entries, the keys flipped */
} mst_matrix;

/* Its forest, ids increasing: each edge's id, its entry's position and row, and the key of its
 * weight (of the 32-bit type of its kind, not flipped); capacity of each array. */
typedef struct mst_matrix_forest {
    uint64_t *eid, *position;
    uint32_t *row, *key;
    uint64_t count, capacity;
} mst_matrix_forest;

/* libmst, optional per variant: the forest of a's graph, the matrix read where the variant runs
 * (on the GPU). *read = 0, nothing else set, where the variant leaves the matrix to the host's
 * reading: a bad row or entry (its message is the host's), a NaN or infinite weight, 64-bit
 * weights beyond 32 bits (ranked there), an entry below the diagonal without a mirror. Errors:
 * as solve's. */
typedef mst_status (*mst_matrix_solve_fn)(const mst_matrix *a, const mst_options *o,
                                          mst_matrix_forest *out, int *read, mst_phases *ph);

/* An --algo variant. Lists end with an entry whose name is NULL; the first is the default. */
typedef struct mst_variant {
    const char *name; /* "kruskal" */
    const char *help; /* one line: the algorithm and its source */
    mst_solve_fn solve;
    mst_prepare_fn prepare;               /* NULL: solve() every round */
    mst_prepared_solve_fn solve_prepared; /* set exactly when prepare is */
    mst_release_fn release;               /* set exactly when prepare is */
    mst_matrix_solve_fn solve_matrix;     /* NULL: libmst reads a matrix on the host */
} mst_variant;

/* The edge limit of variants that pack key << 32 | id words, and the max_edges of a solver whose
 * variants all do. */
#define MST_PACKED_MAX_EDGES 0xFFFFFFFFull
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
    /* The executable only, once after option parsing, before the load (MPI_Init; the load's
     * team of threads). Errors: MST_ERESOURCE. */
    mst_status (*init)(int *argc, char ***argv, const void *own);
    /* Settles in a run's own options what depends on the machine now (mst-omp: its team on a
     * busy machine); the harness calls it after the load, libmst before every solve. Errors:
     * MST_EUSAGE. */
    mst_status (*configure)(void *own);
    /* Fills the run context for the summary (NULL: one thread). */
    void (*context)(const mst_options *o, mst_run_context *c);
    /* Called last (MPI_Finalize, ...). */
    void (*finalize)(void);
    /* Distributed solvers only (mst-mpi); NULL: one process. */
    const mst_dist_hooks *dist;
    /* The most edges variant `algo` takes, 0 (or NULL) for no limit: the loader refuses a header
     * announcing more (mst_load_options.max_edges); solves check files without a header. */
    uint64_t (*max_edges)(const char *algo);
} mst_solver_desc;

/* The driver of every solver executable (after GAPBS's BenchmarkKernel): runs `s` on the
 * command line and returns the exit code (an mst_status). */
int mst_harness_main(const mst_solver_desc *s, int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
