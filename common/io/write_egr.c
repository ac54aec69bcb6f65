/*
 * write_egr.c: writer of the ECL binary CSR format (.egr), the format of load_egr.c.
 *
 * Layout (little-endian int32 throughout; M. Burtscher et al., ECLgraph.h, in
 * github.com/burtscher/ECL-MST):
 *   int32 nodes, int32 edges            nodes = n, edges = 2m (each edge at both endpoints)
 *   int32 nindex[nodes + 1]             row offsets
 *   int32 nlist[edges]                  neighbours, 0-based, each row in increasing edge id
 *   int32 eweight[edges]                only when weighted
 * Limits: n and 2m must not exceed INT32_MAX (MST_ERESOURCE otherwise); weights must be int32:
 * float graphs and integer weights outside int32 are refused with MST_EUSAGE.
 * What the loader reads back: the same n, m, weights (as a multiset per vertex pair) and MSF
 * weight, but NOT the edge order: a CSR has no edge ids, so the loader numbers the edges row by
 * row (edge {a, b}, a < b, gets its id from a's row) and orients each as (min, max); the MSF
 * chosen among equal weights and --weights random weights (drawn per edge id) change with it.
 * Written (out_stream.h) from the CSR of g. O(n + m) time; 20 bytes per arc for the CSR.
 */
#include <inttypes.h>

#include "out_stream.h"
#include "write_formats.h"

/* Checks the format's limits on n, m and the weights before anything is written. */
static mst_status check_limits(const char *path, const mst_graph *g, int with_weights)
{
    if ((uint64_t)g->n > INT32_MAX)
        return mst_fail(MST_ERESOURCE, "%s: n = %" PRIu32 " exceeds the .egr limit of 2^31 - 1 "
                        "vertices (int32)", path, g->n);
    if (g->m > INT32_MAX / 2)
        return mst_fail(MST_ERESOURCE, "%s: m = %" PRIu64 " edges exceeds the .egr limit (2m "
                        "arcs must be below 2^31: int32)", path, g->m);
    if (!with_weights)
        return MST_OK;
    mst_status st = mst_out_need_integers(g, with_weights, path, "ECL .egr");
    if (st != MST_OK || g->weight_type == MST_WEIGHT_INT32)
        return st;
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t bits;
        if (!mst_weight_value_fits(mst_edge_weight(g, e), MST_WEIGHT_INT32, &bits)) {
            char w[48];
            return mst_fail(MST_EUSAGE, "%s: edge %" PRIu64 " has weight %s, outside int32: "
                            "ECL .egr holds int32 weights only", path, e,
                            mst_format_edge_weight(g, e, w, sizeof w));
        }
    }
    return MST_OK;
}

/* Writes count 32-bit words: src[i] (src != NULL) or the int32 weight of edge eid[i]. */
static mst_status write_words(mst_out *o, const mst_graph *g, const uint32_t *src,
                              const uint64_t *eid, uint64_t count)
{
    for (uint64_t i = 0; i < count; i++) {
        uint64_t bits = 0; /* int32 weights, checked by check_limits: int64 bits */
        if (src == NULL)
            mst_weight_value_fits(mst_edge_weight(g, eid[i]), MST_WEIGHT_INT32, &bits);
        mst_status st = mst_out_u32le(o, src != NULL ? src[i] : (uint32_t)bits);
        if (st != MST_OK)
            return st;
    }
    return MST_OK;
}

mst_status mst_write_egr(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    mst_out o;
    mst_csr c;
    memset(&o, 0, sizeof o);
    memset(&c, 0, sizeof c);
    MST_CHECK(check_limits(path, g, with_weights));
    MST_CHECK(mst_csr_build(g, &c));
    MST_CHECK(mst_out_open(&o, path));
    MST_CHECK(mst_out_u32le(&o, g->n));
    MST_CHECK(mst_out_u32le(&o, (uint32_t)(2 * g->m)));
    for (uint64_t x = 0; x <= g->n; x++)
        MST_CHECK(mst_out_u32le(&o, (uint32_t)c.offset[x]));
    MST_CHECK(write_words(&o, g, c.adj, NULL, 2 * g->m));
    if (with_weights)
        MST_CHECK(write_words(&o, g, NULL, c.eid, 2 * g->m));
    mst_csr_free(&c);
    return mst_out_commit(&o);
fail:
    mst_csr_free(&c);
    mst_out_abort(&o);
    return st;
}
