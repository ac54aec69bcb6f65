/* msf_read.c: reading forest files back into edge ids and checking what their first line claims,
 * for mst-verify (see msf_read.h). */
#include "msf_read.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line "u v w" (or "u v", --any) of a certificate, as written. */
typedef struct msf_line {
    uint64_t u, v;   /* in the file's numbering */
    uint64_t bits;   /* the weight as g's type stages it (mst_weight_value_fits), when ok */
    int ok;          /* 0: the weight cannot be one of g's (a real for integer weights, ...) */
    int weighed;     /* 0: a "u v" line, which names no weight */
    char w[48];      /* the weight's token, for messages */
} msf_line;

/* What mst_msf_read keeps between lines (the state of its line function). */
typedef struct msf_state {
    mst_text_parser t; /* first: certificate_line gets &t */
    int data;          /* a data line was read: comments no longer claim */
    const mst_graph *g;
    mst_msf_format format;
    int pairs, maximum; /* mst_msf_read's */
    mst_msf_claims *claims;
    mst_csr c;       /* edges layout only */
    uint8_t *taken;  /* [m]: edge already named by an earlier line */
    uint64_t *eid, k, cap;
} msf_state;


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
 * strtod too, so that "-0" is -0.0, as the writer writes it. A real names an integer weight
 * only where `pairs` (other tools' lists: "3.0" is 3). */
static int parse_weight(const mst_graph *g, int pairs, const char **pp, msf_line *l)
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
    /* Else a real never names an integer weight, whatever its value. */
    l->ok = !(x.is_real && !mst_weight_is_float(g->weight_type) && !pairs) &&
            mst_weight_value_fits(v, g->weight_type, &l->bits);
    return MST_TOK_OK;
}

/* Parses the line at *pp into *l ("u v" too where `pairs`). Errors: MST_EINPUT naming the
 * line if it is not "u v w". */
static mst_status parse_line(mst_text_part *part, const mst_graph *g, int pairs,
                             const char **pp, msf_line *l)
{
    int t;
    const char *what = pairs ? "'u v' or 'u v w'" : "'u v w'";
    if ((t = mst_scan_u64(pp, 0, &l->u)) != MST_TOK_OK ||
        (t = mst_scan_u64(pp, 0, &l->v)) != MST_TOK_OK)
        return mst_text_field_fail(part, t, *pp, "vertex id", what);
    l->weighed = !(pairs && mst_at_eol(*pp));
    if (l->weighed && (t = parse_weight(g, pairs, pp, l)) != MST_TOK_OK)
        return mst_text_field_fail(part, t, *pp, "weight", what);
    return mst_text_line_end(part, pp, what);
}

/*
 * Says why no free edge answers line l, whose endpoints a, b (0-based) are vertices of g: the
 * pair is no edge, or no edge of the pair has the line's weight, or every one that has it was
 * named by an earlier line. Returns MST_EVERIFY.
 */
static mst_status explain_miss(mst_text_part *r, const msf_state *s, const msf_line *l,
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
        return mst_text_fail(r, MST_EVERIFY, "%llu-%llu is not an edge of the graph", u, v);
    if (!l->weighed)
        return mst_text_fail(r, MST_EVERIFY, "%llu-%llu named again: the graph has %llu such "
                             "edge%s, and earlier lines took %s", u, v,
                             (unsigned long long)pair, pair == 1 ? "" : "s",
                             pair == 1 ? "it" : "them all");
    if (same == 1)
        return mst_text_fail(r, MST_EVERIFY, "%llu-%llu of weight %s named again: the graph has one such "
                               "edge, and an earlier line took it", u, v, l->w);
    if (same > 1)
        return mst_text_fail(r, MST_EVERIFY, "%llu-%llu of weight %s named again: the graph has %llu such "
                               "edges, and earlier lines took them all", u, v, l->w,
                            (unsigned long long)same);
    const char *hint = "(load GRAPH with the loading options of the run that wrote the file)";
    if (pair > 1)
        return mst_text_fail(r, MST_EVERIFY, "none of the %llu edges %llu-%llu of the graph weighs %s %s",
                            (unsigned long long)pair, u, v, l->w, hint);
    char wg[48];
    mst_format_edge_weight(g, first, wg, sizeof wg);
    return mst_text_fail(r, MST_EVERIFY, "%llu-%llu weighs %s in the graph, not %s %s", u, v, wg, l->w, hint);
}

