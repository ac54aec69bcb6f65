/* radix_sort.c: stable LSD radix sort on 8-bit digits (see core.h). */
#include "core.h"

#include <stdlib.h>
#include <string.h>

#define DIGIT_BITS 8
#define BUCKETS (1u << DIGIT_BITS)

void mst_radix_sort_pairs(uint64_t *a, uint64_t *p, uint64_t *tmp, uint64_t *ptmp, uint64_t n,
                          int lo_bit, int hi_bit)
{
    int passes = (hi_bit - lo_bit + DIGIT_BITS - 1) / DIGIT_BITS;
    uint64_t count[8][BUCKETS];
    if (n < 2 || passes <= 0)
        return;
    uint64_t range = ~0ull >> (64 - (hi_bit - lo_bit)); /* the bits sorted by */
    memset(count, 0, sizeof count);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = (a[i] >> lo_bit) & range;
        for (int d = 0; d < passes; d++, x >>= DIGIT_BITS)
            count[d][x & (BUCKETS - 1)]++;
    }
    uint64_t *src = a, *dst = tmp, *psrc = p, *pdst = ptmp;
    for (int d = 0; d < passes; d++) {
        int shift = lo_bit + d * DIGIT_BITS;
        uint64_t mask = BUCKETS - 1;
        if (d == passes - 1 && hi_bit - shift < DIGIT_BITS)
            mask = (1ull << (hi_bit - shift)) - 1; /* the last digit may be narrower */
        /* Skip a digit every item shares: the order would not change. */
        uint64_t first = (src[0] >> shift) & mask;
        if (count[d][first] == n)
            continue;
        mst_exclusive_scan(count[d], BUCKETS);
        if (psrc == NULL) {
            for (uint64_t i = 0; i < n; i++) {
                uint64_t x = src[i];
                dst[count[d][(x >> shift) & mask]++] = x;
            }
        } else {
            for (uint64_t i = 0; i < n; i++) {
                uint64_t x = src[i], j = count[d][(x >> shift) & mask]++;
                dst[j] = x;
                pdst[j] = psrc[i];
            }
            uint64_t *t = psrc;
            psrc = pdst;
            pdst = t;
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) {
        memcpy(a, src, n * sizeof *a);
        if (p != NULL)
            memcpy(p, psrc, n * sizeof *p);
    }
}

void mst_radix_sort_bits(uint64_t *a, uint64_t *tmp, uint64_t n, int lo_bit, int hi_bit)
{
    mst_radix_sort_pairs(a, NULL, tmp, NULL, n, lo_bit, hi_bit);
}

mst_status mst_sort_u64(uint64_t *a, uint64_t n)
{
    if (n < 2)
        return MST_OK;
    uint64_t *tmp = mst_alloc(n, sizeof *tmp);
    if (tmp == NULL)
        return MST_ERESOURCE;
    mst_radix_sort_bits(a, tmp, n, 0, 64);
    free(tmp);
    return MST_OK;
}
