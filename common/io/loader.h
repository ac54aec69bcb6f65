/*
 * loader.h: reading a graph file into the canonical graph (docs/formats.md): the reader, the text
 * parser and the builder under every format's loader; and the files beside it: forest files
 * (--output), the weight files of --rounds and the output files of every program.
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

/* The loaders' input: a file, plain or gzip (inflated by zlib), or bytes in memory (tests). A
 * plain file is mapped or read with a pread per thread; gzip and pipes are read once, in order. */
typedef struct mst_reader mst_reader;

/* Opens `path` (gzip if it starts with the magic), named `path` in messages. Errors: MST_EINPUT
 * ("PATH: No such file or directory", a directory); MST_ERESOURCE. */
mst_status mst_reader_open(const char *path, mst_reader **out);

/* A reader named `name` over data[len], not copied, not inflated. Errors: MST_ERESOURCE. */
mst_status mst_reader_from_memory(const char *name, const void *data, size_t len,
                                  mst_reader **out);

/* The name given at open. */
const char *mst_reader_name(const mst_reader *r);

/* Reads the next len bytes into dst; *got < len only at the end (counting what came before an
 * error). Errors: MST_EINPUT (a read error, "NAME: truncated or corrupt gzip data (...)", "NAME:
 * trailing data after the end of the gzip stream"); MST_ERESOURCE. */
mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got);

/* *more = whether a byte remains, read ahead and kept: a stream longer than its header says is
 * refused after one more byte. Errors as mst_reader_read. */
mst_status mst_reader_has_more(mst_reader *r, int *more);

/* Bytes handed out so far; the whole input's length where known before reading (memory, plain
 * files), else UINT64_MAX. */
uint64_t mst_reader_offset(const mst_reader *r);
uint64_t mst_reader_size(const mst_reader *r);

/* The whole input as one read-only array, not NUL-terminated (memory, or a plain file mapped
 * until close): 1 with *data, *len set; 0 for gzip, a pipe, an empty file, or once read from. */
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
    int weight_type;       /* --weight-type: 0 from the values, else 1 + the type */
    uint64_t max_edges;    /* the most edges the program takes (0: no limit) */
    uint64_t run_bytes_per_vertex; /* the run's memory per vertex, for the load's estimate */
    size_t chunk_bytes;    /* bytes per block of the text parser (0: the default) */
} mst_load_options;

/* Format by extension, 0-based edge lists, weights AUTO, seed 1, everything else 0. */
mst_load_options mst_load_options_default(void);

/* The run_bytes_per_vertex of a solver's run: the least any solver holds per vertex. */
#define MST_RUN_BYTES_PER_VERTEX 8

/* The edge limit alone, for loaders that check memory their own way (mst-mpi's slices):
 * MST_ERESOURCE "WHERE: the header announces at least N edges; this solver takes at most M
 * (...)" when `edges` exceeds o->max_edges (o may be NULL). */
mst_status mst_load_check_edges(const char *where, const mst_load_options *o, uint64_t edges);

/* A header's sizes, checked before the body is read (docs/design.md, Errors): `edges`, the
 * fewest edges its `records` make, against o->max_edges, then `load_bytes` plus the run's bytes
 * per vertex of n against mst_memory_limit(). where: "FILE" or "FILE:LINE". Errors:
 * MST_ERESOURCE ("g.gr:1: a graph of n = 10, m = 9000000000 needs about 419.1 GiB, ..."). */
mst_status mst_load_check_header(const char *where, const mst_load_options *o, uint64_t n,
                                 uint64_t records, uint64_t edges, double load_bytes);

/*
 * Loads the graph at `path` into *g (free with mst_graph_free): the format by --format or by the
 * extension after an optional ".gz", then the weight mode and --weight-type (text formats check
 * it line by line, others convert after). Errors, g zeroed: MST_EUSAGE (unknown --format);
 * MST_EINPUT ("FILE:LINE: problem" for text, "FILE: problem" for binary formats); MST_ERESOURCE
 * (memory, n >= 2^32, more than max_edges; from the header where there is one). O(bytes + m)
 * over OpenMP's default team, with the graph, ids and messages of a one-thread load.
 */
mst_status mst_graph_load(const char *path, const mst_load_options *o, mst_graph *g);

