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

/* Length of the digits at p. */
static size_t digits(const char *p)
{
    size_t k = 0;
    while (p[k] >= '0' && p[k] <= '9')
        k++;
    return k;
}

/* 1 if the word of k characters at p is, ignoring case, `lower` (all lowercase). */
static int word_is(const char *p, size_t k, const char *lower)
{
    size_t i = 0;
    for (; i < k && lower[i] != '\0'; i++)
        if ((p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i]) != lower[i])
            return 0;
    return i == k && lower[i] == '\0';
}

/*
 * 1 if p..end is a decimal real: [sign] (digits [. [digits]] | . digits) [(e|E) [sign] digits],
 * or [sign] inf, infinity or nan in any case. strtof alone would also take hexadecimal
 * ("0x10" = 16, "0x1p3" = 8) and "nan(...)", which no graph format writes.
 */
static int is_decimal_real(const char *p, const char *end)
{
    p += (*p == '-' || *p == '+');
    size_t k = (size_t)(end - p);
    if (word_is(p, k, "inf") || word_is(p, k, "infinity") || word_is(p, k, "nan"))
        return 1;
    size_t whole = digits(p), frac = 0;
    p += whole;
    if (*p == '.') {
        frac = digits(p + 1);
        p += 1 + frac;
    }
    if (whole + frac == 0)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p += 1 + (p[1] == '-' || p[1] == '+');
        size_t e = digits(p);
        if (e == 0)
            return 0;
        p += e;
    }
    return p == end;
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
    if (q < end && digits(q) == (size_t)(end - q)) {
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
    if (!is_decimal_real(p, end))
        return MST_TOK_BAD;
    char *stop;
    errno = 0;
    float f = strtof(p, &stop);
    if (stop != end)
        return MST_TOK_BAD;
    /* Beyond FLT_MAX, or so small that it rounds to zero: no float32 holds it. A subnormal
     * result is the nearest float32, as for any other real. */
    if (errno == ERANGE && (isinf(f) || f == 0))
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
