/*
 * msf_read.h: mst-verify's reading of forest files (tools/msf_read.c): each line back to an edge
 * id of the graph, and what the file's own '#' line claims, checked against the forest it holds.
 * The layouts are mst_msf_write's (loader.h; docs/formats.md, Forest files).
 */
#ifndef MST_TOOLS_MSF_READ_H
#define MST_TOOLS_MSF_READ_H

#include <stdint.h>

#include "core.h"
#include "loader.h"

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
 * Where `pairs` (mst-verify --any: other tools' edge lists), a line may leave the weight out:
 * "u v" names the lightest edge {u, v} not yet taken (the heaviest where `maximum`), the lowest
 * id among equal weights, and a whole real names an integer weight ("3.0" is 3).
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
                        int pairs, int maximum, uint64_t **eid, uint64_t *k,
                        mst_msf_claims *claims);

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

#endif
