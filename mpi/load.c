/*
 * load.c: each rank's slice of the canonical edge list and the GHS share built from it
 * (load.h). The .msb reader repeats the checks and messages of common/msb.c on its slice, so a
 * bad file fails with the same line as under mst-seq.
 */
#include "load.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msb.h"

#define IO_CHUNK_BYTES (1u << 28)

/* What every rank must know about the graph (g's header), sent from rank 0 as bytes. */
typedef struct graph_header {
    uint64_t n, m, seed, self_loops, merged_arcs;
    int32_t weight_type, weight_origin, file_has_weights, index_base;
} graph_header;

static graph_header header_of(const mst_graph *g)
{
    graph_header h;
    memset(&h, 0, sizeof h);
    h.n = g->n, h.m = g->m, h.seed = g->seed, h.self_loops = g->self_loops;
    h.merged_arcs = g->merged_arcs, h.weight_type = (int32_t)g->weight_type;
    h.weight_origin = (int32_t)g->weight_origin, h.file_has_weights = g->file_has_weights;
    h.index_base = g->index_base;
    return h;
}

/* Fills g (no arrays) from h; g->name is a copy of path. */
static mst_status header_to_graph(const graph_header *h, const char *path, const char *format,
                                  mst_graph *g)
{
    mst_status st = MST_OK;
    memset(g, 0, sizeof *g);
    MST_ALLOC(g->name, strlen(path) + 1);
    strcpy(g->name, path);
    g->format = format;
    g->n = (uint32_t)h->n, g->m = h->m, g->seed = h->seed, g->self_loops = h->self_loops;
    g->merged_arcs = h->merged_arcs, g->weight_type = (mst_weight_type)h->weight_type;
    g->weight_origin = (mst_weight_origin)h->weight_origin;
    g->file_has_weights = h->file_has_weights, g->index_base = h->index_base;
    return MST_OK;
fail:
    return st;
}

/* Rank r's share [*lo, *hi) of `count` items split evenly over p ranks. */
static void split(uint64_t count, int p, int r, uint64_t *lo, uint64_t *hi)
{
    uint64_t base = count / (uint64_t)p, extra = count % (uint64_t)p, ur = (uint64_t)r;
    *lo = ur * base + (ur < extra ? ur : extra);
    *hi = *lo + base + (ur < extra ? 1 : 0);
}

static int slice_alloc(mpi_slice *s, uint64_t count)
{
    s->count = count;
    s->u = mst_alloc(count, sizeof *s->u);
    s->v = mst_alloc(count, sizeof *s->v);
    s->key = mst_alloc(count, sizeof *s->key);
    return s->u != NULL && s->v != NULL && s->key != NULL;
}

void mpi_slice_free(mpi_slice *s)
{
    if (s == NULL)
        return;
    free(s->u);
    free(s->v);
    free(s->key);
    memset(s, 0, sizeof *s);
}

void mpi_share_free(mpi_share *sh)
{
    if (sh == NULL)
        return;
    free(sh->arc);
    memset(sh, 0, sizeof *sh);
}

/* ------------------------------------------------------------------------------------------ */
/* Plain .msb: MPI-IO slices                                                                   */

