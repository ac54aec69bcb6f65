/*
 * symmetrize.h: the undirected edges of directed input (builder.h, docs/formats.md,
 * Symmetrization): an arc u->v and an arc v->u with the same weight key become one edge, kept
 * at the first one's position; unmatched arcs and parallel arcs stay edges of their own.
 */
#ifndef MST_SYMMETRIZE_H
#define MST_SYMMETRIZE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Hash of an undirected edge group {lo, hi} (lo < hi) with weight key `key`: shared by the
 * symmetrization below and by the writers that must avoid it (arc_flips.h). */
static inline uint64_t mst_edge_group_hash(uint32_t lo, uint32_t hi, uint32_t key)
{
    uint64_t h = ((uint64_t)lo << 32 | hi) * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t)key * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

/*
 * Merges arcs with their reverse arcs of equal key in place (see above), compacting u, v, key
 * and raw (if not NULL: the 64-bit weights, whose keys are ranks, so equal keys are equal
 * weights) and reducing *m. scratch: NULL, or *m words it may overwrite (memory the caller no
 * longer needs, such as the staged weights: fresh memory costs a page fault per 4 KiB).
 * Returns the number of arcs merged, or UINT64_MAX if memory ran out or *m is 2^40 or more
 * (then nothing changed: MST_ERESOURCE).
 * Only a group (lo, hi, key) with arcs in both directions merges any, and most arcs of most
 * files are alone in theirs, so the arcs are first partitioned by group hash into buckets of
 * about 2^16 (8-byte records: id, direction, 23 hash bits), each bucket in file order. A
 * bucket's records set their hash bit in the bitmap of their direction, 16 bits per record and
 * small enough to stay in the core's cache, and the arcs whose bit is set in the other
 * direction's bitmap (every arc of a group with both directions, and about 1 in 32 others by
 * collision) meet an exact hash table, in file order. The other arcs stay. Expected O(m): two
 * streaming passes over the arcs, one over the records, and the candidates' table work; 9
 * bytes per arc (1 with scratch) plus each thread's bitmaps and table for one bucket. The
 * buckets are split among mst_load_threads() threads; the result does not depend on the thread
 * count.
 */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m,
                        uint64_t *scratch);

/* A bound on the bytes of mst_symmetrize's scratch for `arcs` arcs, for the loaders' early
 * memory check (builder.h, mst_builder_peak_bytes): an exact table of 2 to 4 slots of 20 bytes
 * per arc, above the 9 bytes per arc and per-bucket tables it allocates. O(log arcs). */
double mst_symmetrize_table_bytes(uint64_t arcs);

#ifdef __cplusplus
}
#endif

#endif
