/*
 * partition.h: which rank owns a vertex (--partition block|hash), and its index among that
 * rank's vertices. Both partitions cut an order of the vertices into p contiguous blocks, the
 * first n mod p of them one vertex longer. Block takes the ids in order. Hash takes them in the
 * order of pi(v) = a v mod n, with a the first integer from n (sqrt 5 - 1) / 2 coprime to n
 * (Fibonacci hashing: a bijection that spreads runs of ids, R-MAT's hubs, which are its lowest
 * ids, and other id-correlated structure evenly over the ranks). A vertex's place in that order,
 * its *label* (dist_label), gives its rank and its local index by arithmetic alone.
 */
#ifndef MST_MPI_PARTITION_H
#define MST_MPI_PARTITION_H

#include <stdint.h>

typedef enum dist_partition_kind { DIST_PART_BLOCK = 0, DIST_PART_HASH = 1 } dist_partition_kind;

typedef struct dist_partition {
    dist_partition_kind kind;
    uint32_t n;
    int p;
    uint32_t q, rem; /* n = q p + rem; ranks below rem own q + 1 vertices */
    uint64_t mul;    /* pi's a (hash), 1 (block) */
} dist_partition;

/* The partition of n vertices over p ranks. O(log n) (hash: the gcd tests). */
dist_partition dist_partition_make(dist_partition_kind kind, uint32_t n, int p);

/* Vertex v's label (its place in the partition's order): v, or pi(v) for hash. */
static inline uint32_t dist_label(const dist_partition *pt, uint32_t v)
{
    return pt->kind == DIST_PART_HASH ? (uint32_t)(pt->mul * v % pt->n) : v;
}

/* The rank that owns label x < n. O(1). */
static inline int dist_label_owner(const dist_partition *pt, uint32_t x)
{
    uint64_t big = (uint64_t)pt->rem * (pt->q + 1); /* labels of the larger blocks */
    if (x < big)
        return (int)(x / (pt->q + 1));
    return (int)(pt->rem + (x - big) / pt->q);
}

/* The rank that owns vertex v < n. O(1). */
static inline int dist_owner(const dist_partition *pt, uint32_t v)
{
    return dist_label_owner(pt, dist_label(pt, v));
}

/* The first label of rank r. */
static inline uint32_t dist_block_start(const dist_partition *pt, int r)
{
    uint32_t ur = (uint32_t)r;
    return ur * pt->q + (ur < pt->rem ? ur : pt->rem);
}

/* How many vertices rank r owns. */
static inline uint32_t dist_partition_count(const dist_partition *pt, int r)
{
    return pt->q + ((uint32_t)r < pt->rem ? 1 : 0);
}

/* Local index of vertex v, which rank r owns. O(1). */
static inline uint32_t dist_partition_local(const dist_partition *pt, int r, uint32_t v)
{
    return dist_label(pt, v) - dist_block_start(pt, r);
}

/* A bijective 32-bit mixing hash (murmur3's finalizer). */
static inline uint32_t dist_mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x85EBCA6Bu;
    x ^= x >> 13;
    x *= 0xC2B2AE35u;
    return x ^ (x >> 16);
}

#endif
