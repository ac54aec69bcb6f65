/*
 * builder.h: the one place where loaders turn parsed arcs into the canonical graph.
 *
 * A loader calls mst_builder_add() for each edge or arc in file order. The builder checks ids
 * against n, drops and counts self-loops, stages weights exactly (64-bit integers, or doubles
 * once a real appears), and at mst_builder_finish() picks the weight type: --weight-type's if
 * given (each value checked against it as it arrives, naming its line), else from the values
 * (any real token, or a format that declares reals: float64; integers: int32 if all fit,
 * uint32 if none is negative and some exceed INT32_MAX, else int64, else uint64 when none is
 * negative and some exceed INT64_MAX). It then computes the keys (ranks for 64-bit types) and,
 * for directed input, symmetrizes: an arc u->v and an arc v->u with the same weight become one
 * edge (kept at the first one's position); unmatched arcs and parallel arcs stay edges of their
 * own (mst_symmetrize, below).
 */
#ifndef MST_BUILDER_H
#define MST_BUILDER_H

#include <stdint.h>

#include "core.h"
#include "loader.h"
#include "parse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- symmetrization */

/* The undirected edges of directed input (builder.h, docs/formats.md,
 * Symmetrization): an arc u->v and an arc v->u with the same weight key become one edge, kept
 * at the first one's position; unmatched arcs and parallel arcs stay edges of their own.
 */

/* Hash of an undirected edge group {lo, hi} (lo < hi) with weight key `key`: shared by the
 * symmetrization below and by the writers that must avoid it (gen/write.c). */
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
 * and raw (if not NULL: the 64-bit weights, whose keys are ranks, so equal keys are equal
 * weights) and reducing *m. scratch: NULL, or *m words it may overwrite (memory the caller no
 * longer needs, such as the staged weights: fresh memory costs a page fault per 4 KiB).
 * Returns the number of arcs merged, or UINT64_MAX if memory ran out or *m is 2^40 or more
 * (then nothing changed: MST_ERESOURCE).
 * Only a group (lo, hi, key) with arcs in both directions merges any, and most arcs of most
 * files are alone in theirs, so the arcs are first partitioned by group hash into buckets of
 * about 2^16 (8-byte records: id, direction, 23 hash bits), each bucket in file order. A
 * bucket's records set their hash bit in the bitmap of their direction, 16 bits per record and
 * small enough to stay in the core's cache, and the arcs whose bit is set in the other
 * direction's bitmap (every arc of a group with both directions, and about 1 in 32 others by
 * collision) meet an exact hash table, in file order. The other arcs stay. Expected O(m): two
 * streaming passes over the arcs, one over the records, and the candidates' table work; 9
 * bytes per arc (1 with scratch) plus each thread's bitmaps and table for one bucket. The
 * buckets are split among mst_load_threads() threads; the result does not depend on the thread
 * count.
 */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch);

/* A bound on the bytes of mst_symmetrize's scratch for `arcs` arcs, for the loaders' early
 * memory check (builder.h, mst_builder_peak_bytes): an exact table of 2 to 4 slots of 20 bytes
 * per arc, above the 9 bytes per arc and per-bucket tables it allocates. O(log arcs). */
double mst_symmetrize_table_bytes(uint64_t arcs);

/* ---------------------------------------- builder */

typedef struct mst_builder {
    mst_text_part *part; /* messages go to the part's current line (NULL: they name the edge
                            index, "file: edge K: ...") */
    const char *name;
    int index_base;      /* ids in the file start at this (0 or 1) */
    int weighted;        /* add() passes weights */
    uint64_t n_limit;    /* every id - index_base must be below this */
    int n_fixed;         /* n = n_limit (header or --vertices) rather than the largest id + 1 */
    int vertices_forced; /* --vertices given: the header's n does not replace it */
    const mst_load_options *o; /* the options (or NULL), for the header's checks */
    uint64_t max_id;     /* largest 0-based id seen, +1 (0: none) */
    uint32_t *u, *v;     /* [cap] staged edges */
    uint64_t *w;         /* [cap] staged weights (weighted only): see `forced` and `as_real` */
    uint64_t m, cap;
    uint64_t self_loops;
    int forced;          /* --weight-type T given: 1 + T, and w[] holds the bits of T as
                            mst_weight_value_fits stages them; 0: the type comes from the values */
    int parse_float32;   /* loaders parse reals to float32 (--weight-type float32) */
    int declared_real;   /* the format declares real weights (Matrix Market 'real') */
    int as_real;         /* without `forced`: w[] holds doubles (a real was seen, or integers
                            that fit no integer type); else int64 bits, or uint64 if huge_line */
    int any_real;
    uint64_t neg_line;   /* first line with a negative integer (the part's numbering) */
    uint64_t big_line;   /* first line with an integer above INT32_MAX */
    uint64_t wide_line;  /* first line with an integer outside [INT32_MIN, UINT32_MAX] */
    uint64_t huge_line;  /* first line with an integer above INT64_MAX */
    mst_number big_value, huge_value;
} mst_builder;

