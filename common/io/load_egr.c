/*
 * load_egr.c: loader of the ECL binary CSR format (.egr), for exchange with the ECL codes.
 *
 * Layout (little-endian int32 throughout):
 *   int32 nodes, int32 edges            edges = number of CSR entries (directed arcs)
 *   int32 nindex[nodes + 1]             row offsets: nindex[0] = 0, nondecreasing, = edges at end
 *   int32 nlist[edges]                  column indices, each in [0, nodes)
 *   int32 eweight[edges]                optional: present iff the file is that much longer
 * Algorithm: where the whole input lies in memory (a plain file, mapped by the reader, or a
 * memory reader's bytes, 4-byte aligned, on a little-endian host), check the header against its
 * size and read the arrays in place, without a copy. Otherwise read the 8-byte header, compute
 * both possible sizes in 64-bit arithmetic, compare them with the input's size where that is
 * known, check the edge limit and the memory the header implies (loader.h), then read exactly
 * nindex and nlist, and the weights if anything follows; one byte beyond the weighted size, or
 * a size between the two, is refused without reading further (a gzip body is never inflated
 * past it). Validate the offsets and the neighbours (side by side over the threads, the first
 * bad entry named), then hand arcs (x, nlist[j]), j in nindex[x] .. nindex[x+1]-1, row by row
 * to the builder as directed input: both directions of each edge are stored in the file, and
 * the builder merges each arc with its reverse arc of the same weight (builder.h); or, with the
 * same result, take the forward arcs where every reverse arc has a forward twin (egr_twins.h).
 * O(file bytes + edges) time.
 * Source: M. Burtscher et al., ECL graph format, ECLgraph.h (readECLgraph), in
 * github.com/burtscher/ECL-MST; docs/formats.md.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "egr_twins.h"
#include "loader.h"

/* An .egr file as it is read: the header's counts, the sizes they imply, the arrays (in the
 * file's mapping, or read into `owned`). */
typedef struct egr_file {
    const char *name;
    int32_t nodes, edges;
    uint64_t unweighted_bytes, weighted_bytes;
    int weighted;           /* 1, 0, or -1 while unknown (a gzip stream's size is not known) */
    const int32_t *nindex;  /* [nodes + 1] */
    const int32_t *nlist;   /* [edges] */
    const int32_t *eweight; /* [edges], or NULL when unweighted */
    int32_t *owned[3];      /* the arrays read (not mapped): freed with the file */
} egr_file;

/* Little-endian int32 at p (unaligned-safe; compiles to one load on little-endian hosts). */
static inline int32_t le_i32(const unsigned char *p)
{
    uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return (int32_t)x;
}

/* Records the size mismatch: `found` bytes, or more than that if `more`. */
static mst_status egr_size_fail(const egr_file *f, uint64_t found, int more)
{
    return mst_fail(MST_EINPUT, "%s: size %s%" PRIu64 " bytes does not match nodes=%" PRId32
                    ", edges=%" PRId32 " (expected %" PRIu64 " or %" PRIu64 ")", f->name,
                    more ? "more than " : "", found, f->nodes, f->edges, f->unweighted_bytes,
                    f->weighted_bytes);
}

/* Checks the header hdr[8] and the sizes it implies against the input (where its size is
 * known), the options' edge limit and the machine's memory. */
static mst_status egr_check_header(const mst_reader *r, const unsigned char *hdr,
                                   const mst_load_options *o, egr_file *f)
{
    f->nodes = le_i32(hdr);
    f->edges = le_i32(hdr + 4);
    if (f->nodes < 0 || f->edges < 0)
        return mst_fail(MST_EINPUT, "%s: negative count in the header (nodes=%" PRId32 ", edges=%"
                        PRId32 ")", f->name, f->nodes, f->edges);
    /* All terms are below 2^35: no overflow in 64 bits, whatever the header says. */
    uint64_t nodes = (uint64_t)f->nodes, edges = (uint64_t)f->edges;
    f->unweighted_bytes = 8 + 4 * (nodes + 1) + 4 * edges;
    f->weighted_bytes = f->unweighted_bytes + 4 * edges;
    uint64_t size = mst_reader_size(r);
    f->weighted = -1;
    if (size != UINT64_MAX) {
        if (size != f->unweighted_bytes && size != f->weighted_bytes)
            return egr_size_fail(f, size, 0);
        f->weighted = edges > 0 && size == f->weighted_bytes; /* edges = 0: both coincide */
    }
    /* The load holds nindex, nlist (and the weights) besides the builder's staging. */
    double arrays = 4.0 * (double)(nodes + 1) + 4.0 * (double)edges * (f->weighted == 1 ? 2 : 1);
    return mst_load_check_header(f->name, o, nodes, edges, edges / 2 + edges % 2,
                                 arrays + mst_builder_peak_bytes(edges, f->weighted == 1, 1));
}

