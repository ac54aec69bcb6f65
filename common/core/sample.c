/* sample.c: filtering thresholds from an evenly spread sample (see core.h). */
#include "core.h"

#define SAMPLE 1024

uint64_t mst_sample_threshold(const mst_graph *g, uint64_t want)
{
    uint64_t x[SAMPLE], tmp[SAMPLE];
    for (uint64_t i = 0; i < SAMPLE; i++) {
        uint64_t e = (2 * i + 1) * g->m / (2 * SAMPLE);
        x[i] = (uint64_t)g->key[e] << 32 | e;
    }
    mst_radix_sort_bits(x, tmp, SAMPLE, 0, 64);
    uint64_t r = want / g->m >= 1 ? SAMPLE - 1 : want * SAMPLE / g->m;
    return x[r < SAMPLE ? r : SAMPLE - 1];
}
