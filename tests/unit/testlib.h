/* testlib.h: helpers of the unit tests: pseudo-random numbers (xorshift64, Marsaglia 2003), one
 * stream per test file so that every run tests the same inputs, and small random graphs. */
#ifndef MST_TEST_LIB_H
#define MST_TEST_LIB_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* Edge e's weight as a double: exact for the 32-bit types and float64, rounded for 64-bit
 * integers beyond 2^53. */
static inline double mst_edge_weight_double(const mst_graph *g, uint64_t e)
{
    mst_weight_value w = mst_edge_weight(g, e);
    switch (w.type) {
    case MST_WEIGHT_INT32:
    case MST_WEIGHT_INT64: return (double)w.i;
    case MST_WEIGHT_UINT32:
    case MST_WEIGHT_UINT64: return (double)w.u;
    default: return w.d;
    }
}

static uint64_t rng_state = 88172645463325252ull;

static inline uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A graph with n vertices and room for m edges (none yet). */
static inline mst_graph empty_graph(uint32_t n, uint64_t m)
{
    mst_graph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    g.u = malloc((m + 1) * 4);
    g.v = malloc((m + 1) * 4);
    g.key = malloc((m + 1) * 4);
    return g;
}

/* A random multigraph on n vertices whose m edges fall inside `parts` blocks of n / parts
 * vertices (a forest of at least `parts` trees; the n % parts last vertices are isolated), with
 * keys below key_range (small ranges: many ties). Self-loop free; needs n / parts >= 2. */
static inline mst_graph random_graph(uint32_t n, uint64_t m, uint64_t key_range, uint32_t parts)
{
    mst_graph g = empty_graph(n, m);
    uint32_t size = n / parts;
    for (uint64_t e = 0; e < m; e++) {
        uint32_t base = (uint32_t)(rnd() % parts) * size;
        uint32_t u = (uint32_t)(rnd() % size), v = (uint32_t)(rnd() % size);
        if (u == v)
            v = (u + 1) % size;
        g.u[g.m] = base + u;
        g.v[g.m] = base + v;
        g.key[g.m++] = (uint32_t)(rnd() % key_range);
    }
    return g;
}
#endif
