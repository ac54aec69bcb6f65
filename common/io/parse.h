/*
 * parse.h: hand-written token parsing for the text loaders (no scanf: loading is part of the
 * user's wait). Each function skips blanks (space, tab, \v, \f), reads one token at *pp and, on
 * success, advances *pp past it. A token must end at a blank or the end of the line.
 */
#ifndef MST_PARSE_H
#define MST_PARSE_H

#include <stdint.h>

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
    return *mst_skip_blanks(p) == '\0';
}

/* Parses an unsigned decimal integer (optional '+'). */
int mst_parse_u64(const char **pp, uint64_t *out);

/* Parses a signed decimal integer. */
int mst_parse_i64(const char **pp, int64_t *out);

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

/*
 * Parses a weight: a decimal integer (exact, in [INT64_MIN, UINT64_MAX]; is_real = 0) or a
 * decimal real ("1.5", ".5", "2.", "-2e3", and "inf", "infinity", "nan" in any case, which the
 * builder refuses by name; is_real = 1) rounded to the nearest double, or to the nearest float32
 * when `float32` (the --weight-type float32 load: strtof rounds once, where a double rounded
 * again to float could land elsewhere), subnormals included.
 * MST_TOK_BAD: anything else, hexadecimal ("0x10", "0x1p3") included. MST_TOK_RANGE: an integer
 * outside [INT64_MIN, UINT64_MAX], or a non-zero real whose rounding is infinite or zero
 * ("1e999", "1e-400"; for float32 "1e39", "1e-50"): docs/formats.md, Numbers.
 */
int mst_parse_weight(const char **pp, mst_number *out, int float32);

/* Parses an integer weight, as mst_parse_weight does integers; a real is MST_TOK_BAD (for the
 * formats that hold integers). */
int mst_parse_int_weight(const char **pp, mst_number *out);

/* The number as text ("-5", "18446744073709551615", "1.5") into buf[48]; returns buf. */
const char *mst_number_text(const mst_number *x, char buf[48]);

/* Copies the token at p (up to a blank, at most 31 chars, "..." added if cut) into buf[48] for
 * messages; returns buf. An empty token reads "end of line". */
const char *mst_token_text(const char *p, char buf[48]);

#ifdef __cplusplus
}
#endif

#endif
