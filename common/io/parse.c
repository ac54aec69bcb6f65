/* parse.c: token parsing for the text loaders (see parse.h). */
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
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

/* An integer token p..end (sign and digits only) into *out. */
static int parse_integer(const char *p, const char *end, mst_number *out)
{
    int neg = *p == '-';
    const char *q = p + (*p == '-' || *p == '+');
    uint64_t x;
    int r = mst_parse_u64(&q, &x);
    if (r != MST_TOK_OK)
        return r;
    if (q != end)
        return MST_TOK_BAD;
    if (neg && x > (uint64_t)INT64_MAX + 1)
        return MST_TOK_RANGE;
    out->is_real = 0;
    out->neg = neg && x != 0;
    out->mag = x;
    out->d = 0;
    return MST_TOK_OK;
}

/* A real token p..end into *out, rounded once to double or to float32. */
static int parse_real(const char *p, const char *end, int float32, mst_number *out)
{
    char *stop;
    errno = 0;
    double d = float32 ? (double)strtof(p, &stop) : strtod(p, &stop);
    if (stop != end)
        return MST_TOK_BAD;
    /* Beyond the type's largest value, or so small that it rounds to zero: no weight of the
     * type holds it. A subnormal result is the nearest value, as for any other real. */
    if (errno == ERANGE && (isinf(d) || d == 0))
        return MST_TOK_RANGE;
    out->is_real = 1;
    out->neg = 0;
    out->mag = 0;
    out->d = d;
    return MST_TOK_OK;
}

/* The token at *pp: its start (after blanks) into *start and its end into *end; MST_TOK_NONE at
 * the end of the line. */
static int token_bounds(const char **pp, const char **start, const char **end)
{
    const char *p = mst_skip_blanks(*pp);
    if (*p == '\0')
        return MST_TOK_NONE;
    const char *e = p;
    while (*e != '\0' && !mst_is_blank(*e))
        e++;
    *start = p;
    *end = e;
    return MST_TOK_OK;
}

/* 1 if p..end is an integer token: an optional sign and digits only. */
static int is_integer_token(const char *p, const char *end)
{
    const char *q = p + (*p == '-' || *p == '+');
    return q < end && digits(q) == (size_t)(end - q);
}

int mst_parse_weight(const char **pp, mst_number *out, int float32)
{
    const char *p, *end;
    int r = token_bounds(pp, &p, &end);
    if (r != MST_TOK_OK)
        return r;
    if (is_integer_token(p, end))
        r = parse_integer(p, end, out);
    else if (!is_decimal_real(p, end))
        return MST_TOK_BAD;
    else
        r = parse_real(p, end, float32, out);
    if (r == MST_TOK_OK)
        *pp = end;
    return r;
}

int mst_parse_int_weight(const char **pp, mst_number *out)
{
    const char *p, *end;
    int r = token_bounds(pp, &p, &end);
    if (r != MST_TOK_OK)
        return r;
    if (!is_integer_token(p, end))
        return MST_TOK_BAD;
    r = parse_integer(p, end, out);
    if (r == MST_TOK_OK)
        *pp = end;
    return r;
}

const char *mst_number_text(const mst_number *x, char buf[48])
{
    if (x->is_real)
        snprintf(buf, 48, "%.17g", x->d);
    else
        snprintf(buf, 48, "%s%llu", x->neg ? "-" : "", (unsigned long long)x->mag);
    return buf;
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
