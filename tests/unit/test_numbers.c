/*
 * test_numbers.c: how every text loader reads the numbers of a file (docs/formats.md, Numbers),
 * the Chaco/Zoltan five-field METIS header, and data after the end of a gzip stream.
 *
 * Each weight token goes through the same one-edge file of every text format: the formats
 * whose weights may be real (edge list, Matrix Market 'real') and those whose weights are
 * integers (DIMACS 'p sp', METIS, Matrix Market 'integer'). A token loads to the same key in
 * every format that takes it, or fails with MST_EINPUT naming the file, the line and the token:
 * hexadecimal, a real that rounds to zero or to infinity in its type (float64, or float32 with
 * --weight-type float32), an integer outside [INT64_MIN, UINT64_MAX], and a real where the
 * format holds integers are errors; subnormal values are kept exactly.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core.h"
#include "loader.h"
#include "testlib.h"
#include "tmpdir.h"

TestSuite(numbers_gzip, .init = tmp_dir_make, .fini = tmp_dir_remove);

typedef mst_status (*loader_fn)(mst_reader *, const mst_load_options *, mst_graph *);

/* One text format: its loader, a file name, a one-edge file with the weight token %s (twice in
 * METIS, once per endpoint), the line of that token, and whether it takes real weights. */
typedef struct text_format {
    loader_fn load;
    const char *name;
    const char *text;
    int line;
    int reals;
} text_format;

#define MM "%%%%MatrixMarket matrix coordinate "

static const text_format FORMATS[] = {
    {mst_load_edgelist, "t.wel", "0 1 %s\n", 1, 1},
    {mst_load_mtx, "t.mtx", MM "real general\n2 2 1\n1 2 %s\n", 3, 1},
    {mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 %s\n", 2, 0},
    {mst_load_metis, "t.graph", "2 1 1\n2 %s\n1 %s\n", 2, 0},
    {mst_load_mtx, "t.mtx", MM "integer general\n2 2 1\n1 2 %s\n", 3, 0},
};
#define NFORMATS (sizeof FORMATS / sizeof FORMATS[0])

/* --weight-type of the loads of a test: 0 auto, else 1 + the type (each test is a process). */
static int weight_type;

/* Loads format f's file with weight token w; the status, and the graph in *g when MST_OK. */
static mst_status load_weight(const text_format *f, const char *w, mst_graph *g)
{
    char text[256];
    mst_load_options o = mst_load_options_default();
    o.weight_type = weight_type;
    mst_reader *r = NULL;
    snprintf(text, sizeof text, f->text, w, w);
    cr_assert(eq(int, mst_reader_from_memory(f->name, text, strlen(text), &r), MST_OK));
    mst_status st = f->load(r, &o, g);
    mst_reader_close(r);
    return st;
}

/* The load must fail with MST_EINPUT and a message holding "NAME:LINE:" and `words`, and the
 * token too if `quoted`. */
static void expect_failure(const text_format *f, const char *w, const char *words, int quoted)
{
    mst_graph g;
    char where[32];
    mst_status st = load_weight(f, w, &g);
    const char *msg = mst_last_error();
    cr_assert(eq(int, st, MST_EINPUT), "%s, weight '%s': got %d (%s)", f->name, w, (int)st,
              st == MST_OK ? "loaded" : msg);
    snprintf(where, sizeof where, "%s:%d:", f->name, f->line);
    cr_assert(strstr(msg, where) != NULL, "%s: message \"%s\" lacks \"%s\"", w, msg, where);
    if (quoted)
        cr_assert(strstr(msg, w) != NULL, "message \"%s\" does not quote '%s'", msg, w);
    cr_assert(strstr(msg, words) != NULL, "%s: message \"%s\" lacks \"%s\"", w, msg, words);
}

/* As expect_failure, and the message quotes the token. */
static void expect_error(const text_format *f, const char *w, const char *words)
{
    expect_failure(f, w, words, 1);
}

/* The load must succeed with one edge 0-1 of float64 weight `d` (the same bits: -0.0 is not
 * 0.0). */
static void expect_double(const text_format *f, const char *w, double d)
{
    mst_graph g;
    mst_status st = load_weight(f, w, &g);
    cr_assert(eq(int, st, MST_OK), "%s, weight '%s': %s", f->name, w, mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64), "%s, weight '%s'", f->name, w);
    double got = mst_edge_weight_double(&g, 0);
    cr_assert(memcmp(&got, &d, sizeof d) == 0, "%s, weight '%s': %.17g, expected %.17g",
              f->name, w, got, d);
    mst_graph_free(&g);
}

