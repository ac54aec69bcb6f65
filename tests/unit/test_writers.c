/*
 * test_writers.c: unit tests of the graph writers (gen/write.c) and the stream under them
 * (common/io/atomic_file.c).
 *
 * Hand-made canonical graphs with the hard cases (parallel edges of equal weight in both
 * orientations, isolated last vertices, negative, uint32 and float weights including -0.0 and
 * whole-number floats, empty graphs) are written in every format, plain and gzip, and read back
 * with mst_graph_load: order-keeping formats (edgelist, mtx, dimacs, msb) must give the same
 * graph edge for edge (mtx: each edge as (max, min)); metis and egr the same n, m and multiset
 * of weighted edges. Refused conversions must fail with the documented code and leave no file.
 * Source: docs/design.md, Data model; docs/formats.md; gen/write.h.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "loader.h"
#include "testlib.h"
#include "tmpdir.h"
#include "write.h"

/* ---------------------------------------------------------------------------------------- */
/* Suite (files in a temporary directory: tmpdir.h)                                          */

TestSuite(writer, .init = tmp_dir_make, .fini = tmp_dir_remove);

/* ---------------------------------------------------------------------------------------- */
/* Graphs and comparisons                                                                     */

/* A graph over the caller's arrays (not owned: never mst_graph_free it). */
static mst_graph view(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                      const uint32_t *key, mst_weight_type t)
{
    mst_graph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.m = m;
    g.u = (uint32_t *)u;
    g.v = (uint32_t *)v;
    g.key = (uint32_t *)key;
    g.weight_type = t;
    g.file_has_weights = 1;
    return g;
}

/* Reads a written graph back; float32 graphs with --weight-type float32, since text holds
 * their shortest float32 form, which reads as another double (docs/formats.md, Numbers). */
static mst_status load_as(const char *path, int weight_type, mst_graph *g)
{
    mst_load_options o = mst_load_options_default();
    o.weights = MST_WEIGHT_MODE_KEEP;
    o.weight_type = weight_type;
    mst_clear_error();
    return mst_graph_load(path, &o, g);
}

/* The raw weight of edge e as a double, for messages. */
static double raw(const mst_graph *g, uint64_t e)
{
    return mst_edge_weight_double(g, e);
}

/* An integer weight's exact value. */
static __int128 int_value(mst_weight_value x)
{
    return x.type == MST_WEIGHT_INT32 || x.type == MST_WEIGHT_INT64 ? (__int128)x.i
                                                                     : (__int128)x.u;
}

/* Same weight, exactly: equal integers whatever their width (a uint32 graph of small values
 * comes back int32), or floats of the same value and bits (-0.0 != 0.0; a float32 graph comes
 * back float64 from text, the same values). */
static int same_weight(const mst_graph *a, uint64_t ea, const mst_graph *b, uint64_t eb)
{
    mst_weight_value x = mst_edge_weight(a, ea), y = mst_edge_weight(b, eb);
    if (mst_weight_is_float(x.type) != mst_weight_is_float(y.type))
        return 0;
    if (mst_weight_is_float(x.type))
        return memcmp(&x.d, &y.d, sizeof x.d) == 0;
    return int_value(x) == int_value(y);
}

/* How a format orients the edges it writes. */
enum orient { AS_IS = 0, LOWER = 1 /* (max, min): mtx */, GROUP_FIRST = 2 /* arcs: wel, tw */ };

