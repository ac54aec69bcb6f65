/*
 * gen.h: the internals of mst-gen shared by its files: the edge buffer every generator fills,
 * the parameters of a family, the family table, and the post-processing steps (duplicate
 * removal, disjoint copies, injected self-loops and parallel edges, weights).
 *
 * Pipeline (main.c): parse -> family generator -> dedup (unless --keep-duplicates) -> P disjoint
 * copies (components) -> injection (--self-loops, --multi-edges) -> weights -> mst_graph_write.
 * Every step is a pure function of its input and the seed: the file is byte-identical whatever
 * the number of OpenMP threads.
 */
#ifndef MST_GEN_GEN_H
#define MST_GEN_GEN_H

#include <stdint.h>

#include "core.h"

/* Largest edge count mst-gen makes before duplicate removal: edge indices are 32-bit in the
 * duplicate filter, and mst-cuda needs m < 2^32 anyway (docs/design.md, Data model). The
 * families made in ranges take up to 2^63 - 1 where the caller says so (gen_params.edge_bits:
 * mst-mpi --generate numbers edges in 64 bits). */
#define GEN_MAX_EDGES 0xFFFFFFFFull

/* Stream tags of gen_stream(): one per independent use of the seed. */
enum {
    GEN_TAG_EDGES = 1,   /* a family's structure */
    GEN_TAG_PERM = 2,    /* vertex permutations (kronecker, spanning tree) */
    GEN_TAG_TREE = 3,    /* spanning tree parents (--connected) */
    GEN_TAG_POINTS = 4,  /* geometric: point coordinates */
    GEN_TAG_WEIGHT = 5,  /* weights */
    GEN_TAG_INJECT = 6,  /* --self-loops, --multi-edges */
    GEN_TAG_CLIQUES = 7, /* ssca2: clique sizes */
    GEN_TAG_COPIES = 8,  /* ssca2: parallel edges of a clique pair */
    GEN_TAG_CLUSTERS = 9, /* mixed: the seeds of the dense clusters */
    GEN_TAG_LINKS = 10   /* mixed: the edges from the clusters to the R-MAT part */
};

/* An edge list under construction: n vertices, edges (u[e], v[e]); key[e] only when the family
 * defines weights itself (geometric: Euclidean lengths; ssca2: integers 1..W), else NULL. */
typedef struct gen_edges {
    uint32_t n;
    uint64_t m;
    uint32_t *u, *v;       /* [m] (owned) */
    uint32_t *key;         /* [m] order-preserving keys of key_type, or NULL (owned) */
    mst_weight_type key_type;
} gen_edges;

/* Sets edge i of out to (u, v), with the key of edge e of src when out has keys. */
static inline void gen_edges_put(gen_edges *out, uint64_t i, uint32_t u, uint32_t v,
                                 const gen_edges *src, uint64_t e)
{
    out->u[i] = u;
    out->v[i] = v;
    if (out->key != NULL)
        out->key[i] = src->key[e];
}

/* Allocates u and v (and key if with_key) for m edges; n and m are set. MST_ERESOURCE. */
mst_status gen_edges_alloc(gen_edges *g, uint32_t n, uint64_t m, int with_key);

/* Frees the arrays and zeroes g; NULL-safe. */
void gen_edges_free(gen_edges *g);

/*
 * Refuses at once a graph whose generation cannot fit in memory, from the family's n and edge
 * count m (before duplicate removal) and the pipeline's steps: `parts` disjoint copies, `dedup`
 * (duplicate removal runs), `inject_rate` (--self-loops + --multi-edges rates). The estimate is
 * the pipeline's peak: 8 bytes per edge (12 once weighted), duplicate removal's copy and work
 * arrays (17 per edge in all), the copies' and injection's new arrays beside the old ones, and
 * 16 bytes per vertex (coordinates, spanning-tree parents, the writers' CSR offsets).
 * Errors: MST_ERESOURCE "family F (n = N, m = M) needs about X GiB, the machine has Y GiB"
 * (mst_memory_check). O(1).
 */
mst_status gen_memory_check(const char *family, uint64_t n, uint64_t m, uint64_t parts,
                            int dedup, double inject_rate);

/* Family parameters: one slot per option, `given` says which were on the command line. */
typedef enum gen_param_id {
    GP_VERTICES, GP_EDGES, GP_SCALE, GP_EDGE_FACTOR, GP_ABCD, GP_ROWS, GP_COLS, GP_SIDE, GP_K,
    GP_CLIQUES, GP_SIZE, GP_DEGREE, GP_P, GP_CONNECTED, GP_MAX_CLIQUE, GP_P_INTER,
    GP_MAX_PARALLEL, GP_MAX_WEIGHT, GP_COUNT
} gen_param_id;

