/*
 * formats.c: the text parser (loader.h) and the text graph formats, one line function each. The
 * rules of each format are in docs/formats.md (Input formats); their sources:
 *   edge lists (.el .wel .txt .edges): SNAP, https://snap.stanford.edu/data/ , and the GAP
 *     benchmark suite's .el/.wel;
 *   DIMACS .gr: the 9th DIMACS Implementation Challenge, shortest paths, "p sp"
 *     (http://www.diag.uniroma1.it/challenge9/format.shtml#graph), and PACE 2016 treewidth,
 *     "p tw" (https://pacechallenge.org/2016/treewidth/), as in the USA-road *.pace.gr files;
 *   Matrix Market .mtx: Boisvert, Pozo, Remington, "The Matrix Market Exchange Formats: Initial
 *     Design", NISTIR 5935, 1996;
 *   METIS .graph: Karypis, "METIS ... Version 5.1.0", 2013, section 4.1.1, figure 8, and the
 *     fifth header field of Chaco's (the Zoltan library's test graphs), EWGT_DIM.
 * One pass over the bytes, O(bytes + m).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"

/* ---------------------------------------- the token scanner and the line loop */

#define BLOCK_BYTES_PER_THREAD ((size_t)16 << 20)
#define PAD 16 /* readable bytes after a block's last '\n' (mst_digits8 reads 8) */

/* Length of the digits at p. */
static size_t digits(const char *p)
{
    size_t k = 0;
    while (p[k] >= '0' && p[k] <= '9')
        k++;
    return k;
}

/* 1 if the word of k characters at p is, ignoring case, `lower` (all lowercase). */
static int word_is(const char *p, size_t k, const char *lower)
{
    size_t i = 0;
    for (; i < k && lower[i] != '\0'; i++)
        if ((p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i]) != lower[i])
            return 0;
    return i == k && lower[i] == '\0';
}

/*
 * 1 if p..end is a decimal real: [sign] (digits [. [digits]] | . digits) [(e|E) [sign] digits],
 * or [sign] inf, infinity or nan in any case. strtof alone would also take hexadecimal
 * ("0x10" = 16, "0x1p3" = 8) and "nan(...)", which no graph format writes.
 */
static int is_decimal_real(const char *p, const char *end)
{
    p += (*p == '-' || *p == '+');
    size_t k = (size_t)(end - p);
    if (word_is(p, k, "inf") || word_is(p, k, "infinity") || word_is(p, k, "nan"))
        return 1;
    size_t whole = digits(p), frac = 0;
    p += whole;
    if (*p == '.') {
        frac = digits(p + 1);
        p += 1 + frac;
    }
    if (whole + frac == 0)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p += 1 + (p[1] == '-' || p[1] == '+');
        size_t e = digits(p);
        if (e == 0)
            return 0;
        p += e;
    }
    return p == end;
}

int mst_parse_weight_slow(const char **pp, mst_number *out, int kind)
{
    const char *p = mst_skip_blanks(*pp), *end = p;
    if (mst_is_eol(*p))
        return MST_TOK_NONE;
    while (!mst_is_eol(*end) && !mst_is_blank(*end))
        end++;
    const char *q = p + (*p == '-' || *p == '+');
    if (q < end && digits(q) == (size_t)(end - q)) { /* an integer: exact */
        uint64_t x;
        int r = mst_parse_u64(&q, &x);
        if (r != MST_TOK_OK)
            return r;
        if (*p == '-' && x > (uint64_t)INT64_MAX + 1)
            return MST_TOK_RANGE;
        *out = (mst_number){0, *p == '-' && x != 0, x, 0.0};
    } else {
        if (kind == MST_WEIGHT_INTEGER || !is_decimal_real(p, end))
            return MST_TOK_BAD;
        char *stop;
        errno = 0;
        double d = kind == MST_WEIGHT_REAL32 ? (double)strtof(p, &stop) : strtod(p, &stop);
        if (stop != end)
            return MST_TOK_BAD;
        /* Beyond the type's largest value, or so small that it rounds to zero: no weight of
         * the type holds it. A subnormal result is the nearest value, as for any other real. */
        if (errno == ERANGE && (isinf(d) || d == 0))
            return MST_TOK_RANGE;
        *out = (mst_number){1, 0, 0, d};
    }
    *pp = end;
    return MST_TOK_OK;
}

