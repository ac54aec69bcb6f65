/* core.h: the ground floor every solver, loader and tool stands on, one section per job (the
 * implementations are in this folder). */
#ifndef MST_CORE_H
#define MST_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- status */

/* Library code never prints nor exits: it records a one-line message with mst_fail() and
 * returns one of these codes, the executables' exit codes (docs/design.md, Errors and exit
 * codes). After igraph's IGRAPH_ERROR / IGRAPH_CHECK: one `fail:` label per function. */
typedef enum mst_status {
    MST_OK = 0,
    MST_EUSAGE = 1,    /* bad command line */
    MST_EINPUT = 2,    /* unreadable, malformed or unsupported input */
    MST_ERESOURCE = 3, /* out of memory, a size limit exceeded, no GPU/driver */
    MST_EVERIFY = 4,   /* verification failed */
    MST_EINTERNAL = 5  /* an invariant of the algorithm broken: a bug, never the input's fault */
} mst_status;

#if defined(__GNUC__)
#define MST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define MST_PRINTF(a, b)
#endif

/* Records a printf-style message ("road.gr:17: expected 'a u v w'") as the thread's last error
 * and returns `code`. */
mst_status mst_fail(mst_status code, const char *fmt, ...) MST_PRINTF(2, 3);

/* The calling thread's last message ("" if none), valid until its next mst_fail(); clearing it. */
const char *mst_last_error(void);
void mst_clear_error(void);

/* Short name of a code ("bad input", ...), for summaries. */
const char *mst_status_name(mst_status code);

/* count * size bytes, or NULL with an MST_ERESOURCE message (overflow included); count 0 gives a
 * valid block. Free with free(). mst_calloc zero-fills; mst_big_alloc, for large randomly
 * accessed arrays, aligns to 64 bytes, from 4 MiB on to 2 MiB with huge pages advised. */
void *mst_alloc(size_t count, size_t size);
void *mst_calloc(size_t count, size_t size);
void *mst_big_alloc(size_t count, size_t size);
/* Grows *ptr to count elements of size bytes; on failure *ptr is left as it was. */
mst_status mst_realloc(void **ptr, size_t count, size_t size);

/* The memory this process can count on, in bytes: physical memory, or RLIMIT_AS or RLIMIT_DATA
 * where lower; UINT64_MAX if none is known. *what (unless NULL) names it for messages: "the
 * machine has" or "this process may use". */
uint64_t mst_memory_limit(const char **what);

/* Refuses early what cannot fit: MST_ERESOURCE "WHERE: WHAT needs about X GiB, the machine has
 * Y GiB" when `bytes` exceeds mst_memory_limit() (where: "file:line" or NULL), else MST_OK. */
mst_status mst_memory_check(const char *where, const char *what, double bytes);

/* Jumps to the function's `fail:` label with `st` set, after recording the message. */
#define MST_FAIL(code, ...)                                                                      \
    do {                                                                                         \
        st = mst_fail((code), __VA_ARGS__);                                                      \
        goto fail;                                                                               \
    } while (0)

/* Evaluates a status-returning call; on failure jumps to `fail:` with its status in `st`. */
#define MST_CHECK(expr)                                                                          \
    do {                                                                                         \
        st = (expr);                                                                             \
        if (st != MST_OK)                                                                        \
            goto fail;                                                                           \
    } while (0)

/* Allocates `count` elements for `ptr` with mst_alloc (mst_calloc), or jumps to `fail:`. */
#define MST_ALLOC_BY(alloc, ptr, count)                                                          \
    do {                                                                                         \
        *(void **)&(ptr) = alloc((count), sizeof *(ptr));                                        \
        if ((ptr) == NULL) {                                                                     \
            st = MST_ERESOURCE;                                                                  \
            goto fail;                                                                           \
        }                                                                                        \
    } while (0)