/* Edge order by (min, max, weight if weighted, id), for the GROUP_FIRST model below. */
static const mst_graph *sort_g;
static int sort_weights;
static int by_group(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    const mst_graph *g = sort_g;
    uint32_t la = g->u[a] < g->v[a] ? g->u[a] : g->v[a], ha = g->u[a] ^ g->v[a] ^ la;
    uint32_t lb = g->u[b] < g->v[b] ? g->u[b] : g->v[b], hb = g->u[b] ^ g->v[b] ^ lb;
    uint32_t ka = sort_weights ? g->key[a] : 0, kb = sort_weights ? g->key[b] : 0;
    if (la != lb)
        return la < lb ? -1 : 1;
    if (ha != hb)
        return ha < hb ? -1 : 1;
    if (ka != kb)
        return ka < kb ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* The orientation edge e must come back with: as written, (max, min), or that of the first
 * edge of its group of parallel edges of equal weight (all weights equal if unweighted): a
 * model of mst_arc_flips (gen/write.h) written independently (by sorting). eu/ev get [m]. */
static void expected_ends(const mst_graph *g, int weights, enum orient how, uint32_t *eu,
                          uint32_t *ev)
{
    for (uint64_t e = 0; e < g->m; e++) {
        eu[e] = g->u[e];
        ev[e] = g->v[e];
        if (how == LOWER && eu[e] < ev[e]) {
            eu[e] = g->v[e];
            ev[e] = g->u[e];
        }
    }
    if (how != GROUP_FIRST || g->m == 0)
        return;
    uint64_t *ids = malloc(g->m * sizeof *ids);
    cr_assert(ids != NULL);
    for (uint64_t e = 0; e < g->m; e++)
        ids[e] = e;
    sort_g = g;
    sort_weights = weights;
    qsort(ids, g->m, sizeof *ids, by_group);
    uint64_t first = ids[0];
    for (uint64_t i = 0; i < g->m; i++) {
        uint64_t e = ids[i];
        if (i > 0) {
            uint64_t p = ids[i - 1];
            uint32_t lp = g->u[p] < g->v[p] ? g->u[p] : g->v[p], hp = g->u[p] ^ g->v[p] ^ lp;
            uint32_t le = g->u[e] < g->v[e] ? g->u[e] : g->v[e], he = g->u[e] ^ g->v[e] ^ le;
            if (lp != le || hp != he || (weights && g->key[p] != g->key[e]))
                first = e; /* a new group starts (ids sorted: e is its lowest id) */
        }
        int first_up = g->u[first] < g->v[first], up = g->u[e] < g->v[e];
        if (first_up != up) {
            eu[e] = g->v[e];
            ev[e] = g->u[e];
        }
    }
    free(ids);
}

/* h (read back) equals g edge for edge, oriented as `how` says. */
static void expect_same_order(const mst_graph *g, const mst_graph *h, int weights,
                              enum orient how, const char *what)
{
    cr_assert_eq(h->n, g->n, "%s: n %u != %u", what, h->n, g->n);
    cr_assert_eq(h->m, g->m, "%s: m %llu != %llu", what, (unsigned long long)h->m,
                 (unsigned long long)g->m);
    cr_assert_eq(h->file_has_weights, weights, "%s: file_has_weights", what);
    uint32_t *eu = malloc((g->m + 1) * sizeof *eu), *ev = malloc((g->m + 1) * sizeof *ev);
    cr_assert(eu != NULL && ev != NULL);
    expected_ends(g, weights, how, eu, ev);
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a = eu[e], b = ev[e];
        cr_assert(h->u[e] == a && h->v[e] == b, "%s: edge %llu is %u-%u, expected %u-%u", what,
                  (unsigned long long)e, h->u[e], h->v[e], a, b);
        if (weights)
            cr_assert(same_weight(g, e, h, e), "%s: weight of edge %llu: %.9g != %.9g", what,
                      (unsigned long long)e, raw(h, e), raw(g, e));
    }
    free(eu);
    free(ev);
    if (weights && mst_weight_is_float(g->weight_type))
        cr_assert(mst_weight_is_float(h->weight_type), "%s: float weights lost", what);
    if (weights && strstr(what, ".msb") != NULL)
        cr_assert_eq(h->weight_type, g->weight_type, "%s: the type changed", what);
}

/* The orientation rule of the format of file `name` (written with or without weights). */
static enum orient orient_of(const char *name, int weights)
{
    if (strstr(name, ".mtx") != NULL)
        return LOWER;
    if (strstr(name, ".wel") != NULL || (strstr(name, ".gr") != NULL && !weights))
        return GROUP_FIRST;
    return AS_IS;
}

