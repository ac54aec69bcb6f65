/*
 * graph.h: the canonical graph of mst-suite (docs/design.md, Data model).
 *
 * A loaded graph is an undirected edge list: edge e = {u[e], v[e]} with u != v, listed once, in
 * file order with self-loops removed; e is the edge id. Parallel edges are kept. Solvers see
 * weights only as 32-bit order-preserving keys: comparing keys as uint32 compares the raw
 * weights. For the 32-bit types (int32, uint32, float32) the key encodes the raw value, which is
 * recovered exactly from (weight_type, key); for the 64-bit types (int64, uint64, float64) the
 * graph also keeps the raw values (raw[]) and the key is the rank of the edge's weight among the
 * distinct weights. The total order on edges is (key[e], e); under it the minimum spanning
 * forest is unique.
 */
#ifndef MST_GRAPH_H
#define MST_GRAPH_H

#include <stdint.h>
#include <string.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest vertex count: ids are uint32_t and n < 2^32. */
#define MST_MAX_VERTICES 0xFFFFFFFFull

/* The raw type of the weights. The values are fixed (they are stored in benchmark files and
 * passed by the libmst API); the .msb codes are these + 1 (msb.h). */
typedef enum mst_weight_type {
    MST_WEIGHT_INT32 = 0,
    MST_WEIGHT_UINT32 = 1,
    MST_WEIGHT_FLOAT32 = 2,
    MST_WEIGHT_INT64 = 3,
    MST_WEIGHT_UINT64 = 4,
    MST_WEIGHT_FLOAT64 = 5
} mst_weight_type;

/* 1 for the 64-bit types, whose keys are ranks and whose raw values the graph keeps. */
static inline int mst_weight_is_wide(mst_weight_type t) { return t >= MST_WEIGHT_INT64; }

/* 1 for float32 and float64. */
static inline int mst_weight_is_float(mst_weight_type t)
{
    return t == MST_WEIGHT_FLOAT32 || t == MST_WEIGHT_FLOAT64;
}

/* The most edges a graph with 64-bit weights takes: its keys are the ranks of the distinct
 * weights, which must fit 32 bits (docs/design.md, Data model). */
#define MST_WIDE_MAX_EDGES 0xFFFFFFFFull

