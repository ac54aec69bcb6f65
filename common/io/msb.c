/*
 * msb.c: the loader of the suite's binary format .msb (docs/formats.md has its layout and checks;
 * its writer is gen/write.c): the edges as stored, not symmetrized, of their stored weight type.
 * O(file bytes).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "loader.h"
#include "core.h"

/* Bytes per stored weight of type code `type`. */
static inline uint64_t msb_weight_bytes(uint32_t type)
{
    return type == MST_MSB_NONE ? 0 : type <= MST_MSB_FLOAT32 ? 4 : 8;
}

static inline uint32_t le_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t le_u64(const unsigned char *p)
{
    return (uint64_t)le_u32(p) | (uint64_t)le_u32(p + 4) << 32;
}

/* Records the size mismatch: `found` bytes, or more than that if `more`. */
static mst_status msb_size_fail(const char *name, const mst_msb_header *h, uint64_t found, int more)
{
    return mst_fail(MST_EINPUT, "%s: size %s%" PRIu64 " bytes does not match n=%" PRIu32 ", m=%"
                    PRIu64 ", weight type %" PRIu32 " (expected %" PRIu64 " bytes)", name,
                    more ? "more than " : "", found, h->file_n, h->m, h->type, h->bytes);
}

mst_status mst_msb_read_header(const char *name, const unsigned char *hdr, uint64_t got,
                               uint64_t size, const mst_load_options *o, mst_msb_header *h)
{
    if (got < MST_MSB_HEADER_BYTES)
        return mst_fail(MST_EINPUT, "%s: size %" PRIu64 " bytes is too small for the .msb "
                        "header (%u bytes)", name, got, MST_MSB_HEADER_BYTES);
    if (memcmp(hdr, MST_MSB_MAGIC, 8) != 0)
        return mst_fail(MST_EINPUT, "%s: bad magic at byte 0 (not an .msb file)", name);
    uint32_t version = le_u32(hdr + 8);
    h->type = le_u32(hdr + 12);
    h->file_n = le_u32(hdr + 16);
    h->flags = le_u32(hdr + 20);
    h->m = le_u64(hdr + 24);
    if (version != MST_MSB_VERSION)
        return mst_fail(MST_EINPUT, "%s: unsupported .msb version %" PRIu32 " (this build reads "
                        "%u)", name, version, MST_MSB_VERSION);
    if (h->type > MST_MSB_FLOAT64)
        return mst_fail(MST_EINPUT, "%s: unknown weight type %" PRIu32 " at byte 12 (expected "
                        "0..6)", name, h->type);
    if (h->flags & ~1u)
        return mst_fail(MST_EINPUT, "%s: unknown flags 0x%" PRIx32 " at byte 20 (only bit 0 is "
                        "defined)", name, h->flags);
    /* The exact size in 64 bits: an m for which 32 + m bytes per edge would wrap is refused
     * first. */
    uint64_t per_edge = 8 + msb_weight_bytes(h->type);
    if (h->m > (UINT64_MAX - MST_MSB_HEADER_BYTES) / per_edge)
        return mst_fail(MST_EINPUT, "%s: size does not match m=%" PRIu64 " (expected more than "
                        "2^64 bytes)", name, h->m);
    h->bytes = MST_MSB_HEADER_BYTES + per_edge * h->m;
    if (size != UINT64_MAX && size != h->bytes)
        return msb_size_fail(name, h, size, 0);
    /* --vertices overrides the header's n, as for every other format with a header. */
    h->n = h->file_n;
    if (o != NULL && o->has_vertices) {
        if (o->vertices > MST_MAX_VERTICES)
            return mst_fail(MST_ERESOURCE, "%s: --vertices %" PRIu64 " exceeds the limit of "
                            "2^32 - 1", name, o->vertices);
        h->n = o->vertices;
    }
    return MST_OK;
}

/* Reads the next [m] array of little-endian words of `width` bytes (4 or 8) into dst, exactly. */
static mst_status msb_read_array(mst_reader *r, const mst_msb_header *h, void *dst, size_t width)
{
    size_t got = 0, want = width * (size_t)h->m;
    mst_status st = mst_reader_read(r, dst, want, &got);
    if (st != MST_OK)
        return st;
    if (got < want) /* the input ended early */
        return msb_size_fail(mst_reader_name(r), h, mst_reader_offset(r), 0);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    for (uint64_t e = 0; e < h->m; e++) {
        if (width == 4)
            ((uint32_t *)dst)[e] = le_u32((const unsigned char *)dst + 4 * e);
        else
            ((uint64_t *)dst)[e] = le_u64((const unsigned char *)dst + 8 * e);
    }
#endif
    return MST_OK;
}

mst_status mst_msb_edge_key(const char *name, const mst_msb_header *h, uint64_t e, uint32_t a,
                            uint32_t b, uint64_t bits, uint32_t *key)
{
    if (a >= h->n || b >= h->n)
        return mst_fail(MST_EINPUT, "%s: edge %" PRIu64 " (%" PRIu32 "-%" PRIu32
                        "): vertex id out of range (n = %" PRIu64 ")", name, e, a, b, h->n);
    if (msb_weight_bytes(h->type) == 8)
        return h->type == MST_MSB_FLOAT64 && isnan(mst_bits_to_double(bits))
                   ? mst_fail(MST_EINPUT, "%s: edge %" PRIu64 ": NaN weight (bits 0x%016" PRIx64
                              ")", name, e, bits)
                   : MST_OK;
    uint32_t raw = (uint32_t)bits;
    if (h->type == MST_MSB_NONE) {
        *key = mst_key_from_int32(1);
    } else if (h->type == MST_MSB_INT32) {
        *key = mst_key_from_int32((int32_t)raw);
    } else if (h->type == MST_MSB_UINT32) {
        *key = mst_key_from_uint32(raw);
    } else {
        float f;
        memcpy(&f, &raw, sizeof f);
        if (isnan(f))
            return mst_fail(MST_EINPUT, "%s: edge %" PRIu64 ": NaN weight (bits 0x%08" PRIx32
                            ")", name, e, raw);
        *key = mst_key_from_float(f);
    }
    return MST_OK;
}

