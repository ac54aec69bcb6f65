/*
 * hybrid_host.c: mst-cuda's CPU+GPU hybrid (cuda/hybrid.h) on the host, without a GPU: host
 * solvers (Kruskal, seq.h) stand in for the GPU part kinds, batching and not, so the whole
 * pipeline runs here: k-core peeling, the partition, the concurrent parts (one thread for the
 * stand-in GPU parts, a nested team for the CPU's Borůvka), the finish over the forests and the
 * crossing edges. Every forest of every round must be exactly Kruskal's edge set. Graphs built
 * to stress the crossing edges: dense cliques joined by light and heavy crossing edges, a heavy
 * forest edge of a part bypassed by a lighter path through another part, ties of equal keys
 * across parts, parallel edges, forests and isolated vertices, a graph that is all core and one
 * that is all sparse, random graphs with planted cliques; each under several kind tables, core
 * thresholds and thread counts. Also: the partition's invariants (every edge in exactly one
 * part or crossing, the heuristic's choices) and the core numbers of kcore_peel against the
 * definition on random graphs, and a failing part solver's error on the calling thread.
 * Prints one line per failure and a summary; exits 0 when all pass, 1 otherwise.
 * usage: test-hybrid-host (kcore_host.c has the core numbers' and the partition's tests)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_test.h"
#include "hybrid.h"
#include "seq.h"

/* ---- graphs -------------------------------------------------------------------------- */

/* Four cliques of 12 (core number 11), a sparse path of 20, light and heavy crossing edges
 * between the cliques and from them to the path. */
static void cliques_crossing(builder *b)
{
    start(b, 4 * 12 + 20 + 3);
    for (uint32_t c = 0; c < 4; c++)
        clique(b, 12 * c, 12, 1000);
    path(b, 48, 20, 1000);
    for (uint32_t c = 0; c < 4; c++) {
        edge(b, 12 * c + 1, 12 * ((c + 1) % 4) + 2, 0);        /* light */
        edge(b, 12 * c + 3, 12 * ((c + 2) % 4) + 4, 999);      /* heavy */
        edge(b, 12 * c + 5, 48 + (uint32_t)(rnd() % 20), 500); /* to the path */
    }
    edge(b, 0, 13, 0); /* a parallel crossing edge, same key as the light one */
    edge(b, 1, 14, 0);
}

/* Clique A (0..11), whose vertex 1 reaches the rest of A only by heavy edges but for {0, 1}
 * (key 500): A's forest holds {0, 1}. A path 1 - 12 - 13 - 0 through sparse vertices (keys 1,
 * 2, 3) and one 1 - 14..25 - 0 through clique B (keys below 50) are lighter: the graph's MSF
 * does not hold {0, 1}. Returns its edge id. */
static uint64_t bypass(builder *b)
{
    start(b, 26);
    for (uint32_t i = 0; i < 12; i++)
        for (uint32_t j = i + 1; j < 12; j++)
            edge(b, i, j, i == 1 || j == 1 ? 900 + i + j : 10 + (uint32_t)(rnd() % 90));
    uint64_t heavy = 0;
    for (uint64_t e = 0; e < b->g.m; e++)
        if (b->g.u[e] == 0 && b->g.v[e] == 1)
            b->g.key[heavy = e] = 500;
    edge(b, 1, 12, 1);
    edge(b, 12, 13, 2);
    edge(b, 13, 0, 3);
    clique(b, 14, 12, 50);
    edge(b, 1, 14, 1);
    edge(b, 25, 0, 2);
    return heavy;
}

/* Components: two cliques, a tree, isolated vertices (the last five), no edge between them. */
static void forest_graph(builder *b)
{
    start(b, 15 + 10 + 30 + 5);
    clique(b, 0, 15, 100);
    clique(b, 15, 10, 100);
    for (uint32_t i = 1; i < 30; i++)
        edge(b, 25 + i, 25 + (uint32_t)(rnd() % i), (uint32_t)(rnd() % 100));
}

