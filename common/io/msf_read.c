/* msf_read.c: reading forest files back into edge ids, for mst-verify (see msf_io.h). */
#include "msf_io.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "reader.h"
#include "text_loader.h"

/* One line "u v w" of a certificate, as written. */
typedef struct msf_line {
    uint64_t u, v;   /* in the file's numbering */
    uint64_t bits;   /* the weight as g's type stages it (mst_weight_value_fits), when ok */
    int ok;          /* 0: the weight cannot be one of g's (a real for integer weights, ...) */
    char w[48];      /* the weight's token, for messages */
} msf_line;

/* What mst_msf_read keeps between lines (the state of its line handler). */
typedef struct msf_state {
    const mst_graph *g;
    mst_msf_format format;
    mst_msf_claims *claims;
    mst_csr c;       /* edges layout only */
    uint8_t *taken;  /* [m]: edge already named by an earlier line */
    uint64_t *eid, k, cap;
} msf_state;

/* Records "name:line: MESSAGE" for a well-formed line that no edge of the graph answers, and
 * returns MST_EVERIFY: the certificate is wrong, not unreadable. */
static mst_status MST_PRINTF(2, 3) line_invalid(const mst_reader *r, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return mst_fail(MST_EVERIFY, "%s:%llu: %s", mst_reader_name(r),
                    (unsigned long long)mst_reader_line(r), msg);
}

/* 1 if edge e of g weighs exactly what `bits` stages for g's type. */
static int same_weight(const mst_graph *g, uint64_t e, uint64_t bits)
{
    if (mst_weight_is_wide(g->weight_type))
        return g->raw[e] == bits;
    uint64_t own = 0;
    mst_weight_value_fits(mst_edge_weight(g, e), g->weight_type, &own);
    return own == bits;
}

/* The weight token at *pp of a line, as g's type holds it, into l (l->ok = 0 if it cannot be).
 * Floats are read to the graph's own precision; an integer token in a float graph through
 * strtod too, so that "-0" is -0.0, as the writer writes it. */
static int parse_weight(const mst_graph *g, const char **pp, msf_line *l)
{
    mst_number x;
    const char *start = mst_skip_blanks(*pp);
    int t = mst_parse_weight(pp, &x, g->weight_type == MST_WEIGHT_FLOAT32);
    if (t != MST_TOK_OK)
        return t;
    snprintf(l->w, sizeof l->w, "%.*s", (int)(*pp - start < 40 ? *pp - start : 40), start);
    mst_weight_value v = {MST_WEIGHT_UINT64, 0, x.mag, x.d};
    if (x.is_real || mst_weight_is_float(g->weight_type)) {
        v.type = MST_WEIGHT_FLOAT64;
        if (!x.is_real) /* a whole number in a float graph: strtod/strtof keep "-0" */
            v.d = g->weight_type == MST_WEIGHT_FLOAT32 ? (double)strtof(start, NULL)
                                                       : strtod(start, NULL);
    } else if (x.neg) {
        v.type = MST_WEIGHT_INT64;
        v.i = (int64_t)(0 - x.mag);
    }
    /* A real never names an integer weight, whatever its value. */
    l->ok = !(x.is_real && !mst_weight_is_float(g->weight_type)) &&
            mst_weight_value_fits(v, g->weight_type, &l->bits);
    return MST_TOK_OK;
}

