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
 * weights) and reducing *m. Returns the number of arcs merged, or UINT64_MAX if memory ran out
 * (then nothing changed). Expected O(m): two bitmaps of 8m bits mark the groups' hashes seen
 * twice, and only the arcs whose hash was (every arc of a group of two or more, and a few
 * others by collision) meet the exact hash tables (2 to 4 slots of 20 bytes per candidate);
 * plus a byte per arc. The groups are split among mst_load_threads() threads by hash, each
 * thread scanning the candidates in file order for its own groups, so the result does not
 * depend on the thread count.
 */
uint64_t mst_symmetrize(uint32_t *u, uint32_t *v, uint32_t *key, uint64_t *raw, uint64_t *m);

/* The most bytes of mst_symmetrize's exact tables for `arcs` arcs (all of them candidates),
 * for the loaders' early memory check (builder.h, mst_builder_peak_bytes). O(log arcs). */
double mst_symmetrize_table_bytes(uint64_t arcs);

#ifdef __cplusplus
}
#endif

#endif
