/* atomic_file.c: write to a temporary name, rename when complete (see atomic_file.h). */
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

mst_status mst_atomic_open(mst_atomic_file *a, const char *path)
{
    mst_status st = MST_OK;
    memset(a, 0, sizeof *a);
    size_t len = strlen(path);
    MST_ALLOC(a->path, len + 1);
    memcpy(a->path, path, len + 1);
    MST_ALLOC(a->tmp_path, len + 32);
    snprintf(a->tmp_path, len + 32, "%s.tmp.%ld", path, (long)getpid());
    a->f = fopen(a->tmp_path, "wb");
    if (a->f == NULL)
        MST_FAIL(MST_EINPUT, "%s: %s", path, strerror(errno));
    setvbuf(a->f, NULL, _IOFBF, 1u << 20);
    return MST_OK;
fail:
    mst_atomic_abort(a);
    return st;
}

mst_status mst_atomic_commit(mst_atomic_file *a)
{
    mst_status st = MST_OK;
    int bad = ferror(a->f);
    int err = errno;
    if (fclose(a->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    a->f = NULL;
    if (bad)
        MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(err ? err : EIO));
    if (rename(a->tmp_path, a->path) != 0)
        MST_FAIL(MST_EINPUT, "%s: %s", a->path, strerror(errno));
    free(a->path);
    free(a->tmp_path);
    memset(a, 0, sizeof *a);
    return MST_OK;
fail:
    mst_atomic_abort(a);
    return st;
}

void mst_atomic_abort(mst_atomic_file *a)
{
    if (a == NULL)
        return;
    if (a->f != NULL)
        fclose(a->f);
    if (a->tmp_path != NULL)
        unlink(a->tmp_path);
    free(a->path);
    free(a->tmp_path);
    memset(a, 0, sizeof *a);
}
