/*
 * load_mtx.c: Matrix Market coordinate files (.mtx), as in the SuiteSparse Matrix Collection
 * (docs/formats.md).
 *
 * Format (R. F. Boisvert, R. Pozo, K. Remington, "The Matrix Market Exchange Formats: Initial
 * Design", NISTIR 5935, 1996; https://math.nist.gov/MatrixMarket/formats.html):
 *   %%MatrixMarket matrix coordinate FIELD SYMMETRY     banner, words case-insensitive
 *   % comments
 *   ROWS COLS NNZ                                        size line
 *   I J [V]                                              NNZ entries, 1-based
 * Rules:
 *   - only 'matrix' objects in 'coordinate' format; 'array', 'complex', 'hermitian' and
 *     'skew-symmetric' are refused with a message saying so;
 *   - FIELD real/double: V is read as a real (float64, or --weight-type's type), even when it
 *     looks like an integer; integer: V must be an integer (the builder picks the smallest
 *     integer type that holds them all); pattern: no V, the graph is unweighted;
 *   - SYMMETRY general: entries are arcs (directed = 1, the builder merges A(i,j) with an equal
 *     A(j,i)); symmetric: each stored entry is one edge (directed = 0);
 *   - n = max(ROWS, COLS); I <= ROWS and J <= COLS; diagonal entries are self-loops (the builder
 *     drops and counts them); the number of entries must equal NNZ;
 *   - '%' comment lines and blank lines are skipped after the banner.
 * One pass over the bytes, O(bytes + m).
 */
#include <string.h>

#include "builder.h"
#include "loader.h"
#include "parse.h"
#include "text_loader.h"

#define MTX_BANNER "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'"

typedef enum mtx_field { MTX_REAL = 0, MTX_INTEGER, MTX_PATTERN } mtx_field;

typedef struct mtx_state {
    mst_builder b;
    int have_size;
    mtx_field field;
    int symmetric;
    uint64_t rows, cols, nnz;
    uint64_t count; /* entries read */
} mtx_state;

/* Copies the next blank-separated word at *pp, lowercased and cut to 31 chars, into buf[32] and
 * advances *pp past it; buf is "" at the end of the line. */
