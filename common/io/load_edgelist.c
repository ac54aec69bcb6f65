/*
 * load_edgelist.c: edge lists (.el .wel .txt .edges), "u v [w]" a line (docs/formats.md): SNAP,
 * https://snap.stanford.edu/data/ , and the GAP benchmark suite's .el/.wel. One pass over the
 * bytes, O(bytes + m).
 */
#include "loader.h"

/* One data line "u v [w]"; the first decides whether the file is weighted. */
static inline __attribute__((always_inline)) mst_status edge_line(mst_text_parser *t,
                                                                  mst_text_part *part,
                                                                  const char **pp)
{
    mst_text_load *s = (mst_text_load *)t;
    mst_builder *b = part->data;
    const char *p = *pp;
    char tok[48];
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    mst_status st;
    int k;
    if ((k = mst_scan_u64(&p, 1, &u)) != MST_TOK_OK || (k = mst_scan_u64(&p, 1, &v)) != MST_TOK_OK)
        /* A short line is shown the line's shape, a bad token what the field should be. */
        return mst_text_field_fail(part, k, p, "vertex id",
                                   k == MST_TOK_NONE ? "'u v [w]'" : "a vertex id");
    if (!s->started) {
        s->first_line = part->line;
        st = mst_text_load_start(s, part, s->o != NULL && s->o->one_based, !mst_at_eol(p));
        if (st != MST_OK)
            return st;
        mst_text_load_parallel(s);
    }
    if (b->weighted) {
        k = mst_parse_weight(&p, &w, b->parse_float32);
        if (k == MST_TOK_NONE)
            return mst_text_fail(part, MST_EINPUT, "missing weight (the first edge, line %llu, "
                                 "has one: expected 'u v w')", (unsigned long long)s->first_line);
        if (k != MST_TOK_OK)
            return mst_text_field_fail(part, k, p, "weight", "a weight");
    } else if (!mst_at_eol(p)) {
        return mst_text_fail(part, MST_EINPUT, "unexpected weight %s (the first edge, line "
                             "%llu, has none: expected 'u v')", mst_token_text(p, tok),
                             (unsigned long long)s->first_line);
    }
    return mst_text_load_add(part, pp, p, b->weighted ? "3 fields 'u v w'" : "2 fields 'u v'", u,
                             v, &w);
}

/* The parallel parts' loop: mst_text_lines calls edge_line directly. */
static const char *edge_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                              const char *end)
{
    return mst_text_lines(t, part, p, end, edge_line, 0);
}

mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_text_load s;
    mst_status st = mst_text_load_parse(r, o, &s, g, edge_line, edge_lines, "#%", 0);
    if (st == MST_OK && !s.started) /* no edges: an empty graph (or --vertices isolated ones) */
        st = mst_text_load_start(&s, NULL, o != NULL && o->one_based, 0);
    return mst_text_load_finish(&s, st, 1, g);
}
