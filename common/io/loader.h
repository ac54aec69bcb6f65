/*
 * loader.h: reading a graph file into the canonical graph (docs/formats.md), and the files
 * beside it: the reader under every loader, forest files (--output, mst-verify) and the weight
 * files of --rounds.
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

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- reader */

/* Input for the loaders, from a file (plain, or gzip inflated by zlib) or from
 * memory (tests and fuzzers feed strings this way).
 *
 * A plain regular file is read in place: its long reads (the .msb and .egr arrays) are split
 * among the OpenMP threads, and the text parser (parse.h) maps it (mst_reader_map). A gzip
 * file, or any input that tells no size (a pipe, a FIFO), is read in order, once: the text
 * parser takes it in large blocks, the binary formats read exactly the bytes their header
 * announces, then ask whether anything follows: a stream longer than its header says is
 * refused after one more byte, never inflated to its end (docs/design.md, Errors).
 */

typedef struct mst_reader mst_reader;

/*
 * Opens `path` for reading; a file that starts with the gzip magic is inflated, other files are
 * read as they are. The reader's name for messages is `path`.
 * Errors: MST_EINPUT if the file cannot be opened ("PATH: No such file or directory") or is a
 * directory; MST_ERESOURCE on allocation failure.
 */
mst_status mst_reader_open(const char *path, mst_reader **out);

/*
 * A reader over len bytes at data (not copied: data must outlive the reader; not inflated).
 * `name` is used in messages. Errors: MST_ERESOURCE.
 */
mst_status mst_reader_from_memory(const char *name, const void *data, size_t len,
                                  mst_reader **out);

/* The name given at open (the path). */
const char *mst_reader_name(const mst_reader *r);

/*
 * Reads the next len bytes into dst[len] and sets *got to how many came: fewer than len only at
 * the end of the input (*got = 0 there). Errors: MST_EINPUT for a read error, a truncated or
 * corrupt gzip stream ("name: truncated or corrupt gzip data (...)"), or bytes after the last
 * gzip member that start no other ("name: trailing data after the end of the gzip stream");
 * MST_ERESOURCE. *got counts what came before an error.
 */
mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got);

/*
 * Sets *more to 1 if at least one byte remains, 0 at the end of the input. It reads ahead one
 * byte (a gzip source inflates a little for it), consuming nothing. Errors as mst_reader_read.
 */
mst_status mst_reader_has_more(mst_reader *r, int *more);

/* Bytes of the (inflated) input handed out so far: the offset of the next. */
uint64_t mst_reader_offset(const mst_reader *r);

/*
 * The input's whole length in bytes where it is known before reading it (memory readers and
 * plain regular files), else UINT64_MAX (gzip: only inflating tells; a pipe).
 */
uint64_t mst_reader_size(const mst_reader *r);

/*
 * The whole input as one read-only byte array: a memory reader's bytes, or a plain regular file
 * mapped with mmap (kept until close). Returns 1 and sets *data, *len; returns 0 (nothing
 * changed) for gzip input, a pipe, an empty file, or a reader that has handed out bytes. Not
 * NUL-terminated.
 */
int mst_reader_map(mst_reader *r, const char **data, size_t *len);

/* Closes the reader; NULL is fine. */
void mst_reader_close(mst_reader *r);

/* ---------------------------------------- loader */

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

/* ---------------------------------------- msf io */

/* MSF files (docs/design.md, Output; docs/formats.md, Forest files; mst-verify reads them back:
 * tools/msf_read.h). Two layouts, after one '#' line naming the forest:
 *   edges: one edge "u v w" a line, in the input's own vertex numbering and exact raw weights;
 *   ids:   one edge id a line (0-based positions in the canonical edge list), ascending.
 */

/* The layout of a forest file. AUTO (reading only): told by the first data line, one field
 * (ids) or three (edges). */
