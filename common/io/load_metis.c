/*
 * load_metis.c: METIS .graph adjacency lists (docs/formats.md): Karypis, "METIS ... Version
 * 5.1.0", 2013, section 4.1.1, figure 8, and the fifth header field of Chaco's (the Zoltan
 * library's test graphs), EWGT_DIM. Read in order, O(bytes + m).
 */
#include "loader.h"

#define METIS_HEADER "'N M [FMT [NCON [EWGT_DIM]]]'"

/* A METIS load: the header's counts and layout, the vertex lines and entries read. */
typedef struct metis_load {
    mst_text_load s; /* first; s.m: the header's edges */
    uint64_t n;
    uint64_t skip;            /* leading fields of a vertex line (size + NCON weights) */
    int edge_weights;         /* FMT c */
    uint64_t vertex, entries; /* vertex lines and adjacency entries read */
} metis_load;

/* The header "N M [FMT [NCON [EWGT_DIM]]]": starts the builder with n = N; sets skip and
 * edge_weights. FMT is up to 3 binary digits "abc". EWGT_DIM, the number of weights per edge
 * of Chaco-style files (the Zoltan library's test graphs), must be 0 or 1, as a spanning forest
 * uses one weight per edge, and agree with FMT's c: METIS ignores the field while Chaco lets it
 * override FMT, so a file where the two differ means two different graphs. */
