/*
 * egr_twins.h: the fast path of the .egr loader (load_egr.c) for the usual file, in which
 * every reverse arc has its forward twin: checked in one streaming, parallel pass that writes
 * nothing, then the forward arcs written in row order; no bucketing, sorting or random writes.
 *
 * The check is a multiset hash (Clarke, Devadas, van Dijk, Gassend, Suh 2003, the additive
 * construction MSet-Add-Hash, here unkeyed, with SplitMix64's and MurmurHash3's 64-bit
 * finalizers as the mixes: Steele, Lea, Flood 2014; Appleby, MurmurHash3): over the forward
 * arcs x -> y (x < y) and over the reverse arcs y -> x (y > x), the sums modulo 2^64 of two
 * independent 64-bit mixes of the group (x, y, weight key), 128 bits in all, and the two arc
 * counts. Equal sums and counts say that both sides hold the same multiset of groups: each
 * group has as many reverse arcs as forward ones, so the builder's symmetrization (builder.h)
 * merges every reverse arc into a forward arc of its group, and the canonical list is the
 * forward arcs in row order. Unequal ones send the caller to the builder.
 *
 * False accept: two different multisets with equal sums and counts. For input that is not built
 * against these fixed mixes, each 64-bit sum then agrees by chance, about 2^-64 apiece, so about
 * 2^-128 in all; the mixes are public and unkeyed, so a file crafted to collide is not covered
 * (and would still load as a valid graph: the forward arcs). The count check covers what the sums
 * cannot (a group whose mixes are both 0).
 */
#ifndef MST_EGR_TWINS_H
#define MST_EGR_TWINS_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * If every reverse arc of the validated CSR (nodes rows, nindex[nodes + 1], nlist[edges]
 * neighbours in [0, nodes), eweight[edges] int32 or NULL for unit weights) has a forward twin
 * by the multiset hash above, fills g (zeroed first) with the forward arcs in row order (u = row
 * < v = neighbour), exactly the builder's graph of the arcs (merged_arcs = the reverse arcs,
 * self-loops dropped and counted), and sets *taken = 1; else sets *taken = 0 and leaves g
 * zeroed. Errors: MST_ERESOURCE (g zeroed). Two streaming passes over nlist and eweight,
 * O(nodes + edges) work over the OpenMP threads, no memory besides g and a few bytes per thread.
 */
mst_status mst_egr_twin_arcs(int32_t nodes, const int32_t *nindex, const int32_t *nlist,
                             const int32_t *eweight, mst_graph *g, int *taken);

/* The fields of g that the fast path sets once its arrays hold m edges: n = nodes,
 * int32 weights from the file (unit weights when !weighted), the self-loops dropped and the
 * reverse arcs merged. */
void mst_egr_graph_fields(mst_graph *g, int32_t nodes, uint64_t m, int weighted, uint64_t loops,
                          uint64_t merged);

#ifdef __cplusplus
}
#endif

#endif