/* The format names --format accepts, space-separated; the format of a path's extension
 * ("dimacs", ...), or NULL. */
const char *mst_format_names(void);
const char *mst_format_from_path(const char *path);

/* Replaces g's weights by the mode's: RANDOM int32 in [1, 2^20] from a hash of (seed, edge id),
 * the same on every machine; UNIT 1; AUTO and KEEP keep the file's. O(m). The key that RANDOM
 * gives edge `eid`, for loaders that hold a slice of the edges (mst-mpi). */
void mst_apply_weight_mode(mst_graph *g, mst_weight_mode mode, uint64_t seed);
uint32_t mst_random_weight_key(uint64_t seed, uint64_t eid);

/* The format loaders, each in load_FORMAT.c (msb: msb.c). Same contract as mst_graph_load, on an
 * open reader. */
mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g);
mst_status mst_load_msb(mst_reader *r, const mst_load_options *o, mst_graph *g);

/* The suite's binary format, .msb (docs/formats.md has its layout). */
#define MST_MSB_MAGIC "MSTSUITE"
#define MST_MSB_VERSION 1u
#define MST_MSB_HEADER_BYTES 32u

/* The stored weight type codes of an .msb header: 0 none, else 1 + mst_weight_type. */
enum { MST_MSB_NONE = 0, MST_MSB_INT32, MST_MSB_UINT32, MST_MSB_FLOAT32, MST_MSB_INT64,
       MST_MSB_UINT64, MST_MSB_FLOAT64 };

/* An .msb header as mst_msb_read_header reads it: the stored weight type code, the flags (bit
 * 0: 1-based ids), the header's n and m, the n a load takes (the header's, or --vertices) and
 * the file's exact size in bytes. */
typedef struct mst_msb_header {
    uint32_t type, flags, file_n;
    uint64_t m, n, bytes;
} mst_msb_header;

/* Reads the first `got` bytes of the .msb input `name` (hdr[], at most MST_MSB_HEADER_BYTES
 * used), whose size is `size` bytes (UINT64_MAX: unknown), into *h, checked: magic, version,
 * weight type, flags, the size that m implies, --vertices (o may be NULL). Edge counts and
 * memory are the caller's to check. Errors: MST_EINPUT ("NAME: bad magic at byte 0 (not an .msb
 * file)", "NAME: size 103 bytes does not match n=6, m=6, weight type 1 (expected 104 bytes)");
 * MST_ERESOURCE (--vertices beyond 2^32 - 1). mst-mpi reads its slices' header with it. */
mst_status mst_msb_read_header(const char *name, const unsigned char *hdr, uint64_t got,
                               uint64_t size, const mst_load_options *o, mst_msb_header *h);

/* Checks edge e, (a, b) with stored weight bits `bits`, of an .msb whose header is h: ids below
 * h->n, no NaN weight; *key becomes the key of a 32-bit weight (64-bit ones get theirs from
 * their ranks). Errors: MST_EINPUT naming the edge ("NAME: edge 99 (3-12): vertex id out of
 * range (n = 10)"). */
mst_status mst_msb_edge_key(const char *name, const mst_msb_header *h, uint64_t e, uint32_t a,
                            uint32_t b, uint64_t bits, uint32_t *key);

/* ---------------------------------------- msf io */

/* The layout of a forest file (docs/formats.md, Forest files): "u v w" lines in the input's
 * numbering, or edge ids; AUTO (reading, tools/msf_read.h): as the first data line says. */
typedef enum mst_msf_format { MST_MSF_AUTO = 0, MST_MSF_EDGES = 1, MST_MSF_IDS = 2 } mst_msf_format;

/* Writes edges eid[0..k-1] of g (sorted in place) to `path` through mst_out_open, plain text,
 * in increasing id order after one line "# minimum spanning forest of GRAPH by PRODUCER: K
 * edges, weight W" ("maximum" when `maximum`). Errors: MST_EUSAGE (`path` is g's input);
 * MST_EINPUT (writing); MST_ERESOURCE. */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum);

/* ---------------------------------------- weights file */

/* The weights of each round of --rounds (Ma and Wan, "Heterogeneous CPU-GPU Orchestration for
 * Repeated Minimum Spanning Tree Computation", section 4; docs/rounds.md, Weights files). */
