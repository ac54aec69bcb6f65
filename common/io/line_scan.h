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
 * An unsigned decimal id at *pp (after blanks; optional '+') below 2^32, ending at a blank or
 * '\n': sets *out, advances *pp past it and returns 1; else 0 (no token, not a number, or too
 * large for any vertex id: the sequential parser says which).
 */
static inline int mst_scan_id(const char **pp, uint64_t *out)
{
    const char *p = mst_scan_blanks(*pp);
    p += *p == '+';
    if (*p < '0' || *p > '9')
        return 0;
    uint64_t x = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        x = x * 10 + (uint64_t)(*p - '0');
        if (x > UINT32_MAX)
            return 0;
    }
    if (!mst_scan_token_end(*p))
        return 0;
    *out = x;
    *pp = p;
    return 1;
}

/*
 * A weight at *pp (after blanks), as mst_parse_weight reads it (float32: its float32 rounding):
 * integers of up to 18 digits directly, any other token through mst_parse_weight on a
 * NUL-terminated copy. Returns 1 and advances *pp, or 0 (no token, a bad one, or one longer than
 * 127 bytes: left to the sequential parser).
 */
static inline int mst_scan_weight(const char **pp, mst_number *w, int float32)
{
    const char *p = mst_scan_blanks(*pp), *q = p + (*p == '-' || *p == '+');
    uint64_t x = 0;
    int n = 0;
    for (; q[n] >= '0' && q[n] <= '9' && n < 19; n++)
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
