/*
 * seq.h: the sequential algorithms of mst-seq, each an mst_solve_fn (solver.h) without options of
 * its own (o may be NULL, as may ph): the minimum spanning forest of g under the (key, edge id)
 * order into out->eid[0..out->count), g unchanged, everything freed on success and error alike.
 */
#ifndef MST_SEQ_H
#define MST_SEQ_H

#include "solver.h"

/* Kruskal's algorithm (J. B. Kruskal, Proc. AMS 7(1), 1956): a radix sort of packed (key << 32
 * | id) words, then a union-find scan keeping each edge that joins two components, up to n - 1.
 * Phases "sort", "scan". Requires m < 2^32. Errors: MST_ERESOURCE. O(m + n α(n)); 32m + 5n
 * bytes. */
mst_status mst_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph);

/* Filter-Kruskal (V. Osipov, P. Sanders, J. Singler, "The Filter-Kruskal Minimum Spanning Tree
 * Algorithm", ALENEX 2009, Algorithm 1): partition around a pivot, solve the light part, filter
 * the heavy edges already joined, recurse; small parts as in Kruskal. Phases "partition",
 * "filter", "sort", "scan". Requires m < 2^32. Errors: MST_ERESOURCE. Expected O(m + n log n
 * log(m/n)). */
mst_status mst_filter_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                              mst_phases *ph);

/* Prim's algorithm (R. C. Prim, "Shortest connection networks and some generalizations", Bell
 * System Technical Journal 36(6), 1957; V. Jarník, 1930) over g's CSR with a binary heap of
 * (key, id) and lazy deletion, restarted at the lowest unvisited vertex of each component.
 * Phases "csr", "heap"; counter "heap_pushes" (at most m). Requires m < 2^32. Errors:
 * MST_ERESOURCE. O(n + m log m); 48m + 16n bytes. */
mst_status mst_prim(const mst_graph *g, const mst_options *o, mst_forest *out, mst_phases *ph);

/* Prim for --rounds (docs/rounds.md): prepare builds the CSR and the search's arrays once
 * (phase "csr", mst_prim's errors); each round gathers the new keys (phase "keys") and searches,
 * with mst_prim's result, and cannot fail; release frees (NULL-safe). */
mst_status mst_prim_prepare(const mst_graph *g, const mst_options *o, void **state,
                            mst_phases *ph);
mst_status mst_prim_prepared_solve(void *state, const mst_graph *g, const mst_options *o,
                                   mst_forest *out, mst_phases *ph);
void mst_prim_release(void *state);

/* Borůvka's algorithm (O. Borůvka, "O jistém problému minimálním", Práce moravské
 * přírodovědecké společnosti 3, 1926) on a contracting edge list: rounds of (1) the lightest
 * edge leaving each component, (2) adding them in a union-find, (3) relabelling and dropping the
 * edges inside a component, at most ceil(log2 n). Phases "min", "union", "compact"; counter
 * "rounds". Errors: MST_ERESOURCE. O(m log n + n α(n)); 20m + 25n bytes. */
mst_status mst_boruvka(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph);

#endif
