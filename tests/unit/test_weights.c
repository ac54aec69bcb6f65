/*
 * test_weights.c: exact weights of every type (docs/design.md, Data model; docs/formats.md):
 * 64-bit integers at their extremes, close doubles and the two zeros load exactly; the ranks that
 * make 64-bit weights 32-bit keys keep their order and ties (checked pair by pair against the
 * raw values here); totals are exact (128-bit integer sums past 2^64; float sums correctly
 * rounded in any order, the user's 1.0 + 1.00000001 = 2.00000001); mst_graph_set_weights for every type and its NaN refusal; .msb
 * round trips of the 64-bit types; --weight-type conversions; and the verifier's maximum.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "loader.h"
#include "../../seq/seq.h"
#include "testlib.h"
#include "tmpdir.h"
#include "write.h"

TestSuite(weights_files, .init = tmp_dir_make, .fini = tmp_dir_remove);

/* A path 0-1-...-m of m edges with no weights yet (arrays malloc'ed: mst_graph_free frees). */
static mst_graph path_graph(uint64_t m)
{
    mst_graph g = empty_graph((uint32_t)m + 1, m);
    free(g.key);
    g.key = NULL;
    for (uint64_t e = 0; e < m; e++) {
        g.u[e] = (uint32_t)e;
        g.v[e] = (uint32_t)e + 1;
    }
    g.m = m;
    return g;
}

/* Loads `text` as an edge list with --weight-type wt (0: auto). */
static mst_status load_text(const char *name, const char *text, int wt, mst_graph *g)
{
    mst_load_options o = mst_load_options_default();
    o.weight_type = wt;
    mst_reader *r = NULL;
    cr_assert(eq(int, mst_reader_from_memory(name, text, strlen(text), &r), MST_OK));
    mst_status st = mst_load_edgelist(r, &o, g);
    mst_reader_close(r);
    return st;
}

/* Keys in the order of the values: key(a) < key(b) iff a < b, equal iff equal, and dense ranks
 * 0..distinct-1. cmp compares two edges' raw values as the suite orders them. */
static void expect_rank_order(const mst_graph *g, int (*cmp)(const mst_graph *, uint64_t,
                                                             uint64_t))
{
    uint32_t top = 0;
    for (uint64_t a = 0; a < g->m; a++) {
        if (g->key[a] > top)
            top = g->key[a];
        for (uint64_t b = 0; b < g->m; b++) {
            int c = cmp(g, a, b), k = (g->key[a] > g->key[b]) - (g->key[a] < g->key[b]);
            cr_assert(eq(int, c, k), "edges %llu, %llu: value order %d, key order %d",
                      (unsigned long long)a, (unsigned long long)b, c, k);
        }
    }
    for (uint32_t r = 0; r <= top && g->m > 0; r++) { /* dense: every rank up to the top */
        int seen = 0;
        for (uint64_t e = 0; e < g->m && !seen; e++)
            seen = g->key[e] == r;
        cr_assert(seen, "rank %u unused", r);
    }
}

static int cmp_i64(const mst_graph *g, uint64_t a, uint64_t b)
{
    int64_t x = (int64_t)g->raw[a], y = (int64_t)g->raw[b];
    return (x > y) - (x < y);
}

static int cmp_u64(const mst_graph *g, uint64_t a, uint64_t b)
{
    return (g->raw[a] > g->raw[b]) - (g->raw[a] < g->raw[b]);
}

/* Doubles with -0.0 just below +0.0 (no NaN here). */
static int cmp_f64(const mst_graph *g, uint64_t a, uint64_t b)
{
    double x = mst_edge_weight_double(g, a), y = mst_edge_weight_double(g, b);
    if (x == y)
        return (signbit(y) != 0) - (signbit(x) != 0);
    return (x > y) - (x < y);
}