#define MST_ROUND_PLACEHOLDER "{r}" /* in the names of per-round files */

/* Where the rounds' weights come from. */
typedef struct mst_round_source {
    const char *path;  /* NULL: random weights, round r from seed + r; else a weights file */
    uint64_t seed;     /* --seed */
    uint64_t rounds;   /* R: the column count of a columns file (0: its first line's) */
    int weight_type;   /* as mst_load_options.weight_type: 0 infer, else 1 + the type */
} mst_round_source;

/* Whether a weights path names one file per round; round r's file, every "{r}" replaced by r,
 * into buf[cap] (MST_EUSAGE when it does not fit). */
int mst_round_path_is_pattern(const char *path);
mst_status mst_round_path(const char *pattern, uint64_t r, char *buf, size_t cap);

/* Sets g's weights to round r's (1-based): random from seed + r (as --weights random, then
 * --weight-type), or the file's, whose every column is checked, so that a bad line fails round
 * 1. Errors, weights unchanged: MST_EINPUT "FILE:LINE: problem" (a bad token or line length, a
 * weight that fits no type or not --weight-type, a NaN, other than g->m lines); MST_EUSAGE;
 * MST_ERESOURCE. O(file bytes + m). */
mst_status mst_round_weights_apply(const mst_round_source *src, uint64_t r, mst_graph *g);

/* ---------------------------------------- text parser */

/* The one parser of the text formats (docs/formats.md, Loading speed): a token scanner, and a
 * line loop handing parts of the input to the format's line function side by side. Tokens end
 * at a blank (space, \t, \v, \f, \r) or the line's end, '\n' or a NUL byte (an error). */

/* Results of a token parse. */
enum { MST_TOK_OK = 0, MST_TOK_NONE = 1 /* end of line */, MST_TOK_BAD = 2 /* not a number */,
       MST_TOK_RANGE = 3 /* does not fit */ };

static inline int mst_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* 1 if c ends the line's tokens. */
static inline int mst_is_eol(char c)
{
    return c == '\n' || c == '\0';
}

/* The first non-blank at or after p. */
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

/* The length of the run of digits at p if below 8, with *value set; 8 (no value) for 8 digits
 * or more, and always on big-endian hosts. Reads 8 bytes, tested and converted at once (SWAR,
 * as in Langdale and Lemire 2019): no branch per digit. */
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

/* An unsigned decimal integer (optional '+') at *pp after blanks into *out, *pp moved past it.
 * `padded`: 8 bytes past the line's end are readable (mst_text_parse's lines); 0 for a C string.
 * MST_TOK_RANGE above UINT64_MAX. */
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

/* A weight token: an exact integer (-mag if neg, else mag), or a real d. */
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

/* mst_parse_weight's tokens other than integers of up to 18 digits. */
int mst_parse_weight_slow(const char **pp, mst_number *out, int kind);

/* A weight at *pp in a line of mst_text_parse (docs/formats.md, Numbers): a decimal integer,
 * exact in [INT64_MIN, UINT64_MAX], or unless kind is INTEGER a decimal real ("1.5", "-2e3",
 * "inf", "nan") rounded once to a double, or to a float32 for REAL32. MST_TOK_BAD: anything else
 * (hexadecimal too); MST_TOK_RANGE: an integer beyond that range, a non-zero real that rounds to
 * infinity or zero. */
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

/* The token at p for messages, quoted, cut at 31 characters ("..."), or "end of line", into
 * buf[48]; returns buf. */
const char *mst_token_text(const char *p, char buf[48]);

/* ------------------------------------------------------------------------- the line loop */

/* One part of the input, parsed by one thread (or the header's lines, in order). */
typedef struct mst_text_part {
    uint64_t line;  /* the current line's number, counted from the part's first */
    void *data;     /* the format's own (its builder for this part) */
    uint64_t base;  /* lines of the file before the part (set once the parts before it are) */
    uint64_t at;    /* the line its error names (0: the message names none) */
    mst_status st;  /* its error, MST_OK while it goes on */
    char msg[768];
} mst_text_part;

typedef struct mst_text_parser mst_text_parser;

/* A format's line function: *pp is the first non-blank of a line that is no comment (nor blank,
 * unless blank_is_data); on success *pp is left at its '\n'. Errors: through mst_text_fail, or
 * any status with mst_fail's message. */