/* K_20 with every edge doubled: all core, one part, nothing crossing. */
static void all_core(builder *b)
{
    start(b, 20);
    clique(b, 0, 20, 1000);
    clique(b, 0, 20, 1000);
}

/* A 10 x 10 grid and a path: degeneracy 2, no core. */
static void all_sparse(builder *b)
{
    start(b, 100 + 30);
    for (uint32_t y = 0; y < 10; y++)
        for (uint32_t x = 0; x < 10; x++) {
            if (x + 1 < 10)
                edge(b, 10 * y + x, 10 * y + x + 1, (uint32_t)(rnd() % 50));
            if (y + 1 < 10)
                edge(b, 10 * y + x, 10 * y + x + 10, (uint32_t)(rnd() % 50));
        }
    path(b, 100, 30, 50);
}

/* ---- the stand-in GPU kinds ------------------------------------------------------------- */

static int live_states;   /* prepared and not yet released */
static int wrong_thread;  /* stand-in solves that ran off the calling thread */
static int fail_solve;    /* 1: the stand-in's solve fails */

static mst_status standin_prepare(const mst_graph *part, const void *ctx, void **state)
{
    (void)part;
    (void)ctx;
    *state = malloc(1);
    live_states++;
    return MST_OK;
}

/* Kruskal on the part, on the outer team's thread 0 (the caller's, which drives the GPU). */
static mst_status standin_solve(void *state, const mst_graph *part, mst_forest *out)
{
    (void)state;
    if (omp_get_thread_num() != 0)
        __atomic_fetch_add(&wrong_thread, 1, __ATOMIC_RELAXED);
    if (fail_solve)
        return mst_fail(MST_ERESOURCE, "stand-in GPU: out of device memory");
    return mst_kruskal(part, NULL, out, NULL);
}

static void standin_release(void *state)
{
    free(state);
    live_states--;
}

static mst_status failing_prepare(const mst_graph *part, const void *ctx, void **state)
{
    (void)part;
    (void)ctx;
    *state = NULL;
    return mst_fail(MST_ERESOURCE, "stand-in GPU: no device");
}

#define STANDIN(name, min_edges, density, batch)                                                 \
    {name, {min_edges, density, batch}, standin_prepare, standin_solve, standin_release}

/* Kind tables: none (all CPU); one batching kind; a non-batching dense kind before a batching
 * one (as the dense-matrix kind will be); every core component its own GPU part. */
static const hybrid_kind batching[] = {STANDIN("batch", 20, 0.0, 1)};
static const hybrid_kind two_kinds[] = {STANDIN("dense", 20, 0.9, 0),
                                        STANDIN("batch", 20, 0.0, 1)};
static const hybrid_kind each_own[] = {STANDIN("own", 0, 0.0, 0)};

typedef struct config {
    const char *name;
    const hybrid_kind *kinds;
    int count;
} config;

static const config configs[] = {
    {"cpu only", NULL, 0},
    {"batching", batching, 1},
    {"dense+batching", two_kinds, 2},
    {"each its own", each_own, 1},
};
#define CONFIGS (int)(sizeof configs / sizeof *configs)

/* Core thresholds: from the degeneracy, everything with an edge, 3, nothing. */
static const uint32_t thresholds[] = {0, 1, 3, 1u << 30};
#define THRESHOLDS (int)(sizeof thresholds / sizeof *thresholds)

/* ---- the checks ----------------------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static mst_forest forest_of(const mst_graph *g)
{
    uint64_t cap = (g->m < g->n ? g->m : g->n) + 1;
    mst_forest f = {calloc(cap, 8), 0, cap};
    return f;
}

/* 1 if f holds exactly ref's edges (both sorted here). */
static int same_edges(mst_forest *f, mst_forest *ref)
{
    qsort(f->eid, f->count, 8, cmp_u64);
    qsort(ref->eid, ref->count, 8, cmp_u64);
    return f->count == ref->count && memcmp(f->eid, ref->eid, f->count * 8) == 0;
}

