/*
 * test_prepared.cu: mst-cuda's transfer path and its resident topology (--rounds) against the
 * sequential Kruskal (seq.h). For each graph (random multigraphs with and without filtering,
 * ties, a forest of many components, one edge, none, and one that spans several chunks of the
 * chunked copy), the ecl variant is prepared once, then solved for several rounds of new keys
 * written in place, in its edge-list and CSR fills, timed and untimed (overlapped copies); the
 * plain solve runs on the same keys (the page-locked arrays stay registered across calls). Every
 * forest must be exactly Kruskal's edge set. Prints one line per failure and a summary; exits
 * 0 when all pass, 1 on a mismatch or error, 77 without a CUDA device (skipped).
 * usage: test-cuda-prepared
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void check(const char *what, const char *graph, int round, mst_status st, mst_forest *f,
                  mst_forest *ref)
{
    checks++;
    if (st != MST_OK) {
        printf("FAIL %s on %s, round %d: %s\n", what, graph, round, mst_last_error());
        failures++;
    } else if (!same_edges(f, ref)) {
        printf("FAIL %s on %s, round %d: %llu edges, Kruskal %llu\n", what, graph, round,
               (unsigned long long)f->count, (unsigned long long)ref->count);
        failures++;
    }
}

/* Rounds of new keys on g: prepared and plain solves against Kruskal, for options o. */
static void rounds(const char *name, mst_graph *g, uint32_t key_range, cuda_ecl_options o)
{
    uint64_t cap = (g->m < g->n ? g->m : g->n) + 1;
    mst_forest f = {(uint64_t *)calloc(cap, 8), 0, cap}, ref = {(uint64_t *)calloc(cap, 8), 0,
                                                                  cap};
    cuda_ecl_state *s = NULL;
    mst_phases ph;
    memset(&ph, 0, sizeof ph);
    new_keys(g, key_range);
    mst_status st = cuda_ecl_prepare(g, &o, &s, &ph);
    if (st != MST_OK) {
        printf("FAIL prepare on %s: %s\n", name, mst_last_error());
        failures++;
    }
    for (int r = 0; st == MST_OK && r < 3; r++) {
        if (r > 0)
            new_keys(g, key_range);
        if (mst_kruskal(g, &ref, NULL) != MST_OK) {
            printf("FAIL Kruskal on %s: %s\n", name, mst_last_error());
            failures++;
            break;
        }
        memset(&ph, 0, sizeof ph);
        check("prepared", name, r, cuda_ecl_solve_prepared(s, g, &f, &ph), &f, &ref);
        check("plain", name, r, cuda_ecl_mst(g, &o, &f, &ph), &f, &ref);
    }
    cuda_ecl_release(s);
    /* The arrays are freed next: their registrations must go first (transfer.cuh). */
    cuda_transfer_release();
    free(f.eid);
    free(ref.eid);
}

int main(void)
{
    char name[128];
    if (cuda_device_name(0, name, sizeof name) != MST_OK) {
        printf("skipped: %s\n", mst_last_error());
        return 77;
    }
    struct {
        const char *name;
        uint32_t n;
        uint64_t m;
        uint32_t key_range;
    } graphs[] = {
        {"random 2000/8000 (filtered)", 2000, 8000, 1000000},
        {"random 3000/9000, keys 0..3 (ties)", 3000, 9000, 4},
        {"forest 5000/3000 (many components)", 5000, 3000, 1u << 31},
        {"one edge", 2, 1, 10},
        {"no edges", 5, 0, 10},
        {"3 chunks, filtered", 1u << 19, 2 * CUDA_CHUNK_MIN + 3, 1u << 30},
        {"3 chunks, not filtered", CUDA_CHUNK_MIN + 5, 2 * CUDA_CHUNK_MIN + 3, 1u << 30},
    };
    for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++) {
        for (int csr = 0; csr < 2; csr++)
            for (int timed = 0; timed < 2; timed++) {
                mst_graph g;
                make_graph(&g, graphs[i].n, graphs[i].m);
                cuda_ecl_options o = {0, -1, 1.0, 1, 1, timed, csr, 0, 0, 0};
                rounds(graphs[i].name, &g, graphs[i].key_range, o);
                free(g.u);
                free(g.v);
                free(g.key);
            }
    }
    printf("test-cuda-prepared: %d checks, %d failed (%s)\n", checks, failures, name);
    return failures ? 1 : 0;
}