typedef enum mst_msf_format { MST_MSF_AUTO = 0, MST_MSF_EDGES = 1, MST_MSF_IDS = 2 } mst_msf_format;

/*
 * Writes edges eid[0..k-1] of g to `path` in increasing edge id order (eid is sorted in place),
 * as "u v w" lines (MST_MSF_EDGES) or edge ids (MST_MSF_IDS), after one '#' line:
 * "# minimum spanning forest of GRAPH by PRODUCER: K edges, weight W" ("maximum" when
 * `maximum`), W the exact total (mst_format_total). Plain text whatever the name (".gz"
 * included), opened by atomic_file.h: a regular file through a temporary renamed when complete,
 * a device, FIFO or "-" (stdout) in place. Errors: MST_EUSAGE when `path` is g's input file
 * (mst_output_check); MST_EINPUT (cannot write, naming the path); MST_ERESOURCE.
 */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum);

/* ---------------------------------------- weights file */

/* The weights of one round of a repeated-MSF run (--rounds; docs/rounds.md):
 * Ma and Wan's workload ("Heterogeneous CPU-GPU Orchestration for Repeated Minimum Spanning
 * Tree Computation", section 4), where the topology stays and every round brings new weights.
 * A round's weights replace a loaded graph's keys (and raw weights), edge by edge id; the
 * endpoints are never touched.
 *
 * Weight files hold one weight per edge and line, line k (comments and blank lines aside) for
 * edge id k of the canonical edge list (docs/design.md, Data model: self-loops dropped, reverse
 * arcs merged; the ids of --output-format ids). Two layouts:
 *   columns: one file, every line holds R weights, column r for round r (1-based);
 *   per round: a path with "{r}", replaced by the round's number (1, 2, ...), one weight a line.
 * Numbers are read as the loaders read weights (docs/formats.md, Numbers); a round's type is
 * --weight-type's, or else inferred from that round's values as the loaders do (integers: the
 * smallest of int32, uint32, int64, uint64 that holds them; any real: float64). Lines starting
 * with '#' or '%' and blank lines are comments.
 */

/* The placeholder of per-round file names. */
#define MST_ROUND_PLACEHOLDER "{r}"

/* Where the rounds' weights come from. */
typedef struct mst_round_source {
    const char *path;  /* NULL: random weights, round r from seed + r; else a weights file */
    uint64_t seed;     /* --seed */
    uint64_t rounds;   /* R: the column count of a columns file (0: its first line's) */
    int weight_type;   /* as mst_load_options.weight_type: 0 infer, else 1 + the type */
} mst_round_source;

/* 1 if a weights path names one file per round (it holds MST_ROUND_PLACEHOLDER). */
int mst_round_path_is_pattern(const char *path);

/*
 * Writes the path of round r's file into buf[cap]: the pattern with every "{r}" replaced by
 * the decimal r. Errors: MST_EUSAGE when it does not fit.
 */
mst_status mst_round_path(const char *pattern, uint64_t r, char *buf, size_t cap);

/*
 * Sets g's weights to those of round r (1-based) of src: random ones (int32 in 1..2^20 from
 * seed + r, the loader's mst_apply_weight_mode, converted to --weight-type when given), or the
 * file's (mst_graph_set_weights, which ranks 64-bit weights into keys). The whole file is
 * parsed each time (every column checked), so any bad line fails round 1, before a round is
 * timed. Errors, with g's weights unchanged: MST_EINPUT "FILE:LINE: problem" for an unreadable
 * file, a line with another number of weights than the layout's, a token that is no number or
 * does not fit --weight-type, integers mixing negatives and values above INT64_MAX, a NaN,
 * fewer or more weight lines than g->m; MST_EUSAGE for a pattern too long; MST_ERESOURCE.
 * O(file bytes + m) (+ ranking for 64-bit types).
 */
mst_status mst_round_weights_apply(const mst_round_source *src, uint64_t r, mst_graph *g);

#ifdef __cplusplus
}
#endif

#endif
