/* weights_file.c: the weights of one round of --rounds, random or from files (loader.h). */
#include "loader.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    mst_text_parser t;           /* first: weight_line gets &t */
    uint64_t cols, col, m;       /* the layout's weights a line (0: the first line's), the
                                    column kept (0-based), the graph's edges */
    int forced;                  /* --weight-type: 0 any, else 1 + the type */
    mst_number *num;             /* [m] */
    uint64_t count;              /* weight lines read */
    int any_real;
    uint64_t max_pos;            /* largest non-negative integer */
    uint64_t max_neg;            /* largest magnitude of a negative integer (0: none) */
    uint64_t neg_line, big_line; /* first line of a negative / of an integer > INT64_MAX */
    uint64_t (*lines)[2];        /* [cols] every column's neg_line and big_line where it holds
                                    no real (UINT64_MAX once it does): no round's type can
                                    fail after round 1 */
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

/* Reads the `cols` weights of one line, keeps column `col` in s, and checks each against
 * `forced` as the loaders check a line's weight. */
static mst_status scan_line(mst_text_part *part, const char **pp, round_scan *s)
{
    const char *p = *pp;
    char tb[48];
    for (uint64_t c = 0; c < s->cols; c++) {
        mst_number x;
        const char *at = mst_skip_blanks(p);
        int t = mst_parse_weight(&p, &x, s->forced == 1 + MST_WEIGHT_FLOAT32);
        if (t == MST_TOK_NONE)
            return mst_text_fail(part, MST_EINPUT, "%" PRIu64 " weights, expected %" PRIu64
                                 " (one per round)", c, s->cols);
        if (t != MST_TOK_OK)
            return mst_text_fail(part, MST_EINPUT, "bad weight %s", mst_token_text(at, tb));
        if (x.is_real && !isfinite(x.d))
            return mst_text_fail(part, MST_EINPUT, "%s weight", isnan(x.d) ? "NaN" : "infinite");
        uint64_t bits;
        if (s->forced != 0 && !mst_weight_value_fits(number_value(&x), s->forced - 1, &bits))
            return mst_text_fail(part, MST_EINPUT, "weight %s does not fit %s",
                                 mst_number_text(&x, tb),
                                 mst_weight_type_name((mst_weight_type)(s->forced - 1)));
        if (c == s->col)
            s->num[s->count] = x;
        uint64_t *at_line = s->lines[c];
        if (x.is_real)
            at_line[0] = at_line[1] = UINT64_MAX;
        else if (x.neg && at_line[0] == 0)
            at_line[0] = part->line;
        else if (!x.neg && x.mag > INT64_LIMIT - 1 && at_line[1] == 0)
            at_line[1] = part->line;
    }
    if (!mst_at_eol(p)) {
        uint64_t more = s->cols + count_weights(&p);
        if (!mst_at_eol(p))
            return mst_text_fail(part, MST_EINPUT, "bad weight %s",
                                 mst_token_text(mst_skip_blanks(p), tb));
        return mst_text_fail(part, MST_EINPUT, "%" PRIu64 " weights, expected %" PRIu64
                             " (one per round)", more, s->cols);
    }
    mst_text_skip_line(pp); /* a NUL byte ends the line's weights */
    return MST_OK;
}

/* Notes what the type of round r's values needs from the number just kept, on `line`. */
static void note_value(uint64_t line, round_scan *s)
{
    const mst_number *x = &s->num[s->count];
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


/* One data line of a weights file (the text parser's line function): every line holds `cols`
 * weights (0: as many as the first data line, which must reach column `col`). */
static mst_status weight_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    round_scan *s = (round_scan *)t;
    mst_status st;
    if (s->cols == 0 && (s->cols = count_weights(&(const char *){*pp})) <= s->col)
        return mst_text_fail(part, MST_EINPUT, "%" PRIu64 " weights a line: no round %" PRIu64,
                             s->cols, s->col + 1);
    if (s->lines == NULL && (s->lines = mst_calloc(s->cols, sizeof *s->lines)) == NULL)
        return MST_ERESOURCE;
    if (s->count == s->m)
        return mst_text_fail(part, MST_EINPUT, "more weight lines than the graph's %" PRIu64
                             " edges", s->m);
    if ((st = scan_line(part, pp, s)) != MST_OK)
        return st;
    note_value(part->line, s);
    s->count++;
    return MST_OK;
}

/* One pass over the file at `path`, column s->col kept. */
static mst_status scan_file(const char *path, round_scan *s)
{
    mst_reader *rd = NULL;
    mst_status st = mst_reader_open(path, &rd);
    s->t.comment = "#%";
    s->t.line = weight_line;
    s->t.threads = 1;
    if (st == MST_OK)
        st = mst_text_parse(rd, &s->t);
    if (st == MST_OK && s->count < s->m)
        st = mst_fail(MST_EINPUT, "%s:%" PRIu64 ": %" PRIu64 " weight lines for the graph's %"
                      PRIu64 " edges (one a line, by edge id)", path, s->t.lines, s->count,
                      s->m);
    mst_reader_close(rd);
    return st;
}

/* The type the loaders would give round r's values (loader.h). */
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
    s.cols = pattern ? 1 : src->rounds;
    s.col = pattern ? 0 : r - 1;
    s.forced = src->weight_type;
    s.m = g->m;
    MST_CHECK(scan_file(path, &s));
    mst_weight_type t = (mst_weight_type)(src->weight_type - 1);
    if (src->weight_type == 0)
        MST_CHECK(infer_type(path, &s, &t));
    for (uint64_t c = 0; s.lines != NULL && c < s.cols && src->weight_type == 0; c++)
        if (s.lines[c][0] != 0 && s.lines[c][1] != 0 && s.lines[c][0] != UINT64_MAX)
            MST_FAIL(MST_EINPUT, "%s:%" PRIu64 ": weight above INT64_MAX, with a negative "
                     "weight on line %" PRIu64 ": no integer type holds both (round %" PRIu64
                     ")", path, s.lines[c][1], s.lines[c][0], c + 1);
    MST_CHECK(set_weights(g, &s, t));
fail:
    free(s.num);
    free(s.lines);
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