/* The load must succeed with one edge 0-1 of key `key`. */
static void expect_key(const text_format *f, const char *w, uint32_t key)
{
    mst_graph g;
    mst_status st = load_weight(f, w, &g);
    cr_assert(eq(int, st, MST_OK), "%s, weight '%s': %s", f->name, w, mst_last_error());
    cr_assert(eq(u64, g.m, 1), "%s, weight '%s'", f->name, w);
    cr_assert(eq(u32, g.key[0], key), "%s, weight '%s': key %08x, expected %08x", f->name, w,
              g.key[0], key);
    mst_graph_free(&g);
}

Test(numbers, hexadecimal_is_an_error_everywhere)
{
    static const char *const tokens[] = {"0x10", "0X1A", "0x1p3", "-0x10", "0x.8p1"};
    for (size_t f = 0; f < NFORMATS; f++)
        for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
            expect_error(&FORMATS[f], tokens[i], "");
}

Test(numbers, other_non_decimal_syntax_is_an_error)
{
    static const char *const tokens[] = {"1e", "1.5.2", "e5", "--1", "1e+", "nan(1)", "+-2"};
    for (size_t f = 0; f < NFORMATS; f++)
        for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
            expect_error(&FORMATS[f], tokens[i], "");
}

Test(numbers, real_underflow_to_zero_is_an_error)
{
    static const char *const tokens[] = {"1e-400", "-1e-400", "2e-324"};
    for (size_t f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
            expect_error(&FORMATS[f], tokens[i], "out of range");
}

Test(numbers, float32_underflow_to_zero_is_an_error)
{
    static const char *const tokens[] = {"1e-50", "-1e-50", "1e-400", "7e-46"};
    weight_type = 1 + MST_WEIGHT_FLOAT32;
    for (size_t f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
            expect_error(&FORMATS[f], tokens[i], "out of range");
}

Test(numbers, real_overflow_is_an_error)
{
    for (size_t f = 0; f < 2; f++) {
        expect_error(&FORMATS[f], "1e999", "out of range");
        expect_error(&FORMATS[f], "-1.8e308", "out of range");
    }
    weight_type = 1 + MST_WEIGHT_FLOAT32;
    for (size_t f = 0; f < 2; f++) {
        expect_error(&FORMATS[f], "1e999", "out of range");
        expect_error(&FORMATS[f], "-3.5e38", "out of range");
    }
}

Test(numbers, float64_subnormals_zeros_and_close_values_are_exact)
{
    for (size_t f = 0; f < 2; f++) {
        expect_double(&FORMATS[f], "1e-310", 1e-310);
        expect_double(&FORMATS[f], "4.9e-324", 4.9e-324); /* smallest double */
        expect_double(&FORMATS[f], "-0.0", -0.0);
        expect_double(&FORMATS[f], "0e-500", 0.0);
        expect_double(&FORMATS[f], "1.00000001", 1.00000001);
        expect_double(&FORMATS[f], "1.7976931348623157e308", 1.7976931348623157e308);
    }
}

Test(numbers, subnormals_and_zeros_are_exact)
{
    weight_type = 1 + MST_WEIGHT_FLOAT32;
    for (size_t f = 0; f < 2; f++) {
        expect_key(&FORMATS[f], "1e-40", mst_key_from_float(1e-40f));
        expect_key(&FORMATS[f], "1.4e-45", mst_key_from_float(1.4e-45f)); /* smallest float */
        expect_key(&FORMATS[f], "-2.5e-42", mst_key_from_float(-2.5e-42f));
        expect_key(&FORMATS[f], "0e-50", mst_key_from_float(0.0f));
        expect_key(&FORMATS[f], "-0.0", mst_key_from_float(-0.0f));
        expect_key(&FORMATS[f], ".5", mst_key_from_float(0.5f));
        expect_key(&FORMATS[f], "+2.", mst_key_from_float(2.0f));
        expect_key(&FORMATS[f], "3.4028235e38", mst_key_from_float(3.4028235e38f));
    }
}

Test(numbers, reals_are_errors_where_the_format_holds_integers)
{
    static const char *const tokens[] = {"1.5", "2.0", "1e3", "-0.5", "1e-50"};
    for (size_t f = 2; f < NFORMATS; f++)
        for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
            expect_error(&FORMATS[f], tokens[i], "integer");
}

Test(numbers, integers_are_exact_everywhere)
{
    for (size_t f = 0; f < NFORMATS; f++) {
        if (FORMATS[f].reals && FORMATS[f].load == mst_load_mtx) {
            expect_double(&FORMATS[f], "7", 7.0); /* a real matrix is float64 throughout */
            expect_double(&FORMATS[f], "+7", 7.0);
            continue;
        }
        expect_key(&FORMATS[f], "7", mst_key_from_int32(7));
        expect_key(&FORMATS[f], "+7", mst_key_from_int32(7));
        expect_key(&FORMATS[f], "007", mst_key_from_int32(7));
        expect_key(&FORMATS[f], "-2147483648", mst_key_from_int32(INT32_MIN));
        expect_key(&FORMATS[f], "4294967295", UINT32_MAX);
    }
}

/* 64-bit integers load exactly, as int64 or uint64, in every format that holds integers. */
Test(numbers, wide_integers_are_exact_everywhere)
{
    static const struct {
        const char *token;
        mst_weight_type type;
        int64_t i;
        uint64_t u;
    } cases[] = {
        {"-9223372036854775808", MST_WEIGHT_INT64, INT64_MIN, 0},
        {"9223372036854775807", MST_WEIGHT_INT64, INT64_MAX, 0},
        {"-2147483649", MST_WEIGHT_INT64, -2147483649LL, 0},
        {"4294967296", MST_WEIGHT_INT64, 4294967296LL, 0},
        {"9223372036854775808", MST_WEIGHT_UINT64, 0, 9223372036854775808ull},
        {"18446744073709551615", MST_WEIGHT_UINT64, 0, UINT64_MAX},
    };
    for (size_t f = 0; f < NFORMATS; f++) {
        if (FORMATS[f].reals && FORMATS[f].load == mst_load_mtx)
            continue;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            mst_graph g;
            mst_status st = load_weight(&FORMATS[f], cases[i].token, &g);
            cr_assert(eq(int, st, MST_OK), "%s '%s': %s", FORMATS[f].name, cases[i].token,
                      mst_last_error());
            mst_weight_value w = mst_edge_weight(&g, 0);
            cr_assert(eq(int, g.weight_type, cases[i].type), "%s '%s'", FORMATS[f].name,
                      cases[i].token);
            if (cases[i].type == MST_WEIGHT_INT64)
                cr_assert(eq(i64, w.i, cases[i].i), "%s '%s'", FORMATS[f].name, cases[i].token);
            else
                cr_assert(eq(u64, w.u, cases[i].u), "%s '%s'", FORMATS[f].name, cases[i].token);
            mst_graph_free(&g);
        }
        expect_error(&FORMATS[f], "18446744073709551616", "out of range");
        expect_error(&FORMATS[f], "-9223372036854775809", "out of range");
    }
}

Test(numbers, non_finite_words_are_errors)
{
    for (size_t f = 0; f < 2; f++) {
        expect_failure(&FORMATS[f], "inf", "infinite", 0);
        expect_failure(&FORMATS[f], "-Infinity", "infinite", 0);
        expect_failure(&FORMATS[f], "NaN", "NaN", 0);
    }
}

Test(numbers, vertex_ids_and_counts_are_decimal)
{
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    mst_reader *r = NULL;
    static const char *const texts[] = {"0x1 2 3\n", "0 1e1 3\n", "0 1.0 3\n"};
    for (size_t i = 0; i < 3; i++) {
        cr_assert(eq(int, mst_reader_from_memory("t.el", texts[i], strlen(texts[i]), &r), MST_OK));
        cr_assert(eq(int, mst_load_edgelist(r, &o, &g), MST_EINPUT), "%s", texts[i]);
        mst_reader_close(r);
    }
    const char *gr = "p sp 0x2 1\na 1 2 3\n";
    cr_assert(eq(int, mst_reader_from_memory("t.gr", gr, strlen(gr), &r), MST_OK));
    cr_assert(eq(int, mst_load_dimacs(r, &o, &g), MST_EINPUT));
    mst_reader_close(r);
}

/* ---------------------------------------------------------------- METIS five-field headers */

static mst_status load_metis_text(const char *text, mst_graph *g)
{
    mst_load_options o = mst_load_options_default();
    mst_reader *r = NULL;
    cr_assert(eq(int, mst_reader_from_memory("t.graph", text, strlen(text), &r), MST_OK));
    mst_status st = mst_load_metis(r, &o, g);
    mst_reader_close(r);
    return st;
}

Test(metis_header, chaco_five_fields_load)
{
    mst_graph g;
    /* n m fmt ncon ewgt_dim: edge weights, no vertex weights */
    cr_assert(eq(int, load_metis_text("3 2 1 0 1\n2 5\n1 5 3 7\n2 7\n", &g), MST_OK), "%s",
              mst_last_error());
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(int, g.file_has_weights, 1));
    cr_assert(eq(u32, g.key[0], mst_key_from_int32(5)));
    cr_assert(eq(u32, g.key[1], mst_key_from_int32(7)));
    mst_graph_free(&g);
    /* vertex weights and edge weights */
    cr_assert(eq(int, load_metis_text("2 1 011 1 1\n4 2 6\n4 1 6\n", &g), MST_OK), "%s",
              mst_last_error());
    cr_assert(eq(u32, g.key[0], mst_key_from_int32(6)));
    mst_graph_free(&g);
    /* unweighted, every dimension given as 0; Chaco's leading vertex numbers (FMT 100) */
    cr_assert(eq(int, load_metis_text("3 2 0 0 0\n2\n1 3\n2\n", &g), MST_OK), "%s",
              mst_last_error());
    cr_assert(eq(int, g.file_has_weights, 0));
    mst_graph_free(&g);
    cr_assert(eq(int, load_metis_text("2 1 100 0 0\n1 2\n2 1\n", &g), MST_OK), "%s",
              mst_last_error());
    cr_assert(eq(u64, g.m, 1));
    mst_graph_free(&g);
}

