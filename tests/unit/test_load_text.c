/*
 * test_load_text.c: the four text loaders (edge list, DIMACS/PACE .gr, Matrix Market, METIS).
 *
 * Tiny hand-made files fed from memory check the parsed graph (n, m, endpoints, keys, weight
 * type, self-loops, merged arcs) and, for malformed input, the error code, the "name:LINE:"
 * prefix and the problem words of the message. A gzip round trip (whole and truncated) goes
 * through mst_graph_load, and every real graph bundled in graphs/ (whatever its format) is
 * checked against graphs/MANIFEST.tsv: format, n, self-loops and the file's own entry count.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>
#include <criterion/parameterized.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "core.h"
#include "loader.h"
#include "testlib.h"
#include "manifest.h"

typedef mst_status (*loader_fn)(mst_reader *, const mst_load_options *, mst_graph *);

/* Runs loader fn over len bytes named `name`, with options o (NULL: defaults). */
static mst_status load_bytes(loader_fn fn, const char *name, const char *data, size_t len,
                             const mst_load_options *o, mst_graph *g)
{
    mst_load_options d = mst_load_options_default();
    mst_reader *r = NULL;
    cr_assert(eq(int, mst_reader_from_memory(name, data, len, &r), MST_OK));
    memset(g, 0xAB, sizeof *g); /* the loader must overwrite everything, or zero it on error */
    mst_status st = fn(r, o != NULL ? o : &d, g);
    mst_reader_close(r);
    return st;
}

static mst_status load_text(loader_fn fn, const char *name, const char *text,
                            const mst_load_options *o, mst_graph *g)
{
    return load_bytes(fn, name, text, strlen(text), o, g);
}

/* Loads text that must load; the caller frees g. */
static void load_ok(loader_fn fn, const char *name, const char *text, mst_graph *g)
{
    mst_status st = load_text(fn, name, text, NULL, g);
    cr_assert(eq(int, st, MST_OK), "loading failed: %s\ninput:\n%s", mst_last_error(), text);
}

static void load_ok_with(loader_fn fn, const char *name, const char *text,
                         const mst_load_options *o, mst_graph *g)
{
    mst_status st = load_text(fn, name, text, o, g);
    cr_assert(eq(int, st, MST_OK), "loading failed: %s\ninput:\n%s", mst_last_error(), text);
}

/* The message must hold `where` ("name:LINE:") and `words`. */
static void check_message(const char *where, const char *words)
{
    const char *msg = mst_last_error();
    cr_assert(strstr(msg, where) != NULL, "message \"%s\" lacks \"%s\"", msg, where);
    cr_assert(strstr(msg, words) != NULL, "message \"%s\" lacks \"%s\"", msg, words);
}

/* The graph of a failed load must be zeroed. */
static void check_zeroed(const mst_graph *g)
{
    cr_assert(g->u == NULL && g->v == NULL && g->key == NULL && g->raw == NULL &&
                  g->name == NULL,
              "arrays left after an error");
    cr_assert(eq(u32, g->n, 0));
    cr_assert(eq(u64, g->m, 0));
}

/* Loading len bytes must fail with MST_EINPUT, a message with `where` and `words`. */
static void fail_bytes(loader_fn fn, const char *name, const char *data, size_t len,
                       const mst_load_options *o, const char *where, const char *words)
{
    mst_graph g;
    mst_status st = load_bytes(fn, name, data, len, o, &g);
    cr_assert(eq(int, st, MST_EINPUT), "expected MST_EINPUT, got %d (%s)", (int)st,
              mst_last_error());
    check_message(where, words);
    check_zeroed(&g);
}

static void fail_text(loader_fn fn, const char *name, const char *text, const char *where,
                      const char *words)
{
    fail_bytes(fn, name, text, strlen(text), NULL, where, words);
}

/* Edge e must be {u, v} (0-based) with key `key`. */
static void check_edge(const mst_graph *g, uint64_t e, uint32_t u, uint32_t v, uint32_t key)
{
    cr_assert(lt(u64, e, g->m));
    cr_assert(eq(u32, g->u[e], u), "edge %llu", (unsigned long long)e);
    cr_assert(eq(u32, g->v[e], v), "edge %llu", (unsigned long long)e);
    cr_assert(eq(u32, g->key[e], key), "edge %llu", (unsigned long long)e);
}

static const char garbage[] = "\x01\xff\x80garbage";

/* ---------------------------------------------------------------- edge list */

Test(load_edgelist, unweighted)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el", "0 1\n1 2\n2 0\n5 3\n", &g);
    cr_assert(eq(u32, g.n, 6));
    cr_assert(eq(u64, g.m, 4));
    cr_assert(eq(int, g.file_has_weights, 0));
    cr_assert(eq(int, g.index_base, 0));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(1));
    check_edge(&g, 3, 5, 3, mst_key_from_int32(1));
    mst_graph_free(&g);
}