mst_status mst_load_msb(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    const char *name = mst_reader_name(r);
    mst_msb_header h = {0};
    uint64_t first_bad = UINT64_MAX, loops = 0, out = 0;
    int more = 0;
    memset(g, 0, sizeof *g);
    unsigned char hdr[MST_MSB_HEADER_BYTES];
    size_t got = 0;
    MST_CHECK(mst_reader_read(r, hdr, sizeof hdr, &got));
    MST_CHECK(mst_msb_read_header(name, hdr, got, mst_reader_size(r), o, &h));
    /* The load holds u, v and the keys (12 bytes per edge); 64-bit weights add themselves and
     * the ranking's scratch (8 + 32). */
    MST_CHECK(mst_load_check_header(name, o, h.n, h.m, h.m,
                                    (msb_weight_bytes(h.type) == 8 ? 52.0 : 12.0) * (double)h.m));
    /* The load's three arrays, all allocated before the first byte of the body is read; the
     * weights are read raw into key and turned into keys in place. */
    MST_ALLOC(g->u, h.m);
    MST_ALLOC(g->v, h.m);
    MST_ALLOC(g->key, h.m);
    if (msb_weight_bytes(h.type) == 8)
        MST_ALLOC(g->raw, h.m);
    MST_CHECK(msb_read_array(r, &h, g->u, 4));
    MST_CHECK(msb_read_array(r, &h, g->v, 4));
    if (g->raw != NULL)
        MST_CHECK(msb_read_array(r, &h, g->raw, 8));
    else if (h.type != MST_MSB_NONE)
        MST_CHECK(msb_read_array(r, &h, g->key, 4));
    /* One byte more is enough to refuse: the rest of a longer stream is never inflated. */
    MST_CHECK(mst_reader_has_more(r, &more));
    if (more)
        MST_CHECK(msb_size_fail(name, &h, h.bytes, 1));
    /* The raw arrays into the canonical edge list in place: the edges checked side by side by
     * the threads, the first bad one (the lowest id) named; self-loops dropped and counted. */
#pragma omp parallel for schedule(static) reduction(min : first_bad) reduction(+ : loops)
    for (uint64_t e = 0; e < h.m; e++) {
        uint32_t key = 0;
        if (e > first_bad) /* a bad edge before this one is named instead */
            continue;
        if (mst_msb_edge_key(name, &h, e, g->u[e], g->v[e], g->raw ? g->raw[e] : g->key[e],
                             &key) != MST_OK) {
            first_bad = e;
            continue;
        }
        if (g->raw == NULL)
            g->key[e] = key;
        loops += g->u[e] == g->v[e];
    }
    if (first_bad != UINT64_MAX) { /* the message, recorded by this thread */
        uint32_t key;
        MST_CHECK(mst_msb_edge_key(name, &h, first_bad, g->u[first_bad], g->v[first_bad],
                                   g->raw ? g->raw[first_bad] : g->key[first_bad], &key));
    }
    for (uint64_t e = 0; loops > 0 && e < h.m; e++) { /* out <= e */
        if (g->u[e] == g->v[e])
            continue;
        g->u[out] = g->u[e];
        g->v[out] = g->v[e];
        if (g->raw != NULL)
            g->raw[out] = g->raw[e];
        else
            g->key[out] = g->key[e];
        out++;
    }
    g->self_loops = loops;
    g->m = h.m - loops;
    int own_weights = o == NULL || o->weights == MST_WEIGHT_MODE_AUTO ||
                      o->weights == MST_WEIGHT_MODE_KEEP;
    if (own_weights && (h.type == MST_MSB_FLOAT32 || h.type == MST_MSB_FLOAT64)) { /* formats.md */
        int inf[2] = {0, 0};
        for (uint64_t e = 0; e < g->m; e++) {
            double w = h.type == MST_MSB_FLOAT32 ? mst_key_to_float(g->key[e])
                                             : mst_bits_to_double(g->raw[e]);
            if (isinf(w))
                inf[w < 0] = 1;
        }
        if (inf[0] && inf[1])
            MST_FAIL(MST_EINPUT, "%s: weights of both +inf and -inf: a forest holding both "
                     "would have no total weight", name);
    }
    if (g->m < h.m) { /* shrink (cannot really fail; the arrays stay valid if it does) */
        mst_realloc((void **)&g->u, g->m, sizeof *g->u);
        mst_realloc((void **)&g->v, g->m, sizeof *g->v);
        mst_realloc((void **)&g->key, g->m, sizeof *g->key);
        if (g->raw != NULL)
            mst_realloc((void **)&g->raw, g->m, sizeof *g->raw);
    }
    g->n = (uint32_t)h.n;
    g->weight_type = h.type == MST_MSB_NONE ? MST_WEIGHT_INT32 : (mst_weight_type)(h.type - 1);
    if (g->raw != NULL) {
        double t0 = mst_now_s();
        MST_CHECK(mst_rank_keys(g->weight_type, g->raw, g->m, g->key));
        g->rank_s = mst_now_s() - t0;
    }
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = h.type != MST_MSB_NONE;
    g->index_base = (int)(h.flags & 1u);
    return MST_OK;
fail:
    mst_graph_free(g);
    return st;
}