/* Reads the header, then checks it (egr_check_header). */
static mst_status egr_read_header(mst_reader *r, const mst_load_options *o, egr_file *f)
{
    unsigned char hdr[8];
    size_t got = 0;
    mst_status st = mst_reader_read(r, hdr, sizeof hdr, &got);
    if (st != MST_OK)
        return st;
    if (got < sizeof hdr)
        return mst_fail(MST_EINPUT, "%s: size %zu bytes is too small for the .egr header (8 "
                        "bytes)", f->name, got);
    return egr_check_header(r, hdr, o, f);
}

/* Reads the next `count` int32 into dst, exactly. */
static mst_status egr_read_ints(mst_reader *r, const egr_file *f, int32_t *dst, uint64_t count)
{
    size_t got = 0, want = 4 * (size_t)count;
    mst_status st = mst_reader_read(r, dst, want, &got);
    if (st != MST_OK)
        return st;
    if (got < want) /* the input ended early */
        return egr_size_fail(f, mst_reader_offset(r), 0);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    for (uint64_t i = 0; i < count; i++)
        dst[i] = le_i32((const unsigned char *)&dst[i]);
#endif
    return MST_OK;
}

/* After nlist: the weights if anything follows (the only way to tell for a gzip stream), then
 * nothing more. */
static mst_status egr_read_weights(mst_reader *r, egr_file *f)
{
    mst_status st = MST_OK;
    int more = 0;
    if (f->weighted < 0) {
        MST_CHECK(mst_reader_has_more(r, &more));
        f->weighted = more && f->edges > 0;
    }
    if (f->weighted) {
        MST_ALLOC(f->owned[2], (uint64_t)f->edges);
        MST_CHECK(egr_read_ints(r, f, f->owned[2], (uint64_t)f->edges));
        f->eweight = f->owned[2];
    }
    /* One byte more is enough to refuse: the rest of a longer stream is never inflated. */
    MST_CHECK(mst_reader_has_more(r, &more));
    if (more)
        return egr_size_fail(f, f->weighted ? f->weighted_bytes : f->unweighted_bytes, 1);
fail:
    return st;
}

/* The first x in [0, nodes) with nindex[x + 1] < nindex[x], or -1; the threads scan side by
 * side and the lowest is kept. */
static int64_t first_decrease(const int32_t *nindex, int64_t nodes)
{
    int64_t first = INT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : first)
    for (int64_t x = 0; x < nodes; x++)
        if (nindex[x + 1] < nindex[x] && x < first)
            first = x;
    return first == INT64_MAX ? -1 : first;
}

/* The first j in [0, edges) with nlist[j] outside [0, nodes), or -1 (as first_decrease). */
static int64_t first_outside(const int32_t *nlist, int64_t edges, int32_t nodes)
{
    int64_t first = INT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : first)
    for (int64_t j = 0; j < edges; j++)
        if ((uint32_t)nlist[j] >= (uint32_t)nodes && j < first)
            first = j;
    return first == INT64_MAX ? -1 : first;
}

/* The offsets start at 0, never decrease and end at edges; every neighbour is a node. The first
 * bad entry is named, whatever the thread count. */
static mst_status egr_check_arrays(const egr_file *f)
{
    const int32_t *nindex = f->nindex;
    if (nindex[0] != 0)
        return mst_fail(MST_EINPUT, "%s: nindex[0] = %" PRId32 " at byte 8 (must be 0)", f->name,
                        nindex[0]);
    int64_t x = first_decrease(nindex, f->nodes);
    if (x >= 0)
        return mst_fail(MST_EINPUT, "%s: nindex[%" PRId64 "] = %" PRId32 " at byte %" PRId64
                        " is below nindex[%" PRId64 "] = %" PRId32 " (must be "
                        "nondecreasing)", f->name, x + 1, nindex[x + 1], 8 + 4 * (x + 1), x,
                        nindex[x]);
    if (nindex[f->nodes] != f->edges)
        return mst_fail(MST_EINPUT, "%s: nindex[%" PRId32 "] = %" PRId32 " (must equal edges = %"
                        PRId32 ")", f->name, f->nodes, nindex[f->nodes], f->edges);
    uint64_t nlist_at = 8 + 4 * ((uint64_t)f->nodes + 1); /* byte offset, for messages */
    int64_t j = first_outside(f->nlist, f->edges, f->nodes);
    if (j >= 0)
        return mst_fail(MST_EINPUT, "%s: nlist[%" PRId64 "] = %" PRId32 " at byte %" PRIu64
                        " is out of range (nodes = %" PRId32 ")", f->name, j, f->nlist[j],
                        nlist_at + 4 * (uint64_t)j, f->nodes);
    return MST_OK;
}

