/*
 * api_graph.c: msf_graph, a canonical graph (common/core/core.h) built from the caller's
 * arrays, and the way from its edge ids back to the input's positions, or loaded from a file.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "loader.h"

mst_status lib_graph_set_weights(msf_graph *a, msf_weight_type type, const void *w, int threads)
{
    mst_status st = MST_OK;
    void *kept = NULL;
    uint64_t m = a->m_input, bad = UINT64_MAX;
    int narrow = mst_weight_is_wide((mst_weight_type)type);
    if ((unsigned)type > MSF_WEIGHT_FLOAT64)
        return mst_fail(MST_EUSAGE, "unknown weight type %d", (int)type);
    /* Every float weight finite, as the text loaders want them (.msb files may hold
     * infinities; an API caller who means "no edge" leaves the edge out); whether the 64-bit
     * ones all fit 32 bits. */
#pragma omp parallel for schedule(static) num_threads(lib_team(threads, m))                    \
    reduction(min : bad) reduction(&& : narrow)
    for (uint64_t e = 0; e < m; e++) {
        if (type == MSF_WEIGHT_FLOAT32 && !isfinite(((const float *)w)[e]))
            bad = e < bad ? e : bad;
        if (type == MSF_WEIGHT_FLOAT64) {
            double x = ((const double *)w)[e];
            if (!isfinite(x))
                bad = e < bad ? e : bad;
            else
                narrow = narrow && fabs(x) <= FLT_MAX && (double)(float)x == x;
        }
        if (type == MSF_WEIGHT_INT64) {
            int64_t x = ((const int64_t *)w)[e];
            narrow = narrow && x >= INT32_MIN && x <= INT32_MAX;
        }
        if (type == MSF_WEIGHT_UINT64)
            narrow = narrow && ((const uint64_t *)w)[e] <= UINT32_MAX;
    }
    if (bad != UINT64_MAX)
        return mst_fail(MST_EINPUT, "edge %" PRIu64 ": %s weight", bad,
                        isnan(type == MSF_WEIGHT_FLOAT32 ? ((const float *)w)[bad]
                                                         : ((const double *)w)[bad])
                            ? "NaN"
                            : "infinite");
    /* The kept edges' weights, in their order, where self-loops were dropped, as 32-bit values
     * where they fit. */
    mst_weight_type t = !narrow                        ? (mst_weight_type)type
                        : type == MSF_WEIGHT_FLOAT64 ? MST_WEIGHT_FLOAT32
                        : type == MSF_WEIGHT_INT64   ? MST_WEIGHT_INT32
                                                     : MST_WEIGHT_UINT32;
    if (a->input_id != NULL || narrow) {
        size_t size = mst_weight_is_wide(t) ? 8 : 4;
        if ((kept = mst_alloc(a->g.m, size)) == NULL)
            return MST_ERESOURCE;
#pragma omp parallel for schedule(static) num_threads(lib_team(threads, a->g.m))
        for (uint64_t k = 0; k < a->g.m; k++) {
            uint64_t e = a->input_id != NULL ? a->input_id[k] : k;
            if (!narrow)
                memcpy((char *)kept + k * size, (const char *)w + e * size, size);
            else if (type == MSF_WEIGHT_FLOAT64)
                ((float *)kept)[k] = (float)((const double *)w)[e];
            else if (type == MSF_WEIGHT_INT64)
                ((int32_t *)kept)[k] = (int32_t)((const int64_t *)w)[e];
            else
                ((uint32_t *)kept)[k] = (uint32_t)((const uint64_t *)w)[e];
        }
    }
    st = mst_graph_set_weights(&a->g, t, kept != NULL ? kept : w);
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
    uint64_t bad = UINT64_MAX, loops = 0;
    int team = lib_team(0, m);
#pragma omp parallel for schedule(static) num_threads(team) reduction(min : bad)               \
    reduction(+ : loops)
    for (uint64_t e = 0; e < m; e++) {
        if (u[e] >= n || v[e] >= n)
            bad = e < bad ? e : bad;
        loops += u[e] == v[e];
    }
    if (bad != UINT64_MAX)
        return (msf_status)mst_fail(MST_EINPUT, "edge %" PRIu64 ": vertex %" PRIu32 " is not "
                                    "below n = %" PRIu32, bad, u[bad] >= n ? u[bad] : v[bad], n);
    a = calloc(1, sizeof *a);
    if (a == NULL)
        return (msf_status)mst_fail(MST_ERESOURCE, "out of memory allocating a graph");
    a->m_input = m;

    /* Copies the endpoints of the edges that are not self-loops, keeping their order (all of
     * them at once where there are none), and records each kept edge's input position in
     * a->input_id and each loop's vertex in a->loops (both left NULL when there are no
     * self-loops). */
    mst_graph *g = &a->g;
    g->n = n;
    g->format = "arrays";
    g->weight_origin = w != NULL ? MST_WEIGHTS_FROM_FILE : MST_WEIGHTS_UNIT;
    g->file_has_weights = w != NULL;
    g->m = m - loops;
    g->self_loops = loops;
    MST_ALLOC(g->u, g->m);
    MST_ALLOC(g->v, g->m);
    if (loops > 0) {
        MST_ALLOC(a->input_id, g->m);
        MST_ALLOC(a->loops, g->self_loops);
    }
    if (loops == 0) {
#pragma omp parallel for schedule(static) num_threads(team)
        for (uint64_t e = 0; e < m; e++) {
            g->u[e] = u[e];
            g->v[e] = v[e];
        }
    }
    for (uint64_t e = 0, k = 0, j = 0; loops > 0 && e < m; e++) {
        if (u[e] == v[e]) {
            a->loops[j++] = u[e];
            continue;
        }
        g->u[k] = u[e];
        g->v[k] = v[e];
        a->input_id[k++] = e;
    }
    if (w != NULL) {
        MST_CHECK(lib_graph_set_weights(a, type, w, 0));
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