/* Where the weights came from. */
typedef enum mst_weight_origin {
    MST_WEIGHTS_FROM_FILE = 0,
    MST_WEIGHTS_RANDOM = 1, /* mst_weights_random(): uniform int32 in [1, 2^20] from a seed */
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

/* Order-preserving keys (docs/design.md, Data model): int32 flips the sign bit; float32 uses the
 * sign-magnitude flip (negative: all bits flipped; positive: sign bit set), so -0.0 sorts just
 * below +0.0. */
static inline uint32_t mst_key_from_int32(int32_t w) { return (uint32_t)w ^ 0x80000000u; }
static inline uint32_t mst_key_from_uint32(uint32_t w) { return w; }
uint32_t mst_key_from_float(float w);

/* Inverses of the above. */
static inline int32_t mst_key_to_int32(uint32_t key) { return (int32_t)(key ^ 0x80000000u); }
float mst_key_to_float(uint32_t key);

/*
 * The 64-bit order word of raw bits `bits` of a 64-bit type: the same flips on 64 bits (int64:
 * sign bit flipped; uint64: itself; float64: sign-magnitude flip, so -0.0 sorts just below
 * +0.0, as for float32). Unsigned order of the words is the order of the weights. O(1).
 */
uint64_t mst_key64(mst_weight_type t, uint64_t bits);

/* A double's bits as stored in mst_graph.raw for float64 weights, and back. */
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

/* The exact raw weight of one edge, whatever its type: i for int32/int64, u for uint32/uint64,
 * d for float32 (exact in a double) and float64. */
typedef struct mst_weight_value {
    mst_weight_type type;
    int64_t i;
    uint64_t u;
    double d;
} mst_weight_value;

/* The weight a 32-bit type's key encodes (t must be int32, uint32 or float32). O(1). */
mst_weight_value mst_key_value(mst_weight_type t, uint32_t key);

/* Edge e's exact raw weight (from the key for 32-bit types, from raw[] for 64-bit ones). */
mst_weight_value mst_edge_weight(const mst_graph *g, uint64_t e);

/* Edge e's weight as a double: exact for the 32-bit types and float64, rounded for 64-bit
 * integers beyond 2^53. */
double mst_edge_weight_double(const mst_graph *g, uint64_t e);

/* The 64-bit order word of edge e: unsigned order is the weights' order for every type (the key
 * itself for 32-bit types, mst_key64 of the raw bits for 64-bit ones). The verifier compares
 * these, not the derived keys of 64-bit types. O(1). */
uint64_t mst_edge_order(const mst_graph *g, uint64_t e);

/* Writes a 32-bit type's raw weight as text ("-5", "4000000000", "0.5") into buf[len]; shortest
 * form that reads back to the same float32 for floats. Returns buf. */
char *mst_format_weight(mst_weight_type t, uint32_t key, char *buf, int len);

/* Writes a weight of any type as text into buf[len] (at least 32 bytes): integers exactly,
 * floats in the shortest "%.Pg" form that reads back to the same float32 / double (strtof /
 * strtod). Returns buf. */
char *mst_format_value(mst_weight_value w, char *buf, int len);

/* mst_format_value of edge e's weight. */
char *mst_format_edge_weight(const mst_graph *g, uint64_t e, char *buf, int len);

/* Name of a weight type ("int32", "uint32", "float32", "int64", "uint64", "float64"). */
const char *mst_weight_type_name(mst_weight_type t);

/*
 * Keys of 64-bit weights: key[e] = the rank of raw[e] among the distinct weights of raw[0..m-1]
 * (0-based, in the order of mst_key64), so the keys' order is the weights' order, ties
 * included, exactly. raw must hold no NaN. Sorts the m order words with their edge ids (LSD
 * radix sort, mst_radix_sort_pairs), then numbers them in one pass.
 * Errors: MST_ERESOURCE when m exceeds MST_WIDE_MAX_EDGES or memory runs out (key unchanged).
 * O(m) time (8 radix passes at most), 32 bytes per edge of scratch.
 */
mst_status mst_rank_keys(mst_weight_type t, const uint64_t *raw, uint64_t m, uint32_t *key);

/*
 * Sets g's weights to w[0..g->m-1], an array of type t (int32_t, uint32_t, float, int64_t,
 * uint64_t or double): g->key for every type and, for 64-bit types, g->raw (a copy of w) with
 * key[e] the rank of w[e] (mst_rank_keys; g->rank_s gets its time). weight_type becomes t,
 * weight_origin MST_WEIGHTS_FROM_FILE (the caller's) and file_has_weights 1. The one entry point
 * for code that brings its own weights (the libmst C API); -0.0 and +0.0 are two weights, -0.0
 * the lighter. Errors, with g left as it was: MST_EINPUT "edge K: NaN weight" for the first NaN;
 * MST_EUSAGE for an unknown t or w NULL with m > 0; MST_ERESOURCE (memory, or m above
 * MST_WIDE_MAX_EDGES for a 64-bit type). O(m).
 */
mst_status mst_graph_set_weights(mst_graph *g, mst_weight_type t, const void *w);

/*
 * Converts g's weights to type t in place: each value must fit t (integers: an integral value in
 * t's range; float32: finite values whose rounding is neither infinite nor zero when they are
 * not; float64: any). `name` starts the message. Errors: MST_EINPUT "NAME: edge K: weight W does
 * not fit T"; MST_ERESOURCE. O(m) (+ ranking for 64-bit t).
 */
mst_status mst_graph_convert_weights(mst_graph *g, mst_weight_type t, const char *name);

/*
 * Whether value x is a weight of type t: integers need an integral value in t's range (a float
 * x counts when it is a whole number: 3.0), float32 takes any value whose rounding to float32 is
 * neither infinite nor zero unless x is (integers are rounded), float64 any value. Returns 1 and
 * the value's bits as staged for t (int32/int64: int64 two's complement; uint32/uint64: the
 * value; float32/float64: the IEEE double bits of the (rounded) value), or 0. O(1).
 */
int mst_weight_value_fits(mst_weight_value x, mst_weight_type t, uint64_t *bits);

/* The exact total of a set of edges' weights: integer types in 128 bits (no overflow for any
 * forest of fewer than 2^64 edges); float types as Shewchuk's non-overlapping partials, whose
 * sum is the exact sum of the terms, rounded once at the end (correctly rounded, so the same
 * for any order of the terms: every solver prints the same total for the same forest). */
__extension__ typedef __int128 mst_int128;
#define MST_SUM_PARTIALS 64 /* non-overlapping doubles span at most 2098 bits: 41 partials */
typedef struct mst_weight_sum {
    int is_float;
    mst_int128 i;
    int np;                       /* partials in use */
    double p[MST_SUM_PARTIALS];   /* increasing magnitude, non-overlapping */
    double special;               /* the sum of infinite and NaN terms, and of overflows */
} mst_weight_sum;

/* An empty sum for weights of type t. */
mst_weight_sum mst_weight_sum_init(mst_weight_type t);

/* Adds one weight: integers exactly; floats by Shewchuk's grow-expansion step (J. R. Shewchuk,
 * "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", Discrete
 * Comput. Geom. 18, 1997, section 2; the msum of Python's math.fsum). O(partials). */
void mst_weight_sum_add(mst_weight_sum *s, mst_weight_value w);

/* A float sum's value: the exact sum of the terms rounded to the nearest double (half to even);
 * infinite if a term is, or if the running sum leaves the double range; 0 for integer sums. */
double mst_weight_sum_double(const mst_weight_sum *s);

/* Sums the raw weights of edges eid[0..k-1]. O(k). */
mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k);

/* Formats a total into buf[len] (at least 48 bytes): integers exactly ("1186386",
 * "-170141183460469231731687303715884105728"), floats (mst_weight_sum_double) in the shortest
 * form that strtod reads back to the same double ("2.00000001", "7919.5"). Returns buf. */
char *mst_format_total(mst_weight_sum s, char *buf, int len);

/* Frees everything a graph owns and zeroes it; NULL and zeroed graphs are fine. */
void mst_graph_free(mst_graph *g);

/* Compressed sparse rows of a graph, both directions: the neighbours of x are
 * adj[offset[x] .. offset[x+1]-1], reached through edges eid[...] (same positions). */
typedef struct mst_csr {
    uint32_t n;
    uint64_t *offset; /* [n+1] */
    uint32_t *adj;    /* [2m] */
    uint64_t *eid;    /* [2m] */
} mst_csr;

/*
 * Builds the CSR of g (each edge appears at both endpoints, in increasing edge id within each
 * row). Errors: MST_ERESOURCE when memory runs out (c is left zeroed). O(n + m) time.
 */
mst_status mst_csr_build(const mst_graph *g, mst_csr *c);

/* Frees a CSR; NULL and zeroed ones are fine. */
void mst_csr_free(mst_csr *c);

#ifdef __cplusplus
}
#endif

#endif
