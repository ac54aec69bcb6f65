/* reader.c: buffered line and byte input from files, gzip files or memory. */
#include "reader.h"

#include "igzip.h"
#include "progress.h"

#include <errno.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define CHUNK_BYTES (8u << 20)
#define MAX_LINE_BYTES ((size_t)64 << 20)
#define READ_PIECE_BYTES ((size_t)64 << 20) /* per source call: z_stream counts in uInt */
#define SOURCE_IN_BYTES ((size_t)1 << 20)
/* A direct read of a plain file at least this long is split among the threads (pread): one
 * thread's copy out of the page cache is slower than the disk's or the memory's bandwidth. */
#define PARALLEL_READ_BYTES ((size_t)4 << 20)

/*
 * A file as it is read: its bytes, or their inflation when it starts with the gzip magic.
 * zlib's inflate rather than gzread, which drops whatever follows the last gzip member without
 * a word: a gzip file is a series of members (P. Deutsch, RFC 1952, 1996, section 2.2), and any
 * other byte after one is an error here.
 */
typedef struct file_source {
    FILE *f;
    int gzip;       /* 1: inflate; 0: copy */
    int member_end; /* inflate finished a member: only another member may follow */
    int in_eof;     /* f has no more bytes */
    z_stream zs;    /* next_in/avail_in: the unread part of in[], in both modes */
    mst_igzip *fast;      /* ISA-L's inflate while it goes well (igzip.h); NULL: zlib's */
    uint64_t inflated;    /* bytes inflated so far, by either */
    unsigned char in[SOURCE_IN_BYTES];
} file_source;

struct mst_reader {
    char *name;
    file_source *gz;          /* the file; NULL for memory readers */
    const unsigned char *mem; /* memory reader: remaining input */
    size_t mem_len;
    const unsigned char *mem_start; /* memory reader: the whole input, for a rewind */
    size_t mem_total;
    void *map;          /* mst_reader_map's mapping of a plain file (NULL: none) */
    size_t map_len;
    uint64_t consumed;  /* source bytes read so far (progress, mst_reader_offset) */
    uint64_t size;      /* the whole input's length when known before reading, else UINT64_MAX */
    char *buf;    /* buffered bytes buf[pos .. fill-1] not yet handed out */
    size_t cap, pos, fill;
    int eof;      /* no more bytes from the source */
    uint64_t line;
};

/* Moves the unread input to the front of in[] and reads behind it until in[] is full or f
 * ends. */
static mst_status source_load(const mst_reader *r)
{
    file_source *s = r->gz;
    if (s->zs.avail_in > 0 && s->zs.next_in != s->in)
        memmove(s->in, s->zs.next_in, s->zs.avail_in);
    s->zs.next_in = s->in;
    size_t got = fread(s->in + s->zs.avail_in, 1, SOURCE_IN_BYTES - s->zs.avail_in, s->f);
    s->zs.avail_in += (uInt)got;
    if (ferror(s->f))
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
    s->in_eof = feof(s->f) != 0;
    return MST_OK;
}

/* Opens r->name and reads its first bytes, which say whether it is gzip. */
static mst_status source_open(mst_reader *r)
{
    mst_status st = MST_OK;
    MST_CALLOC(r->gz, 1);
    errno = 0;
    r->gz->f = fopen(r->name, "rb");
    if (r->gz->f == NULL)
        return mst_fail(MST_EINPUT, "%s: %s", r->name, errno ? strerror(errno) : "cannot open");
    MST_CHECK(source_load(r));
    z_stream *zs = &r->gz->zs;
    if (zs->avail_in >= 2 && zs->next_in[0] == 0x1f && zs->next_in[1] == 0x8b) {
        if (inflateInit2(zs, 15 + 16) != Z_OK) /* 15 + 16: a gzip wrapper, 32 KiB window */
            return mst_fail(MST_ERESOURCE, "%s: cannot start zlib's inflate", r->name);
        r->gz->gzip = 1;
        r->gz->fast = mst_igzip_new();
    }
fail:
    return st;
}

/* One thread's share of read_parallel: len bytes at file offset `at` into dst; *got counts
 * what came (fewer only at the end of the file). Returns errno's value, or 0. */
