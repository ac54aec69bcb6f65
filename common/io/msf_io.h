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
 * sorted in place), after one '#' comment line naming `producer`. Plain text whatever the name
 * (".gz" included), opened by atomic_file.h: a regular file through a temporary renamed when
 * complete, a device, FIFO or "-" (stdout) in place. Errors: MST_EINPUT (cannot write, naming
 * the path); MST_ERESOURCE.
 */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer);

/*
 * Reads an MSF file of g and maps each "u v w" line to an edge id: the lowest id of an edge
 * {u, v} with that exact weight not yet taken by an earlier line (parallel edges of equal weight
 * are told apart this way). '#' and '%' lines, and blank lines, are comments. *eid (caller
 * frees) gets *k ids.
 * Errors, each "FILE:LINE: problem": MST_EINPUT when the file cannot be read or a line does not
 * parse as "u v w" (decimal ids, a weight as the loaders read it, nothing else);
 * MST_EVERIFY when a well-formed line names no remaining edge of g: a vertex id that is not a
 * vertex, a self-loop, a pair that is no edge, a weight no edge of the pair has (a changed
 * weight, or g loaded with other weights than the run that wrote the file), or an edge named
 * again; MST_ERESOURCE. O(file + sum of the smaller endpoint degrees).
 */
mst_status mst_msf_read(const char *path, const mst_graph *g, uint64_t **eid, uint64_t *k);

#ifdef __cplusplus
}
#endif

#endif