static int holds(const mst_forest *f, uint64_t e)
{
    for (uint64_t i = 0; i < f->count; i++)
        if (f->eid[i] == e)
            return 1;
    return 0;
}

static void check_counters(const char *what, const mst_phases *ph)
{
    uint64_t parts = mst_phase_counter(ph, "parts"), gpu = mst_phase_counter(ph, "gpu_parts");
    uint64_t cpu = mst_phase_counter(ph, "cpu_parts");
    CHECK(parts == gpu + cpu && cpu <= 1, "%s: parts %llu, gpu %llu, cpu %llu", what,
          (unsigned long long)parts, (unsigned long long)gpu, (unsigned long long)cpu);
    CHECK(mst_phase_counter(ph, "core_threshold") > 0, "%s: no core_threshold", what);
}

/* Prepared once, three rounds (the graph's own keys first, then random ones below key_range),
 * and one one-shot solve, against Kruskal. */
static void rounds(const char *graph, mst_graph *g, uint32_t key_range, const hybrid_options *o)
{
    char what[256];
    mst_forest f = forest_of(g), ref = forest_of(g);
    mst_phases ph;
    hybrid_state *s = NULL;
    memset(&ph, 0, sizeof ph);
    snprintf(what, sizeof what, "%s, %d kinds, threshold %u, %d threads, finish %s", graph,
             o->gpu_kinds, o->core_threshold, o->threads,
             o->finish_parallel_min == 1 ? "Boruvka" : "Kruskal");
    mst_status st = hybrid_prepare(g, o, &s, &ph);
    CHECK(st == MST_OK, "%s: prepare: %s", what, mst_last_error());
    for (int r = 0; st == MST_OK && r < 3; r++) {
        if (r > 0)
            random_keys(g, key_range);
        CHECK(mst_kruskal(g, NULL, &ref, NULL) == MST_OK, "%s: Kruskal", what);
        st = hybrid_solve_prepared(s, g, &f, &ph);
        CHECK(st == MST_OK && same_edges(&f, &ref), "%s, round %d: %s, %llu edges, Kruskal %llu",
              what, r, st == MST_OK ? "differs" : mst_last_error(),
              (unsigned long long)f.count, (unsigned long long)ref.count);
        check_counters(what, &ph);
    }
    hybrid_release(s);
    CHECK(hybrid_mst(g, o, &f, NULL) == MST_OK && same_edges(&f, &ref), "%s: one-shot", what);
    CHECK(live_states == 0, "%s: %d stand-in states not released", what, live_states);
    free(f.eid);
    free(ref.eid);
}

/* Every kind table, threshold and thread count on g (its keys are restored before each). */
static void every_config(const char *graph, mst_graph *g, uint32_t key_range)
{
    uint32_t *keys = malloc((g->m + 1) * 4);
    if (g->m > 0)
        memcpy(keys, g->key, g->m * 4);
    for (int c = 0; c < CONFIGS; c++)
        for (int t = 0; t < THRESHOLDS; t++)
            for (int threads = 1; threads <= 3; threads++)
                for (uint64_t fin = 0; fin < 2; fin++) { /* the finish's Kruskal, Borůvka */
                    hybrid_options o = {threads, NULL, configs[c].kinds, configs[c].count, NULL,
                                        thresholds[t], fin ? 1 : UINT64_MAX};
                    if (g->m > 0)
                        memcpy(g->key, keys, g->m * 4);
                    rounds(graph, g, key_range, &o);
                }
    free(keys);
}

static void test_graphs(void)
{
    builder b;
    cliques_crossing(&b);
    every_config("cliques with light and heavy crossing edges", &b.g, 1000);
    random_keys(&b.g, 1);
    every_config("cliques, all keys equal", &b.g, 2);
    free_graph(&b);
    forest_graph(&b);
    every_config("forest with isolated vertices", &b.g, 3);
    free_graph(&b);
    all_core(&b);
    every_config("all core (K20, edges doubled)", &b.g, 1000);
    free_graph(&b);
    all_sparse(&b);
    every_config("all sparse (grid and path)", &b.g, 50);
    free_graph(&b);
    planted(&b, 400, 12, 30, 600, 7);
    every_config("planted cliques, keys 0..6", &b.g, 7);
    free_graph(&b);
    start(&b, 7);
    every_config("no edges", &b.g, 10);
    start(&b, 0);
    every_config("no vertices", &b.g, 10);
}

