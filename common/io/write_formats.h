/*
 * write_formats.h: the per-format graph writers behind mst_graph_write (writer.h), one file
 * each (common/io/write_*.c; .msb is mst_msb_write in msb.c). Same contract as mst_graph_write:
 * `path` gets the file (gzip-compressed if it ends in ".gz") through out_stream.h, so through a
 * temporary renamed when complete or, for a device, FIFO or "-", in place (atomic_file.h); with
 * `with_weights` 0 the file is unweighted. What each one keeps of the
 * canonical graph when read back by its loader is said in its file's header comment.
 */
#ifndef MST_WRITE_FORMATS_H
#define MST_WRITE_FORMATS_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "u v [w]" lines, 0-based (write_edgelist.c). Errors: MST_EUSAGE for an infinite weight;
 * MST_EINPUT (cannot write); MST_ERESOURCE. O(m). */
mst_status mst_write_edgelist(const char *path, const mst_graph *g, int with_weights);

/* Matrix Market coordinate symmetric, integer / real / pattern (write_mtx.c). Errors as
 * mst_write_edgelist. O(m). */
mst_status mst_write_mtx(const char *path, const mst_graph *g, int with_weights);

/* DIMACS-9 "p sp" with both arcs of each edge, or PACE "p tw" when unweighted
 * (write_dimacs.c). Errors: MST_EUSAGE for float weights; as mst_write_edgelist. O(m). */
mst_status mst_write_dimacs(const char *path, const mst_graph *g, int with_weights);

/* METIS adjacency lists, fmt 1 when weighted (write_metis.c). Errors: MST_EUSAGE for float
 * weights; MST_EINPUT; MST_ERESOURCE. O(n + m) time, a CSR of 20 bytes per arc. */
mst_status mst_write_metis(const char *path, const mst_graph *g, int with_weights);

/* ECL binary CSR, int32 (write_egr.c). Errors: MST_EUSAGE for float weights or integer
 * weights outside int32; MST_ERESOURCE when n or 2m exceeds INT32_MAX, or memory; MST_EINPUT.
 * O(n + m) time, a CSR of 20 bytes per arc. */
mst_status mst_write_egr(const char *path, const mst_graph *g, int with_weights);

#ifdef __cplusplus
}
#endif

#endif
