/* partition.c: the vertices a rank owns and their local numbering (partition.h). */
#include "partition.h"

#include <stdlib.h>

mst_status dist_partition_owned(const dist_partition *pt, int r, uint32_t *count, uint32_t **owned)
{
    mst_status st = MST_OK;
    uint32_t *list = NULL, k = 0;
    *owned = NULL;
    if (pt->kind == DIST_PART_BLOCK) {
        *count = pt->q + ((uint32_t)r < pt->rem ? 1 : 0);
        return MST_OK;
    }
    for (uint32_t v = 0; v < pt->n; v++)
        k += dist_owner(pt, v) == r;
    MST_ALLOC(list, k);
    k = 0;
    for (uint32_t v = 0; v < pt->n; v++)
        if (dist_owner(pt, v) == r)
            list[k++] = v;
    *count = k;
    *owned = list;
    return MST_OK;
fail:
    return st;
}

uint32_t dist_partition_local(const dist_partition *pt, int r, const uint32_t *owned,
                              uint32_t count, uint32_t v)
{
    if (pt->kind == DIST_PART_BLOCK)
        return v - dist_block_start(pt, r);
    uint32_t lo = 0, hi = count; /* owned[lo..hi) may hold v */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (owned[mid] <= v)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}