/*
 * Starts a builder for the file `name` whose lines are parsed in `part` (NULL: not a text
 * file), whose ids start at index_base, with weights if `weighted`. o->has_vertices fixes n.
 * Errors: MST_ERESOURCE for --vertices beyond 2^32 - 1.
 */
mst_status mst_builder_init(mst_builder *b, mst_text_part *part, const char *name,
                            int index_base, int weighted, const mst_load_options *o);

/* The format declares its weights real (Matrix Market 'real'): without --weight-type the graph
 * is float64 even if every token is an integer. Call before the first add(). */
void mst_builder_declare_real(mst_builder *b);

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
 * weights, 8 bytes each, if `weighted`), the keys, and for directed input a bound on the
 * symmetrization's scratch (mst_symmetrize_table_bytes). An estimate for early refusal
 * (64-bit types also keep their 8-byte weights and rank them with 32 bytes per record of
 * scratch). O(log).
 */
double mst_builder_peak_bytes(uint64_t records, int weighted, int directed);

/*
 * Adds the edge or arc {u, v} (file ids) with weight w (ignored if the builder is unweighted).
 * Errors, with file and line: MST_EINPUT for an id below index_base or not below n, a NaN or
 * infinite weight, a weight that does not fit --weight-type's type (a real where it takes
 * integers, a value out of its range); MST_ERESOURCE for memory. (Without --weight-type,
 * integers that fit no single type, some negative and some above INT64_MAX, are an error at
 * finish, unless the file has real weights and so becomes float64.)
 */
mst_status mst_builder_add(mst_builder *b, uint64_t u, uint64_t v, const mst_number *w);

/*
 * mst_builder_add with its common case inline, for the parsers' per-line loops: an edge (not a
 * self-loop) with ids in range, unweighted or with an integer weight from 0 to INT32_MAX
 * without --weight-type while integers are staged, and room for it, is stored here; anything
 * else goes to mst_builder_add. Same effect, result and errors as mst_builder_add.
 */
static inline mst_status mst_builder_add_fast(mst_builder *b, uint64_t u, uint64_t v,
                                              const mst_number *w)
{
    /* The fields are read before the stores, which may alias them (uint32_t and int). */
    uint64_t base = (uint64_t)b->index_base, m = b->m, hi = u > v ? u : v;
    int weighted = b->weighted;
    int plain = !weighted ||
                (!b->forced && !b->as_real && !w->is_real && !w->neg && w->mag <= INT32_MAX);
    if (!plain || m == b->cap || u < base || v < base || hi - base >= b->n_limit || u == v)
        return mst_builder_add(b, u, v, w);
    b->max_id = hi - base + 1 > b->max_id ? hi - base + 1 : b->max_id;
    b->m = m + 1;
    b->u[m] = (uint32_t)(u - base);
    b->v[m] = (uint32_t)(v - base);
    if (weighted)
        b->w[m] = w->mag;
    return MST_OK;
}

/*
 * Moves the staged edges into *g (symmetrizing if `directed`), sets n, m, keys (and raw[] for
 * 64-bit types, ranked: g->rank_s), weight type, self_loops, merged_arcs, index_base and
 * file_has_weights, and frees the builder. g->name and g->format are left to the caller.
 * Errors: MST_EINPUT (naming the lines) if integer weights mix negatives and values above
 * INT64_MAX; MST_ERESOURCE (memory; more than 2^32 - 1 records with 64-bit weights). The builder
 * is freed in every case.
 */
mst_status mst_builder_finish(mst_builder *b, int directed, mst_graph *g);

/* The three steps of appending several builders of a file's parts (parse.h) at once, the
 * copies side by side: room for `records` staged edges (MST_ERESOURCE); src's counts and
 * weight notes into dst, in file order (src's line marks moved by the `lines_before` it in
 * the file; dst's staged integers become doubles where add() would make them so); and src's
 * staged edges copied to dst's index `at` (dst->m unchanged; after every note of the builders
 * copied, so that the weights come as dst stages them). */
mst_status mst_builder_reserve(mst_builder *b, uint64_t records);
void mst_builder_note(mst_builder *dst, const mst_builder *src, uint64_t lines_before);
void mst_builder_copy(const mst_builder *dst, const mst_builder *src, uint64_t at);

/* Empties a builder for reuse (its arrays stay allocated): no edges, no weight notes. */
void mst_builder_clear(mst_builder *b);

/* The most threads a load uses (the size of per-thread tables). */
#define MST_MAX_LOAD_THREADS 256

/* The threads of the load phase: OpenMP's default team (the solver's -t where it sets one,
 * else OMP_NUM_THREADS or all cores), at most MST_MAX_LOAD_THREADS. */
int mst_load_threads(void);

/* Frees a builder's staging (safe after finish and on zeroed builders). */
void mst_builder_free(mst_builder *b);

#ifdef __cplusplus
}
#endif

#endif