/* The heavy edge {0, 1} of clique A is in A's forest and not in the graph's. */
static void test_bypass(void)
{
    builder b;
    uint64_t heavy = bypass(&b);
    mst_forest ref = forest_of(&b.g);
    CHECK(mst_kruskal(&b.g, NULL, &ref, NULL) == MST_OK && !holds(&ref, heavy),
          "bypass: the test graph's MSF holds the heavy edge");
    for (int c = 0; c < CONFIGS; c++)
        for (int threads = 1; threads <= 2; threads++) {
            hybrid_options o = {threads, NULL, configs[c].kinds, configs[c].count, NULL, 0, 0};
            mst_forest f = forest_of(&b.g);
            CHECK(hybrid_mst(&b.g, &o, &f, NULL) == MST_OK && same_edges(&f, &ref),
                  "bypass, %s, %d threads: differs from Kruskal", configs[c].name, threads);
            free(f.eid);
        }
    /* The rounds too, from the bypass keys. */
    every_config("bypass of a part's heavy forest edge", &b.g, 100);
    free(ref.eid);
    free_graph(&b);
}

/* A larger graph: the CPU part filters (m >= 2n), the GPU stand-in takes three cliques. */
static void test_larger(void)
{
    builder b;
    planted(&b, 20000, 3, 190, 60000, 1u << 20);
    for (int c = 0; c < CONFIGS; c++) {
        hybrid_options o = {4, NULL, configs[c].kinds, configs[c].count, NULL, 0, 0};
        rounds("20000 vertices, three large cliques", &b.g, 1u << 20, &o);
    }
    free_graph(&b);
}

/* A stand-in GPU part that fails: the status and message reach the caller, nothing leaks. */
static void test_errors(void)
{
    builder b;
    cliques_crossing(&b);
    hybrid_kind failing = STANDIN("failing", 0, 0.0, 1);
    failing.prepare = failing_prepare;
    hybrid_options o = {2, NULL, &failing, 1, NULL, 0, 0};
    hybrid_state *s = (hybrid_state *)&b; /* must become NULL */
    mst_status st = hybrid_prepare(&b.g, &o, &s, NULL);
    CHECK(st == MST_ERESOURCE && s == NULL && strstr(mst_last_error(), "no device"),
          "failing prepare: status %d, %s", st, mst_last_error());
    o.gpu = batching;
    fail_solve = 1;
    mst_forest f = forest_of(&b.g);
    for (int threads = 1; threads <= 3; threads++) {
        o.threads = threads;
        mst_clear_error();
        st = hybrid_mst(&b.g, &o, &f, NULL);
        CHECK(st == MST_ERESOURCE && strstr(mst_last_error(), "out of device memory"),
              "failing solve, %d threads: status %d, '%s'", threads, st, mst_last_error());
    }
    fail_solve = 0;
    CHECK(live_states == 0, "errors: %d stand-in states not released", live_states);
    o.gpu_kinds = HYBRID_MAX_KINDS + 1;
    CHECK(hybrid_prepare(&b.g, &o, &s, NULL) == MST_EINTERNAL, "too many kinds accepted");
    free(f.eid);
    free_graph(&b);
}

int main(void)
{
    test_kcore();
    test_partition();
    test_graphs();
    test_bypass();
    test_larger();
    test_errors();
    CHECK(wrong_thread == 0, "%d stand-in GPU solves ran off the calling thread", wrong_thread);
    printf("test-hybrid-host: %d checks, %d failed\n", host_checks, host_failures);
    return host_failures ? 1 : 0;
}
