/*
 * test_symmetrize.c: mst_symmetrize (loader.h) against a reference that sorts the arcs by
 * group and replays each group in file order: which arcs merge, the order of the rest, the
 * compacted weights and the count, at 1 to 4 threads. The inputs cover the cases the candidate
 * marking must tell apart: arcs listed once (few or no reverse arcs), every edge listed twice
 * (the reverse arc first or second), reverse arcs of another weight, parallel arcs in one or
 * both directions, and sizes below and above the one-thread limit (2^16 arcs).
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "testlib.h"

/* Arcs with their weights: u, v, key and raw (raw[e] = e, to follow each arc). */
typedef struct arcs {
    uint32_t *u, *v, *key;
    uint64_t *raw, m;
} arcs;

static arcs arcs_new(uint64_t m)
{
    arcs a = {malloc(4 * (m + 1)), malloc(4 * (m + 1)), malloc(4 * (m + 1)),
              malloc(8 * (m + 1)), 0};
    cr_assert(a.u != NULL && a.v != NULL && a.key != NULL && a.raw != NULL);
    return a;
}

static void arcs_free(arcs *a)
{
    free(a->u);
    free(a->v);
    free(a->key);
    free(a->raw);
}

static void push(arcs *a, uint32_t u, uint32_t v, uint32_t key)
{
    a->u[a->m] = u, a->v[a->m] = v, a->key[a->m] = key, a->raw[a->m] = a->m;
    a->m++;
}

static const arcs *sort_arcs; /* qsort's context */

/* (lo, hi, key, file position): groups together, each in file order. */
static int by_group(const void *pa, const void *pb)
{
    uint64_t x = *(const uint64_t *)pa, y = *(const uint64_t *)pb;
    const arcs *a = sort_arcs;
    uint32_t xl = a->u[x] < a->v[x] ? a->u[x] : a->v[x], yl = a->u[y] < a->v[y] ? a->u[y] : a->v[y];
    uint32_t xh = a->u[x] ^ a->v[x] ^ xl, yh = a->u[y] ^ a->v[y] ^ yl;
    if (xl != yl)
        return xl < yl ? -1 : 1;
    if (xh != yh)
        return xh < yh ? -1 : 1;
    if (a->key[x] != a->key[y])
        return a->key[x] < a->key[y] ? -1 : 1;
    return x < y ? -1 : 1;
}

static int same_group(const arcs *a, uint64_t x, uint64_t y)
{
    return a->key[x] == a->key[y] && ((a->u[x] == a->u[y] && a->v[x] == a->v[y]) ||
                                      (a->u[x] == a->v[y] && a->v[x] == a->u[y]));
}

/* The reference: keep[e] = 0 for every arc that merges into an earlier reverse arc of its
 * group (each earlier unmatched arc takes one). Returns the arcs merged. */
static uint64_t reference(const arcs *a, unsigned char *keep)
{
    uint64_t *order = malloc(8 * (a->m + 1)), merged = 0;
    cr_assert(order != NULL);
    for (uint64_t e = 0; e < a->m; e++)
        order[e] = e;
    sort_arcs = a;
    qsort(order, a->m, sizeof *order, by_group);
    for (uint64_t i = 0; i < a->m;) {
        uint64_t j = i, pending[2] = {0, 0};
        for (; j < a->m && same_group(a, order[i], order[j]); j++) {
            uint64_t e = order[j];
            int dir = a->u[e] > a->v[e];
            keep[e] = pending[!dir] == 0;
            if (keep[e])
                pending[dir]++;
            else
                pending[!dir]--, merged++;
        }
        i = j;
    }
    free(order);
    return merged;
}

/* mst_symmetrize on a copy of a, at 1 to 4 threads, must give the reference's arcs. */
static void check(const arcs *a, const char *what)
{
    unsigned char *keep = malloc(a->m + 1);
    cr_assert(keep != NULL);
    uint64_t merged = reference(a, keep);
    for (int t = 1; t <= 4; t++) {
        omp_set_num_threads(t);
        arcs b = arcs_new(a->m);
        memcpy(b.u, a->u, 4 * a->m);
        memcpy(b.v, a->v, 4 * a->m);
        memcpy(b.key, a->key, 4 * a->m);
        memcpy(b.raw, a->raw, 8 * a->m);
        b.m = a->m;
        uint64_t *scratch = t % 2 ? NULL : malloc(8 * (a->m + 1)); /* both ways */
        cr_assert(eq(u64, mst_symmetrize(b.u, b.v, b.key, b.raw, &b.m, scratch), merged),
                  "%s, %d threads", what, t);
        free(scratch);
        cr_assert(eq(u64, b.m, a->m - merged), "%s, %d threads: m", what, t);
        uint64_t out = 0;
        for (uint64_t e = 0; e < a->m; e++) {
            if (!keep[e])
                continue;
            cr_assert(b.raw[out] == e && b.u[out] == a->u[e] && b.v[out] == a->v[e] &&
                          b.key[out] == a->key[e],
                      "%s, %d threads: edge %llu is not arc %llu", what, t,
                      (unsigned long long)out, (unsigned long long)e);
            out++;
        }
        arcs_free(&b);
    }
    free(keep);
}

