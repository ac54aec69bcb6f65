/* host_test.c: the shared pieces of the hybrid's host tests (see host_test.h). */
#include "host_test.h"

#include <stdlib.h>
#include <string.h>

int host_checks, host_failures;

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void start(builder *b, uint32_t n)
{
    memset(b, 0, sizeof *b);
    b->g.n = n;
    b->g.weight_type = MST_WEIGHT_UINT32;
}

void edge(builder *b, uint32_t u, uint32_t v, uint32_t key)
{
    if (b->g.m == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 64;
        b->g.u = realloc(b->g.u, b->cap * 4);
        b->g.v = realloc(b->g.v, b->cap * 4);
        b->g.key = realloc(b->g.key, b->cap * 4);
        if (!b->g.u || !b->g.v || !b->g.key)
            abort(); /* a test without memory cannot go on */
    }
    b->g.u[b->g.m] = u;
    b->g.v[b->g.m] = v;
    b->g.key[b->g.m++] = key;
}

void clique(builder *b, uint32_t first, uint32_t k, uint32_t key_range)
{
    for (uint32_t i = 0; i < k; i++)
        for (uint32_t j = i + 1; j < k; j++)
            edge(b, first + i, first + j, (uint32_t)(rnd() % key_range));
}

void path(builder *b, uint32_t first, uint32_t len, uint32_t key_range)
{
    for (uint32_t i = 0; i + 1 < len; i++)
        edge(b, first + i, first + i + 1, (uint32_t)(rnd() % key_range));
}

void planted(builder *b, uint32_t n, uint32_t cliques, uint32_t spread, uint64_t sparse,
             uint32_t key_range)
{
    start(b, n);
    uint32_t first = 0;
    for (uint32_t c = 0; c < cliques; c++) {
        uint32_t k = 10 + (uint32_t)(rnd() % (spread + 1));
        if (first + k > n)
            break;
        clique(b, first, k, key_range);
        first += k + (uint32_t)(rnd() % 3);
    }
    for (uint64_t i = 0; i < sparse; i++) {
        uint32_t u = (uint32_t)(rnd() % n), v = (uint32_t)(rnd() % n);
        if (u != v)
            edge(b, u, v, (uint32_t)(rnd() % key_range));
    }
}

void random_keys(mst_graph *g, uint32_t key_range)
{
    for (uint64_t e = 0; e < g->m; e++)
        g->key[e] = (uint32_t)(rnd() % key_range);
}

void free_graph(builder *b)
{
    free(b->g.u);
    free(b->g.v);
    free(b->g.key);
    memset(b, 0, sizeof *b);
}
