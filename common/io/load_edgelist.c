/*
 * load_edgelist.c: the edge list format (.el .wel .txt .edges), as in SNAP files and GAP's
 * .el/.wel (DESIGN.md, Input formats).
 *
 * Format (SNAP, https://snap.stanford.edu/data/ ; GAP benchmark suite, sbeamer/gapbs):
 *   one edge "u v" or "u v w" per line, fields separated by spaces or tabs; lines whose first
 *   non-blank character is '#' or '%', and blank lines, are comments. No header.
 * Rules:
 *   - ids are 0-based, or 1-based with --one-based (o->one_based); n is the largest id + 1
 *     unless --vertices gives it (the builder does both);
 *   - the first data line decides: with a third field the file is weighted and every data line
 *     must have exactly 3 fields; without one, every data line must have exactly 2;
 *   - weights are integers or reals (mst_parse_weight); the builder types and checks them;
 *   - lines are arcs: u->v and v->u with the same weight become one edge (directed = 1, the
 *     builder symmetrizes), so SNAP files that save each edge twice load each edge once.
 * One pass over the bytes, O(bytes + m).
 */
#include <string.h>

#include "builder.h"
#include "loader.h"
#include "parse.h"

typedef struct el_state {
    mst_builder b;
    int started;         /* the first data line was seen and the builder initialized */
    uint64_t first_line; /* its line number */
} el_state;

/* 1 for a blank line or a '#' / '%' comment. */
static int is_comment(const char *p)
{
    p = mst_skip_blanks(p);
    return *p == '\0' || *p == '#' || *p == '%';
}

/* Records the error for token parse result t at p ("vertex id" or "weight" is `what`). */
static mst_status field_fail(mst_reader *r, int t, const char *p, const char *what)
{
    char tok[48];
    if (t == MST_TOK_NONE)
        return mst_reader_fail(r, "expected 'u v [w]', found end of line");
    if (t == MST_TOK_RANGE)
        return mst_reader_fail(r, "%s %s out of range", what, mst_token_text(p, tok));
    return mst_reader_fail(r, "expected a %s, found %s", what, mst_token_text(p, tok));
}

/* Checks that only blanks remain before the line's end (an extra field or a NUL byte fails). */
static mst_status line_end(mst_reader *r, const char *p, const char *end, const char *expected)
{
    char tok[48];
    p = mst_skip_blanks(p);
    if (*p != '\0')
        return mst_reader_fail(r, "expected %s, found extra field %s", expected,
                               mst_token_text(p, tok));
    if (p != end)
        return mst_reader_fail(r, "NUL byte in line");
    return MST_OK;
}

/* The weight of a line of a weighted file. */
static mst_status read_weight(mst_reader *r, const el_state *s, const char **pp, double *w,
                              int *is_real)
{
    int t = mst_parse_weight(pp, w, is_real);
    if (t == MST_TOK_NONE)
        return mst_reader_fail(r, "missing weight (the first edge, line %llu, has one: "
                                  "expected 'u v w')",
                               (unsigned long long)s->first_line);
    return t == MST_TOK_OK ? MST_OK : field_fail(r, t, *pp, "weight");
}

/* Parses one data line "u v [w]" and adds the arc. */
static mst_status edge_line(mst_reader *r, const mst_load_options *o, el_state *s,
                            const char *p, const char *end)
{
    mst_status st;
    char tok[48];
    uint64_t u, v;
    double w = 0;
    int t, is_real = 0;
    if ((t = mst_parse_u64(&p, &u)) != MST_TOK_OK || (t = mst_parse_u64(&p, &v)) != MST_TOK_OK)
        return field_fail(r, t, p, "vertex id");
    if (!s->started) {
        int base = o != NULL && o->one_based;
        if ((st = mst_builder_init(&s->b, r, NULL, base, !mst_at_eol(p), o)) != MST_OK)
            return st;
        s->started = 1;
        s->first_line = mst_reader_line(r);
    }
    if (s->b.weighted) {
        if ((st = read_weight(r, s, &p, &w, &is_real)) != MST_OK)
            return st;
    } else if (!mst_at_eol(p)) {
        return mst_reader_fail(r, "unexpected weight %s (the first edge, line %llu, has none: "
                                  "expected 'u v')",
                               mst_token_text(p, tok), (unsigned long long)s->first_line);
    }
    st = line_end(r, p, end, s->b.weighted ? "3 fields 'u v w'" : "2 fields 'u v'");
    return st != MST_OK ? st : mst_builder_add(&s->b, u, v, w, is_real);
}

mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    el_state s;
    char *line;
    size_t len;
    memset(&s, 0, sizeof s);
    memset(g, 0, sizeof *g);
    for (;;) {
        MST_CHECK(mst_reader_next_line(r, &line, &len));
        if (line == NULL)
            break;
        if (!is_comment(line))
            MST_CHECK(edge_line(r, o, &s, line, line + len));
    }
    if (!s.started) /* no edges at all: an empty graph (or --vertices isolated vertices) */
        MST_CHECK(mst_builder_init(&s.b, r, NULL, o != NULL && o->one_based, 0, o));
    return mst_builder_finish(&s.b, 1, g);
fail:
    mst_builder_free(&s.b);
    mst_graph_free(g);
    return st;
}
