/* parse.c: the text formats' token scanner and parallel line loop (see parse.h). */
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_BYTES_PER_THREAD ((size_t)16 << 20)
#define PAD 16 /* readable bytes after a block's last '\n' (mst_digits8 reads 8) */

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

int mst_parse_weight_slow(const char **pp, mst_number *out, int kind)
{
    const char *p = mst_skip_blanks(*pp), *end = p;
    if (mst_is_eol(*p))
        return MST_TOK_NONE;
    while (!mst_is_eol(*end) && !mst_is_blank(*end))
        end++;
    const char *q = p + (*p == '-' || *p == '+');
    if (q < end && digits(q) == (size_t)(end - q)) { /* an integer: exact */
        uint64_t x;
        int r = mst_parse_u64(&q, &x);
        if (r != MST_TOK_OK)
            return r;
        if (*p == '-' && x > (uint64_t)INT64_MAX + 1)
            return MST_TOK_RANGE;
        *out = (mst_number){0, *p == '-' && x != 0, x, 0.0};
    } else {
        if (kind == MST_WEIGHT_INTEGER || !is_decimal_real(p, end))
            return MST_TOK_BAD;
        char *stop;
        errno = 0;
        double d = kind == MST_WEIGHT_REAL32 ? (double)strtof(p, &stop) : strtod(p, &stop);
        if (stop != end)
            return MST_TOK_BAD;
        /* Beyond the type's largest value, or so small that it rounds to zero: no weight of
         * the type holds it. A subnormal result is the nearest value, as for any other real. */
        if (errno == ERANGE && (isinf(d) || d == 0))
            return MST_TOK_RANGE;
        *out = (mst_number){1, 0, 0, d};
    }
    *pp = end;
    return MST_TOK_OK;
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
    if (mst_is_eol(*p)) {
        strcpy(buf, "end of line");
        return buf;
    }
    size_t n = 0;
    buf[n++] = '\'';
    while (!mst_is_eol(*p) && !mst_is_blank(*p) && n < 32) {
        unsigned char c = (unsigned char)*p++;
        buf[n++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (!mst_is_eol(*p) && !mst_is_blank(*p)) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

mst_status mst_text_fail(mst_text_part *part, mst_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(part->msg, sizeof part->msg, fmt, ap);
    va_end(ap);
    part->at = part->line;
    part->st = code;
    return code;
}

mst_status mst_text_field_fail(mst_text_part *part, int tok, const char *p, const char *what,
                               const char *expected)
{
    char text[48];
    if (*mst_skip_blanks(p) == '\0')
        return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
    if (tok == MST_TOK_RANGE)
        return mst_text_fail(part, MST_EINPUT, "%s %s out of range", what,
                             mst_token_text(p, text));
    return mst_text_fail(part, MST_EINPUT, "expected %s, found %s", expected,
                         mst_token_text(p, text));
}

mst_status mst_text_line_end_fail(mst_text_part *part, const char *p, const char *expected)
{
    char text[48];
    p = mst_skip_blanks(p);
    if (*p != '\0')
        return mst_text_fail(part, MST_EINPUT, "expected %s, found extra field %s", expected,
                             mst_token_text(p, text));
    return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
}

void mst_text_line_failed(mst_text_part *part, mst_status st)
{
    if (part->st == MST_OK) /* a message of mst_fail's (memory): the thread's own */
        snprintf(part->msg, sizeof part->msg, "%s", mst_last_error());
    part->st = st;
}

/* Records the error of a part that stopped (its base set) as the thread's last error. */
static mst_status report(const char *name, const mst_text_part *part)
{
    if (part->at == 0)
        return mst_fail(part->st, "%s", part->msg);
    return mst_fail(part->st, "%s:%llu: %s", name, (unsigned long long)(part->base + part->at),
                    part->msg);
}

/* The start of part k of `parts` over [begin, end) (end[-1] == '\n'): the first line that
 * starts at or after its share's first byte. */
static const char *part_start(const char *begin, const char *end, int k, int parts)
{
    if (k == 0)
        return begin;
    if (k == parts)
        return end;
    const char *at = begin + (size_t)((double)(end - begin) * k / parts);
    return (const char *)memchr(at - 1, '\n', (size_t)(end - (at - 1))) + 1;
}

/* The lines [p, end) (end[-1] == '\n', PAD bytes readable after it): in order until the
 * format goes parallel, then in parts. */
static mst_status run_block(const char *name, mst_text_parser *t, const char *p,
                            const char *end)
{
    if ((p = mst_text_lines(t, &t->main, p, end, t->line, 1)) == NULL)
        return report(name, &t->main);
    if (p == end)
        return MST_OK;
    int parts = (size_t)(end - p) < (size_t)t->threads * 64 ? 1 : t->threads;
#pragma omp parallel for schedule(static, 1) num_threads(parts)
    for (int k = 0; k < parts; k++) {
        mst_text_part *part = &t->parts[k];
        const char *q = part_start(p, end, k, parts), *e = part_start(p, end, k + 1, parts);
        part->line = part->at = 0;
        part->st = MST_OK;
        if (t->part_lines != NULL)
            t->part_lines(t, part, q, e);
        else
            mst_text_lines(t, part, q, e, t->line, 0);
    }
    for (int k = 0; k < parts; k++) {
        t->parts[k].base = t->main.line;
        if (t->parts[k].st != MST_OK)
            return report(name, &t->parts[k]);
        t->main.line += t->parts[k].line;
    }
    return t->merge(t, parts);
}

/* Lines from `from` to the input's end at `to` copied with a '\n' added if missing and PAD
 * bytes after it (a mapping's last bytes may be the end of its last page). */
static mst_status run_copy(const char *name, mst_text_parser *t, const char *from,
                           const char *to)
{
    mst_status st = MST_OK;
    size_t len = (size_t)(to - from);
    char *copy = NULL;
    MST_CALLOC(copy, len + 1 + PAD);
    memcpy(copy, from, len);
    if (len > 0 && copy[len - 1] != '\n')
        copy[len++] = '\n';
    st = run_block(name, t, copy, copy + len);
fail:
    free(copy);
    return st;
}

/* A mapped input, in blocks of about t->block bytes ending at a line's end; its last PAD bytes
 * or more (whole lines) go through a padded copy. */
static mst_status run_mapped(const char *name, mst_text_parser *t, const char *data, size_t len)
{
    const char *p = data, *end = data + len, *tail = data;
    if (len > PAD) {
        const char *nl = memrchr(data, '\n', len - PAD);
        tail = nl != NULL ? nl + 1 : data;
    }
    while (p < tail) {
        const char *stop = (size_t)(tail - p) <= t->block ? tail : p + t->block;
        stop = (const char *)memchr(stop - 1, '\n', (size_t)(tail - (stop - 1))) + 1;
        mst_status st = run_block(name, t, p, stop);
        if (st != MST_OK)
            return st;
        p = stop;
    }
    return run_copy(name, t, tail, end);
}

/* A streamed input (gzip, a pipe) in blocks, the partial last line kept for the next (PAD
 * bytes of buf after a block's last '\n' are readable: the next line's, or spare). */
static mst_status run_streamed(mst_reader *r, mst_text_parser *t)
{
    mst_status st = MST_OK;
    size_t cap = t->block, fill = 0, got = 0;
    char *buf = NULL;
    MST_ALLOC(buf, cap + 1 + PAD);
    for (;;) {
        if (cap - fill < t->block / 2) { /* a long line: room for another half block */
            cap = fill + t->block;
            MST_CHECK(mst_realloc((void **)&buf, cap + 1 + PAD, 1));
        }
        MST_CHECK(mst_reader_read(r, buf + fill, cap - fill, &got));
        int last = got < cap - fill;
        fill += got;
        if (last && fill > 0 && buf[fill - 1] != '\n')
            buf[fill++] = '\n';
        char *nl = fill > 0 ? memrchr(buf, '\n', fill) : NULL;
        size_t whole = nl != NULL ? (size_t)(nl - buf) + 1 : 0;
        MST_CHECK(run_block(mst_reader_name(r), t, buf, buf + whole));
        fill -= whole;
        memmove(buf, buf + whole, fill);
        if (last)
            break;
    }
fail:
    free(buf);
    return st;
}

mst_status mst_text_parse(mst_reader *r, mst_text_parser *t)
{
    const char *data;
    size_t len;
    mst_status st;
    if (t->block == 0)
        t->block = BLOCK_BYTES_PER_THREAD * (size_t)t->threads;
    if (mst_reader_map(r, &data, &len))
        st = len > 0 ? run_mapped(mst_reader_name(r), t, data, len) : MST_OK;
    else
        st = run_streamed(r, t);
    t->lines = t->main.line;
    return st;
}
