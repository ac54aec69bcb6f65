/*
 * weights.c: raw weights of the six API types into the suite's 32-bit order-preserving keys
 * (docs/design.md, Data model). The 64-bit types are taken where a 32-bit type holds every value
 * exactly, so that the keys, the order and the total stay exact.
 */
#include <inttypes.h>
#include <math.h>

#include "internal.h"

static mst_status check_finite(double x, uint64_t e)
{
    if (isnan(x))
        return mst_fail(MST_EINPUT, "edge %" PRIu64 ": weight is NaN", e);
    if (isinf(x))
        return mst_fail(MST_EINPUT, "edge %" PRIu64 ": weight is infinite", e);
    return MST_OK;
}

static mst_status from_float32(mst_graph *g, const float *w)
{
    for (uint64_t e = 0; e < g->m; e++) {
        mst_status st = check_finite(w[e], e);
        if (st != MST_OK)
            return st;
        g->key[e] = mst_key_from_float(w[e]);
    }
    g->weight_type = MST_WEIGHT_FLOAT32;
    return MST_OK;
}

static mst_status from_float64(mst_graph *g, const double *w)
{
    for (uint64_t e = 0; e < g->m; e++) {
        mst_status st = check_finite(w[e], e);
        if (st != MST_OK)
            return st;
        if ((double)(float)w[e] != w[e])
            return mst_fail(MST_EINPUT, "edge %" PRIu64 ": float64 weight %.17g is not a float32 "
                            "value (this version keeps weights in 32 bits)", e, w[e]);
        g->key[e] = mst_key_from_float((float)w[e]);
    }
    g->weight_type = MST_WEIGHT_FLOAT32;
    return MST_OK;
}

/* int64: int32 keys when every value fits int32, else uint32 keys when every value fits
 * uint32 (the loader's rule for integer files). */
static mst_status from_int64(mst_graph *g, const int64_t *w)
{
    uint64_t neg = UINT64_MAX, big = UINT64_MAX; /* first negative, first above INT32_MAX */
    for (uint64_t e = 0; e < g->m; e++) {
        if (w[e] < INT32_MIN || w[e] > (int64_t)UINT32_MAX)
            return mst_fail(MST_EINPUT, "edge %" PRIu64 ": int64 weight %" PRId64 " does not fit "
                            "32 bits (this version keeps weights in 32 bits)", e, w[e]);
        if (w[e] < 0 && neg == UINT64_MAX)
            neg = e;
        if (w[e] > INT32_MAX && big == UINT64_MAX)
            big = e;
    }
    if (neg != UINT64_MAX && big != UINT64_MAX)
        return mst_fail(MST_EINPUT, "int64 weights mix negative values (edge %" PRIu64 ": %" PRId64
                        ") and values above 2^31 - 1 (edge %" PRIu64 ": %" PRId64 "): no 32-bit "
                        "type holds both", neg, w[neg], big, w[big]);
    int as_int32 = big == UINT64_MAX;
    for (uint64_t e = 0; e < g->m; e++)
        g->key[e] = as_int32 ? mst_key_from_int32((int32_t)w[e])
                             : mst_key_from_uint32((uint32_t)w[e]);
    g->weight_type = as_int32 ? MST_WEIGHT_INT32 : MST_WEIGHT_UINT32;
    return MST_OK;
}

static mst_status from_uint64(mst_graph *g, const uint64_t *w)
{
    for (uint64_t e = 0; e < g->m; e++) {
        if (w[e] > UINT32_MAX)
            return mst_fail(MST_EINPUT, "edge %" PRIu64 ": uint64 weight %" PRIu64 " does not "
                            "fit 32 bits (this version keeps weights in 32 bits)", e, w[e]);
        g->key[e] = mst_key_from_uint32((uint32_t)w[e]);
    }
    g->weight_type = MST_WEIGHT_UINT32;
    return MST_OK;
}

mst_status lib_set_weights(mst_graph *g, msf_weight_type t, const void *w)
{
    switch (t) {
    case MSF_WEIGHT_INT32:
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_int32(((const int32_t *)w)[e]);
        g->weight_type = MST_WEIGHT_INT32;
        return MST_OK;
    case MSF_WEIGHT_UINT32:
        for (uint64_t e = 0; e < g->m; e++)
            g->key[e] = mst_key_from_uint32(((const uint32_t *)w)[e]);
        g->weight_type = MST_WEIGHT_UINT32;
        return MST_OK;
    case MSF_WEIGHT_FLOAT32: return from_float32(g, w);
    case MSF_WEIGHT_INT64: return from_int64(g, w);
    case MSF_WEIGHT_UINT64: return from_uint64(g, w);
    case MSF_WEIGHT_FLOAT64: return from_float64(g, w);
    }
    return mst_fail(MST_EUSAGE, "unknown weight type %d", (int)t);
}
