/*
 * test_verify.c: unit tests of the certifying verifier (common/verify.c).
 *
 * Hand-made graphs with known answers (ties, parallel edges, several components, an isolated
 * vertex, the empty graph, a long path), one test per kind of violation the verifier must catch,
 * and a randomized test against an independent oracle: Kruskal written here (qsort of edge ids by
 * (key, id), union-find), then perturbed answers that must be rejected.
 * Source: docs/design.md, Verifier.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* A graph with int32 weights w[m], filled by hand (arrays malloc'ed: mst_graph_free frees). */
static mst_graph make_graph(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                            const int32_t *w)
{
    mst_graph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.m = m;
    g.u = malloc((m ? m : 1) * sizeof *g.u);
    g.v = malloc((m ? m : 1) * sizeof *g.v);
    g.key = malloc((m ? m : 1) * sizeof *g.key);
    cr_assert(g.u && g.v && g.key);
    for (uint64_t e = 0; e < m; e++) {
        g.u[e] = u[e];
        g.v[e] = v[e];
        g.key[e] = mst_key_from_int32(w[e]);
    }
    g.weight_type = MST_WEIGHT_INT32;
    g.file_has_weights = 1;
    return g;
}

/*
 * Vertices 0..6: component {0,1,2,3}, component {4,5}, isolated 6.
 *   id: 0    1    2    3    4    5    6    7
 *       0-1  1-2  0-2  2-3  2-3  4-5  5-4  0-3
 *   w:  2    2    2    5    3    1    1    7
 * Triangle 0,1,2 all tied: edges 0 and 1 win by id; 3 and 4 are parallel (4 is lighter);
 * 5 and 6 are parallel and tied (5 wins by id). MSF = {0, 1, 4, 5}, c = 3.
 */
static const uint32_t HU[] = {0, 1, 0, 2, 2, 4, 5, 0};
static const uint32_t HV[] = {1, 2, 2, 3, 3, 5, 4, 3};
static const int32_t HW[] = {2, 2, 2, 5, 3, 1, 1, 7};

static mst_graph hand_graph(void)
{
    return make_graph(7, 8, HU, HV, HW);
}

/* Runs the verifier on eid[k] of the hand graph; returns the status, keeps the message. */
static mst_status verify_hand(const uint64_t *eid, uint64_t k, uint64_t *c)
{
    mst_graph g = hand_graph();
    mst_clear_error();
    mst_status st = mst_verify_forest(&g, eid, k, c, 0, 0);
    mst_graph_free(&g);
    return st;
}

#define cr_assert_msg_has(needle)                                                                \
    cr_assert(strstr(mst_last_error(), (needle)) != NULL, "message \"%s\" lacks \"%s\"",        \
              mst_last_error(), (needle))

Test(verify, correct_forest_passes_and_reports_components)
{
    uint64_t eid[] = {0, 1, 4, 5}, c = 0;
    cr_assert_eq(verify_hand(eid, 4, &c), MST_OK, "%s", mst_last_error());
    cr_assert_eq(c, 3);
    uint64_t shuffled[] = {5, 4, 1, 0};
    cr_assert_eq(verify_hand(shuffled, 4, NULL), MST_OK, "%s", mst_last_error());
}

Test(verify, catches_cycle)
{
    uint64_t eid[] = {0, 1, 2, 4, 5};
    cr_assert_eq(verify_hand(eid, 5, NULL), MST_EVERIFY);
    cr_assert_msg_has("output edges form a cycle: edge 2 (0-2) closes it");
}

Test(verify, catches_missing_edge)
{
    uint64_t eid[] = {0, 1, 4}, c = 0;
    cr_assert_eq(verify_hand(eid, 3, &c), MST_EVERIFY);
    cr_assert_msg_has("output has 3 edges, a spanning forest of this graph has 7 - 3 = 4");
    cr_assert_eq(c, 3, "components are reported once counted");
}

Test(verify, catches_wrong_edge_count_empty_output)
{
    cr_assert_eq(verify_hand(NULL, 0, NULL), MST_EVERIFY);
    cr_assert_msg_has("output has 0 edges");
}