typedef mst_status (*mst_text_line_fn)(mst_text_parser *t, mst_text_part *part,
                                       const char **pp);

/* A parallel format's loop over a part: mst_text_lines with its line function. */
typedef const char *(*mst_text_lines_fn)(mst_text_parser *t, mst_text_part *part,
                                         const char *p, const char *end);

struct mst_text_parser {
    /* Set by the format (the header's lines may change comment and blank_is_data). */
    const char *comment;  /* the (at most two) first characters of a comment line: "#%" */
    int blank_is_data;    /* 1: blank lines reach the line function (METIS: a vertex) */
    mst_text_line_fn line;
    mst_text_lines_fn part_lines; /* parallel formats: the parts' loop, and the merge of */
    mst_status (*merge)(mst_text_parser *t, int count); /* parts[0..count) in file order */
    int parallel;         /* set by the line function once the header is read */
    int threads;          /* parts[threads] (1 for a format read in order) */
    mst_text_part main;   /* the lines read in order; main.data as the format sets it */
    mst_text_part *parts; /* [threads], data set by the format */
    size_t block;         /* bytes per block (0: 16 MiB per thread) */
    uint64_t lines;       /* after mst_text_parse: the input's lines */
};

/* Hands r's lines to t->line in order while t->parallel is 0, then in parallel parts of blocks
 * of whole lines, merged after each block. Errors: the first bad line's ("NAME:LINE: problem",
 * named from the parts' line counts without a second pass); r's; MST_ERESOURCE. O(bytes). */
mst_status mst_text_parse(mst_reader *r, mst_text_parser *t);

/* Records MESSAGE as the part's error on its current line; returns code. */
mst_status mst_text_fail(mst_text_part *part, mst_status code, const char *fmt, ...)
    MST_PRINTF(3, 4);

/* The error of field `what` ("vertex id") whose token at p parsed as tok: "WHAT 'TOKEN' out of
 * range", else "expected EXPECTED, found 'TOKEN'" (or "end of line"). Returns MST_EINPUT. */
mst_status mst_text_field_fail(mst_text_part *part, int tok, const char *p, const char *what,
                               const char *expected);

/* Checks that only blanks remain on the line and moves *pp to its '\n'; else MST_EINPUT
 * "expected EXPECTED, found extra field 'TOKEN'" or "NUL byte in line" (the _fail part). */
mst_status mst_text_line_end_fail(mst_text_part *part, const char *p, const char *expected);
static inline mst_status mst_text_line_end(mst_text_part *part, const char **pp,
                                           const char *expected)
{
    const char *p = mst_skip_blanks(*pp);
    if (*p != '\n')
        return mst_text_line_end_fail(part, p, expected);
    *pp = p;
    return MST_OK;
}

/* Records a line function's error st (with mst_fail's message where mst_text_fail gave none). */
void mst_text_line_failed(mst_text_part *part, mst_status st);

/* The lines [p, end) (end[-1] == '\n', 16 bytes readable after it), counted in part->line and
 * handed to `line`, called directly (inline); with `until_parallel` it stops after the line that
 * sets t->parallel. Returns where it stopped, or NULL at a bad line. */
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

/* Moves *pp to the '\n' of its line. */
static inline void mst_text_skip_line(const char **pp)
{
    *pp = (const char *)rawmemchr(*pp, '\n');
}

/* ---------------------------------------- builder */

/* The one place where loaders turn edges or arcs, added in file order, into the canonical
 * graph: ids checked, self-loops dropped and counted, weights staged exactly and typed at the
 * end (docs/formats.md, Weight types), directed input symmetrized (Symmetrization). */

/* The hash of an edge group {lo < hi} of weight key `key` (also gen/write.c's). */
static inline uint64_t mst_edge_group_hash(uint32_t lo, uint32_t hi, uint32_t key)
{
    uint64_t h = ((uint64_t)lo << 32 | hi) * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)key * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

/* Merges each arc u->v into an earlier unmatched arc v->u of the same key, in place: u, v, key
 * and raw (if not NULL) compacted, *m reduced. scratch: NULL or *m words it may overwrite.
 * Returns the arcs merged, or UINT64_MAX (MST_ERESOURCE, nothing changed). Expected O(m) over
 * mst_load_threads(), 9 bytes per arc (1 with scratch); the result does not depend on them. */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch);

