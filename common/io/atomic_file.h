/*
 * atomic_file.h: output files that appear complete or not at all (docs/design.md, Errors):
 * data goes to "PATH.tmp.PID" and is renamed to PATH only when mst_atomic_commit() succeeds.
 */
#ifndef MST_ATOMIC_FILE_H
#define MST_ATOMIC_FILE_H

#include <stdio.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mst_atomic_file {
    char *path;     /* final name (owned) */
    char *tmp_path; /* temporary name (owned) */
    FILE *f;        /* write here (plain stdio, 1 MiB buffer) */
} mst_atomic_file;

/* Opens the temporary file for `path`. Errors: MST_EINPUT naming the path; MST_ERESOURCE. */
mst_status mst_atomic_open(mst_atomic_file *a, const char *path);

/* Flushes, closes and renames to the final name; on any failure removes the temporary file.
 * Errors: MST_EINPUT ("PATH: No space left on device"). The struct is freed in every case. */
mst_status mst_atomic_commit(mst_atomic_file *a);

/* Closes and removes the temporary file; safe on zeroed or committed structs. */
void mst_atomic_abort(mst_atomic_file *a);

#ifdef __cplusplus
}
#endif

#endif