/* Hands every arc, row by row, to a builder and finishes it into g; without --vertices and
 * --weight-type (which check each arc as the builder adds it, naming it in their messages) the
 * forward arcs of egr_twins.h give the same graph where every reverse arc has a forward twin. */
static mst_status egr_build(const egr_file *f, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    mst_builder b;
    int taken = 0;
    if (o == NULL || (!o->has_vertices && o->weight_type == 0)) {
        st = mst_egr_twin_arcs(f->nodes, f->nindex, f->nlist, f->weighted ? f->eweight : NULL,
                               g, &taken);
        if (st != MST_OK || taken)
            return st;
    }
    memset(&b, 0, sizeof b);
    /* r = NULL: builder messages then say "FILE: edge K: ..." (binary formats have no lines). */
    MST_CHECK(mst_builder_init(&b, NULL, f->name, 0, f->weighted, o));
    MST_CHECK(mst_builder_set_header(&b, (uint64_t)f->nodes, (uint64_t)f->edges, 1));
    for (int64_t x = 0; x < f->nodes; x++) {
        for (int64_t j = f->nindex[x]; j < f->nindex[x + 1]; j++) {
            mst_number w = mst_number_from_i64(f->weighted ? f->eweight[j] : 0);
            MST_CHECK(mst_builder_add(&b, (uint64_t)x, (uint64_t)f->nlist[j], &w));
        }
    }
    return mst_builder_finish(&b, 1, g); /* frees b, leaves *g zeroed on error */
fail:
    mst_builder_free(&b);
    return st;
}

/* The whole input as bytes in memory (a plain file mapped, or a memory reader's bytes), where
 * its int32 arrays can be read in place: 4-byte aligned, on a little-endian host. */
static int egr_map(mst_reader *r, const unsigned char **data)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const char *p;
    size_t len;
    if (!mst_reader_map(r, &p, &len) || len < 8 || (uintptr_t)p % 4 != 0)
        return 0;
    *data = (const unsigned char *)p;
    return 1;
#else
    (void)r;
    (void)data;
    return 0;
#endif
}

/* The arrays of a mapped file, in place: its size matched the header (egr_check_header). */
static void egr_point(egr_file *f, const unsigned char *data)
{
    f->nindex = (const int32_t *)(const void *)(data + 8);
    f->nlist = f->nindex + (uint64_t)f->nodes + 1;
    f->eweight = f->weighted ? f->nlist + f->edges : NULL;
}

/* Reads the header and the arrays into f->owned (gzip input, or a mapping that cannot be read
 * in place). */
static mst_status egr_read(mst_reader *r, const mst_load_options *o, egr_file *f)
{
    mst_status st = MST_OK;
    MST_CHECK(egr_read_header(r, o, f));
    /* nlist first: the largest array of the file; nothing is read until both are held. */
    MST_ALLOC(f->owned[1], (uint64_t)f->edges);
    MST_ALLOC(f->owned[0], (uint64_t)f->nodes + 1);
    MST_CHECK(egr_read_ints(r, f, f->owned[0], (uint64_t)f->nodes + 1));
    MST_CHECK(egr_read_ints(r, f, f->owned[1], (uint64_t)f->edges));
    f->nindex = f->owned[0];
    f->nlist = f->owned[1];
    MST_CHECK(egr_read_weights(r, f));
fail:
    return st;
}

mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    const unsigned char *data = NULL;
    egr_file f;
    memset(&f, 0, sizeof f);
    memset(g, 0, sizeof *g);
    f.name = mst_reader_name(r);
    if (egr_map(r, &data)) { /* read in place: no copy of the arrays */
        MST_CHECK(egr_check_header(r, data, o, &f));
        egr_point(&f, data);
    } else {
        MST_CHECK(egr_read(r, o, &f));
    }
    MST_CHECK(egr_check_arrays(&f));
    MST_CHECK(egr_build(&f, o, g));
fail:
    for (int k = 0; k < 3; k++)
        free(f.owned[k]);
    if (st != MST_OK)
        mst_graph_free(g);
    return st;
}