Test(weights, int64_extremes_load_exactly)
{
    mst_graph g;
    cr_assert(eq(int, load_text("t.wel", "0 1 -9223372036854775808\n1 2 9223372036854775807\n"
                                         "2 3 -1\n3 4 9223372036854775807\n", 0, &g), MST_OK),
              "%s", mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT64));
    cr_assert(eq(i64, mst_edge_weight(&g, 0).i, INT64_MIN));
    cr_assert(eq(i64, mst_edge_weight(&g, 1).i, INT64_MAX));
    cr_assert(eq(i64, mst_edge_weight(&g, 2).i, -1));
    cr_assert(eq(u32, g.key[0], 0));
    cr_assert(eq(u32, g.key[2], 1));
    cr_assert(eq(u32, g.key[1], 2));
    cr_assert(eq(u32, g.key[3], 2));
    char buf[48];
    cr_assert_str_eq(mst_format_edge_weight(&g, 0, buf, sizeof buf), "-9223372036854775808");
    mst_graph_free(&g);
}

Test(weights, uint64_max_and_doubles_that_collide_load_exactly)
{
    mst_graph g;
    cr_assert(eq(int, load_text("t.wel", "0 1 18446744073709551615\n1 2 9007199254740993\n"
                                         "2 3 9007199254740992\n", 0, &g), MST_OK),
              "%s", mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_UINT64));
    cr_assert(eq(u64, mst_edge_weight(&g, 0).u, UINT64_MAX));
    /* 2^53 + 1 and 2^53 are one double, two keys. */
    cr_assert(eq(u64, mst_edge_weight(&g, 1).u, 9007199254740993ull));
    cr_assert(gt(u32, g.key[1], g.key[2]));
    char buf[48];
    cr_assert_str_eq(mst_format_edge_weight(&g, 0, buf, sizeof buf), "18446744073709551615");
    mst_graph_free(&g);
}

Test(weights, float64_close_values_and_signed_zeros)
{
    mst_graph g;
    cr_assert(eq(int, load_text("t.wel", "0 1 1.00000002\n1 2 1.00000001\n2 3 1.0\n3 4 0.0\n"
                                         "4 5 -0.0\n5 6 -1e-310\n", 0, &g), MST_OK),
              "%s", mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    const uint32_t expected[6] = {5, 4, 3, 2, 1, 0}; /* -1e-310 < -0.0 < 0.0 < 1 < ... */
    for (int e = 0; e < 6; e++)
        cr_assert(eq(u32, g.key[e], expected[e]), "edge %d", e);
    cr_assert(signbit(mst_edge_weight_double(&g, 4)) != 0);
    cr_assert(signbit(mst_edge_weight_double(&g, 3)) == 0);
    char buf[48];
    cr_assert_str_eq(mst_format_edge_weight(&g, 1, buf, sizeof buf), "1.00000001");
    cr_assert_str_eq(mst_format_edge_weight(&g, 4, buf, sizeof buf), "-0");
    mst_graph_free(&g);
}

/* A failed load: MST_EINPUT, a message naming `where` and holding `words`. */
static void expect_refused(const char *text, int wt, const char *where, const char *words)
{
    mst_graph g;
    mst_status st = load_text("t.wel", text, wt, &g);
    cr_assert(eq(int, st, MST_EINPUT), "%s: got %d", text, (int)st);
    cr_assert(strstr(mst_last_error(), where) != NULL, "%s", mst_last_error());
    cr_assert(strstr(mst_last_error(), words) != NULL, "%s", mst_last_error());
}

Test(weights, nan_and_out_of_range_integers_name_their_line)
{
    expect_refused("0 1 1\n1 2 nan\n", 0, "t.wel:2:", "NaN");
    expect_refused("0 1 1\n1 2 1.5\n2 3 NaN\n", 0, "t.wel:3:", "NaN");
    expect_refused("0 1 1\n1 2 18446744073709551616\n", 0, "t.wel:2:", "out of range");
    expect_refused("0 1 -9223372036854775809\n", 0, "t.wel:1:", "out of range");
    expect_refused("0 1 -1\n1 2 9223372036854775808\n", 0, "t.wel:2:", "line 1");
    expect_refused("0 1 2147483648\n", 1 + MST_WEIGHT_INT32, "t.wel:1:", "does not fit int32");
    expect_refused("0 1 1\n1 2 -1\n", 1 + MST_WEIGHT_UINT32, "t.wel:2:", "does not fit uint32");
    expect_refused("0 1 1\n1 2 0.5\n", 1 + MST_WEIGHT_INT64, "t.wel:2:", "integers");
    expect_refused("0 1 1e39\n", 1 + MST_WEIGHT_FLOAT32, "t.wel:1:", "out of range");
}

Test(weights, mixed_integers_and_reals_are_float64)
{
    mst_graph g;
    /* A negative and a value above INT64_MAX fit no integer type, but with a real: float64. */
    cr_assert(eq(int, load_text("t.wel", "0 1 -1\n1 2 18446744073709551615\n2 3 0.5\n", 0, &g),
                 MST_OK), "%s", mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 0), -1.0));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 1), 18446744073709551615.0));
    mst_graph_free(&g);
}

