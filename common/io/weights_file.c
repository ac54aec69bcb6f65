/* weights_file.c: the weights of one round of --rounds, random or from files (loader.h). */
#include "loader.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    uint64_t max_pos, max_neg;   /* the kept column's integers (mst_integer_weight_type) */
    uint64_t (*lines)[2];        /* [cols] every column's first line of a negative integer and
                                    of one above INT64_MAX where it holds no real (UINT64_MAX
                                    once it does): no round's type can fail after round 1 */
} round_scan;

/* The number of weights at *pp, up to the end of the line or a token that is none (left at
 * *pp). */
static uint64_t count_weights(const char **pp)
{
    uint64_t k = 0;
    while (mst_parse_weight(pp, &(mst_number){0}, 0) == MST_TOK_OK)
        k++;
    return k;
}

/* One data line of a weights file (the text parser's line function): `cols` weights (0: as
 * many as the first data line, which must reach column `col`), each checked against `forced`
 * as the loaders check a line's weight; column `col` kept. */
static mst_status weight_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    round_scan *s = (round_scan *)t;
    const char *p = *pp;
    char tb[48];
    if (s->cols == 0 && (s->cols = count_weights(&(const char *){*pp})) <= s->col)
        return mst_text_fail(part, MST_EINPUT, "%" PRIu64 " weights a line: no round %" PRIu64,
                             s->cols, s->col + 1);
    if (s->lines == NULL && (s->lines = mst_calloc(s->cols, sizeof *s->lines)) == NULL)
        return MST_ERESOURCE;
    if (s->count == s->m)
        return mst_text_fail(part, MST_EINPUT, "more weight lines than the graph's %" PRIu64
                             " edges", s->m);
    for (uint64_t c = 0; c < s->cols; c++) {
        mst_number x;
        const char *at = mst_skip_blanks(p);
        int k = mst_parse_weight(&p, &x, s->forced == 1 + MST_WEIGHT_FLOAT32);
        if (k == MST_TOK_NONE)
            return mst_text_fail(part, MST_EINPUT, "%" PRIu64 " weights, expected %" PRIu64
                                 " (one per round)", c, s->cols);
        if (k != MST_TOK_OK)
            return mst_text_fail(part, MST_EINPUT, "bad weight %s", mst_token_text(at, tb));
        if (x.is_real && !isfinite(x.d))
            return mst_text_fail(part, MST_EINPUT, "%s weight", isnan(x.d) ? "NaN" : "infinite");
        uint64_t bits, *at_line = s->lines[c];
        if (s->forced != 0 && !mst_weight_value_fits(mst_number_value(&x), s->forced - 1, &bits))
            return mst_text_fail(part, MST_EINPUT, "weight %s does not fit %s",
                                 mst_number_text(&x, tb),
                                 mst_weight_type_name((mst_weight_type)(s->forced - 1)));
        if (x.is_real)
            at_line[0] = at_line[1] = UINT64_MAX;
        else if (x.neg && at_line[0] == 0)
            at_line[0] = part->line;
        else if (!x.neg && x.mag > INT64_MAX && at_line[1] == 0)
            at_line[1] = part->line;
        if (c != s->col)
            continue;
        s->num[s->count] = x;
        if (x.is_real)
            continue;
        uint64_t *max = x.neg ? &s->max_neg : &s->max_pos;
        *max = x.mag > *max ? x.mag : *max;
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
    s->count++;
    return MST_OK;
}

mst_status mst_round_weights_apply(const mst_round_source *src, uint64_t r, mst_graph *g)
{
    mst_status st = MST_OK;
    mst_reader *rd = NULL;
    round_scan s;
    char path[4096], round[32] = "";
    uint64_t *bits = NULL;
    if (src->path == NULL) {
        mst_apply_weight_mode(g, MST_WEIGHT_MODE_RANDOM, src->seed + r);
        if (src->weight_type == 0)
            return MST_OK;
        return mst_graph_convert_weights(g, (mst_weight_type)(src->weight_type - 1),
                                         "random weights");
    }
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
    s.t.comment = "#%";
    s.t.line = weight_line;
    s.t.threads = 1;
    MST_CHECK(mst_reader_open(path, &rd));
    MST_CHECK(mst_text_parse(rd, &s.t));
    if (s.count < s.m)
        MST_FAIL(MST_EINPUT, "%s:%" PRIu64 ": %" PRIu64 " weight lines for the graph's %" PRIu64
                 " edges (one a line, by edge id)", path, s.t.lines, s.count, s.m);
    /* The type the loaders would give round r's values (loader.h); integers no type holds are
     * an error in any column, round r's first. */
    mst_weight_type t = (mst_weight_type)(src->weight_type - 1);
    for (uint64_t i = 0; s.lines != NULL && i <= s.cols && src->weight_type == 0; i++) {
        uint64_t c = i == 0 ? s.col : i - 1, *at = s.lines[c];
        if (i > 0)
            snprintf(round, sizeof round, " (round %" PRIu64 ")", c + 1);
        if (at[0] != 0 && at[1] != 0 && at[0] != UINT64_MAX)
            MST_FAIL(MST_EINPUT, "%s:%" PRIu64 ": weight above INT64_MAX, with a negative "
                     "weight on line %" PRIu64 ": no integer type holds both%s", path, at[1],
                     at[0], round);
    }
    if (src->weight_type == 0)
        t = s.lines != NULL && s.lines[s.col][0] == UINT64_MAX
                ? MST_WEIGHT_FLOAT64 : mst_integer_weight_type(s.max_pos, s.max_neg);
    MST_ALLOC(bits, g->m > 0 ? g->m : 1);
    for (uint64_t e = 0; e < g->m; e++) /* checked while scanning */
        mst_weight_value_fits(mst_number_value(&s.num[e]), t, &bits[e]);
    st = mst_graph_set_weight_bits(g, t, bits);
fail:
    mst_reader_close(rd);
    free(bits);
    free(s.num);
    free(s.lines);
    return st;
}
