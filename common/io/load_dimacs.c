/*
 * load_dimacs.c: DIMACS .gr (docs/formats.md): the 9th DIMACS Implementation Challenge, shortest
 * paths, "p sp" (http://www.diag.uniroma1.it/challenge9/format.shtml#graph), and PACE 2016
 * treewidth, "p tw" (https://pacechallenge.org/2016/treewidth/), as in the USA-road *.pace.gr
 * files. One pass over the bytes, O(bytes + m).
 */
#include <string.h>

#include "loader.h"

#define DIMACS_P "'p sp N M' or 'p tw N M'"

typedef enum dimacs_kind { DIMACS_NONE = 0, DIMACS_SP, DIMACS_TW } dimacs_kind;

/* A DIMACS load: the dialect, once the 'p' line is read. */
typedef struct dimacs_load {
    mst_text_load s; /* first */
    dimacs_kind kind;
} dimacs_load;

/* 1 if the token at p (no leading blanks) is exactly `word`. */
static int token_is(const char *p, const char *word)
{
    size_t k = strlen(word);
    return strncmp(p, word, k) == 0 && (mst_is_eol(p[k]) || mst_is_blank(p[k]));
}

/* "p sp N M" or "p tw N M": picks the dialect and starts the builders. */
static mst_status p_line(dimacs_load *s, mst_text_part *part, const char **pp)
{
    const char *p = *pp;
    char tok[48];
    uint64_t n, m;
    int k;
    if (s->kind != DIMACS_NONE)
        return mst_text_fail(part, MST_EINPUT, "second 'p' line (the first is line %llu)",
                             (unsigned long long)s->s.first_line);
    if (!token_is(p, "p"))
        return mst_text_fail(part, MST_EINPUT, "expected %s, found %s", DIMACS_P,
                             mst_token_text(p, tok));
    p = mst_skip_blanks(p + 1);
    if (mst_is_eol(*p))
        return mst_text_fail(part, MST_EINPUT, "expected %s, found end of line", DIMACS_P);
    if (!token_is(p, "sp") && !token_is(p, "tw"))
        return mst_text_fail(part, MST_EINPUT, "unknown problem type %s (expected 'sp' or "
                             "'tw')", mst_token_text(p, tok));
    dimacs_kind kind = token_is(p, "sp") ? DIMACS_SP : DIMACS_TW;
    p += 2;
    if ((k = mst_scan_u64(&p, 0, &n)) != MST_TOK_OK || (k = mst_scan_u64(&p, 0, &m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "count", DIMACS_P);
    mst_status st = mst_text_line_end(part, &p, DIMACS_P);
    if (st == MST_OK)
        st = mst_text_load_start(&s->s, part, 1, kind == DIMACS_SP);
    if (st != MST_OK)
        return st;
    s->kind = kind;
    s->s.first_line = part->line;
    s->s.m = m;
    *pp = p;
    if ((st = mst_builder_set_header(&s->s.main, n, m, 1)) == MST_OK)
        mst_text_load_parallel(&s->s);
    return st;
}

/* A 'p' line, or a data line: "a U V W" (sp) or "U V" (tw). */
static mst_status dimacs_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    dimacs_load *s = (dimacs_load *)t;
    const char *p = *pp, *expected = s->kind == DIMACS_SP ? "'a u v w'" : "'u v'";
    char tok[48];
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    int k;
    if (*p == 'p')
        return p_line(s, part, pp);
    if (s->kind == DIMACS_NONE)
        return mst_text_fail(part, MST_EINPUT, "data before the 'p' line: expected %s, found %s",
                             DIMACS_P, mst_token_text(p, tok));
    if (s->kind == DIMACS_SP && !token_is(p, "a"))
        return mst_text_fail(part, MST_EINPUT, "expected %s, found %s", expected,
                             mst_token_text(p, tok));
    p += s->kind == DIMACS_SP;
    if ((k = mst_scan_u64(&p, 1, &u)) != MST_TOK_OK || (k = mst_scan_u64(&p, 1, &v)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "vertex id", expected);
    if (s->kind == DIMACS_SP && (k = mst_parse_weight(&p, &w, MST_WEIGHT_INTEGER)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "weight", "'a u v w' with an integer weight w");
    return mst_text_load_add(part, pp, p, expected, u, v, &w);
}

static const char *dimacs_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                                const char *end)
{
    return mst_text_lines(t, part, p, end, dimacs_line, 0);
}

mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    dimacs_load d = {0};
    mst_status st = mst_text_load_parse(r, o, &d.s, g, dimacs_line, dimacs_lines, "c", 0);
    st = mst_text_load_check_end(&d.s, st, DIMACS_P, d.kind == DIMACS_NONE
                                     ? "no 'p' line (expected " DIMACS_P ")" : NULL,
                                 d.kind == DIMACS_SP ? "arcs" : "edges");
    return mst_text_load_finish(&d.s, st, 1, g);
}
