/*
 * union_find.h: sequential disjoint-set union over vertices 0..n-1, union by rank with path
 * halving (Tarjan and van Leeuwen, "Worst-case analysis of set union algorithms", JACM 1984):
 * near-constant amortized time per operation. Used by Kruskal, the verifier and the tests; the
 * concurrent versions live with the parallel solvers.
 */
#ifndef MST_UNION_FIND_H
#define MST_UNION_FIND_H

#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_dsu {
    uint32_t n;
    uint32_t *parent; /* [n] parent[x] == x at a representative */
    uint8_t *rank;    /* [n] upper bound of the tree height (< 33) */
} mst_dsu;

/* n singletons. Errors: MST_ERESOURCE (d is left zeroed). O(n). */
mst_status mst_dsu_init(mst_dsu *d, uint32_t n);

/* Back to n singletons without reallocating. O(n). */
void mst_dsu_reset(mst_dsu *d);

/* Frees the arrays; NULL and zeroed ones are fine. */
void mst_dsu_free(mst_dsu *d);

/* Representative of x's set, halving the path on the way. */
static inline uint32_t mst_dsu_find(mst_dsu *d, uint32_t x)
{
    uint32_t *p = d->parent;
    while (p[x] != x) {
        p[x] = p[p[x]];
        x = p[x];
    }
    return x;
}

/* Joins the sets of representatives a != b by rank; returns the new representative. */
static inline uint32_t mst_dsu_link(mst_dsu *d, uint32_t a, uint32_t b)
{
    if (d->rank[a] < d->rank[b]) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    d->parent[b] = a;
    if (d->rank[a] == d->rank[b])
        d->rank[a]++;
    return a;
}

/* Joins the sets of x and y; returns 1 if they were different sets, 0 if already one. */
static inline int mst_dsu_union(mst_dsu *d, uint32_t x, uint32_t y)
{
    uint32_t a = mst_dsu_find(d, x), b = mst_dsu_find(d, y);
    if (a == b)
        return 0;
    mst_dsu_link(d, a, b);
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif
