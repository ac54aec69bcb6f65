/*
 * out_stream.h: the output stream the MSF writer (msf_io.c) and the graph writers (gen/write.c)
 * share: stdio on the destination atomic_file.h opens (a temporary renamed when complete, or a
 * device, FIFO or stdout written in place), or for paths ending in ".gz" a zlib gzip stream on
 * the same descriptor. A regular file appears under its final name only when mst_out_commit()
 * succeeds, so a failed or interrupted write leaves nothing behind (docs/design.md, Output and
 * Errors).
 */
#ifndef MST_OUT_STREAM_H
#define MST_OUT_STREAM_H

#include <stddef.h>
#include <stdio.h>

#include "atomic_file.h"
#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_out {
    const char *path;    /* final name, for messages (the caller's string) */
    mst_atomic_file a;   /* the destination (its descriptor goes to stdio or zlib) */
    FILE *f;             /* plain files: stdio stream on a's descriptor */
    struct gzFile_s *gz; /* ".gz" files: zlib stream on a's descriptor */
} mst_out;

/*
 * Opens `path` for writing (atomic_file.h: a temporary renamed on commit for a regular or new
 * file, in place for "-", a device or a FIFO); gzip-compressed (zlib level 1, the fastest) when
 * path ends in ".gz" (any case). Errors: MST_EINPUT naming the path (a directory, a dangling
 * link, a missing directory, permissions); MST_ERESOURCE. On error *o is left zeroed (nothing
 * to abort).
 */
mst_status mst_out_open(mst_out *o, const char *path);

/* As mst_out_open, gzip-compressed if and only if `gzip` whatever the name (MSF files are text:
 * docs/design.md, Output). */
mst_status mst_out_open_as(mst_out *o, const char *path, int gzip);

/* Appends printf output (fprintf or gzprintf: a line of at most 8 KiB). Errors: MST_EINPUT
 * naming the path ("PATH: No space left on device"). */
mst_status mst_out_printf(mst_out *o, const char *fmt, ...) MST_PRINTF(2, 3);

/* Appends `bytes` bytes. Errors as mst_out_printf. */
mst_status mst_out_write(mst_out *o, const void *data, size_t bytes);

/*
 * Flushes the rest, closes, and renames the temporary file (if any) to the final name. The
 * stream is released in every case; on failure the temporary file is removed. Errors:
 * MST_EINPUT.
 */
mst_status mst_out_commit(mst_out *o);

/* Closes and removes the temporary file and releases the stream; safe on zeroed, failed and
 * committed streams. */
void mst_out_abort(mst_out *o);

#ifdef __cplusplus
}
#endif

#endif
