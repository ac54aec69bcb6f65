/*
 * msb.c: reader and writer of the suite's binary format .msb (layout in msb.h).
 *
 * Loader: read the whole content (plain or gzip), check magic, version, weight type, flags and
 * that the byte count is exactly 32 + 4 m (2 or 3) (64-bit arithmetic, so a hostile m cannot
 * wrap), then fill the canonical graph directly: the edges are already canonical, so nothing is
 * symmetrized; ids are checked against n; self-loops (which a well-formed file does not have) are
 * dropped and counted as the builder would. The graph keeps the stored weight type exactly (the
 * builder would re-derive it from the values, turning e.g. a uint32 file with small values into
 * int32). Writer: header and arrays, little-endian whatever the host, through a temporary file
 * renamed when complete (atomic_file.h, or zlib gzopen for ".gz"), so a failed write leaves no
 * file. O(file bytes) time both ways.
 * Source: docs/formats.md; docs/design.md, Errors; msb.h.
 */
#include "msb.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>

#include "atomic_file.h"
#include "loader.h"

/* Stored weight type codes (msb.h). */
enum { MSB_NONE = 0, MSB_INT32 = 1, MSB_UINT32 = 2, MSB_FLOAT32 = 3 };

static inline uint32_t le_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t le_u64(const unsigned char *p)
{
    return (uint64_t)le_u32(p) | (uint64_t)le_u32(p + 4) << 32;
}

static inline void put_u32(unsigned char *p, uint32_t x)
{
    p[0] = (unsigned char)x;
    p[1] = (unsigned char)(x >> 8);
    p[2] = (unsigned char)(x >> 16);
    p[3] = (unsigned char)(x >> 24);
}

static inline void put_u64(unsigned char *p, uint64_t x)
{
    put_u32(p, (uint32_t)x);
    put_u32(p + 4, (uint32_t)(x >> 32));
}

/* What an .msb header says, checked against the file's length and the options. */
typedef struct msb_header {
    uint32_t type, flags;
    uint64_t m;
    uint64_t n;  /* the header's n, or --vertices */
} msb_header;

/* Checks the header of data[0..len) and that the length matches it exactly. */
static mst_status msb_check_header(const char *name, const unsigned char *data, size_t len,
                                   const mst_load_options *o, msb_header *h)
{
    if (len < MST_MSB_HEADER_BYTES)
        return mst_fail(MST_EINPUT, "%s: size %zu bytes is too small for the .msb header (%u "
                        "bytes)", name, len, MST_MSB_HEADER_BYTES);
    if (memcmp(data, MST_MSB_MAGIC, 8) != 0)
        return mst_fail(MST_EINPUT, "%s: bad magic at byte 0 (not an .msb file)", name);
    uint32_t version = le_u32(data + 8), n = le_u32(data + 16);
    h->type = le_u32(data + 12);
    h->flags = le_u32(data + 20);
    h->m = le_u64(data + 24);
    if (version != MST_MSB_VERSION)
        return mst_fail(MST_EINPUT, "%s: unsupported .msb version %" PRIu32 " (this build reads "
                        "%u)", name, version, MST_MSB_VERSION);
    if (h->type > MSB_FLOAT32)
        return mst_fail(MST_EINPUT, "%s: unknown weight type %" PRIu32 " at byte 12 (expected "
                        "0..3)", name, h->type);
    if (h->flags & ~1u)
        return mst_fail(MST_EINPUT, "%s: unknown flags 0x%" PRIx32 " at byte 20 (only bit 0 is "
                        "defined)", name, h->flags);
    /* Exact length in 64 bits: reject m that would overflow 32 + 4 m words first. */
    uint64_t words = h->type == MSB_NONE ? 2 : 3, m = h->m;
    uint64_t payload = (uint64_t)len - MST_MSB_HEADER_BYTES;
    if (m > payload / (4 * words) || 4 * words * m != payload) {
        if (m > (UINT64_MAX - MST_MSB_HEADER_BYTES) / (4 * words))
            return mst_fail(MST_EINPUT, "%s: size %zu bytes does not match m=%" PRIu64
                            " (expected more than 2^64 bytes)", name, len, m);
        return mst_fail(MST_EINPUT, "%s: size %zu bytes does not match n=%" PRIu32 ", m=%"
                        PRIu64 ", weight type %" PRIu32 " (expected %" PRIu64 " bytes)", name,
                        len, n, m, h->type, MST_MSB_HEADER_BYTES + 4 * words * m);
    }
    /* --vertices overrides the header's n, as for every other format with a header. */
    h->n = n;
    if (o != NULL && o->has_vertices) {
        if (o->vertices > MST_MAX_VERTICES)
            return mst_fail(MST_ERESOURCE, "%s: --vertices %" PRIu64 " exceeds the limit of "
                            "2^32 - 1", name, o->vertices);
        h->n = o->vertices;
    }
    return MST_OK;
}

