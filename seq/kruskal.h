/*
 * kruskal.h: the sequential algorithms of mst-seq.
 */
#ifndef MST_SEQ_KRUSKAL_H
#define MST_SEQ_KRUSKAL_H

#include "solver.h"

/*
 * Kruskal's algorithm (J. B. Kruskal, Proc. AMS 7(1), 1956): sort the edges by (key, id) with an
 * LSD radix sort of packed (key << 32 | id) words, then scan them with a union-find (union by
 * rank, path halving), keeping each edge that joins two components; stops once n - 1 edges are
 * kept. Phases: "sort", "scan". Requires m < 2^32 (packed ids). Errors: MST_ERESOURCE.
 * O(m + n α(n)) after the O(m) sort; 32m + 5n bytes.
 */
mst_status mst_kruskal(const mst_graph *g, mst_forest *out, mst_phases *ph);

/*
 * Filter-Kruskal (V. Osipov, P. Sanders, J. Singler, "The Filter-Kruskal Minimum Spanning Tree
 * Algorithm", ALENEX 2009, Algorithm 1): quicksort-like recursion that partitions the edges
 * around a pivot (key, id), solves the light part, then filters out heavy edges whose endpoints
 * are already joined before recursing on them; small parts are radix-sorted and scanned as in
 * Kruskal. Phases: "partition", "filter", "sort", "scan". Requires m < 2^32.
 * Errors: MST_ERESOURCE. Expected O(m + n log n log(m/n)).
 */
mst_status mst_filter_kruskal(const mst_graph *g, mst_forest *out, mst_phases *ph);

#endif
