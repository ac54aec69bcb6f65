/*
 * write_edgelist.c: writer of the edge list format (.el .wel .txt .edges), the format of
 * formats.c's edge-list loader (SNAP files; GAP benchmark suite .el/.wel, sbeamer/gapbs).
 *
 * Output:
 *   # mst-suite edge list: n=N m=M, 0-based 'u v w' lines, weights TYPE     one comment line
 *   U V [W]                                                                 one line per edge
 *   [N-1 N-1 [0]]                                                           see below
 * Ids are always 0-based (the loader's default), whatever the source's numbering. Weights are
 * the raw values, exactly (floats always with a '.' or an exponent, so the file reads back as
 * a float graph). What the loader reads back: the same n, m, edge order and weights; the type
 * is the smallest that holds the values (a uint32 graph whose weights all fit int32 comes back
 * int32, a float32 graph float64 unless read with --weight-type float32: same values, same
 * order), with two details:
 *   - an edge list has no header, and n is the largest id + 1: when the last vertices are
 *     isolated, a final self-loop on vertex N-1 keeps n (the loader drops and counts it);
 *   - the loader symmetrizes lines (an arc and a later reverse arc of equal weight become one
 *     edge), so edges of a group of parallel edges with equal weights are all written in the
 *     orientation of the group's first edge (arc_flips.h); in graphs without such groups every
 *     edge keeps its orientation.
 * One pass (out_stream.h). O(m) time.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "arc_flips.h"
#include "out_stream.h"
#include "write_formats.h"

mst_status mst_write_edgelist(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    mst_out o;
    uint64_t *flips = NULL, nflips = 0, next = 0;
    uint64_t top = 0; /* largest id written + 1 */
    memset(&o, 0, sizeof o);
    MST_CHECK(mst_out_check_finite(g, with_weights, path));
    MST_CHECK(mst_arc_flips(g, with_weights, &flips, &nflips));
    MST_CHECK(mst_out_open(&o, path));
    MST_CHECK(mst_out_printf(&o, "# mst-suite edge list: n=%" PRIu32 " m=%" PRIu64
                             ", 0-based 'u v%s' lines%s%s\n", g->n, g->m,
                             with_weights ? " w" : "", with_weights ? ", weights " : "",
                             with_weights ? mst_weight_type_name(g->weight_type) : ""));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a, b;
        mst_arc_oriented(g, e, flips, nflips, &next, &a, &b);
        if (a >= top)
            top = (uint64_t)a + 1;
        if (b >= top)
            top = (uint64_t)b + 1;
        char w[48];
        MST_CHECK(mst_out_printf(&o, "%" PRIu32 " %" PRIu32 "%s%s\n", a, b,
                                 with_weights ? " " : "",
                                 with_weights ? mst_out_weight(g, e, w) : ""));
    }
    if (top < g->n) {
        /* Weight 0 (0.0 for float32) changes neither the file's weight type nor its range. */
        MST_CHECK(mst_out_printf(&o, "# self-loop on the last vertex: keeps n = %" PRIu32
                                 " (loaders drop self-loops)\n%" PRIu32 " %" PRIu32 "%s\n", g->n,
                                 g->n - 1, g->n - 1,
                                 !with_weights ? ""
                                 : mst_weight_is_float(g->weight_type) ? " 0.0" : " 0"));
    }
    free(flips);
    return mst_out_commit(&o);
fail:
    free(flips);
    mst_out_abort(&o);
    return st;
}
