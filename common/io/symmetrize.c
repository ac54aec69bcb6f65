/* symmetrize.c: merges arcs with their reverse arcs of equal key (see builder.h). */
#include "builder.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

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

/* The hash of arc e's group (lo, hi, key). */
static inline uint64_t arc_hash(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                                uint64_t e)
{
    uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo;
    return mst_edge_group_hash(lo, hi, key[e]);
}

/* The arcs are partitioned by group hash into 2^log_b buckets of about 2^BUCKET_LOG arcs (at
 * most 2^MAX_BUCKETS_LOG buckets), so that a bucket's bitmaps stay in the core's cache. An arc's
 * record in its bucket holds its id (bits 24 and up), its direction (bit 23: u > v) and 23 bits
 * of its group hash (bits 16 to 38 of the hash; the bucket is its top bits, the exact table
 * indexes with the low ones). */
#define BUCKET_LOG 16
#define MAX_BUCKETS_LOG 10
#define RECORD_HASH_BITS 23
#define RECORD_ID_SHIFT 24
#define BITMAP_BITS_PER_ARC 16

/* log2 of the bucket count for m arcs (the result does not depend on it: each group lies in
 * one bucket). */
static int bucket_log(uint64_t m)
{
    int log_b = 0;
    while (log_b < MAX_BUCKETS_LOG && (m >> log_b) > ((uint64_t)1 << BUCKET_LOG))
        log_b++;
    return log_b;
}

static inline uint64_t bucket_of(uint64_t h, int log_b)
{
    return log_b == 0 ? 0 : h >> (64 - log_b);
}

static inline uint64_t arc_record(const uint32_t *u, const uint32_t *v, uint64_t e, uint64_t h)
{
    return e << RECORD_ID_SHIFT | (uint64_t)(u[e] > v[e]) << RECORD_HASH_BITS |
           (h >> 16 & (((uint64_t)1 << RECORD_HASH_BITS) - 1));
}

/* The records of the m arcs, bucket by bucket, each bucket in file order, into rec[m]; bucket
 * b is rec[start[b] .. start[b + 1]). A counting pass and a writing pass, both split among the
 * threads in the same static ranges, thread t's arcs of a bucket after those of threads < t.
 * Returns 0, or 1 without memory. */
static int partition_arcs(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                          uint64_t m, int threads, int log_b, uint64_t *rec, uint64_t *start)
{
    uint64_t buckets = (uint64_t)1 << log_b;
    uint64_t *at = mst_calloc((uint64_t)threads * buckets, sizeof *at);
    if (at == NULL)
        return 1;
#pragma omp parallel num_threads(threads)
    {
        uint64_t *mine = at + (uint64_t)omp_get_thread_num() * buckets;
#pragma omp for schedule(static)
        for (uint64_t e = 0; e < m; e++)
            mine[bucket_of(arc_hash(u, v, key, e), log_b)]++;
#pragma omp single
        mst_scan_thread_buckets(at, buckets, threads, start);
#pragma omp for schedule(static)
        for (uint64_t e = 0; e < m; e++) {
            uint64_t h = arc_hash(u, v, key, e);
            rec[mine[bucket_of(h, log_b)]++] = arc_record(u, v, e, h);
        }
    }
    free(at);
    return 0;
}

/* Bits of a bucket's bitmaps for `arcs` records: a power of two of at least
 * BITMAP_BITS_PER_ARC per record, at least 64 and at most the record's hash bits allow. */
static uint64_t bucket_bitmap_bits(uint64_t arcs)
{
    uint64_t bits = 64;
    while (bits < BITMAP_BITS_PER_ARC * arcs && bits < ((uint64_t)1 << RECORD_HASH_BITS))
        bits *= 2;
    return bits;
}

/* A bucket's candidates: only a group with arcs in both directions merges any, and then every
 * arc of it is a candidate. Each record sets its hash bit in the bitmap of its direction
 * (maps[0]: forward arcs, u < v; maps[1]: reverse), then an arc whose bit is set in the other
 * direction's bitmap is a candidate: every arc of such a group, and a few others by collision
 * (about one in 2 BITMAP_BITS_PER_ARC). maps holds 2 * bits / 64 words (bits: a power of
 * two); the ids of the candidates, in file order, go to cand. Returns their count. */
static uint64_t mark_bucket(const uint64_t *rec, uint64_t count, uint64_t bits, uint64_t *maps,
                            uint64_t *cand)
{
    uint64_t words = bits / 64, mask = bits - 1, out = 0;
    memset(maps, 0, 2 * words * sizeof *maps);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t r = rec[i], b = r & mask;
        maps[(r >> RECORD_HASH_BITS & 1) * words + (b >> 6)] |= 1ull << (b & 63);
    }
    for (uint64_t i = 0; i < count; i++) { /* no branch: the direction is a coin toss */
        uint64_t r = rec[i], b = r & mask;
        cand[out] = r >> RECORD_ID_SHIFT;
        out += maps[(~r >> RECORD_HASH_BITS & 1) * words + (b >> 6)] >> (b & 63) & 1;
    }
    return out;
}

/* Pairs a bucket's candidates exactly, in file order, in table[size] (size a power of two, at
 * least twice their count): an arc merges into an earlier unmatched arc of its group in the
 * other direction (keep[e] = 0), else it waits for one. Returns the arcs merged. */