Test(load_edgelist, comments_tabs_crlf_negative)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el",
            "# SNAP header\r\n  % another\r\n\r\n0\t1\t5\r\n \t1 \t 2  -3 \r\n\t\r\n# end", &g);
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(int, g.file_has_weights, 1));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(5));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(-3));
    mst_graph_free(&g);
}

Test(load_edgelist, real_weights)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.wel", "0 1 1.5\n1 2 2\n2 3 -2.5e-1\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 0), 1.5));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 1), 2.0));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 2), -0.25));
    check_edge(&g, 0, 0, 1, 1); /* keys: ranks among -0.25 < 1.5 < 2 */
    check_edge(&g, 1, 1, 2, 2);
    check_edge(&g, 2, 2, 3, 0);
    mst_graph_free(&g);
    mst_load_options o = mst_load_options_default();
    o.weight_type = 1 + MST_WEIGHT_FLOAT32; /* --weight-type float32 */
    load_ok_with(mst_load_edgelist, "t.wel", "0 1 1.5\n1 2 2\n2 3 -2.5e-1\n", &o, &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT32));
    check_edge(&g, 0, 0, 1, mst_key_from_float(1.5f));
    check_edge(&g, 1, 1, 2, mst_key_from_float(2.0f));
    check_edge(&g, 2, 2, 3, mst_key_from_float(-0.25f));
    mst_graph_free(&g);
}

Test(load_edgelist, int32_extremes_and_uint32)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el", "0 1 -2147483648\n1 2 2147483647\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(INT32_MIN));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(INT32_MAX));
    mst_graph_free(&g);
    load_ok(mst_load_edgelist, "t.el", "0 1 3000000000\n1 2 5\n2 3 4294967295\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_UINT32));
    check_edge(&g, 0, 0, 1, 3000000000u);
    check_edge(&g, 1, 1, 2, 5u);
    check_edge(&g, 2, 2, 3, 4294967295u);
    mst_graph_free(&g);
}

Test(load_edgelist, symmetrization_merges_equal_reverse_arcs)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el", "0 1 5\n1 0 5\n1 0 6\n", &g);
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(u64, g.merged_arcs, 1));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(5));
    check_edge(&g, 1, 1, 0, mst_key_from_int32(6));
    mst_graph_free(&g);
}

Test(load_edgelist, self_loops_dropped_and_counted)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el", "0 0\n0 1\n7 7\n", &g);
    cr_assert(eq(u64, g.m, 1));
    cr_assert(eq(u64, g.self_loops, 2));
    cr_assert(eq(u32, g.n, 8)); /* a self-loop's vertex is still a vertex */
    mst_graph_free(&g);
}

Test(load_edgelist, empty_and_comment_only)
{
    mst_graph g;
    load_ok(mst_load_edgelist, "t.el", "", &g);
    cr_assert(eq(u32, g.n, 0));
    cr_assert(eq(u64, g.m, 0));
    mst_graph_free(&g);
    load_ok(mst_load_edgelist, "t.el", "# nothing\n\n", &g);
    cr_assert(eq(u64, g.m, 0));
    mst_graph_free(&g);
}

Test(load_edgelist, one_based_and_vertices)
{
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    o.one_based = 1;
    cr_assert(eq(int, load_text(mst_load_edgelist, "t.el", "1 2\n2 3\n", &o, &g), MST_OK));
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(int, g.index_base, 1));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(1));
    mst_graph_free(&g);
    fail_bytes(mst_load_edgelist, "t.el", "1 2\n0 1\n", 8, &o, "t.el:2:", "vertex id 0");
    o.one_based = 0;
    o.has_vertices = 1;
    o.vertices = 10;
    cr_assert(eq(int, load_text(mst_load_edgelist, "t.el", "0 1\n", &o, &g), MST_OK));
    cr_assert(eq(u32, g.n, 10));
    mst_graph_free(&g);
    fail_bytes(mst_load_edgelist, "t.el", "0 1\n3 10\n", 9, &o, "t.el:2:", "out of range");
}

Test(load_edgelist, weight_count_must_match_first_line)
{
    fail_text(mst_load_edgelist, "t.el", "0 1 5\n1 2\n", "t.el:2:", "missing weight");
    fail_text(mst_load_edgelist, "t.el", "# c\n0 1\n1 2 3\n", "t.el:3:", "unexpected weight '3'");
    fail_text(mst_load_edgelist, "t.el", "0 1 5\n1 2 3 4\n", "t.el:2:", "extra field '4'");
}

