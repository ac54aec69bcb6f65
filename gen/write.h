/*
 * write.h: the graph writers of mst-gen and mst-convert (write.c): the canonical graph in every
 * format the loader reads, keeping the weights exactly and, where the format can, the edge order
 * (so edge ids, hence the MSF, survive a round trip). A regular file is written to a temporary
 * renamed when complete (on error or interruption no file is left behind), a device, FIFO or "-"
 * (stdout) in place (loader.h, mst_out_open); ".gz" paths are gzip-compressed.
 */
#ifndef MST_GEN_WRITE_H
#define MST_GEN_WRITE_H

#include <stdint.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Writes g to `path` in `format` ("edgelist", "mtx", "dimacs", "metis", "egr", "msb"; NULL: by
 * the path's extension, as the loader reads it; "-" has none). With `with_weights` 0, no weights
 * are written (the file is unweighted). Errors: MST_EUSAGE for an unknown format or weights the
 * format cannot hold (floats in .gr, .graph, .egr; an infinite float in text; outside int32 in
 * .egr); MST_EINPUT if the file cannot be written (a dangling link, a directory, a full
 * device...); MST_ERESOURCE (memory, or .egr's size limit: n and 2m below 2^31).
 * O(n + m) time; metis and egr build the CSR of g (20 bytes per arc).
 */
mst_status mst_graph_write(const char *path, const char *format, const mst_graph *g,
                           int with_weights);

/* g as .msb (loader.h's layout) whatever the path's extension: mst_graph_write's "msb". */
static inline mst_status mst_msb_write(const char *path, const mst_graph *g, int with_weights)
{
    return mst_graph_write(path, "msb", g, with_weights);
}

/*
 * The edges a writer of arcs (edge list, PACE .gr) writes reversed so that a loader that
 * symmetrizes (loader.h: an arc u->v and a later arc v->u of equal weight become ONE edge) reads
 * every edge back, in order: every edge of a group of parallel edges of equal weight (any weight
 * when not `with_weights`: an unweighted file's arcs all weigh 1) is written in the orientation
 * of the group's first edge; in graphs without such groups nothing is flipped. Sets *flips to
 * their increasing ids (caller frees; NULL when none) and *count to their number.
 * Errors: MST_ERESOURCE (then *flips is NULL).
 * A pass over two bitmaps of about 8m bits marks the group hashes seen twice; only those edges
 * (true groups plus about 12% false positives) enter an exact hash table that remembers each
 * group's first orientation. O(m) expected time; 2m bytes plus 16 bytes per candidate edge.
 */
mst_status mst_arc_flips(const mst_graph *g, int with_weights, uint64_t **flips,
                         uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif
