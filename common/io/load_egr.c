/*
 * load_egr.c: loader of the ECL binary CSR format (.egr), for exchange with the ECL codes.
 *
 * Layout (little-endian int32 throughout):
 *   int32 nodes, int32 edges            edges = number of CSR entries (directed arcs)
 *   int32 nindex[nodes + 1]             row offsets: nindex[0] = 0, nondecreasing, = edges at end
 *   int32 nlist[edges]                  column indices, each in [0, nodes)
 *   int32 eweight[edges]                optional: present iff the file is that much longer
 * Algorithm: read the whole content (plain or gzip), check every size in 64-bit arithmetic
 * against the byte count before touching the arrays, validate the offsets and the neighbours, then
 * hand arcs (x, nlist[j]), j in nindex[x] .. nindex[x+1]-1, row by row to the builder as directed
 * input: both directions of each edge are stored in the file, and the builder merges each arc with
 * its reverse arc of the same weight (builder.h). O(file bytes + edges) time.
 * Source: M. Burtscher et al., ECL graph format, ECLgraph.h (readECLgraph), in
 * github.com/burtscher/ECL-MST; docs/formats.md.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "loader.h"

/* Little-endian int32 at p (unaligned-safe; compiles to one load on little-endian hosts). */
static inline int32_t le_i32(const unsigned char *p)
{
    uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return (int32_t)x;
}

mst_status mst_load_egr(mst_reader *r, const mst_load_options *o, mst_graph *g)
{
    mst_status st = MST_OK;
    unsigned char *data = NULL;
    size_t len = 0;
    mst_builder b;
    const char *name = mst_reader_name(r);
    memset(&b, 0, sizeof b);
    memset(g, 0, sizeof *g);

    MST_CHECK(mst_reader_read_all(r, &data, &len));
    if (len < 8)
        MST_FAIL(MST_EINPUT, "%s: size %zu bytes is too small for the .egr header (8 bytes)", name,
                 len);
    int32_t nodes = le_i32(data), edges = le_i32(data + 4);
    if (nodes < 0 || edges < 0)
        MST_FAIL(MST_EINPUT, "%s: negative count in the header (nodes=%" PRId32 ", edges=%" PRId32
                 ")", name, nodes, edges);

    /* All terms are below 2^35: no overflow in 64 bits, whatever the header says. */
    uint64_t unweighted_bytes = 8 + 4 * ((uint64_t)nodes + 1) + 4 * (uint64_t)edges;
    uint64_t weighted_bytes = unweighted_bytes + 4 * (uint64_t)edges;
    int weighted;
    if ((uint64_t)len == unweighted_bytes)
        weighted = 0;
    else if ((uint64_t)len == weighted_bytes)
        weighted = 1;
    else
        MST_FAIL(MST_EINPUT, "%s: size %zu bytes does not match nodes=%" PRId32 ", edges=%" PRId32
                 " (expected %" PRIu64 " or %" PRIu64 ")", name, len, nodes, edges,
                 unweighted_bytes, weighted_bytes);
    /* With edges == 0 both sizes coincide: the file is unweighted. */

    const unsigned char *nindex = data + 8;
    const unsigned char *nlist = nindex + 4 * ((size_t)nodes + 1);
    const unsigned char *eweight = weighted ? nlist + 4 * (size_t)edges : NULL;

    if (le_i32(nindex) != 0)
        MST_FAIL(MST_EINPUT, "%s: nindex[0] = %" PRId32 " at byte 8 (must be 0)", name,
                 le_i32(nindex));
    for (int64_t x = 0; x < nodes; x++) {
        int32_t lo = le_i32(nindex + 4 * x), hi = le_i32(nindex + 4 * (x + 1));
        if (hi < lo)
            MST_FAIL(MST_EINPUT, "%s: nindex[%" PRId64 "] = %" PRId32 " at byte %" PRId64
                     " is below nindex[%" PRId64 "] = %" PRId32 " (must be nondecreasing)",
                     name, x + 1, hi, 8 + 4 * (x + 1), x, lo);
    }
    if (le_i32(nindex + 4 * (size_t)nodes) != edges)
        MST_FAIL(MST_EINPUT, "%s: nindex[%" PRId32 "] = %" PRId32 " (must equal edges = %" PRId32
                 ")", name, nodes, le_i32(nindex + 4 * (size_t)nodes), edges);
    for (int64_t j = 0; j < edges; j++) {
        int32_t y = le_i32(nlist + 4 * j);
        if (y < 0 || y >= nodes)
            MST_FAIL(MST_EINPUT, "%s: nlist[%" PRId64 "] = %" PRId32 " at byte %" PRIu64
                     " is out of range (nodes = %" PRId32 ")", name, j, y,
                     (uint64_t)(nlist - data) + 4 * (uint64_t)j, nodes);
    }

    /* r = NULL: builder messages then say "FILE: edge K: ..." (binary formats have no lines). */
    MST_CHECK(mst_builder_init(&b, NULL, name, 0, weighted, o));
    MST_CHECK(mst_builder_set_header(&b, (uint64_t)nodes, (uint64_t)edges / 2));
    for (int64_t x = 0; x < nodes; x++) {
        int32_t lo = le_i32(nindex + 4 * x), hi = le_i32(nindex + 4 * (x + 1));
        for (int64_t j = lo; j < hi; j++) {
            double w = weighted ? (double)le_i32(eweight + 4 * j) : 0.0;
            MST_CHECK(mst_builder_add(&b, (uint64_t)x, (uint64_t)le_i32(nlist + 4 * j), w, 0));
        }
    }
    free(data);
    data = NULL;
    return mst_builder_finish(&b, 1, g); /* frees b, leaves *g zeroed on error */
fail:
    free(data);
    mst_builder_free(&b);
    mst_graph_free(g);
    return st;
}