Test(load_edgelist, malformed_fields)
{
    fail_text(mst_load_edgelist, "t.el", "0 1\nx 2\n", "t.el:2:", "found 'x'");
    fail_text(mst_load_edgelist, "t.el", "0 1\n1 2x\n", "t.el:2:", "found '2x'");
    fail_text(mst_load_edgelist, "t.el", "0 1\n5\n", "t.el:2:", "end of line");
    fail_text(mst_load_edgelist, "t.el", "-1 2\n", "t.el:1:", "'-1'");
    fail_text(mst_load_edgelist, "t.el", "0 1 abc\n", "t.el:1:", "'abc'");
    fail_text(mst_load_edgelist, "t.el", "0 1 5 # trailing\n", "t.el:1:", "extra field '#'");
    fail_bytes(mst_load_edgelist, "t.el", "0 1\0 zz\n", 8, NULL, "t.el:1:", "NUL byte");
}

Test(load_edgelist, ids_out_of_range)
{
    fail_text(mst_load_edgelist, "t.el", "0 4294967295\n", "t.el:1:", "out of range");
    fail_text(mst_load_edgelist, "t.el", "0 1\n99999999999999999999999 1\n", "t.el:2:",
              "out of range");
}

Test(load_edgelist, bad_weights)
{
    fail_text(mst_load_edgelist, "t.el", "0 1 2\n1 2 nan\n", "t.el:2:", "NaN");
    fail_text(mst_load_edgelist, "t.el", "0 1 inf\n", "t.el:1:", "infinite");
    /* Integers outside [INT64_MIN, UINT64_MAX] fit no type; reals beyond double neither. */
    fail_text(mst_load_edgelist, "t.el", "0 1 18446744073709551616\n", "t.el:1:", "out of range");
    fail_text(mst_load_edgelist, "t.el", "0 1 -9223372036854775809\n", "t.el:1:",
              "out of range");
    fail_text(mst_load_edgelist, "t.el", "0 1 1e400\n", "t.el:1:", "out of range");
    fail_text(mst_load_edgelist, "t.el", "0 1 99999999999999999999\n", "t.el:1:",
              "out of range");
    /* Negative and above INT64_MAX: neither int64 nor uint64 holds both. */
    fail_text(mst_load_edgelist, "t.el", "0 1 -1\n1 2 5\n2 3 10000000000000000000\n", "t.el:3:",
              "negative");
}

Test(load_edgelist, random_bytes)
{
    fail_bytes(mst_load_edgelist, "t.el", garbage, sizeof garbage - 1, NULL, "t.el:1:", "");
}

/* ---------------------------------------------------------------- DIMACS / PACE */

Test(load_dimacs, sp_valid)
{
    mst_graph g;
    load_ok(mst_load_dimacs, "t.gr",
            "c 9th DIMACS\nc\np sp 4 4\nc arcs\na 1 2 5\na 2 1 5\n\na 2 3 -7\na 4 3 0\n", &g);
    cr_assert(eq(u32, g.n, 4));
    cr_assert(eq(u64, g.m, 3));
    cr_assert(eq(u64, g.merged_arcs, 1));
    cr_assert(eq(int, g.index_base, 1));
    cr_assert(eq(int, g.file_has_weights, 1));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(5));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(-7));
    check_edge(&g, 2, 3, 2, mst_key_from_int32(0));
    mst_graph_free(&g);
}

Test(load_dimacs, sp_tabs_crlf)
{
    mst_graph g;
    load_ok(mst_load_dimacs, "t.gr", "p\tsp\t3\t2\r\na\t1\t2\t-5\r\n  a 3 2 2\r\n", &g);
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(-5));
    check_edge(&g, 1, 2, 1, mst_key_from_int32(2));
    mst_graph_free(&g);
}

Test(load_dimacs, sp_uint32)
{
    mst_graph g;
    load_ok(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 4000000000\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_UINT32));
    check_edge(&g, 0, 0, 1, 4000000000u);
    mst_graph_free(&g);
}

Test(load_dimacs, pace_tw_valid)
{
    mst_graph g;
    load_ok(mst_load_dimacs, "t.pace.gr", "c PACE\np tw 5 3\n1 2\n2 3\nc x\n3 1\n", &g);
    cr_assert(eq(u32, g.n, 5)); /* n from the header: 4 and 5 are isolated */
    cr_assert(eq(u64, g.m, 3));
    cr_assert(eq(int, g.file_has_weights, 0));
    check_edge(&g, 2, 2, 0, mst_key_from_int32(1));
    mst_graph_free(&g);
}

Test(load_dimacs, empty_graph_header_only)
{
    mst_graph g;
    load_ok(mst_load_dimacs, "t.gr", "p sp 3 0\n", &g);
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(u64, g.m, 0));
    mst_graph_free(&g);
}