Test(verify, catches_edge_not_in_graph)
{
    uint64_t eid[] = {0, 1, 4, 8};
    cr_assert_eq(verify_hand(eid, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("edge id 8 is not an edge of the graph (m = 8)");
    uint64_t huge[] = {UINT64_MAX};
    cr_assert_eq(verify_hand(huge, 1, NULL), MST_EVERIFY);
    cr_assert_msg_has("is not an edge of the graph");
}

Test(verify, catches_duplicate)
{
    uint64_t eid[] = {0, 4, 1, 4};
    cr_assert_eq(verify_hand(eid, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("edge 4 (2-3) appears twice");
}

Test(verify, catches_non_minimal_tree)
{
    uint64_t eid[] = {0, 1, 3, 5}; /* parallel edge 3 (w=5) instead of 4 (w=3) */
    cr_assert_eq(verify_hand(eid, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("lighter");
    cr_assert_msg_has("non-tree edge 4 (2-3, w=3) is lighter than tree edge 3 (2-3, w=5)");
}

Test(verify, catches_heavier_cycle_edge)
{
    uint64_t eid[] = {0, 1, 5, 7}; /* 0-3 (w=7) instead of 2-3 (w=3) */
    cr_assert_eq(verify_hand(eid, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 3 (2-3, w=5) is lighter than tree edge 7 (0-3, w=7)");
}

Test(verify, catches_tie_broken_the_wrong_way)
{
    uint64_t eid[] = {0, 2, 4, 5}; /* 2 instead of 1: same key, higher id */
    cr_assert_eq(verify_hand(eid, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 1 (1-2, w=2) precedes tree edge 2 (0-2, w=2) on its tree "
                      "path in the (weight, edge id) order");
    uint64_t eid2[] = {0, 1, 4, 6}; /* parallel tie: 6 instead of 5 */
    cr_assert_eq(verify_hand(eid2, 4, NULL), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 5 (4-5, w=1) precedes tree edge 6 (5-4, w=1) on its tree "
                      "path in the (weight, edge id) order");
}

Test(verify, tree_ties_ordered_by_id_not_output_order)
{
    /* Triangle, all keys equal: MSF = {0, 1}. Output {2, 0} in decreasing id order must fail:
     * the non-tree edge 1 precedes tree edge 2, whatever order the solver listed them in. */
    static const uint32_t u[] = {0, 1, 0};
    static const uint32_t v[] = {1, 2, 2};
    static const int32_t w[] = {5, 5, 5};
    mst_graph g = make_graph(3, 3, u, v, w);
    uint64_t bad[] = {2, 0};
    cr_assert_eq(mst_verify_forest(&g, bad, 2, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 1 (1-2, w=5) precedes tree edge 2 (0-2, w=5) on its tree "
                      "path in the (weight, edge id) order");
    uint64_t good[] = {1, 0};
    cr_assert_eq(mst_verify_forest(&g, good, 2, NULL, 0, 0), MST_OK, "%s", mst_last_error());
    mst_graph_free(&g);
}

Test(verify, messages_add_index_base)
{
    mst_graph g = hand_graph();
    g.index_base = 1;
    uint64_t eid[] = {0, 4, 1, 4};
    cr_assert_eq(mst_verify_forest(&g, eid, 4, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("edge 4 (3-4) appears twice");
    mst_graph_free(&g);
}

Test(verify, float_weights_in_messages)
{
    static const uint32_t u[] = {0, 1, 0};
    static const uint32_t v[] = {1, 2, 2};
    static const int32_t w[] = {0, 0, 0};
    mst_graph g = make_graph(3, 3, u, v, w);
    g.weight_type = MST_WEIGHT_FLOAT32;
    g.key[0] = mst_key_from_float(0.5f);
    g.key[1] = mst_key_from_float(-0.0f);
    g.key[2] = mst_key_from_float(0.0f); /* +0.0 is above -0.0 in the key order */
    uint64_t good[] = {2, 1}; /* MSF = {-0.0, +0.0} */
    cr_assert_eq(mst_verify_forest(&g, good, 2, NULL, 0, 0), MST_OK, "%s", mst_last_error());
    uint64_t bad[] = {0, 1};
    cr_assert_eq(mst_verify_forest(&g, bad, 2, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 2 (0-2, w=0) is lighter than tree edge 0 (0-1, w=0.5)");
    uint64_t worse[] = {0, 2};
    cr_assert_eq(mst_verify_forest(&g, worse, 2, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 1 (1-2, w=-0) is lighter than tree edge 0 (0-1, w=0.5)");
    mst_graph_free(&g);
}

Test(verify, empty_graph)
{
    mst_graph g = make_graph(0, 0, NULL, NULL, NULL);
    uint64_t c = 99;
    cr_assert_eq(mst_verify_forest(&g, NULL, 0, &c, 0, 0), MST_OK, "%s", mst_last_error());
    cr_assert_eq(c, 0);
    mst_graph_free(&g);
}

Test(verify, isolated_vertices_only)
{
    mst_graph g = make_graph(5, 0, NULL, NULL, NULL);
    uint64_t c = 0;
    cr_assert_eq(mst_verify_forest(&g, NULL, 0, &c, 0, 0), MST_OK, "%s", mst_last_error());
    cr_assert_eq(c, 5);
    uint64_t bogus[] = {0};
    cr_assert_eq(mst_verify_forest(&g, bogus, 1, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("edge id 0 is not an edge of the graph (m = 0)");
    mst_graph_free(&g);
}

/* A path of 300000 vertices (deep tree: the verifier must not recurse), plus chords. */
Test(verify, long_path)
{
    const uint32_t n = 300000;
    uint64_t m = n - 1 + 2;
    uint32_t *u = malloc(m * sizeof *u), *v = malloc(m * sizeof *v);
    int32_t *w = malloc(m * sizeof *w);
    uint64_t *eid = malloc((n - 1) * sizeof *eid);
    cr_assert(u && v && w && eid);
    for (uint32_t x = 0; x + 1 < n; x++) {
        u[x] = x;
        v[x] = x + 1;
        w[x] = (int32_t)(x % 1000);
        eid[x] = x;
    }
    u[n - 1] = 0, v[n - 1] = n - 1, w[n - 1] = 1000;    /* heaviest: fine as a chord */
    u[n] = 7, v[n] = n - 5, w[n] = 999;                  /* ties the path max 999: id decides */
    mst_graph g = make_graph(n, m, u, v, w);
    uint64_t c = 0;
    cr_assert_eq(mst_verify_forest(&g, eid, n - 1, &c, 0, 0), MST_OK, "%s", mst_last_error());
    cr_assert_eq(c, 1);
    g.key[n] = mst_key_from_int32(998); /* now lighter than the 999 edges on its path */
    cr_assert_eq(mst_verify_forest(&g, eid, n - 1, NULL, 0, 0), MST_EVERIFY);
    cr_assert_msg_has("non-tree edge 300000 (7-299995, w=998) is lighter than tree edge 298999 "
                      "(298999-299000, w=999)");
    mst_graph_free(&g);
    free(u);
    free(v);
    free(w);
    free(eid);
}

/* ---------------------------------------------------------------------------------------- */
/* Randomized test against an independent oracle                                             */

static const mst_graph *sort_graph; /* qsort has no context argument */

static int by_key_then_id(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    uint32_t kx = sort_graph->key[x], ky = sort_graph->key[y];
    if (kx != ky)
        return kx < ky ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* Kruskal: the MSF edge ids into msf[] (room for n), their count; components into *c. */
static uint64_t oracle_msf(const mst_graph *g, uint64_t *msf, uint64_t *c)
{
    uint64_t *order = malloc((g->m ? g->m : 1) * sizeof *order);
    cr_assert(order);
    for (uint64_t e = 0; e < g->m; e++)
        order[e] = e;
    sort_graph = g;
    qsort(order, g->m, sizeof *order, by_key_then_id);
    mst_dsu d;
    cr_assert_eq(mst_dsu_init(&d, g->n), MST_OK);
    uint64_t k = 0;
    for (uint64_t i = 0; i < g->m; i++)
        if (mst_dsu_union(&d, g->u[order[i]], g->v[order[i]]))
            msf[k++] = order[i];
    mst_dsu_free(&d);
    free(order);
    *c = g->n - k;
    return k;
}

static uint64_t rng_state;
static uint32_t rnd(uint32_t bound) /* uniform-ish in [0, bound) */
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % bound);
}

Test(verify, random_multigraphs_against_oracle)
{
    rng_state = 12345;
    int rejected_swaps = 0;
    for (int round = 0; round < 60; round++) {
        uint32_t n = 1 + rnd(40);
        uint64_t m = rnd(121);
        uint32_t *u = malloc((m + 1) * sizeof *u), *v = malloc((m + 1) * sizeof *v);
        int32_t *w = malloc((m + 1) * sizeof *w);
        uint64_t keep = 0;
        for (uint64_t e = 0; e < m; e++) {
            uint32_t a = rnd(n), b = rnd(n);
            if (a == b)
                continue; /* canonical graphs have no self-loops */
            u[keep] = a;
            v[keep] = b;
            /* few distinct keys, many ties; in odd rounds the keys spread over 2^30 in
             * clusters of three, so that the verifier's slices of the key range hold several
             * keys (a heavier edge may share its path maximum's slice) */
            w[keep] = ((int32_t)rnd(5) - 2) * (round % 2 ? 1 << 28 : 1) +
                      (round % 2 ? (int32_t)rnd(3) : 0);
            keep++;
        }
        mst_graph g = make_graph(n, keep, u, v, w);
        uint64_t *msf = malloc((n + 1) * sizeof *msf), c = 0, cv = 0;
        uint64_t k = oracle_msf(&g, msf, &c);
        for (uint64_t i = k; i > 1; i--) { /* solvers list their edges in any order */
            uint64_t j = rnd((uint32_t)i), t = msf[i - 1];
            msf[i - 1] = msf[j];
            msf[j] = t;
        }
        cr_assert_eq(mst_verify_forest(&g, msf, k, &cv, 0, 0), MST_OK, "round %d: %s", round,
                     mst_last_error());
        cr_assert_eq(cv, c);

        /* Perturbation 1: drop one tree edge. */
        if (k > 0) {
            uint64_t drop = rnd((uint32_t)k);
            uint64_t *less = malloc(k * sizeof *less), j = 0;
            for (uint64_t i = 0; i < k; i++)
                if (i != drop)
                    less[j++] = msf[i];
            cr_assert_eq(mst_verify_forest(&g, less, k - 1, NULL, 0, 0), MST_EVERIFY);
            free(less);
        }

        /* Perturbation 2: replace tree edge t by a non-tree edge f across the cut it leaves
         * (f is heavier in (key, id) order: t is the unique lightest edge of that cut). */
        if (k > 0) {
            uint64_t ti = rnd((uint32_t)k), t = msf[ti];
            mst_dsu d;
            cr_assert_eq(mst_dsu_init(&d, n), MST_OK);
            for (uint64_t i = 0; i < k; i++)
                if (i != ti)
                    mst_dsu_union(&d, g.u[msf[i]], g.v[msf[i]]);
            uint32_t ra = mst_dsu_find(&d, g.u[t]), rb = mst_dsu_find(&d, g.v[t]);
            for (uint64_t f = 0; f < g.m; f++) {
                if (f == t)
                    continue;
                uint32_t fa = mst_dsu_find(&d, g.u[f]), fb = mst_dsu_find(&d, g.v[f]);
                if ((fa == ra && fb == rb) || (fa == rb && fb == ra)) {
                    cr_assert(g.key[t] < g.key[f] || (g.key[t] == g.key[f] && t < f));
                    msf[ti] = f;
                    cr_assert_eq(mst_verify_forest(&g, msf, k, NULL, 0, 0), MST_EVERIFY);
                    /* "is lighter than", or "precedes" when the two weights tie. */
                    cr_assert_msg_has("on its tree path");
                    msf[ti] = t;
                    rejected_swaps++;
                    break;
                }
            }
            mst_dsu_free(&d);
        }

        /* Perturbation 3: add any non-tree edge (cycle). */
        if (k < g.m) {
            uint64_t *more = malloc((k + 1) * sizeof *more);
            memcpy(more, msf, k * sizeof *more);
            for (uint64_t f = 0; f < g.m; f++) {
                int in = 0;
                for (uint64_t i = 0; i < k; i++)
                    in |= msf[i] == f;
                if (!in) {
                    more[k] = f;
                    break;
                }
            }
            cr_assert_eq(mst_verify_forest(&g, more, k + 1, NULL, 0, 0), MST_EVERIFY);
            cr_assert_msg_has("cycle");
            free(more);
        }
        free(msf);
        free(u);
        free(v);
        free(w);
        mst_graph_free(&g);
    }
    cr_assert_gt(rejected_swaps, 10, "too few swap perturbations were exercised");
}

/* Above 2^16 edges the non-tree edges are checked side by side: every thread count gives the
 * same verdict, the same components and the same message, naming the lowest failing edge. */
Test(verify, thread_counts_agree_on_large_graphs)
{
    rng_state = 777;
    uint32_t n = 30000;
    uint64_t m = 200000;
    uint32_t *u = malloc(m * sizeof *u), *v = malloc(m * sizeof *v);
    int32_t *w = malloc(m * sizeof *w);
    for (uint64_t e = 0; e < m; e++) {
        u[e] = rnd(n);
        v[e] = (u[e] + 1 + rnd(n - 1)) % n;
        w[e] = (int32_t)rnd(1000); /* ties */
    }
    mst_graph g = make_graph(n, m, u, v, w);
    uint64_t *msf = malloc(n * sizeof *msf), c = 0;
    uint64_t k = oracle_msf(&g, msf, &c);
    /* A non-tree edge across the cut that tree edge msf[k / 2] leaves: swapped in, it gives
     * another spanning forest, heavier in the (key, id) order. */
    uint64_t swap_in = UINT64_MAX;
    mst_dsu d;
    cr_assert_eq(mst_dsu_init(&d, n), MST_OK);
    for (uint64_t i = 0; i < k; i++)
        if (i != k / 2)
            mst_dsu_union(&d, g.u[msf[i]], g.v[msf[i]]);
    for (uint64_t f = 0; f < m && swap_in == UINT64_MAX; f++)
        if (f != msf[k / 2] && mst_dsu_find(&d, g.u[f]) != mst_dsu_find(&d, g.v[f]))
            swap_in = f;
    mst_dsu_free(&d);
    cr_assert_neq(swap_in, UINT64_MAX);
    char first[1024] = "";
    for (int t = 1; t <= 4; t++) {
        uint64_t cv = 0;
        cr_assert_eq(mst_verify_forest(&g, msf, k, &cv, 0, t), MST_OK, "%d threads: %s",
                     t, mst_last_error());
        cr_assert_eq(cv, c);
        uint64_t saved = msf[k / 2];
        msf[k / 2] = swap_in;
        mst_status st = mst_verify_forest(&g, msf, k, NULL, 0, t);
        msf[k / 2] = saved;
        cr_assert_eq(st, MST_EVERIFY);
        if (t == 1)
            snprintf(first, sizeof first, "%s", mst_last_error());
        else
            cr_assert_str_eq(mst_last_error(), first, "%d threads", t);
        cr_assert_eq(mst_verify_forest(&g, msf, k - 1, &cv, 0, t), MST_EVERIFY);
        cr_assert_eq(cv, c, "the components are counted for the message");
    }
    mst_graph_free(&g);
    free(u);
    free(v);
    free(w);
    free(msf);
}

/* Above 2^16 edges the ranking sorts on the threads and a Borůvka round of the forest comes
 * before the union-find: on a random graph with ties and many components and on a long path
 * (ids in path order, the union-find's worst order), every thread count certifies the forest,
 * finds every non-tree edge's path maximum (its sensitivity bound) as one thread does, and
 * refuses a forest with a cycle in it with one thread's message. */
Test(verify, thread_counts_agree_on_every_path_maximum)
{
    rng_state = 4242;
    for (int shape = 0; shape < 2; shape++) {
        uint32_t n = 300000;
        uint64_t m = shape == 0 ? 600000 : 2 * (uint64_t)n;
        uint32_t *u = malloc(m * sizeof *u), *v = malloc(m * sizeof *v);
        int32_t *w = malloc(m * sizeof *w);
        for (uint64_t e = 0; e < m; e++) {
            if (shape == 1 && e < n - 1) { /* the path 0-1-2-..., then random chords */
                u[e] = (uint32_t)e;
                v[e] = (uint32_t)e + 1;
            } else {
                u[e] = rnd(n);
                v[e] = (u[e] + 1 + rnd(n - 1)) % n;
            }
            w[e] = (int32_t)rnd(shape == 0 ? 1000 : 1000000);
        }
        mst_graph g = make_graph(n, m, u, v, w);
        uint64_t *msf = malloc(n * sizeof *msf), c = 0;
        uint64_t k = oracle_msf(&g, msf, &c);
        cr_assert_gt(k, 2 * 65536, "too few tree edges to sort on the threads");
        /* A non-tree edge whose ends the tree edges but the last join: in its place, a cycle. */
        mst_dsu d;
        cr_assert_eq(mst_dsu_init(&d, n), MST_OK);
        uint8_t *in_tree = calloc(m, 1);
        for (uint64_t i = 0; i < k; i++) {
            in_tree[msf[i]] = 1;
            if (i < k - 1)
                mst_dsu_union(&d, g.u[msf[i]], g.v[msf[i]]);
        }
        uint64_t chord = UINT64_MAX;
        for (uint64_t e = 0; e < m && chord == UINT64_MAX; e++)
            if (!in_tree[e] && mst_dsu_find(&d, g.u[e]) == mst_dsu_find(&d, g.v[e]))
                chord = e;
        mst_dsu_free(&d);
        free(in_tree);
        cr_assert_neq(chord, UINT64_MAX);
        char first[1024];
        uint64_t *bound[2] = {malloc(m * sizeof(uint64_t)), malloc(m * sizeof(uint64_t))};
        for (int t = 1; t <= 8; t += t < 4 ? 1 : 4) {
            uint64_t cv = 0, saved = msf[k - 1];
            cr_assert_eq(mst_verify_forest(&g, msf, k, &cv, 0, t), MST_OK,
                         "shape %d, %d threads: %s", shape, t, mst_last_error());
            cr_assert_eq(cv, c);
            msf[k - 1] = chord;
            cr_assert_eq(mst_verify_forest(&g, msf, k, NULL, 0, t), MST_EVERIFY);
            msf[k - 1] = saved;
            cr_assert(strstr(mst_last_error(), "form a cycle") != NULL, "%s", mst_last_error());
            if (t == 1)
                snprintf(first, sizeof first, "%s", mst_last_error());
            cr_assert_str_eq(mst_last_error(), first, "%d threads", t);
            /* every non-tree edge's path maximum, as its sensitivity bound: one thread's */
            cr_assert_eq(mst_verify_minimum(&g, msf, k, 0, t, NULL, bound[t > 1]), MST_OK);
            if (t > 1)
                cr_assert(memcmp(bound[0], bound[1], m * sizeof *bound[0]) == 0, "%d threads",
                          t);
        }
        free(bound[0]);
        free(bound[1]);
        mst_graph_free(&g);
        free(u);
        free(v);
        free(w);
        free(msf);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Any minimum forest, and the sensitivity, against brute force                              */

/* The total weight of the minimum (maximum: of the negated weights, negated) spanning forest of
 * edges u, v, w[0..m-1] on n vertices, by the oracle's Kruskal. */
static int64_t best_total(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                          const int32_t *w, int maximum)
{
    int32_t *x = malloc((m + 1) * sizeof *x);
    for (uint64_t e = 0; e < m; e++)
        x[e] = maximum ? -w[e] : w[e];
    mst_graph g = make_graph(n, m, u, v, x);
    uint64_t *msf = malloc((n + 1) * sizeof *msf), c, total = 0;
    uint64_t k = oracle_msf(&g, msf, &c);
    for (uint64_t i = 0; i < k; i++)
        total += (uint64_t)(int64_t)x[msf[i]];
    mst_graph_free(&g);
    free(msf);
    free(x);
    return maximum ? -(int64_t)total : (int64_t)total;
}

/* Kruskal with ties broken the other way (higher id first): a minimum forest, often not the
 * canonical one. */
static int by_key_then_id_down(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    uint32_t kx = sort_graph->key[x], ky = sort_graph->key[y];
    if (kx != ky)
        return kx < ky ? -1 : 1;
    return x > y ? -1 : x < y;
}

Test(verify, any_minimum_forest_and_sensitivity_by_brute_force)
{
    rng_state = 4242;
    int ties_found = 0, bounded = 0;
    for (int round = 0; round < 80; round++) {
        int maximum = round % 2;
        uint32_t n = 1 + rnd(12);
        uint64_t m = rnd(30), keep = 0;
        uint32_t *u = malloc((m + 1) * sizeof *u), *v = malloc((m + 1) * sizeof *v);
        int32_t *w = malloc((m + 1) * sizeof *w);
        for (uint64_t e = 0; e < m; e++) {
            uint32_t a = rnd(n), b = rnd(n);
            if (a == b)
                continue;
            u[keep] = a;
            v[keep] = b;
            w[keep++] = (int32_t)rnd(4);
        }
        m = keep;
        /* The other-way forest of the objective: Kruskal over keys flipped for the maximum. */
        int32_t *x = malloc((m + 1) * sizeof *x);
        for (uint64_t e = 0; e < m; e++)
            x[e] = maximum ? -w[e] : w[e];
        mst_graph h = make_graph(n, m, u, v, x);
        uint64_t *order = malloc((m + 1) * sizeof *order), *f = malloc((n + 1) * sizeof *f), k = 0;
        for (uint64_t e = 0; e < m; e++)
            order[e] = e;
        sort_graph = &h;
        qsort(order, m, sizeof *order, by_key_then_id_down);
        mst_dsu d;
        cr_assert_eq(mst_dsu_init(&d, n), MST_OK);
        for (uint64_t i = 0; i < m; i++)
            if (mst_dsu_union(&d, h.u[order[i]], h.v[order[i]]))
                f[k++] = order[i];
        mst_dsu_free(&d);
        mst_graph_free(&h);

        mst_graph g = make_graph(n, m, u, v, w);
        mst_verify_result r;
        uint64_t *bound = malloc((m + 1) * sizeof *bound);
        cr_assert_eq(mst_verify_minimum(&g, f, k, maximum, 1, &r, bound), MST_OK, "round %d: %s",
                     round, mst_last_error());
        cr_assert_eq(r.components, (uint64_t)n - k);
        mst_status canonical = mst_verify_forest(&g, f, k, NULL, maximum, 1);
        cr_assert_eq(canonical, r.tie == UINT64_MAX ? MST_OK : MST_EVERIFY, "round %d", round);
        if (r.tie != UINT64_MAX) {
            ties_found++;
            cr_assert_eq(w[r.tie], w[r.tie_tree]);
            cr_assert_lt(r.tie, r.tie_tree);
        }
        /* Every edge, every weight from below the lightest to above the heaviest: the forest
         * stays optimal exactly inside the interval its bound gives. */
        int64_t total = 0;
        for (uint64_t i = 0; i < k; i++)
            total += w[f[i]];
        for (uint64_t e = 0; e < m; e++) {
            int in = 0;
            for (uint64_t i = 0; i < k; i++)
                in |= f[i] == e;
            int32_t own = w[e];
            bounded += bound[e] != UINT64_MAX;
            for (int32_t y = -1; y <= 4; y++) {
                w[e] = y;
                int64_t mine = total + (in ? y - own : 0);
                int ok = mine == best_total(n, m, u, v, w, maximum);
                int want = 1;
                if (bound[e] != UINT64_MAX) {
                    int32_t b = w[bound[e]];
                    want = in != maximum ? y <= b : y >= b;
                }
                cr_assert_eq(ok, want, "round %d, edge %llu%s, weight %d: bound %lld", round,
                             (unsigned long long)e, in ? " (tree)" : "", y,
                             bound[e] == UINT64_MAX ? -1LL : (long long)bound[e]);
            }
            w[e] = own;
        }
        /* A lighter (heavier) non-tree edge than its path's largest is refused by both. */
        for (uint64_t e = 0; e < m; e++) {
            int in = 0;
            for (uint64_t i = 0; i < k; i++)
                in |= f[i] == e;
            if (in || bound[e] == UINT64_MAX || w[e] == w[bound[e]])
                continue;
            for (uint64_t i = 0; i < k; i++)
                if (f[i] == bound[e])
                    f[i] = e;
            cr_assert_eq(mst_verify_minimum(&g, f, k, maximum, 1, &r, NULL), MST_EVERIFY);
            cr_assert_msg_has(maximum ? "heavier than" : "lighter than");
            break;
        }
        mst_graph_free(&g);
        free(bound);
        free(order);
        free(f);
        free(u);
        free(v);
        free(w);
        free(x);
    }
    cr_assert_gt(ties_found, 10, "too few non-canonical minimum forests were exercised");
    cr_assert_gt(bounded, 100);
}