/* Parses the line p..end into *l. Errors: MST_EINPUT naming the line if it is not "u v w". */
static mst_status parse_line(const mst_reader *r, const mst_graph *g, const char *p,
                             const char *end, msf_line *l)
{
    int t;
    if ((t = mst_parse_u64(&p, &l->u)) != MST_TOK_OK ||
        (t = mst_parse_u64(&p, &l->v)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "vertex id", "'u v w'");
    if ((t = parse_weight(g, &p, l)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "weight", "'u v w'");
    return mst_text_line_end(r, p, end, "'u v w'");
}

/*
 * Says why no free edge answers line l, whose endpoints a, b (0-based) are vertices of g: the
 * pair is no edge, or no edge of the pair has the line's weight, or every one that has it was
 * named by an earlier line. Returns MST_EVERIFY.
 */
static mst_status explain_miss(const mst_reader *r, const msf_state *s, const msf_line *l,
                               uint32_t a, uint32_t b)
{
    const mst_graph *g = s->g;
    uint64_t pair = 0, same = 0, first = 0;
    for (uint64_t j = s->c.offset[a]; j < s->c.offset[a + 1]; j++) {
        uint64_t e = s->c.eid[j];
        if (s->c.adj[j] != b)
            continue;
        if (pair++ == 0)
            first = e;
        same += l->ok && same_weight(g, e, l->bits);
    }
    unsigned long long u = l->u, v = l->v;
    if (pair == 0)
        return line_invalid(r, "%llu-%llu is not an edge of the graph", u, v);
    if (same == 1)
        return line_invalid(r, "%llu-%llu of weight %s named again: the graph has one such "
                               "edge, and an earlier line took it", u, v, l->w);
    if (same > 1)
        return line_invalid(r, "%llu-%llu of weight %s named again: the graph has %llu such "
                               "edges, and earlier lines took them all", u, v, l->w,
                            (unsigned long long)same);
    const char *hint = "(load GRAPH with the loading options of the run that wrote the file)";
    if (pair > 1)
        return line_invalid(r, "none of the %llu edges %llu-%llu of the graph weighs %s %s",
                            (unsigned long long)pair, u, v, l->w, hint);
    char wg[48];
    mst_format_edge_weight(g, first, wg, sizeof wg);
    return line_invalid(r, "%llu-%llu weighs %s in the graph, not %s %s", u, v, wg, l->w, hint);
}

/* The lowest edge id that answers line l and no earlier line took, into *e. Errors:
 * MST_EVERIFY (line_invalid) when there is none. */
static mst_status match_line(const mst_reader *r, const msf_state *s, const msf_line *l,
                             uint64_t *e)
{
    const mst_graph *g = s->g;
    uint64_t base = (uint64_t)g->index_base;
    for (int i = 0; i < 2; i++) {
        uint64_t x = i == 0 ? l->u : l->v;
        if (x < base || x - base >= g->n)
            return g->n == 0 ? line_invalid(r, "vertex %llu: the graph has no vertices",
                                            (unsigned long long)x)
                             : line_invalid(r, "vertex %llu is not a vertex of the graph "
                                               "(ids %llu..%llu)", (unsigned long long)x,
                                            (unsigned long long)base,
                                            (unsigned long long)(base + g->n - 1));
    }
    if (l->u == l->v)
        return line_invalid(r, "%llu-%llu is a self-loop, which no forest holds",
                            (unsigned long long)l->u, (unsigned long long)l->v);
    uint32_t a = (uint32_t)(l->u - base), b = (uint32_t)(l->v - base);
    if (s->c.offset[a + 1] - s->c.offset[a] > s->c.offset[b + 1] - s->c.offset[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    /* Rows list edges in increasing id: the first free match is the lowest id. */
    for (uint64_t j = s->c.offset[a]; l->ok && j < s->c.offset[a + 1]; j++) {
        *e = s->c.eid[j];
        if (s->c.adj[j] == b && !s->taken[*e] && same_weight(g, *e, l->bits))
            return MST_OK;
    }
    return explain_miss(r, s, l, a, b);
}

/* An id line "E": the edge it names, into *e. Errors: MST_EINPUT if it does not parse;
 * MST_EVERIFY for an id that is no edge or was named before. */
static mst_status id_line(const mst_reader *r, const msf_state *s, const char *p,
                          const char *end, uint64_t *e)
{
    int t = mst_parse_u64(&p, e);
    if (t != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "edge id", "an edge id");
    mst_status st = mst_text_line_end(r, p, end, "one edge id a line");
    if (st != MST_OK)
        return st;
    if (*e >= s->g->m)
        return line_invalid(r, "edge id %llu is not an edge of the graph (m = %llu)",
                            (unsigned long long)*e, (unsigned long long)s->g->m);
    if (s->taken[*e])
        return line_invalid(r, "edge id %llu named again", (unsigned long long)*e);
    return MST_OK;
}

/* Decides the layout from the first data line: one field is an id, more an edge. */
static mst_status pick_format(msf_state *s, const char *p)
{
    mst_status st = MST_OK;
    if (s->format == MST_MSF_AUTO) {
        uint64_t x;
        s->format = mst_parse_u64(&p, &x) == MST_TOK_OK && mst_at_eol(p) ? MST_MSF_IDS
                                                                         : MST_MSF_EDGES;
    }
    if (s->format == MST_MSF_EDGES && s->c.offset == NULL)
        st = mst_csr_build(s->g, &s->c);
    return st;
}

/* Maps one certificate line to its edge id (an mst_line_handler). */
static mst_status certificate_line(mst_reader *r, void *state, const char *p, const char *end)
{
    msf_state *s = state;
    uint64_t e = 0;
    mst_status st = pick_format(s, p);
    if (st == MST_OK && s->format == MST_MSF_IDS) {
        st = id_line(r, s, p, end, &e);
    } else if (st == MST_OK) {
        msf_line l;
        memset(&l, 0, sizeof l);
        st = parse_line(r, s->g, p, end, &l);
        if (st == MST_OK)
            st = match_line(r, s, &l, &e);
    }
    if (st == MST_OK && s->k == s->cap) {
        s->cap *= 2;
        st = mst_realloc((void **)&s->eid, s->cap, sizeof *s->eid);
    }
    if (st != MST_OK)
        return st;
    s->taken[e] = 1;
    s->eid[s->k++] = e;
    return MST_OK;
}

/* Reads the comments before the first data line, keeping what mst_msf_write's '#' line claims,
 * and hands the first data line to certificate_line. */
static mst_status first_lines(mst_reader *r, msf_state *s, int *more)
{
    static const char *const kind[2] = {"# minimum spanning forest of ",
                                        "# maximum spanning forest of "};
    *more = 0;
    for (;;) {
        char *line;
        size_t len;
        mst_status st = mst_reader_next_line(r, &line, &len);
        if (st != MST_OK || line == NULL)
            return st;
        const char *p = mst_skip_blanks(line);
        if (*p != '\0' && *p != '#' && *p != '%') {
            *more = 1;
            return certificate_line(r, s, p, line + len);
        }
        const char *w = NULL;
        for (const char *q = strstr(p, " edges, weight "); q != NULL;
             q = strstr(q + 1, " edges, weight "))
            w = q + strlen(" edges, weight ");
        for (int i = 0; i < 2 && s->claims->line == 0 && w != NULL; i++)
            if (strncmp(p, kind[i], strlen(kind[i])) == 0) {
                s->claims->line = mst_reader_line(r);
                s->claims->maximum = i;
                snprintf(s->claims->total, sizeof s->claims->total, "%.*s",
                         (int)strcspn(w, " \t\r"), w);
            }
    }
}

mst_status mst_msf_read(const char *path, const mst_graph *g, mst_msf_format format,
                        uint64_t **eid_out, uint64_t *k_out, mst_msf_claims *claims)
{
    static const mst_line_syntax syntax = {"#%", 0};
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    mst_msf_claims own;
    msf_state s;
    int more = 0;
    memset(&s, 0, sizeof s);
    memset(&own, 0, sizeof own);
    s.g = g;
    s.format = format;
    s.claims = claims != NULL ? claims : &own;
    memset(s.claims, 0, sizeof *s.claims);
    s.cap = 1024;
    *eid_out = NULL;
    *k_out = 0;
    MST_CALLOC(s.taken, g->m);
    MST_ALLOC(s.eid, s.cap);
    MST_CHECK(mst_reader_open(path, &r));
    MST_CHECK(first_lines(r, &s, &more));
    if (more)
        MST_CHECK(mst_text_for_each_line(r, &syntax, certificate_line, &s));
    s.claims->format = s.format == MST_MSF_AUTO ? MST_MSF_EDGES : s.format;
    *eid_out = s.eid;
    *k_out = s.k;
    s.eid = NULL;
fail:
    mst_reader_close(r);
    mst_csr_free(&s.c);
    free(s.taken);
    free(s.eid);
    return st;
}
