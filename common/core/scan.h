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

/*
 * Column-major exclusive scan of per-thread bucket counts h[t * buckets + b] (p threads): bucket
 * by bucket, thread by thread within a bucket, each count becomes the first slot of that
 * thread's share of that bucket, so a scatter keeps each bucket's items in thread order (hence
 * in input order when threads take static ranges). start[b] = bucket b's first slot,
 * start[buckets] = the total. Sequential, O(p * buckets).
 */
static inline void mst_scan_thread_buckets(uint64_t *h, uint64_t buckets, int p, uint64_t *start)
{
    uint64_t sum = 0;
    for (uint64_t b = 0; b < buckets; b++) {
        start[b] = sum;
        for (int t = 0; t < p; t++) {
            uint64_t x = h[(uint64_t)t * buckets + b];
            h[(uint64_t)t * buckets + b] = sum;
            sum += x;
        }
    }
    start[buckets] = sum;
}

#endif
