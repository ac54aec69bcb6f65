/*
 * load_edgelist.c: the edge list format (.el .wel .txt .edges), as in SNAP files and GAP's
 * .el/.wel (docs/formats.md).
 *
 * Format (SNAP, https://snap.stanford.edu/data/ ; GAP benchmark suite, sbeamer/gapbs):
 *   one edge "u v" or "u v w" per line, fields separated by spaces or tabs; lines whose first
 *   non-blank character is '#' or '%', and blank lines, are comments. No header.
 * Rules:
 *   - ids are 0-based, or 1-based with --one-based (o->one_based); n is the largest id + 1
 *     unless --vertices gives it (the builder does both);
 *   - the first data line decides: with a third field the file is weighted and every data line
 *     must have exactly 3 fields; without one, every data line must have exactly 2;
 *   - weights are integers or reals (mst_parse_weight); the builder types and checks them
 *     (integers: the smallest integer type that holds them; any real: float64);
 *   - lines are arcs: u->v and v->u with the same weight become one edge (directed = 1, the
 *     builder symmetrizes), so SNAP files that save each edge twice load each edge once.
 * Two parsers give the same graph: the parallel one (text_chunks.h: a builder per thread and
 * chunk, merged in file order) for files it takes, and the sequential line loop, which reads
 * any file the parallel one gives up on and reports its first bad line.
 * One pass over the bytes (two for a file with an error), O(bytes + m).
 */
#include <string.h>

#include "builder.h"
#include "chunk_build.h"
#include "line_scan.h"
#include "loader.h"
#include "parse.h"
#include "text_chunks.h"
#include "text_loader.h"

typedef struct el_state {
    mst_builder b;
    const mst_load_options *o;
    int started;         /* the first data line was seen and the builder initialized */
    uint64_t first_line; /* its line number */
} el_state;

/* The weight of a line of a weighted file. */
static mst_status read_weight(mst_reader *r, const el_state *s, const char **pp, mst_number *w)
{
    int t = mst_parse_weight(pp, w, s->b.parse_float32);
    if (t == MST_TOK_NONE)
        return mst_reader_fail(r, "missing weight (the first edge, line %llu, has one: "
                                  "expected 'u v w')",
                               (unsigned long long)s->first_line);
    return t == MST_TOK_OK ? MST_OK : mst_text_field_fail(r, t, *pp, "weight", "a weight");
}

/* Parses one data line "u v [w]" and adds the arc (an mst_line_handler). */
static mst_status edge_line(mst_reader *r, void *state, const char *p, const char *end)
{
    el_state *s = state;
    mst_status st;
    char tok[48];
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    int t;
    if ((t = mst_parse_u64(&p, &u)) != MST_TOK_OK || (t = mst_parse_u64(&p, &v)) != MST_TOK_OK)
        /* A short line is shown the line's shape, a bad token what the field should be. */
        return mst_text_field_fail(r, t, p, "vertex id",
                                   t == MST_TOK_NONE ? "'u v [w]'" : "a vertex id");
    if (!s->started) {
        int base = s->o != NULL && s->o->one_based;
        if ((st = mst_builder_init(&s->b, r, NULL, base, !mst_at_eol(p), s->o)) != MST_OK)
            return st;
        s->started = 1;
        s->first_line = mst_reader_line(r);
    }
    if (s->b.weighted) {
        if ((st = read_weight(r, s, &p, &w)) != MST_OK)
            return st;
    } else if (!mst_at_eol(p)) {
        return mst_reader_fail(r, "unexpected weight %s (the first edge, line %llu, has none: "
                                  "expected 'u v')",
                               mst_token_text(p, tok), (unsigned long long)s->first_line);
    }
    st = mst_text_line_end(r, p, end, s->b.weighted ? "3 fields 'u v w'" : "2 fields 'u v'");
    return st != MST_OK ? st : mst_builder_add(&s->b, u, v, &w);
}

/* The data line at p (its first non-blank character; the chunk ends at end) into b. Returns
 * the line's '\n', or NULL to give up. */
static const char *fast_edge_line(mst_builder *b, const char *p, const char *end)
{
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    if (!mst_scan_id(&p, end, &u) || !mst_scan_id(&p, end, &v))
        return NULL;
    if (b->weighted && !mst_scan_weight(&p, end, &w, b->parse_float32))
        return NULL;
    p = mst_scan_blanks(p);
    return *p == '\n' && mst_builder_add_fast(b, u, v, &w) == MST_OK ? p : NULL;
}

/* Parses the lines [p, end) into chunk slot k (an mst_chunk_ops parse). */
static int fast_parse(void *ctx, int k, const char *p, const char *end)
{
    mst_builder *b = &((mst_chunk_build *)ctx)->chunk[k];
    while (p < end) {
        const char *q = mst_scan_blanks(p);
        if (*q == '\n' || *q == '#' || *q == '%') {
            p = mst_scan_next_line(q, end);
            continue;
        }
        if ((q = fast_edge_line(b, q, end)) == NULL)
            return 1;
        p = q + 1;
    }
    return 0;
}

/* Until the first data line is found: skips the comments before it and, from its fields,
 * whether the file is weighted, then starts the builders (an mst_chunk_ops block_start). */
static int fast_block_start(void *ctx, const char **begin, const char *end)
{
    mst_chunk_build *c = ctx;
    const char *p = *begin;
    while (!c->started && p < end) {
        const char *q = mst_scan_blanks(p);
        if (*q == '\n' || *q == '#' || *q == '%') {
            p = mst_scan_next_line(q, end);
            continue;
        }
        uint64_t u, v;
        if (!mst_scan_id(&q, end, &u) || !mst_scan_id(&q, end, &v))
            return 1;
        int weighted = !mst_scan_at_eol(q), base = c->o != NULL && c->o->one_based;
        if (mst_builder_init(&c->main, c->r, NULL, base, weighted, c->o) != MST_OK ||
            mst_chunk_build_start(c) != 0)
            return 1;
    }
    *begin = p;
    return 0;
}

/* The parallel parse into g; not MST_OK: leave the file to the sequential parser. */
static mst_status load_fast(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    static const mst_chunk_ops ops = {fast_block_start, fast_parse, mst_chunk_build_merge};
    mst_chunk_build c;
    memset(&c, 0, sizeof c);
    c.r = r;
    c.o = o;
    c.records = UINT64_MAX;
    return mst_chunk_build_run(&c, &ops, 1, g);
}

mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    static const mst_line_syntax syntax = {"#%", 0};
    mst_status st = MST_OK;
    el_state s;
    memset(&s, 0, sizeof s);
    memset(g, 0, sizeof *g);
    if ((o == NULL || !o->sequential_parse) && load_fast(r, o, g) == MST_OK)
        return MST_OK;
    MST_CHECK(mst_reader_rewind(r));
    s.o = o;
    MST_CHECK(mst_text_for_each_line(r, &syntax, edge_line, &s));
    if (!s.started) /* no edges at all: an empty graph (or --vertices isolated vertices) */
        MST_CHECK(mst_builder_init(&s.b, r, NULL, o != NULL && o->one_based, 0, o));
    return mst_builder_finish(&s.b, 1, g);
fail:
    mst_builder_free(&s.b);
    mst_graph_free(g);
    return st;
}