typedef struct mst_builder {
    mst_text_part *part; /* messages name its current line (NULL: "file: edge K: ...") */
    const char *name;
    int index_base;      /* ids in the file start at this (0 or 1) */
    int weighted;        /* add() passes weights */
    uint64_t n_limit;    /* every id - index_base must be below this */
    int n_fixed;         /* n = n_limit (header or --vertices) rather than the largest id + 1 */
    const mst_load_options *o; /* or NULL */
    uint64_t max_id;     /* largest 0-based id seen, +1 (0: none) */
    uint32_t *u, *v;     /* [cap] staged edges */
    uint64_t *w;         /* [cap] staged weights (weighted only): see `forced` and `as_real` */
    uint64_t m, cap;
    uint64_t self_loops;
    int forced;          /* --weight-type: 1 + T, w[] as mst_weight_value_fits stages T */
    int parse_float32;   /* loaders parse reals to float32 (--weight-type float32) */
    int declared_real;   /* the format declares real weights (Matrix Market 'real') */
    int as_real;         /* without forced: w[] holds doubles (a real was seen, or integers
                            of no one type); else int64, or uint64 if huge_line */
    int any_real;
    uint64_t max_pos, max_neg; /* the largest integer and negative magnitude (0: none) */
    uint64_t neg_line;   /* first line with a negative integer (the part's numbering) */
    uint64_t huge_line;  /* first line with an integer above INT64_MAX */
    mst_number huge_value;
} mst_builder;

/* Starts a builder for file `name`, lines parsed in `part` (NULL: not text), ids from
 * index_base, weights if `weighted`. Errors: MST_ERESOURCE (--vertices beyond 2^32 - 1). */
mst_status mst_builder_init(mst_builder *b, mst_text_part *part, const char *name,
                            int index_base, int weighted, const mst_load_options *o);

/* Real weights declared (Matrix Market 'real'): float64 without --weight-type, whatever the
 * tokens. Before the first add(). */
void mst_builder_declare_real(mst_builder *b);

/* The header's n (unless --vertices) and `records` edges or arcs (`directed`), checked with
 * mst_load_check_header before the body; the first allocation holds up to 2^24 records.
 * Errors, with file and line: MST_ERESOURCE (n >= 2^32, max_edges, memory). */
mst_status mst_builder_set_header(mst_builder *b, uint64_t n, uint64_t records, int directed);

/* The builder's peak bytes for `records` edges or arcs: the staging, the keys and for directed
 * input the symmetrization's tables. An estimate for early refusal. */
double mst_builder_peak_bytes(uint64_t records, int weighted, int directed);

/* Adds the edge or arc {u, v} (file ids) of weight w (ignored unweighted). Errors, with file
 * and line: MST_EINPUT (an id out of range; a NaN or infinite weight; one that does not fit
 * --weight-type); MST_ERESOURCE. */
mst_status mst_builder_add(mst_builder *b, uint64_t u, uint64_t v, const mst_number *w);

/* mst_builder_add with the parsers' common case inline: an edge in range, unweighted or of an
 * integer weight in 0..INT32_MAX staged as such, with room for it. */
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

/* Moves the staged edges into *g (symmetrized if `directed`), all but its name and format, and
 * frees the builder. Errors: MST_EINPUT (integers of no one type, naming the lines);
 * MST_ERESOURCE (memory; 64-bit weights on more than 2^32 - 1 records). */
mst_status mst_builder_finish(mst_builder *b, int directed, mst_graph *g);

/* Appends parts[0..count) in file order to b, in parallel, and empties them. MST_ERESOURCE. */
mst_status mst_builder_merge(mst_builder *b, mst_builder *parts, int count);

/* The first of int32, uint32, int64, uint64 holding integers in [-max_neg, max_pos], else
 * MST_WEIGHT_FLOAT64. */
mst_weight_type mst_integer_weight_type(uint64_t max_pos, uint64_t max_neg);

/* The most threads a load uses (the size of per-thread tables). */
#define MST_MAX_LOAD_THREADS 256

/* The threads of the load phase: OpenMP's default team (the solver's -t where it sets one,
 * else OMP_NUM_THREADS or all cores), at most MST_MAX_LOAD_THREADS. */