static uint64_t pair_bucket(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                            const uint64_t *cand, uint64_t count, arc_slot *table,
                            uint64_t size, unsigned char *keep)
{
    for (uint64_t i = 0; i < size; i++)
        table[i].pending[0] = table[i].pending[1] = 0, table[i].lo = table[i].hi = UINT32_MAX;
    uint64_t merged = 0, mask = size - 1;
    for (uint64_t c = 0; c < count; c++) {
        uint64_t e = cand[c], i = arc_hash(u, v, key, e) & mask;
        uint32_t lo = u[e] < v[e] ? u[e] : v[e], hi = u[e] ^ v[e] ^ lo, k = key[e];
        int dir = u[e] > v[e];
        arc_slot *t = table;
        /* An empty slot has lo == hi (no real edge has that: self-loops are gone). */
        while (!(t[i].lo == t[i].hi) && !(t[i].lo == lo && t[i].hi == hi && t[i].key == k))
            i = (i + 1) & mask;
        if (t[i].lo == t[i].hi) {
            t[i].lo = lo;
            t[i].hi = hi;
            t[i].key = k;
        }
        if (t[i].pending[!dir] != 0) {
            t[i].pending[!dir]--; /* the reverse arc of an earlier edge: merge into it */
            keep[e] = 0;
            merged++;
        } else {
            t[i].pending[dir]++;
        }
    }
    return merged;
}

/* One thread's scratch for the buckets: the two bitmaps, the candidates and the exact table,
 * grown as the buckets need. */
typedef struct bucket_scratch {
    uint64_t *maps, *cand, maps_bits, cand_cap, table_size;
    arc_slot *table;
} bucket_scratch;

/* Room for a bucket of `count` records: 0, or 1 without memory. */
static int scratch_fit(bucket_scratch *s, uint64_t count)
{
    uint64_t bits = bucket_bitmap_bits(count);
    if (bits > s->maps_bits) {
        free(s->maps);
        if ((s->maps = mst_alloc(2 * bits / 64, sizeof *s->maps)) == NULL)
            return 1;
        s->maps_bits = bits;
    }
    if (count > s->cand_cap) {
        free(s->cand);
        if ((s->cand = mst_alloc(count, sizeof *s->cand)) == NULL)
            return 1;
        s->cand_cap = count;
    }
    return 0;
}

/* Room in the table for `count` candidates: its size, or 0 without memory. */
static uint64_t scratch_table(bucket_scratch *s, uint64_t count)
{
    uint64_t size = (uint64_t)table_slots((double)count);
    if (size > s->table_size) {
        free(s->table);
        if ((s->table = mst_alloc(size, sizeof *s->table)) == NULL)
            return 0;
        s->table_size = size;
    }
    return size;
}

/* Marks and pairs every bucket (each thread a bucket at a time): keep[e] = 0 for the arcs that
 * merge (keep starts all 1). Returns the arcs merged, or UINT64_MAX without memory. */
static uint64_t pair_buckets(const uint32_t *u, const uint32_t *v, const uint32_t *key,
                             const uint64_t *rec, const uint64_t *start, uint64_t buckets,
                             int threads, unsigned char *keep)
{
    uint64_t merged = 0;
    int failed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : merged) reduction(| : failed)
    {
        bucket_scratch s = {NULL, NULL, 0, 0, 0, NULL};
#pragma omp for schedule(dynamic, 1)
        for (uint64_t b = 0; b < buckets; b++) {
            uint64_t count = start[b + 1] - start[b], size;
            if (failed || count == 0)
                continue;
            if (scratch_fit(&s, count) != 0) {
                failed = 1;
                continue;
            }
            uint64_t bits = bucket_bitmap_bits(count);
            uint64_t cands = mark_bucket(rec + start[b], count, bits, s.maps, s.cand);
            if (cands == 0)
                continue;
            if ((size = scratch_table(&s, cands)) == 0)
                failed = 1;
            else
                merged += pair_bucket(u, v, key, s.cand, cands, s.table, size, keep);
        }
        free(s.maps);
        free(s.cand);
        free(s.table);
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

uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch)
{
    int threads = *m < (1u << 16) ? 1 : mst_load_threads(), log_b = bucket_log(*m);
    uint64_t merged = UINT64_MAX, buckets = (uint64_t)1 << log_b;
    if (*m >> (64 - RECORD_ID_SHIFT) != 0) { /* ids beyond a record's 40 bits: 12 TiB */
        mst_fail(MST_ERESOURCE, "%llu arcs to symmetrize: at most 2^40 - 1",
                 (unsigned long long)*m);
        return UINT64_MAX;
    }
    unsigned char *keep = mst_alloc(*m, 1);
    uint64_t *rec = scratch != NULL ? scratch : mst_alloc(*m, sizeof *rec);
    uint64_t *start = mst_alloc(buckets + 1, sizeof *start);
    if (keep != NULL && rec != NULL && start != NULL &&
        partition_arcs(u, v, key, *m, threads, log_b, rec, start) == 0) {
        memset(keep, 1, *m);
        merged = pair_buckets(u, v, key, rec, start, buckets, threads, keep);
    }
    if (merged != 0 && merged != UINT64_MAX)
        compact_kept(u, v, key, raw, keep, m);
    free(start);
    if (rec != scratch)
        free(rec);
    free(keep);
    return merged;
}
