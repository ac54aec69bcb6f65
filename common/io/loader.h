/*
 * loader.h: reading a graph file into the canonical graph (docs/formats.md).
 *
 * mst_graph_load() picks the format from the extension (after a ".gz", which any format may
 * have) or from --format, runs that format's loader, then applies the weight mode. Every loader
 * reads through an mst_reader and reports errors as "FILE:LINE: problem" (text formats) or
 * "FILE: problem" (binary formats), returning MST_EINPUT; the graph is left zeroed on error.
 */
#ifndef MST_LOADER_H
#define MST_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "reader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --weights */
typedef enum mst_weight_mode {
    MST_WEIGHT_MODE_AUTO = 0, /* the file's weights, or random ones if it has none */
    MST_WEIGHT_MODE_KEEP,     /* the file's weights, or unit weights if it has none */
    MST_WEIGHT_MODE_RANDOM,   /* random weights from the seed, whatever the file has */
    MST_WEIGHT_MODE_UNIT      /* every weight 1 */
} mst_weight_mode;

typedef struct mst_load_options {
    const char *format;    /* format name (see mst_format_names) or NULL: by extension */
    int one_based;         /* edge lists: ids start at 1 */
    int has_vertices;      /* --vertices given: */
    uint64_t vertices;     /*   n is this, and every id must be below it */
    mst_weight_mode weights;
    uint64_t seed;         /* for random weights */
    int weight_type;       /* --weight-type: 0 auto (from the values), else 1 + the
                              mst_weight_type every weight must fit */
    uint64_t max_edges;    /* 0: no limit; else the most edges the program takes (the packed
                              solvers' 2^32 - 1): a header announcing more is refused before
                              the body is read (mst_load_check_header) */
    uint64_t run_bytes_per_vertex; /* what the run after the load needs per vertex, added to
                              the load's memory estimate (0: the load alone is estimated) */
    size_t chunk_bytes;    /* bytes per block of the text parser (parse.h); 0: the default.
                              Tests set a few bytes to cut many blocks */
} mst_load_options;

/* Default options: format by extension, 0-based edge lists, weights AUTO, seed 1, no edge
 * limit, the load alone in the memory estimate. */
mst_load_options mst_load_options_default(void);

/* The run_bytes_per_vertex of a solver's run: the least any solver and the verifier hold per
 * vertex (a union-find's parent and rank, a CSR's row offsets, best-edge tables). */
#define MST_RUN_BYTES_PER_VERTEX 8

/*
 * The edge limit of mst_load_check_header alone: `edges` (the fewest edges the header can
 * make) against o->max_edges (o may be NULL: no limit). For loaders that check memory their
 * own way, such as mst-mpi's ranks reading slices of an .msb file. Errors: MST_ERESOURCE,
 * "WHERE: the header announces at least N edges; this solver takes at most M (...)". O(1).
 */
mst_status mst_load_check_edges(const char *where, const mst_load_options *o, uint64_t edges);

/*
 * The early checks of a header's sizes, made before any of the body is read (docs/design.md,
 * Errors): `edges`, the fewest edges the header's `records` can make (half the arcs, rounded
 * up, where records are arcs), against o->max_edges; then the memory estimate, `load_bytes`
 * (the loader's own peak) plus o->run_bytes_per_vertex per vertex of n, against
 * mst_memory_limit(). o may be NULL (no edge limit, the load alone). where: "FILE" or
 * "FILE:LINE", the start of the message.
 * Errors: MST_ERESOURCE, e.g. "g.gr:1: the header announces at least 4294967297 edges; this
 * solver takes at most 4294967295 (...)" or "g.gr:1: a graph of n = 10, m = 9000000000
 * needs about 419.1 GiB, the machine has 23.4 GiB". O(1).
 */
mst_status mst_load_check_header(const char *where, const mst_load_options *o, uint64_t n,
                                 uint64_t records, uint64_t edges, double load_bytes);

/*
 * Loads the graph at `path` into *g (owned by the caller; free with mst_graph_free), applies the
 * weight mode, then --weight-type (o->weight_type): text formats check each weight against it
 * on its line; binary formats (.msb, .egr) and random or unit weights are converted after
 * loading (mst_graph_convert_weights). 64-bit types' keys are ranked here (g->rank_s).
 * Errors: MST_EUSAGE for an unknown --format; MST_EINPUT for a missing, unreadable, malformed
 * or unsupported file (one-line message with file and line; a binary file of another size than
 * its header implies; a weight that does not fit --weight-type); MST_ERESOURCE for memory or
 * size limits (n >= 2^32, more edges than o->max_edges, more memory than the machine has),
 * found from the header where the format has one. O(file bytes + m) time, over OpenMP's
 * default team of threads (the solver's -t where it sets one; docs/formats.md, Loading
 * speed): the graph, its ids and every message are those of a one-thread load.
 */
mst_status mst_graph_load(const char *path, const mst_load_options *o, mst_graph *g);

/* Space-separated list of the format names --format accepts. */
const char *mst_format_names(void);

/* The format name for a path's extension ("edgelist", "dimacs", ...), or NULL if unknown. */
const char *mst_format_from_path(const char *path);

/*
 * Replaces g's weights by the mode's (RANDOM: int32 uniform in [1, 2^20] from a counter-based
 * hash of (seed, edge id), so the same seed gives the same weights on every machine; UNIT: 1;
 * AUTO/KEEP: unchanged if the file had weights, else random/unit). O(m).
 */
void mst_apply_weight_mode(mst_graph *g, mst_weight_mode mode, uint64_t seed);

/*
 * The key mst_apply_weight_mode() gives edge `eid` under RANDOM weights with `seed`, for loaders
 * that hold only a slice of the edge list (mst-mpi reads .msb slices with MPI-IO). O(1).
 */
uint32_t mst_random_weight_key(uint64_t seed, uint64_t eid);

/* The format loaders (one file each). Same contract as mst_graph_load, on an open reader. */
mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_msb(mst_reader *r, const mst_load_options *o, mst_graph *g);

#ifdef __cplusplus
}
#endif

#endif