static int pread_all(int fd, unsigned char *dst, size_t len, off_t at, size_t *got)
{
    *got = 0;
    while (*got < len) {
        ssize_t k = pread(fd, dst + *got, len - *got, at + (off_t)*got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return errno;
        if (k == 0)
            break;
        *got += (size_t)k;
    }
    return 0;
}

/* Reads up to `want` bytes of a plain file (its in[] empty) from the stream's position into dst,
 * split into one pread per thread, then moves the stream past them: *got < want only at the end
 * of the file. The threads copy out of the page cache side by side (the .msb and .egr arrays). */
static mst_status read_parallel(const mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    FILE *f = r->gz->f;
    off_t at = ftello(f);
    int threads = omp_get_max_threads(), err = 0;
    size_t total = 0, part = (want + (size_t)threads - 1) / (size_t)threads;
    if (at < 0)
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
#pragma omp parallel for schedule(static, 1) reduction(+ : total) reduction(max : err)
    for (int t = 0; t < threads; t++) {
        size_t lo = (size_t)t * part, len = lo < want ? (want - lo < part ? want - lo : part) : 0;
        size_t k = 0;
        int e = len > 0 ? pread_all(fileno(f), dst + lo, len, at + (off_t)lo, &k) : 0;
        total += k;
        err = e > err ? e : err;
    }
    if (err != 0)
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(err));
    /* A short part ends the file: only the bytes before the first gap count. */
    size_t contiguous = total == want ? want : 0;
    if (total < want) {
        struct stat sb;
        off_t size = fstat(fileno(f), &sb) == 0 ? sb.st_size : at;
        contiguous = size > at ? (size_t)(size - at) : 0;
        contiguous = contiguous < want ? contiguous : want;
        r->gz->in_eof = 1;
    }
    if (fseeko(f, at + (off_t)contiguous, SEEK_SET) != 0)
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
    *got = contiguous;
    return MST_OK;
}

/* Copies up to `want` bytes of a plain file to dst: *got < want only at its end. */
static mst_status source_copy(const mst_reader *r, unsigned char *dst, size_t want,
                              size_t *got)
{
    z_stream *zs = &r->gz->zs;
    size_t k = zs->avail_in < want ? zs->avail_in : want;
    memcpy(dst, zs->next_in, k);
    zs->next_in += k;
    zs->avail_in -= (uInt)k;
    if (k < want && !r->gz->in_eof && want - k >= PARALLEL_READ_BYTES) {
        size_t direct = 0;
        mst_status st = read_parallel(r, dst + k, want - k, &direct);
        if (st != MST_OK)
            return st;
        k += direct;
    } else if (k < want && !r->gz->in_eof) { /* in[] is empty: the rest goes to dst */
        k += fread(dst + k, 1, want - k, r->gz->f);
        if (ferror(r->gz->f))
            return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
    }
    *got = k;
    return MST_OK;
}

/* Inflates up to `want` bytes to dst with zlib: *got < want only after the last member.
 * Errors: a truncated or corrupt member, or bytes after a member that do not start another. */
static mst_status zlib_inflate(const mst_reader *r, unsigned char *dst, size_t want,
                               size_t *got)
{
    file_source *s = r->gz;
    z_stream *zs = &s->zs;
    zs->next_out = dst;
    zs->avail_out = (uInt)want;
    while (zs->avail_out > 0) {
        mst_status st;
        if (zs->avail_in < 2 && !s->in_eof && (st = source_load(r)) != MST_OK)
            return st; /* two bytes: enough for the magic of a next member */
        if (s->member_end) {
            if (zs->avail_in == 0)
                break;
            if (zs->avail_in < 2 || zs->next_in[0] != 0x1f || zs->next_in[1] != 0x8b)
                return mst_fail(MST_EINPUT, "%s: trailing data after the end of the gzip "
                                            "stream", r->name);
            inflateReset(zs);
            s->member_end = 0;
        }
        int ret = inflate(zs, Z_NO_FLUSH);
        if (ret == Z_STREAM_END)
            s->member_end = 1;
        else if (ret == Z_BUF_ERROR) /* no progress: the input ended inside a member */
            return mst_fail(MST_EINPUT, "%s: truncated or corrupt gzip data (unexpected end "
                                        "of file)", r->name);
        else if (ret == Z_MEM_ERROR)
            return mst_fail(MST_ERESOURCE, "%s: out of memory inflating", r->name);
        else if (ret != Z_OK)
            return mst_fail(MST_EINPUT, "%s: truncated or corrupt gzip data (%s)", r->name,
                            zs->msg != NULL ? zs->msg : "bad data");
    }
    *got = want - zs->avail_out;
    return MST_OK;
}

/* Before another member: only the gzip magic may follow; 1 if it does, 0 at the end of the
 * input, -1 for other bytes. */
static int next_member(const mst_reader *r)
{
    z_stream *zs = &r->gz->zs;
    if (zs->avail_in == 0)
        return 0;
    return zs->avail_in >= 2 && zs->next_in[0] == 0x1f && zs->next_in[1] == 0x8b ? 1 : -1;
}

/* ISA-L's part of source_inflate: returns 0 with *got bytes (< want only after the last
 * member), or -1 at any trouble (corrupt, truncated or trailing data; a read error), for
 * zlib to inflate the same bytes again and name it. */