/* The METIS text must fail with MST_EINPUT and a message holding `where` and `words`. */
static void metis_fails(const char *text, const char *where, const char *words)
{
    mst_graph g;
    cr_assert(eq(int, load_metis_text(text, &g), MST_EINPUT), "%s", text);
    const char *msg = mst_last_error();
    cr_assert(strstr(msg, where) != NULL, "message \"%s\" lacks \"%s\"", msg, where);
    cr_assert(strstr(msg, words) != NULL, "message \"%s\" lacks \"%s\"", msg, words);
}

Test(metis_header, edge_weight_dimension_errors)
{
    metis_fails("2 1 1 0 2\n2 5 6\n1 5 6\n", "t.graph:1:", "edge weight dimension 2");
    metis_fails("% c\n2 1 1 0 9\n2 5\n1 5\n", "t.graph:2:", "edge weight dimension 9");
    metis_fails("2 1 0 0 1\n2 5\n1 5\n", "t.graph:1:", "FMT has no edge weights");
    metis_fails("2 1 1 0 0\n2 5\n1 5\n", "t.graph:1:", "FMT has edge weights");
    metis_fails("2 1 1 0 x\n2 5\n1 5\n", "t.graph:1:", "found 'x'");
    metis_fails("2 1 1 0 1 7\n2 5\n1 5\n", "t.graph:1:", "extra field '7'");
}

