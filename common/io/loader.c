/* loader.c: the reader under every loader, the text parser over it and the text formats' shared
 * load, format dispatch by extension or --format, and the weight modes (see loader.h). */
#include "loader.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "core.h"

#define IN_BYTES ((size_t)1 << 20)          /* reads of a gzip file or a pipe */
#define PIECE_BYTES ((size_t)64 << 20)      /* per inflate call: z_stream counts in uInt, and
                                               progress shows between pieces */
#define PARALLEL_READ_BYTES ((size_t)4 << 20)

/*
 * zlib's inflate rather than gzread, which drops whatever follows the last gzip member without
 * a word: a gzip file is a series of members (P. Deutsch, RFC 1952, 1996, section 2.2), and any
 * other byte after one is an error here.
 */
struct mst_reader {
    char *name;
    int fd;                     /* -1: a memory reader */
    const unsigned char *data;  /* memory, or the mapped file (mst_reader_map) */
    size_t len;                 /* memory: data's length; a plain file: its size */
    size_t pos;                 /* memory or plain file: the next byte's offset */
    int stream;                 /* bytes come through in[] and read(): a pipe, an empty file */
    int gzip, member_end, in_eof;
    z_stream zs;                /* next_in, avail_in: input not yet used (gzip or stream) */
    unsigned char *in;          /* [IN_BYTES] the input of a stream or a gzip file */
    int ahead;                  /* has_more read the byte `peek` ahead */
    unsigned char peek;
    uint64_t consumed;
};

/* More input at zs.next_in: a read() into in[], behind what is left there. */
static mst_status load_input(mst_reader *r)
{
    z_stream *zs = &r->zs;
    if (zs->avail_in > 0 && zs->next_in != r->in)
        memmove(r->in, zs->next_in, zs->avail_in);
    zs->next_in = r->in;
    ssize_t k;
    do
        k = read(r->fd, r->in + zs->avail_in, IN_BYTES - zs->avail_in);
    while (k < 0 && errno == EINTR);
    if (k < 0)
        return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
    zs->avail_in += (uInt)k;
    r->in_eof = k == 0;
    return MST_OK;
}

/* Inflates up to `want` bytes to dst: *got < want only after the last member. Errors: a
 * truncated or corrupt member, or bytes after a member that do not start another. */