/* The key of edge e's raw weight (NaN rejected). */
static mst_status msb_key(const char *name, const msb_header *h, const unsigned char *pw,
                          uint64_t e, uint32_t *key)
{
    if (h->type == MSB_NONE) {
        *key = mst_key_from_int32(1);
        return MST_OK;
    }
    uint32_t raw = le_u32(pw + 4 * e);
    if (h->type == MSB_INT32) {
        *key = mst_key_from_int32((int32_t)raw);
    } else if (h->type == MSB_UINT32) {
        *key = mst_key_from_uint32(raw);
    } else {
        float w;
        memcpy(&w, &raw, sizeof w);
        if (isnan(w))
            return mst_fail(MST_EINPUT, "%s: edge %" PRIu64 ": NaN weight (bits 0x%08" PRIx32
                            ")", name, e, raw);
        *key = mst_key_from_float(w);
    }
    return MST_OK;
}

/* Decodes the u[], v[], w[] arrays after the header into g's edge list, self-loops dropped. */
static mst_status msb_decode_edges(const char *name, const unsigned char *data,
                                   const msb_header *h, mst_graph *g)
{
    mst_status st = MST_OK;
    uint64_t m = h->m, out = 0;
    const unsigned char *pu = data + MST_MSB_HEADER_BYTES;
    const unsigned char *pv = pu + 4 * (size_t)m;
    const unsigned char *pw = pv + 4 * (size_t)m;
    MST_ALLOC(g->u, m);
    MST_ALLOC(g->v, m);
    MST_ALLOC(g->key, m);
    for (uint64_t e = 0; e < m; e++) {
        uint32_t a = le_u32(pu + 4 * e), b = le_u32(pv + 4 * e), key = 0;
        if (a >= h->n || b >= h->n)
            return mst_fail(MST_EINPUT, "%s: edge %" PRIu64 " (%" PRIu32 "-%" PRIu32
                            "): vertex id out of range (n = %" PRIu64 ")", name, e, a, b, h->n);
        MST_CHECK(msb_key(name, h, pw, e, &key));
        if (a == b) {
            g->self_loops++;
            continue;
        }
        g->u[out] = a;
        g->v[out] = b;
        g->key[out] = key;
        out++;
    }
    g->m = out;
fail:
    return st;
}

