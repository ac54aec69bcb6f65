/*
 * atomic_file.h: every output file of the suite, written through stdio, or zlib's gzip stream for
 * graph files, where docs/design.md (Output, Errors) says, chosen by what the name is when
 * opened: "-", a device, FIFO or socket, and a link to this process's stdout or stderr (at the
 * stream's offset) are written in place, never replaced; a new name or a regular file (through a
 * link: its resolved target, the link stays) is written to the temporary
 * "TARGET.tmp-XXXXXXXXXXXX" (12 random characters) in its directory and renamed over it only by
 * mst_out_commit(), so a failed or interrupted run leaves the old file (or nothing) behind; a
 * dangling link (nothing is created through a link) and a directory are refused. The temporary
 * is created as mkostemp does (O_CREAT | O_EXCL, and O_NOFOLLOW: a link or file planted at its
 * name is never followed nor reused; one left by a killed run is only an unused file) but with a
 * new file's mode (0666 minus the umask) from its first moment. While it exists, SIGINT, SIGTERM
 * and SIGHUP (where their action is the default) remove it and the process then dies of the
 * signal (status 128 + signal).
 */
#ifndef MST_ATOMIC_FILE_H
#define MST_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_out {
    char *path;          /* the name as given, for messages (owned) */
    char *target;        /* what the temporary replaces (owned): path or a link's resolved
                          * target; NULL when written in place */
    char *tmp_path;      /* the temporary (owned); NULL when written in place */
    int fd;              /* the descriptor, closed by f or gz once they hold it */
    FILE *f;             /* plain: stdio stream on fd */
    struct gzFile_s *gz; /* gzip: zlib stream on fd */
} mst_out;

/*
 * Opens `path` for writing as the header says, gzip-compressed (zlib level 1, the fastest) if
 * `gzip`. Errors: MST_EINPUT "PATH: reason" (a directory, a dangling link, a missing directory,
 * permissions, a FIFO that cannot be opened); MST_ERESOURCE. On error *o is zeroed.
 */
mst_status mst_out_open(mst_out *o, const char *path, int gzip);

/* Appends printf output (gzip: a line of at most 8 KiB), or `bytes` bytes. Errors: MST_EINPUT
 * "PATH: reason" ("PATH: No space left on device"). */
mst_status mst_out_printf(mst_out *o, const char *fmt, ...) MST_PRINTF(2, 3);
mst_status mst_out_write(mst_out *o, const void *data, size_t bytes);

/* Flushes and closes the stream and renames the temporary over the target. o is released in
 * every case; on failure the temporary is removed. Errors: MST_EINPUT. */
mst_status mst_out_commit(mst_out *o);

/* Closes the stream, removes the temporary and releases o; safe on zeroed, failed and committed
 * ones. */
void mst_out_abort(mst_out *o);

/*
 * The early check of an output path, made before the work that produces it (loading, solving,
 * generating): MST_EUSAGE "OUT: is the input file IN; write the output to another name" when
 * `out` and `in` (in may be NULL) name the same existing file (same device and inode, through
 * any link or path); MST_EINPUT "OUT: REASON" (strerror: "No such file or directory",
 * "Permission denied", "Is a directory") when it is a directory or its folder does not let
 * this process create a file. "-", devices and FIFOs pass (written in place). O(1).
 */
mst_status mst_output_check(const char *out, const char *in);

#ifdef __cplusplus
}
#endif

#endif
