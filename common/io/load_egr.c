/*
 * load_egr.c: the loader of the ECL binary CSR format (.egr): the header, the arrays read in
 * place or exactly as far as the header implies, checked by the threads, then the usual file
 * (every reverse arc with a forward twin) as its forward arcs in row order, any other through
 * the builder as directed input (docs/formats.md, Loading speed, has the argument); O(file
 * bytes + edges). Sources: M. Burtscher et al., ECL graph format, ECLgraph.h (readECLgraph), in
 * github.com/burtscher/ECL-MST; Clarke, Devadas, van Dijk, Gassend, Suh 2003, MSet-Add-Hash
 * (unkeyed); SplitMix64's finalizer (Steele, Lea, Flood 2014); MurmurHash3's fmix64 (Appleby).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define IN_PLACE 1 /* the file's int32 arrays can be read as they lie */
#else
#define IN_PLACE 0
#endif
#define BLOCKS_PER_THREAD 8 /* row blocks of about equal arc counts: a high-degree row evens out */

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

/* One row block's share of the twin check: arc counts and the two hash sums (forward minus
 * reverse). */
typedef struct twin_sums {
    uint64_t forward, reverse, h1, h2;
} twin_sums;

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

/* Reads the next `count` int32 into dst, exactly. */
static mst_status egr_read_ints(mst_reader *r, const egr_file *f, int32_t *dst, uint64_t count)
{
    size_t got = 0, want = 4 * (size_t)count;
    mst_status st = mst_reader_read(r, dst, want, &got);
    if (st != MST_OK)
        return st;
    if (got < want) /* the input ended early */
        return egr_size_fail(f, mst_reader_offset(r), 0);
#if !IN_PLACE
    for (uint64_t i = 0; i < count; i++)
        dst[i] = le_i32((const unsigned char *)&dst[i]);
#endif
    return MST_OK;
}

/* The offsets start at 0, never decrease and end at edges; every neighbour is a node. The lowest
 * bad entry is named, whatever the thread count. */
static mst_status egr_check_arrays(const egr_file *f)
{
    const int32_t *nindex = f->nindex, *nlist = f->nlist;
    int32_t nodes = f->nodes;
    int64_t x = INT64_MAX, j = INT64_MAX;
    if (nindex[0] != 0)
        return mst_fail(MST_EINPUT, "%s: nindex[0] = %" PRId32 " at byte 8 (must be 0)", f->name,
                        nindex[0]);
#pragma omp parallel for schedule(static) reduction(min : x)
    for (int64_t i = 0; i < nodes; i++)
        if (nindex[i + 1] < nindex[i] && i < x)
            x = i;
    if (x != INT64_MAX)
        return mst_fail(MST_EINPUT, "%s: nindex[%" PRId64 "] = %" PRId32 " at byte %" PRId64
                        " is below nindex[%" PRId64 "] = %" PRId32 " (must be "
                        "nondecreasing)", f->name, x + 1, nindex[x + 1], 8 + 4 * (x + 1), x,
                        nindex[x]);
    if (nindex[nodes] != f->edges)
        return mst_fail(MST_EINPUT, "%s: nindex[%" PRId32 "] = %" PRId32 " (must equal edges = %"
                        PRId32 ")", f->name, nodes, nindex[nodes], f->edges);
#pragma omp parallel for schedule(static) reduction(min : j)
    for (int64_t i = 0; i < f->edges; i++)
        if ((uint32_t)nlist[i] >= (uint32_t)nodes && i < j)
            j = i;
    if (j != INT64_MAX) /* its byte offset: past the header and nindex */
        return mst_fail(MST_EINPUT, "%s: nlist[%" PRId64 "] = %" PRId32 " at byte %" PRIu64
                        " is out of range (nodes = %" PRId32 ")", f->name, j, nlist[j],
                        8 + 4 * ((uint64_t)nodes + 1) + 4 * (uint64_t)j, nodes);
    return MST_OK;
}

/* MurmurHash3's fmix64: a bijection of 64-bit words other than mst_splitmix64, so that the two
 * sums fail apart. */
static inline uint64_t mix_b(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDull;
    z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ull;
    return z ^ (z >> 33);
}

