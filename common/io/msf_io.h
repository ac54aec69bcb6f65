/*
 * msf_io.h: MSF files (docs/design.md, Output; docs/formats.md, Forest files) and reading them
 * back into edge ids for mst-verify. Two layouts, after one '#' line naming the forest:
 *   edges: one edge "u v w" a line, in the input's own vertex numbering and exact raw weights;
 *   ids:   one edge id a line (0-based positions in the canonical edge list), ascending.
 */
#ifndef MST_MSF_IO_H
#define MST_MSF_IO_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of a forest file. AUTO (reading only): told by the first data line, one field
 * (ids) or three (edges). */
typedef enum mst_msf_format { MST_MSF_AUTO = 0, MST_MSF_EDGES = 1, MST_MSF_IDS = 2 } mst_msf_format;

/*
 * Writes edges eid[0..k-1] of g to `path` in increasing edge id order (eid is sorted in place),
 * as "u v w" lines (MST_MSF_EDGES) or edge ids (MST_MSF_IDS), after one '#' line:
 * "# minimum spanning forest of GRAPH by PRODUCER: K edges, weight W" ("maximum" when
 * `maximum`), W the exact total (mst_format_total). Plain text whatever the name (".gz"
 * included), opened by atomic_file.h: a regular file through a temporary renamed when complete,
 * a device, FIFO or "-" (stdout) in place. Errors: MST_EINPUT (cannot write, naming the path);
 * MST_ERESOURCE.
 */
mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum);

/* What a forest file's own '#' line claims (mst_msf_write's), when it has one. */
typedef struct mst_msf_claims {
    uint64_t line;        /* the line it is on (0: the file has none) */
    int maximum;          /* it says "maximum spanning forest" */
    char total[64];       /* its weight W, as written */
    mst_msf_format format; /* the layout read (EDGES or IDS) */
} mst_msf_claims;

/*
 * Reads a forest file of g in `format` (AUTO: told by the first data line) and maps each line to
 * an edge id: an id line names its edge; a "u v w" line the lowest id of an edge {u, v} with
 * exactly that weight (integers exact, floats read to the graph's float type, -0 a float's -0.0)
 * not yet taken by an earlier line (parallel edges of equal weight are told apart this way).
 * '#' and '%' lines, and blank lines, are comments. *eid (caller frees) gets *k distinct ids;
 * *claims (may be NULL) what the file's '#' line says.
 * Errors, each "FILE:LINE: problem": MST_EINPUT when the file cannot be read or a line does not
 * parse (decimal numbers, a weight as the loaders read it, nothing else; the layout's field
 * count); MST_EVERIFY when a well-formed line names no remaining edge of g: an id not below m or
 * named again, a vertex id that is not a vertex, a self-loop, a pair that is no edge, a weight
 * no edge of the pair has (a changed weight, or g loaded with other weights than the run that
 * wrote the file), or an edge named again; MST_ERESOURCE.
 * O(file + sum of the smaller endpoint degrees).
 */
mst_status mst_msf_read(const char *path, const mst_graph *g, mst_msf_format format,
                        uint64_t **eid, uint64_t *k, mst_msf_claims *claims);

/*
 * Checks what the file's '#' line claims against the forest eid[0..k-1] it holds: its weight
 * must be the exact total (integers: equal as integers; floats: the same double), and its
 * objective the one checked (`maximum`). Nothing to check without such a line.
 * Errors: MST_EVERIFY "PATH:LINE: the file says weight W, its edges weigh X" or "... says it
 * holds a maximum spanning forest: verify it with --maximum" (or the reverse).
 */
mst_status mst_msf_check_claims(const char *path, const mst_msf_claims *claims,
                                const mst_graph *g, const uint64_t *eid, uint64_t k,
                                int maximum);

#ifdef __cplusplus
}
#endif

#endif