/* h has the same n, m and multiset of (min, max, weight) edges as g. */
static void expect_same_multiset(const mst_graph *g, const mst_graph *h, int weights,
                                 const char *what)
{
    cr_assert_eq(h->n, g->n, "%s: n", what);
    cr_assert_eq(h->m, g->m, "%s: m", what);
    char *used = calloc(g->m + 1, 1);
    cr_assert(used != NULL);
    for (uint64_t e = 0; e < h->m; e++) {
        uint32_t a = h->u[e] < h->v[e] ? h->u[e] : h->v[e], b = h->u[e] ^ h->v[e] ^ a;
        uint64_t f = 0;
        for (; f < g->m; f++) {
            uint32_t c = g->u[f] < g->v[f] ? g->u[f] : g->v[f], d = g->u[f] ^ g->v[f] ^ c;
            if (!used[f] && a == c && b == d && (!weights || same_weight(g, f, h, e)))
                break;
        }
        cr_assert(f < g->m, "%s: edge %llu (%u-%u) read back matches no edge", what,
                  (unsigned long long)e, a, b);
        used[f] = 1;
    }
    free(used);
}

static const char *const ORDER_KEEPING[] = {"g.wel", "g.wel.gz", "g.mtx", "g.mtx.gz", "g.msb",
                                            "g.msb.gz", "g.gr", "g.gr.gz"};
static const char *const CSR_FORMATS[] = {"g.graph", "g.graph.gz", "g.egr", "g.egr.gz"};

/* Writes g to tmp/name (format by extension), reads it back into *h. */
static void write_and_load(const mst_graph *g, const char *name, int weights, mst_graph *h)
{
    const char *path = tmp_path(name);
    mst_status st = mst_graph_write(path, NULL, g, weights);
    cr_assert_eq(st, MST_OK, "%s: %s", name, mst_last_error());
    cr_assert_eq(tmp_dir_entries(), 1, "%s: a temporary file was left behind", name);
    st = load_as(path, g->weight_type == MST_WEIGHT_FLOAT32 ? 1 + MST_WEIGHT_FLOAT32 : 0, h);
    cr_assert_eq(st, MST_OK, "%s: reading back: %s", name, mst_last_error());
    unlink(path);
}

/* Every format that can hold g (integer-only ones skipped for float32 graphs). */
static void round_trip_all(const mst_graph *g, int weights)
{
    int integers = !weights || !mst_weight_is_float(g->weight_type);
    int int32 = integers; /* .egr: int32 weights only */
    for (uint64_t e = 0; weights && integers && e < g->m; e++) {
        uint64_t bits;
        if (!mst_weight_value_fits(mst_edge_weight(g, e), MST_WEIGHT_INT32, &bits))
            int32 = 0;
    }
    for (size_t i = 0; i < sizeof ORDER_KEEPING / sizeof *ORDER_KEEPING; i++) {
        const char *name = ORDER_KEEPING[i];
        if (strstr(name, ".gr") != NULL && !integers)
            continue;
        mst_graph h;
        write_and_load(g, name, weights, &h);
        expect_same_order(g, &h, weights, orient_of(name, weights), name);
        mst_graph_free(&h);
    }
    for (size_t i = 0; i < sizeof CSR_FORMATS / sizeof *CSR_FORMATS; i++) {
        const char *name = CSR_FORMATS[i];
        if (!integers || (strstr(name, ".egr") != NULL && !int32))
            continue;
        mst_graph h;
        write_and_load(g, name, weights, &h);
        expect_same_multiset(g, &h, weights, name);
        mst_graph_free(&h);
    }
}

/* Parallel edges of equal weight in both orientations (a loader that symmetrizes would merge
 * them if written naively), unequal parallel edges, and two isolated last vertices (5, 6). */
static const uint32_t TU[] = {0, 1, 1, 2, 3, 0, 4, 2, 4, 1, 3};
static const uint32_t TV[] = {1, 0, 0, 3, 2, 1, 2, 4, 0, 2, 4};

