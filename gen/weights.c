/*
 * weights.c: edge weights of mst-gen. Every weight is a function of (seed, final edge id) only,
 * never of thread scheduling, and is stored as the suite's order-preserving key (core.h).
 *
 * - uniform: int32 uniform in [min, max] (default 1..2^20, the range of the loaders' random
 *   weights), from the hash of (seed, e) scaled by a multiply-high (rng.h);
 * - float: float32 uniform in (min, max] (default (0, 1]), 24 random bits;
 * - unit: int32 1 everywhere (every spanning forest is minimum: a tie-breaking test);
 * - distinct: int32, a permutation of 1..m (edge e gets 1 + pi(e) with pi a keyed bijection of
 *   [0, m), rng.h): unique weights, as in Shou and He's inputs (section 2.1: "graphs with unique
 *   edge weights");
 * - none: no weights in the file (loaders then apply their own --weights mode);
 * - default: the family's own weights (geometric: Euclidean lengths), else uniform.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gen.h"
#include "rng.h"

const char gen_weight_mode_names[] = "uniform float unit distinct none";

int gen_weight_mode_parse(const char *s)
{
    if (strcmp(s, "uniform") == 0) return GEN_W_UNIFORM;
    if (strcmp(s, "float") == 0) return GEN_W_FLOAT;
    if (strcmp(s, "unit") == 0) return GEN_W_UNIT;
    if (strcmp(s, "distinct") == 0) return GEN_W_DISTINCT;
    if (strcmp(s, "none") == 0) return GEN_W_NONE;
    return -1;
}

mst_status gen_weights_check(const gen_weights *w)
{
    int ranged = w->mode == GEN_W_UNIFORM || w->mode == GEN_W_FLOAT;
    if (!ranged && (w->has_min || w->has_max))
        return mst_fail(MST_EUSAGE, "options --min/--max apply only to --weights uniform or float");
    if (w->mode == GEN_W_UNIFORM) {
        double lo = w->has_min ? w->min : 1, hi = w->has_max ? w->max : 1 << 20;
        if (lo != floor(lo) || hi != floor(hi) || lo < INT32_MIN || hi > INT32_MAX)
            return mst_fail(MST_EUSAGE, "--weights uniform: --min and --max must be whole "
                            "numbers in the int32 range");
        if (lo > hi)
            return mst_fail(MST_EUSAGE, "--weights uniform: --min %.0f is above --max %.0f", lo,
                            hi);
    }
    if (w->mode == GEN_W_FLOAT) {
        double lo = w->has_min ? w->min : 0, hi = w->has_max ? w->max : 1;
        if (!isfinite(lo) || !isfinite(hi) || fabs(lo) > FLT_MAX || fabs(hi) > FLT_MAX)
            return mst_fail(MST_EUSAGE, "--weights float: --min and --max must be finite float32");
        if (!(lo < hi))
            return mst_fail(MST_EUSAGE, "--weights float: --min %g must be below --max %g", lo,
                            hi);
    }
    return MST_OK;
}

mst_status gen_weights_range(const gen_weights *w, uint64_t seed, uint64_t m, uint64_t first,
                             uint64_t count, uint32_t *key, mst_weight_type *type)
{
    gen_weight_mode mode = w->mode == GEN_W_DEFAULT ? GEN_W_UNIFORM : w->mode;
    if (mode == GEN_W_DISTINCT && m > INT32_MAX)
        return mst_fail(MST_ERESOURCE, "--weights distinct: %llu edges, at most 2^31 - 1 "
                        "distinct int32 weights", (unsigned long long)m);
    uint64_t k = gen_stream(seed, GEN_TAG_WEIGHT);
    *type = mode == GEN_W_FLOAT ? MST_WEIGHT_FLOAT32 : MST_WEIGHT_INT32;
    switch (mode) {
    case GEN_W_UNIFORM: {
        int64_t lo = w->has_min ? (int64_t)w->min : 1, hi = w->has_max ? (int64_t)w->max : 1 << 20;
        uint64_t range = (uint64_t)(hi - lo) + 1;
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < count; i++)
            key[i] = mst_key_from_int32(
                (int32_t)(lo + (int64_t)gen_below(gen_rand(k, first + i), range)));
        break;
    }
    case GEN_W_FLOAT: {
        double lo = w->has_min ? w->min : 0, hi = w->has_max ? w->max : 1;
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < count; i++) {
            double t = (double)((gen_rand(k, first + i) >> 40) + 1) * 0x1.0p-24; /* (0, 1] */
            double scaled = (hi - lo) * t; /* apart from the sum: never fused into an FMA */
            key[i] = mst_key_from_float((float)(lo + scaled));
        }
        break;
    }
    case GEN_W_DISTINCT: {
        gen_perm perm = gen_perm_make(m, k);
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < count; i++)
            key[i] = mst_key_from_int32((int32_t)(1 + gen_perm_apply(&perm, first + i)));
        break;
    }
    default: /* unit, none */
#pragma omp parallel for schedule(static)
        for (uint64_t i = 0; i < count; i++)
            key[i] = mst_key_from_int32(1);
        break;
    }
    return MST_OK;
}

mst_status gen_weights_apply(gen_edges *g, const gen_weights *w, uint64_t seed)
{
    mst_status st = MST_OK;
    if (w->mode == GEN_W_DEFAULT && g->key != NULL)
        return MST_OK;
    if (g->key == NULL)
        MST_ALLOC(g->key, g->m);
    return gen_weights_range(w, seed, g->m, 0, g->m, g->key, &g->key_type);
fail:
    return st;
}
