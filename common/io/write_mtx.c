/*
 * write_mtx.c: writer of Matrix Market coordinate files (.mtx), the format of formats.c's
 * Matrix Market loader.
 *
 * Format (R. F. Boisvert, R. Pozo, K. Remington, "The Matrix Market Exchange Formats: Initial
 * Design", NISTIR 5935, 1996; https://math.nist.gov/MatrixMarket/formats.html):
 *   %%MatrixMarket matrix coordinate FIELD symmetric     FIELD: integer, real or pattern
 *   % comment
 *   N N M                                                 n x n, one entry per edge
 *   I J [V]                                               1-based, I > J (lower triangle)
 * FIELD is integer for the integer types (all exact, 64-bit ones included), real for float32
 * and float64 (shortest exact form), pattern without weights. The matrix is written 'symmetric' on purpose: the loader takes a symmetric
 * file as undirected (each entry one edge, nothing merged), whereas 'general' entries are arcs,
 * and two parallel edges a-b and b-a of equal weight would be merged into one.
 * What the loader reads back: the same n, m, edge order (edge e is entry e), weights and weight
 * type, or the smallest type that holds them (a uint32 graph whose weights all fit int32 comes
 * back int32, a float32 one float64 without --weight-type float32); each edge comes back as
 * (max, min), since symmetric files store the lower triangle only.
 * One pass, buffered (out_stream.h). O(m) time.
 */
#include <inttypes.h>

#include "out_stream.h"
#include "write_formats.h"

mst_status mst_write_mtx(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    const char *field = !with_weights                         ? "pattern"
                        : mst_weight_is_float(g->weight_type) ? "real"
                                                               : "integer";
    MST_CHECK(mst_out_check_finite(g, with_weights, path));
    MST_CHECK(mst_out_open(&o, path));
    MST_CHECK(mst_out_printf(&o, "%%%%MatrixMarket matrix coordinate %s symmetric\n"
                             "%% mst-suite graph: n=%" PRIu32 " m=%" PRIu64 "%s%s, one "
                             "lower-triangle entry per undirected edge, in edge order\n"
                             "%" PRIu32 " %" PRIu32 " %" PRIu64 "\n", field, g->n, g->m,
                             with_weights ? ", weights " : "",
                             with_weights ? mst_weight_type_name(g->weight_type) : "", g->n, g->n,
                             g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a = g->u[e], b = g->v[e];
        char w[48];
        MST_CHECK(mst_out_printf(&o, "%" PRIu64 " %" PRIu64 "%s%s\n",
                                 (uint64_t)(a > b ? a : b) + 1, (uint64_t)(a > b ? b : a) + 1,
                                 with_weights ? " " : "",
                                 with_weights ? mst_out_weight(g, e, w) : ""));
    }
    return mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    return st;
}
