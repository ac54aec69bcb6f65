/*
 * load_metis.c: METIS graph files (.graph) (docs/formats.md).
 *
 * Format (G. Karypis, "METIS: A Software Package for Partitioning Unstructured Graphs, ...,
 * Version 5.1.0", 2013, section 4.1.1 "Graph data structure", figure 8):
 *   N M [FMT [NCON [EWGT_DIM]]]   header: N vertices, M undirected edges
 *   one line per vertex i = 1..N:
 *     [s] [w_1 .. w_NCON] v_1 [e_1] v_2 [e_2] ...
 *   FMT is up to 3 binary digits "abc" (e.g. 1, 10, 11, 011, 111): a = 1 the line starts with
 *   the vertex size s, b = 1 then NCON vertex weights follow (NCON defaults to 1), c = 1 each
 *   neighbour v_k (1-based) is followed by the weight e_k of that edge. EWGT_DIM is not
 *   METIS's: Chaco-style files (the Zoltan library's test graphs) give the number of weights
 *   per edge there; it must be 0 or 1 and agree with c.
 * Rules:
 *   - lines whose first non-blank character is '%' are comments, skipped anywhere; before the
 *     header blank lines are skipped too, but after it a blank line is a vertex with no
 *     neighbours (an isolated vertex), so exactly N vertex lines must follow the header;
 *   - vertex sizes and vertex weights are read and ignored (they must be integers); edge
 *     weights are integers, as the manual requires (a real is an error);
 *   - every edge appears in both endpoints' lists: the adjacency entries must number 2M, and
 *     each entry is added as an arc (directed = 1) so the builder merges the two halves;
 *   - neighbour ids are checked against N by the builder (index base 1); after the N vertex
 *     lines only blank and comment lines may remain.
 * One pass over the bytes, O(bytes + m).
 */
#include <string.h>

#include "builder.h"
#include "loader.h"
#include "parse.h"
#include "text_loader.h"

typedef struct metis_state {
    mst_builder b;
    const mst_load_options *o;
    int have_header;
    uint64_t n, m;
    uint64_t skip;     /* leading fields of a vertex line to skip: size + NCON weights */
    int edge_weights;  /* FMT c: an edge weight follows each neighbour */
    uint64_t vertex;   /* vertex lines read */
    uint64_t entries;  /* adjacency entries read */
} metis_state;

/* Parses FMT ("abc", up to 3 binary digits) at *pp into its three flags. */
static mst_status parse_fmt(mst_reader *r, const char **pp, int *size, int *vwgt, int *ewgt)
{
    char tok[48];
    const char *p = mst_skip_blanks(*pp), *q = p;
    while (*q == '0' || *q == '1')
        q++;
    if (q == p || q - p > 3 || (*q != '\0' && !mst_is_blank(*q)))
        return mst_reader_fail(r, "bad METIS FMT %s (expected up to 3 digits 0 or 1, such as "
                                  "1, 10, 11 or 011)", mst_token_text(p, tok));
    *ewgt = q[-1] == '1';
    *vwgt = q - p >= 2 && q[-2] == '1';
    *size = q - p >= 3 && q[-3] == '1';
    *pp = q;
    return MST_OK;
}

/*
 * The fifth header field of Chaco-style .graph files (as the Zoltan library's test graphs write
 * them), EWGT_DIM: the number of weights per edge. A spanning forest uses one weight per edge,
 * so it must be 0 or 1, and it must agree with FMT's edge-weight digit: METIS reads FMT and
 * ignores the field while Chaco lets the field override FMT, so a file where the two differ
 * means two different graphs.
 */
static mst_status parse_ewgt_dim(mst_reader *r, const char **pp, int ewgt)
{
    uint64_t dim;
    const char *at = *pp;
    int t = mst_parse_u64(pp, &dim);
    if (t != MST_TOK_OK)
        return mst_text_field_fail(r, t, at, "edge weight dimension",
                                   "EWGT_DIM (weights per edge, 0 or 1)");
    if (dim > 1)
        return mst_reader_fail(r, "edge weight dimension %llu is not supported (EWGT_DIM must "
                                  "be 0 or 1: a spanning forest takes one weight per edge)",
                               (unsigned long long)dim);
    if (dim != (uint64_t)ewgt)
        return mst_reader_fail(r, "EWGT_DIM is %llu but FMT has %s", (unsigned long long)dim,
                               ewgt ? "edge weights" : "no edge weights");
    return MST_OK;
}

/* The optional "FMT [NCON [EWGT_DIM]]" of the header: sets skip and edge_weights. */
static mst_status parse_fmt_ncon(mst_reader *r, metis_state *s, const char **pp)
{
    char tok[48];
    int size = 0, vwgt = 0, ewgt = 0;
    uint64_t ncon = 0;
    mst_status st;
    if (!mst_at_eol(*pp) && (st = parse_fmt(r, pp, &size, &vwgt, &ewgt)) != MST_OK)
        return st;
    if (!mst_at_eol(*pp) && mst_parse_u64(pp, &ncon) != MST_TOK_OK)
        return mst_reader_fail(r, "expected NCON (a count), found %s", mst_token_text(*pp, tok));
    if (ncon > 0 && !vwgt)
        return mst_reader_fail(r, "NCON is %llu but FMT has no vertex weights",
                               (unsigned long long)ncon);
    if (!mst_at_eol(*pp) && (st = parse_ewgt_dim(r, pp, ewgt)) != MST_OK)
        return st;
    s->skip = (uint64_t)size + (vwgt ? (ncon > 0 ? ncon : 1) : 0);
    s->edge_weights = ewgt;
    return MST_OK;
}