Test(load_dimacs, p_line_errors)
{
    fail_text(mst_load_dimacs, "t.gr", "c x\na 1 2 3\np sp 2 1\n", "t.gr:2:",
              "before the 'p' line");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\np sp 2 1\na 1 2 3\n", "t.gr:2:",
              "second 'p' line");
    fail_text(mst_load_dimacs, "t.gr", "p max 2 1\n", "t.gr:1:", "unknown problem type 'max'");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2\n", "t.gr:1:", "end of line");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1 9\n", "t.gr:1:", "extra field '9'");
    fail_text(mst_load_dimacs, "t.gr", "p sp x 1\n", "t.gr:1:", "found 'x'");
    fail_text(mst_load_dimacs, "t.gr", "pp sp 2 1\n", "t.gr:1:", "found 'pp'");
    fail_text(mst_load_dimacs, "t.gr", "c only comments\n", "t.gr:1:", "no 'p' line");
    fail_text(mst_load_dimacs, "t.gr", "", "t.gr: empty file", "'p sp N M'");
}

Test(load_dimacs, arc_line_errors)
{
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\nb 1 2 3\n", "t.gr:2:",
              "expected 'a u v w', found 'b'");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\n1 2 3\n", "t.gr:2:", "found '1'");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2\n", "t.gr:2:", "end of line");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 3 4\n", "t.gr:2:", "extra field '4'");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 w\n", "t.gr:2:", "found 'w'");
    fail_text(mst_load_dimacs, "t.gr", "p tw 2 1\n1 2 3\n", "t.gr:2:", "extra field '3'");
    fail_text(mst_load_dimacs, "t.gr", "p tw 2 1\na 1 2\n", "t.gr:2:", "expected 'u v'");
    fail_text(mst_load_dimacs, "t.gr", "p tw 2 1\n1\n", "t.gr:2:", "end of line");
}

Test(load_dimacs, ids_and_counts)
{
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 3 1\n", "t.gr:2:", "out of range (n = 2)");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 0 1 1\n", "t.gr:2:", "vertex id 0");
    fail_text(mst_load_dimacs, "t.gr", "p tw 2 1\n2 0\n", "t.gr:2:", "vertex id 0");
    fail_text(mst_load_dimacs, "t.gr", "p sp 3 2\na 1 2 3\n", "t.gr:2:",
              "header says 2 arcs, file has 1");
    fail_text(mst_load_dimacs, "t.gr", "p tw 3 1\n1 2\n2 3\n", "t.gr:3:",
              "header says 1 edges, file has 2");
}

Test(load_dimacs, bad_weights)
{
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 nan\n", "t.gr:2:", "integer weight");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 18446744073709551616\n", "t.gr:2:",
              "out of range");
    fail_text(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 -9223372036854775809\n", "t.gr:2:",
              "out of range");
    fail_text(mst_load_dimacs, "t.gr", "p sp 3 2\na 1 2 9223372036854775808\na 2 3 -1\n",
              "t.gr:2:", "does not fit int64");
}

Test(load_dimacs, random_bytes)
{
    fail_bytes(mst_load_dimacs, "t.gr", garbage, sizeof garbage - 1, NULL, "t.gr:1:",
               "before the 'p' line");
    fail_bytes(mst_load_dimacs, "t.gr", "p sp 2 1\na 1 2 3\0x\n", 20, NULL, "t.gr:2:",
               "NUL byte");
}

/* ---------------------------------------------------------------- Matrix Market */

#define MM "%%MatrixMarket matrix coordinate "

Test(load_mtx, real_general)
{
    mst_graph g;
    load_ok(mst_load_mtx, "t.mtx",
            MM "real general\n% comment\n%\n3 3 4\n1 2 1.5\n2 1 1.5\n3 3 2.\n2 3 -1e-1\n", &g);
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(u64, g.merged_arcs, 1));
    cr_assert(eq(u64, g.self_loops, 1));
    cr_assert(eq(int, g.index_base, 1));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 0), 1.5));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 1), -0.1));
    check_edge(&g, 0, 0, 1, 1);
    check_edge(&g, 1, 1, 2, 0);
    mst_graph_free(&g);
}

