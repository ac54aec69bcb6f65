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
#include <stdio.h>
#include <string.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------- reader */

/* Input for the loaders, from a file (plain, or gzip inflated by zlib) or from
 * memory (tests and fuzzers feed strings this way).
 *
 * A plain regular file is read in place: its long reads (the .msb and .egr arrays) are split
 * among the OpenMP threads, and the text parser maps it (mst_reader_map). A gzip
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
    size_t chunk_bytes;    /* bytes per block of the text parser; 0: the default.
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

/* The format loaders, each in load_FORMAT.c (msb: msb.c). Same contract as mst_graph_load, on an
 * open reader. */
mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_msb(mst_reader *r, const mst_load_options *o, mst_graph *g);

/* The suite's binary format, .msb (docs/formats.md has its layout): the canonical edge list as it
 * lies in memory, little-endian, after a header of MST_MSB_HEADER_BYTES: magic, version, weight
 * type (0 none, else 1 + mst_weight_type), n, flags (bit 0: the source was 1-based), m; then
 * u[m], v[m] (uint32) and the raw weights (4 or 8 bytes by type). Nothing may follow. */
#define MST_MSB_MAGIC "MSTSUITE"
#define MST_MSB_VERSION 1u
#define MST_MSB_HEADER_BYTES 32u

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
 * included), opened by mst_out_open (below): a regular file through a temporary renamed when complete,
 * a device, FIFO or "-" (stdout) in place. Errors: MST_EUSAGE when `path` is g's input file
 * (mst_output_check); MST_EINPUT (cannot write, naming the path); MST_ERESOURCE.
 */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum);

/* ---------------------------------------- weights file */

/* The weights of one round of a repeated-MSF run (--rounds): Ma and Wan's workload
 * ("Heterogeneous CPU-GPU Orchestration for Repeated Minimum Spanning Tree Computation", section
 * 4), where the topology stays and every round brings new weights. A round's weights replace a
 * loaded graph's keys (and raw weights), edge by edge id; the endpoints are never touched. The
 * weights files (their two layouts, numbers and types): docs/rounds.md, Weights files. */

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

/* ---------------------------------------- text parser */

/*
 * The one parser of the text formats (edge lists, DIMACS, Matrix Market, METIS, weight
 * files of --rounds, forest files): a token scanner, and a line loop that cuts the input into
 * parts at line boundaries and parses them side by side, each by the format's one line
 * function.
 *
 * A part that meets a bad line records the problem and the line's number within the part, and
 * stops. The parts are then taken in file order: each one's line count is known once it is
 * parsed, so the first bad line of the file is named "FILE:LINE: problem" without reading the
 * file again. A format reads its header (the lines before its data) in order, on one thread,
 * and says when the rest may go in parallel (mst_text_parser.parallel); its edges are merged in
 * file order, so the graph, its ids and every message are those of a one-thread load.
 *
 * Tokens are separated by blanks (space, \t, \v, \f, \r) and end at a blank or at the line's
 * end: its '\n', or a NUL byte, which is refused wherever it stands ("NUL byte in line").
 */

/* Results of a token parse. */
enum { MST_TOK_OK = 0, MST_TOK_NONE = 1 /* end of line */, MST_TOK_BAD = 2 /* not a number */,
       MST_TOK_RANGE = 3 /* does not fit */ };

static inline int mst_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* 1 if c ends the line's tokens: its '\n', or a NUL byte (or a C string's end). */
static inline int mst_is_eol(char c)
{
    return c == '\n' || c == '\0';
}

/* Skips blanks; returns the first other character's position. */
static inline const char *mst_skip_blanks(const char *p)
{
    while (mst_is_blank(*p))
        p++;
    return p;
}

/* 1 if only blanks remain on the line. */
static inline int mst_at_eol(const char *p)
{
    return mst_is_eol(*mst_skip_blanks(p));
}

/*
 * The run of decimal digits at p when it is shorter than 8 characters: sets *value and returns
 * its length (0: p is not a digit); 8 without a value when there are 8 digits or more. Reads 8
 * bytes at p. Eight bytes are classified and converted at once (SWAR: the digit test on every
 * byte, then three multiplies that combine pairs, quads and the eight, as in Langdale, Lemire
 * 2019, number parsing), so a token costs no branch per digit. Little-endian hosts; elsewhere
 * it always returns 8.
 */
