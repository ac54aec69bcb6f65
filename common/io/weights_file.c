/* weights_file.c: the weights of one round of --rounds, random or from files (weights_file.h). */
#include "weights_file.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "parse.h"
#include "reader.h"

#define INT64_LIMIT 0x8000000000000000ull

int mst_round_path_is_pattern(const char *path)
{
    return path != NULL && strstr(path, MST_ROUND_PLACEHOLDER) != NULL;
}

mst_status mst_round_path(const char *pattern, uint64_t r, char *buf, size_t cap)
{
    size_t len = 0, plen = strlen(MST_ROUND_PLACEHOLDER);
    for (const char *p = pattern; *p != '\0' && len < cap;) {
        if (strncmp(p, MST_ROUND_PLACEHOLDER, plen) == 0) {
            len += (size_t)snprintf(buf + len, cap - len, "%" PRIu64, r);
            p += plen;
        } else {
            buf[len++] = *p++;
        }
    }
    if (len >= cap)
        return mst_fail(MST_EUSAGE, "--round-weights: the path of round %" PRIu64
                        " is too long", r);
    buf[len] = '\0';
    return MST_OK;
}

/* What one pass over a weights file keeps: round r's numbers and what their type needs. */
typedef struct round_scan {
    mst_number *num;             /* [m] */
    uint64_t count;              /* weight lines read */
    int any_real;
    uint64_t max_pos;            /* largest non-negative integer */
    uint64_t max_neg;            /* largest magnitude of a negative integer (0: none) */
    uint64_t neg_line, big_line; /* first line of a negative / of an integer > INT64_MAX */
} round_scan;

/* The exact value of a number read from a file, as the type checks want it. */
static mst_weight_value number_value(const mst_number *x)
{
    mst_weight_value w = {MST_WEIGHT_UINT64, 0, x->mag, 0.0};
    if (x->is_real) {
        w.type = MST_WEIGHT_FLOAT64;
        w.d = x->d;
    } else if (x->neg) {
        w.type = MST_WEIGHT_INT64;
        w.i = (int64_t)(0 - x->mag);
    }
    return w;
}

/* The number of weights at *pp, up to the end of the line or a token that is none (left at
 * *pp). */
static uint64_t count_weights(const char **pp)
{
    uint64_t k = 0;
    while (mst_parse_weight(pp, &(mst_number){0}, 0) == MST_TOK_OK)
        k++;
    return k;
}

/* Reads the `cols` weights of one line, keeps column `col` (0-based) in s, and checks each
 * against `forced` (0: any type) as the loaders check a line's weight. */
static mst_status scan_line(mst_reader *rd, const char *line, uint64_t cols, uint64_t col,
                            int forced, round_scan *s)
{
    const char *p = line;
    char tb[48];
    for (uint64_t c = 0; c < cols; c++) {
        mst_number x;
        const char *at = mst_skip_blanks(p);
        int t = mst_parse_weight(&p, &x, forced == 1 + MST_WEIGHT_FLOAT32);
        if (t == MST_TOK_NONE)
            return mst_reader_fail(rd, "%" PRIu64 " weights, expected %" PRIu64
                                   " (one per round)", c, cols);
        if (t != MST_TOK_OK)
            return mst_reader_fail(rd, "bad weight %s", mst_token_text(at, tb));
        if (x.is_real && !isfinite(x.d))
            return mst_reader_fail(rd, "%s weight", isnan(x.d) ? "NaN" : "infinite");
        uint64_t bits;
        if (forced != 0 && !mst_weight_value_fits(number_value(&x), forced - 1, &bits))
            return mst_reader_fail(rd, "weight %s does not fit %s", mst_number_text(&x, tb),
                                   mst_weight_type_name((mst_weight_type)(forced - 1)));
        if (c == col)
            s->num[s->count] = x;
    }
    if (!mst_at_eol(p)) {
        uint64_t more = cols + count_weights(&p);
        if (!mst_at_eol(p))
            return mst_reader_fail(rd, "bad weight %s", mst_token_text(mst_skip_blanks(p), tb));
        return mst_reader_fail(rd, "%" PRIu64 " weights, expected %" PRIu64 " (one per round)",
                               more, cols);
    }
    return MST_OK;
}

/* Notes what the type of round r's values needs from the number just kept. */
static void note_value(mst_reader *rd, round_scan *s)
{
    const mst_number *x = &s->num[s->count];
    uint64_t line = mst_reader_line(rd);
    if (x->is_real) {
        s->any_real = 1;
    } else if (x->neg) {
        s->max_neg = x->mag > s->max_neg ? x->mag : s->max_neg;
        s->neg_line = s->neg_line ? s->neg_line : line;
    } else {
        s->max_pos = x->mag > s->max_pos ? x->mag : s->max_pos;
        if (x->mag > INT64_LIMIT - 1 && s->big_line == 0)
            s->big_line = line;
    }
}