Test(load_mtx, integer_tokens_in_real_file_are_real)
{
    mst_graph g;
    load_ok(mst_load_mtx, "t.mtx", MM "real symmetric\n2 2 1\n2 1 3\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    cr_assert(eq(dbl, mst_edge_weight_double(&g, 0), 3.0));
    mst_graph_free(&g);
    load_ok(mst_load_mtx, "t.mtx", MM "double general\n2 2 1\n2 1 7\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_FLOAT64));
    mst_graph_free(&g);
    /* --weight-type int32 takes the integer tokens of a real matrix as they are. */
    mst_load_options o = mst_load_options_default();
    o.weight_type = 1 + MST_WEIGHT_INT32;
    load_ok_with(mst_load_mtx, "t.mtx", MM "real symmetric\n2 2 1\n2 1 -3\n", &o, &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 1, 0, mst_key_from_int32(-3));
    mst_graph_free(&g);
}

Test(load_mtx, integer_symmetric)
{
    mst_graph g;
    load_ok(mst_load_mtx, "t.mtx", MM "integer symmetric\n4 4 4\n2 1 -5\n3 1 7\n4 2 0\n1 2 -5\n",
            &g);
    cr_assert(eq(u32, g.n, 4));
    cr_assert(eq(u64, g.m, 4)); /* symmetric: no merging, each entry is an edge */
    cr_assert(eq(u64, g.merged_arcs, 0));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 1, 0, mst_key_from_int32(-5));
    check_edge(&g, 2, 3, 1, mst_key_from_int32(0));
    mst_graph_free(&g);
}

Test(load_mtx, pattern_rectangular_case_insensitive_tabs_crlf)
{
    mst_graph g;
    load_ok(mst_load_mtx, "t.mtx",
            "%%matrixmarket MATRIX Coordinate Pattern GENERAL \r\n%c\r\n\r\n2\t5\t2\r\n1 5\r\n"
            "\t2\t3\r\n",
            &g);
    cr_assert(eq(u32, g.n, 5)); /* max(rows, cols) */
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(int, g.file_has_weights, 0));
    check_edge(&g, 0, 0, 4, mst_key_from_int32(1));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(1));
    mst_graph_free(&g);
}

Test(load_mtx, integer_uint32)
{
    mst_graph g;
    load_ok(mst_load_mtx, "t.mtx", MM "integer general\n2 2 1\n1 2 4294967295\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_UINT32));
    check_edge(&g, 0, 0, 1, 4294967295u);
    mst_graph_free(&g);
}

Test(load_mtx, unsupported_kinds)
{
    fail_text(mst_load_mtx, "t.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n",
              "t.mtx:1:", "'array' format is not supported");
    fail_text(mst_load_mtx, "t.mtx", MM "complex general\n2 2 1\n1 2 1 0\n", "t.mtx:1:",
              "complex Matrix Market matrices are not supported");
    fail_text(mst_load_mtx, "t.mtx", MM "real hermitian\n2 2 1\n2 1 1\n", "t.mtx:1:",
              "hermitian Matrix Market matrices are not supported");
    fail_text(mst_load_mtx, "t.mtx", MM "real skew-symmetric\n2 2 1\n2 1 1\n", "t.mtx:1:",
              "skew-symmetric Matrix Market matrices are not supported");
    fail_text(mst_load_mtx, "t.mtx", "%%MatrixMarket vector coordinate real general\n",
              "t.mtx:1:", "object 'vector' is not supported");
    fail_text(mst_load_mtx, "t.mtx", MM "boolean general\n", "t.mtx:1:",
              "unknown Matrix Market field 'boolean'");
    fail_text(mst_load_mtx, "t.mtx", MM "real upper\n", "t.mtx:1:", "symmetry 'upper'");
}

Test(load_mtx, banner_and_size_errors)
{
    fail_text(mst_load_mtx, "t.mtx", "3 3 1\n1 2 1\n", "t.mtx:1:", "banner");
    fail_text(mst_load_mtx, "t.mtx", "%%MatrixMarket matrix coordinate\n", "t.mtx:1:",
              "incomplete banner");
    fail_text(mst_load_mtx, "t.mtx", MM "real general extra\n", "t.mtx:1:", "extra words");
    fail_text(mst_load_mtx, "t.mtx", "", "t.mtx: empty file", "banner");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n% only comments\n", "t.mtx:2:",
              "missing size line");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3\n", "t.mtx:2:", "end of line");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1 1\n", "t.mtx:2:",
              "extra field '1'");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 x 1\n", "t.mtx:2:", "found 'x'");
}

Test(load_mtx, entry_errors)
{
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n2 5 1\n3 1 1.0\n", "t.mtx:3:",
              "row index 3 out of range");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n5 2 1\n1 3 1.0\n", "t.mtx:3:",
              "column index 3 out of range");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n0 1 1.0\n", "t.mtx:3:",
              "vertex id 0");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 2\n1 2 1.0\n", "t.mtx:3:",
              "header says 2 entries, file has 1");
    fail_text(mst_load_mtx, "t.mtx", MM "pattern general\n3 3 1\n1 2\n2 3\n", "t.mtx:4:",
              "header says 1 entries, file has 2");
    fail_text(mst_load_mtx, "t.mtx", MM "integer general\n3 3 1\n1 2 1.5\n", "t.mtx:3:",
              "expected an integer value");
    fail_text(mst_load_mtx, "t.mtx", MM "pattern general\n3 3 1\n1 2 1\n", "t.mtx:3:",
              "extra field '1'");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n1 2\n", "t.mtx:3:", "end of line");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n1 x 2\n", "t.mtx:3:", "found 'x'");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n1 2 3 4\n", "t.mtx:3:",
              "extra field '4'");
}