Test(weights, ranks_keep_order_and_ties_of_every_64_bit_type)
{
    enum { M = 400 };
    static const int64_t i_pool[] = {INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX - 1,
                                     INT64_MAX};
    static const uint64_t u_pool[] = {0, 1, 1ull << 63, UINT64_MAX - 1, UINT64_MAX};
    static const double d_pool[] = {-0.0, 0.0, 1.0, 1.00000001, -1e308, 1e308, 5e-324, -5e-324,
                                    INFINITY, -INFINITY};
    int64_t wi[M];
    uint64_t wu[M];
    double wd[M];
    for (int e = 0; e < M; e++) {
        /* Half from the pools (ties and extremes), half random bits. */
        int pool = rnd() % 2;
        wi[e] = pool ? i_pool[rnd() % 7] : (int64_t)rnd();
        wu[e] = pool ? u_pool[rnd() % 5] : rnd();
        uint64_t bits = rnd();
        memcpy(&wd[e], &bits, sizeof bits);
        if (pool || isnan(wd[e]))
            wd[e] = d_pool[rnd() % 10];
    }
    mst_graph g = path_graph(M);
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_INT64, wi), MST_OK));
    expect_rank_order(&g, cmp_i64);
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_UINT64, wu), MST_OK));
    expect_rank_order(&g, cmp_u64);
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, wd), MST_OK));
    expect_rank_order(&g, cmp_f64);
    mst_graph_free(&g);
}

Test(weights, set_weights_for_every_type)
{
    mst_graph g = path_graph(3);
    const int32_t i32[3] = {-5, 7, -5};
    const uint32_t u32[3] = {4000000000u, 1, 4000000000u};
    const float f32[3] = {-0.0f, 0.0f, 1.5f};
    const int64_t i64[3] = {INT64_MAX, INT64_MIN, 0};
    const uint64_t u64[3] = {UINT64_MAX, 0, UINT64_MAX};
    const double f64[3] = {1.00000002, 1.00000001, 1.0};
    const void *arrays[6] = {i32, u32, f32, i64, u64, f64};
    const uint32_t keys64[3][3] = {{2, 0, 1}, {1, 0, 1}, {2, 1, 0}};
    for (int t = 0; t < 6; t++) {
        cr_assert(eq(int, mst_graph_set_weights(&g, (mst_weight_type)t, arrays[t]), MST_OK),
                  "type %d: %s", t, mst_last_error());
        cr_assert(eq(int, g.weight_type, t));
        cr_assert(eq(int, g.file_has_weights, 1));
        cr_assert(mst_weight_is_wide((mst_weight_type)t) ? g.raw != NULL : g.raw == NULL);
        for (int e = 0; e < 3; e++) {
            mst_weight_value w = mst_edge_weight(&g, (uint64_t)e);
            switch (t) {
            case MST_WEIGHT_INT32: cr_assert(eq(i64, w.i, i32[e])); break;
            case MST_WEIGHT_UINT32: cr_assert(eq(u64, w.u, u32[e])); break;
            case MST_WEIGHT_FLOAT32: cr_assert(memcmp(&(float){(float)w.d}, &f32[e], 4) == 0);
                break;
            case MST_WEIGHT_INT64: cr_assert(eq(i64, w.i, i64[e])); break;
            case MST_WEIGHT_UINT64: cr_assert(eq(u64, w.u, u64[e])); break;
            default: cr_assert(eq(dbl, w.d, f64[e])); break;
            }
            if (t >= MST_WEIGHT_INT64)
                cr_assert(eq(u32, g.key[e], keys64[t - MST_WEIGHT_INT64][e]), "type %d edge %d",
                          t, e);
        }
    }
    /* The 32-bit keys encode the values (the bijection of docs/design.md). */
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_FLOAT32, f32), MST_OK));
    cr_assert(lt(u32, g.key[0], g.key[1])); /* -0.0 below +0.0 */
    mst_graph_free(&g);
}