#define MST_ALLOC(ptr, count) MST_ALLOC_BY(mst_alloc, ptr, count)
#define MST_CALLOC(ptr, count) MST_ALLOC_BY(mst_calloc, ptr, count)

/* ---------------------------------------- timer */

/* Wall-clock seconds (CLOCK_MONOTONIC) since an arbitrary fixed point. */
static inline double mst_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---------------------------------------- graph */

/* The canonical graph (docs/design.md, Data model): an undirected edge list, edge e = {u[e],
 * v[e]}, u != v, in file order; e is the edge id. Solvers see weights only as 32-bit keys whose
 * unsigned order is the weights' order: the value itself for the 32-bit types, the rank among
 * the distinct weights for the 64-bit ones (whose raw values the graph keeps). Edges are
 * compared by (key, id), under which the minimum spanning forest is unique. */

/* Largest vertex count: ids are uint32_t and n < 2^32. */
#define MST_MAX_VERTICES 0xFFFFFFFFull

/* The raw type of the weights. The values are fixed: benchmark files and the libmst API hold
 * them, and .msb stores them + 1. */
typedef enum mst_weight_type {
    MST_WEIGHT_INT32 = 0,
    MST_WEIGHT_UINT32 = 1,
    MST_WEIGHT_FLOAT32 = 2,
    MST_WEIGHT_INT64 = 3,
    MST_WEIGHT_UINT64 = 4,
    MST_WEIGHT_FLOAT64 = 5
} mst_weight_type;

/* Whether t is a 64-bit type (keys are ranks, raw values kept); a float type. */
static inline int mst_weight_is_wide(mst_weight_type t) { return t >= MST_WEIGHT_INT64; }
static inline int mst_weight_is_float(mst_weight_type t)
{
    return t == MST_WEIGHT_FLOAT32 || t == MST_WEIGHT_FLOAT64;
}

/* The most edges of a graph with 64-bit weights: its keys, ranks, must fit 32 bits. */
#define MST_WIDE_MAX_EDGES 0xFFFFFFFFull

/* Where the weights came from. */
typedef enum mst_weight_origin {
    MST_WEIGHTS_FROM_FILE = 0,
    MST_WEIGHTS_RANDOM = 1, /* uniform int32 in [1, 2^20] from a seed (mst_apply_weight_mode) */
    MST_WEIGHTS_UNIT = 2
} mst_weight_origin;

typedef struct mst_graph {
    char *name;                   /* the path the graph was read from (owned) */
    uint32_t n;                   /* vertices 0..n-1, isolated ones included */
    uint64_t m;                   /* undirected edges */
    uint32_t *u, *v;              /* [m] endpoints, u[e] != v[e] (owned) */
    uint32_t *key;                /* [m] order-preserving weight keys (owned) */
    uint64_t *raw;                /* [m] 64-bit types only: the raw weights' bits (int64 two's
                                     complement, uint64, IEEE double); NULL otherwise (owned) */
    mst_weight_type weight_type;  /* type of the raw weights */
    mst_weight_origin weight_origin;
    uint64_t seed;                /* seed of random weights (weight_origin == RANDOM) */
    int file_has_weights;         /* 1 if the file carried weights */
    int index_base;               /* 0 or 1: the file's vertex numbering (output adds it) */
    uint64_t self_loops;          /* self-loops dropped by the loader */
    uint64_t merged_arcs;         /* arcs merged with their reverse arc by symmetrization */
    const char *format;           /* format name the loader used ("dimacs", ...) (static) */
    double rank_s;                /* seconds spent ranking 64-bit weights into keys (else 0) */
} mst_graph;

/* Keys of 32-bit weights and back (docs/design.md, Data model): int32 flips the sign bit;
 * float32 flips every bit of a negative and the sign bit of a positive (-0.0 below +0.0). */
