/* Unit tests of mst-seq's Prim and Borůvka: the same edge set as Kruskal on hundreds of small
 * random multigraphs with ties, forests and isolated vertices, hand-made corner cases, phases. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "../../seq/seq.h"
#include "testlib.h"

typedef mst_solve_fn seq_algo;

/* A graph from literal edges {u, v, key}. */
static mst_graph literal_graph(uint32_t n, uint64_t m, const uint32_t (*edges)[3])
{
    mst_graph g = empty_graph(n, m);
    for (; g.m < m; g.m++) {
        g.u[g.m] = edges[g.m][0];
        g.v[g.m] = edges[g.m][1];
        g.key[g.m] = edges[g.m][2];
    }
    return g;
}

/* The forest of `algo` on g, edge ids sorted ascending; the caller frees f->eid. */
static void solve_sorted(seq_algo algo, const mst_graph *g, mst_forest *f)
{
    uint64_t cap = (g->m < g->n ? g->m : g->n) + 1;
    *f = (mst_forest){malloc(cap * 8), 0, cap};
    cr_assert_eq(algo(g, NULL, f, NULL), MST_OK, "%s", mst_last_error());
    cr_assert_leq(f->count, cap - 1);
    cr_assert_eq(mst_sort_u64(f->eid, f->count), MST_OK);
}

/* Checks that algo gives Kruskal's edge set on g, twice, and leaves g unchanged. */
static void check_against_kruskal(seq_algo algo, const char *name, const mst_graph *g)
{
    size_t bytes = g->m * 4;
    uint32_t *u = malloc(bytes + 4), *v = malloc(bytes + 4), *key = malloc(bytes + 4);
    memcpy(u, g->u, bytes);
    memcpy(v, g->v, bytes);
    memcpy(key, g->key, bytes);
    mst_forest want, got;
    solve_sorted(mst_kruskal, g, &want);
    for (int call = 0; call < 2; call++) {
        solve_sorted(algo, g, &got);
        cr_assert_eq(got.count, want.count, "%s: %llu edges, Kruskal %llu (n=%u m=%llu)", name,
                     (unsigned long long)got.count, (unsigned long long)want.count, g->n,
                     (unsigned long long)g->m);
        cr_assert(memcmp(got.eid, want.eid, got.count * 8) == 0,
                  "%s: edge set differs from Kruskal's (n=%u m=%llu, call %d)", name, g->n,
                  (unsigned long long)g->m, call + 1);
        free(got.eid);
    }
    cr_assert(memcmp(u, g->u, bytes) == 0 && memcmp(v, g->v, bytes) == 0 &&
                  memcmp(key, g->key, bytes) == 0,
              "%s changed the graph", name);
    free(want.eid);
    free(u);
    free(v);
    free(key);
}

/* 60 random graphs for each of six sizes: m from 0 to 8n, keys from all-equal to distinct,
 * one to four blocks. */
static void check_random_graphs(seq_algo algo, const char *name)
{
    const uint32_t ns[] = {2, 3, 8, 41, 300, 2500};
    const uint64_t key_ranges[] = {1, 2, 5, 100, 1ull << 32};
    for (size_t c = 0; c < sizeof ns / sizeof ns[0]; c++)
        for (int trial = 0; trial < 60; trial++) {
            uint32_t n = ns[c], parts = 1 + (uint32_t)(rnd() % 4);
            if (n / parts < 2)
                parts = 1;
            uint64_t m = rnd() % (8 * (uint64_t)n + 1);
            mst_graph g = random_graph(n, m, key_ranges[trial % 5], parts);
            check_against_kruskal(algo, name, &g);
            mst_graph_free(&g);
        }
}

/* Corner cases: no vertices, no edges, isolated vertices, parallel edges (the lightest by
 * (key, id) wins, whichever way round it is listed), all keys equal, extreme keys. */
static void check_corner_cases(seq_algo algo, const char *name)
{
    static const uint32_t parallel[][3] = {{0, 1, 5}, {1, 0, 3}, {0, 1, 3}, {1, 2, 3},
                                           {2, 1, 3}, {1, 0, 2}, {3, 4, 9}};
    static const uint32_t equal[][3] = {{0, 1, 7}, {1, 2, 7}, {2, 0, 7}, {2, 3, 7}, {3, 0, 7}};
    static const uint32_t extreme[][3] = {{0, 1, UINT32_MAX}, {1, 2, 0}, {2, 0, UINT32_MAX}};
    static const uint64_t parallel_msf[] = {3, 5, 6}, equal_msf[] = {0, 1, 3},
                          extreme_msf[] = {0, 1};
    struct {
        uint32_t n;
        uint64_t m;
        const uint32_t (*edges)[3];
        const uint64_t *msf;
        uint64_t count;
    } cases[] = {{0, 0, NULL, NULL, 0},     {1, 0, NULL, NULL, 0},
                 {6, 0, NULL, NULL, 0},     {7, 7, parallel, parallel_msf, 3},
                 {4, 5, equal, equal_msf, 3}, {3, 3, extreme, extreme_msf, 2}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mst_graph g = literal_graph(cases[c].n, cases[c].m, cases[c].edges);
        mst_forest f;
        solve_sorted(algo, &g, &f);
        cr_assert_eq(f.count, cases[c].count, "%s, case %zu: %llu edges", name, c,
                     (unsigned long long)f.count);
        cr_assert(f.count == 0 || memcmp(f.eid, cases[c].msf, f.count * 8) == 0,
                  "%s, case %zu: wrong edges", name, c);
        cr_assert_eq(mst_verify_forest(&g, f.eid, f.count, NULL, 0, 0), MST_OK, "%s",
                     mst_last_error());
        check_against_kruskal(algo, name, &g);
        free(f.eid);
        mst_graph_free(&g);
    }
}

