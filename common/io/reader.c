/* reader.c: buffered line and whole-content input from files, gzip files or memory. */
#include "reader.h"

#include "progress.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define CHUNK_BYTES (8u << 20)
#define MAX_LINE_BYTES ((size_t)64 << 20)
#define MAX_READ_BYTES ((size_t)1 << 30)

struct mst_reader {
    char *name;
    gzFile gz;               /* NULL for memory readers */
    const unsigned char *mem; /* memory reader: remaining input */
    size_t mem_len;
    uint64_t consumed;  /* source bytes read so far (for progress) */
    char *buf;    /* buffered bytes buf[pos .. fill-1] not yet handed out */
    size_t cap, pos, fill;
    int eof;      /* no more bytes from the source */
    uint64_t line;
};

mst_status mst_reader_open(const char *path, mst_reader **out)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    struct stat sb;
    *out = NULL;
    if (stat(path, &sb) != 0)
        return mst_fail(MST_EINPUT, "%s: %s", path, strerror(errno));
    if (S_ISDIR(sb.st_mode))
        return mst_fail(MST_EINPUT, "%s: is a directory", path);
    MST_CALLOC(r, 1);
    MST_ALLOC(r->name, strlen(path) + 1);
    strcpy(r->name, path);
    r->gz = gzopen(path, "rb");
    if (r->gz == NULL)
        MST_FAIL(MST_EINPUT, "%s: %s", path, errno ? strerror(errno) : "cannot open");
    gzbuffer(r->gz, 1u << 20);
    *out = r;
    return MST_OK;
fail:
    mst_reader_close(r);
    return st;
}

mst_status mst_reader_from_memory(const char *name, const void *data, size_t len,
                                  mst_reader **out)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    *out = NULL;
    MST_CALLOC(r, 1);
    MST_ALLOC(r->name, strlen(name) + 1);
    strcpy(r->name, name);
    r->mem = data;
    r->mem_len = len;
    *out = r;
    return MST_OK;
fail:
    mst_reader_close(r);
    return st;
}

/* Appends up to `want` more source bytes at buf[fill]; sets eof when the source is done. */
static mst_status fill_more(mst_reader *r, size_t want)
{
    if (r->gz == NULL && want > r->mem_len)
        want = r->mem_len; /* a short string needs no 8 MiB buffer */
    if (r->fill + want + 1 > r->cap) {
        size_t cap = r->cap ? r->cap : CHUNK_BYTES + 1;
        while (cap < r->fill + want + 1)
            cap *= 2;
        mst_status st = mst_realloc((void **)&r->buf, cap, 1);
        if (st != MST_OK)
            return st;
        r->cap = cap;
    }
    if (r->gz == NULL) {
        size_t k = r->mem_len < want ? r->mem_len : want;
        memcpy(r->buf + r->fill, r->mem, k);
        r->mem += k;
        r->mem_len -= k;
        r->fill += k;
        if (r->mem_len == 0)
            r->eof = 1;
        return MST_OK;
    }
    if (want > MAX_READ_BYTES) /* gzread takes an unsigned and fails above INT_MAX */
        want = MAX_READ_BYTES;
    int got = gzread(r->gz, r->buf + r->fill, (unsigned)want);
    if (got < 0) {
        int errnum;
        const char *msg = gzerror(r->gz, &errnum);
        if (errnum == Z_ERRNO)
            return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
        return mst_fail(MST_EINPUT, "%s: truncated or corrupt gzip data (%s)", r->name, msg);
    }
    r->fill += (size_t)got;
    r->consumed += (uint64_t)got;
    mst_progress_bytes(r->name, r->consumed, 0);
    if ((size_t)got < want) {
        /* gzread returns short only at the end; a truncated stream sets an error instead. */
        int errnum;
        const char *msg = gzerror(r->gz, &errnum);
        if (errnum != Z_OK && errnum != Z_STREAM_END)
            return mst_fail(MST_EINPUT, "%s: truncated or corrupt gzip data (%s)", r->name, msg);
        if (gzeof(r->gz) || got == 0)
            r->eof = 1;
    }
    return MST_OK;
}

mst_status mst_reader_next_line(mst_reader *r, char **line, size_t *len)
{
    size_t scanned = r->pos; /* bytes before this index hold no '\n' */
    for (;;) {
        char *start = r->buf + r->pos;
        char *nl = r->fill > scanned ? memchr(r->buf + scanned, '\n', r->fill - scanned) : NULL;
        if (nl != NULL || (r->eof && r->fill > r->pos)) {
            size_t n = nl ? (size_t)(nl - start) : r->fill - r->pos;
            r->pos += n + (nl != NULL);
            if (n > 0 && start[n - 1] == '\r')
                n--;
            start[n] = '\0'; /* overwrites '\n' (or the spare byte after fill) */
            r->line++;
            *line = start;
            *len = n;
            return MST_OK;
        }
        if (r->eof) {
            *line = NULL;
            *len = 0;
            return MST_OK;
        }
        if (r->fill - r->pos > MAX_LINE_BYTES)
            return mst_fail(MST_EINPUT, "%s:%llu: line longer than %zu bytes", r->name,
                            (unsigned long long)r->line + 1, MAX_LINE_BYTES);
        /* Move the partial line to the front, then read more behind it. */
        if (r->pos > 0) {
            memmove(r->buf, r->buf + r->pos, r->fill - r->pos);
            r->fill -= r->pos;
            r->pos = 0;
        }
        scanned = r->fill;
        mst_status st = fill_more(r, CHUNK_BYTES);
        if (st != MST_OK)
            return st;
    }
}

uint64_t mst_reader_line(const mst_reader *r)
{
    return r->line;
}

const char *mst_reader_name(const mst_reader *r)
{
    return r->name;
}

mst_status mst_reader_read_all(mst_reader *r, unsigned char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    while (!r->eof) {
        mst_status st = fill_more(r, r->fill < CHUNK_BYTES ? CHUNK_BYTES : r->fill);
        if (st != MST_OK)
            return st;
    }
    /* Hand the buffer over rather than copying it: no second copy of a large file. */
    size_t n = r->fill - r->pos;
    if (r->pos > 0)
        memmove(r->buf, r->buf + r->pos, n);
    if (r->buf == NULL) {
        mst_status st = fill_more(r, 0); /* allocates an empty buffer */
        if (st != MST_OK)
            return st;
    }
    *data = (unsigned char *)r->buf;
    *len = n;
    r->buf = NULL;
    r->cap = r->pos = r->fill = 0;
    return MST_OK;
}

mst_status mst_reader_fail(const mst_reader *r, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return mst_fail(MST_EINPUT, "%s:%llu: %s", r->name, (unsigned long long)r->line, msg);
}

void mst_reader_close(mst_reader *r)
{
    if (r == NULL)
        return;
    if (r->gz != NULL) {
        gzclose(r->gz);
        mst_progress_done();
    }
    free(r->buf);
    free(r->name);
    free(r);
}
