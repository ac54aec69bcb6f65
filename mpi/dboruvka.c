/*
 * dboruvka.c: --algo boruvka's entry points (dboruvka.h). The algorithm is dboruvka_body.h,
 * compiled once per arc layout (dboruvka_narrow.c, dboruvka_wide.c); this file picks the layout
 * of a share by its graph's size and calls the code of that layout, and holds what touches no
 * arc: --partition auto's choice and the statistics' text.
 */
#include "dboruvka.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static uint64_t *bytes_per_rank; /* rank 0: bytes sent by every rank in the last solve */

static void free_bytes(void)
{
    free(bytes_per_rank);
    bytes_per_rank = NULL;
}

mst_status dbv_graph_build(const dist_ctx *c, dist_partition_kind kind, uint32_t n, uint64_t m,
                           int wide, uint64_t window, int threads, const dist_slice *s,
                           dbv_graph *g)
{
    if (wide || m > UINT32_MAX)
        return dbv_build_wide(c, kind, n, window, threads, s, g);
    return dbv_build_narrow(c, kind, n, window, threads, s, g);
}

void dbv_graph_free(dbv_graph *g)
{
    free(g->arc);
    free(g->src_end);
    memset(g, 0, sizeof *g);
}

dist_partition_kind dbv_choose_partition(const dist_ctx *c, uint32_t n, const dist_slice *s)
{
    dist_partition pt = dist_partition_make(DIST_PART_BLOCK, n, c->size);
    uint64_t mine[2] = {0, s->count}, all[2] = {0, 0}; /* local edges, edges */
    for (uint64_t i = 0; i < s->count; i++)
        mine[0] += dist_owner(&pt, s->u[i]) == dist_owner(&pt, s->v[i]);
    MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, c->comm);
    return (double)all[0] >= DBV_LOCAL_SHARE_MIN * (double)all[1] ? DIST_PART_BLOCK
                                                                  : DIST_PART_HASH;
}

mst_status dboruvka_solve(const dist_ctx *c, const dbv_graph *g, const dbv_options *o,
                          mst_forest *out, uint32_t *fkey, mst_phases *ph)
{
    mst_status st = MST_OK;
    if (c->rank == 0 && bytes_per_rank == NULL) {
        if ((bytes_per_rank = mst_calloc((size_t)c->size, sizeof *bytes_per_rank)) == NULL)
            st = MST_ERESOURCE;
        else
            atexit(free_bytes);
    }
    if ((st = dist_agree(c, st)) != MST_OK)
        return st;
    if (g->wide)
        return dbv_solve_wide(c, g, o, out, fkey, ph, bytes_per_rank);
    return dbv_solve_narrow(c, g, o, out, fkey, ph, bytes_per_rank);
}

void dboruvka_release(void)
{
    dbv_release_narrow();
    dbv_release_wide();
}

const char *dboruvka_stats_text(const dbv_graph *g, const mst_phases *ph, int json,
                                const uint64_t *peak_rss_kib, int ranks, const char *partition)
{
    static char buf[1u << 16];
    dist_text t = {buf, sizeof buf, 0};
    const uint64_t *bytes = bytes_per_rank;
    int arc_bytes = g->wide ? (int)sizeof(dbv_arc20) : (int)sizeof(dbv_arc16);
    buf[0] = '\0';
    if (json) {
        dist_text_add(&t,
                      "\"stats\":{\"rounds\":%" PRIu64 ",\"jump_steps\":%" PRIu64
                      ",\"local_edges\":%" PRIu64 ",\"partition\":\"%s\",\"arc_bytes\":%d,"
                      "\"bytes_sent\":[",
                      mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "jump_steps"),
                      mst_phase_counter(ph, "local_edges"), partition, arc_bytes);
        dist_text_ranks(&t, bytes, ranks, 1, 1);
        dist_text_add(&t, "],\"bytes_sent_max\":%" PRIu64 ",\"bytes_sent_total\":%" PRIu64 ",",
                      dist_max_of(bytes, ranks), mst_phase_counter(ph, "bytes_sent_total"));
    } else {
        dist_text_add(&t,
                      "  rounds           %" PRIu64 " Borůvka rounds, %" PRIu64
                      " pointer-doubling steps, %" PRIu64
                      " forest edges found locally first (%s partition, %d-byte arcs)\n",
                      mst_phase_counter(ph, "rounds"), mst_phase_counter(ph, "jump_steps"),
                      mst_phase_counter(ph, "local_edges"), partition, arc_bytes);
        dist_text_add(&t, "  sent             max %.1f MiB to other ranks; per rank:",
                      (double)dist_max_of(bytes, ranks) / 1048576);
        dist_text_ranks(&t, bytes, ranks, 0, 1.0 / 1048576);
        dist_text_add(&t, " MiB\n");
    }
    dist_text_peak_rss(&t, json, peak_rss_kib, ranks);
    return buf;
}