int mst_load_threads(void);

/* Frees a builder's staging (safe after finish and on zeroed builders). */
void mst_builder_free(mst_builder *b);

/* ---------------------------------------- text loads */

/* A text format's load (load_FORMAT.c): the parser and the builders. A format's own state starts
 * with it, so that its line function finds that state at t. */
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

/* The header is read: the parts' builders start as the main one, and the next lines go in
 * parallel parts. */
void mst_text_load_parallel(mst_text_load *s);

/* Parses r into s (zeroed first, as is g) with `line`, in parallel parts after the header with
 * `lines` (NULL: in order); `comment` and `blank_is_data` as in mst_text_parser. Errors: those of
 * mst_text_parse. */
mst_status mst_text_load_parse(mst_reader *r, const mst_load_options *o, mst_text_load *s,
                               mst_graph *g, mst_text_line_fn line, mst_text_lines_fn lines,
                               const char *comment, int blank_is_data);

/* The end of a file with a header, after its parse's st: MST_EINPUT for an empty file
 * ("expected FIRST"), a missing header (the message `missing`) or other than s->m records
 * ("header says M WHAT, file has K"; what NULL: unchecked); else st. */
mst_status mst_text_load_check_end(const mst_text_load *s, mst_status st, const char *first,
                                   const char *missing, const char *what);

/* Frees the parse's state, then on success moves the main builder into g; returns st or
 * mst_builder_finish's. */
mst_status mst_text_load_finish(mst_text_load *s, mst_status st, int directed, mst_graph *g);

/* The end of a data line (mst_text_line_end from p), then its edge or arc into the part's
 * builder. */
static inline mst_status mst_text_load_add(mst_text_part *part, const char **pp, const char *p,
                                           const char *expected, uint64_t u, uint64_t v,
                                           const mst_number *w)
{
    mst_status st = mst_text_line_end(part, &p, expected);
    *pp = p;
    return st != MST_OK ? st : mst_builder_add_fast((mst_builder *)part->data, u, v, w);
}

/* ---------------------------------------- output files (atomic_file.c) */

/* Every output file, through stdio or zlib's gzip stream, placed as docs/design.md (Output, Where
 * output files go) says: "-", devices, FIFOs, sockets and links to stdout or stderr in place; a
 * new or regular file (a link's target) through an exclusive temporary "TARGET.tmp-XXXXXX"
 * renamed by mst_out_commit(), removed on SIGINT, SIGTERM or SIGHUP; dangling links and
 * directories refused. */
typedef struct mst_out {
    char *path;          /* the name as given, for messages (owned) */
    char *target;        /* what the temporary replaces (owned): path or a link's resolved
                          * target; NULL when written in place */
    char *tmp_path;      /* the temporary (owned); NULL when written in place */
    int fd;              /* the descriptor, closed by f or gz once they hold it */
    FILE *f;             /* plain: stdio stream on fd */
    struct gzFile_s *gz; /* gzip: zlib stream on fd */
} mst_out;

/* Opens `path` for writing, gzip (level 1) if `gzip`. Errors, *o zeroed: MST_EINPUT "PATH:
 * reason"; MST_ERESOURCE. */
mst_status mst_out_open(mst_out *o, const char *path, int gzip);

/* Appends printf output (gzip: at most 8 KiB a call), or bytes. Errors: MST_EINPUT "PATH:
 * reason". */
mst_status mst_out_printf(mst_out *o, const char *fmt, ...) MST_PRINTF(2, 3);
mst_status mst_out_write(mst_out *o, const void *data, size_t bytes);

/* Closes the stream and renames the temporary over the target; o is released (the temporary
 * removed on failure). Errors: MST_EINPUT. */
mst_status mst_out_commit(mst_out *o);

/* Closes the stream, removes the temporary, releases o; safe on zeroed and committed ones. */
void mst_out_abort(mst_out *o);

/* The early check of an output path, before the work that makes it: MST_EUSAGE "OUT: is the
 * input file IN; write the output to another name" when both are one file (in may be NULL);
 * MST_EINPUT "OUT: strerror" for a directory or a folder where this process cannot create. */
mst_status mst_output_check(const char *out, const char *in);

#ifdef __cplusplus
}
#endif

#endif