typedef struct gen_params {
    uint64_t u64[GP_COUNT]; /* whole-number options */
    double p;               /* --p */
    double p_inter;         /* --p-inter */
    double abcd[4];         /* --abcd a,b,c[,d] */
    unsigned given;         /* bit GP_x set when the option was given */
    uint64_t seed;
    unsigned edge_bits;     /* the families made in ranges take up to 2^edge_bits - 1 edges
                               before dedup: 32 (mst-gen) or 63 (mst-mpi) */
} gen_params;

#define GP_BIT(id) (1u << (id))

/* The most edges before dedup a family made in ranges takes under p. */
static inline uint64_t gen_max_edges(const gen_params *p)
{
    return (1ull << p->edge_bits) - 1;
}

/* A family: its name and options (for --help), which options it needs and accepts, a check that
 * fills in defaults and computes n and the edge count (before dedup), and the generator: either
 * `range`, which makes any part of the family's edge list, each edge a pure function of p and
 * its index (so that a process makes its part alone: mst-mpi --generate), or, for the families
 * whose edges depend on each other (gnp's rows, geometric's neighbours, ssca2's cliques,
 * mixed), `generate`, which makes the whole list. */
typedef struct gen_family {
    const char *name;
    const char *usage;    /* "--vertices N --edges M" */
    const char *summary;  /* one line for --help */
    unsigned required;    /* GP_BIT()s */
    unsigned optional;
    int may_duplicate;    /* can make parallel edges or self-loops (dedup needed) */
    /* Validates p (usage errors name the option), sets defaults; *n, *m: vertices and edges. */
    mst_status (*check)(gen_params *p, uint64_t *n, uint64_t *m);
    /* Fills g (allocated by the generator: n and m as check() said); NULL where range is set. */
    mst_status (*generate)(const gen_params *p, gen_edges *g);
    /* Edges [lo, hi) of the list (hi <= m as check() said) into u[0 .. hi - lo), v[...]. */
    void (*range)(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
} gen_family;

/* The family table (families.c): NULL-terminated by name. */
extern const gen_family gen_families[];
const gen_family *gen_family_find(const char *name);

/* Generators, one file per group (their header comments cite the sources). gen_check_X
 * validates and completes p (MST_EUSAGE naming the option; MST_ERESOURCE beyond 2^32 - 1
 * vertices, or edges beyond gen_max_edges(p), 2^32 - 1 for the families made whole) and gives
 * n and the edge count before dedup (ssca2, gnp: an estimate); gen_X_range fills edges
 * [lo, hi) (the family's `range`, O(hi - lo) work; complete and caveman also O(n) and O(K^2)
 * per range), gen_X allocates and fills g (MST_ERESOURCE): O(n^2) work for gnp, O(n D log D)
 * expected for geometric, O(n K + m) for ssca2. */
mst_status gen_check_random(gen_params *p, uint64_t *n, uint64_t *m);
void gen_random_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_gnp(gen_params *p, uint64_t *n, uint64_t *m);
mst_status gen_gnp(const gen_params *p, gen_edges *g);
mst_status gen_check_kout(gen_params *p, uint64_t *n, uint64_t *m);
void gen_kout_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_rmat(gen_params *p, uint64_t *n, uint64_t *m);
void gen_rmat_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_kronecker(gen_params *p, uint64_t *n, uint64_t *m);
void gen_kronecker_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                         uint32_t *v);
mst_status gen_check_grid2d(gen_params *p, uint64_t *n, uint64_t *m);
void gen_grid2d_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_grid3d(gen_params *p, uint64_t *n, uint64_t *m);
void gen_grid3d_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_circulant(gen_params *p, uint64_t *n, uint64_t *m);
void gen_circulant_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                         uint32_t *v);
mst_status gen_check_complete(gen_params *p, uint64_t *n, uint64_t *m);
void gen_complete_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u,
                        uint32_t *v);
mst_status gen_check_caveman(gen_params *p, uint64_t *n, uint64_t *m);
void gen_caveman_range(const gen_params *p, uint64_t lo, uint64_t hi, uint32_t *u, uint32_t *v);
mst_status gen_check_geometric(gen_params *p, uint64_t *n, uint64_t *m);
mst_status gen_geometric(const gen_params *p, gen_edges *g);
/* Point i of the geometric family of `seed`, uniform in the unit square (53-bit doubles from
 * the hash of (seed, i)): gen_geometric joins the points, mst-gen --coordinates writes them. */
void gen_geometric_point(uint64_t seed, uint64_t i, double *x, double *y);
mst_status gen_check_mixed(gen_params *p, uint64_t *n, uint64_t *m);
mst_status gen_mixed(const gen_params *p, gen_edges *g);
mst_status gen_check_ssca2(gen_params *p, uint64_t *n, uint64_t *m);
mst_status gen_ssca2(const gen_params *p, gen_edges *g);