static void tricky(mst_weight_type t, const uint32_t *key)
{
    mst_graph g = view(7, 11, TU, TV, key, t);
    round_trip_all(&g, 1);
    round_trip_all(&g, 0);
}

Test(writer, int32_weights_with_negatives_and_ties)
{
    uint32_t key[11];
    const int32_t w[11] = {5, 5, 5, -4, -4, 7, 0, 0, INT32_MIN, INT32_MAX, -1};
    for (int i = 0; i < 11; i++)
        key[i] = mst_key_from_int32(w[i]);
    tricky(MST_WEIGHT_INT32, key);
}

Test(writer, uint32_weights_above_int32)
{
    const uint32_t key[11] = {4000000000u, 4000000000u, 4000000000u, 0, 0, UINT32_MAX, 1, 1,
                              2147483648u, 7, 7};
    tricky(MST_WEIGHT_UINT32, key);
    /* egr holds int32 only: refused, nothing written. */
    mst_graph g = view(7, 11, TU, TV, key, MST_WEIGHT_UINT32);
    cr_assert_eq(mst_graph_write(tmp_path("u.egr"), NULL, &g, 1), MST_EUSAGE);
    cr_assert(strstr(mst_last_error(), "outside int32") != NULL, "%s", mst_last_error());
    cr_assert_eq(tmp_dir_entries(), 0);
}

/* tricky() for a 64-bit type: the graph gets its raw weights through mst_graph_set_weights. */
static void tricky_wide(mst_weight_type t, const void *w)
{
    mst_graph g = view(7, 11, TU, TV, NULL, t);
    cr_assert_eq(mst_graph_set_weights(&g, t, w), MST_OK, "%s", mst_last_error());
    round_trip_all(&g, 1);
    round_trip_all(&g, 0);
    free(g.key);
    free(g.raw);
}

Test(writer, int64_weights_exact_with_extremes_and_ties)
{
    const int64_t w[11] = {INT64_MIN, INT64_MIN, INT64_MAX, -5, -5, 0, 1, (int64_t)1 << 53,
                           ((int64_t)1 << 53) + 1, -4294967296LL, 7};
    tricky_wide(MST_WEIGHT_INT64, w);
}

Test(writer, uint64_weights_exact_up_to_the_maximum)
{
    const uint64_t w[11] = {UINT64_MAX, UINT64_MAX, UINT64_MAX - 1, 0, 0, 1ull << 63,
                            (1ull << 63) - 1, 18446744073709551557ull, 5, 4294967296ull, 5};
    tricky_wide(MST_WEIGHT_UINT64, w);
}

Test(writer, float64_weights_exact_close_values_and_zeros)
{
    const double w[11] = {1.0, 1.00000001, 1.00000002, -0.0, 0.0, 0.1, 1e-310, 1.7976931348623157e308,
                          1.0000000000000002, -2.5, 9007199254740993.0};
    tricky_wide(MST_WEIGHT_FLOAT64, w);
}

Test(writer, float32_weights_exact)
{
    const float w[11] = {0.1f, 0.1f, 0.1f, -0.0f, 0.0f, 3.0f, 1e-30f, 3.4028235e38f, 1e-45f,
                         -2.5f, 16777216.0f};
    uint32_t key[11];
    for (int i = 0; i < 11; i++)
        key[i] = mst_key_from_float(w[i]);
    tricky(MST_WEIGHT_FLOAT32, key);
    /* Whole-number floats only: still float32 after a text round trip. */
    const float whole[11] = {1, 1, 1, 2, 2, 3, 4, 5, 6, 7, -0.0f};
    for (int i = 0; i < 11; i++)
        key[i] = mst_key_from_float(whole[i]);
    tricky(MST_WEIGHT_FLOAT32, key);
}