/* ---------------------------------------------------------------- data after a gzip stream */

/* Writes the gzip member of `text` to path, then `tail_len` raw bytes of `tail`. */
static void write_gz_with_tail(const char *path, const char *text, const void *tail,
                               size_t tail_len)
{
    gzFile z = gzopen(path, "wb");
    cr_assert(z != NULL);
    cr_assert(eq(int, gzputs(z, text), (int)strlen(text)));
    cr_assert(eq(int, gzclose(z), Z_OK));
    FILE *f = fopen(path, "ab");
    cr_assert(f != NULL);
    cr_assert(eq(sz, fwrite(tail, 1, tail_len, f), tail_len));
    cr_assert(eq(int, fclose(f), 0));
}

static mst_status load_path(const char *path, mst_graph *g)
{
    mst_load_options o = mst_load_options_default();
    return mst_graph_load(path, &o, g);
}

Test(numbers_gzip, trailing_data_is_an_error)
{
    static const struct { const char *bytes; size_t len; } tails[] = {
        {"garbage\n", 8}, {"\0\0\0\0", 4}, {"\x1f", 1}, {"\x1f\x8b", 2}, {"0 5 9\n", 6},
    };
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        const char *path = tmp_path("tail.wel.gz");
        mst_graph g;
        write_gz_with_tail(path, "0 1 5\n1 2 6\n", tails[i].bytes, tails[i].len);
        mst_status st = load_path(path, &g);
        cr_assert(eq(int, st, MST_EINPUT), "tail %zu: got %d (%s)", i, (int)st,
                  st == MST_OK ? "loaded" : mst_last_error());
        cr_assert(strstr(mst_last_error(), path) != NULL, "%s", mst_last_error());
        cr_assert(strstr(mst_last_error(), "gzip") != NULL, "%s", mst_last_error());
    }
}

