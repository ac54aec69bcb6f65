/*
 * sample.h: threshold estimation for filtering (Fallin et al. 2023, section 3.2; Filter-Kruskal):
 * pick a packed (key << 32 | id) word that about `want` of the edges lie at or below.
 */
#ifndef MST_SAMPLE_H
#define MST_SAMPLE_H

#include <stdint.h>

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Returns the (key << 32 | id) word of rank about want/m among 1024 edges spread evenly over
 * the edge list (deterministic: runs repeat exactly). Every edge at or below it is "light".
 * Requires g->m > 0. O(1) (a sort of the sample).
 */
uint64_t mst_sample_threshold(const mst_graph *g, uint64_t want);

#ifdef __cplusplus
}
#endif

#endif
