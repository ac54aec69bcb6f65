/*
 * atomic_file.h: every output file of the suite (docs/design.md, Output and Errors), written
 * through stdio, or zlib's gzip stream for graph files, at a destination chosen by what the name
 * is when the file is opened:
 *
 *   "-"                          standard output, written in place;
 *   a device, FIFO or socket     written in place (opened without O_CREAT or O_TRUNC): never
 *                                replaced by a regular file;
 *   a new name, a regular file   written to a temporary in the same directory and renamed over
 *                                the name only by mst_out_commit(), so a failed or interrupted
 *                                run leaves the old file (or nothing) behind;
 *   a symbolic link              followed: to this process's stdout or stderr (/dev/stdout,
 *                                /dev/fd/2, even redirected to a file), that stream in place,
 *                                at its offset (">>" appends); to a regular file, the temporary
 *                                goes next to the link's resolved target and replaces that
 *                                target (the link stays); to a device or FIFO, written in
 *                                place; dangling, refused: nothing is created through a link;
 *   a directory                  refused.
 *
 * The temporary is "TARGET.tmp-XXXXXXXXXXXX" with 12 random characters, created as mkostemp
 * does (O_CREAT | O_EXCL, and O_NOFOLLOW) but with mode 0666 minus the umask, as any new file,
 * from its first moment: a link or file planted at that name is never followed nor reused, and a
 * temporary left by a killed run (SIGKILL) is only an unused file. While a temporary exists,
 * SIGINT, SIGTERM and SIGHUP (where their action is the default) remove it and the process then
 * dies of the signal, so its status is 128 + signal for the shell and no output is committed.
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
 * Refuses to write over the input: MST_EUSAGE "OUT: is the input file IN; write the output to
 * another name" when `out` and `in` (either may be NULL or "-") name the same existing file,
 * the same device and inode through any link or path; MST_OK otherwise. O(1): two stat calls.
 */
mst_status mst_output_not_input(const char *out, const char *in);

#ifdef __cplusplus
}
#endif

#endif
