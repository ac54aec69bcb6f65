/*
 * seq.h: the sequential algorithms of mst-seq.
 *
 * All four are mst_solve_fn's (solver.h), so that mst-seq's descriptor names them directly; they
 * have no options of their own (o may be NULL). g is the canonical graph (core.h) and is
 * left unchanged; the minimum spanning forest under the (key, edge id) order, which is unique,
 * goes to out->eid[0..out->count) in no particular order (out->capacity >= min(m, n) + 1);
 * phase times and counters go to ph, which may be NULL. Every call gives the same edge set and
 * frees all it allocates, on success and on error alike.
 */
#ifndef MST_SEQ_H
#define MST_SEQ_H

#include "solver.h"

/*
 * Kruskal's algorithm (J. B. Kruskal, Proc. AMS 7(1), 1956): sort the edges by (key, id) with an
 * LSD radix sort of packed (key << 32 | id) words, then scan them with a union-find (union by
 * rank, path halving), keeping each edge that joins two components; stops once n - 1 edges are
 * kept. Phases: "sort", "scan". Requires m < 2^32 (packed ids). Errors: MST_ERESOURCE.
 * O(m + n α(n)) after the O(m) sort; 32m + 5n bytes.
 */
mst_status mst_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph);

/*
 * Filter-Kruskal (V. Osipov, P. Sanders, J. Singler, "The Filter-Kruskal Minimum Spanning Tree
 * Algorithm", ALENEX 2009, Algorithm 1): quicksort-like recursion that partitions the edges
 * around a pivot (key, id), solves the light part, then filters out heavy edges whose endpoints
 * are already joined before recursing on them; small parts are radix-sorted and scanned as in
 * Kruskal. Phases: "partition", "filter", "sort", "scan". Requires m < 2^32.
 * Errors: MST_ERESOURCE. Expected O(m + n log n log(m/n)).
 */
mst_status mst_filter_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                              mst_phases *ph);

/*
 * Prim's algorithm (R. C. Prim, "Shortest connection networks and some generalizations", Bell
 * System Technical Journal 36(6), 1957; V. Jarník, 1930) over the CSR of g (mst_csr_build), with
 * a binary heap and lazy deletion: visiting a vertex pushes (key, edge id, far end) for each of
 * its edges to an unvisited vertex, unless a lighter edge towards that vertex was already pushed
 * (it could never be the one that reaches it); a pop whose far end is already visited is stale
 * and skipped, any other adds its edge and visits the far end. The search restarts from the
 * lowest unvisited vertex for each component, so forests come out whole. Heap order (key, id):
 * the same edge set as Kruskal. Phases: "csr" (building the CSR and gathering its keys), "heap"
 * (the search); counter "heap_pushes" (at most m: an edge is pushed only from the first of its
 * endpoints to be visited). Requires m < 2^32 (packed ids). Errors: MST_ERESOURCE.
 * O(n + m log m) time; 48m + 16n bytes (CSR 24m + 8n, keys 8m, heap 16m, best edge per vertex
 * 8n).
 */
mst_status mst_prim(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph);

/*
 * Prim for --rounds (docs/rounds.md): the CSR and the search's arrays depend on the topology
 * only, so mst_prim_prepare builds them once (phase "csr") and each round's
 * mst_prim_prepared_solve gathers the new keys beside the CSR's slots (phase "keys") and
 * searches (phase "heap", counter "heap_pushes"), with mst_prim's result. Prepare's errors are
 * mst_prim's (*state NULL then); a round cannot fail. mst_prim_release frees (NULL-safe).
 * Per round O(m) to gather the keys plus the search.
 */
mst_status mst_prim_prepare(const mst_graph *g, const mst_options *o, void **state,
                            mst_phases *ph);
mst_status mst_prim_prepared_solve(void *state, const mst_graph *g, const mst_options *o,
                                   mst_forest *out, mst_phases *ph);
void mst_prim_release(void *state);

/*
 * Borůvka's algorithm (O. Borůvka, "O jistém problému minimálním", Práce moravské
 * přírodovědecké společnosti 3, 1926), sequential, on a contracting edge list: each round
 * (1) finds the lightest (key, id) edge leaving each component, the list's endpoints being the
 * components' representatives; (2) adds those edges, joining their components in a union-find
 * (core.h); (3) compacts the list, relabelling endpoints to the new representatives and
 * dropping the edges inside a component. Stops when the list is empty, i.e. no edge leaves any
 * component. Each round at least halves the components that still have edges, so there are at
 * most ceil(log2 n) rounds. Same edge set as Kruskal. Phases: "min", "union", "compact" (with
 * the copy of g's edges into the first list); counter "rounds". Errors: MST_ERESOURCE.
 * O(m log n + n α(n)) time; 20m + 25n bytes.
 */
mst_status mst_boruvka(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph);

#endif