/*
 * Edges [lo, hi) (hi <= n - 1) of a random spanning tree of n vertices into u[0 .. hi - lo),
 * v[...]: edge i - 1 joins vertex perm(i) to its parent perm(j), j uniform in [0, i) (a random
 * recursive tree, depth O(log n) expected, on a random labelling). Used by --connected.
 * O(hi - lo) work, parallel.
 */
void gen_spanning_tree(uint64_t seed, uint32_t n, uint64_t lo, uint64_t hi, uint32_t *u,
                       uint32_t *v);

/* The part [*lo, *hi) of 0..len-1 that thread t of nt takes in an OpenMP parallel loop:
 * contiguous, in thread order, sizes differing by at most one. */
static inline void gen_thread_part(uint64_t len, int t, int nt, uint64_t *lo, uint64_t *hi)
{
    *lo = len * (uint64_t)t / (uint64_t)nt;
    *hi = len * (uint64_t)(t + 1) / (uint64_t)nt;
}

/* Exclusive prefix sum of a[0..len-1] in place (parallel for len >= 2^16; integer sums, so the
 * result does not depend on the threads); returns the total. O(len). */
uint64_t gen_scan(uint64_t *a, uint64_t len);

/*
 * Removes self-loops and repeated edges ({a, b} = {b, a}) of g (arrays [m], replaced by
 * compacted ones), keeping each pair's first occurrence in edge order and the survivors'
 * relative order. Deterministic whatever the threads: a stable radix partition by smaller
 * endpoint, then each vertex's edges sorted by (other endpoint, edge index). Keys travel with
 * their edges. *removed counts what went. O(n + m) work plus O(d log d) per vertex of degree d.
 * Errors: MST_ERESOURCE (memory, m > GEN_MAX_EDGES); g is unchanged on error.
 */
mst_status gen_dedup(gen_edges *g, uint64_t *removed);

/* Replaces g by `parts` disjoint copies of itself (copy c: ids + c n, edges after copy c-1).
 * Errors: MST_ERESOURCE (n parts >= 2^32, memory). */
mst_status gen_replicate(gen_edges *g, uint64_t parts);

/*
 * After each edge e, with probability multi_rate inserts a parallel copy of a random edge
 * (endpoints swapped half the time), and with probability loop_rate a self-loop at a random
 * vertex; decisions hash (seed, e). Keys, if any, are copied (the loop gets the edge's key).
 * Errors: MST_ERESOURCE (more than GEN_MAX_EDGES edges, memory).
 */
mst_status gen_inject(gen_edges *g, uint64_t seed, double loop_rate, double multi_rate);

/* Weight modes (weights.c). */
typedef enum gen_weight_mode {
    GEN_W_DEFAULT = 0, /* the family's own (geometric, ssca2), else uniform */
    GEN_W_UNIFORM,     /* int32 uniform in [min, max], default 1..2^20 */
    GEN_W_FLOAT,       /* float32 uniform in (min, max], default (0, 1] */
    GEN_W_UNIT,        /* int32 1 */
    GEN_W_DISTINCT,    /* int32 permutation of 1..m */
    GEN_W_NONE         /* no weights in the file */
} gen_weight_mode;

typedef struct gen_weights {
    gen_weight_mode mode;
    int has_min, has_max;
    double min, max;
} gen_weights;

/* Parses a mode name; returns -1 if unknown. */
int gen_weight_mode_parse(const char *s);

/* Space-separated mode names for messages. */
extern const char gen_weight_mode_names[];

/* Checks min/max against the mode (usage errors). */
mst_status gen_weights_check(const gen_weights *w);

/*
 * Gives g its weights: the family's keys stay for GEN_W_DEFAULT (if it has them); otherwise
 * key[e] is computed from (seed, e) alone (gen_weights_range) and g->key_type set. Allocates
 * g->key if needed (GEN_W_NONE leaves unit keys, written without weights). O(m), parallel.
 * Errors: MST_ERESOURCE (memory; distinct weights need m < 2^31).
 */
mst_status gen_weights_apply(gen_edges *g, const gen_weights *w, uint64_t seed);

/*
 * The keys of edges [first, first + count) of a graph of m edges (after dedup) into
 * key[0 .. count), and their type into *type: what gen_weights_apply gives them, GEN_W_DEFAULT
 * as uniform (for a family without weights of its own), so that a process holding a part of
 * the edges gives it the file's weights (mst-mpi --generate). O(count), parallel.
 * Errors: MST_ERESOURCE (distinct weights need m < 2^31).
 */
mst_status gen_weights_range(const gen_weights *w, uint64_t seed, uint64_t m, uint64_t first,
                             uint64_t count, uint32_t *key, mst_weight_type *type);

/* Presets (presets.c). */
typedef struct gen_preset {
    const char *name;
    const char *args;   /* the command line it stands for: "grid2d --rows 1024 --cols 1024" */
    const char *source; /* where the numbers come from */
} gen_preset;

extern const gen_preset gen_presets[]; /* terminated by a NULL name */
const gen_preset *gen_preset_find(const char *name);

#endif
