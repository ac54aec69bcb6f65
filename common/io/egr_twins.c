/* egr_twins.c: the .egr fast path: multiset-hash check, then the forward arcs (egr_twins.h). */
#include "egr_twins.h"

#include <stdlib.h>
#include <string.h>

#include "builder.h"

#define BLOCKS_PER_THREAD 8 /* row blocks of about equal arc counts: a high-degree row evens out */

/* One row block's share of the check: arc counts and the two hash sums (forward minus reverse). */
typedef struct twin_sums {
    uint64_t forward, reverse, h1, h2;
} twin_sums;

/* SplitMix64's finalizer (Steele, Lea, Flood 2014): a bijection of 64-bit words. */
static inline uint64_t mix_a(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* MurmurHash3's fmix64 (Appleby): another bijection, so the two sums fail apart. */
static inline uint64_t mix_b(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDull;
    z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ull;
    return z ^ (z >> 33);
}

/* The key of arc j. */
static inline uint32_t arc_key(const int32_t *eweight, int64_t j)
{
    return mst_key_from_int32(eweight != NULL ? eweight[j] : 1);
}

/* Row block b of `blocks` covers rows row_at[b] .. row_at[b + 1] - 1: the first row whose arcs
 * start at or after the block's even share of the arcs (a binary search over nindex). */
static void cut_blocks(int32_t nodes, const int32_t *nindex, int blocks, int32_t *row_at)
{
    uint64_t arcs = (uint64_t)nindex[nodes];
    for (int b = 0; b <= blocks; b++) {
        int64_t want = (int64_t)(arcs * (uint64_t)b / (uint64_t)blocks), lo = 0, hi = nodes;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (nindex[mid] < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        row_at[b] = b == blocks ? nodes : (int32_t)lo;
    }
}

/* The two hashes of group (a, b, key), a < b: one mix of the pair (injective: a and b have 31
 * bits), then one of its own per hash with the key folded in two different ways, so that two
 * groups that collide in one hash are no likelier to collide in the other. */
static inline void group_hashes(uint64_t a, uint64_t b, uint64_t key, uint64_t *h1, uint64_t *h2)
{
    uint64_t p = mix_a(a << 32 | b);
    *h1 = mix_a(p ^ (key * 0x9E3779B97F4A7C15ull));
    *h2 = mix_b(p + (key * 0xD6E8FEB86659FD93ull + 0x6A09E667F3BCC909ull));
}

/* The arcs of rows [lo, hi): each arc's group (min, max, key) hashed twice and added for a
 * forward arc, subtracted for a reverse one (a self-loop adds 0); no branch on the arc's
 * direction. */
static twin_sums sum_rows(int32_t lo, int32_t hi, const int32_t *nindex, const int32_t *nlist,
                          const int32_t *eweight)
{
    twin_sums s = {0, 0, 0, 0};
    for (int32_t x = lo; x < hi; x++)
        for (int32_t j = nindex[x]; j < nindex[x + 1]; j++) {
            int32_t y = nlist[j];
            uint64_t h1, h2, neg = 0 - (uint64_t)(y < x), keep = 0 - (uint64_t)(y != x);
            group_hashes((uint64_t)(y < x ? y : x), (uint64_t)(y < x ? x : y),
                         arc_key(eweight, j), &h1, &h2);
            s.h1 += ((h1 ^ neg) - neg) & keep; /* -h1 for a reverse arc */
            s.h2 += ((h2 ^ neg) - neg) & keep;
            s.forward += y > x;
            s.reverse += y < x;
        }
    return s;
}

/* The forward arcs of rows [lo, hi) written from edge `at` on. */
static void write_rows(int32_t lo, int32_t hi, const int32_t *nindex, const int32_t *nlist,
                       const int32_t *eweight, uint64_t at, mst_graph *g)
{
    for (int32_t x = lo; x < hi; x++)
        for (int32_t j = nindex[x]; j < nindex[x + 1]; j++)
            if (nlist[j] > x) {
                g->u[at] = (uint32_t)x;
                g->v[at] = (uint32_t)nlist[j];
                g->key[at] = arc_key(eweight, j);
                at++;
            }
}

/* 1 if the blocks' sums say every reverse arc has a forward twin; their forward counts become
 * each block's first output edge, and *m, *merged, *loops the totals. */
static int twins_match(twin_sums *sum, int blocks, uint64_t arcs, uint64_t *m, uint64_t *merged,
                       uint64_t *loops)
{
    twin_sums all = {0, 0, 0, 0};
    for (int b = 0; b < blocks; b++) {
        all.reverse += sum[b].reverse;
        all.h1 += sum[b].h1;
        all.h2 += sum[b].h2;
        uint64_t k = sum[b].forward;
        sum[b].forward = all.forward; /* exclusive prefix sum */
        all.forward += k;
    }
    *m = all.forward;
    *merged = all.reverse;
    *loops = arcs - all.forward - all.reverse;
    return all.forward == all.reverse && all.h1 == 0 && all.h2 == 0;
}

void mst_egr_graph_fields(mst_graph *g, int32_t nodes, uint64_t m, int weighted, uint64_t loops,
                          uint64_t merged)
{
    g->m = m;
    g->n = (uint32_t)nodes;
    g->weight_type = MST_WEIGHT_INT32;
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = weighted;
    g->self_loops = loops;
    g->merged_arcs = merged;
}

mst_status mst_egr_twin_arcs(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                             const int32_t *eweight, mst_graph *g, int *taken)
{
    mst_status st = MST_OK;
    int blocks = BLOCKS_PER_THREAD * mst_load_threads();
    int32_t *row_at = NULL;
    twin_sums *sum = NULL;
    uint64_t m = 0, merged = 0, loops = 0;
    memset(g, 0, sizeof *g);
    *taken = 0;
    MST_ALLOC(row_at, (uint64_t)blocks + 1);
    MST_ALLOC(sum, (uint64_t)blocks);
    cut_blocks(nodes, nindex, blocks, row_at);
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < blocks; b++)
        sum[b] = sum_rows(row_at[b], row_at[b + 1], nindex, nlist, eweight);
    if (!twins_match(sum, blocks, (uint64_t)nindex[nodes], &m, &merged, &loops))
        goto fail; /* st = MST_OK, *taken = 0: the builder decides */
    MST_ALLOC(g->u, m + 1);
    MST_ALLOC(g->v, m + 1);
    MST_ALLOC(g->key, m + 1);
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < blocks; b++)
        write_rows(row_at[b], row_at[b + 1], nindex, nlist, eweight, sum[b].forward, g);
    mst_egr_graph_fields(g, nodes, m, eweight != NULL, loops, merged);
    *taken = 1;
fail:
    free(row_at);
    free(sum);
    if (st != MST_OK || !*taken)
        mst_graph_free(g);
    return st;
}