static inline int mst_digits8(const char *p, uint64_t *value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, sizeof w);
    /* A byte's high bit in `other` is set iff it is not '0'..'9'; a carry out of a non-digit
     * byte can only disturb the bytes after it, and only the first non-digit counts. */
    uint64_t a = w ^ 0x3030303030303030ull;
    uint64_t other = ((a + 0x7676767676767676ull) | a) & 0x8080808080808080ull;
    if (other == 0)
        return 8;
    int n = __builtin_ctzll(other) >> 3;
    if (n == 0)
        return 0;
    w = (w << (64 - 8 * n)) & 0x0F0F0F0F0F0F0F0Full; /* the digits, right-aligned, as 0..9 */
    w = (w * 2561) >> 8;                               /* 10 * 2^8 + 1: pairs */
    w = ((w & 0x00FF00FF00FF00FFull) * 6553601) >> 16; /* 100 * 2^16 + 1: quads */
    *value = ((w & 0x0000FFFF0000FFFFull) * 42949672960001ull) >> 32; /* 10^4 * 2^32 + 1 */
    return n;
#else
    (void)p;
    (void)value;
    return 8;
#endif
}

/*
 * An unsigned decimal integer (optional '+') at *pp, after blanks: sets *out and advances *pp
 * past it. `padded`: 8 bytes past the line's end may be read (every line of mst_text_parse);
 * 0 for a NUL-terminated string, read byte by byte. MST_TOK_RANGE above UINT64_MAX.
 */
static inline int mst_scan_u64(const char **pp, int padded, uint64_t *out)
{
    const char *p = mst_skip_blanks(*pp);
    if (mst_is_eol(*p))
        return MST_TOK_NONE;
    p += *p == '+';
    uint64_t x = 0;
    int n = padded ? mst_digits8(p, &x) : 8, overflow = 0;
    if (n < 8) {
        p += n;
    } else {
        const char *q = p;
        for (; *p >= '0' && *p <= '9'; p++) {
            unsigned d = (unsigned)(*p - '0');
            overflow |= x > (UINT64_MAX - d) / 10;
            x = x * 10 + d;
        }
        n = (int)(p - q);
    }
    if (n == 0 || !(mst_is_blank(*p) || mst_is_eol(*p)))
        return MST_TOK_BAD;
    if (overflow)
        return MST_TOK_RANGE;
    *out = x;
    *pp = p;
    return MST_TOK_OK;
}

/* mst_scan_u64 on a NUL-terminated string. */
static inline int mst_parse_u64(const char **pp, uint64_t *out)
{
    return mst_scan_u64(pp, 0, out);
}

/* A weight token as read: an integer, exact (-mag if neg, else mag: [INT64_MIN, UINT64_MAX]),
 * or a real (d). */
typedef struct mst_number {
    int is_real;
    int neg;
    uint64_t mag;
    double d;
} mst_number;

/* The exact value of a number, for mst_weight_value_fits. */
static inline mst_weight_value mst_number_value(const mst_number *x)
{
    mst_weight_value w = {MST_WEIGHT_UINT64, 0, x->mag, x->d};
    if (x->is_real)
        w.type = MST_WEIGHT_FLOAT64;
    else if (x->neg)
        w.type = MST_WEIGHT_INT64, w.i = (int64_t)(0 - x->mag);
    return w;
}

/* The integer x as a number. */
static inline mst_number mst_number_from_i64(int64_t x)
{
    mst_number n = {0, x < 0, x < 0 ? 0 - (uint64_t)x : (uint64_t)x, 0.0};
    return n;
}

/* How mst_parse_weight reads a token. */
enum { MST_WEIGHT_REAL = 0, MST_WEIGHT_REAL32 = 1, MST_WEIGHT_INTEGER = 2 };

/* mst_parse_weight's tokens other than integers of up to 18 digits (a sign aside). */
int mst_parse_weight_slow(const char **pp, mst_number *out, int kind);

/*
 * Parses a weight at *pp, inside a line of mst_text_parse: a decimal integer (exact, in
 * [INT64_MIN, UINT64_MAX]; is_real = 0) or, unless kind is MST_WEIGHT_INTEGER (a real is then
 * MST_TOK_BAD), a decimal real ("1.5", ".5", "2.", "-2e3", and "inf", "infinity", "nan" in any
 * case, which the builder refuses by name; is_real = 1) rounded to the nearest double, or to
 * the nearest float32 for MST_WEIGHT_REAL32 (the --weight-type float32 load: strtof rounds
 * once, where a double rounded again to float could land elsewhere), subnormals included.
 * MST_TOK_BAD: anything else, hexadecimal ("0x10", "0x1p3") included. MST_TOK_RANGE: an integer
 * outside [INT64_MIN, UINT64_MAX], or a non-zero real whose rounding is infinite or zero
 * ("1e999", "1e-400"; for float32 "1e39", "1e-50"): docs/formats.md, Numbers.
 */