Test(load_mtx, bad_values)
{
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n1 2 NaN\n", "t.mtx:3:", "NaN");
    fail_text(mst_load_mtx, "t.mtx", MM "real general\n3 3 1\n1 2 1e309\n", "t.mtx:3:",
              "out of range");
    fail_text(mst_load_mtx, "t.mtx", MM "integer general\n3 3 1\n1 2 18446744073709551616\n",
              "t.mtx:3:", "out of range");
    fail_text(mst_load_mtx, "t.mtx", MM "integer general\n3 3 1\n1 2 -9223372036854775809\n",
              "t.mtx:3:", "out of range");
    fail_text(mst_load_mtx, "t.mtx",
              MM "integer general\n3 3 2\n1 2 -1\n2 3 18446744073709551615\n", "t.mtx:4:",
              "does not fit int64");
}

Test(load_mtx, random_bytes)
{
    fail_bytes(mst_load_mtx, "t.mtx", garbage, sizeof garbage - 1, NULL, "t.mtx:1:", "banner");
    const char data[] = MM "real general\n2 2 1\n1 2 3\0 7\n";
    fail_bytes(mst_load_mtx, "t.mtx", data, sizeof data - 1, NULL, "t.mtx:3:", "NUL byte");
}

/* A line led by a NUL byte (after blanks or not) is refused, not skipped as a blank line: in the
 * header of a format and among its data lines, where a skipped line would keep the count. */
Test(load_text, a_line_led_by_a_nul_byte_is_refused)
{
    fail_bytes(mst_load_edgelist, "t.el", "0 1 5\n\0001 2 7\n", 12, NULL, "t.el:2:", "NUL byte");
    fail_bytes(mst_load_edgelist, "t.el", "0 1 5\n  \0001 2 7\n", 14, NULL, "t.el:2:",
               "NUL byte");
    fail_bytes(mst_load_edgelist, "t.el", "0 1 5\n\0", 7, NULL, "t.el:2:", "NUL byte");
    fail_bytes(mst_load_dimacs, "t.gr", "p sp 3 2\na 1 2 5\n\000a 1 2 5\na 2 3 4\n", 35, NULL,
               "t.gr:3:", "NUL byte");
    fail_bytes(mst_load_dimacs, "t.gr", "\0p sp 3 2\n", 11, NULL, "t.gr:1:", "NUL byte");
    const char mtx[] = MM "integer general\n3 3 2\n1 2 5\n\0001 2 5\n2 3 4\n";
    fail_bytes(mst_load_mtx, "t.mtx", mtx, sizeof mtx - 1, NULL, "t.mtx:4:", "NUL byte");
    fail_bytes(mst_load_edgelist, "t.el", "0 1\n1\0002 7\n", 11, NULL, "t.el:2:", "NUL byte");
}

/* ---------------------------------------------------------------- METIS */

Test(load_metis, unweighted)
{
    mst_graph g;
    load_ok(mst_load_metis, "t.graph", "% METIS\n3 2\n2\n1 3\n% in between\n2\n", &g);
    cr_assert(eq(u32, g.n, 3));
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(u64, g.merged_arcs, 2));
    cr_assert(eq(int, g.file_has_weights, 0));
    cr_assert(eq(int, g.index_base, 1));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(1));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(1));
    mst_graph_free(&g);
}

Test(load_metis, blank_line_is_isolated_vertex)
{
    mst_graph g;
    load_ok(mst_load_metis, "t.graph", "4 1\n\n3\n2\n\n", &g);
    cr_assert(eq(u32, g.n, 4));
    cr_assert(eq(u64, g.m, 1));
    check_edge(&g, 0, 1, 2, mst_key_from_int32(1));
    mst_graph_free(&g);
}

Test(load_metis, edge_weights_tabs_crlf)
{
    mst_graph g;
    load_ok(mst_load_metis, "t.graph", "3 2 1\r\n2\t5\r\n1 5 3 -7\r\n 2 -7 \r\n", &g);
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_INT32));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(5));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(-7));
    mst_graph_free(&g);
    load_ok(mst_load_metis, "t.graph", "2 1 001\n2 4000000000\n1 4000000000\n", &g);
    cr_assert(eq(int, g.weight_type, MST_WEIGHT_UINT32));
    check_edge(&g, 0, 0, 1, 4000000000u);
    mst_graph_free(&g);
}

