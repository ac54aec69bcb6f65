/*
 * graph.h: the canonical graph of mst-suite (docs/design.md, Data model).
 *
 * A loaded graph is an undirected edge list: edge e = {u[e], v[e]} with u != v, listed once, in
 * file order with self-loops removed; e is the edge id. Parallel edges are kept. Weights are kept
 * only as 32-bit order-preserving keys: comparing keys as uint32 compares the raw weights, and the
 * raw value is recovered exactly from (weight_type, key). The total order on edges is
 * (key[e], e); under it the minimum spanning forest is unique.
 */
#ifndef MST_GRAPH_H
#define MST_GRAPH_H

#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest vertex count: ids are uint32_t and n < 2^32. */
#define MST_MAX_VERTICES 0xFFFFFFFFull

/* The raw type the keys encode. */
typedef enum mst_weight_type {
    MST_WEIGHT_INT32 = 0,
    MST_WEIGHT_UINT32 = 1,
    MST_WEIGHT_FLOAT32 = 2
} mst_weight_type;

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
    mst_weight_type weight_type;  /* type of the raw weights the keys encode */
    mst_weight_origin weight_origin;
    uint64_t seed;                /* seed of random weights (weight_origin == RANDOM) */
    int file_has_weights;         /* 1 if the file carried weights */
    int index_base;               /* 0 or 1: the file's vertex numbering (output adds it) */
    uint64_t self_loops;          /* self-loops dropped by the loader */
    uint64_t merged_arcs;         /* arcs merged with their reverse arc by symmetrization */
    const char *format;           /* format name the loader used ("dimacs", ...) (static) */
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

/* The raw weight as a double (exact for all three types). */
double mst_key_to_double(mst_weight_type t, uint32_t key);

/* Writes the raw weight as text ("-5", "4000000000", "0.5") into buf[len]; shortest form that
 * reads back to the same float32 for floats. Returns buf. */
char *mst_format_weight(mst_weight_type t, uint32_t key, char *buf, int len);

/* Name of a weight type ("int32", "uint32", "float32"). */
const char *mst_weight_type_name(mst_weight_type t);

/* Exact total of a set of edges' weights: int64 for integer types, double for float32. */
typedef struct mst_weight_sum {
    int is_float;
    int64_t i;
    double d;
} mst_weight_sum;

/* Sums the raw weights of edges eid[0..k-1]. O(k). */
mst_weight_sum mst_weight_total(const mst_graph *g, const uint64_t *eid, uint64_t k);

/* Formats a total into buf[len] ("1186386", "7919.5"). Returns buf. */
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