static inline uint32_t mst_key_from_int32(int32_t w) { return (uint32_t)w ^ 0x80000000u; }
static inline uint32_t mst_key_from_uint32(uint32_t w) { return w; }
uint32_t mst_key_from_float(float w);
static inline int32_t mst_key_to_int32(uint32_t key) { return (int32_t)(key ^ 0x80000000u); }
float mst_key_to_float(uint32_t key);

/* A double's bits (mst_graph.raw of float64 weights), and back. */
static inline uint64_t mst_double_to_bits(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

static inline double mst_bits_to_double(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* A weight of any type, exactly: i (int32, int64), u (uint32, uint64) or d (float32, float64). */
typedef struct mst_weight_value {
    mst_weight_type type;
    int64_t i;
    uint64_t u;
    double d;
} mst_weight_value;

/* The weight a 32-bit type t's key encodes. */
mst_weight_value mst_key_value(mst_weight_type t, uint32_t key);

/* Edge e's weight (from its key for 32-bit types, from raw[] for 64-bit ones). */
mst_weight_value mst_edge_weight(const mst_graph *g, uint64_t e);

/* Edge e's 64-bit order word, whose unsigned order is the weights': the key for 32-bit types,
 * the keys' flips applied to the raw bits for 64-bit ones. */
uint64_t mst_edge_order(const mst_graph *g, uint64_t e);

/* A weight as text into buf[len] (len >= 32), returned: integers exactly, floats in the
 * shortest "%.Pg" that strtof / strtod reads back to the same value. */
char *mst_format_value(mst_weight_value w, char *buf, int len);

/* mst_format_value of edge e's weight. */
char *mst_format_edge_weight(const mst_graph *g, uint64_t e, char *buf, int len);

/* "int32", "uint32", "float32", "int64", "uint64" or "float64". */
const char *mst_weight_type_name(mst_weight_type t);

/* Keys of 64-bit weights: key[e] = the 0-based rank of raw[e] (no NaN) among the distinct
 * weights of raw[0..m-1]. Errors: MST_ERESOURCE (m above MST_WIDE_MAX_EDGES, memory; key
 * unchanged). O(m) (a radix sort) on OpenMP's default team, as the loader's, from 2^16 edges;
 * 32 bytes per edge of scratch. */
mst_status mst_rank_keys(mst_weight_type t, const uint64_t *raw, uint64_t m, uint32_t *key);

/* Sets g's weights to w[0..g->m-1], an array of type t (int32_t ... double): the keys, and for
 * 64-bit types raw (a copy of w) ranked into them (rank_s); weight_type t, origin FROM_FILE,
 * file_has_weights 1. -0.0 is lighter than +0.0. Errors, g unchanged: MST_EINPUT "edge K: NaN
 * weight"; MST_EUSAGE (unknown t, w NULL with m > 0); MST_ERESOURCE (as mst_rank_keys). O(m),
 * on OpenMP's default team from 2^16 edges; 32-bit keys are written into g's key array where it
 * has one (its address stays). */
mst_status mst_graph_set_weights(mst_graph *g, mst_weight_type t, const void *w);

/* mst_graph_set_weights from bits[0..g->m-1] as mst_weight_value_fits stages type t's values
 * (the array is overwritten). Same errors. */
mst_status mst_graph_set_weight_bits(mst_graph *g, mst_weight_type t, uint64_t *bits);

/* Converts g's weights to type t, each of which must fit t. Errors: MST_EINPUT "NAME: edge K:
 * weight W does not fit T"; MST_ERESOURCE. O(m) (+ ranking for 64-bit t). */
mst_status mst_graph_convert_weights(mst_graph *g, mst_weight_type t, const char *name);

/* Whether x is a weight of type t: an integer type takes whole values in its range (3.0 too),
 * float32 any value whose rounding is infinite or zero only if x is, float64 any. Returns 1 with
 * *bits as staged for t (int64 two's complement, the unsigned value, or the double bits of the
 * rounded value), or 0. */
int mst_weight_value_fits(mst_weight_value x, mst_weight_type t, uint64_t *bits);

/* The exact total of edges' weights: integers in 128 bits; floats in a fixed-point accumulator
 * that holds every finite double exactly (U. Kulisch, "Computer Arithmetic and Validity", 2008,
 * chapter 7), rounded once at the end, so that every order of the terms gives the same total;
 * infinite terms counted by sign (the loaders refuse a graph with both). */
__extension__ typedef __int128 mst_int128;
#define MST_SUM_LIMBS 34 /* 2^-1074 .. 2^1024, 64 bits of carries and a sign: 2163 bits */
typedef struct mst_weight_sum {
    int is_float;
    mst_int128 i;
    uint64_t limb[MST_SUM_LIMBS]; /* the finite terms' sum in units of 2^-1074, two's
                                     complement, least significant limb first */
    uint64_t inf[2];              /* terms of +inf, of -inf */
} mst_weight_sum;

/* An empty sum for weights of type t; adding one weight, exactly. */
mst_weight_sum mst_weight_sum_init(mst_weight_type t);
void mst_weight_sum_add(mst_weight_sum *s, mst_weight_value w);

/* A float sum's value: the exact sum rounded to the nearest double (half to even); infinite if a
 * term is or the sum lies beyond the double range; 0 for integer sums. */
double mst_weight_sum_double(const mst_weight_sum *s);

/* Sums the raw weights of edges eid[0..k-1] (eid NULL: edges 0..k-1) exactly, on OpenMP's
 * default team from 2^16 edges on (the same total whatever the team). O(k). */
mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k);

/* A total as text into buf[len] (len >= 48), returned: integers exactly, floats as
 * mst_format_value prints mst_weight_sum_double ("2.00000001"), a finite sum beyond the double
 * range by its 17 leading digits ("2e+308"), "inf" or "-inf". */
char *mst_format_total(mst_weight_sum s, char *buf, int len);

/* Frees everything a graph owns and zeroes it; NULL and zeroed graphs are fine. */
void mst_graph_free(mst_graph *g);

/* Compressed sparse rows, both directions: x's neighbours are adj[offset[x] .. offset[x+1]),
 * through the edges eid[] at the same positions. */
typedef struct mst_csr {
    uint32_t n;
    uint64_t *offset; /* [n+1] */
    uint32_t *adj;    /* [2m] */
    uint64_t *eid;    /* [2m] */
} mst_csr;

/* The CSR of g, rows in increasing edge id. Errors: MST_ERESOURCE (c zeroed). O(n + m). Freeing
 * a CSR (zeroed ones too). */
mst_status mst_csr_build(const mst_graph *g, mst_csr *c);
void mst_csr_free(mst_csr *c);

/* ---------------------------------------- scan */

/* Replaces a[0..len-1] by its exclusive prefix sum and returns the total. Sequential, O(len):
 * for histograms and per-thread counts, small next to the data they index. */
static inline uint64_t mst_exclusive_scan(uint64_t *a, uint64_t len)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < len; i++) {
        uint64_t x = a[i];
        a[i] = sum;
        sum += x;
    }
    return sum;
}