Test(load_metis, vertex_weights_and_sizes_are_skipped)
{
    mst_graph g;
    load_ok(mst_load_metis, "t.graph", "3 2 011 2\n1 1 2 5\n2 2 1 5 3 7\n3 3 2 7\n", &g);
    cr_assert(eq(u64, g.m, 2));
    check_edge(&g, 0, 0, 1, mst_key_from_int32(5));
    check_edge(&g, 1, 1, 2, mst_key_from_int32(7));
    mst_graph_free(&g);
    load_ok(mst_load_metis, "t.graph", "2 1 10\n4 2\n4 1\n", &g);
    cr_assert(eq(u64, g.m, 1));
    cr_assert(eq(int, g.file_has_weights, 0));
    mst_graph_free(&g);
    load_ok(mst_load_metis, "t.graph", "2 1 111\n9 1 2 4\n9 1 1 4\n", &g);
    check_edge(&g, 0, 0, 1, mst_key_from_int32(4));
    mst_graph_free(&g);
    load_ok(mst_load_metis, "t.graph", "2 1 100\n9 2\n9 1\n", &g);
    cr_assert(eq(u64, g.m, 1));
    mst_graph_free(&g);
}

Test(load_metis, unequal_halves_stay_two_edges)
{
    mst_graph g;
    load_ok(mst_load_metis, "t.graph", "2 1 1\n2 5\n1 6\n", &g);
    cr_assert(eq(u64, g.m, 2));
    cr_assert(eq(u64, g.merged_arcs, 0));
    mst_graph_free(&g);
}

Test(load_metis, header_errors)
{
    fail_text(mst_load_metis, "t.graph", "% nothing\n", "t.graph:1:", "missing header");
    fail_text(mst_load_metis, "t.graph", "", "t.graph: empty file", "header 'N M");
    fail_text(mst_load_metis, "t.graph", "3\n", "t.graph:1:", "end of line");
    fail_text(mst_load_metis, "t.graph", "2 1 2\n2\n1\n", "t.graph:1:", "bad METIS FMT '2'");
    fail_text(mst_load_metis, "t.graph", "2 1 1111\n2\n1\n", "t.graph:1:",
              "bad METIS FMT '1111'");
    fail_text(mst_load_metis, "t.graph", "2 1 1 2\n2 1\n1 1\n", "t.graph:1:", "NCON");
    fail_text(mst_load_metis, "t.graph", "2 1 11 2 1 9\n", "t.graph:1:", "extra field '9'");
    fail_text(mst_load_metis, "t.graph", "2 x\n", "t.graph:1:", "found 'x'");
}

Test(load_metis, vertex_line_errors)
{
    fail_text(mst_load_metis, "t.graph", "3 2\n2\n1 3\n", "t.graph:3:",
              "header says 3 vertices, file has 2 vertex lines");
    fail_text(mst_load_metis, "t.graph", "2 1\n2\n1\n1 2\n", "t.graph:4:",
              "data after the 2 vertex lines");
    fail_text(mst_load_metis, "t.graph", "3 2\n2\n1\n\n", "t.graph:4:",
              "header says 2 edges, adjacency lists hold 2 entries (expected 4)");
    fail_text(mst_load_metis, "t.graph", "2 1\n3\n1\n", "t.graph:2:", "out of range");
    fail_text(mst_load_metis, "t.graph", "2 1\n0\n1\n", "t.graph:2:", "vertex id 0");
    fail_text(mst_load_metis, "t.graph", "2 1\n2\nx\n", "t.graph:3:", "found 'x'");
    fail_text(mst_load_metis, "t.graph", "2 1 1\n2\n1 5\n", "t.graph:2:",
              "missing edge weight after neighbour 2");
    fail_text(mst_load_metis, "t.graph", "2 1 011 2\n1\n1 1 1 5\n", "t.graph:2:",
              "vertex size/weight");
    fail_text(mst_load_metis, "t.graph", "2 1 10\n\n1\n", "t.graph:2:", "vertex size/weight");
}

Test(load_metis, bad_weights)
{
    fail_text(mst_load_metis, "t.graph", "2 1 1\n2 nan\n1 nan\n", "t.graph:2:", "integers");
    fail_text(mst_load_metis, "t.graph",
              "2 1 1\n2 18446744073709551616\n1 18446744073709551616\n", "t.graph:2:",
              "out of range");
    fail_text(mst_load_metis, "t.graph",
              "2 1 1\n2 -9223372036854775809\n1 -9223372036854775809\n", "t.graph:2:",
              "out of range");
    fail_text(mst_load_metis, "t.graph",
              "3 2 1\n2 -1\n1 -1 3 9223372036854775808\n2 9223372036854775808\n",
              "t.graph:3:", "does not fit int64");
    fail_text(mst_load_metis, "t.graph", "2 1 1\n2 x\n1 1\n", "t.graph:2:", "bad edge weight 'x'");
}

