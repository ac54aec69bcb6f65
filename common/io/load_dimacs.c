/*
 * load_dimacs.c: DIMACS .gr files, in the two dialects found in the wild; the 'p' line picks one
 * (docs/formats.md).
 *
 * (a) 9th DIMACS Implementation Challenge, shortest paths
 *     (http://www.diag.uniroma1.it/challenge9/format.shtml#graph):
 *       c comment
 *       p sp N M          N vertices, M arcs
 *       a U V W           M arc lines, ids 1..N, W an integer (a real is an error)
 * (b) PACE 2016 treewidth challenge (https://pacechallenge.org/2016/treewidth/), as used by the
 *     USA-road *.pace.gr files:
 *       c comment
 *       p tw N M          N vertices, M edges
 *       U V               M edge lines, ids 1..N, unweighted
 * Rules: lines whose first non-blank character is 'c', and blank lines, are skipped anywhere;
 * exactly one 'p' line, before any data; every data line has exactly its fields; the number of
 * data lines must equal M. Ids are checked against N by the builder (index base 1). Lines are
 * arcs (directed = 1): DIMACS-9 lists both directions of a road, and the builder merges an arc
 * with its reverse of equal weight; for PACE files this is harmless.
 * Data lines are parsed in parallel chunks (text_chunks.h, chunk_build.h) after the 'p' line;
 * a file the parallel parse gives up on is read again by the sequential loop, which names its
 * first bad line. One pass over the bytes (two for a bad file), O(bytes + m).
 */
#include <string.h>

#include "builder.h"
#include "chunk_build.h"
#include "line_scan.h"
#include "loader.h"
#include "parse.h"
#include "text_loader.h"

typedef enum dimacs_kind { DIMACS_NONE = 0, DIMACS_SP, DIMACS_TW } dimacs_kind;

typedef struct dimacs_state {
    mst_builder b;
    const mst_load_options *o;
    dimacs_kind kind; /* NONE until the 'p' line */
    uint64_t p_line;  /* its line number */
    uint64_t m_header;
    uint64_t count;   /* arc/edge lines read */
} dimacs_state;

/* 1 if the token at p (no leading blanks) is exactly `word`. */
static int token_is(const char *p, const char *word)
{
    size_t k = strlen(word);
    return strncmp(p, word, k) == 0 && (p[k] == '\0' || mst_is_blank(p[k]));
}

/* What a data line of this dialect looks like, for messages. */
static const char *expected_line(const dimacs_state *s)
{
    return s->kind == DIMACS_SP ? "'a u v w'" : "'u v'";
}

