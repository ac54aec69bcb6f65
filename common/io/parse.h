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

/*
 * Parses a weight: a decimal integer (exact, *is_real = 0, |value| < 2^63) or a decimal real
 * ("1.5", ".5", "2.", "-2e3", and "inf", "infinity", "nan" in any case, which the builder
 * refuses by name; *is_real = 1, the value rounded to the nearest float32, subnormals included).
 * MST_TOK_BAD: anything else, hexadecimal ("0x10", "0x1p3") included. MST_TOK_RANGE: an integer
 * beyond int64, or a non-zero real whose float32 rounding is infinite or zero ("1e999",
 * "1e-50"): docs/formats.md, Numbers.
 */
int mst_parse_weight(const char **pp, double *out, int *is_real);

/* Copies the token at p (up to a blank, at most 31 chars, "..." added if cut) into buf[48] for
 * messages; returns buf. An empty token reads "end of line". */
const char *mst_token_text(const char *p, char buf[48]);

#ifdef __cplusplus
}
#endif

#endif