/* The header "N M [FMT [NCON [EWGT_DIM]]]": starts the builder with n = N. */
static mst_status header_line(mst_reader *r, metis_state *s, const char *p, const char *end)
{
    const char *expected = "header 'N M [FMT [NCON [EWGT_DIM]]]'";
    mst_status st;
    int t;
    if ((t = mst_parse_u64(&p, &s->n)) != MST_TOK_OK ||
        (t = mst_parse_u64(&p, &s->m)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "count", expected);
    if ((st = parse_fmt_ncon(r, s, &p)) != MST_OK ||
        (st = mst_text_line_end(r, p, end, expected)) != MST_OK)
        return st;
    if (s->m > UINT64_MAX / 2)
        return mst_reader_fail(r, "edge count %llu out of range", (unsigned long long)s->m);
    s->have_header = 1;
    if ((st = mst_builder_init(&s->b, r, NULL, 1, s->edge_weights, s->o)) != MST_OK)
        return st;
    return mst_builder_set_header(&s->b, s->n, 2 * s->m, 1); /* entries are arcs */
}

/* Skips the vertex size and vertex weights at the start of a vertex line. */
static mst_status skip_vertex_fields(mst_reader *r, const metis_state *s, const char **pp)
{
    char tok[48];
    int64_t x;
    for (uint64_t k = 0; k < s->skip; k++) {
        int t = mst_parse_i64(pp, &x);
        if (t != MST_TOK_OK)
            return mst_reader_fail(r, "expected %llu vertex size/weight field(s) before the "
                                      "neighbours, found %s",
                                   (unsigned long long)s->skip, mst_token_text(*pp, tok));
    }
    return MST_OK;
}

/* One neighbour entry "v [e]" of vertex x. */
static mst_status neighbour(mst_reader *r, metis_state *s, uint64_t x, const char **pp)
{
    char tok[48];
    uint64_t v;
    mst_number w = mst_number_from_i64(0);
    int t;
    if ((t = mst_parse_u64(pp, &v)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, *pp, "vertex id", "a neighbour id");
    if (s->edge_weights && (t = mst_parse_int_weight(pp, &w)) != MST_TOK_OK) {
        if (t == MST_TOK_NONE)
            return mst_reader_fail(r, "missing edge weight after neighbour %llu",
                                   (unsigned long long)v);
        return mst_reader_fail(r, "%s edge weight %s after neighbour %llu%s",
                               t == MST_TOK_RANGE ? "out of range" : "bad",
                               mst_token_text(*pp, tok), (unsigned long long)v,
                               t == MST_TOK_RANGE ? "" : " (METIS edge weights are integers)");
    }
    s->entries++;
    return mst_builder_add(&s->b, x, v, &w);
}

/* Vertex line number s->vertex + 1: skips its own fields, adds an arc per neighbour. */
static mst_status vertex_line(mst_reader *r, metis_state *s, const char *p, const char *end)
{
    uint64_t x = ++s->vertex;
    mst_status st = skip_vertex_fields(r, s, &p);
    while (st == MST_OK && !mst_at_eol(p))
        st = neighbour(r, s, x, &p);
    /* The loop stops at the line's end or at a NUL byte, which the end check refuses. */
    return st != MST_OK ? st : mst_text_line_end(r, p, end, "a neighbour id");
}

/* Dispatches a line that is not a comment: header, vertex line, or what follows the N vertex
 * lines (an mst_line_handler; blank lines come too, as they are vertices after the header). */
static mst_status one_line(mst_reader *r, void *state, const char *p, const char *end)
{
    metis_state *s = state;
    char tok[48];
    if (!s->have_header)
        return *p == '\0' ? MST_OK : header_line(r, s, p, end);
    if (s->vertex < s->n)
        return vertex_line(r, s, p, end);
    if (*p != '\0')
        return mst_reader_fail(r, "data after the %llu vertex lines: found %s",
                               (unsigned long long)s->n, mst_token_text(p, tok));
    return MST_OK;
}

/* End-of-file checks: header present, N vertex lines, 2M adjacency entries. */
static mst_status check_counts(mst_reader *r, const metis_state *s)
{
    if (mst_reader_line(r) == 0)
        return mst_fail(MST_EINPUT, "%s: empty file: expected the header "
                                    "'N M [FMT [NCON [EWGT_DIM]]]'", mst_reader_name(r));
    if (!s->have_header)
        return mst_reader_fail(r, "missing header 'N M [FMT [NCON [EWGT_DIM]]]'");
    if (s->vertex < s->n)
        return mst_reader_fail(r, "header says %llu vertices, file has %llu vertex lines",
                               (unsigned long long)s->n, (unsigned long long)s->vertex);
    if (s->entries != 2 * s->m)
        return mst_reader_fail(r, "header says %llu edges, adjacency lists hold %llu entries "
                                  "(expected %llu)",
                               (unsigned long long)s->m, (unsigned long long)s->entries,
                               (unsigned long long)(2 * s->m));
    return MST_OK;
}

mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    static const mst_line_syntax syntax = {"%", 1};
    mst_status st = MST_OK;
    metis_state s;
    memset(&s, 0, sizeof s);
    memset(g, 0, sizeof *g);
    s.o = o;
    MST_CHECK(mst_text_for_each_line(r, &syntax, one_line, &s));
    MST_CHECK(check_counts(r, &s));
    return mst_builder_finish(&s.b, 1, g);
fail:
    mst_builder_free(&s.b);
    mst_graph_free(g);
    return st;
}
