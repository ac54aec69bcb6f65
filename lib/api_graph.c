/*
 * api_graph.c: msf_graph, a canonical graph (common/core/core.h) built from the caller's
 * arrays, and the way from its edge ids back to the input's positions, or loaded from a file.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "loader.h"

mst_status lib_graph_set_weights(msf_graph *a, msf_weight_type type, const void *w)
{
    mst_status st = MST_OK;
    void *kept = NULL;
    if ((unsigned)type > MSF_WEIGHT_FLOAT64)
        return mst_fail(MST_EUSAGE, "unknown weight type %d", (int)type);
    /* Every float weight finite, as the text loaders want them (.msb files may hold
     * infinities; an API caller who means "no edge" leaves the edge out). */
    for (uint64_t e = 0; e < a->m_input; e++) {
        double x = type == MSF_WEIGHT_FLOAT32   ? ((const float *)w)[e]
                   : type == MSF_WEIGHT_FLOAT64 ? ((const double *)w)[e]
                                                : 0;
        if (!isfinite(x))
            return mst_fail(MST_EINPUT, "edge %" PRIu64 ": %s weight", e,
                            isnan(x) ? "NaN" : "infinite");
    }
    /* The kept edges' weights, in their order, where self-loops were dropped. */
    if (a->input_id != NULL) {
        size_t size = mst_weight_is_wide((mst_weight_type)type) ? 8 : 4;
        if ((kept = mst_alloc(a->g.m, size)) == NULL)
            return MST_ERESOURCE;
        for (uint64_t e = 0; e < a->g.m; e++)
            memcpy((char *)kept + e * size, (const char *)w + a->input_id[e] * size, size);
    }
    st = mst_graph_set_weights(&a->g, (mst_weight_type)type, kept != NULL ? kept : w);
    free(kept);
    return st;
}

msf_status msf_graph_create(uint32_t n, uint64_t m, const uint32_t *u, const uint32_t *v,
                            msf_weight_type type, const void *w, msf_graph **out)
{
    mst_status st = MST_OK;
    msf_graph *a = NULL;
    mst_clear_error();
    if (out == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: out is NULL");
    *out = NULL;
    if (m > 0 && (u == NULL || v == NULL))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: %s is NULL with m = %" PRIu64,
                                    u == NULL ? "u" : "v", m);
    if ((unsigned)type > MSF_WEIGHT_FLOAT64)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_create: unknown weight type %d",
                                    (int)type);
    for (uint64_t e = 0; e < m; e++) {
        uint32_t bad = u[e] >= n ? u[e] : v[e];
        if (u[e] >= n || v[e] >= n)
            return (msf_status)mst_fail(MST_EINPUT, "edge %" PRIu64 ": vertex %" PRIu32 " is not "
                                        "below n = %" PRIu32, e, bad, n);
    }
    a = calloc(1, sizeof *a);
    if (a == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory allocating a graph");
    a->m_input = m;

    /* Copies the endpoints of the edges that are not self-loops, keeping their order, and
     * records each kept edge's input position in a->input_id and each loop's vertex in a->loops
     * (both left NULL when there are no self-loops). */
    mst_graph *g = &a->g;
    g->n = n;
    g->format = "arrays";
    g->weight_origin = w != NULL ? MST_WEIGHTS_FROM_FILE : MST_WEIGHTS_UNIT;
    g->file_has_weights = w != NULL;
    for (uint64_t e = 0; e < m; e++)
        g->m += u[e] != v[e];
    g->self_loops = m - g->m;
    MST_ALLOC(g->u, g->m);
    MST_ALLOC(g->v, g->m);
    if (g->m < m) {
        MST_ALLOC(a->input_id, g->m);
        MST_ALLOC(a->loops, g->self_loops);
    }
    for (uint64_t e = 0, k = 0, j = 0; e < m; e++) {
        if (u[e] == v[e]) {
            a->loops[j++] = u[e];
            continue;
        }
        g->u[k] = u[e];
        g->v[k] = v[e];
        if (a->input_id != NULL)
            a->input_id[k] = e;
        k++;
    }
    if (w != NULL) {
        MST_CHECK(lib_graph_set_weights(a, type, w));
    } else {
        MST_ALLOC(g->key, g->m);
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_int32(1);
        g->weight_type = MST_WEIGHT_INT32;
    }
    *out = a;
    return MSF_OK;
fail:
    msf_graph_free(a);
    return (msf_status)st;
}

msf_status msf_graph_load(const char *path, msf_graph **out)
{
    mst_clear_error();
    if (out == NULL || path == NULL)
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_load: %s is NULL",
                                    out == NULL ? "out" : "path");
    *out = NULL;
    msf_graph *a = calloc(1, sizeof *a);
    if (a == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory allocating a graph");
    mst_load_options o = mst_load_options_default();
    mst_status st = mst_graph_load(path, &o, &a->g);
    if (st != MST_OK) {
        free(a);
        return (msf_status)st;
    }
    a->m_input = a->g.m; /* the file's canonical edges are the ids */
    *out = a;
    return MSF_OK;
}

void msf_graph_free(msf_graph *a)
{
    if (a == NULL)
        return;
    mst_graph_free(&a->g);
    free(a->input_id);
    free(a->loops);
    free(a);
}

uint32_t msf_graph_vertices(const msf_graph *a)
{
    return a != NULL ? a->g.n : 0;
}

uint64_t msf_graph_edges(const msf_graph *a)
{
    return a != NULL ? a->m_input : 0;
}

uint64_t msf_graph_self_loops(const msf_graph *a)
{
    return a != NULL ? a->g.self_loops : 0;
}

msf_status msf_graph_endpoints(const msf_graph *a, uint32_t *u, uint32_t *v)
{
    mst_clear_error();
    if (a == NULL || ((u == NULL || v == NULL) && a->m_input > 0))
        return (msf_status)mst_fail(MST_EUSAGE, "msf_graph_endpoints: %s is NULL",
                                    a == NULL ? "g" : u == NULL ? "u" : "v");
    /* Input position e is canonical edge k when input_id says so, else the next self-loop. */
    for (uint64_t e = 0, k = 0, j = 0; e < a->m_input; e++) {
        if (a->input_id == NULL || (k < a->g.m && a->input_id[k] == e)) {
            u[e] = a->g.u[k];
            v[e] = a->g.v[k++];
        } else {
            u[e] = v[e] = a->loops[j++];
        }
    }
    return MSF_OK;
}
