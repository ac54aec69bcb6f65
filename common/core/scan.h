/* scan.h: the exclusive prefix sum that counting sorts and per-thread offsets share. */
#ifndef MST_SCAN_H
#define MST_SCAN_H

#include <stdint.h>

/*
 * Replaces a[0..len-1] by its exclusive prefix sum (a[i] = a[0] + ... + a[i-1] of the input,
 * a[0] = 0) and returns the total. Sequential, O(len): for histograms and per-thread or
 * per-block counts, whose length is small next to the data they index.
 */
static inline uint64_t mst_exclusive_scan(uint64_t *a, uint64_t len)
{
    uint64_t sum = 0;
    for (uint64_t i = 0; i < len; i++) {
        uint64_t x = a[i];
        a[i] = sum;
        sum += x;
    }
    return sum;
}

#endif
