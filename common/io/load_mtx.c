/*
 * load_mtx.c: Matrix Market .mtx, coordinate matrices (docs/formats.md): Boisvert, Pozo,
 * Remington, "The Matrix Market Exchange Formats: Initial Design", NISTIR 5935, 1996. One pass
 * over the bytes, O(bytes + m).
 */
#include <string.h>

#include "loader.h"

#define MTX_BANNER "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'"

typedef enum mtx_field { MTX_REAL = 0, MTX_INTEGER, MTX_PATTERN } mtx_field;

/* A Matrix Market load: the banner's field and symmetry, the size line's counts. */
typedef struct mtx_load {
    mst_text_load s; /* first */
    int have_size, symmetric;
    mtx_field field;
    uint64_t rows, cols;
} mtx_load;

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

/* The first line, which must be the banner: sets the field and symmetry, starts the builder;
 * from here on '%' lines are comments and blank lines are skipped. */
static mst_status banner_line(mtx_load *s, mst_text_part *part, const char **pp)
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
    if (strcmp(w[1], "matrix") != 0) /* object, format, field, symmetry */
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
    if (strcmp(w[4], "skew-symmetric") == 0 || strcmp(w[4], "hermitian") == 0)
        return mst_text_fail(part, MST_EINPUT, "%s Matrix Market matrices are not supported "
                             "(only general or symmetric)", w[4]);
    if (!s->symmetric && strcmp(w[4], "general") != 0)
        return mst_text_fail(part, MST_EINPUT, "unknown Matrix Market symmetry '%s' (expected "
                             "general or symmetric)", w[4]);
    if ((st = mst_text_load_start(&s->s, part, 1, s->field != MTX_PATTERN)) != MST_OK)
        return st;
    if (s->field == MTX_REAL)
        mst_builder_declare_real(&s->s.main);
    s->s.t.comment = "%";
    s->s.t.blank_is_data = 0;
    mst_text_skip_line(pp); /* a NUL byte ends the banner's words */
    return MST_OK;
}

/* The size line "ROWS COLS NNZ": n = max(ROWS, COLS). */
static mst_status size_line(mtx_load *s, mst_text_part *part, const char **pp)
{
    const char *expected = "size line 'ROWS COLS NNZ'";
    int k;
    if ((k = mst_scan_u64(pp, 0, &s->rows)) != MST_TOK_OK ||
        (k = mst_scan_u64(pp, 0, &s->cols)) != MST_TOK_OK ||
        (k = mst_scan_u64(pp, 0, &s->s.m)) != MST_TOK_OK)
        return mst_text_field_fail(part, k, *pp, "size", expected);
    mst_status st = mst_text_line_end(part, pp, expected);
    if (st != MST_OK)
        return st;
    s->have_size = 1;
    st = mst_builder_set_header(&s->s.main, s->rows > s->cols ? s->rows : s->cols, s->s.m,
                                !s->symmetric);
    if (st == MST_OK)
        mst_text_load_parallel(&s->s);
    return st;
}

/* The banner, the size line, or an entry "I J [V]". */
static mst_status mtx_line(mst_text_parser *t, mst_text_part *part, const char **pp)
{
    mtx_load *s = (mtx_load *)t;
    mst_builder *b = part->data;
    const char *p = *pp, *expected = s->field == MTX_PATTERN ? "'I J' (pattern matrix)"
                                                             : "'I J V'";
    char tok[48];
    uint64_t i, j;
    mst_number w = mst_number_from_i64(0);
    int k;
    if (!s->s.started)
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
    return mst_text_load_add(part, pp, p, expected, i, j, &w);
}

static const char *mtx_lines(mst_text_parser *t, mst_text_part *part, const char *p,
                             const char *end)
{
    return mst_text_lines(t, part, p, end, mtx_line, 0);
}

mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mtx_load x = {0};
    /* No comment characters yet: the banner starts with '%'. */
    mst_status st = mst_text_load_parse(r, o, &x.s, g, mtx_line, mtx_lines, "", 1);
    st = mst_text_load_check_end(&x.s, st, "the banner " MTX_BANNER,
                                 x.have_size ? NULL : "missing size line 'ROWS COLS NNZ'",
                                 "entries");
    return mst_text_load_finish(&x.s, st, !x.symmetric, g);
}
