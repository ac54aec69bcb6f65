/*
 * kcore.h: core numbers by parallel vertex peeling, the one-time preprocessing of mst-cuda's
 * CPU+GPU hybrid (hybrid.h).
 */
#ifndef MST_CUDA_KCORE_H
#define MST_CUDA_KCORE_H

#include <stdint.h>

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The core number of every vertex of g: core[x] is the largest k such that x belongs to the
 * k-core, the maximal subgraph in which every vertex has degree at least k (Seidman 1983). Degrees
 * count edges, so parallel edges count once each (g is a multigraph); an isolated vertex has core
 * number 0. *degeneracy gets the largest core number (0 for a graph without edges).
 *
 * Vertex peeling as in Ma and Wan (section 3.2, "K-Core Decomposition"): at level k every vertex
 * whose remaining degree is k is removed with core number k, which lowers its neighbours' degrees
 * and may remove them at the same level; levels run in increasing k. The order is the one of
 * Matula and Beck 1983 and Batagelj and Zaversnik 2003 (O(n + m) by peeling a vertex of least
 * remaining degree first), made level-synchronous for threads as in Kabir and
 * Madduri's PKC (2017): the vertices of one level's frontier are peeled by the OpenMP team at
 * once, each neighbour's degree decremented atomically, and the neighbour that a decrement brings
 * down to exactly k joins the next frontier of the same level. Small frontiers (a long chain
 * peeling one vertex at a time) are peeled by one thread, so that such chains cost no fork-join
 * per vertex. Each level first compacts the list of vertices not yet peeled and jumps k to their
 * least remaining degree, so a vertex is scanned at most core[x] + 1 times: O(n + m) work in
 * all, with the CSR of g (mst_csr_build, 8 (n + 1) + 24 m bytes) and 16 n bytes more.
 * Threads: the caller's OpenMP team size (omp_get_max_threads()).
 *
 * g: the topology only (n, m, u, v; the keys are not read). core: [g->n], written.
 * Errors: MST_ERESOURCE (memory); core is then unspecified.
 */
mst_status kcore_peel(const mst_graph *g, uint32_t *core, uint32_t *degeneracy);

#ifdef __cplusplus
}
#endif

#endif
