/*
 * builder.h: the one place where loaders turn parsed arcs into the canonical graph.
 *
 * A loader calls mst_builder_add() for each edge or arc in file order. The builder checks ids
 * against n, drops and counts self-loops, stages weights and checks they fit 32 bits, and at
 * mst_builder_finish() picks the weight type (any real token: float32; else int32, or uint32 when
 * all weights are non-negative and some exceed INT32_MAX), computes the keys and, for directed
 * input, symmetrizes: an arc u->v and an arc v->u with the same weight become one edge (kept at
 * the first one's position); unmatched arcs and parallel arcs stay edges of their own.
 */
#ifndef MST_BUILDER_H
#define MST_BUILDER_H

#include <stdint.h>

#include "graph.h"
#include "loader.h"
#include "reader.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_builder {
    const mst_reader *r; /* for "file:line:" in messages (NULL: messages name the edge index) */
    const char *name;
    int index_base;      /* ids in the file start at this (0 or 1) */
    int weighted;        /* add() passes weights */
    uint64_t n_limit;    /* every id - index_base must be below this */
    int n_fixed;         /* n = n_limit (header or --vertices) rather than the largest id + 1 */
    int vertices_forced; /* --vertices given: the header's n does not replace it */
    const mst_load_options *o; /* the options (or NULL), for the header's checks */
    uint64_t max_id;     /* largest 0-based id seen, +1 (0: none) */
    uint32_t *u, *v;     /* [cap] staged edges */
    double *w;           /* [cap] staged raw weights (weighted only) */
    uint64_t m, cap;
    uint64_t self_loops;
    int any_real;
    uint64_t neg_line, big_line; /* first line with a negative / above-INT32_MAX integer */
    double big_value;
    uint64_t overflow_line;      /* first integer outside [INT32_MIN, UINT32_MAX] */
    double overflow_value;
} mst_builder;

/*
 * Starts a builder for the file read by r (may be NULL: name is used), whose ids start at
 * index_base, with weights if `weighted`. o->has_vertices fixes n. Errors: none but memory.
 */
mst_status mst_builder_init(mst_builder *b, const mst_reader *r, const char *name, int index_base,
                            int weighted, const mst_load_options *o);

/*
 * The header's counts: n vertices (ids must lie below it and n is it, unless --vertices was
 * given) and `records` edges or arcs (`directed`: arcs, which may merge into half as many
 * edges) that the body must hold. Before any of the body is read it checks what the header
 * implies (mst_load_check_header: the options' max_edges, and memory: the builder's peak,
 * mst_builder_peak_bytes, plus the options' run bytes per vertex), then sizes the first
 * allocation (up to 2^24 records: a header is not trusted with more before its lines arrive).
 * Errors, with file and line: MST_ERESOURCE if n >= 2^32, more edges than max_edges, or more
 * memory than the machine has.
 */
mst_status mst_builder_set_header(mst_builder *b, uint64_t n, uint64_t records, int directed);

/*
 * Peak bytes of building a graph from `records` edges or arcs: the staged endpoints (and
 * weights, as doubles, if `weighted`), the keys, and for directed input the hash table of the
 * symmetrization (2 to 4 slots of 20 bytes per arc). An estimate for early refusal. O(log).
 */
double mst_builder_peak_bytes(uint64_t records, int weighted, int directed);

/*
 * Adds the edge or arc {u, v} (file ids) with raw weight w (ignored if the builder is
 * unweighted; is_real: the token was not an integer). Errors, with file and line: MST_EINPUT for
 * an id below index_base or not below n, a NaN or infinite weight; MST_ERESOURCE for memory.
 * (An integer weight outside [INT32_MIN, UINT32_MAX] is an error at finish, unless the file
 * has real weights and so becomes float32.)
 */
mst_status mst_builder_add(mst_builder *b, uint64_t u, uint64_t v, double w, int is_real);

/*
 * Moves the staged edges into *g (symmetrizing if `directed`), sets n, m, keys, weight type,
 * self_loops, merged_arcs, index_base and file_has_weights, and frees the builder. g->name and
 * g->format are left to the caller. Errors: MST_EINPUT (naming the line) if integer weights
 * overflow 32 bits or mix negatives and values above INT32_MAX; MST_ERESOURCE. The builder is freed in every case.
 */
mst_status mst_builder_finish(mst_builder *b, int directed, mst_graph *g);

/* Frees a builder's staging (safe after finish and on zeroed builders). */
void mst_builder_free(mst_builder *b);

/* Hash of an undirected edge group {lo, hi} (lo < hi) with weight key `key`: shared by the
 * symmetrization below and by the writers that must avoid it (arc_flips.h). */
static inline uint64_t mst_edge_group_hash(uint32_t lo, uint32_t hi, uint32_t key)
{
    uint64_t h = ((uint64_t)lo << 32 | hi) * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)key * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

/*
 * Merges arcs with their reverse arcs of equal key in place (see above), compacting u, v, key
 * and reducing *m. Returns the number of arcs merged, or UINT64_MAX if memory ran out (then
 * nothing changed). Expected O(m) with a hash table of 2m slots (about 40 bytes per arc).
 */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *m);

#ifdef __cplusplus
}
#endif

#endif
