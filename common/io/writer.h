/*
 * writer.h: writing the canonical graph in the formats mst-convert and mst-gen produce, keeping
 * the edge order (so edge ids, hence the MSF, survive a round trip) and the weights.
 * Every writer goes through out_stream.h and atomic_file.h: a regular file is written to a
 * temporary renamed when complete (on error or interruption no file is left behind), a device,
 * FIFO or "-" (stdout) in place; ".gz" paths are gzip-compressed.
 */
#ifndef MST_WRITER_H
#define MST_WRITER_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Writes g to `path` in `format` ("edgelist", "mtx", "dimacs", "metis", "egr", "msb"; NULL: by
 * the path's extension, as the loader reads it; "-" has none). With `with_weights` 0, no weights
 * are written (the file is unweighted). Errors: MST_EUSAGE for an unknown or unwritable format;
 * MST_EINPUT if the file cannot be written (a dangling link, a directory, a full device...);
 * MST_ERESOURCE (memory, or a format's size limit, e.g. .egr needs 2m < 2^31).
 */
mst_status mst_graph_write(const char *path, const char *format, const mst_graph *g,
                           int with_weights);

#ifdef __cplusplus
}
#endif

#endif
