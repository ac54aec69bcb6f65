/* parse.c: token parsing for the text loaders (see parse.h). */
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int mst_parse_u64(const char **pp, uint64_t *out)
{
    const char *p = mst_skip_blanks(*pp);
    if (*p == '\0')
        return MST_TOK_NONE;
    if (*p == '+')
        p++;
    if (*p < '0' || *p > '9')
        return MST_TOK_BAD;
    uint64_t x = 0;
    int overflow = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (x > (UINT64_MAX - d) / 10)
            overflow = 1;
        x = x * 10 + d;
    }
    if (*p != '\0' && !mst_is_blank(*p))
        return MST_TOK_BAD;
    if (overflow)
        return MST_TOK_RANGE;
    *out = x;
    *pp = p;
    return MST_TOK_OK;
}

int mst_parse_i64(const char **pp, int64_t *out)
{
    const char *p = mst_skip_blanks(*pp);
    int neg = 0;
    if (*p == '-') {
        neg = 1;
        p++;
    } else if (*p == '+') {
        p++;
    }
    if (*p < '0' || *p > '9')
        return *p == '\0' && p == mst_skip_blanks(*pp) ? MST_TOK_NONE : MST_TOK_BAD;
    uint64_t x;
    int r = mst_parse_u64(&p, &x);
    if (r != MST_TOK_OK)
        return r;
    if (x > (uint64_t)INT64_MAX + (uint64_t)neg)
        return MST_TOK_RANGE;
    *out = neg ? (int64_t)(0 - x) : (int64_t)x;
    *pp = p;
    return MST_TOK_OK;
}

int mst_parse_weight(const char **pp, double *out, int *is_real)
{
    const char *p = mst_skip_blanks(*pp);
    if (*p == '\0')
        return MST_TOK_NONE;
    const char *end = p;
    while (*end != '\0' && !mst_is_blank(*end))
        end++;
    /* Integer syntax: optional sign and digits only. */
    const char *q = p + (*p == '-' || *p == '+');
    int integer = q < end;
    for (const char *c = q; c < end; c++)
        if (*c < '0' || *c > '9')
            integer = 0;
    if (integer) {
        int64_t x;
        const char *t = p;
        int r = mst_parse_i64(&t, &x);
        if (r != MST_TOK_OK)
            return r;
        *out = (double)x;
        *is_real = 0;
        *pp = t;
        return MST_TOK_OK;
    }
    char *stop;
    errno = 0;
    float f = strtof(p, &stop);
    if (stop != end || stop == p)
        return MST_TOK_BAD;
    if (errno == ERANGE && isinf(f))
        return MST_TOK_RANGE;
    *out = (double)f;
    *is_real = 1;
    *pp = end;
    return MST_TOK_OK;
}

const char *mst_token_text(const char *p, char buf[48])
{
    p = mst_skip_blanks(p);
    if (*p == '\0') {
        strcpy(buf, "end of line");
        return buf;
    }
    size_t n = 0;
    buf[n++] = '\'';
    while (*p != '\0' && !mst_is_blank(*p) && n < 32) {
        unsigned char c = (unsigned char)*p++;
        buf[n++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (*p != '\0' && !mst_is_blank(*p)) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}
