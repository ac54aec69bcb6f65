/*
 * boruvka.h: --algo boruvka-allreduce, Shou and He's first MPI approach (section 3.4,
 * Listing 8), kept for the course's comparison with GHS.
 *
 * Edge-partitioned Borůvka: each rank owns a slice of the edges (load.h); every rank keeps the
 * whole vertex state (a union-find over all n vertices and a component index), so each round it
 * finds, for its own edges, the lightest (key, id) edge leaving every live component, and one
 * MPI_Allreduce with a (key, id) minimum over a vector of all live components gives the global
 * minima. Every rank then applies the same unions in the same order (identical state
 * everywhere), relabels its edges to component representatives and drops the edges inside a
 * component. A component with no edge leaving it is finished and leaves the vector. Rounds:
 * O(log n); each moves 16 bytes per live component through the allreduce.
 * Memory per rank: O(n + m / p): about 36 bytes per vertex (union-find, component index, the two
 * minimum vectors, the forest) plus 20 bytes per edge of its slice; the vertex part does not
 * shrink with p. (Shou and He broadcast the whole graph to every rank instead: O(n + m) per rank;
 * docs/mst-mpi.md.)
 */
#ifndef MST_MPI_BORUVKA_H
#define MST_MPI_BORUVKA_H

#include <stdint.h>

#include "comm.h"
#include "load.h"
#include "solver.h"

/*
 * Collective: the minimum spanning forest of the graph whose slices the ranks hold (n vertices),
 * on rank 0 into out->eid and fkey[] (keys, [out->capacity]). Counters on rank 0: "rounds",
 * "allreduce_bytes" (per rank). Errors (agreed): MST_ERESOURCE; MST_EINTERNAL for a forest of
 * more than n - 1 edges.
 */
mst_status boruvka_allreduce(const dist_ctx *c, const dist_slice *sl, uint32_t n,
                             mst_forest *out, uint32_t *fkey, mst_phases *ph);

#endif
