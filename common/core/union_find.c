/* union_find.c: allocation of the sequential disjoint-set union (see core.h). */
#include "core.h"

#include <stdlib.h>
#include <string.h>

mst_status mst_dsu_init(mst_dsu *d, uint32_t n)
{
    mst_status st = MST_OK;
    memset(d, 0, sizeof *d);
    d->n = n;
    MST_ALLOC(d->parent, n);
    MST_ALLOC(d->rank, n);
    mst_dsu_reset(d);
    return MST_OK;
fail:
    mst_dsu_free(d);
    return st;
}

void mst_dsu_reset(mst_dsu *d)
{
    for (uint32_t x = 0; x < d->n; x++)
        d->parent[x] = x;
    memset(d->rank, 0, d->n);
}

void mst_dsu_free(mst_dsu *d)
{
    if (d == NULL)
        return;
    free(d->parent);
    free(d->rank);
    memset(d, 0, sizeof *d);
}