Test(writer, float32_refused_by_integer_formats)
{
    const uint32_t key[2] = {mst_key_from_float(0.5f), mst_key_from_float(1.5f)};
    const uint32_t u[2] = {0, 1}, v[2] = {1, 2};
    mst_graph g = view(3, 2, u, v, key, MST_WEIGHT_FLOAT32);
    const char *names[] = {"f.gr", "f.gr.gz", "f.graph", "f.egr"};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(mst_graph_write(tmp_path(names[i]), NULL, &g, 1), MST_EUSAGE, "%s",
                     names[i]);
        cr_assert(strstr(mst_last_error(), "integer weights only") != NULL, "%s",
                  mst_last_error());
        cr_assert_eq(tmp_dir_entries(), 0, "%s: file left behind", names[i]);
    }
    /* Without weights they are fine. */
    mst_graph h;
    write_and_load(&g, "f.gr", 0, &h);
    expect_same_order(&g, &h, 0, GROUP_FIRST, "f.gr unweighted");
    mst_graph_free(&h);
}

Test(writer, infinite_float_refused_by_text_formats)
{
    const uint32_t key[1] = {mst_key_from_float(INFINITY)};
    const uint32_t u[1] = {0}, v[1] = {1};
    mst_graph g = view(2, 1, u, v, key, MST_WEIGHT_FLOAT32), h;
    cr_assert_eq(mst_graph_write(tmp_path("i.wel"), NULL, &g, 1), MST_EUSAGE);
    cr_assert_eq(mst_graph_write(tmp_path("i.mtx"), NULL, &g, 1), MST_EUSAGE);
    cr_assert_eq(tmp_dir_entries(), 0);
    write_and_load(&g, "i.msb", 1, &h); /* .msb holds it */
    expect_same_order(&g, &h, 1, AS_IS, "i.msb");
    mst_graph_free(&h);
}

Test(writer, empty_and_isolated_only)
{
    uint32_t none[1] = {0};
    for (uint32_t n = 0; n <= 5; n += 5) {
        mst_graph g = view(n, 0, none, none, none, MST_WEIGHT_INT32);
        for (int weights = 0; weights <= 1; weights++) {
            const char *names[] = {"e.wel", "e.mtx", "e.gr", "e.msb", "e.graph", "e.egr"};
            for (int i = 0; i < 6; i++) {
                mst_graph h;
                write_and_load(&g, names[i], weights, &h);
                cr_assert_eq(h.n, n, "%s: n = %u, expected %u", names[i], h.n, n);
                cr_assert_eq(h.m, 0, "%s", names[i]);
                mst_graph_free(&h);
            }
        }
    }
}

Test(writer, edge_list_keeps_n_with_a_self_loop)
{
    const uint32_t u[2] = {0, 1}, v[2] = {1, 2}, key[2] = {mst_key_from_float(1.5f),
                                                            mst_key_from_float(2.5f)};
    mst_graph g = view(10, 2, u, v, key, MST_WEIGHT_FLOAT32), h;
    write_and_load(&g, "s.wel", 1, &h);
    expect_same_order(&g, &h, 1, GROUP_FIRST, "s.wel");
    cr_assert_eq(h.self_loops, 1);
    mst_graph_free(&h);
}

Test(writer, msb_keeps_the_index_base)
{
    const uint32_t u[1] = {0}, v[1] = {1}, key[1] = {mst_key_from_int32(3)};
    mst_graph g = view(2, 1, u, v, key, MST_WEIGHT_INT32), h;
    g.index_base = 1;
    write_and_load(&g, "b.msb", 1, &h);
    cr_assert_eq(h.index_base, 1);
    mst_graph_free(&h);
    write_and_load(&g, "b.wel", 1, &h);
    cr_assert_eq(h.index_base, 0, "edge lists are written 0-based");
    mst_graph_free(&h);
}

Test(writer, larger_random_multigraph)
{
    const uint64_t m = 300000; /* several 1 MiB buffers */
    uint32_t *u = malloc(m * 4), *v = malloc(m * 4), *key = malloc(m * 4);
    cr_assert(u && v && key);
    uint64_t s = 12345;
    for (uint64_t e = 0; e < m; e++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        u[e] = (uint32_t)(s >> 33) % 500;
        v[e] = (uint32_t)(s >> 13) % 500;
        if (u[e] == v[e])
            v[e] = (v[e] + 1) % 500;
        key[e] = mst_key_from_int32((int32_t)((s >> 40) % 7) - 3); /* many equal parallel edges */
    }
    mst_graph g = view(600, m, u, v, key, MST_WEIGHT_INT32), h;
    const char *names[] = {"r.wel", "r.gr", "r.mtx.gz"};
    for (int weights = 0; weights <= 1; weights++)
        for (int i = 0; i < 3; i++) {
            write_and_load(&g, names[i], weights, &h);
            expect_same_order(&g, &h, weights, orient_of(names[i], weights), names[i]);
            mst_graph_free(&h);
        }
    free(u);
    free(v);
    free(key);
}

Test(writer, errors_leave_no_file)
{
    const uint32_t u[1] = {0}, v[1] = {1}, key[1] = {mst_key_from_int32(3)};
    mst_graph g = view(2, 1, u, v, key, MST_WEIGHT_INT32);
    const char *bad[] = {"missing/x.wel", "missing/x.wel.gz", "missing/x.graph",
                         "missing/x.egr"};
    for (int i = 0; i < 4; i++) {
        const char *path = tmp_path(bad[i]);
        cr_assert_eq(mst_graph_write(path, NULL, &g, 1), MST_EINPUT, "%s", bad[i]);
        cr_assert(strstr(mst_last_error(), path) != NULL, "%s", mst_last_error());
    }
    cr_assert_eq(mst_graph_write(tmp_path("x.unknown"), NULL, &g, 1), MST_EUSAGE);
    cr_assert_eq(mst_graph_write(tmp_path("x.wel"), "nope", &g, 1), MST_EUSAGE);
    cr_assert_eq(tmp_dir_entries(), 0);
    /* --to style: the format given wins over the extension. */
    mst_graph h;
    cr_assert_eq(mst_graph_write(tmp_path("x.txt"), "dimacs", &g, 1), MST_OK);
    mst_load_options o = mst_load_options_default();
    o.format = "dimacs";
    cr_assert_eq(mst_graph_load(tmp_path("x.txt"), &o, &h), MST_OK, "%s", mst_last_error());
    cr_assert_eq(h.m, 1);
    mst_graph_free(&h);
}

Test(writer, egr_size_limits)
{
    /* The limits are checked before any array is read: these graphs have none. */
    mst_graph g = view(10, (uint64_t)1 << 30, NULL, NULL, NULL, MST_WEIGHT_INT32);
    cr_assert_eq(mst_graph_write(tmp_path("big.egr"), NULL, &g, 1), MST_ERESOURCE);
    g = view(0x80000000u, 0, NULL, NULL, NULL, MST_WEIGHT_INT32);
    cr_assert_eq(mst_graph_write(tmp_path("big.egr"), NULL, &g, 0), MST_ERESOURCE);
    cr_assert_eq(tmp_dir_entries(), 0);
}

/* ---------------------------------------------------------------------------------------- */
/* Helpers: arc flips, integer and float text                                                 */

Test(writer, arc_flips_only_reversed_equal_parallels)
{
    const uint32_t u[] = {0, 1, 1, 2, 1, 3, 3};
    const uint32_t v[] = {1, 0, 0, 1, 2, 4, 4};
    const uint32_t key[] = {5, 5, 6, 1, 1, 9, 9};
    mst_graph g = view(5, 7, u, v, key, MST_WEIGHT_UINT32);
    uint64_t *flips, count;
    cr_assert_eq(mst_arc_flips(&g, 1, &flips, &count), MST_OK);
    cr_assert_eq(count, 2);
    cr_assert(flips[0] == 1 && flips[1] == 4, "flips %llu %llu", (unsigned long long)flips[0],
              (unsigned long long)flips[1]);
    free(flips);
    /* Unweighted: all weights equal, so 1-0 (6) joins the group of 0-1 too. */
    cr_assert_eq(mst_arc_flips(&g, 0, &flips, &count), MST_OK);
    cr_assert_eq(count, 3);
    cr_assert(flips[0] == 1 && flips[1] == 2 && flips[2] == 4);
    free(flips);
}