/* The pieces of a parallel prefix sum done by the OpenMP team that calls them (code compiled
 * with OpenMP: mst-omp, mst-cuda's hybrid, mst-mpi's threads, libmst, the loaders and the
 * verifier): each thread takes a contiguous slice, counts in it, learns the offset of its slice
 * from the threads' counts, and writes; and the threads' shared minimum of a word. */
#ifdef _OPENMP
/* The team of a solve whose options ask for `threads` (0: the calling thread's default). Every
 * parallel region of mst-omp names its team (num_threads), so that no caller's OpenMP setting
 * is changed. */
static inline int par_team(uint64_t threads)
{
    return threads > 0 ? (int)threads : omp_get_max_threads();
}

/* The team for `work` items: the calling thread alone below 2^16 items, where waking a team
 * costs more than it saves; else par_team(threads). */
static inline int par_team_for(uint64_t threads, uint64_t work)
{
    return work < ((uint64_t)1 << 16) ? 1 : par_team(threads);
}

/* The slice [*lo, *hi) of 0..len that thread t of p owns (contiguous, sizes differ by <= 1). */
static inline void par_team_slice(uint64_t len, int t, int p, uint64_t *lo, uint64_t *hi)
{
    *lo = len * (uint64_t)t / (uint64_t)p;
    *hi = len * (uint64_t)(t + 1) / (uint64_t)p;
}