static mst_status header_line(metis_load *s, mst_text_part *part, const char **pp)
{
    const char *expected = "header " METIS_HEADER, *p, *q;
    char tok[48];
    uint64_t ncon = 0, dim;
    int size = 0, vwgt = 0, ewgt = 0, k;
    mst_status st;
    if ((k = mst_scan_u64(pp, 0, &s->n)) != MST_TOK_OK ||
        (k = mst_scan_u64(pp, 0, &s->s.m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, *pp, "count", expected);
    p = q = mst_skip_blanks(*pp);
    if (!mst_is_eol(*p)) {
        while (*q == '0' || *q == '1')
            q++;
        if (q == p || q - p > 3 || !(mst_is_eol(*q) || mst_is_blank(*q)))
            return mst_text_fail(part, MST_EINPUT, "bad METIS FMT %s (expected up to 3 digits "
                                 "0 or 1, such as 1, 10, 11 or 011)", mst_token_text(p, tok));
        ewgt = q[-1] == '1';
        vwgt = q - p >= 2 && q[-2] == '1';
        size = q - p >= 3 && q[-3] == '1';
        *pp = q;
    }
    if (!mst_at_eol(*pp) && mst_scan_u64(pp, 0, &ncon) != MST_TOK_OK)
        return mst_text_fail(part, MST_EINPUT, "expected NCON (a count), found %s",
                             mst_token_text(*pp, tok));
    if (ncon > 0 && !vwgt)
        return mst_text_fail(part, MST_EINPUT, "NCON is %llu but FMT has no vertex weights",
                             (unsigned long long)ncon);
    if (!mst_at_eol(*pp)) {
        const char *at = *pp;
        if ((k = mst_scan_u64(pp, 0, &dim)) != MST_TOK_OK)
            return mst_text_field_fail(part, k, at, "edge weight dimension",
                                       "EWGT_DIM (weights per edge, 0 or 1)");
        if (dim > 1)
            return mst_text_fail(part, MST_EINPUT, "edge weight dimension %llu is not supported "
                                 "(EWGT_DIM must be 0 or 1: a spanning forest takes one weight "
                                 "per edge)", (unsigned long long)dim);
        if (dim != (uint64_t)ewgt)
            return mst_text_fail(part, MST_EINPUT, "EWGT_DIM is %llu but FMT has %s",
                                 (unsigned long long)dim,
                                 ewgt ? "edge weights" : "no edge weights");
    }
    s->skip = (uint64_t)size + (vwgt ? (ncon > 0 ? ncon : 1) : 0);
    s->edge_weights = ewgt;
    if ((st = mst_text_line_end(part, pp, expected)) != MST_OK)
        return st;
    if (s->s.m > UINT64_MAX / 2)
        return mst_text_fail(part, MST_EINPUT, "edge count %llu out of range",
                             (unsigned long long)s->s.m);
    if ((st = mst_text_load_start(&s->s, part, 1, s->edge_weights)) != MST_OK)
        return st;
    return mst_builder_set_header(&s->s.main, s->n, 2 * s->s.m, 1); /* entries are arcs */
}

/* Vertex line number s->vertex + 1: skips its own fields, adds an arc per neighbour "v [e]". */
static mst_status vertex_line(metis_load *s, mst_text_part *part, const char **pp)
{
    char tok[48];
    mst_number x, w = mst_number_from_i64(0);
    uint64_t u = ++s->vertex, v;
    int k;
    for (uint64_t f = 0; f < s->skip; f++)
        if (mst_parse_weight(pp, &x, MST_WEIGHT_INTEGER) != MST_TOK_OK ||
            (!x.neg && x.mag > INT64_MAX))
            return mst_text_fail(part, MST_EINPUT, "expected %llu vertex size/weight field(s) "
                                 "before the neighbours, found %s", (unsigned long long)s->skip,
                                 mst_token_text(*pp, tok));
    while (!mst_at_eol(*pp)) { /* it stops at the line's end or at a NUL byte */
        if ((k = mst_scan_u64(pp, 1, &v)) != MST_TOK_OK)
            return mst_text_field_fail(part, k, *pp, "vertex id", "a neighbour id");
        if (s->edge_weights && (k = mst_parse_weight(pp, &w, MST_WEIGHT_INTEGER)) != MST_TOK_OK) {
            if (k == MST_TOK_NONE)
                return mst_text_fail(part, MST_EINPUT, "missing edge weight after neighbour "
                                     "%llu", (unsigned long long)v);
            return mst_text_fail(part, MST_EINPUT, "%s edge weight %s after neighbour %llu%s",
                                 k == MST_TOK_RANGE ? "out of range" : "bad",
                                 mst_token_text(*pp, tok), (unsigned long long)v,
                                 k == MST_TOK_RANGE ? "" : " (METIS edge weights are integers)");
        }
        s->entries++;
        mst_status st = mst_builder_add(&s->s.main, u, v, &w);
        if (st != MST_OK)
            return st;
    }
    return mst_text_line_end(part, pp, "a neighbour id");
}

/* The header, a vertex line, or what follows the N vertex lines (blank lines come too: they
 * are vertices after the header). */
static mst_status metis_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    metis_load *s = (metis_load *)t;
    char tok[48];
    if (s->s.started && s->vertex < s->n)
        return vertex_line(s, part, pp);
    if (!mst_is_eol(**pp))
        return s->s.started ? mst_text_fail(part, MST_EINPUT, "data after the %llu vertex lines: "
                                          "found %s", (unsigned long long)s->n,
                                          mst_token_text(*pp, tok))
                          : header_line(s, part, pp);
    mst_text_skip_line(pp);
    return MST_OK;
}

mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    metis_load x = {0};
    mst_status st = mst_text_load_parse(r, o, &x.s, g, metis_line, NULL, "%", 1);
    unsigned long long last = x.s.t.lines;
    st = mst_text_load_check_end(&x.s, st, "the header " METIS_HEADER,
                                 x.s.started ? NULL : "missing header " METIS_HEADER, NULL);
    if (st == MST_OK && x.vertex < x.n)
        st = mst_fail(MST_EINPUT, "%s:%llu: header says %llu vertices, file has %llu vertex "
                      "lines", x.s.name, last, (unsigned long long)x.n,
                      (unsigned long long)x.vertex);
    else if (st == MST_OK && x.entries != 2 * x.s.m)
        st = mst_fail(MST_EINPUT, "%s:%llu: header says %llu edges, adjacency lists hold %llu "
                      "entries (expected %llu)", x.s.name, last, (unsigned long long)x.s.m,
                      (unsigned long long)x.entries, (unsigned long long)(2 * x.s.m));
    return mst_text_load_finish(&x.s, st, 1, g);
}
