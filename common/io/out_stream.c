/*
 * out_stream.c: buffered output of the graph and MSF writers, plain or gzip, into the
 * destination atomic_file.h opens (see out_stream.h). Plain bytes go to its descriptor with
 * write(); ".gz" output through zlib's gzdopen on the same descriptor, so that the temporary is
 * the exclusive one atomic_file created (gzopen would create a file of its own, following
 * links); after a successful gzclose the temporary is renamed into place.
 * Source: docs/design.md, Output and Errors; zlib manual (gzdopen, gzbuffer, gzwrite, gzclose).
 */
#include "out_stream.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <zlib.h>

#include "float_text.h"

int mst_path_is_gz(const char *path)
{
    size_t len = strlen(path);
    return len >= 3 && strcasecmp(path + len - 3, ".gz") == 0;
}

mst_status mst_out_open(mst_out *o, const char *path)
{
    return mst_out_open_as(o, path, mst_path_is_gz(path));
}

mst_status mst_out_open_as(mst_out *o, const char *path, int gzip)
{
    mst_status st = MST_OK;
    memset(o, 0, sizeof *o);
    o->path = path;
    MST_ALLOC(o->buf, MST_OUT_BUFFER_BYTES);
    MST_CHECK(mst_atomic_open(&o->a, path));
    if (!gzip)
        return MST_OK;
    errno = 0;
    o->gz = gzdopen(o->a.fd, "wb1"); /* level 1: 4-5x faster than 6, files ~7% larger */
    if (o->gz == NULL) /* the descriptor is still ours: mst_atomic_abort closes it */
        MST_FAIL(MST_EINPUT, "%s: %s", path, errno ? strerror(errno) : "cannot open for writing");
    o->a.fd = -1; /* zlib's now: gzclose closes it */
    gzbuffer(o->gz, 1u << 20); /* before the first write, as zlib requires */
    return MST_OK;
fail:
    mst_out_abort(o);
    return st;
}

mst_status mst_out_flush(mst_out *o)
{
    size_t bytes = o->len;
    o->len = 0;
    if (bytes == 0)
        return MST_OK;
    if (o->gz == NULL)
        return mst_atomic_write(&o->a, o->buf, bytes);
    /* bytes <= 1 MiB: fits gzwrite's unsigned length and int result. */
    if (gzwrite(o->gz, o->buf, (unsigned)bytes) != (int)bytes) {
        int errnum;
        const char *msg = gzerror(o->gz, &errnum);
        return mst_fail(MST_EINPUT, "%s: %s", o->path, errnum == Z_ERRNO ? strerror(errno) : msg);
    }
    return MST_OK;
}

mst_status mst_out_commit(mst_out *o)
{
    mst_status st = MST_OK;
    MST_CHECK(mst_out_flush(o));
    if (o->gz != NULL) {
        errno = 0;
        int rc = gzclose(o->gz);
        o->gz = NULL;
        if (rc != Z_OK)
            MST_FAIL(MST_EINPUT, "%s: %s", o->path,
                     rc == Z_ERRNO && errno ? strerror(errno) : "gzip write failed");
    }
    st = mst_atomic_commit(&o->a); /* removes the temporary file on failure */
    free(o->buf);
    memset(o, 0, sizeof *o);
    return st;
fail:
    mst_out_abort(o);
    return st;
}

void mst_out_abort(mst_out *o)
{
    if (o == NULL)
        return;
    if (o->gz != NULL)
        gzclose(o->gz);
    mst_atomic_abort(&o->a);
    free(o->buf);
    memset(o, 0, sizeof *o);
}

mst_status mst_out_write(mst_out *o, const void *data, size_t bytes)
{
    const char *p = data;
    while (bytes > 0) {
        mst_status st = mst_out_room(o, 1);
        if (st != MST_OK)
            return st;
        size_t k = MST_OUT_BUFFER_BYTES - o->len;
        if (k > bytes)
            k = bytes;
        memcpy(o->buf + o->len, p, k);
        o->len += k;
        p += k;
        bytes -= k;
    }
    return MST_OK;
}

mst_status mst_out_printf(mst_out *o, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (k < 0)
        return mst_fail(MST_EINPUT, "%s: cannot format a header line", o->path);
    return mst_out_write(o, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

void mst__out_float(mst_out *o, uint32_t key)
{
    char w[48];
    size_t k = (size_t)mst_format_float_text(key, w); /* = mst_format_weight, faster */
    /* "3" or "-0" would read back as integers: make them "3.0", "-0.0". ("inf" stays.) */
    if (strpbrk(w, ".eEin") == NULL) {
        w[k++] = '.';
        w[k++] = '0';
    }
    memcpy(o->buf + o->len, w, k);
    o->len += k;
}

void mst__out_double(mst_out *o, uint64_t bits)
{
    char w[48];
    mst_weight_value x = {MST_WEIGHT_FLOAT64, 0, 0, 0.0};
    memcpy(&x.d, &bits, sizeof x.d);
    size_t k = strlen(mst_format_value(x, w, sizeof w - 2));
    if (strpbrk(w, ".eEin") == NULL) { /* as mst__out_float: "3" would read back as an integer */
        w[k++] = '.';
        w[k++] = '0';
    }
    memcpy(o->buf + o->len, w, k);
    o->len += k;
}

mst_status mst_out_check_finite(const mst_graph *g, int with_weights, const char *path)
{
    if (!with_weights || !mst_weight_is_float(g->weight_type))
        return MST_OK;
    for (uint64_t e = 0; e < g->m; e++)
        if (isinf(mst_edge_weight_double(g, e)))
            return mst_fail(MST_EUSAGE, "%s: edge %" PRIu64 " has an infinite weight, which text "
                            "formats cannot hold (the loaders reject it); .msb can", path, e);
    return MST_OK;
}

mst_status mst_out_need_integers(const mst_graph *g, int with_weights, const char *path,
                                 const char *what)
{
    if (with_weights && mst_weight_is_float(g->weight_type))
        return mst_fail(MST_EUSAGE, "%s: %s holds integer weights only; this graph has %s "
                        "weights (edge list, Matrix Market and .msb keep them)", path, what,
                        mst_weight_type_name(g->weight_type));
    return MST_OK;
}