/* The edge that answers line l and no earlier line took, into *e: the lowest id of the line's
 * weight, or for a "u v" line the first in the order of s->maximum's forest (lightest or
 * heaviest, the lowest id among equals). Errors: MST_EVERIFY (the certificate is wrong, not
 * unreadable) when there is none. */
static mst_status match_line(mst_text_part *r, const msf_state *s, const msf_line *l,
                             uint64_t *e)
{
    const mst_graph *g = s->g;
    uint64_t base = (uint64_t)g->index_base;
    for (int i = 0; i < 2; i++) {
        uint64_t x = i == 0 ? l->u : l->v;
        if (x < base || x - base >= g->n)
            return g->n == 0 ? mst_text_fail(r, MST_EVERIFY, "vertex %llu: the graph has no vertices",
                                            (unsigned long long)x)
                             : mst_text_fail(r, MST_EVERIFY, "vertex %llu is not a vertex of the graph "
                                               "(ids %llu..%llu)", (unsigned long long)x,
                                            (unsigned long long)base,
                                            (unsigned long long)(base + g->n - 1));
    }
    if (l->u == l->v)
        return mst_text_fail(r, MST_EVERIFY, "%llu-%llu is a self-loop, which no forest holds",
                            (unsigned long long)l->u, (unsigned long long)l->v);
    uint32_t a = (uint32_t)(l->u - base), b = (uint32_t)(l->v - base);
    if (s->c.offset[a + 1] - s->c.offset[a] > s->c.offset[b + 1] - s->c.offset[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    /* Rows list edges in increasing id: the first free match is the lowest id, and so is the
     * first of the lightest. */
    uint64_t best = UINT64_MAX, word = 0;
    for (uint64_t j = s->c.offset[a]; (l->ok || !l->weighed) && j < s->c.offset[a + 1]; j++) {
        uint64_t f = s->c.eid[j];
        if (s->c.adj[j] != b || s->taken[f])
            continue;
        if (l->weighed) {
            if (same_weight(g, f, l->bits)) {
                *e = f;
                return MST_OK;
            }
            continue;
        }
        uint64_t x = s->maximum ? ~mst_edge_order(g, f) : mst_edge_order(g, f);
        if (best == UINT64_MAX || x < word)
            best = f, word = x;
    }
    *e = best;
    return best != UINT64_MAX ? MST_OK : explain_miss(r, s, l, a, b);
}

/* An id line "E": the edge it names, into *e. Errors: MST_EINPUT if it does not parse;
 * MST_EVERIFY for an id that is no edge or was named before. */
static mst_status id_line(mst_text_part *r, const msf_state *s, const char **pp,
                          uint64_t *e)
{
    int t = mst_scan_u64(pp, 0, e);
    if (t != MST_TOK_OK)
        return mst_text_field_fail(r, t, *pp, "edge id", "an edge id");
    mst_status st = mst_text_line_end(r, pp, "one edge id a line");
    if (st != MST_OK)
        return st;
    if (*e >= s->g->m)
        return mst_text_fail(r, MST_EVERIFY, "edge id %llu is not an edge of the graph (m = %llu)",
                            (unsigned long long)*e, (unsigned long long)s->g->m);
    if (s->taken[*e])
        return mst_text_fail(r, MST_EVERIFY, "edge id %llu named again", (unsigned long long)*e);
    return MST_OK;
}

/* Decides the layout from the first data line: one field is an id, more an edge. */
static mst_status pick_format(msf_state *s, const char *p)
{
    mst_status st = MST_OK;
    if (s->format == MST_MSF_AUTO) {
        uint64_t x;
        s->format = mst_scan_u64(&p, 0, &x) == MST_TOK_OK && mst_at_eol(p) ? MST_MSF_IDS
                                                                         : MST_MSF_EDGES;
    }
    if (s->format == MST_MSF_EDGES && s->c.offset == NULL)
        st = mst_csr_build(s->g, &s->c);
    return st;
}

/* Keeps what mst_msf_write's '#' line claims, from the comment line at p: "# minimum (or
 * maximum) spanning forest of ..., K edges, weight TOTAL ...". */
static void claim(msf_state *s, const mst_text_part *part, const char *p)
{
    static const char *const kind[2] = {"# minimum spanning forest of ",
                                        "# maximum spanning forest of "};
    static const char key[] = " edges, weight ";
    const char *eol = p, *w = NULL;
    while (!mst_is_eol(*eol))
        eol++;
    for (const char *q = p; (q = memmem(q, (size_t)(eol - q), key, sizeof key - 1)) != NULL; q++)
        w = q + sizeof key - 1;
    for (int i = 0; i < 2 && s->claims->line == 0 && w != NULL; i++)
        if (strncmp(p, kind[i], strlen(kind[i])) == 0) {
            size_t n = 0;
            while (w + n < eol && w[n] != ' ' && w[n] != '\t' && w[n] != '\r')
                n++;
            s->claims->line = part->line;
            s->claims->maximum = i;
            snprintf(s->claims->total, sizeof s->claims->total, "%.*s", (int)n, w);
        }
}

/* One line of a forest file (the text parser's line function): the comments before the first
 * data line may claim (claim()); a data line is mapped to its edge id. */
static mst_status certificate_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    msf_state *s = (msf_state *)t;
    uint64_t e = 0;
    if (mst_is_eol(**pp) || **pp == '#' || **pp == '%') {
        if (!s->data)
            claim(s, part, *pp);
        mst_text_skip_line(pp);
        return MST_OK;
    }
    s->data = 1;
    mst_status st = pick_format(s, *pp);
    if (st == MST_OK && s->format == MST_MSF_IDS) {
        st = id_line(part, s, pp, &e);
    } else if (st == MST_OK) {
        msf_line l;
        memset(&l, 0, sizeof l);
        st = parse_line(part, s->g, s->pairs, pp, &l);
        if (st == MST_OK)
            st = match_line(part, s, &l, &e);
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

mst_status mst_msf_read(const char *path, const mst_graph *g, mst_msf_format format,
                        int pairs, int maximum, uint64_t **eid_out, uint64_t *k_out,
                        mst_msf_claims *claims)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    mst_msf_claims own;
    msf_state s;
    memset(&s, 0, sizeof s);
    memset(&own, 0, sizeof own);
    s.g = g;
    s.format = format;
    s.pairs = pairs;
    s.maximum = maximum;
    s.claims = claims != NULL ? claims : &own;
    memset(s.claims, 0, sizeof *s.claims);
    s.cap = 1024;
    *eid_out = NULL;
    *k_out = 0;
    MST_CALLOC(s.taken, g->m);
    MST_ALLOC(s.eid, s.cap);
    MST_CHECK(mst_reader_open(path, &r));
    s.t.comment = ""; /* comments and blank lines come too: the claims are in a comment */
    s.t.blank_is_data = 1;
    s.t.line = certificate_line;
    s.t.threads = 1;
    MST_CHECK(mst_text_parse(r, &s.t));
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

/* 1 if the decimal integer text t (optional sign, digits) is x. */
static int integer_text_is(const char *t, mst_int128 x)
{
    int neg = *t == '-';
    t += *t == '-' || *t == '+';
    if (*t < '0' || *t > '9')
        return 0;
    unsigned __int128 mag = 0, limit = (unsigned __int128)1 << 127;
    for (; *t >= '0' && *t <= '9'; t++) {
        if (mag > limit / 10)
            return 0;
        mag = mag * 10 + (unsigned)(*t - '0');
    }
    if (*t != '\0' || mag > limit)
        return 0;
    unsigned __int128 xm = x < 0 ? (unsigned __int128)0 - (unsigned __int128)x
                                 : (unsigned __int128)x;
    return mag == xm && (neg == (x < 0) || mag == 0);
}

mst_status mst_msf_check_claims(const char *path, const mst_msf_claims *claims,
                                const mst_graph *g, const uint64_t *eid, uint64_t k,
                                int maximum)
{
    if (claims == NULL || claims->line == 0)
        return MST_OK;
    const unsigned long long line = (unsigned long long)claims->line;
    if (claims->maximum != (maximum != 0))
        return mst_fail(MST_EVERIFY, "%s:%llu: the file says it holds a %s spanning forest: "
                        "verify it %s", path, line, claims->maximum ? "maximum" : "minimum",
                        claims->maximum ? "with --maximum" : "without --maximum");
    mst_weight_sum s = mst_weight_total(g, eid, k);
    char *end = NULL;
    int same = s.is_float ? (strtod(claims->total, &end) == mst_weight_sum_double(&s) &&
                             end != claims->total && *end == '\0')
                          : integer_text_is(claims->total, s.i);
    if (!same) {
        char tbuf[64];
        return mst_fail(MST_EVERIFY, "%s:%llu: the file says weight %s, its edges weigh %s",
                        path, line, claims->total, mst_format_total(s, tbuf, sizeof tbuf));
    }
    return MST_OK;
}