static const char *next_word(const char **pp, char buf[32])
{
    const char *p = mst_skip_blanks(*pp);
    size_t k = 0;
    for (; *p != '\0' && !mst_is_blank(*p); p++)
        if (k < 31)
            buf[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    buf[k] = '\0';
    *pp = p;
    return buf;
}

/* The object and format words of the banner. */
static mst_status check_kind(mst_reader *r, const char *object, const char *format)
{
    if (strcmp(object, "matrix") != 0)
        return mst_reader_fail(r, "Matrix Market object '%s' is not supported (only matrix)",
                               object);
    if (strcmp(format, "array") == 0)
        return mst_reader_fail(r, "Matrix Market 'array' format is not supported "
                                  "(only coordinate)");
    if (strcmp(format, "coordinate") != 0)
        return mst_reader_fail(r, "unknown Matrix Market format '%s' (expected coordinate)",
                               format);
    return MST_OK;
}

/* The FIELD word of the banner. */
static mst_status parse_field(mst_reader *r, const char *field, mtx_field *out)
{
    if (strcmp(field, "real") == 0 || strcmp(field, "double") == 0)
        *out = MTX_REAL;
    else if (strcmp(field, "integer") == 0)
        *out = MTX_INTEGER;
    else if (strcmp(field, "pattern") == 0)
        *out = MTX_PATTERN;
    else if (strcmp(field, "complex") == 0)
        return mst_reader_fail(r, "complex Matrix Market matrices are not supported");
    else
        return mst_reader_fail(r, "unknown Matrix Market field '%s' (expected real, double, "
                                  "integer or pattern)", field);
    return MST_OK;
}

/* The SYMMETRY word of the banner. */
static mst_status parse_symmetry(mst_reader *r, const char *symmetry, int *symmetric)
{
    *symmetric = strcmp(symmetry, "symmetric") == 0;
    if (*symmetric || strcmp(symmetry, "general") == 0)
        return MST_OK;
    if (strcmp(symmetry, "skew-symmetric") == 0 || strcmp(symmetry, "hermitian") == 0)
        return mst_reader_fail(r, "%s Matrix Market matrices are not supported "
                                  "(only general or symmetric)", symmetry);
    return mst_reader_fail(r, "unknown Matrix Market symmetry '%s' (expected general or "
                              "symmetric)", symmetry);
}

/* The banner line: sets the field and symmetry and starts the builder. */
static mst_status banner_line(mst_reader *r, const mst_load_options *o, mtx_state *s,
                              const char *p)
{
    char w[5][32];
    mst_status st;
    if (strcmp(next_word(&p, w[0]), "%%matrixmarket") != 0)
        return mst_reader_fail(r, "expected the banner %s", MTX_BANNER);
    for (int i = 1; i < 5; i++)
        if (next_word(&p, w[i])[0] == '\0')
            return mst_reader_fail(r, "incomplete banner: expected %s", MTX_BANNER);
    if (!mst_at_eol(p))
        return mst_reader_fail(r, "extra words after the banner: expected %s",
                               MTX_BANNER);
    if ((st = check_kind(r, w[1], w[2])) != MST_OK ||
        (st = parse_field(r, w[3], &s->field)) != MST_OK ||
        (st = parse_symmetry(r, w[4], &s->symmetric)) != MST_OK)
        return st;
    if ((st = mst_builder_init(&s->b, r, NULL, 1, s->field != MTX_PATTERN, o)) != MST_OK)
        return st;
    if (s->field == MTX_REAL)
        mst_builder_declare_real(&s->b);
    return MST_OK;
}

/* The size line "ROWS COLS NNZ": n = max(ROWS, COLS). */
static mst_status size_line(mst_reader *r, mtx_state *s, const char *p, const char *end)
{
    const char *expected = "size line 'ROWS COLS NNZ'";
    int t;
    if ((t = mst_parse_u64(&p, &s->rows)) != MST_TOK_OK ||
        (t = mst_parse_u64(&p, &s->cols)) != MST_TOK_OK ||
        (t = mst_parse_u64(&p, &s->nnz)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "size", expected);
    mst_status st = mst_text_line_end(r, p, end, expected);
    if (st != MST_OK)
        return st;
    s->have_size = 1;
    return mst_builder_set_header(&s->b, s->rows > s->cols ? s->rows : s->cols, s->nnz,
                                  !s->symmetric);
}

/* The value of an entry of a real or integer matrix. */
static mst_status read_value(mst_reader *r, const mtx_state *s, const char **pp, mst_number *w)
{
    char tok[48];
    int t;
    if (s->field == MTX_INTEGER) { /* a real is an error, whatever its value */
        if ((t = mst_parse_int_weight(pp, w)) == MST_TOK_BAD)
            return mst_reader_fail(r, "expected an integer value (field integer), found %s",
                                   mst_token_text(*pp, tok));
    } else {
        /* "1" in a real matrix is still a real: mst_builder_declare_real made it float64 */
        t = mst_parse_weight(pp, w, s->b.parse_float32);
    }
    return t == MST_TOK_OK ? MST_OK : mst_text_field_fail(r, t, *pp, "value", "'I J V'");
}

/* One entry "I J [V]". */
static mst_status entry_line(mst_reader *r, mtx_state *s, const char *p, const char *end)
{
    const char *expected = s->field == MTX_PATTERN ? "'I J' (pattern matrix)" : "'I J V'";
    uint64_t i, j;
    mst_number w = mst_number_from_i64(0);
    int t;
    mst_status st;
    if ((t = mst_parse_u64(&p, &i)) != MST_TOK_OK || (t = mst_parse_u64(&p, &j)) != MST_TOK_OK)
        return mst_text_field_fail(r, t, p, "index", expected);
    if (i > s->rows)
        return mst_reader_fail(r, "row index %llu out of range (the matrix has %llu rows)",
                               (unsigned long long)i, (unsigned long long)s->rows);
    if (j > s->cols)
        return mst_reader_fail(r, "column index %llu out of range (the matrix has %llu columns)",
                               (unsigned long long)j, (unsigned long long)s->cols);
    if (s->field != MTX_PATTERN && (st = read_value(r, s, &p, &w)) != MST_OK)
        return st;
    if ((st = mst_text_line_end(r, p, end, expected)) != MST_OK)
        return st;
    s->count++;
    return mst_builder_add(&s->b, i, j, &w);
}

/* The first line, which must be the banner; the loop would take its '%' for a comment. */
static mst_status read_banner(mst_reader *r, const mst_load_options *o, mtx_state *s)
{
    char *line;
    size_t len;
    mst_status st = mst_reader_next_line(r, &line, &len);
    if (st != MST_OK)
        return st;
    if (line == NULL)
        return mst_fail(MST_EINPUT, "%s: empty file: expected the banner %s",
                        mst_reader_name(r), MTX_BANNER);
    return banner_line(r, o, s, line);
}

/* Dispatches a line after the banner that is not a comment: the size line, then entries (an
 * mst_line_handler). */
static mst_status one_line(mst_reader *r, void *state, const char *p, const char *end)
{
    mtx_state *s = state;
    return s->have_size ? entry_line(r, s, p, end) : size_line(r, s, p, end);
}

mst_status mst_load_mtx(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    static const mst_line_syntax syntax = {"%", 0};
    mst_status st = MST_OK;
    mtx_state s;
    memset(&s, 0, sizeof s);
    memset(g, 0, sizeof *g);
    MST_CHECK(read_banner(r, o, &s));
    MST_CHECK(mst_text_for_each_line(r, &syntax, one_line, &s));
    if (!s.have_size) {
        st = mst_reader_fail(r, "missing size line 'ROWS COLS NNZ'");
        goto fail;
    }
    if (s.count != s.nnz) {
        st = mst_reader_fail(r, "header says %llu entries, file has %llu",
                             (unsigned long long)s.nnz, (unsigned long long)s.count);
        goto fail;
    }
    return mst_builder_finish(&s.b, !s.symmetric, g);
fail:
    mst_builder_free(&s.b);
    mst_graph_free(g);
    return st;
}