Test(load_metis, random_bytes)
{
    fail_bytes(mst_load_metis, "t.graph", garbage, sizeof garbage - 1, NULL, "t.graph:1:",
               "header");
    const char data[] = "2 1\n2\0 9\n1\n";
    fail_bytes(mst_load_metis, "t.graph", data, sizeof data - 1, NULL, "t.graph:2:",
               "NUL byte");
}

/* ---------------------------------------------------------------- gzip through mst_graph_load */

/* Writes `lines` edges "i i+1 w" gzipped to a new temp file named /tmp/mst-test-XXXXXX.el.gz;
 * returns its compressed size. */
static long write_gz(char path[64], int lines)
{
    strcpy(path, "/tmp/mst-test-XXXXXX.el.gz");
    int fd = mkstemps(path, 6);
    cr_assert(fd >= 0, "mkstemps failed");
    close(fd);
    gzFile z = gzopen(path, "wb");
    cr_assert(z != NULL);
    for (int i = 0; i < lines; i++)
        cr_assert(gzprintf(z, "%d %d %d\n", i, i + 1, (i * 7919) % 1000) > 0);
    cr_assert(eq(int, gzclose(z), Z_OK));
    FILE *f = fopen(path, "rb");
    cr_assert(f != NULL);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    return size;
}

Test(load_gzip, whole_file_loads)
{
    char path[64];
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    write_gz(path, 1000);
    mst_status st = mst_graph_load(path, &o, &g);
    unlink(path);
    cr_assert(eq(int, st, MST_OK), "%s", mst_last_error());
    cr_assert(eq(u32, g.n, 1001));
    cr_assert(eq(u64, g.m, 1000));
    cr_assert(eq(str, (char *)g.format, "edgelist"));
    check_edge(&g, 999, 999, 1000, mst_key_from_int32((999 * 7919) % 1000));
    mst_graph_free(&g);
}

Test(load_gzip, truncated_file_fails)
{
    char path[64];
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    long size = write_gz(path, 50000);
    cr_assert(eq(int, truncate(path, size / 2), 0));
    mst_status st = mst_graph_load(path, &o, &g);
    unlink(path);
    cr_assert(eq(int, st, MST_EINPUT), "got %d: %s", (int)st, mst_last_error());
    check_message(path, "truncated or corrupt gzip");
    check_zeroed(&g);
}

/* --------------------------------------------------------- bundled real graphs (graphs/) */

Test(load_bundled, manifest)
{
    manifest_row rows[MANIFEST_MAX_ROWS];
    size_t count;
    cr_assert(eq(int, manifest_read(rows, MANIFEST_MAX_ROWS, &count), MST_OK), "%s",
              mst_last_error());
    cr_assert(gt(sz, count, 0), "%s lists no graph", MANIFEST_PATH);
}

static void free_rows(struct criterion_test_params *params)
{
    cr_free(params->params);
}

/* One test per row; an unreadable manifest gives none here and fails load_bundled::manifest. */
ParameterizedTestParameters(load_bundled, figures)
{
    size_t count = 0;
    manifest_row *rows = cr_calloc(MANIFEST_MAX_ROWS, sizeof *rows);
    if (rows == NULL || manifest_read(rows, MANIFEST_MAX_ROWS, &count) != MST_OK)
        count = 0;
    return cr_make_param_array(manifest_row, rows, count, free_rows);
}

/* The loader must account for every entry the file states, as an edge, a reverse arc merged
 * into one, or a self-loop; the adjacency formats (METIS, .egr) state each edge once but list
 * it at both ends. */
ParameterizedTest(manifest_row *row, load_bundled, figures)
{
    mst_graph g;
    mst_load_options o = mst_load_options_default();
    cr_assert(eq(int, access(row->path, R_OK), 0), "%s is missing", row->path);
    cr_assert(eq(int, mst_graph_load(row->path, &o, &g), MST_OK), "%s", mst_last_error());
    int adjacency = strcmp(row->format, "metis") == 0 || strcmp(row->format, "egr") == 0;
    cr_assert(eq(str, (char *)g.format, row->format), "%s", row->path);
    cr_assert(eq(u32, g.n, row->n), "%s", row->path);
    cr_assert(eq(u64, g.self_loops, row->self_loops), "%s", row->path);
    cr_assert(eq(u64, g.m + g.merged_arcs + g.self_loops, (adjacency ? 2 : 1) * row->entries),
              "%s", row->path);
    cr_assert(eq(int, g.file_has_weights, strcmp(row->weights, "no") != 0), "%s", row->path);
    mst_graph_free(&g);
}
