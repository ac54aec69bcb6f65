/*
 * test_weights_file.c: unit tests of the weights of a round (common/io/weights_file.c): the
 * column of round r, one file per round, the type each round's values get (the loaders' rule:
 * the smallest integer type that holds them all, float64 for any real), --weight-type, random
 * weights from seed + r, and the one-line errors with file and line.
 * Source: loader.h, docs/rounds.md.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "tmpdir.h"

TestSuite(weights_file, .init = tmp_dir_make, .fini = tmp_dir_remove);

/* A graph of m edges (a path), weights unset. */
static mst_graph path_graph(uint64_t m)
{
    mst_graph g;
    memset(&g, 0, sizeof g);
    g.n = (uint32_t)m + 1;
    g.m = m;
    g.u = calloc(m + 1, sizeof *g.u);
    g.v = calloc(m + 1, sizeof *g.v);
    g.key = calloc(m + 1, sizeof *g.key);
    for (uint64_t e = 0; e < m; e++)
        g.u[e] = (uint32_t)e, g.v[e] = (uint32_t)e + 1;
    return g;
}

static const char *write_file(const char *name, const char *text)
{
    const char *path = tmp_path(name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Round r of a columns file `text` (R columns) on a 3-edge graph; returns the status. */
static mst_status apply(const char *text, uint64_t rounds, uint64_t r, int forced,
                        mst_graph *g)
{
    mst_round_source src = {write_file("w.txt", text), 1, rounds, forced};
    return mst_round_weights_apply(&src, r, g);
}

Test(weights_file, each_round_is_its_column_and_gets_its_own_type)
{
    mst_graph g = path_graph(3);
    const char *text = "# three rounds\n-5 7 1.5\n\n% a comment\n2147483647 4294967295 -2\n"
                       "-2147483648 0 3\n";
    cr_assert_eq(apply(text, 3, 1, 0, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_INT32);
    cr_assert_eq(mst_edge_weight(&g, 0).i, -5);
    cr_assert_eq(mst_edge_weight(&g, 2).i, INT32_MIN);
    cr_assert_eq(apply(text, 3, 2, 0, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_UINT32);
    cr_assert_eq(mst_edge_weight(&g, 1).u, UINT32_MAX);
    cr_assert_eq(apply(text, 3, 3, 0, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_FLOAT64, "one real makes the round float64");
    cr_assert_eq(mst_edge_weight(&g, 0).d, 1.5);
    cr_assert_eq(mst_edge_weight(&g, 2).d, 3.0);
    cr_assert(g.key[1] < g.key[0] && g.key[0] < g.key[2], "keys in the weights' order");
    mst_graph_free(&g);
}

Test(weights_file, wide_integers_are_ranked)
{
    mst_graph g = path_graph(3);
    cr_assert_eq(apply("-1\n4294967296\n-4294967296\n", 1, 1, 0, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_INT64);
    cr_assert_eq(apply("18446744073709551615\n9223372036854775808\n0\n", 1, 1, 0, &g),
                 MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_UINT64);
    cr_assert_eq(mst_edge_weight(&g, 0).u, UINT64_MAX);
    cr_assert(g.key[2] < g.key[1] && g.key[1] < g.key[0]);
    cr_assert_eq(apply("-1\n9223372036854775808\n0\n", 1, 1, 0, &g), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "w.txt:2: weight above INT64_MAX, with a "
                                                "negative weight on line 1"), "%s",
                       mst_last_error());
    mst_graph_free(&g);
}

Test(weights_file, weight_type_is_checked_on_its_line)
{
    mst_graph g = path_graph(3);
    cr_assert_eq(apply("1 1\n2 -3\n3 3\n", 2, 1, 1 + MST_WEIGHT_UINT32, &g), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "w.txt:2: weight -3 does not fit uint32"),
                       "%s", mst_last_error());
    cr_assert_eq(apply("1 0.1\n2 2\n3 3\n", 2, 2, 1 + MST_WEIGHT_FLOAT32, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_FLOAT32);
    cr_assert_eq(mst_edge_weight(&g, 0).d, (double)0.1f);
    mst_graph_free(&g);
}

Test(weights_file, errors_name_the_file_and_line)
{
    mst_graph g = path_graph(3);
    struct {
        const char *text, *message;
    } cases[] = {
        {"1 2\n3\n4 5\n", "w.txt:2: 1 weights, expected 2 (one per round)"},
        {"1 2\n3 4 5\n4 5\n", "w.txt:2: 3 weights, expected 2 (one per round)"},
        {"1 2\n3 4 x\n", "w.txt:2: bad weight 'x'"},
        {"1 2\n3 4\n", "w.txt:2: 2 weight lines for the graph's 3 edges"},
        {"1 2\n3 4\n5 6\n7 8\n", "w.txt:4: more weight lines than the graph's 3 edges"},
        {"1 2\nx 4\n5 6\n", "w.txt:2: bad weight 'x'"},
        {"1 2\n3 nan\n5 6\n", "w.txt:2: NaN weight"},
        {"1 2\n3 -inf\n5 6\n", "w.txt:2: infinite weight"},
        {"1 2\n3 0x10\n5 6\n", "w.txt:2: bad weight '0x10'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cr_assert_eq(apply(cases[i].text, 2, 1, 0, &g), MST_EINPUT, "case %zu", i);
        cr_assert_not_null(strstr(mst_last_error(), cases[i].message), "case %zu: %s", i,
                           mst_last_error());
    }
    mst_graph_free(&g);
}

Test(weights_file, one_file_per_round)
{
    mst_graph g = path_graph(2);
    char buf[64];
    cr_assert(mst_round_path_is_pattern("a-{r}-{r}.txt"));
    cr_assert(!mst_round_path_is_pattern("a.txt"));
    cr_assert_eq(mst_round_path("a-{r}-{r}.txt", 12, buf, sizeof buf), MST_OK);
    cr_assert_str_eq(buf, "a-12-12.txt");
    cr_assert_eq(mst_round_path("{r}{r}{r}", 1234, buf, 8), MST_EUSAGE);
    write_file("r-1.txt", "5\n6\n");
    write_file("r-2.txt", "6\n5\n");
    char pattern[512];
    snprintf(pattern, sizeof pattern, "%s", tmp_path("r-{r}.txt"));
    mst_round_source src = {pattern, 1, 2, 0};
    cr_assert_eq(mst_round_weights_apply(&src, 2, &g), MST_OK);
    cr_assert_eq(mst_edge_weight(&g, 0).i, 6);
    cr_assert_eq(mst_round_weights_apply(&src, 3, &g), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "r-3.txt"), "%s", mst_last_error());
    mst_graph_free(&g);
}

Test(weights_file, random_rounds_are_the_loaders_weights_of_seed_plus_r)
{
    mst_graph g = path_graph(50), h = path_graph(50);
    mst_round_source src = {NULL, 7, 4, 0};
    cr_assert_eq(mst_round_weights_apply(&src, 3, &g), MST_OK);
    mst_apply_weight_mode(&h, MST_WEIGHT_MODE_RANDOM, 10);
    cr_assert_eq(memcmp(g.key, h.key, 50 * sizeof *g.key), 0);
    cr_assert_eq(g.seed, 10);
    src.weight_type = 1 + MST_WEIGHT_FLOAT64;
    cr_assert_eq(mst_round_weights_apply(&src, 3, &g), MST_OK);
    cr_assert_eq(g.weight_type, MST_WEIGHT_FLOAT64);
    cr_assert_eq(mst_edge_weight(&g, 5).d, (double)mst_key_to_int32(h.key[5]));
    mst_graph_free(&g);
    mst_graph_free(&h);
}

Test(weights_file, a_columns_file_of_unknown_width)
{
    mst_graph g = path_graph(2);
    cr_assert_eq(apply("1 2 3\n4 5 6\n", 0, 3, 0, &g), MST_OK);
    cr_assert_eq(mst_edge_weight(&g, 1).i, 6);
    cr_assert_eq(apply("1 2 3\n4 5 6\n", 0, 4, 0, &g), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "w.txt:1: 3 weights a line: no round 4"),
                       "%s", mst_last_error());
    mst_graph_free(&g);
}

/* A line led by a NUL byte is refused, not skipped as a blank line (which would shift the edge
 * ids of the lines after it). */
Test(weights_file, a_line_led_by_a_nul_byte_is_refused)
{
    mst_graph g = path_graph(3);
    const char *path = tmp_path("nul.txt");
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fwrite("1\n\0002\n3\n4\n", 1, 10, f);
    fclose(f);
    mst_round_source src = {path, 1, 1, 0};
    cr_assert_eq(mst_round_weights_apply(&src, 1, &g), MST_EINPUT);
    cr_assert_not_null(strstr(mst_last_error(), "nul.txt:2: NUL byte"), "%s", mst_last_error());
    mst_graph_free(&g);
}
