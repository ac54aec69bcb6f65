/*
 * radix_sort.h: stable LSD radix sort of 64-bit words by a range of their bits, 8 bits a pass.
 * One read pass builds every digit's histogram; passes whose digit is the same in all items are
 * skipped (weights in 1..2^20 need 3 passes, not 4). Used to sort packed (key << 32 | edge id)
 * words by key, which keeps ids ascending among equal keys: the (key, id) order of docs/design.md.
 */
#ifndef MST_RADIX_SORT_H
#define MST_RADIX_SORT_H

#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Sorts a[0..n-1] stably by bits [lo_bit, hi_bit) (0 <= lo_bit < hi_bit <= 64), using tmp[n]
 * as scratch; the result is in a. O(n * passes) time, no allocation.
 */
void mst_radix_sort_bits(uint64_t *a, uint64_t *tmp, uint64_t n, int lo_bit, int hi_bit);

/*
 * As mst_radix_sort_bits, and moves payload word p[i] along with a[i] (ptmp[n] is its scratch),
 * so that a later scan reads what it needs sequentially instead of by random access.
 */
void mst_radix_sort_pairs(uint64_t *a, uint64_t *p, uint64_t *tmp, uint64_t *ptmp, uint64_t n,
                          int lo_bit, int hi_bit);

/* Sorts a[0..n-1] ascending (all 64 bits). Errors: MST_ERESOURCE for the n-word scratch. */
mst_status mst_sort_u64(uint64_t *a, uint64_t n);

#ifdef __cplusplus
}
#endif

#endif