static inline int mst_parse_weight(const char **pp, mst_number *out, int kind)
{
    const char *p = mst_skip_blanks(*pp), *q = p + (*p == '-' || *p == '+');
    uint64_t x = 0;
    int n = mst_digits8(q, &x);
    if (n == 8)
        for (n = 0, x = 0; q[n] >= '0' && q[n] <= '9' && n < 19; n++)
            x = x * 10 + (uint64_t)(q[n] - '0');
    if (n > 0 && n < 19 && (mst_is_blank(q[n]) || mst_is_eol(q[n]))) {
        out->is_real = 0;
        out->neg = *p == '-' && x != 0;
        out->mag = x;
        out->d = 0;
        *pp = q + n;
        return MST_TOK_OK;
    }
    return mst_parse_weight_slow(pp, out, kind);
}

/* The number as text ("-5", "18446744073709551615", "1.5") into buf[48]; returns buf. */
const char *mst_number_text(const mst_number *x, char buf[48]);

/* Copies the token at p (up to a blank or the line's end, at most 31 chars, "..." added if
 * cut) into buf[48] for messages; returns buf. An empty token reads "end of line". */
const char *mst_token_text(const char *p, char buf[48]);

/* ------------------------------------------------------------------------- the line loop */

/* One part of the input, parsed by one thread (or the header's lines, in order). The fields
 * each line touches come first, far from the next part's in an array. */
typedef struct mst_text_part {
    uint64_t line;  /* the current line's number, counted from the part's first */
    void *data;     /* the format's own (its builder for this part) */
    uint64_t base;  /* lines of the file before the part (set once the parts before it are) */
    uint64_t at;    /* the line its error names (0: the message names none) */
    mst_status st;  /* its error, MST_OK while it goes on */
    char msg[768];
} mst_text_part;

typedef struct mst_text_parser mst_text_parser;

/*
 * A format's line function: p is the line's first non-blank character (a comment line never
 * comes; a blank one only with blank_is_data). On success it sets *pp to the line's '\n'
 * (mst_text_line_end does). Errors: through mst_text_fail (or any mst_status, whose message
 * mst_fail recorded).
 */
typedef mst_status (*mst_text_line_fn)(mst_text_parser *t, mst_text_part *part,
                                       const char **pp);

/* A parallel format's loop over one part's lines: mst_text_lines with its line function. */
typedef const char *(*mst_text_lines_fn)(mst_text_parser *t, mst_text_part *part,
                                         const char *p, const char *end);

struct mst_text_parser {
    /* Set by the format; comment and blank_is_data may change while the header is read. */
    const char *comment;  /* first non-blank characters that make a line a comment ("#%"; at
                             most two, tested inline on every line) */
    int blank_is_data;    /* 1: blank lines reach the line function (METIS: a vertex) */
    mst_text_line_fn line;
    /* Set by a format that goes parallel: its parts' loop, and the merge of parts[0 .. count-1]
     * (base set) in file order after each run of them. */
    mst_text_lines_fn part_lines;
    mst_status (*merge)(mst_text_parser *t, int count);
    int parallel;         /* set by the line function: the lines after this one may go in
                             parallel parts (the format's header is read) */
    int threads;          /* parts[threads] (1 for a format read in order) */
    mst_text_part main;   /* the lines read in order; main.data as the format sets it */
    mst_text_part *parts; /* [threads], data set by the format */
    size_t block;         /* bytes per block (0: 16 MiB per thread) */
    uint64_t lines;       /* after mst_text_parse: the input's lines */
};

/*
 * Hands every line of r (from its first byte) that is not a comment, and not blank unless
 * blank_is_data, to t->line, in file order while t->parallel is 0, then in parallel parts of
 * blocks of whole lines, merged after each block. A final line without '\n' is a line.
 * Errors: the first bad line's, as "NAME:LINE: problem"; r's (a read error, a corrupt gzip
 * stream); MST_ERESOURCE. O(bytes) work over the threads, plus the line functions'.
 */