Test(weights, set_weights_refuses_nan_and_leaves_the_graph)
{
    mst_graph g = path_graph(3);
    const int64_t good[3] = {3, 1, 2};
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_INT64, good), MST_OK));
    const double bad[3] = {1.0, 2.0, NAN};
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, bad), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "edge 2: NaN") != NULL, "%s", mst_last_error());
    const float badf[3] = {NAN, 1.0f, 2.0f};
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_FLOAT32, badf), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "edge 0: NaN") != NULL, "%s", mst_last_error());
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT64));
    cr_assert(eq(i64, mst_edge_weight(&g, 0).i, 3));
    cr_assert(eq(u32, g.key[0], 2));
    cr_assert(eq(int, mst_graph_set_weights(&g, (mst_weight_type)9, good), MST_EUSAGE));
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_INT32, NULL), MST_EUSAGE));
    mst_graph_free(&g);
}

/* The total of all of g's edges, formatted. */
static const char *total_text(const mst_graph *g, char *buf)
{
    uint64_t *all = malloc((g->m + 1) * sizeof *all);
    for (uint64_t e = 0; e < g->m; e++)
        all[e] = e;
    mst_format_total(mst_weight_total(g, all, g->m), buf, 64);
    free(all);
    return buf;
}

Test(weights, totals_are_exact)
{
    char buf[64];
    mst_graph g = path_graph(3);
    const int64_t big[3] = {INT64_MAX, INT64_MAX, INT64_MAX};
    mst_graph_set_weights(&g, MST_WEIGHT_INT64, big);
    cr_assert_str_eq(total_text(&g, buf), "27670116110564327421"); /* 3 (2^63 - 1) */
    const int64_t low[3] = {INT64_MIN, INT64_MIN, -1};
    mst_graph_set_weights(&g, MST_WEIGHT_INT64, low);
    cr_assert_str_eq(total_text(&g, buf), "-18446744073709551617");
    const uint64_t top[3] = {UINT64_MAX, UINT64_MAX, UINT64_MAX};
    mst_graph_set_weights(&g, MST_WEIGHT_UINT64, top);
    cr_assert_str_eq(total_text(&g, buf), "55340232221128654845"); /* 3 (2^64 - 1) */
    const uint32_t u32[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
    mst_graph_set_weights(&g, MST_WEIGHT_UINT32, u32);
    cr_assert_str_eq(total_text(&g, buf), "12884901885");
    mst_graph_free(&g);

    /* The user's forest: 1.0 + 1.00000001 is 2.00000001, not 2.0000000099999999. */
    g = path_graph(2);
    const double user[2] = {1.0, 1.00000001};
    mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, user);
    cr_assert_str_eq(total_text(&g, buf), "2.00000001");
    mst_graph_free(&g);
    /* Exact: 1e300 + 1 - 1e300 is 1 (a plain double sum gives 0). */
    g = path_graph(3);
    const double cancel[3] = {1e300, 1.0, -1e300};
    mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, cancel);
    cr_assert_str_eq(total_text(&g, buf), "1");
    mst_graph_free(&g);
}

/* The sum of x[0..n-1] in the given order. */
static double sum_of(const double *x, int n)
{
    mst_weight_sum s = mst_weight_sum_init(MST_WEIGHT_FLOAT64);
    for (int i = 0; i < n; i++) {
        mst_weight_value w = {MST_WEIGHT_FLOAT64, 0, 0, x[i]};
        mst_weight_sum_add(&s, w);
    }
    return mst_weight_sum_double(&s);
}

