/* msf_io.c: writing MSF files and mapping them back to edge ids (see msf_io.h). */
#include "msf_io.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out_stream.h"
#include "parse.h"
#include "radix_sort.h"
#include "reader.h"
#include "text_loader.h"

mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    MST_CHECK(mst_sort_u64(eid, k));
    MST_CHECK(mst_out_open_as(&o, path, 0));
    mst_weight_sum total = mst_weight_total(g, eid, k);
    char tbuf[64];
    MST_CHECK(mst_out_printf(&o, "# minimum spanning forest of %s by %s: %" PRIu64 " edges, "
                             "weight %s\n", g->name ? g->name : "?", producer, k,
                             mst_format_total(total, tbuf, sizeof tbuf)));
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        char w[64];
        /* mst_format_weight, not mst_out_weight: a float weight 3 stays "3" as before. */
        size_t wlen = strlen(mst_format_weight(g->weight_type, g->key[e], w, sizeof w));
        MST_CHECK(mst_out_room(&o, MST_OUT_LINE_BYTES));
        mst_out_u64(&o, (uint64_t)g->u[e] + (uint64_t)g->index_base);
        mst_out_char(&o, ' ');
        mst_out_u64(&o, (uint64_t)g->v[e] + (uint64_t)g->index_base);
        mst_out_char(&o, ' ');
        memcpy(o.buf + o.len, w, wlen);
        o.len += wlen;
        mst_out_char(&o, '\n');
    }
    return mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    return st;
}

/* The key a parsed weight has in g's weight type, or 0 if it cannot be one of g's weights. */
static int weight_to_key(const mst_graph *g, double w, int is_real, uint32_t *key)
{
    switch (g->weight_type) {
    case MST_WEIGHT_INT32:
        if (is_real || w < (double)INT32_MIN || w > (double)INT32_MAX)
            return 0;
        *key = mst_key_from_int32((int32_t)w);
        return 1;
    case MST_WEIGHT_UINT32:
        if (is_real || w < 0 || w > (double)UINT32_MAX)
            return 0;
        *key = mst_key_from_uint32((uint32_t)w);
        return 1;
    case MST_WEIGHT_FLOAT32:
        *key = mst_key_from_float((float)w);
        return 1;
    }
    return 0;
}

/* One line "u v w" of a certificate, as written. */
typedef struct msf_line {
    uint64_t u, v;   /* in the file's numbering */
    uint32_t key;    /* the weight's key, when key_ok */
    int key_ok;      /* 0: the weight cannot be one of g's (a real for integer weights, ...) */
    char w[48];      /* the weight's token, for messages */
} msf_line;

/* What mst_msf_read keeps between lines (the state of its line handler). */
typedef struct msf_state {
    const mst_graph *g;
    mst_csr c;
    uint8_t *taken; /* [m]: edge already named by an earlier line */
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

/* Parses the line p..end into *l. Errors: MST_EINPUT naming the line if it is not "u v w". */
static mst_status parse_line(const mst_reader *r, const mst_graph *g, const char *p,
                             const char *end, msf_line *l)
{
    double w;
    int t, is_real;
    if ((t = mst_parse_u64(&p, &l->u)) != MST_TOK_OK ||
        (t = mst_parse_u64(&p, &l->v)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "vertex id", "'u v w'");
    const char *wstart = mst_skip_blanks(p);
    if ((t = mst_parse_weight(&p, &w, &is_real)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "weight", "'u v w'");
    mst_status st = mst_text_line_end(r, p, end, "'u v w'");
    if (st != MST_OK)
        return st;
    snprintf(l->w, sizeof l->w, "%.*s", (int)(p - wstart < 40 ? p - wstart : 40), wstart);
    if (g->weight_type == MST_WEIGHT_FLOAT32) /* strtof keeps the sign of "-0" */
        w = (double)strtof(wstart, NULL), is_real = 1;
    l->key_ok = weight_to_key(g, w, is_real, &l->key);
    return MST_OK;
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
        same += l->key_ok && g->key[e] == l->key;
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
    mst_format_weight(g->weight_type, g->key[first], wg, sizeof wg);
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
    for (uint64_t j = s->c.offset[a]; l->key_ok && j < s->c.offset[a + 1]; j++) {
        *e = s->c.eid[j];
        if (s->c.adj[j] == b && g->key[*e] == l->key && !s->taken[*e])
            return MST_OK;
    }
    return explain_miss(r, s, l, a, b);
}

/* Maps one certificate line to its edge id (an mst_line_handler). */
static mst_status certificate_line(mst_reader *r, void *state, const char *p, const char *end)
{
    msf_state *s = state;
    msf_line l;
    uint64_t e = 0;
    mst_status st = parse_line(r, s->g, p, end, &l);
    if (st == MST_OK)
        st = match_line(r, s, &l, &e);
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

mst_status mst_msf_read(const char *path, const mst_graph *g, uint64_t **eid_out, uint64_t *k_out)
{
    static const mst_line_syntax syntax = {"#%", 0};
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    msf_state s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.cap = 1024;
    *eid_out = NULL;
    *k_out = 0;
    MST_CHECK(mst_csr_build(g, &s.c));
    MST_CALLOC(s.taken, g->m);
    MST_ALLOC(s.eid, s.cap);
    MST_CHECK(mst_reader_open(path, &r));
    MST_CHECK(mst_text_for_each_line(r, &syntax, certificate_line, &s));
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