/* "p sp N M" or "p tw N M": picks the dialect and starts the builder. */
static mst_status p_line(mst_reader *r, dimacs_state *s, const char *p, const char *end)
{
    const char *expected = "'p sp N M' or 'p tw N M'";
    char tok[48];
    uint64_t n, m;
    int t;
    if (s->kind != DIMACS_NONE)
        return mst_reader_fail(r, "second 'p' line (the first is line %llu)",
                               (unsigned long long)s->p_line);
    if (!token_is(p, "p"))
        return mst_reader_fail(r, "expected %s, found %s", expected, mst_token_text(p, tok));
    p = mst_skip_blanks(p + 1);
    if (*p == '\0')
        return mst_reader_fail(r, "expected %s, found end of line", expected);
    if (!token_is(p, "sp") && !token_is(p, "tw"))
        return mst_reader_fail(r, "unknown problem type %s (expected 'sp' or 'tw')",
                               mst_token_text(p, tok));
    dimacs_kind kind = token_is(p, "sp") ? DIMACS_SP : DIMACS_TW;
    p += 2;
    if ((t = mst_parse_u64(&p, &n)) != MST_TOK_OK || (t = mst_parse_u64(&p, &m)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "count", expected);
    mst_status st = mst_text_line_end(r, p, end, expected);
    if (st == MST_OK)
        st = mst_builder_init(&s->b, r, NULL, 1, kind == DIMACS_SP, s->o);
    if (st != MST_OK)
        return st;
    s->kind = kind;
    s->p_line = mst_reader_line(r);
    s->m_header = m;
    return mst_builder_set_header(&s->b, n, m, 1);
}

/* "a U V W" (sp) or "U V" (tw): adds one arc. */
static mst_status data_line(mst_reader *r, dimacs_state *s, const char *p, const char *end)
{
    const char *expected = expected_line(s);
    char tok[48];
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    int t;
    if (s->kind == DIMACS_NONE)
        return mst_reader_fail(r, "data before the 'p' line: expected 'p sp N M' or "
                                  "'p tw N M', found %s",
                               mst_token_text(p, tok));
    if (s->kind == DIMACS_SP) {
        if (!token_is(p, "a"))
            return mst_reader_fail(r, "expected %s, found %s", expected, mst_token_text(p, tok));
        p++;
    }
    if ((t = mst_parse_u64(&p, &u)) != MST_TOK_OK || (t = mst_parse_u64(&p, &v)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "vertex id", expected);
    if (s->kind == DIMACS_SP && (t = mst_parse_int_weight(&p, &w)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "weight", "'a u v w' with an integer weight w");
    mst_status st = mst_text_line_end(r, p, end, expected);
    if (st != MST_OK)
        return st;
    s->count++;
    return mst_builder_add(&s->b, u, v, &w);
}

/* Dispatches a line that is not a comment: 'p' line or data line (an mst_line_handler). */
static mst_status one_line(mst_reader *r, void *state, const char *p, const char *end)
{
    return *p == 'p' ? p_line(r, state, p, end) : data_line(r, state, p, end);
}

/* The 'p' line at p (up to its '\n'), parsed on a NUL-terminated copy, into the main builder
 * and the header count. Returns 0, or 1 to give up. */
static int fast_p_line(mst_chunk_build *c, const char *p, const char *end)
{
    char copy[256];
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = (size_t)(nl - p);
    uint64_t n, m;
    if (len >= sizeof copy || memchr(p, '\0', len) != NULL)
        return 1;
    memcpy(copy, p, len);
    copy[len] = '\0';
    const char *q = mst_skip_blanks(copy + 1);
    dimacs_kind kind = token_is(q, "sp") ? DIMACS_SP : token_is(q, "tw") ? DIMACS_TW
                                                                          : DIMACS_NONE;
    q += 2;
    if (!token_is(copy, "p") || kind == DIMACS_NONE || mst_parse_u64(&q, &n) != MST_TOK_OK ||
        mst_parse_u64(&q, &m) != MST_TOK_OK || !mst_at_eol(q))
        return 1;
    if (mst_builder_init(&c->main, c->r, NULL, 1, kind == DIMACS_SP, c->o) != MST_OK ||
        mst_builder_set_header(&c->main, n, m, 1) != MST_OK)
        return 1;
    c->records = m;
    return mst_chunk_build_start(c);
}

/* Until the 'p' line: comments and blank lines, then the 'p' line, which starts the builders
 * (an mst_chunk_ops block_start). Data before it is left to the sequential parser. */
static int fast_block_start(void *ctx, const char **begin, const char *end)
{
    mst_chunk_build *c = ctx;
    const char *p = *begin;
    while (!c->started && p < end) {
        const char *q = mst_scan_blanks(p);
        if (*q != '\n' && *q != 'c' && (*q != 'p' || fast_p_line(c, q, end) != 0))
            return 1;
        p = mst_scan_next_line(q, end);
    }
    *begin = p;
    return 0;
}

/* The data line at p (its first non-blank character; the chunk ends at end) into b: "a U V W"
 * when b is weighted (DIMACS-9), else "U V". Returns the line's '\n', or NULL to give up. */
static const char *fast_arc_line(mst_builder *b, const char *p, const char *end)
{
    uint64_t u, v;
    mst_number w = mst_number_from_i64(0);
    if (b->weighted && (p[0] != 'a' || !mst_is_blank(p[1])))
        return NULL;
    p += b->weighted;
    if (!mst_scan_id(&p, end, &u) || !mst_scan_id(&p, end, &v))
        return NULL;
    if (b->weighted && (!mst_scan_weight(&p, end, &w, 0) || w.is_real))
        return NULL;
    p = mst_scan_blanks(p);
    return *p == '\n' && mst_builder_add_fast(b, u, v, &w) == MST_OK ? p : NULL;
}

/* Parses the lines [p, end) into chunk slot k (an mst_chunk_ops parse); a second 'p' line is
 * left to the sequential parser. */
static int fast_parse(void *ctx, int k, const char *p, const char *end)
{
    mst_builder *b = &((mst_chunk_build *)ctx)->chunk[k];
    while (p < end) {
        const char *q = mst_scan_blanks(p);
        if (*q == '\n' || *q == 'c') {
            p = mst_scan_next_line(q, end);
            continue;
        }
        if ((q = fast_arc_line(b, q, end)) == NULL)
            return 1;
        p = q + 1;
    }
    return 0;
}

mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    static const mst_line_syntax syntax = {"c", 0};
    static const mst_chunk_ops ops = {fast_block_start, fast_parse, mst_chunk_build_merge};
    mst_status st = MST_OK;
    dimacs_state s;
    mst_chunk_build c;
    memset(&s, 0, sizeof s);
    memset(&c, 0, sizeof c);
    memset(g, 0, sizeof *g);
    c.r = r;
    c.o = o;
    if ((o == NULL || !o->sequential_parse) && mst_chunk_build_run(&c, &ops, 1, g) == MST_OK)
        return MST_OK;
    MST_CHECK(mst_reader_rewind(r));
    s.o = o;
    MST_CHECK(mst_text_for_each_line(r, &syntax, one_line, &s));
    if (mst_reader_line(r) == 0) {
        st = mst_fail(MST_EINPUT, "%s: empty file: expected 'p sp N M' or 'p tw N M'",
                      mst_reader_name(r));
        goto fail;
    }
    if (s.kind == DIMACS_NONE) {
        st = mst_reader_fail(r, "no 'p' line (expected 'p sp N M' or 'p tw N M')");
        goto fail;
    }
    if (s.count != s.m_header) {
        st = mst_reader_fail(r, "header says %llu %s, file has %llu",
                             (unsigned long long)s.m_header,
                             s.kind == DIMACS_SP ? "arcs" : "edges", (unsigned long long)s.count);
        goto fail;
    }
    return mst_builder_finish(&s.b, 1, g);
fail:
    mst_builder_free(&s.b);
    mst_graph_free(g);
    return st;
}