Test(weights, float_totals_are_correctly_rounded_in_any_order)
{
    const double tenths[10] = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    cr_assert(eq(dbl, sum_of(tenths, 10), 1.0)); /* a plain sum: 0.9999999999999999 */
    const double far[4] = {1e100, 1.0, -1e100, 1e-100};
    cr_assert(eq(dbl, sum_of(far, 4), 1.0));
    /* Half-way: 1 + 2^-53 alone rounds to 1 (even); a tiny rest makes it round up. */
    const double half[3] = {1.0, 0x1p-53, 0x1p-106};
    cr_assert(eq(dbl, sum_of(half, 3), 1.0000000000000002));
    const double tie[2] = {1.0, 0x1p-53};
    cr_assert(eq(dbl, sum_of(tie, 2), 1.0));
    /* Any order, the same bits: random magnitudes and signs, summed forward and backward. */
    double x[500], back[500];
    for (int i = 0; i < 500; i++) {
        x[i] = ldexp((double)(rnd() % 1000000) - 500000.0, (int)(rnd() % 120) - 60);
        back[499 - i] = x[i];
    }
    double a = sum_of(x, 500), b = sum_of(back, 500);
    cr_assert(memcmp(&a, &b, sizeof a) == 0, "%.17g != %.17g", a, b);
    const double inf[3] = {1.0, INFINITY, 2.0};
    cr_assert(isinf(sum_of(inf, 3)));
    const double big[3] = {1.7976931348623157e308, 1.7976931348623157e308, 1.0};
    cr_assert(isinf(sum_of(big, 3)));
}

/* The text total of x[0..n-1] in the given order. */
static const char *text_of(const double *x, int n, char buf[64])
{
    mst_weight_sum s = mst_weight_sum_init(MST_WEIGHT_FLOAT64);
    for (int i = 0; i < n; i++) {
        mst_weight_value w = {MST_WEIGHT_FLOAT64, 0, 0, x[i]};
        mst_weight_sum_add(&s, w);
    }
    return mst_format_total(s, buf, 64);
}

/* No partial sum overflows or rounds: -1e308 + 1e308 - 1e308 is -1e308 in every order, a total
 * beyond the doubles is printed finite, the least subnormals add exactly, and only an
 * infinite term makes the total infinite (issue 33, item 5). */
Test(weights, float_totals_never_overflow_on_the_way)
{
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1},
                                     {2, 1, 0}};
    const double w[3] = {-1e308, 1e308, -1e308}, big[3] = {1e308, 1e308, -5e307};
    char buf[64];
    for (int k = 0; k < 6; k++) {
        double x[3], y[3];
        for (int i = 0; i < 3; i++)
            x[i] = w[orders[k][i]], y[i] = big[orders[k][i]];
        cr_assert(eq(dbl, sum_of(x, 3), -1e308), "order %d", k);
        cr_assert_str_eq(text_of(x, 3, buf), "-1e+308", "order %d", k);
        cr_assert_str_eq(text_of(y, 3, buf), "1.5e+308", "order %d", k);
    }
    const double beyond[2] = {1.7976931348623157e308, 1.7976931348623157e308};
    cr_assert_str_eq(text_of(beyond, 2, buf), "3.5953862697246314e+308");
    const double neg_beyond[3] = {-1e308, -1e308, -1e308};
    cr_assert_str_eq(text_of(neg_beyond, 3, buf), "-3e+308");
    const double tiny[3] = {0x1p-1074, 0x1p-1074, -0x1p-1073};
    cr_assert(eq(dbl, sum_of(tiny, 2), 0x1p-1073));
    cr_assert_str_eq(text_of(tiny, 3, buf), "0");
    const double edge[2] = {0x1.ffffffffffffep-1023, 0x1p-1074}; /* the largest subnormal + 1 */
    cr_assert(eq(dbl, sum_of(edge, 2), 0x1p-1022));
    const double minus_inf[3] = {1e308, -INFINITY, 1e308};
    cr_assert_str_eq(text_of(minus_inf, 3, buf), "-inf");
}

Test(weights, sums_hold_totals_beyond_64_bits_and_exact_float_sums)
{
    mst_weight_sum a = mst_weight_sum_init(MST_WEIGHT_INT64);
    mst_weight_value big = {MST_WEIGHT_INT64, INT64_MAX, 0, 0.0};
    mst_weight_sum_add(&a, big);
    mst_weight_sum_add(&a, big);
    char buf[64];
    cr_assert_str_eq(mst_format_total(a, buf, sizeof buf), "18446744073709551614");
    mst_weight_sum f = mst_weight_sum_init(MST_WEIGHT_FLOAT64);
    mst_weight_value one = {MST_WEIGHT_FLOAT64, 0, 0, 1.0}, tiny = {MST_WEIGHT_FLOAT64, 0, 0,
                                                                    1.00000001};
    mst_weight_sum_add(&f, one);
    mst_weight_sum_add(&f, tiny);
    cr_assert_str_eq(mst_format_total(f, buf, sizeof buf), "2.00000001");
}