/* A random arc on n vertices (n >= 2), no self-loop, key below keys. */
static void push_random(arcs *a, uint32_t n, uint32_t keys)
{
    uint32_t u = (uint32_t)(rnd() % n), v = (uint32_t)(rnd() % n);
    push(a, u, u == v ? (u + 1) % n : v, (uint32_t)(rnd() % keys));
}

/* m arcs on n vertices; with probability `back` per mille an arc is followed, a few arcs
 * later, by its reverse (of another key one time in four), and with `parallel` per mille by a
 * parallel copy. */
static void random_arcs(arcs *a, uint64_t m, uint32_t n, uint32_t keys, int back, int parallel)
{
    while (a->m < m) {
        push_random(a, n, keys);
        uint64_t e = a->m - 1, r = rnd() % 1000;
        if (r < (uint64_t)back && a->m < m)
            push(a, a->v[e], a->u[e], a->key[e] + (rnd() % 4 == 0));
        else if (r < (uint64_t)(back + parallel) && a->m < m)
            push(a, a->u[e], a->v[e], a->key[e]);
        if (a->m >= 2 && rnd() % 2) { /* move the pair apart: swap the last with an earlier arc */
            uint64_t x = a->m - 1, y = a->m - 1 - rnd() % (a->m < 50 ? a->m : 50);
            uint32_t tu = a->u[x], tv = a->v[x], tk = a->key[x];
            a->u[x] = a->u[y], a->v[x] = a->v[y], a->key[x] = a->key[y];
            a->u[y] = tu, a->v[y] = tv, a->key[y] = tk;
        }
    }
}

Test(symmetrize, small_dense_groups)
{
    for (int round = 0; round < 60; round++) {
        uint64_t m = 1 + rnd() % 3000;
        arcs a = arcs_new(m);
        random_arcs(&a, m, 2 + (uint32_t)(rnd() % 20), 1 + (uint32_t)(rnd() % 3), 100, 100);
        check(&a, "small");
        arcs_free(&a);
    }
}

Test(symmetrize, arcs_listed_once)
{
    for (int round = 0; round < 3; round++) {
        uint64_t m = 200000 + rnd() % 1000;
        arcs a = arcs_new(m);
        random_arcs(&a, m, 1u << 20, 1000000, round, round); /* none, then a few pairs */
        check(&a, "listed once");
        arcs_free(&a);
    }
}

Test(symmetrize, edges_listed_twice)
{
    arcs once = arcs_new(100000), a = arcs_new(200000);
    random_arcs(&once, 100000, 1u << 16, 1000, 0, 0);
    for (uint64_t e = 0; e < once.m; e++) { /* the reverse arc first one time in three */
        int flip = rnd() % 3 == 0;
        push(&a, flip ? once.v[e] : once.u[e], flip ? once.u[e] : once.v[e], once.key[e]);
        push(&a, flip ? once.u[e] : once.v[e], flip ? once.v[e] : once.u[e], once.key[e]);
    }
    check(&a, "listed twice");
    arcs_free(&once);
    arcs_free(&a);
}

Test(symmetrize, many_merges_above_thread_limit)
{
    arcs a = arcs_new(150000);
    random_arcs(&a, 150000, 300, 2, 300, 200);
    check(&a, "dense");
    arcs_free(&a);
}

Test(symmetrize, one_arc_and_one_direction)
{
    arcs a = arcs_new(70000);
    push(&a, 1, 0, 7);
    check(&a, "one arc");
    for (uint32_t i = 1; a.m < 70000; i++) /* forward arcs only, many parallel */
        push(&a, i % 100, 100 + i % 1000, i % 3);
    check(&a, "one direction");
    arcs_free(&a);
}
