/* symmetrize.c: merges arcs with their reverse arcs of equal key (see symmetrize.h). */
#include "symmetrize.h"

#include <stdlib.h>

#include "builder.h"
#include "status.h"

/* Open-addressing table for symmetrization: one slot per distinct (lo, hi, key). */
typedef struct arc_slot {
    uint32_t lo, hi, key;
    uint32_t pending[2]; /* unmatched arcs lo->hi [0] and hi->lo [1] seen so far */
} arc_slot;

/* Slots of mst_symmetrize's table for m arcs: a power of two, at least 16 and 2 m. */
static double table_slots(double m)
{
    double size = 16;
    while (size < 2 * m)
        size *= 2;
    return size;
}

double mst_symmetrize_table_bytes(uint64_t arcs)
{
    return table_slots((double)arcs) * (double)sizeof(arc_slot);
}

/* The thread among `threads` that owns the group of hash h: its high bits, as the table
 * index uses the low ones. */
static inline int group_owner(uint64_t h, int threads)
{
    return (int)(((h >> 32) * (uint64_t)threads) >> 32);
}

/* The hash of arc e's group (lo, hi, key). */
static inline uint64_t arc_hash(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                uint64_t e)
{
    uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo;
    return mst_edge_group_hash(lo, hi, key[e]);
}

/* The arcs whose group may hold another arc: two bitmaps of `bits` bits (a power of two) mark
 * the group hashes seen once and seen again; an arc whose hash is in the second is a candidate
 * (every arc of a group of two or more, and a few others by collision), and only candidates
 * meet the exact table. Sets keep[e] = 1 for the others (an arc alone in its group stays) and
 * 0 for candidates. Returns the candidates' count, or UINT64_MAX without memory. */
static uint64_t mark_candidates(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                uint64_t m, int threads, unsigned char *keep)
{
    uint64_t bits = 64, count = 0;
    while (bits < 8 * m)
        bits *= 2;
    uint64_t *seen = mst_calloc(bits / 64, sizeof *seen), *twice = mst_calloc(bits / 64, 8);
    if (seen == NULL || twice == NULL) {
        free(seen);
        free(twice);
        return UINT64_MAX;
    }
#pragma omp parallel for schedule(static) num_threads(threads)
    for (uint64_t e = 0; e < m; e++) {
        uint64_t b = (arc_hash(u, v, key, e) >> 16) & (bits - 1), bit = 1ull << (b & 63);
        if (__atomic_fetch_or(&seen[b >> 6], bit, __ATOMIC_RELAXED) & bit)
            __atomic_fetch_or(&twice[b >> 6], bit, __ATOMIC_RELAXED);
    }
#pragma omp parallel for schedule(static) num_threads(threads) reduction(+ : count)
    for (uint64_t e = 0; e < m; e++) {
        uint64_t b = (arc_hash(u, v, key, e) >> 16) & (bits - 1);
        keep[e] = !(twice[b >> 6] >> (b & 63) & 1);
        count += !keep[e];
    }
    free(seen);
    free(twice);
    return count;
}

/* The candidates' ids, ascending, into cand[count] (keep[e] == 0). */
static void list_candidates(const unsigned char *keep, uint64_t m, uint64_t *cand)
{
    uint64_t out = 0;
    for (uint64_t e = 0; e < m; e++)
        if (!keep[e])
            cand[out++] = e;
}

/* One owner's pass: the candidates of the groups it owns, in file order, against its own table
 * of `size` slots; keep[e] = 1 for the arcs that stay edges. Returns the arcs merged, or
 * UINT64_MAX if the table cannot be allocated. */
static uint64_t symmetrize_owned(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                 const uint64_t *cand, uint64_t count, int owner, int threads,
                                 uint64_t size, unsigned char *keep)
{
    arc_slot *t = mst_alloc(size, sizeof *t);
    if (t == NULL)
        return UINT64_MAX;
    for (uint64_t i = 0; i < size; i++)
        t[i].pending[0] = t[i].pending[1] = 0, t[i].lo = t[i].hi = UINT32_MAX;
    uint64_t merged = 0, mask = size - 1;
    for (uint64_t c = 0; c < count; c++) {
        uint64_t e = cand[c], h = arc_hash(u, v, key, e);
        if (group_owner(h, threads) != owner)
            continue;
        uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo, k = key[e];
        int dir = u[e] > v[e];
        uint64_t i = h & mask;
        /* An empty slot has lo == hi (no real edge has that: self-loops are gone). */
        while (!(t[i].lo == t[i].hi) && !(t[i].lo == lo && t[i].hi == hi && t[i].key == k))
            i = (i + 1) & mask;
        if (t[i].lo == t[i].hi) {
            t[i].lo = lo;
            t[i].hi = hi;
            t[i].key = k;
        }
        keep[e] = t[i].pending[!dir] == 0;
        if (!keep[e]) {
            t[i].pending[!dir]--; /* the reverse arc of an earlier edge: merge into it */
            merged++;
        } else {
            t[i].pending[dir]++;
        }
    }
    free(t);
    return merged;
}

/* Pairs the candidates, each thread its own groups. Returns the arcs merged or UINT64_MAX. */
static uint64_t pair_candidates(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                const uint64_t *cand, uint64_t count, int threads,
                                unsigned char *keep)
{
    uint64_t owned[MST_MAX_LOAD_THREADS] = {0}, merged = 0;
    int failed = 0;
    for (uint64_t c = 0; c < count; c++)
        owned[group_owner(arc_hash(u, v, key, cand[c]), threads)]++;
#pragma omp parallel for schedule(static, 1) num_threads(threads) reduction(+ : merged) \
    reduction(max : failed)
    for (int t = 0; t < threads; t++) {
        uint64_t size = (uint64_t)table_slots((double)owned[t]);
        uint64_t k = symmetrize_owned(u, v, key, cand, count, t, threads, size, keep);
        if (k == UINT64_MAX)
            failed = 1;
        else
            merged += k;
    }
    return failed ? UINT64_MAX : merged;
}

/* Drops the arcs with keep[e] == 0, in place (out <= e). */
static void compact_kept(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw,
                         const unsigned char *keep, uint64_t *m)
{
    uint64_t out = 0;
    for (uint64_t e = 0; e < *m; e++) {
        if (!keep[e])
            continue;
        u[out] = u[e];
        v[out] = v[e];
        key[out] = key[e];
        if (raw != NULL)
            raw[out] = raw[e];
        out++;
    }
    *m = out;
}

uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m)
{
    /* Groups are split among the threads by hash: each thread scans the candidates in file
     * order but pairs only its own groups, so each group sees its arcs in the file's order. */
    int threads = *m < (1u << 16) ? 1 : mst_load_threads();
    uint64_t merged = UINT64_MAX, *cand = NULL;
    unsigned char *keep = mst_alloc(*m, 1);
    uint64_t count = keep != NULL ? mark_candidates(u, v, key, *m, threads, keep) : UINT64_MAX;
    if (count != UINT64_MAX && (cand = mst_alloc(count + 1, sizeof *cand)) != NULL) {
        list_candidates(keep, *m, cand);
        merged = pair_candidates(u, v, key, cand, count, threads, keep);
    }
    if (merged != 0 && merged != UINT64_MAX)
        compact_kept(u, v, key, raw, keep, m);
    free(cand);
    free(keep);
    return merged;
}