Test(weights, convert_checks_that_values_fit)
{
    mst_graph g = path_graph(3);
    const int64_t w[3] = {5, -1, 3000000000};
    mst_graph_set_weights(&g, MST_WEIGHT_INT64, w);
    cr_assert(eq(int, mst_graph_convert_weights(&g, MST_WEIGHT_INT32, "g"), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "g: edge 2: weight 3000000000 does not fit int32") != NULL,
              "%s", mst_last_error());
    cr_assert(eq(int, mst_graph_convert_weights(&g, MST_WEIGHT_UINT64, "g"), MST_EINPUT));
    cr_assert(eq(int, mst_graph_convert_weights(&g, MST_WEIGHT_FLOAT64, "g"), MST_OK));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 2), 3000000000.0));
    cr_assert(eq(int, mst_graph_convert_weights(&g, MST_WEIGHT_INT64, "g"), MST_OK));
    cr_assert(eq(i64, mst_edge_weight(&g, 1).i, -1));
    const double frac[3] = {0.5, 1, 2};
    mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, frac);
    cr_assert(eq(int, mst_graph_convert_weights(&g, MST_WEIGHT_INT32, "g"), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "weight 0.5 does not fit int32") != NULL, "%s",
              mst_last_error());
    mst_graph_free(&g);
}

/* Writes g to .msb and loads it back (weights kept), checking every edge's exact weight. */
static void msb_round_trip(const mst_graph *g, const char *name)
{
    const char *path = tmp_path(name);
    cr_assert(eq(int, mst_msb_write(path, g, 1), MST_OK), "%s", mst_last_error());
    mst_load_options o = mst_load_options_default();
    o.weights = MST_WEIGHT_MODE_KEEP;
    mst_graph h;
    cr_assert(eq(int, mst_graph_load(path, &o, &h), MST_OK), "%s", mst_last_error());
    cr_assert(eq(int, h.weight_type, g->weight_type));
    cr_assert(eq(u64, h.m, g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        cr_assert(eq(u64, h.raw[e], g->raw[e]), "%s: edge %llu", name, (unsigned long long)e);
        cr_assert(eq(u32, h.key[e], g->key[e]), "%s: edge %llu", name, (unsigned long long)e);
    }
    mst_graph_free(&h);
}

Test(weights_files, msb_round_trip_of_64_bit_types)
{
    mst_graph g = path_graph(5);
    const int64_t i64[5] = {INT64_MIN, INT64_MAX, 0, -1, INT64_MAX};
    const uint64_t u64[5] = {UINT64_MAX, 0, 1ull << 63, 7, UINT64_MAX};
    const double f64[5] = {-0.0, 0.0, 1.00000001, -1e-310, INFINITY};
    mst_graph_set_weights(&g, MST_WEIGHT_INT64, i64);
    msb_round_trip(&g, "i.msb");
    mst_graph_set_weights(&g, MST_WEIGHT_UINT64, u64);
    msb_round_trip(&g, "u.msb.gz");
    mst_graph_set_weights(&g, MST_WEIGHT_FLOAT64, f64);
    msb_round_trip(&g, "f.msb");
    /* A NaN in a float64 file names the edge; a size for 4-byte weights is refused. */
    FILE *f = fopen(tmp_path("f.msb"), "r+b");
    cr_assert(f != NULL);
    const double nan = NAN;
    fseek(f, 32 + 8 * 5 + 8 * 2, SEEK_SET);
    fwrite(&nan, sizeof nan, 1, f);
    fclose(f);
    mst_load_options o = mst_load_options_default();
    mst_graph h;
    cr_assert(eq(int, mst_graph_load(tmp_path("f.msb"), &o, &h), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "edge 2: NaN") != NULL, "%s", mst_last_error());
    cr_assert(truncate(tmp_path("f.msb"), 32 + 12 * 5) == 0);
    cr_assert(eq(int, mst_graph_load(tmp_path("f.msb"), &o, &h), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "expected 112 bytes") != NULL, "%s", mst_last_error());
    mst_graph_free(&g);
}

Test(weights_files, weight_type_option_converts_binary_files)
{
    mst_graph g = path_graph(3);
    const int32_t w[3] = {-7, 2, 9};
    mst_graph_set_weights(&g, MST_WEIGHT_INT32, w);
    cr_assert(eq(int, mst_msb_write(tmp_path("g.msb"), &g, 1), MST_OK));
    mst_load_options o = mst_load_options_default();
    o.weight_type = 1 + MST_WEIGHT_FLOAT64;
    mst_graph h;
    cr_assert(eq(int, mst_graph_load(tmp_path("g.msb"), &o, &h), MST_OK), "%s", mst_last_error());
    cr_assert(eq(int, h.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&h, 0), -7.0));
    cr_assert(eq(u32, h.key[2], 2));
    mst_graph_free(&h);
    o.weight_type = 1 + MST_WEIGHT_UINT32;
    cr_assert(eq(int, mst_graph_load(tmp_path("g.msb"), &o, &h), MST_EINPUT));
    cr_assert(strstr(mst_last_error(), "edge 0: weight -7 does not fit uint32") != NULL, "%s",
              mst_last_error());
    mst_graph_free(&g);
}

/* The harness's --maximum: Kruskal on flipped keys gives the maximum spanning forest, which the
 * verifier accepts as such and refuses as a minimum one (and the other way round). */
Test(weights, verifier_checks_the_maximum_forest)
{
    for (int round = 0; round < 20; round++) {
        mst_graph g = random_graph(40, 120, 6, 2); /* few keys: many ties */
        g.weight_type = MST_WEIGHT_INT32;
        uint64_t cap = g.m + 1, cmin = 0, cmax = 0;
        mst_forest mn = {malloc(cap * 8), 0, cap}, mx = {malloc(cap * 8), 0, cap};
        cr_assert(eq(int, mst_kruskal(&g, NULL, &mn, NULL), MST_OK));
        for (uint64_t e = 0; e < g.m; e++)
            g.key[e] = UINT32_MAX - g.key[e];
        cr_assert(eq(int, mst_kruskal(&g, NULL, &mx, NULL), MST_OK));
        for (uint64_t e = 0; e < g.m; e++)
            g.key[e] = UINT32_MAX - g.key[e];
        cr_assert(eq(int, mst_verify_forest(&g, mx.eid, mx.count, &cmax, 1, 0), MST_OK),
                  "%s", mst_last_error());
        cr_assert(eq(int, mst_verify_forest(&g, mn.eid, mn.count, &cmin, 0, 0), MST_OK),
                  "%s", mst_last_error());
        cr_assert(eq(u64, cmin, cmax));
        int same = mn.count == mx.count;
        for (uint64_t i = 0; same && i < mn.count; i++)
            same = mn.eid[i] == mx.eid[i];
        if (!same) {
            cr_assert(eq(int, mst_verify_forest(&g, mn.eid, mn.count, NULL, 1, 0),
                         MST_EVERIFY));
            cr_assert(eq(int, mst_verify_forest(&g, mx.eid, mx.count, NULL, 0, 0),
                         MST_EVERIFY));
        }
        free(mn.eid);
        free(mx.eid);
        mst_graph_free(&g);
    }
}

/* For 64-bit types the verifier compares raw values, not the keys: keys that contradict the raw
 * weights are caught. */
Test(weights, verifier_checks_raw_64_bit_weights)
{
    mst_graph g = empty_graph(3, 3);
    free(g.key);
    g.key = NULL;
    const uint32_t u[3] = {0, 1, 0}, v[3] = {1, 2, 2};
    memcpy(g.u, u, sizeof u);
    memcpy(g.v, v, sizeof v);
    g.m = 3;
    const uint64_t w[3] = {UINT64_MAX, UINT64_MAX - 1, 5};
    cr_assert(eq(int, mst_graph_set_weights(&g, MST_WEIGHT_UINT64, w), MST_OK));
    const uint64_t msf[2] = {1, 2};
    cr_assert(eq(int, mst_verify_forest(&g, msf, 2, NULL, 0, 0), MST_OK), "%s", mst_last_error());
    g.key[0] = 0; /* a key that lies: edge 0 would be the lightest */
    const uint64_t lie[2] = {0, 2};
    cr_assert(eq(int, mst_verify_forest(&g, lie, 2, NULL, 0, 0), MST_EVERIFY));
    cr_assert(strstr(mst_last_error(), "18446744073709551614") != NULL, "%s", mst_last_error());
    mst_graph_free(&g);
}