Test(numbers_gzip, concatenated_members_load)
{
    const char *path = tmp_path("two.wel.gz");
    const char *part2 = tmp_path("part2.gz");
    mst_graph g;
    write_gz_with_tail(path, "0 1 5\n", "", 0);
    write_gz_with_tail(part2, "1 2 6\n", "", 0);
    FILE *in = fopen(part2, "rb"), *out = fopen(path, "ab");
    cr_assert(in != NULL && out != NULL);
    char buf[256];
    size_t k = fread(buf, 1, sizeof buf, in);
    cr_assert(eq(sz, fwrite(buf, 1, k, out), k));
    fclose(in);
    cr_assert(eq(int, fclose(out), 0));
    cr_assert(eq(int, load_path(path, &g), MST_OK), "%s", mst_last_error());
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(u32, g.key[1], mst_key_from_int32(6)));
    mst_graph_free(&g);
}

Test(numbers_gzip, plain_files_are_read_as_they_are)
{
    const char *path = tmp_path("plain.wel");
    mst_graph g;
    FILE *f = fopen(path, "wb");
    cr_assert(f != NULL);
    fputs("0 1 5\n\x1f\n", f); /* one byte of the gzip magic is data in a plain file */
    cr_assert(eq(int, fclose(f), 0));
    cr_assert(eq(int, load_path(path, &g), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "plain.wel:2:") != NULL, "%s", mst_last_error());
    f = fopen(path, "wb");
    fputs("0 1 5\n1 2 6", f);
    cr_assert(eq(int, fclose(f), 0));
    cr_assert(eq(int, load_path(path, &g), MST_OK), "%s", mst_last_error());
    cr_assert(eq(u64, g.m, 2));
    mst_graph_free(&g);
}