mst_status mst_text_parse(mst_reader *r, mst_text_parser *t);

/* Records "MESSAGE" as the part's error on its current line and returns code. */
mst_status mst_text_fail(mst_text_part *part, mst_status code, const char *fmt, ...)
    MST_PRINTF(3, 4);

/*
 * Records the error for a field whose token at p failed to parse with result tok and returns
 * MST_EINPUT: "WHAT 'TOKEN' out of range" for MST_TOK_RANGE, else "expected EXPECTED, found
 * 'TOKEN'" ("found end of line" where the line ended). what: the field's name ("vertex id");
 * expected: what the line or field should hold ("'a u v w'").
 */
mst_status mst_text_field_fail(mst_text_part *part, int tok, const char *p, const char *what,
                               const char *expected);

/* The error of mst_text_line_end: "expected EXPECTED, found extra field 'TOKEN'", or "NUL byte
 * in line". Returns MST_EINPUT. */
mst_status mst_text_line_end_fail(mst_text_part *part, const char *p, const char *expected);

/* Checks that only blanks remain on the line from *pp and moves *pp to its '\n'; else the error
 * of mst_text_line_end_fail. Inline, as every data line ends with it. */
static inline mst_status mst_text_line_end(mst_text_part *part, const char **pp,
                                           const char *expected)
{
    const char *p = mst_skip_blanks(*pp);
    if (*p != '\n')
        return mst_text_line_end_fail(part, p, expected);
    *pp = p;
    return MST_OK;
}

/* Records the error st of the line function on part's current line (the message of mst_fail's,
 * where mst_text_fail gave none). */
void mst_text_line_failed(mst_text_part *part, mst_status st);

/*
 * The lines [p, end) (end[-1] == '\n', 16 bytes readable after it), each counted in part->line
 * and, unless a comment (or blank, without blank_is_data), handed to `line`; with
 * `until_parallel`, stops after the line that sets t->parallel. Inline, so that a format's
 * part_lines calls its line function directly, not through a pointer per line. Returns where
 * it stopped: end, the line after the one that went parallel, or NULL at a bad line.
 */
static inline __attribute__((always_inline)) const char *
mst_text_lines(mst_text_parser *t, mst_text_part *part, const char *p, const char *end,
               mst_text_line_fn line, int until_parallel)
{
    while (p < end && !(until_parallel && t->parallel)) {
        part->line++;
        const char *q = mst_skip_blanks(p), *c = t->comment; /* a header may change it */
        if (*q == '\0') {
            mst_text_fail(part, MST_EINPUT, "NUL byte in line");
            return NULL;
        }
        if (*q == '\n' ? !t->blank_is_data
                           : c[0] != '\0' && (*q == c[0] || (c[1] != '\0' && *q == c[1]))) {
            p = (const char *)memchr(q, '\n', (size_t)(end - q)) + 1;
            continue;
        }
        mst_status st = line(t, part, &q);
        if (st != MST_OK) {
            mst_text_line_failed(part, st);
            return NULL;
        }
        p = q + 1;
    }
    return p;
}

/* Moves *pp to the '\n' of its line (a line the format skips). */
static inline void mst_text_skip_line(const char **pp)
{
    *pp = (const char *)rawmemchr(*pp, '\n');
}

/* ---------------------------------------- builder */

/*
 * The one place where loaders turn parsed edges or arcs into the canonical graph: a loader adds
 * them in file order; the builder checks ids against n, drops and counts self-loops, stages
 * weights exactly (64-bit integers, or doubles once a real appears) and at finish types them
 * (--weight-type's, or from the values: docs/formats.md, Weight types), makes the keys (ranks
 * for 64-bit types) and symmetrizes directed input: an arc u->v and an arc v->u of the same
 * weight become one edge, at the first one's position; unmatched arcs and parallel arcs stay
 * edges of their own (docs/formats.md, Symmetrization).
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
 * Symmetrizes directed input (above) in place, compacting u, v, key and raw (if not NULL: the
 * 64-bit weights, whose keys are ranks, so equal keys are equal weights) and reducing *m.
 * scratch: NULL, or *m words it may overwrite (memory the caller no longer needs, such as the
 * staged weights: fresh memory costs a page fault per 4 KiB). Returns the number of arcs
 * merged, or UINT64_MAX if memory ran out or *m is 2^40 or more (then nothing changed:
 * MST_ERESOURCE). Only a group (lo, hi, key) with arcs in both directions merges any: the arcs
 * are partitioned by group hash into buckets, and in each bucket per-direction bitmaps of hash
 * bits pick the few that meet an exact table (builder.c). Expected O(m); 9 bytes per arc (1
 * with scratch) plus each thread's tables for one bucket, over mst_load_threads() threads; the
 * result does not depend on the thread count.
 */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch);

