/* kruskal.c: Kruskal's algorithm with a radix sort, the suite's sequential baseline. */
#include "seq.h"

#include <stdlib.h>

#include "core.h"

mst_status mst_kruskal(const mst_graph *g, const mst_options *o, mst_forest *out,
                       mst_phases *ph)
{
    (void)o;
    mst_status st = MST_OK;
    uint64_t *edges = NULL, *tmp = NULL, *uv = NULL, *uvtmp = NULL;
    mst_dsu dsu = {0};
    uint64_t m = g->m, k = 0;
    if (m > UINT32_MAX)
        return mst_fail(MST_ERESOURCE, "mst-seq supports fewer than 2^32 edges (m = %llu)",
                        (unsigned long long)m);
    double t0 = mst_now_s();
    MST_ALLOC(edges, m);
    MST_ALLOC(tmp, m);
    MST_ALLOC(uv, m);
    MST_ALLOC(uvtmp, m);
    MST_CHECK(mst_dsu_init(&dsu, g->n));
    for (uint64_t e = 0; e < m; e++) {
        edges[e] = (uint64_t)g->key[e] << 32 | e;
        uv[e] = (uint64_t)g->u[e] << 32 | g->v[e];
    }
    /* Stable by key: ids stay ascending among equal keys, giving the (key, id) order. The
     * endpoints travel along so that the scan reads them sequentially. */
    mst_radix_sort_pairs(edges, uv, tmp, uvtmp, m, 32, 64, 1);
    double t1 = mst_now_s();
    uint64_t target = g->n > 0 ? (uint64_t)g->n - 1 : 0;
    for (uint64_t i = 0; i < m && k < target; i++) {
        if (mst_dsu_union(&dsu, (uint32_t)(uv[i] >> 32), (uint32_t)uv[i]))
            out->eid[k++] = edges[i] & 0xFFFFFFFFu;
    }
    out->count = k;
    mst_trace_steps(ph, out->eid, k);
    mst_phase_add(ph, "sort", t1 - t0);
    mst_phase_add(ph, "scan", mst_now_s() - t1);
fail:
    free(edges);
    free(tmp);
    free(uv);
    free(uvtmp);
    mst_dsu_free(&dsu);
    return st;
}