/*
 * Every thread of the current team passes its own count; returns the sum of the counts of the
 * threads numbered below it, and sets *total to the sum of all (outside a parallel region the
 * team is the calling thread alone). part: shared scratch of team size + 1 words. Two
 * barriers; part may be reused as soon as it returns. O(threads).
 */
static inline uint64_t par_team_offset(uint64_t count, uint64_t *part, uint64_t *total)
{
    int t = omp_get_thread_num(), p = omp_get_num_threads();
    part[t] = count;
#pragma omp barrier
#pragma omp single
    part[p] = mst_exclusive_scan(part, (uint64_t)p);
    uint64_t offset = part[t];
    *total = part[p];
#pragma omp barrier
    return offset;
}

/* *p = min(*p, x), atomically among threads (relaxed: the caller's barrier publishes it). The
 * value is read first: most candidates cannot win, and a read costs far less than a failed
 * compare-and-swap. */
static inline void par_min_u64(uint64_t *p, uint64_t x)
{
    uint64_t cur = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (x < cur &&
           !__atomic_compare_exchange_n(p, &cur, x, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}
#endif

/* Column-major exclusive scan of p threads' bucket counts h[t * buckets + b]: each becomes the
 * first slot of that thread's share of the bucket, so that a scatter keeps each bucket in thread
 * order; start[b] = bucket b's first slot, start[buckets] = the total. O(p * buckets). */
static inline void mst_scan_thread_buckets(uint64_t *h, uint64_t buckets, int p, uint64_t *start)
{
    uint64_t sum = 0;
    for (uint64_t b = 0; b < buckets; b++) {
        start[b] = sum;
        for (int t = 0; t < p; t++) {
            uint64_t x = h[(uint64_t)t * buckets + b];
            h[(uint64_t)t * buckets + b] = sum;
            sum += x;
        }
    }
    start[buckets] = sum;
}

/* ---------------------------------------- radix sort */

/* Sorts a[0..n-1] stably by bits [lo_bit, hi_bit) (0 <= lo_bit < hi_bit <= 64), moving payload
 * p[i] along with a[i] (p may be NULL): LSD radix sort, 8 bits a pass (skipped where all items
 * share the digit), tmp[n] and ptmp[n] its scratch, on `threads` OpenMP threads (each pass:
 * every thread counts and scatters a block of the items; one thread below 2^16 items or without
 * memory for the threads' counts). Packed (key << 32 | id) words sorted by key keep ids
 * ascending among equal keys. O(n * passes). */
void mst_radix_sort_pairs(uint64_t *a, uint64_t *p, uint64_t *tmp, uint64_t *ptmp, uint64_t n,
                          int lo_bit, int hi_bit, int threads);

/* Sorts a[0..n-1] ascending (all 64 bits). Errors: MST_ERESOURCE for the n-word scratch. */
mst_status mst_sort_u64(uint64_t *a, uint64_t n);

/* ---------------------------------------- union find */

/* Sequential disjoint-set union over 0..n-1, union by rank with path halving (Tarjan and van
 * Leeuwen, "Worst-case analysis of set union algorithms", JACM 1984). */
typedef struct mst_dsu {
    uint32_t n;
    uint32_t *parent; /* [n] parent[x] == x at a representative */
    uint8_t *rank;    /* [n] upper bound of the tree height (< 33) */
} mst_dsu;

/* Frees the arrays; zeroed ones are fine. */
static inline void mst_dsu_free(mst_dsu *d)
{
    free(d->parent);
    free(d->rank);
    memset(d, 0, sizeof *d);
}

/* n singletons, the arrays on huge pages where large (mst_big_alloc: finds read them at
 * random). Errors: MST_ERESOURCE (d is left zeroed). O(n). */
static inline mst_status mst_dsu_init(mst_dsu *d, uint32_t n)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    if ((d->parent = (uint32_t *)mst_big_alloc(n, sizeof *d->parent)) == NULL ||
        (d->rank = (uint8_t *)mst_big_alloc(n, 1)) == NULL) {
        mst_dsu_free(d);
        return MST_ERESOURCE;
    }
    for (uint32_t x = 0; x < n; x++)
        d->parent[x] = x, d->rank[x] = 0;
    return MST_OK;
}

/* Representative of x's set, halving the path on the way. */
static inline uint32_t mst_dsu_find(mst_dsu *d, uint32_t x)
{
    uint32_t *p = d->parent;
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

/* Joins the sets of representatives a != b by rank; returns the new representative. */
static inline uint32_t mst_dsu_link(mst_dsu *d, uint32_t a, uint32_t b)
{
    if (d->rank[a] < d->rank[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    d->parent[b] = a;
    if (d->rank[a] == d->rank[b])
        d->rank[a]++;
    return a;
}

/* Joins the sets of x and y; returns 1 if they were two sets, 0 if one. */
static inline int mst_dsu_union(mst_dsu *d, uint32_t x, uint32_t y)
{
    uint32_t a = mst_dsu_find(d, x), b = mst_dsu_find(d, y);
    if (a == b)
        return 0;
    mst_dsu_link(d, a, b);
    return 1;
}

/* ---------------------------------------- sample */

/* SplitMix64's finalizer: a counter-based hash, so that a value drawn from (seed, i) depends on
 * nothing else. */
static inline uint64_t mst_splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The filter's threshold (Fallin et al. 2023, section 3.2): the packed (key << 32 | id) word of
 * rank about want/m among a sample of MST_SAMPLE edges, so that about `want` edges lie at or
 * below it. The sample's edge i is mst_sample_edge(g->m, seed, i): seed 0, edges spread evenly
 * over the list; seed S > 0, ids drawn from a hash of (S, i), as in ECL-MST's threshold-seed
 * study (figures 6 and 7). sampled: NULL, or the sample's keys in that order where g's keys
 * are elsewhere (on a GPU). Requires g->m > 0. O(1). */
#define MST_SAMPLE 1024
static inline uint64_t mst_sample_edge(uint64_t m, uint64_t seed, uint64_t i)
{
    return seed == 0 ? (2 * i + 1) * m / (2 * MST_SAMPLE)
                     : mst_splitmix64(mst_splitmix64(seed) ^ i) % m;
}
uint64_t mst_sample_threshold(const mst_graph *g, const uint32_t *sampled, uint64_t want,
                              uint64_t seed);

/* ---------------------------------------- progress */

/* Progress of long work on stderr (docs/design.md, Command line), on once enabled if stderr is a
 * terminal. */
void mst_progress_enable(int on);

/* Reports "WHAT: DONE MiB" (or "DONE of TOTAL MiB" if total > 0), at most 4 times a second. */
void mst_progress_bytes(const char *what, uint64_t done, uint64_t total);

/* Replaces the progress line by a printf-style step ("mst-seq: trial 2 of 5"); one that ends
 * in '\n' stays on screen. */
void mst_progress_step(const char *fmt, ...) MST_PRINTF(1, 2);

/* Clears the progress line. */
void mst_progress_done(void);

/* ---------------------------------------- verify */

/*
 * The certifying verifier of docs/design.md, trusting no solver, Kruskal included: certifies
 * that eid[0..k-1] is the minimum spanning forest of g under the (key, edge id) order:
 *   1. every id is below g->m and appears once;
 *   2. the edges form a forest with exactly n - c edges, c = connected components of g;
 *   3. cycle property: for every non-tree edge {u, v}, every tree edge on the tree path u..v is
 *      smaller in (key, id) order.
 * That order has no ties, so exactly one forest passes: the canonical MSF every solver returns.
 * Another spanning forest of the same weight (equal weights chosen another way) is rejected.
 * Sets *components to c when it got that far (may be NULL).
 * Errors: MST_EVERIFY with the first violation in words ("edge 17 (3-9) appears twice",
 * "non-tree edge 40 (2-7, w=3) is lighter than tree edge 12 (5-6, w=9) on its tree path", or
 * for equal weights "non-tree edge 3 (0-2, w=5) precedes tree edge 8 (1-2, w=5) on its tree
 * path in the (weight, edge id) order ..."; among non-tree edges the lowest id); MST_ERESOURCE.
 * maximum = 1 certifies the maximum spanning forest instead (the weight order reversed; among
 * equal weights the lower edge id still wins, as with the harness's flipped keys; messages say
 * "heavier"). Weights are compared in mst_edge_order (the raw values of 64-bit types, not their
 * ranks). O(m + n log n) work on `threads` threads (0: OpenMP's default team; one thread for
 * fewer than 2^16 edges); memory: m / 8 bytes, about 48 bytes per vertex and 40 per tree edge
 * at most, and 256 KiB for step 4's table; the result and the message do not depend on the
 * thread count. Sources: verify.c.
 */
mst_status mst_verify_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                             uint64_t *components, int maximum, int threads);

/* What mst_verify_minimum finds beside its status. */
typedef struct mst_verify_result {
    uint64_t components; /* c, once known (UINT64_MAX before) */
    uint64_t tie;        /* UINT64_MAX: the forest is also the canonical one; else the lowest
                            non-tree edge whose tree path holds an edge of equal weight and
                            higher id (a tie broken against the id) */
    uint64_t tie_tree;   /* that tree edge: the last of the path in the (weight, id) order */
} mst_verify_result;

/*
 * As mst_verify_forest, but accepts every minimum (maximum) spanning forest: the cycle
 * property on weights alone (a non-tree edge may weigh as much as the heaviest tree edge on its
 * path), and says in *res (may be NULL) whether the forest is also the canonical one. A
 * non-tree edge lighter (heavier) than a tree edge on its path is MST_EVERIFY with
 * mst_verify_forest's message. bound (NULL, or [g->m]) gets, once the forest passes, each
 * edge's sensitivity as the edge that limits its weight (docs/tools.md, mst-verify): for a
 * non-tree edge the largest tree edge on its path in the (weight, id) order checked (it stays
 * out while it weighs at least that edge: at most, for the maximum); for a tree edge the first
 * non-tree edge in that order whose path covers it (it stays in while it weighs at most that
 * edge), or UINT64_MAX for none (a bridge). Costs as mst_verify_forest; with bound, O(m log
 * m) more (a radix sort of the non-tree edges, a rooted copy of the forest, one union-find
 * pass: Tarjan 1982) and about 32 bytes per vertex and per edge. Errors: as
 * mst_verify_forest's. Sources: verify.c.
 */
mst_status mst_verify_minimum(const mst_graph *g, const uint64_t *eid, uint64_t k, int maximum,
                              int threads, mst_verify_result *res, uint64_t *bound);

/* "edge E (U-V, w=W)" in the input's numbering (the verifier's messages), into buf; returns
 * buf. */
char *mst_format_edge(const mst_graph *g, uint64_t e, char buf[96]);

#ifdef __cplusplus
}
#endif

#endif