const char *mst_number_text(const mst_number *x, char buf[48])
{
    if (x->is_real)
        snprintf(buf, 48, "%.17g", x->d);
    else
        snprintf(buf, 48, "%s%llu", x->neg ? "-" : "", (unsigned long long)x->mag);
    return buf;
}

const char *mst_token_text(const char *p, char buf[48])
{
    p = mst_skip_blanks(p);
    if (mst_is_eol(*p)) {
        strcpy(buf, "end of line");
        return buf;
    }
    size_t n = 0;
    buf[n++] = '\'';
    while (!mst_is_eol(*p) && !mst_is_blank(*p) && n < 32) {
        unsigned char c = (unsigned char)*p++;
        buf[n++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (!mst_is_eol(*p) && !mst_is_blank(*p)) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

mst_status mst_text_fail(mst_text_part *part, mst_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(part->msg, sizeof part->msg, fmt, ap);
    va_end(ap);
    part->at = part->line;
    part->st = code;
    return code;
}

mst_status mst_text_field_fail(mst_text_part *part, int tok, const char *p, const char *what,
                               const char *expected)
{
    char text[48];
    if (*mst_skip_blanks(p) == '\0')
        return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
    if (tok == MST_TOK_RANGE)
        return mst_text_fail(part, MST_EINPUT, "%s %s out of range", what,
                             mst_token_text(p, text));
    /* The usual pitfalls of files from elsewhere get a hint: a CSV line, a header line. */
    const char *q = mst_skip_blanks(p), *end = q;
    while (!mst_is_eol(*end) && !mst_is_blank(*end))
        end++;
    const char *comma = memchr(q, ',', (size_t)(end - q));
    return mst_text_fail(part, MST_EINPUT, "expected %s, found %s%s", expected,
                         mst_token_text(p, text),
                         comma != NULL ? " (fields are separated by blanks, not commas)" : "");
}

mst_status mst_text_line_end_fail(mst_text_part *part, const char *p, const char *expected)
{
    char text[48];
    p = mst_skip_blanks(p);
    if (*p != '\0')
        return mst_text_fail(part, MST_EINPUT, "expected %s, found extra field %s", expected,
                             mst_token_text(p, text));
    return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
}

void mst_text_line_failed(mst_text_part *part, mst_status st)
{
    if (part->st == MST_OK) /* a message of mst_fail's (memory): the thread's own */
        snprintf(part->msg, sizeof part->msg, "%s", mst_last_error());
    part->st = st;
}

/* Records the error of a part that stopped (its base set) as the thread's last error. */
static mst_status report(const char *name, const mst_text_parser *t, const mst_text_part *part)
{
    if (part->at == 0)
        return mst_fail(part->st, "%s", part->msg);
    /* A word where the first line of a file taking '#' comments should hold data: a header
     * line, most likely. */
    const char *found = strstr(part->msg, "found '");
    int header = part->base + part->at == 1 && found != NULL && strchr(t->comment, '#') &&
                 ((found[7] >= 'A' && found[7] <= 'Z') || (found[7] >= 'a' && found[7] <= 'z'));
    return mst_fail(part->st, "%s:%llu: %s%s", name, (unsigned long long)(part->base + part->at),
                    part->msg, header ? " (a header line? start it with '#' to make it a "
                                        "comment)" : "");
}

/* The start of part k of `parts` over [begin, end) (end[-1] == '\n'): the first line that
 * starts at or after its share's first byte. */
static const char *part_start(const char *begin, const char *end, int k, int parts)
{
    if (k == 0)
        return begin;
    if (k == parts)
        return end;
    const char *at = begin + (size_t)((double)(end - begin) * k / parts);
    return (const char *)memchr(at - 1, '\n', (size_t)(end - (at - 1))) + 1;
}

/* The lines [p, end) (end[-1] == '\n', PAD bytes readable after it): in order until the
 * format goes parallel, then in parts. */
static mst_status run_block(const char *name, mst_text_parser *t, const char *p,
                            const char *end)
{
    if ((p = mst_text_lines(t, &t->main, p, end, t->line, 1)) == NULL)
        return report(name, t, &t->main);
    if (p == end)
        return MST_OK;
    int parts = (size_t)(end - p) < (size_t)t->threads * 64 ? 1 : t->threads;
#pragma omp parallel for schedule(static, 1) num_threads(parts)
    for (int k = 0; k < parts; k++) {
        mst_text_part *part = &t->parts[k];
        const char *q = part_start(p, end, k, parts), *e = part_start(p, end, k + 1, parts);
        part->line = part->at = 0;
        part->st = MST_OK;
        t->part_lines(t, part, q, e);
    }
    for (int k = 0; k < parts; k++) {
        t->parts[k].base = t->main.line;
        if (t->parts[k].st != MST_OK)
            return report(name, t, &t->parts[k]);
        t->main.line += t->parts[k].line;
    }
    return t->merge(t, parts);
}

/* A mapped input, in blocks of about t->block bytes ending at a line's end; its last PAD bytes
 * or more (whole lines) go through a copy with a '\n' added if missing and PAD bytes after it
 * (a mapping's last bytes may be the end of its last page). */
static mst_status run_mapped(const char *name, mst_text_parser *t, const char *data, size_t len)
{
    const char *p = data, *end = data + len, *tail = data;
    char *copy = NULL;
    mst_status st = MST_OK;
    if (len > PAD) {
        const char *nl = memrchr(data, '\n', len - PAD);
        tail = nl != NULL ? nl + 1 : data;
    }
    while (p < tail) {
        const char *stop = (size_t)(tail - p) <= t->block ? tail : p + t->block;
        stop = (const char *)memchr(stop - 1, '\n', (size_t)(tail - (stop - 1))) + 1;
        MST_CHECK(run_block(name, t, p, stop));
        p = stop;
    }
    len = (size_t)(end - tail);
    MST_CALLOC(copy, len + 1 + PAD);
    memcpy(copy, tail, len);
    if (len > 0 && copy[len - 1] != '\n')
        copy[len++] = '\n';
    st = run_block(name, t, copy, copy + len);
fail:
    free(copy);
    return st;
}

/* A streamed input (gzip, a pipe) in blocks, the partial last line kept for the next (PAD
 * bytes of buf after a block's last '\n' are readable: the next line's, or spare). */
static mst_status run_streamed(mst_reader *r, mst_text_parser *t)
{
    mst_status st = MST_OK;
    size_t cap = t->block, fill = 0, got = 0;
    char *buf = NULL;
    MST_ALLOC(buf, cap + 1 + PAD);
    for (;;) {
        if (cap - fill < t->block / 2) { /* a long line: room for another half block */
            cap = fill + t->block;
            MST_CHECK(mst_realloc((void **)&buf, cap + 1 + PAD, 1));
        }
        MST_CHECK(mst_reader_read(r, buf + fill, cap - fill, &got));
        int last = got < cap - fill;
        fill += got;
        if (last && fill > 0 && buf[fill - 1] != '\n')
            buf[fill++] = '\n';
        char *nl = fill > 0 ? memrchr(buf, '\n', fill) : NULL;
        size_t whole = nl != NULL ? (size_t)(nl - buf) + 1 : 0;
        MST_CHECK(run_block(mst_reader_name(r), t, buf, buf + whole));
        fill -= whole;
        memmove(buf, buf + whole, fill);
        if (last)
            break;
    }
fail:
    free(buf);
    return st;
}

mst_status mst_text_parse(mst_reader *r, mst_text_parser *t)
{
    const char *data;
    size_t len;
    mst_status st;
    if (t->block == 0)
        t->block = BLOCK_BYTES_PER_THREAD * (size_t)t->threads;
    if (mst_reader_map(r, &data, &len))
        st = len > 0 ? run_mapped(mst_reader_name(r), t, data, len) : MST_OK;
    else
        st = run_streamed(r, t);
    t->lines = t->main.line;
    return st;
}

/* ---------------------------------------- the formats */

#define MTX_BANNER "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'"
#define DIMACS_P "'p sp N M' or 'p tw N M'"
#define METIS_HEADER "'N M [FMT [NCON [EWGT_DIM]]]'"

typedef enum dimacs_kind { DIMACS_NONE = 0, DIMACS_SP, DIMACS_TW } dimacs_kind;
typedef enum mtx_field { MTX_REAL = 0, MTX_INTEGER, MTX_PATTERN } mtx_field;

/* A text load: the parser, the main builder and the parts' builders, each format's header. */
typedef struct text_load {
    mst_text_parser t; /* first: the line functions get &t */
    const char *name;
    const mst_load_options *o;
    mst_builder main;
    mst_builder *b;      /* [t.threads]: the parts' builders */
    int started;         /* main is initialized */
    uint64_t first_line; /* edge lists: the first data line; DIMACS: the 'p' line */
    dimacs_kind kind;
    int have_size, symmetric;
    mtx_field field;
    uint64_t rows, cols, n, m;
    uint64_t skip;       /* METIS: leading fields of a vertex line (size + NCON weights) */
    int edge_weights;    /* METIS: FMT c */
    uint64_t vertex, entries; /* METIS: vertex lines and adjacency entries read */
} text_load;

/* Starts the main builder, on the part of the line being read. */
static mst_status start(text_load *s, mst_text_part *part, int index_base, int weighted)
{
    s->started = 1;
    return mst_builder_init(&s->main, part, s->name, index_base, weighted, s->o);
}

/* The header is read: starts the parts' builders like the main one (its header's n, Matrix
 * Market's declared reals), and the parallel parse of the lines after this one. */
static void go_parallel(text_load *s)
{
    for (int k = 0; k < s->t.threads; k++) {
        s->b[k] = s->main;
        s->b[k].part = &s->t.parts[k];
        s->b[k].u = s->b[k].v = NULL;
        s->b[k].w = NULL;
        s->b[k].cap = 0;
    }
    s->t.parallel = 1;
}

/* Appends the parts' builders to the main one in file order (the parser's merge). */
static mst_status merge_parts(mst_text_parser *t, int count)
{
    return mst_builder_merge(&((text_load *)t)->main, ((text_load *)t)->b, count);
}

/* Parses r with `line` into s (zeroed first, as is g), in parallel parts after the header
 * with `lines` (NULL: in order). */
static mst_status parse(mst_reader *r, const mst_load_options *o, text_load *s, mst_graph *g,
                        mst_text_line_fn line, mst_text_lines_fn lines, const char *comment,
                        int blank_is_data)
{
    mst_status st = MST_OK;
    memset(s, 0, sizeof *s);
    memset(g, 0, sizeof *g);
    s->name = mst_reader_name(r);
    s->o = o;
    s->t.line = line;
    s->t.part_lines = lines;
    s->t.comment = comment;
    s->t.blank_is_data = blank_is_data;
    s->t.merge = merge_parts;
    s->t.threads = lines != NULL ? mst_load_threads() : 1;
    s->t.block = o != NULL ? o->chunk_bytes : 0;
    s->t.main.data = &s->main;
    MST_CALLOC(s->t.parts, (uint64_t)s->t.threads);
    MST_CALLOC(s->b, (uint64_t)s->t.threads);
    for (int k = 0; k < s->t.threads; k++)
        s->t.parts[k].data = &s->b[k];
    st = mst_text_parse(r, &s->t);
fail:
    return st;
}

/* Finishes a load: frees what parse() allocated, then the main builder into g, or the error st
 * (g zeroed). */
static mst_status finish(text_load *s, mst_status st, int directed, mst_graph *g)
{
    for (int k = 0; s->b != NULL && k < s->t.threads; k++)
        mst_builder_free(&s->b[k]);
    free(s->b);
    free(s->t.parts);
    if (st != MST_OK)
        mst_builder_free(&s->main);
    return st != MST_OK ? st : mst_builder_finish(&s->main, directed, g);
}

/* The end of a file with a header (st: its parse's result): an empty file is an error
 * (`first`: what its first line should be), as is one whose header is missing (`missing`: the
 * message; NULL: the header was read) or whose data lines are not the header's s->m (`what` it
 * counts; NULL: checked by the format). */
static mst_status check_end(const text_load *s, mst_status st, const char *first,
                            const char *missing, const char *what)
{
    unsigned long long last = s->t.lines, records = s->main.m + s->main.self_loops;
    if (st == MST_OK && last == 0)
        return mst_fail(MST_EINPUT, "%s: empty file: expected %s", s->name, first);
    if (st == MST_OK && missing != NULL)
        return mst_fail(MST_EINPUT, "%s:%llu: %s", s->name, last, missing);
    if (st == MST_OK && what != NULL && records != s->m)
        return mst_fail(MST_EINPUT, "%s:%llu: header says %llu %s, file has %llu", s->name,
                        last, (unsigned long long)s->m, what, records);
    return st;
}

/* The end of a data line at p: only blanks may remain (*pp moves to its '\n'); then the edge
 * or arc {u, v} of weight w into the part's builder. */
static inline mst_status add_line(mst_text_part *part, const char **pp, const char *p,
                                  const char *expected, uint64_t u, uint64_t v,
                                  const mst_number *w)
{
    mst_status st = mst_text_line_end(part, &p, expected);
    *pp = p;
    return st != MST_OK ? st : mst_builder_add_fast(part->data, u, v, w);
}

/* ------------------------------------------------------------------------------ edge lists */

/* One data line "u v [w]"; the first decides whether the file is weighted. */
static inline __attribute__((always_inline)) mst_status edge_line(mst_text_parser *t,
                                                                  mst_text_part *part,
                                                                  const char **pp)
{
    text_load *s = (text_load *)t;
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
        if ((st = start(s, part, s->o != NULL && s->o->one_based, !mst_at_eol(p))) != MST_OK)
            return st;
        go_parallel(s);
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
    return add_line(part, pp, p, b->weighted ? "3 fields 'u v w'" : "2 fields 'u v'", u, v, &w);
}

/* The parallel parts' loop: mst_text_lines calls edge_line directly (the same for every
 * format read in parallel). */
static const char *edge_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                              const char *end)
{
    return mst_text_lines(t, part, p, end, edge_line, 0);
}

mst_status mst_load_edgelist(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    text_load s;
    mst_status st = parse(r, o, &s, g, edge_line, edge_lines, "#%", 0);
    if (st == MST_OK && !s.started) /* no edges: an empty graph (or --vertices isolated ones) */
        st = start(&s, NULL, o != NULL && o->one_based, 0);
    return finish(&s, st, 1, g);
}

/* ---------------------------------------------------------------------------------- DIMACS */

/* 1 if the token at p (no leading blanks) is exactly `word`. */
static int token_is(const char *p, const char *word)
{
    size_t k = strlen(word);
    return strncmp(p, word, k) == 0 && (mst_is_eol(p[k]) || mst_is_blank(p[k]));
}

/* "p sp N M" or "p tw N M": picks the dialect and starts the builders. */
static mst_status p_line(text_load *s, mst_text_part *part, const char **pp)
{
    const char *p = *pp;
    char tok[48];
    uint64_t n, m;
    int k;
    if (s->kind != DIMACS_NONE)
        return mst_text_fail(part, MST_EINPUT, "second 'p' line (the first is line %llu)",
                             (unsigned long long)s->first_line);
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
    if ((k = mst_parse_u64(&p, &n)) != MST_TOK_OK || (k = mst_parse_u64(&p, &m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "count", DIMACS_P);
    mst_status st = mst_text_line_end(part, &p, DIMACS_P);
    if (st == MST_OK)
        st = start(s, part, 1, kind == DIMACS_SP);
    if (st != MST_OK)
        return st;
    s->kind = kind;
    s->first_line = part->line;
    s->m = m;
    *pp = p;
    if ((st = mst_builder_set_header(&s->main, n, m, 1)) == MST_OK)
        go_parallel(s);
    return st;
}

/* A 'p' line, or a data line: "a U V W" (sp) or "U V" (tw). */
static mst_status dimacs_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    text_load *s = (text_load *)t;
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
    return add_line(part, pp, p, expected, u, v, &w);
}

static const char *dimacs_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                                const char *end)
{
    return mst_text_lines(t, part, p, end, dimacs_line, 0);
}

mst_status mst_load_dimacs(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    text_load s;
    mst_status st = parse(r, o, &s, g, dimacs_line, dimacs_lines, "c", 0);
    st = check_end(&s, st, DIMACS_P, s.kind == DIMACS_NONE ? "no 'p' line (expected " DIMACS_P ")"
                                                           : NULL,
                   s.kind == DIMACS_SP ? "arcs" : "edges");
    return finish(&s, st, 1, g);
}

/* ---------------------------------------------------------------------------- Matrix Market */

/* Copies the next blank-separated word at *pp, lowercased and cut to 31 chars, into buf[32] and
 * advances *pp past it; buf is "" at the end of the line. */
static const char *next_word(const char **pp, char buf[32])
{
    const char *p = mst_skip_blanks(*pp);
    size_t k = 0;
    for (; !mst_is_eol(*p) && !mst_is_blank(*p); p++)
        if (k < 31)
            buf[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    buf[k] = '\0';
    *pp = p;
    return buf;
}

/* The banner's words after "%%MatrixMarket": object, format, field, symmetry. */
static mst_status banner_words(text_load *s, mst_text_part *part, char w[5][32])
{
    if (strcmp(w[1], "matrix") != 0)
        return mst_text_fail(part, MST_EINPUT, "Matrix Market object '%s' is not supported "
                             "(only matrix)", w[1]);
    if (strcmp(w[2], "array") == 0)
        return mst_text_fail(part, MST_EINPUT, "Matrix Market 'array' format is not supported "
                             "(only coordinate)");
    if (strcmp(w[2], "coordinate") != 0)
        return mst_text_fail(part, MST_EINPUT, "unknown Matrix Market format '%s' (expected "
                             "coordinate)", w[2]);
    if (strcmp(w[3], "real") == 0 || strcmp(w[3], "double") == 0)
        s->field = MTX_REAL;
    else if (strcmp(w[3], "integer") == 0)
        s->field = MTX_INTEGER;
    else if (strcmp(w[3], "pattern") == 0)
        s->field = MTX_PATTERN;
    else if (strcmp(w[3], "complex") == 0)
        return mst_text_fail(part, MST_EINPUT, "complex Matrix Market matrices are not "
                             "supported");
    else
        return mst_text_fail(part, MST_EINPUT, "unknown Matrix Market field '%s' (expected "
                             "real, double, integer or pattern)", w[3]);
    s->symmetric = strcmp(w[4], "symmetric") == 0;
    if (s->symmetric || strcmp(w[4], "general") == 0)
        return MST_OK;
    if (strcmp(w[4], "skew-symmetric") == 0 || strcmp(w[4], "hermitian") == 0)
        return mst_text_fail(part, MST_EINPUT, "%s Matrix Market matrices are not supported "
                             "(only general or symmetric)", w[4]);
    return mst_text_fail(part, MST_EINPUT, "unknown Matrix Market symmetry '%s' (expected "
                         "general or symmetric)", w[4]);
}

/* The first line, which must be the banner: sets the field and symmetry, starts the builder;
 * from here on '%' lines are comments and blank lines are skipped. */
static mst_status banner_line(text_load *s, mst_text_part *part, const char **pp)
{
    char w[5][32];
    const char *p = *pp;
    mst_status st;
    if (strcmp(next_word(&p, w[0]), "%%matrixmarket") != 0)
        return mst_text_fail(part, MST_EINPUT, "expected the banner %s", MTX_BANNER);
    for (int i = 1; i < 5; i++)
        if (next_word(&p, w[i])[0] == '\0')
            return mst_text_fail(part, MST_EINPUT, "incomplete banner: expected %s", MTX_BANNER);
    if (!mst_at_eol(p))
        return mst_text_fail(part, MST_EINPUT, "extra words after the banner: expected %s",
                             MTX_BANNER);
    if ((st = banner_words(s, part, w)) != MST_OK ||
        (st = start(s, part, 1, s->field != MTX_PATTERN)) != MST_OK)
        return st;
    if (s->field == MTX_REAL)
        mst_builder_declare_real(&s->main);
    s->t.comment = "%";
    s->t.blank_is_data = 0;
    mst_text_skip_line(pp); /* a NUL byte ends the banner's words */
    return MST_OK;
}

/* The size line "ROWS COLS NNZ": n = max(ROWS, COLS). */
static mst_status size_line(text_load *s, mst_text_part *part, const char **pp)
{
    const char *expected = "size line 'ROWS COLS NNZ'";
    int k;
    if ((k = mst_parse_u64(pp, &s->rows)) != MST_TOK_OK ||
        (k = mst_parse_u64(pp, &s->cols)) != MST_TOK_OK ||
        (k = mst_parse_u64(pp, &s->m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, *pp, "size", expected);
    mst_status st = mst_text_line_end(part, pp, expected);
    if (st != MST_OK)
        return st;
    s->have_size = 1;
    st = mst_builder_set_header(&s->main, s->rows > s->cols ? s->rows : s->cols, s->m,
                                !s->symmetric);
    if (st == MST_OK)
        go_parallel(s);
    return st;
}

/* The banner, the size line, or an entry "I J [V]". */
static mst_status mtx_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    text_load *s = (text_load *)t;
    mst_builder *b = part->data;
    const char *p = *pp, *expected = s->field == MTX_PATTERN ? "'I J' (pattern matrix)"
                                                             : "'I J V'";
    char tok[48];
    uint64_t i, j;
    mst_number w = mst_number_from_i64(0);
    int k;
    if (!s->started)
        return banner_line(s, part, pp);
    if (!s->have_size)
        return size_line(s, part, pp);
    if ((k = mst_scan_u64(&p, 1, &i)) != MST_TOK_OK || (k = mst_scan_u64(&p, 1, &j)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "index", expected);
    if (i > s->rows)
        return mst_text_fail(part, MST_EINPUT, "row index %llu out of range (the matrix has "
                             "%llu rows)", (unsigned long long)i, (unsigned long long)s->rows);
    if (j > s->cols)
        return mst_text_fail(part, MST_EINPUT, "column index %llu out of range (the matrix has "
                             "%llu columns)", (unsigned long long)j, (unsigned long long)s->cols);
    if (s->field == MTX_INTEGER) { /* a real is an error, whatever its value */
        if ((k = mst_parse_weight(&p, &w, MST_WEIGHT_INTEGER)) == MST_TOK_BAD)
            return mst_text_fail(part, MST_EINPUT, "expected an integer value (field integer), "
                                 "found %s", mst_token_text(p, tok));
    } else if (s->field == MTX_REAL) {
        /* "1" in a real matrix is still a real: mst_builder_declare_real made it float64 */
        k = mst_parse_weight(&p, &w, b->parse_float32);
    }
    if (s->field != MTX_PATTERN && k != MST_TOK_OK)
        return mst_text_field_fail(part, k, p, "value", "'I J V'");
    return add_line(part, pp, p, expected, i, j, &w);
}

static const char *mtx_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                             const char *end)
{
    return mst_text_lines(t, part, p, end, mtx_line, 0);
}

mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    text_load s;
    /* No comment characters yet: the banner starts with '%'. */
    mst_status st = parse(r, o, &s, g, mtx_line, mtx_lines, "", 1);
    st = check_end(&s, st, "the banner " MTX_BANNER,
                   s.have_size ? NULL : "missing size line 'ROWS COLS NNZ'", "entries");
    return finish(&s, st, !s.symmetric, g);
}

/* ------------------------------------------------------------------------------------ METIS */

/* The optional "FMT [NCON [EWGT_DIM]]" of the header: sets skip and edge_weights. FMT is up
 * to 3 binary digits "abc". EWGT_DIM, the number of weights per edge of Chaco-style files
 * (the Zoltan library's test graphs), must be 0 or 1, as a spanning forest uses one weight
 * per edge, and agree with FMT's c: METIS ignores the field while Chaco lets it override FMT,
 * so a file where the two differ means two different graphs. */
static mst_status fmt_ncon(text_load *s, mst_text_part *part, const char **pp)
{
    char tok[48];
    const char *p = mst_skip_blanks(*pp), *q = p;
    uint64_t ncon = 0, dim;
    int size = 0, vwgt = 0, ewgt = 0, k;
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
    if (!mst_at_eol(*pp) && mst_parse_u64(pp, &ncon) != MST_TOK_OK)
        return mst_text_fail(part, MST_EINPUT, "expected NCON (a count), found %s",
                             mst_token_text(*pp, tok));
    if (ncon > 0 && !vwgt)
        return mst_text_fail(part, MST_EINPUT, "NCON is %llu but FMT has no vertex weights",
                             (unsigned long long)ncon);
    if (!mst_at_eol(*pp)) {
        const char *at = *pp;
        if ((k = mst_parse_u64(pp, &dim)) != MST_TOK_OK)
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
    return MST_OK;
}

/* The header "N M [FMT [NCON [EWGT_DIM]]]": starts the builder with n = N. */
static mst_status header_line(text_load *s, mst_text_part *part, const char **pp)
{
    const char *expected = "header " METIS_HEADER;
    mst_status st;
    int k;
    if ((k = mst_parse_u64(pp, &s->n)) != MST_TOK_OK ||
        (k = mst_parse_u64(pp, &s->m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, *pp, "count", expected);
    if ((st = fmt_ncon(s, part, pp)) != MST_OK ||
        (st = mst_text_line_end(part, pp, expected)) != MST_OK)
        return st;
    if (s->m > UINT64_MAX / 2)
        return mst_text_fail(part, MST_EINPUT, "edge count %llu out of range",
                             (unsigned long long)s->m);
    if ((st = start(s, part, 1, s->edge_weights)) != MST_OK)
        return st;
    return mst_builder_set_header(&s->main, s->n, 2 * s->m, 1); /* entries are arcs */
}

/* Vertex line number s->vertex + 1: skips its own fields, adds an arc per neighbour "v [e]". */
static mst_status vertex_line(text_load *s, mst_text_part *part, const char **pp)
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
        mst_status st = mst_builder_add(&s->main, u, v, &w);
        if (st != MST_OK)
            return st;
    }
    return mst_text_line_end(part, pp, "a neighbour id");
}

/* The header, a vertex line, or what follows the N vertex lines (blank lines come too: they
 * are vertices after the header). */
static mst_status metis_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    text_load *s = (text_load *)t;
    char tok[48];
    if (s->started && s->vertex < s->n)
        return vertex_line(s, part, pp);
    if (!mst_is_eol(**pp))
        return s->started ? mst_text_fail(part, MST_EINPUT, "data after the %llu vertex lines: "
                                          "found %s", (unsigned long long)s->n,
                                          mst_token_text(*pp, tok))
                          : header_line(s, part, pp);
    mst_text_skip_line(pp);
    return MST_OK;
}

mst_status mst_load_metis(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    text_load s;
    mst_status st = parse(r, o, &s, g, metis_line, NULL, "%", 1);
    unsigned long long last = s.t.lines;
    st = check_end(&s, st, "the header " METIS_HEADER,
                   s.started ? NULL : "missing header " METIS_HEADER, NULL);
    if (st == MST_OK && s.vertex < s.n)
        st = mst_fail(MST_EINPUT, "%s:%llu: header says %llu vertices, file has %llu vertex "
                      "lines", s.name, last, (unsigned long long)s.n,
                      (unsigned long long)s.vertex);
    else if (st == MST_OK && s.entries != 2 * s.m)
        st = mst_fail(MST_EINPUT, "%s:%llu: header says %llu edges, adjacency lists hold %llu "
                      "entries (expected %llu)", s.name, last, (unsigned long long)s.m,
                      (unsigned long long)s.entries, (unsigned long long)(2 * s.m));
    return finish(&s, st, 1, g);
}
