/*
 * egr_canon.h: an ECL .egr CSR (load_egr.c) turned into the canonical edge list in linear time,
 * with the edges and ids that the builder's symmetrization gives (builder.h): the arcs in row
 * order, self-loops dropped and counted, each arc y -> x (x < y) merged into an earlier arc
 * x -> y of the same weight while one is unmatched.
 *
 * Why no hash table is needed: every arc x -> y with x < y lies in row x, before every arc
 * y -> x (row y), so in the file's order each group {x, y, w} lists all its forward arcs
 * before all its reverse ones. The builder keeps every forward arc, merges the first
 * min(forward, reverse) reverse arcs and keeps the rest. Here the forward arcs are bucketed by
 * their target (a counting sort), so that row y finds the forward arcs into y beside it, and
 * each of its reverse arcs, in order, takes one of them if one of its group is left.
 *
 * The usual file has a forward twin for every reverse arc: then the canonical list is just the
 * forward arcs in row order, which egr_twins.h checks (a multiset hash, false accept about
 * 2^-128 for input not crafted against it) and writes without the buckets; any other file is
 * paired as above.
 */
#ifndef MST_EGR_CANON_H
#define MST_EGR_CANON_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The canonical graph of a validated CSR (arguments as mst_egr_canonical_paired's): the forward
 * arcs of mst_egr_twin_arcs where its check accepts, else mst_egr_canonical_paired's; the same
 * graph either way (but for the check's false accept, about 2^-128: egr_twins.h). Errors:
 * MST_ERESOURCE (then g is zeroed). O(nodes + edges) work over the OpenMP threads.
 */
mst_status mst_egr_canonical(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                             const int32_t *eweight, mst_graph *g);

/*
 * The exact pairing: fills g (zeroed first) from a validated CSR: nodes rows, nindex[nodes + 1]
 * offsets, nlist [edges] neighbours in [0, nodes), eweight[edges] int32 weights or NULL (unit
 * weights): n = nodes, int32 weights, merged_arcs and self_loops set, index_base 0; g->name and
 * g->format are left to the caller. Errors: MST_ERESOURCE (then g is zeroed). O(nodes + edges)
 * work over the OpenMP threads (a row's bucket is sorted: O(d log d) for a row of d reverse arcs),
 * about 8 bytes per forward arc, 9 bytes per node and 1 byte per arc besides g.
 */
mst_status mst_egr_canonical_paired(int32_t nodes, const int32_t *nindex,
                                    const int32_t *nlist, const int32_t *eweight, mst_graph *g);

#ifdef __cplusplus
}
#endif

#endif
