/*
 * partition.h: which rank owns a vertex (--partition block|hash), and its index among that
 * rank's vertices. Block: rank r owns a contiguous range, the first n mod p ranks one vertex
 * more. Hash: a vertex goes to the rank picked by a 32-bit mixing hash of its id (murmur3's
 * finalizer), which spreads hubs and id-correlated structure (R-MAT, grids) evenly; a rank's
 * vertices are numbered in increasing id order (dist_partition_owned lists them).
 */
#ifndef MST_MPI_PARTITION_H
#define MST_MPI_PARTITION_H

#include <stdint.h>

#include "status.h"

typedef enum dist_partition_kind { DIST_PART_BLOCK = 0, DIST_PART_HASH = 1 } dist_partition_kind;

typedef struct dist_partition {
    dist_partition_kind kind;
    uint32_t n;
    int p;
    uint32_t q, rem; /* block: n = q p + rem; ranks below rem own q + 1 vertices */
} dist_partition;

static inline dist_partition dist_partition_make(dist_partition_kind kind, uint32_t n, int p)
{
    dist_partition pt = {kind, n, p, n / (uint32_t)p, n % (uint32_t)p};
    return pt;
}

static inline uint32_t dist_mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x85EBCA6Bu;
    x ^= x >> 13;
    x *= 0xC2B2AE35u;
    return x ^ (x >> 16);
}

/* The rank that owns vertex v < n. O(1). */
static inline int dist_owner(const dist_partition *pt, uint32_t v)
{
    if (pt->kind == DIST_PART_HASH)
        return (int)(((uint64_t)dist_mix32(v) * (uint64_t)pt->p) >> 32);
    uint64_t big = (uint64_t)pt->rem * (pt->q + 1); /* vertices of the larger blocks */
    if (v < big)
        return (int)(v / (pt->q + 1));
    return (int)(pt->rem + (v - big) / pt->q);
}

/* Block partition: the first vertex of rank r. */
static inline uint32_t dist_block_start(const dist_partition *pt, int r)
{
    uint32_t ur = (uint32_t)r;
    return ur * pt->q + (ur < pt->rem ? ur : pt->rem);
}

/*
 * The vertices rank r owns, in increasing id order: *count of them, and for the hash partition
 * *owned (caller frees; NULL for block, whose local index is v - dist_block_start). O(n) time
 * for hash (every rank scans all ids), O(1) for block. Errors: MST_ERESOURCE.
 */
mst_status dist_partition_owned(const dist_partition *pt, int r, uint32_t *count, uint32_t **owned);

/* Local index of an owned vertex v (hash: binary search in owned[count]). O(log count). */
uint32_t dist_partition_local(const dist_partition *pt, int r, const uint32_t *owned,
                              uint32_t count, uint32_t v);

#endif
