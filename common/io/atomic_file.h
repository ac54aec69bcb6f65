/*
 * atomic_file.h: where every output file of the suite goes (docs/design.md, Output and Errors),
 * chosen by what the name is when the file is opened:
 *
 *   "-"                          standard output, written in place;
 *   a device, FIFO or socket     written in place (opened without O_CREAT or O_TRUNC): never
 *                                replaced by a regular file;
 *   a new name, a regular file   written to a temporary in the same directory and renamed over
 *                                the name only by mst_atomic_commit(), so a failed or interrupted
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
 * temporary left by a killed run (SIGKILL) is only an unused file. While a temporary exists, SIGINT, SIGTERM and SIGHUP (where
 * their action is the default) remove it and the process then dies of the signal, so its status
 * is 128 + signal for the shell and no output is committed.
 */
#ifndef MST_ATOMIC_FILE_H
#define MST_ATOMIC_FILE_H


#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_atomic_file {
    char *path;     /* the name as given, for messages (owned) */
    char *target;   /* what the temporary replaces (owned): path or a link's resolved target;
                     * NULL when written in place */
    char *tmp_path; /* the temporary (owned); NULL when written in place */
    int fd;         /* write here; -1 once closed or handed over (to fdopen or gzdopen) */
} mst_atomic_file;

/*
 * Opens `path` for writing as the header says (in place, or a new temporary). Errors:
 * MST_EINPUT "PATH: reason" (a directory, a dangling link, a missing directory, permissions, a
 * FIFO that cannot be opened); MST_ERESOURCE. On error *a is zeroed (nothing to abort).
 */
mst_status mst_atomic_open(mst_atomic_file *a, const char *path);

/*
 * Closes a->fd (unless already handed over and closed: -1) and renames the temporary to the
 * target. The struct is released in every case; on failure the temporary is removed. Errors:
 * MST_EINPUT ("PATH: No space left on device").
 */
mst_status mst_atomic_commit(mst_atomic_file *a);

/* Closes a->fd (unless -1), removes the temporary and releases the struct; safe on zeroed,
 * failed and committed structs. */
void mst_atomic_abort(mst_atomic_file *a);

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
