/*
 * merge_rows.h: removal of parallel arcs from one row of a contracted CSR (mst-omp's contract
 * variant, --merge-parallel).
 */
#ifndef MST_OMP_MERGE_ROWS_H
#define MST_OMP_MERGE_ROWS_H

#include <stdint.h>

/*
 * Sorts the row's arcs (far end adj[i], key << 32 | edge id ki[i], i < len) by (adj, ki) and
 * keeps the first arc to each far end, the lightest in the (key, id) order, at the row's start.
 * Returns the arcs kept. Insertion sort for short rows, heapsort (no scratch memory) for long
 * ones: O(len log len) time, O(1) space.
 */
uint64_t par_merge_row(uint32_t *adj, uint64_t *ki, uint64_t len);

#endif
