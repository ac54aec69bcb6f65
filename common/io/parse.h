/*
 * parse.h: the one parser of the text formats (edge lists, DIMACS, Matrix Market, METIS, weight
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
#ifndef MST_PARSE_H
#define MST_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "loader.h"
#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* A parallel format's loop over one part's lines: mst_text_lines with the format's own line
 * function (see there). Returns where it stopped: end, or NULL at a bad line. */
typedef const char *(*mst_text_lines_fn)(mst_text_parser *t, mst_text_part *part,
                                         const char *p, const char *end);

struct mst_text_parser {
    /* Set by the format; comment and blank_is_data may change while the header is read. */
    const char *comment;  /* first non-blank characters that make a line a comment ("#%"; at
                             most two, tested inline on every line) */
    int blank_is_data;    /* 1: blank lines reach the line function (METIS: a vertex) */
    mst_text_line_fn line;
    mst_text_lines_fn part_lines; /* the parallel parts' loop (NULL: mst_text_lines with line) */
    /* After each run of parallel parts: merges parts[0 .. count-1] (base set) in file order.
     * NULL: never parallel. */
    mst_status (*merge)(mst_text_parser *t, int count);
    int parallel;         /* set by the line function: the lines after this one may go in
                             parallel parts (the format's header is read) */
    int threads;          /* parts[threads] (1 without merge) */
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
 * `until_parallel`, stops after the line that sets t->parallel. Inline, so that a format's own
 * loop (mst_text_parser.lines: this with its line function) calls that function directly,
 * without a call per line through a pointer. Returns where it stopped: end, the line after the
 * one that went parallel, or NULL at a bad line (part->st).
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

#ifdef __cplusplus
}
#endif

#endif