/* One pass over the file at `path`: every line holds `cols` weights (0: as many as the first
 * data line, which must reach column `col`); column `col` (0-based) is kept. */
static mst_status scan_file(const char *path, uint64_t cols, uint64_t col, int forced,
                            uint64_t m, round_scan *s)
{
    mst_reader *rd = NULL;
    mst_status st = mst_reader_open(path, &rd);
    char *line;
    size_t len;
    while (st == MST_OK && (st = mst_reader_next_line(rd, &line, &len)) == MST_OK &&
           line != NULL) {
        const char *p = mst_skip_blanks(line);
        if (*p == '\0' || *p == '#' || *p == '%')
            continue;
        if (cols == 0 && (cols = count_weights(&(const char *){p})) <= col)
            st = mst_reader_fail(rd, "%" PRIu64 " weights a line: no round %" PRIu64, cols,
                                 col + 1);
        else if (s->count == m)
            st = mst_reader_fail(rd, "more weight lines than the graph's %" PRIu64 " edges", m);
        else if ((st = scan_line(rd, p, cols, col, forced, s)) == MST_OK)
            note_value(rd, s), s->count++;
    }
    if (st == MST_OK && s->count < m)
        st = mst_reader_fail(rd, "%" PRIu64 " weight lines for the graph's %" PRIu64
                             " edges (one a line, by edge id)", s->count, m);
    mst_reader_close(rd);
    return st;
}

/* The type the loaders would give round r's values (weights_file.h). */
static mst_status infer_type(const char *path, const round_scan *s, mst_weight_type *t)
{
    if (s->any_real)
        *t = MST_WEIGHT_FLOAT64;
    else if (s->max_neg <= 0x80000000ull && s->max_pos < 0x80000000ull)
        *t = MST_WEIGHT_INT32;
    else if (s->max_neg == 0 && s->max_pos <= UINT32_MAX)
        *t = MST_WEIGHT_UINT32;
    else if (s->big_line == 0)
        *t = MST_WEIGHT_INT64;
    else if (s->max_neg == 0)
        *t = MST_WEIGHT_UINT64;
    else
        return mst_fail(MST_EINPUT, "%s:%" PRIu64 ": weight above INT64_MAX, with a negative "
                        "weight on line %" PRIu64 ": no integer type holds both", path,
                        s->big_line, s->neg_line);
    return MST_OK;
}

/* Sets g's weights to the numbers of s as type t. */
static mst_status set_weights(mst_graph *g, const round_scan *s, mst_weight_type t)
{
    mst_status st = MST_OK;
    uint64_t *bits = NULL;
    MST_ALLOC(bits, g->m > 0 ? g->m : 1);
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t b = 0;
        mst_weight_value_fits(number_value(&s->num[e]), t, &b); /* checked while scanning */
        /* The 32-bit types' C values, packed into the front of the same array. */
        if (t == MST_WEIGHT_INT32)
            ((int32_t *)bits)[e] = (int32_t)(int64_t)b;
        else if (t == MST_WEIGHT_UINT32)
            ((uint32_t *)bits)[e] = (uint32_t)b;
        else if (t == MST_WEIGHT_FLOAT32)
            ((float *)bits)[e] = (float)mst_bits_to_double(b);
        else
            bits[e] = b;
    }
    st = mst_graph_set_weights(g, t, bits);
fail:
    free(bits);
    return st;
}

static mst_status apply_file(const mst_round_source *src, uint64_t r, mst_graph *g)
{
    mst_status st = MST_OK;
    round_scan s;
    char path[4096];
    int pattern = mst_round_path_is_pattern(src->path);
    memset(&s, 0, sizeof s);
    if (pattern)
        MST_CHECK(mst_round_path(src->path, r, path, sizeof path));
    else
        snprintf(path, sizeof path, "%s", src->path);
    MST_ALLOC(s.num, g->m > 0 ? g->m : 1);
    MST_CHECK(scan_file(path, pattern ? 1 : src->rounds, pattern ? 0 : r - 1, src->weight_type,
                        g->m, &s));
    mst_weight_type t = (mst_weight_type)(src->weight_type - 1);
    if (src->weight_type == 0)
        MST_CHECK(infer_type(path, &s, &t));
    MST_CHECK(set_weights(g, &s, t));
fail:
    free(s.num);
    return st;
}

mst_status mst_round_weights_apply(const mst_round_source *src, uint64_t r, mst_graph *g)
{
    if (src->path != NULL)
        return apply_file(src, r, g);
    mst_apply_weight_mode(g, MST_WEIGHT_MODE_RANDOM, src->seed + r);
    if (src->weight_type == 0)
        return MST_OK;
    return mst_graph_convert_weights(g, (mst_weight_type)(src->weight_type - 1),
                                     "random weights");
}
