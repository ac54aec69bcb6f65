/*
 * line_scan.h: token scanning for the parallel text parse (text_chunks.h), on lines that end
 * with '\n' inside a larger buffer rather than with a NUL. The rules are parse.h's; anything
 * these functions do not take (a bad token, a NUL byte) makes them return 0, and the chunk then
 * gives up, leaving the file to the sequential parser, which names the problem.
 */
#ifndef MST_LINE_SCAN_H
#define MST_LINE_SCAN_H

#include <stdint.h>
#include <string.h>

#include "parse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Skips blanks (parse.h's: space, \t, \v, \f, \r); stops at '\n' or anything else. */
static inline const char *mst_scan_blanks(const char *p)
{
    while (mst_is_blank(*p))
        p++;
    return p;
}

/* 1 if c ends a token: a blank or the line's '\n'. */
static inline int mst_scan_token_end(char c)
{
    return c == '\n' || mst_is_blank(c);
}

/*
 * The run of decimal digits at p when it is shorter than 8 characters: sets *value and returns
 * its length (0: p is not a digit). Returns 8 without a value when it cannot tell in one step
 * (8 digits or more, or fewer than 8 bytes before end, which is never read past): the caller
 * reads those digits one by one. Eight bytes are classified and converted at once (SWAR: the
 * digit test on every byte, then three multiplies that combine pairs, quads and the eight, as
 * in Langdale, Lemire 2019, number parsing), so a token costs no branch per digit, where the
 * loop mispredicts at every token's end. Little-endian hosts; elsewhere it always returns 8.
 */
static inline int mst_scan_digits8(const char *p, const char *end, uint64_t *value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    if (end - p < 8)
        return 8;
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
    (void)end;
    (void)value;
    return 8;
#endif
}

/*
 * An unsigned decimal id at *pp (after blanks; optional '+') below 2^32, ending at a blank or
 * '\n', inside a line that ends before end: sets *out, advances *pp past it and returns 1; else
 * 0 (no token, not a number, or too large for any vertex id: the sequential parser says which).
 */
static inline int mst_scan_id(const char **pp, const char *end, uint64_t *out)
{
    const char *p = mst_scan_blanks(*pp);
    p += *p == '+';
    uint64_t x = 0;
    int n = mst_scan_digits8(p, end, &x);
    if (n == 0)
        return 0;
    if (n < 8) {
        p += n;
    } else {
        if (*p < '0' || *p > '9')
            return 0;
        for (; *p >= '0' && *p <= '9'; p++) {
            x = x * 10 + (uint64_t)(*p - '0');
            if (x > UINT32_MAX)
                return 0;
        }
    }
    if (!mst_scan_token_end(*p))
        return 0;
    *out = x;
    *pp = p;
    return 1;
}

/*
 * A weight at *pp (after blanks, inside a line that ends before end), as mst_parse_weight reads it
 * (float32: its float32 rounding): integers of up to 18 digits directly, any other token through
 * mst_parse_weight on a NUL-terminated copy. Returns 1 and advances *pp, or 0 (no token, a bad
 * one, or one longer than 127 bytes: left to the sequential parser).
 */
static inline int mst_scan_weight(const char **pp, const char *end, mst_number *w, int float32)
{
    const char *p = mst_scan_blanks(*pp), *q = p + (*p == '-' || *p == '+');
    uint64_t x = 0;
    int n = mst_scan_digits8(q, end, &x);
    if (n == 8)
        for (n = 0, x = 0; q[n] >= '0' && q[n] <= '9' && n < 19; n++)
            x = x * 10 + (uint64_t)(q[n] - '0');
    if (n > 0 && n < 19 && mst_scan_token_end(q[n])) {
        w->is_real = 0;
        w->neg = *p == '-' && x != 0;
        w->mag = x;
        w->d = 0;
        *pp = q + n;
        return 1;
    }
    size_t len = 0;
    while (!mst_scan_token_end(p[len]) && p[len] != '\0' && len < 128)
        len++;
    if (len == 0 || len == 128 || !mst_scan_token_end(p[len]))
        return 0;
    char copy[128];
    memcpy(copy, p, len);
    copy[len] = '\0';
    const char *c = copy;
    if (mst_parse_weight(&c, w, float32) != MST_TOK_OK)
        return 0;
    *pp = p + len;
    return 1;
}

/* 1 if only blanks remain before the line's '\n'. */
static inline int mst_scan_at_eol(const char *p)
{
    return *mst_scan_blanks(p) == '\n';
}

/* The start of the next line: p is inside a line that ends with '\n' before end. */
static inline const char *mst_scan_next_line(const char *p, const char *end)
{
    return (const char *)memchr(p, '\n', (size_t)(end - p)) + 1;
}

#ifdef __cplusplus
}
#endif

#endif
