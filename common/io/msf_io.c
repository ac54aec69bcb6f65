/* msf_io.c: writing forest files (see loader.h; mst-verify reads them: tools/msf_read.c). */
#include "loader.h"

#include <inttypes.h>
#include <string.h>

#include "core.h"

mst_status mst_msf_write(const char *path, const mst_graph *g, uint64_t *eid, uint64_t k,
                         const char *producer, mst_msf_format format, int maximum)
{
    mst_status st = MST_OK;
    mst_out o;
    memset(&o, 0, sizeof o);
    MST_CHECK(mst_output_check(path, g->name));
    MST_CHECK(mst_sort_u64(eid, k));
    MST_CHECK(mst_out_open(&o, path, 0));
    mst_weight_sum total = mst_weight_total(g, eid, k);
    char tbuf[64];
    MST_CHECK(mst_out_printf(&o, "# %s spanning forest of %s by %s: %" PRIu64 " edges, "
                             "weight %s\n", maximum ? "maximum" : "minimum",
                             g->name ? g->name : "?", producer, k,
                             mst_format_total(total, tbuf, sizeof tbuf)));
    for (uint64_t i = 0; i < k; i++) {
        uint64_t e = eid[i];
        char w[64];
        if (format == MST_MSF_IDS)
            MST_CHECK(mst_out_printf(&o, "%" PRIu64 "\n", e));
        else /* unlike the graph writers, a float weight 3 stays "3" */
            MST_CHECK(mst_out_printf(&o, "%" PRIu64 " %" PRIu64 " %s\n",
                                     (uint64_t)g->u[e] + (uint64_t)g->index_base,
                                     (uint64_t)g->v[e] + (uint64_t)g->index_base,
                                     mst_format_edge_weight(g, e, w, sizeof w)));
    }
    return mst_out_commit(&o);
fail:
    mst_out_abort(&o);
    return st;
}