static inline uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Reads count uint32 words at byte offset off into a (host order). */
static mst_status read_words(MPI_File fh, const char *path, MPI_Offset off, uint32_t *a,
                             uint64_t count)
{
    unsigned char *p = (unsigned char *)a;
    uint64_t bytes = 4 * count;
    for (uint64_t done = 0; done < bytes;) {
        int k = (int)(bytes - done < IO_CHUNK_BYTES ? bytes - done : IO_CHUNK_BYTES), got = 0;
        MPI_Status ms;
        if (MPI_File_read_at(fh, off + (MPI_Offset)done, p + done, k, MPI_BYTE, &ms) !=
                MPI_SUCCESS ||
            MPI_Get_count(&ms, MPI_BYTE, &got) != MPI_SUCCESS || got != k)
            return mst_fail(MST_EINPUT, "%s: read error at byte %" PRIu64 " (MPI-IO)", path,
                            (uint64_t)off + done);
        done += (uint64_t)k;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (uint64_t i = 0; i < count; i++)
        a[i] = le32((const unsigned char *)&a[i]);
#endif
    return MST_OK;
}

/* Stored weight type codes (msb.h). */
enum { MSB_NONE = 0, MSB_INT32 = 1, MSB_UINT32 = 2, MSB_FLOAT32 = 3 };

/* Checks the header as common/msb.c does; sets *n_limit. Same messages. */
static mst_status msb_check_header(const unsigned char *data, uint64_t len, const char *name,
                                   const mst_load_options *o, uint64_t *n_limit)
{
    if (len < MST_MSB_HEADER_BYTES)
        return mst_fail(MST_EINPUT, "%s: size %zu bytes is too small for the .msb header "
                        "(%u bytes)", name, (size_t)len, MST_MSB_HEADER_BYTES);
    if (memcmp(data, MST_MSB_MAGIC, 8) != 0)
        return mst_fail(MST_EINPUT, "%s: bad magic at byte 0 (not an .msb file)", name);
    uint32_t version = le32(data + 8), type = le32(data + 12), n = le32(data + 16);
    uint32_t flags = le32(data + 20);
    uint64_t m = (uint64_t)le32(data + 24) | (uint64_t)le32(data + 28) << 32;
    if (version != MST_MSB_VERSION)
        return mst_fail(MST_EINPUT, "%s: unsupported .msb version %" PRIu32 " (this build reads "
                        "%u)", name, version, MST_MSB_VERSION);
    if (type > MSB_FLOAT32)
        return mst_fail(MST_EINPUT, "%s: unknown weight type %" PRIu32 " at byte 12 (expected "
                        "0..3)", name, type);
    if (flags & ~1u)
        return mst_fail(MST_EINPUT, "%s: unknown flags 0x%" PRIx32 " at byte 20 (only bit 0 is "
                        "defined)", name, flags);
    uint64_t words = type == MSB_NONE ? 2 : 3;
    uint64_t payload = len - MST_MSB_HEADER_BYTES;
    if (m > payload / (4 * words) || 4 * words * m != payload) {
        if (m > (UINT64_MAX - MST_MSB_HEADER_BYTES) / (4 * words))
            return mst_fail(MST_EINPUT, "%s: size %zu bytes does not match m=%" PRIu64
                            " (expected more than 2^64 bytes)", name, (size_t)len, m);
        return mst_fail(MST_EINPUT, "%s: size %zu bytes does not match n=%" PRIu32 ", m=%" PRIu64
                        ", weight type %" PRIu32 " (expected %" PRIu64 " bytes)", name,
                        (size_t)len, n, m, type, MST_MSB_HEADER_BYTES + 4 * words * m);
    }
    *n_limit = n;
    if (o->has_vertices) {
        if (o->vertices > MST_MAX_VERTICES)
            return mst_fail(MST_ERESOURCE, "%s: --vertices %" PRIu64 " exceeds the limit of "
                            "2^32 - 1", name, o->vertices);
        *n_limit = o->vertices;
    }
    return MST_OK;
}

/*
 * Every rank reads its range of file positions, checks ids and weights, drops self-loops, then
 * numbers its kept edges after those of the lower ranks (exclusive prefix sum).
 */
static mst_status msb_slice(const mpi_ctx *c, const char *path, const mst_load_options *o,
                            graph_header *h, mpi_slice *s)
{
    mst_status st = MST_OK;
    MPI_File fh = MPI_FILE_NULL;
    unsigned char head[MST_MSB_HEADER_BYTES];
    uint64_t len = 0, n_limit = 0;
    uint32_t *w = NULL;
    memset(head, 0, sizeof head);
    if (MPI_File_open(c->comm, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
        fh = MPI_FILE_NULL;
        st = mst_fail(MST_EINPUT, "%s: cannot open with MPI-IO", path);
    }
    if ((st = mpi_agree(c, st)) != MST_OK)
        return st;
    if (c->rank == 0) {
        MPI_Offset size = 0;
        MPI_Status ms;
        MPI_File_get_size(fh, &size);
        len = (uint64_t)size;
        MPI_File_read_at(fh, 0, head, (int)(len < sizeof head ? len : sizeof head), MPI_BYTE,
                         &ms);
    }
    MPI_Bcast(&len, 1, MPI_UINT64_T, 0, c->comm);
    MPI_Bcast(head, (int)sizeof head, MPI_BYTE, 0, c->comm);
    st = msb_check_header(head, len, path, o, &n_limit); /* the same verdict on every rank */
    if (st != MST_OK)
        goto fail;

    uint32_t type = le32(head + 12), flags = le32(head + 20);
    uint64_t m_file = (uint64_t)le32(head + 24) | (uint64_t)le32(head + 28) << 32;
    uint64_t lo = 0, hi = 0;
    split(m_file, c->size, c->rank, &lo, &hi);
    uint64_t k = hi - lo;
    if (!slice_alloc(s, k) || (type != MSB_NONE && (w = mst_alloc(k, sizeof *w)) == NULL))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " edges", c->rank, k);
    if (st == MST_OK)
        st = read_words(fh, path, (MPI_Offset)(MST_MSB_HEADER_BYTES + 4 * lo), s->u, k);
    if (st == MST_OK)
        st = read_words(fh, path, (MPI_Offset)(MST_MSB_HEADER_BYTES + 4 * (m_file + lo)), s->v, k);
    if (st == MST_OK && w != NULL)
        st = read_words(fh, path, (MPI_Offset)(MST_MSB_HEADER_BYTES + 4 * (2 * m_file + lo)), w,
                        k);
    /* Check and compact in file order, as common/msb.c does. */
    uint64_t kept = 0, loops = 0;
    for (uint64_t i = 0; st == MST_OK && i < k; i++) {
        uint32_t a = s->u[i], b = s->v[i], key;
        if (a >= n_limit || b >= n_limit) {
            st = mst_fail(MST_EINPUT, "%s: edge %" PRIu64 " (%" PRIu32 "-%" PRIu32
                          "): vertex id out of range (n = %" PRIu64 ")", path, lo + i, a, b,
                          n_limit);
            break;
        }
        if (type == MSB_NONE) {
            key = mst_key_from_int32(1);
        } else if (type == MSB_INT32) {
            key = mst_key_from_int32((int32_t)w[i]);
        } else if (type == MSB_UINT32) {
            key = mst_key_from_uint32(w[i]);
        } else {
            float x;
            memcpy(&x, &w[i], sizeof x);
            if (isnan(x)) {
                st = mst_fail(MST_EINPUT, "%s: edge %" PRIu64 ": NaN weight (bits 0x%08" PRIx32
                              ")", path, lo + i, w[i]);
                break;
            }
            key = mst_key_from_float(x);
        }
        if (a == b) {
            loops++;
            continue;
        }
        s->u[kept] = a, s->v[kept] = b, s->key[kept] = key;
        kept++;
    }
    s->count = kept;
    if ((st = mpi_agree(c, st)) != MST_OK)
        goto fail;
    uint64_t before = 0, sums[2] = {kept, loops}, totals[2] = {0, 0};
    MPI_Exscan(&kept, &before, 1, MPI_UINT64_T, MPI_SUM, c->comm);
    MPI_Allreduce(sums, totals, 2, MPI_UINT64_T, MPI_SUM, c->comm);
    s->eid0 = c->rank == 0 ? 0 : before; /* MPI_Exscan leaves rank 0's result undefined */

    /* The weight mode, resolved exactly as mst_apply_weight_mode() does (on an empty graph). */
    mst_graph hv;
    memset(&hv, 0, sizeof hv);
    hv.file_has_weights = type != MSB_NONE;
    hv.weight_type = type == MSB_UINT32    ? MST_WEIGHT_UINT32
                     : type == MSB_FLOAT32 ? MST_WEIGHT_FLOAT32
                                           : MST_WEIGHT_INT32;
    mst_apply_weight_mode(&hv, o->weights, o->seed);
    if (hv.weight_origin == MST_WEIGHTS_RANDOM)
        for (uint64_t i = 0; i < kept; i++)
            s->key[i] = mst_random_weight_key(hv.seed, s->eid0 + i);
    else if (hv.weight_origin == MST_WEIGHTS_UNIT)
        for (uint64_t i = 0; i < kept; i++)
            s->key[i] = mst_key_from_int32(1);
    memset(h, 0, sizeof *h);
    h->n = n_limit, h->m = totals[0], h->self_loops = totals[1], h->seed = hv.seed;
    h->weight_type = (int32_t)hv.weight_type, h->weight_origin = (int32_t)hv.weight_origin;
    h->file_has_weights = hv.file_has_weights, h->index_base = (int32_t)(flags & 1u);
    free(w);
    MPI_File_close(&fh);
    return MST_OK;
fail:
    free(w);
    mpi_slice_free(s);
    if (fh != MPI_FILE_NULL)
        MPI_File_close(&fh);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Any other format: parsed on rank 0, slices sent from there                                  */

static mst_status scatter_slices(const mpi_ctx *c, const char *path, const mst_load_options *o,
                                 mst_graph *g, int have_whole, graph_header *h, mpi_slice *s)
{
    mst_status st = MST_OK;
    mst_graph tmp = {0};
    const mst_graph *src = have_whole ? g : &tmp;
    if (c->rank == 0 && !have_whole)
        st = mst_graph_load(path, o, &tmp);
    if ((st = mpi_agree(c, st)) != MST_OK)
        return st;
    if (c->rank == 0)
        *h = header_of(src);
    MPI_Bcast(h, (int)sizeof *h, MPI_BYTE, 0, c->comm);
    uint64_t lo = 0, hi = 0;
    split(h->m, c->size, c->rank, &lo, &hi);
    s->eid0 = lo;
    if (!slice_alloc(s, hi - lo))
        st = mst_fail(MST_ERESOURCE, "rank %d: out of memory for %" PRIu64 " edges", c->rank,
                      hi - lo);
    if ((st = mpi_agree(c, st)) != MST_OK)
        goto fail;
    if (c->rank == 0) {
        memcpy(s->u, src->u, s->count * sizeof *s->u);
        memcpy(s->v, src->v, s->count * sizeof *s->v);
        memcpy(s->key, src->key, s->count * sizeof *s->key);
        for (int q = 1; q < c->size; q++) {
            uint64_t qlo = 0, qhi = 0;
            split(h->m, c->size, q, &qlo, &qhi);
            mpi_send_big(c, src->u + qlo, qhi - qlo, sizeof *src->u, q);
            mpi_send_big(c, src->v + qlo, qhi - qlo, sizeof *src->v, q);
            mpi_send_big(c, src->key + qlo, qhi - qlo, sizeof *src->key, q);
        }
    } else {
        mpi_recv_big(c, s->u, s->count, sizeof *s->u, 0);
        mpi_recv_big(c, s->v, s->count, sizeof *s->v, 0);
        mpi_recv_big(c, s->key, s->count, sizeof *s->key, 0);
    }
    mst_graph_free(&tmp);
    return MST_OK;
fail:
    mst_graph_free(&tmp);
    mpi_slice_free(s);
    return st;
}

/* Rank 0 decides: a plain .msb file (its magic at byte 0) is read in slices with MPI-IO. */
static int is_plain_msb(const mpi_ctx *c, const char *path, const mst_load_options *o)
{
    int yes = 0;
    if (c->rank == 0) {
        const char *fmt = o->format != NULL ? o->format : mst_format_from_path(path);
        FILE *f = fmt != NULL && strcmp(fmt, "msb") == 0 ? fopen(path, "rb") : NULL;
        char magic[8];
        if (f != NULL) {
            yes = fread(magic, 1, sizeof magic, f) == sizeof magic &&
                  memcmp(magic, MST_MSB_MAGIC, sizeof magic) == 0;
            fclose(f);
        }
    }
    MPI_Bcast(&yes, 1, MPI_INT, 0, c->comm);
    return yes;
}

mst_status mpi_load_slice(const mpi_ctx *c, const char *path, const mst_load_options *lo,
                          mst_graph *g, int have_whole, mpi_slice *s)
{
    mst_status st = MST_OK;
    graph_header h;
    memset(&h, 0, sizeof h);
    memset(s, 0, sizeof *s);
    const char *format = NULL;
    if (is_plain_msb(c, path, lo)) {
        format = "msb";
        st = msb_slice(c, path, lo, &h, s);
    } else {
        format = lo->format != NULL ? lo->format : mst_format_from_path(path);
        st = scatter_slices(c, path, lo, g, have_whole, &h, s);
    }
    if (st != MST_OK)
        return st; /* already agreed */
    if (!have_whole)
        st = header_to_graph(&h, path, format, g);
    if ((st = mpi_agree(c, st)) != MST_OK)
        mpi_slice_free(s);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* The GHS share                                                                               */

mst_status mpi_share_build(const mpi_ctx *c, const mpi_partition *pt, const mpi_slice *s,
                           mpi_share *sh)
{
    mst_status st = MST_OK;
    int p = c->size;
    uint64_t *count = NULL, *start = NULL, *recvcount = NULL, total = 0;
    mpi_arc *send = NULL;
    uint32_t *owned = NULL, n_local = 0;
    memset(sh, 0, sizeof *sh);
    MST_CALLOC(count, p);
    MST_ALLOC(start, p);
    MST_ALLOC(recvcount, p);
    MST_CHECK(mpi_partition_owned(pt, c->rank, &n_local, &owned));
    for (uint64_t i = 0; i < s->count; i++) {
        count[mpi_owner(pt, s->u[i])]++;
        count[mpi_owner(pt, s->v[i])]++;
    }
    for (int q = 0; q < p; q++)
        start[q] = q ? start[q - 1] + count[q - 1] : 0;
    MST_ALLOC(send, 2 * s->count);
    /* Arcs in slice order (increasing edge id), u's arc before v's. */
    for (uint64_t i = 0; i < s->count; i++) {
        uint64_t eid = s->eid0 + i;
        int ru = mpi_owner(pt, s->u[i]), rv = mpi_owner(pt, s->v[i]);
        mpi_arc a = {s->u[i], (uint32_t)rv, s->key[i], (uint32_t)eid, (uint32_t)(eid >> 32)};
        send[start[ru]++] = a;
        a.x = s->v[i], a.y_rank = (uint32_t)ru;
        send[start[rv]++] = a;
    }
fail:
    if ((st = mpi_agree(c, st)) == MST_OK) {
        void *recv = NULL;
        st = mpi_exchange(c, send, count, sizeof *send, &recv, recvcount, &total);
        sh->arc = recv;
    }
    free(send);
    if (st == MST_OK) {
        /* Global ids of x to local ones. */
        for (uint64_t i = 0; i < total; i++)
            sh->arc[i].x = mpi_partition_local(pt, c->rank, owned, n_local, sh->arc[i].x);
        sh->arcs = total;
        sh->n_local = n_local;
    }
    free(owned);
    free(count);
    free(start);
    free(recvcount);
    return st;
}
