/* sample.c: filtering thresholds from an evenly spread sample (see core.h). */
#include "core.h"

#include <stdlib.h>

#define SAMPLE 1024

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

uint64_t mst_sample_threshold(const mst_graph *g, uint64_t want)
{
    uint64_t x[SAMPLE];
    for (uint64_t i = 0; i < SAMPLE; i++) {
        uint64_t e = (2 * i + 1) * g->m / (2 * SAMPLE);
        x[i] = (uint64_t)g->key[e] << 32 | e;
    }
    qsort(x, SAMPLE, sizeof *x, cmp_u64);
    uint64_t r = want / g->m >= 1 ? SAMPLE - 1 : want * SAMPLE / g->m;
    return x[r < SAMPLE ? r : SAMPLE - 1];
}
