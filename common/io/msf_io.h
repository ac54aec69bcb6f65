/*
 * msf_io.h: MSF files, one edge "u v w" a line in the input's own vertex numbering
 * (docs/design.md, Output), and reading them back into edge ids for mst-verify.
 */
#ifndef MST_MSF_IO_H
#define MST_MSF_IO_H

#include <stdint.h>

#include "graph.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Writes edges eid[0..k-1] of g to `path` as "u v w" lines in increasing edge id order (eid is
 * sorted in place), after one '#' comment line naming `producer`. Written to a temporary name and
 * renamed when complete. Errors: MST_EINPUT (cannot write, naming the path); MST_ERESOURCE.
 */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer);

/*
 * Reads an MSF file of g and maps each "u v w" line to an edge id: the lowest id of an edge
 * {u, v} with that exact weight not yet taken by an earlier line (parallel edges of equal weight
 * are told apart this way). '#' and '%' lines are comments. *eid (caller frees) gets *k ids.
 * Errors: MST_EINPUT with "FILE:LINE: problem" for a malformed line or a line that matches no
 * remaining edge of g; MST_ERESOURCE. O(file + sum of the smaller endpoint degrees).
 */
mst_status mst_msf_read(const char *path, const mst_graph *g, uint64_t **eid, uint64_t *k);

#ifdef __cplusplus
}
#endif

#endif