/* The value of counter `name` in ph (fails if absent). */
static uint64_t counter(const mst_phases *ph, const char *name)
{
    for (int i = 0; i < ph->counters; i++)
        if (strcmp(ph->counter_name[i], name) == 0)
            return ph->counter[i];
    cr_assert_fail("no counter %s", name);
    return 0;
}

/* Runs algo on a random graph and checks it reports exactly `phases` (in order). */
static mst_phases run_with_phases(seq_algo algo, mst_graph *g, const char *const *phases)
{
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    mst_forest f = {malloc((g->n + 1) * 8), 0, (uint64_t)g->n + 1};
    cr_assert_eq(algo(g, NULL, &f, &ph), MST_OK, "%s", mst_last_error());
    free(f.eid);
    int k = 0;
    for (; phases[k] != NULL; k++) {
        cr_assert(k < ph.count && strcmp(ph.name[k], phases[k]) == 0, "phase %s", phases[k]);
        cr_assert_geq(ph.seconds[k], 0.0);
    }
    cr_assert_eq(ph.count, k);
    return ph;
}

/* Filter-Kruskal: graphs of n = 2500 with more than 4096 edges take the partition and filter
 * path, the others are one base case. */
Test(seq_filter_kruskal, matches_kruskal_on_random_multigraphs)
{
    check_random_graphs(mst_filter_kruskal, "filter-kruskal");
}

Test(seq_filter_kruskal, corner_cases)
{
    check_corner_cases(mst_filter_kruskal, "filter-kruskal");
}

/* Dense graphs recurse several levels (parts of 4096 edges): equal keys and forests too. */
Test(seq_filter_kruskal, deep_recursion_matches_kruskal)
{
    const uint64_t key_ranges[] = {1, 7, 1ull << 32};
    for (int i = 0; i < 3; i++) {
        mst_graph g = random_graph(3000, 60000, key_ranges[i], 1 + (uint32_t)i);
        check_against_kruskal(mst_filter_kruskal, "filter-kruskal", &g);
        mst_graph_free(&g);
    }
}

Test(seq_prim, matches_kruskal_on_random_multigraphs)
{
    check_random_graphs(mst_prim, "prim");
}

Test(seq_prim, corner_cases)
{
    check_corner_cases(mst_prim, "prim");
}

Test(seq_prim, phases_and_pushes)
{
    const char *const phases[] = {"csr", "heap", NULL};
    mst_graph g = random_graph(1000, 5000, 50, 1);
    mst_phases ph = run_with_phases(mst_prim, &g, phases);
    uint64_t pushes = counter(&ph, "heap_pushes");
    cr_assert(pushes >= 1 && pushes <= g.m, "heap_pushes = %llu", (unsigned long long)pushes);
    mst_graph_free(&g);
}

Test(seq_prim, refuses_2_to_the_32_edges)
{
    mst_graph g;
    memset(&g, 0, sizeof g); /* the header alone: the limit is checked before any array is read */
    g.n = 3;
    g.m = 1ull << 32;
    uint64_t eid[4];
    mst_forest f = {eid, 0, 4};
    cr_assert_eq(mst_prim(&g, NULL, &f, NULL), MST_ERESOURCE);
    cr_assert(strstr(mst_last_error(), "2^32") != NULL, "%s", mst_last_error());
}

Test(seq_boruvka, matches_kruskal_on_random_multigraphs)
{
    check_random_graphs(mst_boruvka, "boruvka");
}

Test(seq_boruvka, corner_cases)
{
    check_corner_cases(mst_boruvka, "boruvka");
}

Test(seq_boruvka, phases_and_rounds)
{
    const char *const phases[] = {"min", "union", "compact", NULL};
    mst_graph g = random_graph(1024, 5000, 50, 1);
    mst_phases ph = run_with_phases(mst_boruvka, &g, phases);
    uint64_t r = counter(&ph, "rounds");
    cr_assert(r >= 1 && r <= 10, "rounds = %llu (at most log2 n)", (unsigned long long)r);
    mst_graph_free(&g);
}
