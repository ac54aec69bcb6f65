/* egr_canon.c: .egr CSR to the canonical edge list in linear time: the twins' fast path, else
 * the exact pairing (see egr_canon.h). */
#include "egr_canon.h"

#include "egr_twins.h"

#include <stdlib.h>
#include <string.h>

#define CONSUMED (1ull << 63) /* a forward arc already merged with a reverse one */

/* The key of arc j. */
static inline uint32_t arc_key(const int32_t *eweight, int64_t j)
{
    return mst_key_from_int32(eweight != NULL ? eweight[j] : 1);
}

/* fwd_at[y] = the first slot of bucket y: the forward arcs x -> y (x < y), counted per target
 * and summed. fwd_at has nodes + 1 entries. */
static void count_forward(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                          uint64_t *fwd_at)
{
    memset(fwd_at, 0, ((size_t)nodes + 1) * sizeof *fwd_at);
#pragma omp parallel for schedule(dynamic, 4096)
    for (int32_t x = 0; x < nodes; x++)
        for (int32_t j = nindex[x]; j < nindex[x + 1]; j++)
            if (nlist[j] > x) {
#pragma omp atomic
                fwd_at[nlist[j] + 1]++;
            }
    for (int32_t y = 0; y < nodes; y++)
        fwd_at[y + 1] += fwd_at[y];
}

/* Buckets every forward arc x -> y as (x << 32 | key) into fwd[fwd_at[y] ..]: the order inside
 * a bucket does not matter, only its counts. fill[nodes] is scratch. */
static void bucket_forward(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                           const int32_t *eweight, const uint64_t *fwd_at, uint64_t *fill,
                           uint64_t *fwd)
{
    memcpy(fill, fwd_at, (size_t)nodes * sizeof *fill);
#pragma omp parallel for schedule(dynamic, 4096)
    for (int32_t x = 0; x < nodes; x++)
        for (int32_t j = nindex[x]; j < nindex[x + 1]; j++) {
            int32_t y = nlist[j];
            if (y <= x)
                continue;
            uint64_t at;
#pragma omp atomic capture
            at = fill[y]++;
            fwd[at] = (uint64_t)x << 32 | arc_key(eweight, j);
        }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts a bucket: insertion sort for the usual few entries, qsort beyond. */
static void sort_bucket(uint64_t *a, uint64_t n)
{
    if (n > 32) {
        qsort(a, n, sizeof *a, cmp_u64);
        return;
    }
    for (uint64_t i = 1; i < n; i++) {
        uint64_t x = a[i], k = i;
        for (; k > 0 && a[k - 1] > x; k--)
            a[k] = a[k - 1];
        a[k] = x;
    }
}

/* Takes an unconsumed entry equal to `want` from the sorted bucket a[n] (CONSUMED marks those
 * taken; compared without it). Returns 1 if one was left. */
static int take_forward(uint64_t *a, uint64_t n, uint64_t want)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if ((a[mid] & ~CONSUMED) < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < n && (a[lo] & ~CONSUMED) == want; lo++)
        if (!(a[lo] & CONSUMED)) {
            a[lo] |= CONSUMED;
            return 1;
        }
    return 0;
}

/* Row y's arcs: keep[j] = 1 for the forward arcs and the reverse arcs left unmatched, 0 for
 * self-loops and merged arcs. Returns the kept count; adds the self-loops to *loops. */
static uint64_t pair_row(int32_t y, const int32_t *nindex, const int32_t *nlist,
                         const int32_t *eweight, uint64_t *bucket, uint64_t size,
                         unsigned char *keep, uint64_t *loops)
{
    uint64_t kept = 0;
    sort_bucket(bucket, size);
    for (int32_t j = nindex[y]; j < nindex[y + 1]; j++) {
        int32_t x = nlist[j];
        if (x == y) {
            keep[j] = 0;
            ++*loops;
            continue;
        }
        keep[j] = x > y || size == 0 ||
                  !take_forward(bucket, size, (uint64_t)x << 32 | arc_key(eweight, j));
        kept += keep[j];
    }
    return kept;
}

/* The rows' kept arcs written as edges (row, neighbour, key) from out_at[row]. */
static void write_edges(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                        const int32_t *eweight, const unsigned char *keep,
                        const uint64_t *out_at, mst_graph *g)
{
#pragma omp parallel for schedule(dynamic, 4096)
    for (int32_t x = 0; x < nodes; x++) {
        uint64_t o = out_at[x];
        for (int32_t j = nindex[x]; j < nindex[x + 1]; j++)
            if (keep[j]) {
                g->u[o] = (uint32_t)x;
                g->v[o] = (uint32_t)nlist[j];
                g->key[o] = arc_key(eweight, j);
                o++;
            }
    }
}

mst_status mst_egr_canonical(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                             const int32_t *eweight, mst_graph *g)
{
    int taken = 0;
    mst_status st = mst_egr_twin_arcs(nodes, nindex, nlist, eweight, g, &taken);
    if (st != MST_OK || taken)
        return st;
    return mst_egr_canonical_paired(nodes, nindex, nlist, eweight, g);
}

mst_status mst_egr_canonical_paired(int32_t nodes, const int32_t *nindex,
                                    const int32_t *nlist, const int32_t *eweight, mst_graph *g)
{
    mst_status st = MST_OK;
    uint64_t *fwd_at = NULL, *fill = NULL, *fwd = NULL, loops = 0, merged = 0;
    unsigned char *keep = NULL;
    memset(g, 0, sizeof *g);
    uint64_t arcs = (uint64_t)nindex[nodes];
    MST_ALLOC(fwd_at, (uint64_t)nodes + 1);
    MST_ALLOC(fill, (uint64_t)nodes + 1);
    MST_ALLOC(keep, arcs + 1);
    count_forward(nodes, nindex, nlist, fwd_at);
    MST_ALLOC(fwd, fwd_at[nodes] + 1);
    bucket_forward(nodes, nindex, nlist, eweight, fwd_at, fill, fwd);
    uint64_t *out_at = fill; /* reused: row y's first output slot */
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : loops)
    for (int32_t y = 0; y < nodes; y++)
        out_at[y] = pair_row(y, nindex, nlist, eweight, fwd + fwd_at[y],
                             fwd_at[y + 1] - fwd_at[y], keep, &loops);
    free(fwd);
    fwd = NULL;
    uint64_t m = 0;
    for (int32_t y = 0; y < nodes; y++) {
        uint64_t k = out_at[y];
        out_at[y] = m;
        m += k;
    }
    merged = arcs - loops - m;
    MST_ALLOC(g->u, m + 1);
    MST_ALLOC(g->v, m + 1);
    MST_ALLOC(g->key, m + 1);
    write_edges(nodes, nindex, nlist, eweight, keep, out_at, g);
    mst_egr_graph_fields(g, nodes, m, eweight != NULL, loops, merged);
fail:
    free(fwd_at);
    free(fill);
    free(fwd);
    free(keep);
    if (st != MST_OK)
        mst_graph_free(g);
    return st;
}