static int fast_inflate(const mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    file_source *s = r->gz;
    z_stream *zs = &s->zs;
    unsigned char *out = dst;
    size_t room = want;
    while (room > 0) {
        if (zs->avail_in < 2 && !s->in_eof && source_load(r) != MST_OK)
            return -1;
        if (s->member_end) {
            int next = next_member(r);
            if (next < 0)
                return -1;
            if (next == 0)
                break;
            mst_igzip_reset(s->fast);
            s->member_end = 0;
        }
        const unsigned char *in = zs->next_in;
        size_t avail = zs->avail_in, before = room;
        int ret = mst_igzip_inflate(s->fast, &in, &avail, &out, &room);
        int stuck = ret == MST_IGZIP_MORE && room == before && avail == zs->avail_in;
        zs->next_in = (unsigned char *)in;
        zs->avail_in = (uInt)avail;
        if (ret == MST_IGZIP_ERROR || (stuck && s->in_eof))
            return -1;
        s->member_end = ret == MST_IGZIP_MEMBER_END;
    }
    *got = want - room;
    return 0;
}

/* Starts the file again with zlib and inflates `skip` bytes into nothing: ISA-L's output up
 * to there, which zlib gives the same. */
static mst_status zlib_take_over(const mst_reader *r, uint64_t skip)
{
    file_source *s = r->gz;
    unsigned char scratch[1 << 14];
    mst_igzip_free(s->fast);
    s->fast = NULL;
    if (fseeko(s->f, 0, SEEK_SET) != 0)
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
    s->zs.next_in = s->in;
    s->zs.avail_in = 0;
    s->in_eof = s->member_end = 0;
    if (inflateReset(&s->zs) != Z_OK)
        return mst_fail(MST_ERESOURCE, "%s: cannot restart zlib's inflate", r->name);
    mst_status st = source_load(r);
    while (st == MST_OK && skip > 0) {
        size_t k = 0, piece = skip < sizeof scratch ? (size_t)skip : sizeof scratch;
        st = zlib_inflate(r, scratch, piece, &k);
        skip -= k;
        if (st == MST_OK && k < piece)
            return mst_fail(MST_EINTERNAL, "%s: zlib ends before ISA-L did", r->name);
    }
    return st;
}

/* Inflates up to `want` bytes to dst: ISA-L's inflate while it goes well, else zlib's from
 * the same byte on. *got < want only after the last member. Errors as zlib_inflate. */
static mst_status source_inflate(const mst_reader *r, unsigned char *dst, size_t want,
                                 size_t *got)
{
    file_source *s = r->gz;
    mst_status st = MST_OK;
    if (s->fast != NULL && fast_inflate(r, dst, want, got) == 0) {
        s->inflated += *got;
        return MST_OK;
    }
    if (s->fast != NULL)
        st = zlib_take_over(r, s->inflated);
    if (st == MST_OK)
        st = zlib_inflate(r, dst, want, got);
    if (st == MST_OK)
        s->inflated += *got;
    return st;
}

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
    MST_CHECK(source_open(r));
    /* Only a plain regular file tells its length up front; an inflated one is known at its end. */
    r->size = !r->gz->gzip && S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size : UINT64_MAX;
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
    r->mem = r->mem_start = data;
    r->mem_len = r->mem_total = len;
    r->size = len;
    *out = r;
    return MST_OK;
fail:
    mst_reader_close(r);
    return st;
}

/* Reads up to `want` source bytes to dst (r->buf or a caller's array): *got < want only at the
 * end of the input, which sets r->eof. Counts them for progress and mst_reader_offset(). */
static mst_status source_read(mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    *got = 0;
    if (r->gz == NULL) {
        size_t k = r->mem_len < want ? r->mem_len : want;
        if (k > 0) { /* an empty input may come as NULL: no arithmetic on it */
            memcpy(dst, r->mem, k);
            r->mem += k;
            r->mem_len -= k;
        }
        *got = k;
        r->consumed += k;
        if (r->mem_len == 0)
            r->eof = 1;
        return MST_OK;
    }
    while (*got < want && !r->eof) {
        size_t piece = want - *got, k = 0;
        if (piece > READ_PIECE_BYTES) /* progress shows between pieces */
            piece = READ_PIECE_BYTES;
        mst_status st = r->gz->gzip ? source_inflate(r, dst + *got, piece, &k)
                                    : source_copy(r, dst + *got, piece, &k);
        if (st != MST_OK)
            return st;
        *got += k;
        r->consumed += (uint64_t)k;
        mst_progress_bytes(r->name, r->consumed, 0);
        if (k < piece) /* both return short only at the end of the file */
            r->eof = 1;
    }
    return MST_OK;
}

