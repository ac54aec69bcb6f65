/* loader.c: the reader under every loader, format dispatch by extension or --format, and the
 * weight modes (see loader.h). */
#include "loader.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <omp.h>
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
    MST_CALLOC(r, 1);
    r->fd = -1;
    MST_ALLOC(r->name, strlen(path) + 1);
    strcpy(r->name, path);
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
    mst_load_options o;
    memset(&o, 0, sizeof o);
    o.weights = MST_WEIGHT_MODE_AUTO;
    o.seed = 1;
    return o;
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

static const struct format *format_for_path(const char *path)
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
                    return &formats[i];
                p += k + (p[k] == ' ');
            }
    return NULL;
}

const char *mst_format_from_path(const char *path)
{
    const struct format *f = format_for_path(path);
    return f ? f->name : NULL;
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
    memset(g, 0, sizeof *g);
    if (o->format != NULL) {
        for (size_t i = 0; i < FORMAT_COUNT; i++)
            if (strcmp(o->format, formats[i].name) == 0)
                f = &formats[i];
        if (f == NULL)
            return mst_fail(MST_EUSAGE, "unknown format '%s' (formats: %s)", o->format,
                            mst_format_names());
    } else {
        f = format_for_path(path);
    }
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