/* The key of arc j. */
static inline uint32_t arc_key(const int32_t *eweight, int64_t j)
{
    return mst_key_from_int32(eweight != NULL ? eweight[j] : 1);
}

/* The usual file: if every reverse arc has a forward twin by the multiset hash, fills g (zeroed)
 * with the forward arcs in row order and sets *taken; else leaves g zeroed and *taken = 0.
 * Errors: MST_ERESOURCE. Two passes over row blocks of about equal arc counts. */
static mst_status egr_twins(const egr_file *f, mst_graph *g, int *taken)
{
    mst_status st = MST_OK;
    const int32_t *nindex = f->nindex, *nlist = f->nlist, *eweight = f->eweight;
    int32_t nodes = f->nodes, *row_at = NULL;
    int blocks = BLOCKS_PER_THREAD * mst_load_threads();
    uint64_t arcs = (uint64_t)f->edges, m = 0;
    twin_sums *sum = NULL, all = {0, 0, 0, 0};
    *taken = 0;
    MST_ALLOC(row_at, (uint64_t)blocks + 1);
    MST_ALLOC(sum, (uint64_t)blocks);
    /* Block b: rows row_at[b] .. row_at[b + 1] - 1, from the first row whose arcs start at or
     * after the block's even share of the arcs. */
    for (int b = 0; b <= blocks; b++) {
        int64_t want = (int64_t)(arcs * (uint64_t)b / (uint64_t)blocks), lo = 0, hi = nodes;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (nindex[mid] < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        row_at[b] = b == blocks ? nodes : (int32_t)lo;
    }
    /* Each arc's group (a, b, key), a < b, hashed twice: one mix of the pair (injective: the ids
     * have 31 bits), then one of its own per hash with the key folded in two different ways, so
     * that two groups that collide in one hash are no likelier to collide in the other. Added
     * for a forward arc, subtracted for a reverse one, 0 for a self-loop, with no branch. */
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < blocks; b++) {
        twin_sums s = {0, 0, 0, 0};
        int32_t hi = row_at[b + 1];
        for (int32_t x = row_at[b]; x < hi; x++)
            for (int32_t j = nindex[x]; j < nindex[x + 1]; j++) {
                int32_t y = nlist[j];
                uint64_t neg = 0 - (uint64_t)(y < x), keep = 0 - (uint64_t)(y != x);
                uint64_t key = arc_key(eweight, j);
                uint64_t p =
                    mst_splitmix64((uint64_t)(y < x ? y : x) << 32 | (uint64_t)(y < x ? x : y));
                uint64_t h1 = mst_splitmix64(p ^ (key * 0x9E3779B97F4A7C15ull));
                uint64_t h2 = mix_b(p + (key * 0xD6E8FEB86659FD93ull + 0x6A09E667F3BCC909ull));
                s.h1 += ((h1 ^ neg) - neg) & keep; /* -h1 for a reverse arc */
                s.h2 += ((h2 ^ neg) - neg) & keep;
                s.forward += y > x;
                s.reverse += y < x;
            }
        sum[b] = s;
    }
    for (int b = 0; b < blocks; b++) { /* the forward counts become each block's first edge */
        all.reverse += sum[b].reverse;
        all.h1 += sum[b].h1;
        all.h2 += sum[b].h2;
        uint64_t k = sum[b].forward;
        sum[b].forward = all.forward;
        all.forward += k;
    }
    if (all.forward != all.reverse || all.h1 != 0 || all.h2 != 0)
        goto fail; /* st = MST_OK, *taken = 0: the builder decides */
    m = all.forward;
    MST_ALLOC(g->u, m + 1);
    MST_ALLOC(g->v, m + 1);
    MST_ALLOC(g->key, m + 1);
    uint32_t *u = g->u, *v = g->v, *keys = g->key;
#pragma omp parallel for schedule(dynamic, 1)
    for (int b = 0; b < blocks; b++) {
        uint64_t at = sum[b].forward;
        int32_t hi = row_at[b + 1];
        for (int32_t x = row_at[b]; x < hi; x++)
            for (int32_t j = nindex[x]; j < nindex[x + 1]; j++)
                if (nlist[j] > x) {
                    u[at] = (uint32_t)x;
                    v[at] = (uint32_t)nlist[j];
                    keys[at] = arc_key(eweight, j);
                    at++;
                }
    }
    g->m = m;
    g->n = (uint32_t)nodes;
    g->weight_type = MST_WEIGHT_INT32;
    g->weight_origin = MST_WEIGHTS_FROM_FILE;
    g->file_has_weights = eweight != NULL;
    g->self_loops = arcs - all.forward - all.reverse;
    g->merged_arcs = all.reverse;
    *taken = 1;
fail:
    free(row_at);
    free(sum);
    if (!*taken)
        mst_graph_free(g);
    return st;
}

mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    const char *data = NULL;
    size_t len = 0;
    int taken = 0;
    egr_file f;
    mst_builder b;
    unsigned char hdr[8];
    int more = 0;
    memset(&f, 0, sizeof f);
    memset(&b, 0, sizeof b);
    memset(g, 0, sizeof *g);
    f.name = mst_reader_name(r);
    /* The whole input in memory, 4-byte aligned: the arrays are read in place, no copy. */
    if (IN_PLACE && mst_reader_map(r, &data, &len) && len >= 8 && (uintptr_t)data % 4 == 0) {
        MST_CHECK(egr_check_header(r, (const unsigned char *)data, o, &f));
        f.nindex = (const int32_t *)(const void *)(data + 8);
        f.nlist = f.nindex + (uint64_t)f.nodes + 1;
        f.eweight = f.weighted ? f.nlist + f.edges : NULL;
    } else { /* read into f.owned: the weights if anything follows (all a gzip stream tells) */
        MST_CHECK(mst_reader_read(r, hdr, sizeof hdr, &len));
        if (len < sizeof hdr)
            MST_FAIL(MST_EINPUT, "%s: size %zu bytes is too small for the .egr header (8 "
                     "bytes)", f.name, len);
        MST_CHECK(egr_check_header(r, hdr, o, &f));
        /* nlist first: the largest array of the file; nothing is read until both are held. */
        MST_ALLOC(f.owned[1], (uint64_t)f.edges);
        MST_ALLOC(f.owned[0], (uint64_t)f.nodes + 1);
        MST_CHECK(egr_read_ints(r, &f, f.owned[0], (uint64_t)f.nodes + 1));
        MST_CHECK(egr_read_ints(r, &f, f.owned[1], (uint64_t)f.edges));
        f.nindex = f.owned[0];
        f.nlist = f.owned[1];
        if (f.weighted < 0) {
            MST_CHECK(mst_reader_has_more(r, &more));
            f.weighted = more && f.edges > 0;
        }
        if (f.weighted) {
            MST_ALLOC(f.owned[2], (uint64_t)f.edges);
            MST_CHECK(egr_read_ints(r, &f, f.owned[2], (uint64_t)f.edges));
            f.eweight = f.owned[2];
        }
        /* One byte more is enough to refuse: the rest of a longer stream is never inflated. */
        MST_CHECK(mst_reader_has_more(r, &more));
        if (more)
            MST_CHECK(egr_size_fail(&f, f.weighted ? f.weighted_bytes : f.unweighted_bytes, 1));
    }
    MST_CHECK(egr_check_arrays(&f));
    if (o == NULL || (!o->has_vertices && o->weight_type == 0))
        MST_CHECK(egr_twins(&f, g, &taken));
    if (!taken) { /* every arc, row by row, to the builder as directed input */
        MST_CHECK(mst_builder_init(&b, NULL, f.name, 0, f.weighted, o));
        MST_CHECK(mst_builder_set_header(&b, (uint64_t)f.nodes, (uint64_t)f.edges, 1));
        for (int64_t x = 0; x < f.nodes; x++)
            for (int64_t j = f.nindex[x]; j < f.nindex[x + 1]; j++) {
                mst_number w = mst_number_from_i64(f.weighted ? f.eweight[j] : 0);
                MST_CHECK(mst_builder_add(&b, (uint64_t)x, (uint64_t)f.nlist[j], &w));
            }
        st = mst_builder_finish(&b, 1, g);
    }
fail:
    mst_builder_free(&b);
    for (int k = 0; k < 3; k++)
        free(f.owned[k]);
    if (st != MST_OK)
        mst_graph_free(g);
    return st;
}