/* A bound on the bytes of mst_symmetrize's scratch for `arcs` arcs, for the loaders' early
 * memory check (mst_builder_peak_bytes): an exact table of 2 to 4 slots of 20 bytes
 * per arc, above the 9 bytes per arc and per-bucket tables it allocates. O(log arcs). */
double mst_symmetrize_table_bytes(uint64_t arcs);

typedef struct mst_builder {
    mst_text_part *part; /* messages go to the part's current line (NULL: they name the edge
                            index, "file: edge K: ...") */
    const char *name;
    int index_base;      /* ids in the file start at this (0 or 1) */
    int weighted;        /* add() passes weights */
    uint64_t n_limit;    /* every id - index_base must be below this */
    int n_fixed;         /* n = n_limit (header or --vertices) rather than the largest id + 1 */
    const mst_load_options *o; /* the options (or NULL): --vertices, the header's checks */
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
    uint64_t max_pos, max_neg; /* the largest integer and the largest magnitude of a negative
                            one (0: none), as far as mst_integer_weight_type depends on them */
    uint64_t neg_line;   /* first line with a negative integer (the part's numbering) */
    uint64_t huge_line;  /* first line with an integer above INT64_MAX */
    mst_number huge_value;
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

/* Appends the builders of a file's parts, parts[0 .. count-1] in file order, to b (their line
 * marks moved by their part's base), the copies side by side, and empties them for the next
 * block. Errors: MST_ERESOURCE. */
mst_status mst_builder_merge(mst_builder *b, mst_builder *parts, int count);

/* The first of int32, uint32, int64, uint64 that holds integers up to max_pos and down to
 * -max_neg (max_neg 0: none negative), or MST_WEIGHT_FLOAT64 where none does (a negative and
 * an integer above INT64_MAX). */
mst_weight_type mst_integer_weight_type(uint64_t max_pos, uint64_t max_neg);

/* The most threads a load uses (the size of per-thread tables). */
#define MST_MAX_LOAD_THREADS 256

/* The threads of the load phase: OpenMP's default team (the solver's -t where it sets one,
 * else OMP_NUM_THREADS or all cores), at most MST_MAX_LOAD_THREADS. */
int mst_load_threads(void);

/* Frees a builder's staging (safe after finish and on zeroed builders). */
void mst_builder_free(mst_builder *b);

/* ---------------------------------------- text loads */

/* A text format's load (load_edgelist.c, load_dimacs.c, load_mtx.c, load_metis.c): the parser,
 * the main builder and the parts' builders. A format's own state starts with it, so that its line
 * function finds that state at t. */
typedef struct mst_text_load {
    mst_text_parser t;   /* first */
    const char *name;
    const mst_load_options *o;
    mst_builder main;
    mst_builder *b;      /* [t.threads]: the parts' builders */
    int started;         /* main is initialized */
    uint64_t first_line; /* edge lists: the first data line; DIMACS: the 'p' line */
    uint64_t m;          /* the records the header announces */
} mst_text_load;

/* Starts the main builder (mst_builder_init) on the part of the line being read. */
mst_status mst_text_load_start(mst_text_load *s, mst_text_part *part, int index_base,
                               int weighted);

/* The header is read: the parts' builders start as the main one (its header's n, Matrix Market's
 * declared reals) and the lines after this one go in parallel parts. */
void mst_text_load_parallel(mst_text_load *s);

/* Parses r into s (zeroed first, as is g) with `line`, in parallel parts after the header with
 * `lines` (NULL: in order); `comment` and `blank_is_data` as in mst_text_parser. Errors: those of
 * mst_text_parse. */
mst_status mst_text_load_parse(mst_reader *r, const mst_load_options *o, mst_text_load *s,
                               mst_graph *g, mst_text_line_fn line, mst_text_lines_fn lines,
                               const char *comment, int blank_is_data);

/* The end of a file with a header (st: its parse's result): an empty file is an error (`first`:
 * what its first line should be), as is one whose header is missing (`missing`: the message;
 * NULL: the header was read) or whose records are not the header's s->m (`what` it counts; NULL:
 * the format checks). Returns st otherwise. */
mst_status mst_text_load_check_end(const mst_text_load *s, mst_status st, const char *first,
                                   const char *missing, const char *what);

/* Frees what the parse allocated, then moves the main builder into g (mst_builder_finish), or
 * returns the error st with g zeroed. */
mst_status mst_text_load_finish(mst_text_load *s, mst_status st, int directed, mst_graph *g);

/* The end of a data line at p: only blanks may remain (*pp moves to its '\n'); then the edge or
 * arc {u, v} of weight w into the part's builder. */
static inline mst_status mst_text_load_add(mst_text_part *part, const char **pp, const char *p,
                                           const char *expected, uint64_t u, uint64_t v,
                                           const mst_number *w)
{
    mst_status st = mst_text_line_end(part, &p, expected);
    *pp = p;
    return st != MST_OK ? st : mst_builder_add_fast((mst_builder *)part->data, u, v, w);
}

/* ---------------------------------------- output files (atomic_file.c) */

/* Every output file of the suite, written through stdio, or zlib's gzip stream for
 * graph files, where docs/design.md (Output, Errors) says, chosen by what the name is when
 * opened: "-", a device, FIFO or socket, and a link to this process's stdout or stderr (at the
 * stream's offset) are written in place, never replaced; a new name or a regular file (through a
 * link: its resolved target, the link stays) is written to the temporary
 * "TARGET.tmp-XXXXXXXXXXXX" (12 random characters) in its directory and renamed over it only by
 * mst_out_commit(), so a failed or interrupted run leaves the old file (or nothing) behind; a
 * dangling link (nothing is created through a link) and a directory are refused. The temporary
 * is created as mkostemp does (O_CREAT | O_EXCL, and O_NOFOLLOW: a link or file planted at its
 * name is never followed nor reused; one left by a killed run is only an unused file) but with a
 * new file's mode (0666 minus the umask) from its first moment. While it exists, SIGINT, SIGTERM
 * and SIGHUP (where their action is the default) remove it and the process then dies of the
 * signal (status 128 + signal).
 */

typedef struct mst_out {
    char *path;          /* the name as given, for messages (owned) */
    char *target;        /* what the temporary replaces (owned): path or a link's resolved
                          * target; NULL when written in place */
    char *tmp_path;      /* the temporary (owned); NULL when written in place */
    int fd;              /* the descriptor, closed by f or gz once they hold it */
    FILE *f;             /* plain: stdio stream on fd */
    struct gzFile_s *gz; /* gzip: zlib stream on fd */
} mst_out;

/*
 * Opens `path` for writing as the header says, gzip-compressed (zlib level 1, the fastest) if
 * `gzip`. Errors: MST_EINPUT "PATH: reason" (a directory, a dangling link, a missing directory,
 * permissions, a FIFO that cannot be opened); MST_ERESOURCE. On error *o is zeroed.
 */
mst_status mst_out_open(mst_out *o, const char *path, int gzip);

/* Appends printf output (gzip: a line of at most 8 KiB), or `bytes` bytes. Errors: MST_EINPUT
 * "PATH: reason" ("PATH: No space left on device"). */
mst_status mst_out_printf(mst_out *o, const char *fmt, ...) MST_PRINTF(2, 3);
mst_status mst_out_write(mst_out *o, const void *data, size_t bytes);

/* Flushes and closes the stream and renames the temporary over the target. o is released in
 * every case; on failure the temporary is removed. Errors: MST_EINPUT. */
mst_status mst_out_commit(mst_out *o);

/* Closes the stream, removes the temporary and releases o; safe on zeroed, failed and committed
 * ones. */
void mst_out_abort(mst_out *o);

/*
 * The early check of an output path, made before the work that produces it (loading, solving,
 * generating): MST_EUSAGE "OUT: is the input file IN; write the output to another name" when
 * `out` and `in` (in may be NULL) name the same existing file (same device and inode, through
 * any link or path); MST_EINPUT "OUT: REASON" (strerror: "No such file or directory",
 * "Permission denied", "Is a directory") when it is a directory or its folder does not let
 * this process create a file. "-", devices and FIFOs pass (written in place). O(1).
 */
mst_status mst_output_check(const char *out, const char *in);

#ifdef __cplusplus
}
#endif

#endif
