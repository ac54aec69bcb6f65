/*
 * write_metis.c: writer of METIS graph files (.graph), the format of formats.c's METIS loader.
 *
 * Format (G. Karypis, "METIS: A Software Package for Partitioning Unstructured Graphs, ...,
 * Version 5.1.0", 2013, section 4.1.1, figure 8):
 *   % comment
 *   N M [1]                 header; FMT 1 = an edge weight follows each neighbour
 *   v_1 [e_1] v_2 [e_2] ... line i = 1..N: the neighbours of vertex i (1-based), blank if none
 * Every edge appears in both endpoints' lists. Weights must be integers: float graphs are
 * refused with MST_EUSAGE. METIS itself wants positive edge weights and no parallel edges; the
 * suite's loader takes any integer weight (int64, uint64 included) and keeps parallel edges, and
 * so does this writer.
 * What the loader reads back: the same n, m, weights (as a multiset per vertex pair) and MSF
 * weight, but NOT the edge order: adjacency lists are per vertex, so the loader numbers the edges
 * row by row (edge {a, b}, a < b, gets its id from a's row) and orients each as (min, max).
 * Edge ids therefore change, and with them the MSF chosen among equal weights and any
 * --weights random weights (which are drawn per edge id).
 * Buffered (out_stream.h) from the CSR of g. O(n + m) time; 20 bytes per arc for the CSR.
 */
#include <inttypes.h>

#include "out_stream.h"
#include "write_formats.h"

mst_status mst_write_metis(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    mst_out o;
    mst_csr c;
    memset(&o, 0, sizeof o);
    memset(&c, 0, sizeof c);
    MST_CHECK(mst_out_need_integers(g, with_weights, path, "METIS .graph"));
    MST_CHECK(mst_csr_build(g, &c));
    MST_CHECK(mst_out_open(&o, path));
    MST_CHECK(mst_out_printf(&o, "%% mst-suite graph: n=%" PRIu32 " m=%" PRIu64 "%s%s; edge "
                             "ids follow the adjacency lists, not the source's order\n"
                             "%" PRIu32 " %" PRIu64 "%s\n", g->n, g->m,
                             with_weights ? ", weights " : ", unweighted",
                             with_weights ? mst_weight_type_name(g->weight_type) : "", g->n, g->m,
                             with_weights ? " 1" : ""));
    for (uint32_t x = 0; x < g->n; x++) {
        for (uint64_t j = c.offset[x]; j < c.offset[x + 1]; j++) {
            char w[48];
            MST_CHECK(mst_out_printf(&o, "%s%" PRIu64 "%s%s", j > c.offset[x] ? " " : "",
                                     (uint64_t)c.adj[j] + 1, with_weights ? " " : "",
                                     with_weights ? mst_out_weight(g, c.eid[j], w) : ""));
        }
        MST_CHECK(mst_out_printf(&o, "\n"));
    }
    mst_csr_free(&c);
    return mst_out_commit(&o);
fail:
    mst_csr_free(&c);
    mst_out_abort(&o);
    return st;
}
