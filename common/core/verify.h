/*
 * verify.h: the certifying verifier of docs/design.md. It trusts no solver, Kruskal included.
 */
#ifndef MST_VERIFY_H
#define MST_VERIFY_H

#include <stdint.h>

#include "graph.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Certifies that eid[0..k-1] is the minimum spanning forest of g under the (key, edge id) order:
 *   1. every id is below g->m and appears once;
 *   2. the edges form a forest with exactly n - c edges, c = connected components of g;
 *   3. cycle property: for every non-tree edge {u, v}, every tree edge on the tree path u..v is
 *      smaller in (key, id) order (ancestor tables by binary lifting, path maximum per query).
 * That order has no ties, so exactly one forest passes: the canonical MSF every solver returns.
 * Another spanning forest of the same weight (equal weights chosen another way) is rejected.
 * Sets *components to c when it got that far (may be NULL).
 * Errors: MST_EVERIFY with the first violation in words ("edge 17 (3-9) appears twice",
 * "non-tree edge 40 (2-7, w=3) is lighter than tree edge 12 (5-6, w=9) on its tree path", or
 * for equal weights "non-tree edge 3 (0-2, w=5) precedes tree edge 8 (1-2, w=5) on its tree
 * path in the (weight, edge id) order ..."); MST_ERESOURCE. O((n + m) log n) time,
 * O(n log n + m) memory. Sources: R. E. Tarjan 1979 and M. A. Bender, M. Farach-Colton 2000 (see
 * verify.c).
 */
mst_status mst_verify_forest(const mst_graph *g, const uint64_t *eid, uint64_t k,
                             uint64_t *components);

/*
 * As mst_verify_forest for the minimum (maximum = 0) or the maximum spanning forest (maximum =
 * 1: the same checks with the weight order reversed; among equal weights the lower edge id still
 * wins, as with the harness's flipped keys). Weights are compared as the raw weights' order
 * (mst_edge_order: the raw values of 64-bit types, not the ranks derived from them). Messages
 * say "heavier" for the maximum. Same costs and errors.
 */
mst_status mst_verify_forest_objective(const mst_graph *g, const uint64_t *eid, uint64_t k,
                                       uint64_t *components, int maximum);

#ifdef __cplusplus
}
#endif

#endif