static mst_status inflate_some(mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    z_stream *zs = &r->zs;
    zs->next_out = dst;
    zs->avail_out = (uInt)want;
    while (zs->avail_out > 0) {
        mst_status st;
        if (zs->avail_in < 2 && !r->in_eof && (st = load_input(r)) != MST_OK)
            return st; /* two bytes: enough for the magic of a next member */
        if (r->member_end) {
            if (zs->avail_in == 0)
                break;
            if (zs->avail_in < 2 || zs->next_in[0] != 0x1f || zs->next_in[1] != 0x8b)
                return mst_fail(MST_EINPUT, "%s: trailing data after the end of the gzip "
                                            "stream", r->name);
            inflateReset(zs);
            r->member_end = 0;
        }
        int ret = inflate(zs, Z_NO_FLUSH);
        if (ret == Z_STREAM_END)
            r->member_end = 1;
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

/* A stream's next bytes: what in[] holds, then read() straight into dst. */
static mst_status stream_copy(mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    z_stream *zs = &r->zs;
    size_t k = zs->avail_in < want ? zs->avail_in : want;
    memcpy(dst, zs->next_in, k);
    zs->next_in += k;
    zs->avail_in -= (uInt)k;
    while (k < want) {
        ssize_t n = read(r->fd, dst + k, want - k);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(errno));
        if (n == 0)
            break;
        k += (size_t)n;
    }
    *got = k;
    return MST_OK;
}

/* Up to `want` bytes of the source to dst (nothing of `ahead`): *got < want only at its end.
 * A long read of a plain file is split among the threads, one pread each (the .msb and .egr
 * arrays): one thread's copy out of the page cache is slower than the memory's bandwidth. */
static mst_status pull(mst_reader *r, unsigned char *dst, size_t want, size_t *got)
{
    *got = 0;
    if (!r->gzip && !r->stream) {
        size_t n = r->len - r->pos < want ? r->len - r->pos : want;
        int parts = n < PARALLEL_READ_BYTES ? 1 : omp_get_max_threads(), err = 0;
        if (r->fd < 0 && n > 0) /* an empty input may come as NULL: no arithmetic on it */
            memcpy(dst, r->data + r->pos, n);
        if (r->fd < 0)
            parts = 0;
#pragma omp parallel for schedule(static) num_threads(parts > 0 ? parts : 1) reduction(max : err)
        for (int t = 0; t < parts; t++) {
            size_t at = n / (size_t)parts * (size_t)t;
            size_t end = t + 1 == parts ? n : n / (size_t)parts * (size_t)(t + 1);
            int e = 0; /* a short read: the file shrank under us */
            while (at < end && e == 0) {
                ssize_t k = pread(r->fd, dst + at, end - at, (off_t)(r->pos + at));
                e = k < 0 && errno != EINTR ? errno : k == 0 ? EIO : 0;
                at += k > 0 ? (size_t)k : 0;
            }
            err = e > err ? e : err;
        }
        if (err != 0)
            return mst_fail(MST_EINPUT, "%s: read error: %s", r->name, strerror(err));
        r->pos += n;
        *got = n;
        return MST_OK;
    }
    while (*got < want) {
        size_t piece = want - *got < PIECE_BYTES ? want - *got : PIECE_BYTES, k = 0;
        mst_status st = r->gzip ? inflate_some(r, dst + *got, piece, &k)
                                : stream_copy(r, dst + *got, piece, &k);
        *got += k;
        mst_progress_bytes(r->name, r->consumed + *got, 0);
        if (st != MST_OK || k < piece)
            return st;
    }
    return MST_OK;
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
    MST_CHECK(mst_reader_from_memory(path, NULL, 0, &r)); /* then the file's */
    r->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (r->fd < 0)
        MST_FAIL(MST_EINPUT, "%s: %s", path, strerror(errno));
    MST_ALLOC(r->in, IN_BYTES);
    r->len = S_ISREG(sb.st_mode) ? (size_t)sb.st_size : 0;
    r->stream = r->len == 0; /* a pipe, or a file that tells no size */
    /* The magic: a stream's first bytes, read for good; a plain file's peeked at (inflate then
     * reads it from its start). */
    if (r->stream)
        MST_CHECK(load_input(r));
    else if (pread(r->fd, r->in, 2, 0) != 2)
        r->in[0] = 0;
    if ((!r->stream || r->zs.avail_in >= 2) && r->in[0] == 0x1f && r->in[1] == 0x8b) {
        if (inflateInit2(&r->zs, 15 + 16) != Z_OK) /* 15 + 16: a gzip wrapper, 32 KiB window */
            MST_FAIL(MST_ERESOURCE, "%s: cannot start zlib's inflate", path);
        r->gzip = 1;
        r->stream = 0;
    }
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
    r->fd = -1;
    MST_ALLOC(r->name, strlen(name) + 1);
    strcpy(r->name, name);
    r->data = data;
    r->len = len;
    *out = r;
    return MST_OK;
fail:
    mst_reader_close(r);
    return st;
}

const char *mst_reader_name(const mst_reader *r)
{
    return r->name;
}

mst_status mst_reader_read(mst_reader *r, void *dst, size_t len, size_t *got)
{
    unsigned char *out = dst;
    size_t k = 0, n = 0;
    if (r->ahead && len > 0) {
        out[k++] = r->peek;
        r->ahead = 0;
    }
    mst_status st = k < len ? pull(r, out + k, len - k, &n) : MST_OK;
    *got = k + n;
    r->consumed += *got;
    return st;
}

mst_status mst_reader_has_more(mst_reader *r, int *more)
{
    size_t got = 0;
    mst_status st = MST_OK;
    if (!r->gzip && !r->stream) {
        *more = r->pos < r->len;
        return MST_OK;
    }
    if (!r->ahead && (st = pull(r, &r->peek, 1, &got)) == MST_OK)
        r->ahead = got == 1;
    *more = r->ahead;
    return st;
}

uint64_t mst_reader_offset(const mst_reader *r)
{
    return r->consumed;
}

uint64_t mst_reader_size(const mst_reader *r)
{
    return r->gzip || r->stream ? UINT64_MAX : (uint64_t)r->len;
}

int mst_reader_map(mst_reader *r, const char **data, size_t *len)
{
    if (r->consumed != 0 || r->ahead || r->gzip || r->stream)
        return 0;
    if (r->fd >= 0 && r->data == NULL) {
        void *p = mmap(NULL, r->len, PROT_READ, MAP_PRIVATE, r->fd, 0);
        if (p == MAP_FAILED)
            return 0;
        r->data = p;
    }
    *data = (const char *)r->data;
    *len = r->len;
    return 1;
}

void mst_reader_close(mst_reader *r)
{
    if (r == NULL)
        return;
    if (r->fd >= 0 && r->data != NULL)
        munmap((void *)r->data, r->len);
    if (r->gzip)
        inflateEnd(&r->zs);
    if (r->fd >= 0) {
        close(r->fd);
        mst_progress_done();
    }
    free(r->in);
    free(r->name);
    free(r);
}

/* ---------------------------------------- text parser */

#define BLOCK_BYTES_PER_THREAD ((size_t)16 << 20)
#define PAD 16 /* readable bytes after a block's last '\n' (mst_digits8 reads 8) */

int mst_parse_weight_slow(const char **pp, mst_number *out, int kind)
{
    const char *p = mst_skip_blanks(*pp), *end = p;
    if (mst_is_eol(*p))
        return MST_TOK_NONE;
    while (!mst_is_eol(*end) && !mst_is_blank(*end))
        end++;
    const char *q = p + (*p == '-' || *p == '+');
    size_t k = (size_t)(end - q);
    if (q < end && strspn(q, "0123456789") == k) { /* an integer: exact */
        uint64_t x;
        int r = mst_scan_u64(&q, 0, &x);
        if (r != MST_TOK_OK)
            return r;
        if (*p == '-' && x > (uint64_t)INT64_MAX + 1)
            return MST_TOK_RANGE;
        *out = (mst_number){0, *p == '-' && x != 0, x, 0.0};
    } else {
        /* A decimal real, inf, infinity or nan: strtod alone would also take hexadecimal
         * ("0x10" = 16, "0x1p3" = 8) and "nan(...)", which no graph format writes. */
        int word = (k == 3 && (strncasecmp(q, "inf", 3) == 0 || strncasecmp(q, "nan", 3) == 0))
                   || (k == 8 && strncasecmp(q, "infinity", 8) == 0);
        if (kind == MST_WEIGHT_INTEGER ||
            (!word && strspn(p, "0123456789+-.eE") != (size_t)(end - p)))
            return MST_TOK_BAD;
        char *stop;
        errno = 0;
        double d = kind == MST_WEIGHT_REAL32 ? (double)strtof(p, &stop) : strtod(p, &stop);
        if (stop != end)
            return MST_TOK_BAD;
        /* Beyond the type's largest value, or so small that it rounds to zero: no weight of
         * the type holds it. A subnormal result is the nearest value, as for any other real. */
        if (errno == ERANGE && (isinf(d) || d == 0))
            return MST_TOK_RANGE;
        *out = (mst_number){1, 0, 0, d};
    }
    *pp = end;
    return MST_TOK_OK;
}

const char *mst_number_text(const mst_number *x, char buf[48])
{
    if (x->is_real)
        snprintf(buf, 48, "%.17g", x->d);
    else
        snprintf(buf, 48, "%s%llu", x->neg ? "-" : "", (unsigned long long)x->mag);
    return buf;
}

const char *mst_token_text(const char *p, char buf[48])
{
    p = mst_skip_blanks(p);
    if (mst_is_eol(*p)) {
        strcpy(buf, "end of line");
        return buf;
    }
    size_t n = 0;
    buf[n++] = '\'';
    while (!mst_is_eol(*p) && !mst_is_blank(*p) && n < 32) {
        unsigned char c = (unsigned char)*p++;
        buf[n++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    if (!mst_is_eol(*p) && !mst_is_blank(*p)) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

mst_status mst_text_fail(mst_text_part *part, mst_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(part->msg, sizeof part->msg, fmt, ap);
    va_end(ap);
    part->at = part->line;
    part->st = code;
    return code;
}

mst_status mst_text_field_fail(mst_text_part *part, int tok, const char *p, const char *what,
                               const char *expected)
{
    char text[48];
    if (*mst_skip_blanks(p) == '\0')
        return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
    if (tok == MST_TOK_RANGE)
        return mst_text_fail(part, MST_EINPUT, "%s %s out of range", what,
                             mst_token_text(p, text));
    /* The usual pitfalls of files from elsewhere get a hint: a CSV line, a header line. */
    const char *q = mst_skip_blanks(p), *end = q;
    while (!mst_is_eol(*end) && !mst_is_blank(*end))
        end++;
    const char *comma = memchr(q, ',', (size_t)(end - q));
    return mst_text_fail(part, MST_EINPUT, "expected %s, found %s%s", expected,
                         mst_token_text(p, text),
                         comma != NULL ? " (fields are separated by blanks, not commas)" : "");
}

mst_status mst_text_line_end_fail(mst_text_part *part, const char *p, const char *expected)
{
    char text[48];
    p = mst_skip_blanks(p);
    if (*p != '\0')
        return mst_text_fail(part, MST_EINPUT, "expected %s, found extra field %s", expected,
                             mst_token_text(p, text));
    return mst_text_fail(part, MST_EINPUT, "NUL byte in line");
}

void mst_text_line_failed(mst_text_part *part, mst_status st)
{
    if (part->st == MST_OK) /* a message of mst_fail's (memory): the thread's own */
        snprintf(part->msg, sizeof part->msg, "%s", mst_last_error());
    part->st = st;
}

/* Records the error of a part that stopped (its base set) as the thread's last error. */
static mst_status report(const char *name, const mst_text_parser *t, const mst_text_part *part)
{
    if (part->at == 0)
        return mst_fail(part->st, "%s", part->msg);
    /* A word where the first line of a file taking '#' comments should hold data: a header
     * line, most likely. */
    const char *found = strstr(part->msg, "found '");
    int header = part->base + part->at == 1 && found != NULL && strchr(t->comment, '#') &&
                 ((found[7] >= 'A' && found[7] <= 'Z') || (found[7] >= 'a' && found[7] <= 'z'));
    return mst_fail(part->st, "%s:%llu: %s%s", name, (unsigned long long)(part->base + part->at),
                    part->msg, header ? " (a header line? start it with '#' to make it a "
                                        "comment)" : "");
}

/* The start of part k of `parts` over [begin, end) (end[-1] == '\n'): the first line that
 * starts at or after its share's first byte. */
static const char *part_start(const char *begin, const char *end, int k, int parts)
{
    if (k == 0)
        return begin;
    if (k == parts)
        return end;
    const char *at = begin + (size_t)((double)(end - begin) * k / parts);
    return (const char *)memchr(at - 1, '\n', (size_t)(end - (at - 1))) + 1;
}

/* The lines [p, end) (end[-1] == '\n', PAD bytes readable after it): in order until the
 * format goes parallel, then in parts. */
static mst_status run_block(const char *name, mst_text_parser *t, const char *p,
                            const char *end)
{
    if ((p = mst_text_lines(t, &t->main, p, end, t->line, 1)) == NULL)
        return report(name, t, &t->main);
    if (p == end)
        return MST_OK;
    int parts = (size_t)(end - p) < (size_t)t->threads * 64 ? 1 : t->threads;
#pragma omp parallel for schedule(static, 1) num_threads(parts)
    for (int k = 0; k < parts; k++) {
        mst_text_part *part = &t->parts[k];
        const char *q = part_start(p, end, k, parts), *e = part_start(p, end, k + 1, parts);
        part->line = part->at = 0;
        part->st = MST_OK;
        t->part_lines(t, part, q, e);
    }
    for (int k = 0; k < parts; k++) {
        t->parts[k].base = t->main.line;
        if (t->parts[k].st != MST_OK)
            return report(name, t, &t->parts[k]);
        t->main.line += t->parts[k].line;
    }
    return t->merge(t, parts);
}

/* A mapped input, in blocks of about t->block bytes ending at a line's end; its last PAD bytes
 * or more (whole lines) go through a copy with a '\n' added if missing and PAD bytes after it
 * (a mapping's last bytes may be the end of its last page). */
static mst_status run_mapped(const char *name, mst_text_parser *t, const char *data, size_t len)
{
    const char *p = data, *end = data + len, *tail = data;
    char *copy = NULL;
    mst_status st = MST_OK;
    if (len > PAD) {
        const char *nl = memrchr(data, '\n', len - PAD);
        tail = nl != NULL ? nl + 1 : data;
    }
    while (p < tail) {
        const char *stop = (size_t)(tail - p) <= t->block ? tail : p + t->block;
        stop = (const char *)memchr(stop - 1, '\n', (size_t)(tail - (stop - 1))) + 1;
        MST_CHECK(run_block(name, t, p, stop));
        p = stop;
    }
    len = (size_t)(end - tail);
    MST_CALLOC(copy, len + 1 + PAD);
    memcpy(copy, tail, len);
    if (len > 0 && copy[len - 1] != '\n')
        copy[len++] = '\n';
    st = run_block(name, t, copy, copy + len);
fail:
    free(copy);
    return st;
}

/* A streamed input (gzip, a pipe) in blocks, the partial last line kept for the next (PAD
 * bytes of buf after a block's last '\n' are readable: the next line's, or spare). */
static mst_status run_streamed(mst_reader *r, mst_text_parser *t)
{
    mst_status st = MST_OK;
    size_t cap = t->block, fill = 0, got = 0;
    char *buf = NULL;
    MST_ALLOC(buf, cap + 1 + PAD);
    for (;;) {
        if (cap - fill < t->block / 2) { /* a long line: room for another half block */
            cap = fill + t->block;
            MST_CHECK(mst_realloc((void **)&buf, cap + 1 + PAD, 1));
        }
        MST_CHECK(mst_reader_read(r, buf + fill, cap - fill, &got));
        int last = got < cap - fill;
        fill += got;
        if (last && fill > 0 && buf[fill - 1] != '\n')
            buf[fill++] = '\n';
        char *nl = fill > 0 ? memrchr(buf, '\n', fill) : NULL;
        size_t whole = nl != NULL ? (size_t)(nl - buf) + 1 : 0;
        MST_CHECK(run_block(mst_reader_name(r), t, buf, buf + whole));
        fill -= whole;
        memmove(buf, buf + whole, fill);
        if (last)
            break;
    }
fail:
    free(buf);
    return st;
}

mst_status mst_text_parse(mst_reader *r, mst_text_parser *t)
{
    const char *data;
    size_t len;
    mst_status st;
    if (t->block == 0)
        t->block = BLOCK_BYTES_PER_THREAD * (size_t)t->threads;
    if (mst_reader_map(r, &data, &len))
        st = len > 0 ? run_mapped(mst_reader_name(r), t, data, len) : MST_OK;
    else
        st = run_streamed(r, t);
    t->lines = t->main.line;
    return st;
}

/* ---------------------------------------- text loads */

mst_status mst_text_load_start(mst_text_load *s, mst_text_part *part, int index_base,
                               int weighted)
{
    s->started = 1;
    return mst_builder_init(&s->main, part, s->name, index_base, weighted, s->o);
}

void mst_text_load_parallel(mst_text_load *s)
{
    for (int k = 0; k < s->t.threads; k++) {
        s->b[k] = s->main;
        s->b[k].part = &s->t.parts[k];
        s->b[k].u = s->b[k].v = NULL;
        s->b[k].w = NULL;
        s->b[k].cap = 0;
    }
    s->t.parallel = 1;
}

/* Appends the parts' builders to the main one in file order (the parser's merge). */
static mst_status merge_parts(mst_text_parser *t, int count)
{
    return mst_builder_merge(&((mst_text_load *)t)->main, ((mst_text_load *)t)->b, count);
}

mst_status mst_text_load_parse(mst_reader *r, const mst_load_options *o, mst_text_load *s,
                               mst_graph *g, mst_text_line_fn line, mst_text_lines_fn lines,
                               const char *comment, int blank_is_data)
{
    mst_status st = MST_OK;
    memset(s, 0, sizeof *s);
    memset(g, 0, sizeof *g);
    s->name = mst_reader_name(r);
    s->o = o;
    s->t.line = line;
    s->t.part_lines = lines;
    s->t.comment = comment;
    s->t.blank_is_data = blank_is_data;
    s->t.merge = merge_parts;
    s->t.threads = lines != NULL ? mst_load_threads() : 1;
    s->t.block = o != NULL ? o->chunk_bytes : 0;
    s->t.main.data = &s->main;
    MST_CALLOC(s->t.parts, (uint64_t)s->t.threads);
    MST_CALLOC(s->b, (uint64_t)s->t.threads);
    for (int k = 0; k < s->t.threads; k++)
        s->t.parts[k].data = &s->b[k];
    st = mst_text_parse(r, &s->t);
fail:
    return st;
}

mst_status mst_text_load_finish(mst_text_load *s, mst_status st, int directed, mst_graph *g)
{
    for (int k = 0; s->b != NULL && k < s->t.threads; k++)
        mst_builder_free(&s->b[k]);
    free(s->b);
    free(s->t.parts);
    if (st != MST_OK)
        mst_builder_free(&s->main);
    return st != MST_OK ? st : mst_builder_finish(&s->main, directed, g);
}

mst_status mst_text_load_check_end(const mst_text_load *s, mst_status st, const char *first,
                                   const char *missing, const char *what)
{
    unsigned long long last = s->t.lines, records = s->main.m + s->main.self_loops;
    if (st == MST_OK && last == 0)
        return mst_fail(MST_EINPUT, "%s: empty file: expected %s", s->name, first);
    if (st == MST_OK && missing != NULL)
        return mst_fail(MST_EINPUT, "%s:%llu: %s", s->name, last, missing);
    if (st == MST_OK && what != NULL && records != s->m)
        return mst_fail(MST_EINPUT, "%s:%llu: header says %llu %s, file has %llu", s->name,
                        last, (unsigned long long)s->m, what, records);
    return st;
}

/* ---------------------------------------- loader */

typedef mst_status (*load_fn)(mst_reader *, const mst_load_options *, mst_graph *);

static const struct format {
    const char *name;
    const char *extensions; /* space-separated, with the dot */
    load_fn load;
} formats[] = {
    {"edgelist", ".el .wel .txt .edges", mst_load_edgelist},
    {"dimacs", ".gr", mst_load_dimacs},
    {"mtx", ".mtx", mst_load_mtx},
    {"metis", ".graph", mst_load_metis},
    {"egr", ".egr", mst_load_egr},
    {"msb", ".msb", mst_load_msb},
};
#define FORMAT_COUNT (sizeof formats / sizeof formats[0])

const char *mst_format_names(void)
{
    return "edgelist dimacs mtx metis egr msb";
}

mst_load_options mst_load_options_default(void)
{
    return (mst_load_options){.weights = MST_WEIGHT_MODE_AUTO, .seed = 1};
}

mst_status mst_load_check_edges(const char *where, const mst_load_options *o, uint64_t edges)
{
    uint64_t max_edges = o != NULL ? o->max_edges : 0;
    if (max_edges != 0 && edges > max_edges)
        return mst_fail(MST_ERESOURCE, "%s: the header announces at least %" PRIu64 " edges; "
                        "this solver takes at most %" PRIu64 " (it packs each edge's key and "
                        "id into 64 bits)", where, edges, max_edges);
    return MST_OK;
}

mst_status mst_load_check_header(const char *where, const mst_load_options *o, uint64_t n,
                                 uint64_t records, uint64_t edges, double load_bytes)
{
    mst_status st = mst_load_check_edges(where, o, edges);
    if (st != MST_OK)
        return st;
    char what[96];
    snprintf(what, sizeof what, "a graph of n = %" PRIu64 ", m = %" PRIu64, n, records);
    double run_bytes = o != NULL ? (double)o->run_bytes_per_vertex * (double)n : 0;
    return mst_memory_check(where, what, load_bytes + run_bytes);
}

const char *mst_format_from_path(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    if (len > 3 && strcasecmp(base + len - 3, ".gz") == 0)
        len -= 3;
    /* Every dot of the name, against every word of the lists: "USA-road-NY.pace.gr" ends in
     * ".gr". */
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        for (size_t dot = 0; dot < len; dot++)
            for (const char *p = formats[i].extensions; base[dot] == '.' && *p != '\0';) {
                size_t k = strcspn(p, " ");
                if (k == len - dot && strncasecmp(p, base + dot, k) == 0)
                    return formats[i].name;
                p += k + (p[k] == ' ');
            }
    return NULL;
}

/* Random weight of edge e, int32 in 1..2^20, from s = mst_splitmix64(seed). */
static inline uint32_t random_key(uint64_t s, uint64_t e)
{
    return mst_key_from_int32((int32_t)(1 + (mst_splitmix64(s ^ e) >> 44)));
}

uint32_t mst_random_weight_key(uint64_t seed, uint64_t eid)
{
    return random_key(mst_splitmix64(seed), eid);
}

void mst_apply_weight_mode(mst_graph *g, mst_weight_mode mode, uint64_t seed)
{
    if (mode == MST_WEIGHT_MODE_AUTO)
        mode = g->file_has_weights ? MST_WEIGHT_MODE_KEEP : MST_WEIGHT_MODE_RANDOM;
    if (mode == MST_WEIGHT_MODE_KEEP)
        mode = g->file_has_weights ? MST_WEIGHT_MODE_KEEP : MST_WEIGHT_MODE_UNIT;
    if (mode == MST_WEIGHT_MODE_KEEP) {
        g->weight_origin = MST_WEIGHTS_FROM_FILE;
        return;
    }
    g->weight_type = MST_WEIGHT_INT32;
    free(g->raw); /* the file's 64-bit weights, if any, are replaced */
    g->raw = NULL;
    g->rank_s = 0;
    if (mode == MST_WEIGHT_MODE_UNIT) {
        g->weight_origin = MST_WEIGHTS_UNIT;
#pragma omp parallel for schedule(static)
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_int32(1);
        return;
    }
    g->weight_origin = MST_WEIGHTS_RANDOM;
    g->seed = seed;
    uint64_t s = mst_splitmix64(seed);
#pragma omp parallel for schedule(static)
    for (uint64_t e = 0; e < g->m; e++)
        g->key[e] = random_key(s, e); /* 1..2^20 */
}

mst_status mst_graph_load(const char *path, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    mst_reader *r = NULL;
    const struct format *f = NULL;
    const char *name = o->format != NULL ? o->format : mst_format_from_path(path);
    memset(g, 0, sizeof *g);
    for (size_t i = 0; name != NULL && i < FORMAT_COUNT; i++)
        if (strcmp(name, formats[i].name) == 0)
            f = &formats[i];
    if (f == NULL && o->format != NULL)
        return mst_fail(MST_EUSAGE, "unknown format '%s' (formats: %s)", o->format,
                        mst_format_names());
    MST_CHECK(mst_reader_open(path, &r));
    if (f == NULL)
        MST_FAIL(MST_EINPUT, "%s: unknown file extension (use --format: %s)", path,
                 mst_format_names());
    MST_CHECK(f->load(r, o, g));
    MST_ALLOC(g->name, strlen(path) + 1);
    strcpy(g->name, path);
    g->format = f->name;
    mst_apply_weight_mode(g, o->weights, o->seed);
    if (o->weight_type != 0)
        MST_CHECK(mst_graph_convert_weights(g, (mst_weight_type)(o->weight_type - 1), path));
    mst_reader_close(r);
    return MST_OK;
fail:
    mst_reader_close(r);
    mst_graph_free(g);
    return st;
}
