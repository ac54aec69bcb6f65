/*
 * out_stream.c: output of the graph and MSF writers, plain through stdio or gzip through zlib,
 * into the destination atomic_file.h opens (see out_stream.h). Both take over its descriptor
 * (fdopen, gzdopen), so that the file written is the exclusive temporary atomic_file created
 * (gzopen would create a file of its own, following links); after a successful fclose or
 * gzclose the temporary is renamed into place.
 * Source: docs/design.md, Output and Errors; C11 7.21 (fdopen: POSIX); zlib manual (gzdopen,
 * gzwrite, gzvprintf, gzclose).
 */
#include "out_stream.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

mst_status mst_out_open(mst_out *o, const char *path)
{
    size_t len = strlen(path);
    return mst_out_open_as(o, path, len >= 3 && strcasecmp(path + len - 3, ".gz") == 0);
}

mst_status mst_out_open_as(mst_out *o, const char *path, int gzip)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    mst_status st = mst_atomic_open(&o->a, path);
    if (st != MST_OK)
        return st;
    errno = 0;
    if (gzip)
        o->gz = gzdopen(o->a.fd, "wb1"); /* level 1: text compresses several times faster */
    else
        o->f = fdopen(o->a.fd, "wb");
    if (o->gz == NULL && o->f == NULL) { /* the descriptor is still ours: abort closes it */
        st = mst_fail(errno == ENOMEM ? MST_ERESOURCE : MST_EINPUT, "%s: %s", path,
                      errno ? strerror(errno) : "cannot open for writing");
        mst_out_abort(o);
        return st;
    }
    o->a.fd = -1; /* stdio's or zlib's now: fclose or gzclose closes it */
    return MST_OK;
}

/* MST_OK if `ok`, else MST_EINPUT with the reason stdio or zlib gives. */
static mst_status result(mst_out *o, int ok)
{
    if (ok)
        return MST_OK;
    int errnum = Z_ERRNO;
    const char *msg = o->gz != NULL ? gzerror(o->gz, &errnum) : NULL;
    return mst_fail(MST_EINPUT, "%s: %s", o->path,
                    errnum == Z_ERRNO ? strerror(errno ? errno : EIO) : msg);
}

mst_status mst_out_printf(mst_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = o->gz != NULL ? gzvprintf(o->gz, fmt, ap) : vfprintf(o->f, fmt, ap);
    va_end(ap);
    return result(o, k >= 0 && (o->gz == NULL || k > 0 || *fmt == '\0'));
}

mst_status mst_out_write(mst_out *o, const void *data, size_t bytes)
{
    if (o->gz != NULL)
        return result(o, gzfwrite(data, 1, bytes, o->gz) == bytes);
    return result(o, fwrite(data, 1, bytes, o->f) == bytes);
}

mst_status mst_out_commit(mst_out *o)
{
    errno = 0;
    int ok = o->gz != NULL ? gzclose(o->gz) == Z_OK : fclose(o->f) == 0;
    o->gz = NULL;
    o->f = NULL;
    if (!ok) {
        mst_status st = mst_fail(MST_EINPUT, "%s: %s", o->path,
                                 errno ? strerror(errno) : "gzip write failed");
        mst_out_abort(o);
        return st;
    }
    return mst_atomic_commit(&o->a); /* removes the temporary file on failure */
}

void mst_out_abort(mst_out *o)
{
    if (o == NULL)
        return;
    if (o->gz != NULL)
        gzclose(o->gz);
    if (o->f != NULL)
        fclose(o->f);
    mst_atomic_abort(&o->a);
    memset(o, 0, sizeof *o);
}
