/*
 * write_dimacs.c: writer of DIMACS .gr files, the two dialects formats.c reads.
 *
 * Weighted: 9th DIMACS Implementation Challenge, shortest paths
 * (http://www.diag.uniroma1.it/challenge9/format.shtml#graph):
 *   c comment
 *   p sp N 2M              N vertices, 2M arcs
 *   a U V W                edge e = {U, V} as its two arcs, a U V W then a V U W, in edge order
 * Unweighted: PACE 2016 treewidth challenge (https://pacechallenge.org/2016/treewidth/):
 *   c comment
 *   p tw N M
 *   U V                    one line per edge, in edge order
 * Ids are 1-based. Weights must be integers (the challenge's format): float graphs are refused
 * with MST_EUSAGE; integers of every width are written as they are.
 * What the loader reads back: the same n, m, edge order, orientation, weights and weight type (a
 * uint32 graph whose weights all fit int32 comes back int32). The loader symmetrizes: in 'sp'
 * files each arc pair merges back into its edge at the first arc's position (arc pairs of
 * distinct edges never merge, since each pair is complete before the next edge starts); in 'tw'
 * files, edges of a group of parallel edges are written in the orientation of the group's first
 * edge (arc_flips.h) so that none is merged.
 * One pass (out_stream.h). O(m) time.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "arc_flips.h"
#include "out_stream.h"
#include "write_formats.h"

/* The 'p sp' body: both arcs of every edge. */
static mst_status write_sp(mst_out *o, const mst_graph *g)
{
    mst_status st = MST_OK;
    MST_CHECK(mst_out_printf(o, "c mst-suite graph: n=%" PRIu32 " m=%" PRIu64 " undirected "
                             "edges, weights %s, each edge as its two arcs, in edge order\n"
                             "p sp %" PRIu32 " %" PRIu64 "\n", g->n, g->m,
                             mst_weight_type_name(g->weight_type), g->n, 2 * g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        uint64_t a = (uint64_t)g->u[e] + 1, b = (uint64_t)g->v[e] + 1;
        char w[48];
        mst_out_weight(g, e, w);
        MST_CHECK(mst_out_printf(o, "a %" PRIu64 " %" PRIu64 " %s\na %" PRIu64 " %" PRIu64
                                 " %s\n", a, b, w, b, a, w));
    }
fail:
    return st;
}

/* The 'p tw' body: one line per edge, parallel groups in one orientation. */
static mst_status write_tw(mst_out *o, const mst_graph *g)
{
    mst_status st = MST_OK;
    uint64_t *flips = NULL, nflips = 0, next = 0;
    MST_CHECK(mst_arc_flips(g, 0, &flips, &nflips));
    MST_CHECK(mst_out_printf(o, "c mst-suite graph: n=%" PRIu32 " m=%" PRIu64 " undirected "
                             "edges, unweighted, in edge order\np tw %" PRIu32 " %" PRIu64 "\n",
                             g->n, g->m, g->n, g->m));
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a, b;
        mst_arc_oriented(g, e, flips, nflips, &next, &a, &b);
        MST_CHECK(mst_out_printf(o, "%" PRIu64 " %" PRIu64 "\n", (uint64_t)a + 1,
                                 (uint64_t)b + 1));
    }
fail:
    free(flips);
    return st;
}

mst_status mst_write_dimacs(const char *path, const mst_graph *g, int with_weights)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    MST_CHECK(mst_out_need_integers(g, with_weights, path, "DIMACS .gr"));
    MST_CHECK(mst_out_open(&o, path));
    MST_CHECK(with_weights ? write_sp(&o, g) : write_tw(&o, g));
    return mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    return st;
}
