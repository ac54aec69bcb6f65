/*
 * test_prepared.cu: mst-cuda's transfer path and its resident topologies (--rounds) against the
 * sequential Kruskal (seq.h). For each graph (random multigraphs with and without filtering,
 * ties, a forest of many components, one edge, none, and one that spans several chunks of the
 * chunked copy), the ecl variant is prepared once, then solved for several rounds of new keys
 * written in place, in its edge-list and CSR fills, timed and untimed (overlapped copies); the
 * plain solve runs on the same keys, in the same transfer context (transfer.cuh), which keeps
 * the arrays page-locked across calls, as mst-cuda's process does. The
 * dense variant (dense.h) runs the same rounds on the graphs whose matrix is small, and on
 * dense multigraphs with many parallel edges of equal keys; a matrix that cannot fit must be
 * refused with MST_ERESOURCE before anything is allocated. Every forest must be exactly
 * Kruskal's edge set. Prints one line per failure and a summary; exits 0 when all pass, 1 on a
 * mismatch or error, 77 without a CUDA device (skipped).
 * usage: test-cuda-prepared
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dense.h"
#include "ecl.h"
#include "transfer.cuh"
extern "C" {
#include "seq.h"
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

/* splitmix64: a fixed sequence, so failures repeat. */
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A graph of n vertices and m random edges (no self-loops) whose keys are below key_range. */
static void make_graph(mst_graph *g, uint32_t n, uint64_t m)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->m = m;
    g->weight_type = MST_WEIGHT_UINT32;
    g->u = (uint32_t *)malloc((m ? m : 1) * 4);
    g->v = (uint32_t *)malloc((m ? m : 1) * 4);
    g->key = (uint32_t *)malloc((m ? m : 1) * 4);
    for (uint64_t e = 0; e < m; e++) {
        g->u[e] = (uint32_t)(rnd() % n);
        do
            g->v[e] = (uint32_t)(rnd() % n);
        while (g->v[e] == g->u[e]);
    }
}

static void new_keys(mst_graph *g, uint32_t key_range)
{
    for (uint64_t e = 0; e < g->m; e++)
        g->key[e] = (uint32_t)(rnd() % key_range);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* 1 if f holds exactly ref's edges (both sorted here). */
static int same_edges(mst_forest *f, mst_forest *ref)
{
    qsort(f->eid, f->count, 8, cmp_u64);
    qsort(ref->eid, ref->count, 8, cmp_u64);
    return f->count == ref->count && memcmp(f->eid, ref->eid, f->count * 8) == 0;
}

static int failures, checks;

static void check(const char *algo, const char *what, const char *graph, int round,
                  mst_status st, mst_forest *f, mst_forest *ref)
{
    checks++;
    if (st != MST_OK) {
        printf("FAIL %s %s on %s, round %d: %s\n", algo, what, graph, round, mst_last_error());
        failures++;
    } else if (!same_edges(f, ref)) {
        printf("FAIL %s %s on %s, round %d: %llu edges, Kruskal %llu\n", algo, what, graph,
               round, (unsigned long long)f->count, (unsigned long long)ref->count);
        failures++;
    }
}

/* A variant under test: its prepared path and its plain solve, with options `o` (the
 * variant's own options struct). */
typedef struct variant {
    const char *name;
    mst_status (*prepare)(const mst_graph *g, const void *o, void **state, mst_phases *ph);
    mst_status (*solve_prepared)(void *state, const mst_graph *g, mst_forest *f, mst_phases *ph);
    mst_status (*solve)(const mst_graph *g, const void *o, mst_forest *f, mst_phases *ph);
    void (*release)(void *state);
} variant;

static mst_status ecl_prepare(const mst_graph *g, const void *o, void **s, mst_phases *ph)
{
    return cuda_ecl_prepare(g, (const cuda_ecl_options *)o, (cuda_ecl_state **)s, ph);
}

static mst_status ecl_solve_prepared(void *s, const mst_graph *g, mst_forest *f, mst_phases *ph)
{
    return cuda_ecl_solve_prepared((cuda_ecl_state *)s, g, f, ph);
}

static mst_status ecl_solve(const mst_graph *g, const void *o, mst_forest *f, mst_phases *ph)
{
    return cuda_ecl_mst(g, (const cuda_ecl_options *)o, f, ph);
}

static void ecl_release(void *s)
{
    cuda_ecl_release((cuda_ecl_state *)s);
}

static mst_status dense_prepare(const mst_graph *g, const void *o, void **s, mst_phases *ph)
{
    return cuda_dense_prepare(g, (const cuda_dense_options *)o, (cuda_dense_state **)s, ph);
}

static mst_status dense_solve_prepared(void *s, const mst_graph *g, mst_forest *f,
                                       mst_phases *ph)
{
    return cuda_dense_solve_prepared((cuda_dense_state *)s, g, f, ph);
}

static mst_status dense_solve(const mst_graph *g, const void *o, mst_forest *f, mst_phases *ph)
{
    return cuda_dense_mst(g, (const cuda_dense_options *)o, f, ph);
}

static void dense_release(void *s)
{
    cuda_dense_release((cuda_dense_state *)s);
}

static const variant ECL = {"ecl", ecl_prepare, ecl_solve_prepared, ecl_solve, ecl_release};
static const variant DENSE = {"dense", dense_prepare, dense_solve_prepared, dense_solve,
                              dense_release};

/* Rounds of new keys on g: prepared and plain solves of variant v with options o (whose
 * context is x: g's and the forest's arrays registered there) against Kruskal. */
static void rounds(const variant *v, const char *name, mst_graph *g, uint32_t key_range,
                   const void *o, cuda_xfer *x)
{
    uint64_t cap = (g->m < g->n ? g->m : g->n) + 1;
    mst_forest f = {(uint64_t *)calloc(cap, 8), 0, cap}, ref = {(uint64_t *)calloc(cap, 8), 0,
                                                                  cap};
    const void *host[] = {g->u, g->v, g->key};
    for (int i = 0; i < 3; i++)
        cuda_pin(x, host[i], g->m * 4);
    cuda_pin(x, f.eid, cap * 8);
    void *s = NULL;
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    new_keys(g, key_range);
    mst_status st = v->prepare(g, o, &s, &ph);
    if (st != MST_OK) {
        printf("FAIL %s prepare on %s: %s\n", v->name, name, mst_last_error());
        failures++;
    }
    for (int r = 0; st == MST_OK && r < 3; r++) {
        if (r > 0)
            new_keys(g, key_range);
        if (mst_kruskal(g, NULL, &ref, NULL) != MST_OK) {
            printf("FAIL Kruskal on %s: %s\n", name, mst_last_error());
            failures++;
            break;
        }
        memset(&ph, 0, sizeof ph);
        check(v->name, "prepared", name, r, v->solve_prepared(s, g, &f, &ph), &f, &ref);
        check(v->name, "plain", name, r, v->solve(g, o, &f, &ph), &f, &ref);
    }
    v->release(s);
    /* The arrays are freed next: their registrations must go first (transfer.cuh). */
    cuda_xfer_release(x);
    free(f.eid);
    free(ref.eid);
}

/* A graph of the test: n vertices, m random edges, keys below key_range. */
typedef struct test_graph {
    const char *name;
    uint32_t n;
    uint64_t m;
    uint32_t key_range;
} test_graph;

/* The ecl variant on every graph, in its edge-list and CSR fills, timed and untimed. */
static void ecl_cases(void)
{
    const test_graph graphs[] = {
        {"random 2000/8000 (filtered)", 2000, 8000, 1000000},
        {"random 3000/9000, keys 0..3 (ties)", 3000, 9000, 4},
        {"forest 5000/3000 (many components)", 5000, 3000, 1u << 31},
        {"one edge", 2, 1, 10},
        {"no edges", 5, 0, 10},
        {"3 chunks, filtered", 1u << 19, 2 * CUDA_CHUNK_MIN + 3, 1u << 30},
        {"3 chunks, not filtered", CUDA_CHUNK_MIN + 5, 2 * CUDA_CHUNK_MIN + 3, 1u << 30},
    };
    for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++)
        for (int csr = 0; csr < 2; csr++)
            for (int timed = 0; timed < 2; timed++) {
                mst_graph g;
                cuda_xfer x;
                memset(&x, 0, sizeof x);
                make_graph(&g, graphs[i].n, graphs[i].m);
                cuda_ecl_options o = {0, -1, 1.0, 1, 1, timed, csr, 0, 0, 0, &x};
                rounds(&ECL, graphs[i].name, &g, graphs[i].key_range, &o, &x);
                free(g.u);
                free(g.v);
                free(g.key);
            }
}

/* The dense variant on graphs whose matrix is small, timed and untimed. */
static void dense_cases(void)
{
    const test_graph graphs[] = {
        {"random 2000/8000", 2000, 8000, 1000000},
        {"random 3000/9000, keys 0..3 (ties)", 3000, 9000, 4},
        {"forest 5000/3000 (many components)", 5000, 3000, 1u << 31},
        {"dense 300/200000, keys 0..2 (parallel edges, ties)", 300, 200000, 3},
        {"dense 1500/1000000, all keys equal", 1500, 1000000, 1},
        {"one edge", 2, 1, 10},
        {"one vertex", 1, 0, 10},
        {"no edges", 5, 0, 10},
    };
    for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++)
        for (int timed = 0; timed < 2; timed++) {
            mst_graph g;
            cuda_xfer x;
            memset(&x, 0, sizeof x);
            make_graph(&g, graphs[i].n, graphs[i].m);
            cuda_dense_options o = {0, timed, &x};
            rounds(&DENSE, graphs[i].name, &g, graphs[i].key_range, &o, &x);
            free(g.u);
            free(g.v);
            free(g.key);
        }
}

/* A matrix that cannot fit (2^22 vertices: 128 TiB; and one beyond the indexing) is refused
 * with MST_ERESOURCE and the one-line message, by the plain solve and by prepare. */
static void dense_too_large(void)
{
    const uint32_t sizes[] = {1u << 22, CUDA_DENSE_MAX_N + 1};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        mst_graph g;
        make_graph(&g, sizes[i], 1);
        new_keys(&g, 10);
        mst_forest f = {(uint64_t *)calloc(2, 8), 0, 2};
        cuda_xfer x;
        memset(&x, 0, sizeof x);
        cuda_dense_options o = {0, 0, &x};
        cuda_dense_state *s = NULL;
        mst_status st[2] = {cuda_dense_mst(&g, &o, &f, NULL), MST_OK};
        const char *msg = mst_last_error();
        int said = strstr(msg, "matrix needs") != NULL && strstr(msg, "GiB free") != NULL;
        st[1] = cuda_dense_prepare(&g, &o, &s, NULL);
        checks++;
        if (st[0] != MST_ERESOURCE || st[1] != MST_ERESOURCE || s != NULL || !said) {
            printf("FAIL dense on n = %u: statuses %d and %d, message \"%s\"\n", sizes[i],
                   (int)st[0], (int)st[1], msg);
            failures++;
        }
        cuda_dense_release(s);
        cuda_xfer_release(&x);
        free(f.eid);
        free(g.u);
        free(g.v);
        free(g.key);
    }
}

int main(void)
{
    char name[128];
    if (cuda_device_name(0, name, sizeof name) != MST_OK) {
        printf("skipped: %s\n", mst_last_error());
        return 77;
    }
    ecl_cases();
    dense_cases();
    dense_too_large();
    printf("test-cuda-prepared: %d checks, %d failed (%s)\n", checks, failures, name);
    return failures ? 1 : 0;
}