/* Appends up to `want` more source bytes at buf[fill]; sets eof when the source is done. */
static mst_status fill_more(mst_reader *r, size_t want)
{
    if (r->gz == NULL && want > r->mem_len)
        want = r->mem_len; /* a short string needs no 8 MiB buffer */
    if (r->fill + want + 1 > r->cap) {
        size_t cap = r->cap ? r->cap : (want < CHUNK_BYTES ? want : CHUNK_BYTES) + 1;
        while (cap < r->fill + want + 1)
            cap *= 2;
        mst_status st = mst_realloc((void **)&r->buf, cap, 1);
        if (st != MST_OK)
            return st;
        r->cap = cap;
    }
    size_t got = 0;
    mst_status st = source_read(r, (unsigned char *)r->buf + r->fill, want, &got);
    r->fill += got;
    return st;
}

mst_status mst_reader_next_line(mst_reader *r, char **line, size_t *len)
{
    size_t scanned = r->pos; /* bytes before this index hold no '\n' */
    for (;;) {
        /* No pointer into buf before it holds bytes: buf is NULL until the first fill. */
        char *nl = r->fill > scanned ? memchr(r->buf + scanned, '\n', r->fill - scanned) : NULL;
        if (nl != NULL || (r->eof && r->fill > r->pos)) {
            char *start = r->buf + r->pos;
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

mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got)
{
    unsigned char *out = dst;
    size_t k = r->fill - r->pos < len ? r->fill - r->pos : len;
    if (k > 0) { /* what next_line or has_more buffered comes first */
        memcpy(out, r->buf + r->pos, k);
        r->pos += k;
    }
    *got = k;
    if (k == len || r->eof)
        return MST_OK;
    /* The rest goes straight to dst: a large array is not copied through buf. */
    size_t direct = 0;
    mst_status st = source_read(r, out + k, len - k, &direct);
    *got += direct;
    return st;
}

mst_status mst_reader_has_more(mst_reader *r, int *more)
{
    if (r->pos == r->fill && !r->eof) {
        r->pos = r->fill = 0; /* nothing pending: one byte ahead, at the buffer's start */
        mst_status st = fill_more(r, 1);
        if (st != MST_OK)
            return st;
    }
    *more = r->fill > r->pos;
    return MST_OK;
}

uint64_t mst_reader_offset(const mst_reader *r)
{
    return r->consumed - (uint64_t)(r->fill - r->pos);
}

uint64_t mst_reader_size(const mst_reader *r)
{
    return r->size;
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

int mst_reader_map(mst_reader *r, const char **data, size_t *len)
{
    if (r->consumed != 0 || r->fill != 0)
        return 0; /* only a reader that has handed out nothing yet */
    if (r->gz == NULL) {
        *data = (const char *)r->mem_start;
        *len = r->mem_total;
        return 1;
    }
    if (r->gz->gzip || r->size == UINT64_MAX || r->size == 0 || r->size > SIZE_MAX)
        return 0;
    if (r->map == NULL) {
        void *p = mmap(NULL, (size_t)r->size, PROT_READ, MAP_PRIVATE, fileno(r->gz->f), 0);
        if (p == MAP_FAILED)
            return 0;
        r->map = p;
        r->map_len = (size_t)r->size;
    }
    *data = r->map;
    *len = r->map_len;
    return 1;
}

mst_status mst_reader_rewind(mst_reader *r)
{
    r->pos = r->fill = 0;
    r->eof = 0;
    r->line = 0;
    r->consumed = 0;
    if (r->gz == NULL) {
        r->mem = r->mem_start;
        r->mem_len = r->mem_total;
        return MST_OK;
    }
    file_source *s = r->gz;
    if (fseeko(s->f, 0, SEEK_SET) != 0)
        return mst_fail(MST_EINPUT, "%s: cannot read it again: %s", r->name, strerror(errno));
    s->zs.next_in = s->in;
    s->zs.avail_in = 0;
    s->in_eof = s->member_end = 0;
    if (s->gzip && inflateReset(&s->zs) != Z_OK)
        return mst_fail(MST_ERESOURCE, "%s: cannot restart zlib's inflate", r->name);
    s->inflated = 0;
    if (s->gzip && s->fast == NULL)
        s->fast = mst_igzip_new();
    if (s->fast != NULL)
        mst_igzip_reset(s->fast);
    return source_load(r);
}

void mst_reader_close(mst_reader *r)
{
    if (r == NULL)
        return;
    if (r->map != NULL)
        munmap(r->map, r->map_len);
    if (r->gz != NULL) {
        if (r->gz->gzip)
            inflateEnd(&r->gz->zs);
        mst_igzip_free(r->gz->fast);
        if (r->gz->f != NULL)
            fclose(r->gz->f);
        free(r->gz);
        mst_progress_done();
    }
    free(r->buf);
    free(r->name);
    free(r);
}