mst_status mst_load_msb(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    unsigned char *data = NULL;
    size_t len = 0;
    const char *name = mst_reader_name(r);
    msb_header h = {0};
    memset(g, 0, sizeof *g);
    MST_CHECK(mst_reader_read_all(r, &data, &len));
    MST_CHECK(msb_check_header(name, data, len, o, &h));
    MST_CHECK(msb_decode_edges(name, data, &h, g));
    free(data);
    data = NULL;
    if (g->m < h.m) { /* shrink (cannot really fail; the arrays stay valid if it does) */
        mst_realloc((void **)&g->u, g->m, sizeof *g->u);
        mst_realloc((void **)&g->v, g->m, sizeof *g->v);
        mst_realloc((void **)&g->key, g->m, sizeof *g->key);
    }
    g->n = (uint32_t)h.n;
    g->weight_type = h.type == MSB_UINT32    ? MST_WEIGHT_UINT32
                     : h.type == MSB_FLOAT32 ? MST_WEIGHT_FLOAT32
                                             : MST_WEIGHT_INT32;
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = h.type != MSB_NONE;
    g->index_base = (int)(h.flags & 1u);
    g->merged_arcs = 0;
    return MST_OK;
fail:
    free(data);
    mst_graph_free(g);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Writer                                                                                      */

/* One output: a plain stdio file (atomic_file) or a gzip stream on a temporary name. */
typedef struct msb_sink {
    const char *path;
    mst_atomic_file a; /* plain */
    gzFile gz;         /* gzip */
    char *gz_tmp;      /* gzip: temporary name (owned) */
} msb_sink;

static int ends_with_gz(const char *path)
{
    size_t len = strlen(path);
    return len >= 3 && strcasecmp(path + len - 3, ".gz") == 0;
}

static mst_status sink_open(msb_sink *s, const char *path)
{
    mst_status st = MST_OK;
    memset(s, 0, sizeof *s);
    s->path = path;
    if (!ends_with_gz(path))
        return mst_atomic_open(&s->a, path);
    size_t len = strlen(path) + 32;
    MST_ALLOC(s->gz_tmp, len);
    snprintf(s->gz_tmp, len, "%s.tmp.%ld", path, (long)getpid());
    errno = 0;
    s->gz = gzopen(s->gz_tmp, "wb");
    if (s->gz == NULL)
        MST_FAIL(MST_EINPUT, "%s: %s", path, errno ? strerror(errno) : "cannot open for writing");
    return MST_OK;
fail:
    free(s->gz_tmp);
    s->gz_tmp = NULL;
    return st;
}

static mst_status sink_write(msb_sink *s, const void *buf, size_t bytes)
{
    if (bytes == 0)
        return MST_OK;
    if (s->gz == NULL) {
        if (fwrite(buf, 1, bytes, s->a.f) != bytes)
            return mst_fail(MST_EINPUT, "%s: %s", s->path, strerror(errno ? errno : EIO));
        return MST_OK;
    }
    /* Callers write at most 1 MiB at a time: fits gzwrite's unsigned/int interface. */
    if (gzwrite(s->gz, buf, (unsigned)bytes) != (int)bytes) {
        int errnum;
        const char *msg = gzerror(s->gz, &errnum);
        return mst_fail(MST_EINPUT, "%s: %s", s->path,
                        errnum == Z_ERRNO ? strerror(errno) : msg);
    }
    return MST_OK;
}

/* Removes everything the sink created; safe after a failed or finished commit. */
static void sink_abort(msb_sink *s)
{
    if (s->gz != NULL) {
        gzclose(s->gz);
        s->gz = NULL;
    }
    if (s->gz_tmp != NULL) {
        unlink(s->gz_tmp);
        free(s->gz_tmp);
        s->gz_tmp = NULL;
    }
    mst_atomic_abort(&s->a);
}

static mst_status sink_commit(msb_sink *s)
{
    mst_status st = MST_OK;
    if (s->gz == NULL)
        return mst_atomic_commit(&s->a); /* removes the temporary file on failure */
    errno = 0;
    int rc = gzclose(s->gz);
    s->gz = NULL;
    if (rc != Z_OK)
        MST_FAIL(MST_EINPUT, "%s: %s", s->path,
                 rc == Z_ERRNO && errno ? strerror(errno) : "gzip write failed");
    if (rename(s->gz_tmp, s->path) != 0)
        MST_FAIL(MST_EINPUT, "%s: %s", s->path, strerror(errno));
    free(s->gz_tmp);
    s->gz_tmp = NULL;
    return MST_OK;
fail:
    sink_abort(s);
    return st;
}

#define WRITE_CHUNK_WORDS (1u << 18) /* 1 MiB of little-endian words per write */

/* Writes one [m] array of 32-bit words: src[e] if src, else raw weight of key[e] (type t). */
static mst_status write_words(msb_sink *s, unsigned char *buf, const uint32_t *src, uint64_t m,
                              const uint32_t *key, uint32_t t)
{
    for (uint64_t start = 0; start < m; start += WRITE_CHUNK_WORDS) {
        uint64_t end = m - start < WRITE_CHUNK_WORDS ? m : start + WRITE_CHUNK_WORDS;
        for (uint64_t e = start; e < end; e++) {
            uint32_t x;
            if (src != NULL) {
                x = src[e];
            } else if (t == MSB_INT32) {
                x = (uint32_t)mst_key_to_int32(key[e]);
            } else if (t == MSB_UINT32) {
                x = key[e];
            } else {
                float w = mst_key_to_float(key[e]);
                memcpy(&x, &w, sizeof x);
            }
            put_u32(buf + 4 * (e - start), x);
        }
        mst_status st = sink_write(s, buf, 4 * (size_t)(end - start));
        if (st != MST_OK)
            return st;
    }
    return MST_OK;
}

mst_status mst_msb_write(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    msb_sink s;
    unsigned char *buf = NULL;
    unsigned char header[MST_MSB_HEADER_BYTES];
    memset(&s, 0, sizeof s);

    uint32_t type = MSB_NONE;
    if (with_weights)
        type = g->weight_type == MST_WEIGHT_UINT32    ? MSB_UINT32
               : g->weight_type == MST_WEIGHT_FLOAT32 ? MSB_FLOAT32
                                                      : MSB_INT32;
    memcpy(header, MST_MSB_MAGIC, 8);
    put_u32(header + 8, MST_MSB_VERSION);
    put_u32(header + 12, type);
    put_u32(header + 16, g->n);
    put_u32(header + 20, g->index_base == 1 ? 1u : 0u);
    put_u64(header + 24, g->m);

    MST_ALLOC(buf, 4 * (size_t)WRITE_CHUNK_WORDS);
    MST_CHECK(sink_open(&s, path));
    MST_CHECK(sink_write(&s, header, sizeof header));
    MST_CHECK(write_words(&s, buf, g->u, g->m, NULL, 0));
    MST_CHECK(write_words(&s, buf, g->v, g->m, NULL, 0));
    if (type != MSB_NONE)
        MST_CHECK(write_words(&s, buf, NULL, g->m, g->key, type));
    free(buf);
    buf = NULL;
    return sink_commit(&s);
fail:
    free(buf);
    sink_abort(&s);
    return st;
}
